//! The page's files, embedded in the binary: one binary is the whole
//! program, and it serves the files it was built with — every file of
//! `src/assets/`, listed by `build.rs` (no list kept by hand). The page is
//! ES modules (`index.html` loads `main.js`); the tests below hold them to
//! two rules: only `state.js` changes the game, and no import cycle.
//!
//! With the engine embedded (`LLK_WASM_PKG` at build time, see `build.rs`),
//! its ES-module build is served under `/pkg/` (the `.wasm` as
//! `application/wasm`); [`ENGINE`] says whether it is. `sw.js`, the
//! service worker that keeps the page for offline play, is served with
//! the build's hash and the list of paths it keeps, written by `build.rs`.
//!
//! Each file has an entity tag, a hash of its bytes worked out when the
//! binary is compiled; browsers keep the files and revalidate them
//! (`Cache-Control: no-cache`), and a file they hold is answered with `304
//! Not Modified` and no body. Compression (gzip, for clients that accept
//! it) is a layer over the whole router, in [`crate::app`].

use axum::Router;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;

/// One embedded file.
#[derive(Debug)]
struct Asset {
    /// Where it is served.
    path: &'static str,
    /// Its `Content-Type`.
    content_type: &'static str,
    /// Its bytes.
    body: &'static [u8],
    /// The hash its entity tag shows.
    hash: u64,
}

/// The 64-bit FNV-1a hash of `bytes` (`build.rs` works out each file's;
/// the tests check that it agrees).
#[cfg(test)]
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    hash
}

/// An [`Asset`] of the file at `$file` (a full path), with the hash of
/// its bytes that `build.rs` worked out.
macro_rules! asset {
    ($path:literal, $file:literal, $content_type:literal, $hash:literal) => {{
        Asset {
            path: $path,
            content_type: $content_type,
            body: include_bytes!($file),
            hash: $hash,
        }
    }};
}

/// Every file of the page: each file of `src/assets/`, listed by
/// `build.rs` (`index.html` twice: at `/` and, for the judge viewer, at
/// `/judge`).
static ASSETS: &[Asset] = include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// Whether the engine's WebAssembly package is embedded and served under
/// `/pkg/` (the page then plays its unranked games in the browser, and
/// offline): play was built with `LLK_WASM_PKG` naming the package.
pub const ENGINE: bool = include!(concat!(env!("OUT_DIR"), "/engine.rs"));

/// The routes of the page's files (and `/favicon.ico`, which browsers ask
/// for by that name, sent to the SVG icon).
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let mut router = Router::new();
    for asset in ASSETS {
        router = router.route(
            asset.path,
            get(move |headers: HeaderMap| serve(asset, headers)),
        );
    }
    router.route(
        "/favicon.ico",
        get(|| async { Redirect::permanent("/favicon.svg") }),
    )
}

/// `asset`, or `304 Not Modified` when the request's `If-None-Match` names
/// its tag.
async fn serve(asset: &'static Asset, headers: HeaderMap) -> Response {
    let etag = format!("\"{:016x}\"", asset.hash);
    let tag = HeaderValue::from_str(&etag).expect("quotes and hex digits");
    let cache = (CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if holds(&headers, &etag) {
        return (StatusCode::NOT_MODIFIED, [(ETAG, tag), cache]).into_response();
    }
    (
        [
            (CONTENT_TYPE, HeaderValue::from_static(asset.content_type)),
            (ETAG, tag),
            cache,
        ],
        asset.body,
    )
        .into_response()
}

/// Whether `If-None-Match` lists `etag` (or is `*`). A tag marked weak
/// (`W/"..."`) matches its strong form: this header compares tags weakly,
/// since a browser revalidating a copy only asks whether it may keep it.
fn holds(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|tag| tag.trim().trim_start_matches("W/"))
        .any(|tag| tag == "*" || tag == etag)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of a file of the page (every file but the engine's
    /// `.wasm` is UTF-8 text).
    fn text(asset: &Asset) -> &'static str {
        std::str::from_utf8(asset.body).unwrap_or_else(|e| panic!("{}: {e}", asset.path))
    }

    #[test]
    fn tags_differ_between_files() {
        // (The judge viewer's path serves the page itself.)
        let mut hashes: Vec<u64> = ASSETS.iter().map(|a| a.hash).collect();
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), ASSETS.len() - 1);
        // FNV-1a's published test value, and each tag the build worked
        // out is its file's hash.
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        for asset in ASSETS {
            assert_eq!(asset.hash, fnv1a(asset.body), "{}", asset.path);
        }
    }

    #[test]
    fn every_file_of_the_folder_is_served_with_its_type() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/assets");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        files.sort();
        let mut served: Vec<String> = ASSETS
            .iter()
            .filter(|a| !a.path.starts_with("/pkg/"))
            .map(|a| match a.path {
                "/" | "/judge" => "index.html".to_owned(),
                path => path.trim_start_matches('/').to_owned(),
            })
            .collect();
        served.sort();
        served.dedup();
        assert_eq!(served, files);
        for asset in ASSETS {
            let want = match asset.path.rsplit_once('.').map_or("html", |(_, e)| e) {
                "js" => "text/javascript; charset=utf-8",
                "css" => "text/css; charset=utf-8",
                "svg" => "image/svg+xml",
                "webmanifest" => "application/manifest+json",
                "wasm" => "application/wasm",
                _ => "text/html; charset=utf-8",
            };
            assert_eq!(asset.content_type, want, "{}", asset.path);
            assert!(!asset.body.is_empty(), "{}", asset.path);
        }
        let engine: Vec<&str> = ASSETS
            .iter()
            .map(|a| a.path)
            .filter(|p| p.starts_with("/pkg/"))
            .collect();
        let want: &[&str] = if ENGINE {
            &["/pkg/lianliankan_wasm.js", "/pkg/lianliankan_wasm_bg.wasm"]
        } else {
            &[]
        };
        assert_eq!(engine, want);
    }

    /// Where `script` changes the game object: `game.NAME =` (also `+=`,
    /// `++`), `game.NAME.push(` and the like, or `Object.assign(game`.
    fn writes_to_the_game(script: &str) -> Vec<String> {
        const CHANGERS: [&str; 8] = [
            ".push(",
            ".pop(",
            ".shift(",
            ".unshift(",
            ".splice(",
            ".set(",
            ".delete(",
            ".clear(",
        ];
        let mut found = Vec::new();
        for (at, _) in script.match_indices("game.") {
            if script[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == '$')
            {
                continue; // another name ending in "game"
            }
            let rest = &script[at + "game.".len()..];
            let name = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let after = rest[name..].trim_start();
            let assigns = (after.starts_with('=') && !after.starts_with("=="))
                || ["+=", "-=", "++", "--"]
                    .iter()
                    .any(|op| after.starts_with(op));
            if assigns || CHANGERS.iter().any(|c| after.starts_with(c)) {
                found.push(format!("game.{}", &rest[..name]));
            }
        }
        if script.contains("Object.assign(game") {
            found.push("Object.assign(game".to_owned());
        }
        found
    }

    #[test]
    fn only_the_state_module_changes_the_game() {
        // The check itself finds each kind of write.
        for write in [
            "game.busy = true;",
            "game.clockMs += 5;",
            "game.queue.push(x);",
            "game.verdicts.set(k, v);",
            "Object.assign(game, {});",
        ] {
            assert_eq!(writes_to_the_game(write).len(), 1, "{write}");
        }
        for read in [
            "game.busy === true",
            "if (game.paused) x()",
            "endgame.x = 1",
        ] {
            assert!(writes_to_the_game(read).is_empty(), "{read}");
        }
        let mut modules = 0;
        for asset in ASSETS
            .iter()
            .filter(|a| a.path.ends_with(".js") && !a.path.starts_with("/pkg/"))
        {
            modules += 1;
            let writes = writes_to_the_game(text(asset));
            if asset.path == "/state.js" {
                assert!(!writes.is_empty(), "state.js changes the game");
            } else {
                assert!(writes.is_empty(), "{}: {writes:?}", asset.path);
            }
        }
        assert!(modules > 10, "{modules} modules");
    }

    /// The modules `script` imports (`from "./name.js"`), as served paths.
    fn imports(script: &str) -> Vec<String> {
        script
            .match_indices(" from \"./")
            .filter_map(|(at, found)| {
                let rest = &script[at + found.len()..];
                Some(format!("/{}", &rest[..rest.find('"')?]))
            })
            .collect()
    }

    /// A cycle of imports among `modules` (path and its imports), as the
    /// paths along it, or `None`.
    fn import_cycle(modules: &[(String, Vec<String>)]) -> Option<Vec<String>> {
        // Depth-first, each module white (0), on the path (1) or done (2).
        fn visit(
            at: usize,
            modules: &[(String, Vec<String>)],
            colour: &mut [u8],
            path: &mut Vec<String>,
        ) -> Option<Vec<String>> {
            colour[at] = 1;
            path.push(modules[at].0.clone());
            for import in &modules[at].1 {
                let Some(next) = modules.iter().position(|(p, _)| p == import) else {
                    continue;
                };
                if colour[next] == 1 {
                    let start = path.iter().position(|p| p == import).unwrap_or(0);
                    let mut cycle = path[start..].to_vec();
                    cycle.push(import.clone());
                    return Some(cycle);
                }
                if colour[next] == 0 {
                    if let Some(cycle) = visit(next, modules, colour, path) {
                        return Some(cycle);
                    }
                }
            }
            path.pop();
            colour[at] = 2;
            None
        }
        let mut colour = vec![0u8; modules.len()];
        for start in 0..modules.len() {
            if colour[start] == 0 {
                if let Some(cycle) = visit(start, modules, &mut colour, &mut Vec::new()) {
                    return Some(cycle);
                }
            }
        }
        None
    }

    #[test]
    fn the_page_s_modules_import_no_cycle() {
        let module = |path: &str, imports: &[&str]| {
            (
                path.to_owned(),
                imports.iter().map(|s| (*s).to_owned()).collect(),
            )
        };
        // The check finds a cycle where there is one.
        let looped = [
            module("/a.js", &["/b.js"]),
            module("/b.js", &["/c.js"]),
            module("/c.js", &["/a.js"]),
        ];
        assert_eq!(
            import_cycle(&looped),
            Some(vec![
                "/a.js".into(),
                "/b.js".into(),
                "/c.js".into(),
                "/a.js".into()
            ])
        );
        assert_eq!(import_cycle(&looped[..2]), None);
        let modules: Vec<(String, Vec<String>)> = ASSETS
            .iter()
            .filter(|a| a.path.ends_with(".js") && !a.path.starts_with("/pkg/"))
            .map(|a| (a.path.to_owned(), imports(text(a))))
            .collect();
        // Every import names a file that is served.
        for (path, imported) in &modules {
            for import in imported {
                assert!(
                    modules.iter().any(|(p, _)| p == import),
                    "{path} imports {import}"
                );
            }
        }
        let main = &modules.iter().find(|(p, _)| p == "/main.js").unwrap().1;
        assert!(main.len() > 5, "main.js imports {main:?}");
        assert_eq!(import_cycle(&modules), None);
    }

    /// One module, main.js, and before it one small classic script, the
    /// theme's boot (it must run before the page is first drawn, which a
    /// module cannot), which imports nothing.
    #[test]
    fn the_page_loads_one_module() {
        let page = text(ASSETS.iter().find(|a| a.path == "/").unwrap());
        assert_eq!(page.matches("<script").count(), 2);
        assert!(page.contains("<script type=\"module\" src=\"/main.js\"></script>"));
        assert!(page.contains("<script src=\"/theme_boot.js\"></script>"));
        let boot = text(ASSETS.iter().find(|a| a.path == "/theme_boot.js").unwrap());
        assert!(!boot.contains("import") && !boot.contains("export"));
    }

    #[test]
    fn if_none_match_lists_are_read() {
        let tag = "\"00000000000000ff\"";
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(IF_NONE_MATCH, HeaderValue::from_str(value).unwrap());
            holds(&headers, tag)
        };
        assert!(with(tag));
        assert!(with("W/\"00000000000000ff\""));
        assert!(with("\"x\", \"00000000000000ff\""));
        assert!(with("*"));
        assert!(!with("\"00000000000000fe\""));
        assert!(!holds(&HeaderMap::new(), tag));
    }
}
