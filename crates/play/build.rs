//! Lists the page's files: every file of `src/assets/` becomes an entry of
//! the table `assets.rs` serves (`$OUT_DIR/assets.rs`), with the content type
//! its extension names, so that a new file of the page is served without
//! a list kept by hand. `index.html` is served at `/` and at `/judge` (the
//! judge viewer's page); every other file at `/` and its name.
//!
//! The engine for the page: when the environment variable `LLK_WASM_PKG`
//! names the folder `cargo xtask wasm` makes (`target/wasm/pkg`; a relative
//! path is read from the workspace's root), its ES-module build
//! (`web/lianliankan_wasm.js` and `web/lianliankan_wasm_bg.wasm`) is
//! embedded too, served under `/pkg/`; without the variable the binary has
//! no engine for the page (`ENGINE` is false) and the page sends its moves
//! to the server. A folder without those files is a build error.
//!
//! The service worker `sw.js` is served with two lines before its text:
//! `BUILD`, a hash of every file served (so that a new binary is a new
//! service worker, and its cache replaces the old one), and `SHELL`, the
//! paths it precaches (`$OUT_DIR/sw.js`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

/// The content type of a file of the page, by its extension.
fn content_type(name: &str) -> Option<&'static str> {
    let extension = name.rsplit_once('.')?.1;
    Some(match extension {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        // ES modules: a browser runs a module only under a JavaScript type.
        "js" => "text/javascript; charset=utf-8",
        "svg" => "image/svg+xml",
        "webmanifest" => "application/manifest+json",
        // Compiled by the browser as it streams in only under this type.
        "wasm" => "application/wasm",
        _ => return None,
    })
}

/// The files of the engine's package that the page loads, in its `web/`
/// folder.
const ENGINE_FILES: [&str; 2] = ["lianliankan_wasm.js", "lianliankan_wasm_bg.wasm"];

/// The 64-bit FNV-1a hash of `bytes` (as `assets.rs` computes each tag).
fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The engine's `web/` folder named by `LLK_WASM_PKG`, checked, or `None`
/// when the variable is not set.
fn engine_folder(manifest: &Path) -> Option<PathBuf> {
    println!("cargo:rerun-if-env-changed=LLK_WASM_PKG");
    let named = env::var_os("LLK_WASM_PKG").filter(|v| !v.is_empty())?;
    let root = manifest.join("../..");
    let pkg = root.join(&named);
    let web = pkg.join("web");
    let missing: Vec<String> = ENGINE_FILES
        .iter()
        .map(|file| web.join(file))
        .filter(|file| !file.is_file())
        .map(|file| file.display().to_string())
        .collect();
    if !missing.is_empty() {
        panic!(
            "LLK_WASM_PKG={} names a folder without the engine's web build: missing {}; \
             `cargo xtask wasm` makes target/wasm/pkg (and `cargo xtask play` builds play with it)",
            Path::new(&named).display(),
            missing.join(", ")
        );
    }
    Some(web)
}

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let out = PathBuf::from(env::var("OUT_DIR").expect("set by cargo"));
    let dir = manifest.join("src/assets");
    // A directory: cargo looks at every file under it.
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry"))
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
        .map(|entry| entry.file_name().into_string().expect("a UTF-8 file name"))
        .filter(|name| !name.starts_with('.'))
        .collect();
    names.sort();
    // (path served, file, content type)
    let mut served: Vec<(String, PathBuf, &str)> = Vec::new();
    for name in &names {
        let kind = content_type(name)
            .unwrap_or_else(|| panic!("src/assets/{name}: no content type for this extension"));
        let paths: &[String] = &if name == "index.html" {
            vec!["/".to_owned(), "/judge".to_owned()]
        } else {
            vec![format!("/{name}")]
        };
        for path in paths {
            served.push((path.clone(), dir.join(name), kind));
        }
    }
    let engine = engine_folder(&manifest);
    if let Some(web) = &engine {
        for file in ENGINE_FILES {
            let path = web.join(file);
            println!("cargo:rerun-if-changed={}", path.display());
            let kind = content_type(file).expect("js and wasm have types");
            served.push((format!("/pkg/{file}"), path, kind));
        }
    }
    // The service worker: its build's hash and the shell it precaches
    // (every path served but itself), then its text.
    let mut build = 0xcbf2_9ce4_8422_2325;
    let mut shell = Vec::new();
    for (path, file, _) in &served {
        let bytes = fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        build = fnv1a(fnv1a(build, path.as_bytes()), &bytes);
        if path != "/sw.js" {
            shell.push(format!("{path:?}"));
        }
    }
    let worker = dir.join("sw.js");
    let text = fs::read_to_string(&worker).unwrap_or_else(|e| panic!("{}: {e}", worker.display()));
    let generated = out.join("sw.js");
    let head = format!(
        "// Written by play's build: the hash of this build's files, and the\n\
         // paths of the page it keeps for offline play.\n\
         const BUILD = \"{build:016x}\";\nconst SHELL = [{}];\n\n",
        shell.join(", ")
    );
    fs::write(&generated, head + &text).unwrap_or_else(|e| panic!("{}: {e}", generated.display()));
    // Each file with the hash of its entity tag (worked out here: the
    // compiler's constant evaluation is too slow for the engine's .wasm).
    let mut table = String::from("&[\n");
    for (path, file, kind) in &served {
        let file = if path == "/sw.js" { &generated } else { file };
        let bytes = fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let hash = fnv1a(0xcbf2_9ce4_8422_2325, &bytes);
        writeln!(
            table,
            "    asset!({path:?}, {:?}, {kind:?}, {hash:#018x}),",
            file.display().to_string()
        )
        .expect("a String takes any write");
    }
    table.push(']');
    let assets = out.join("assets.rs");
    fs::write(&assets, table).unwrap_or_else(|e| panic!("{}: {e}", assets.display()));
    let flag = out.join("engine.rs");
    fs::write(&flag, format!("{}", engine.is_some()))
        .unwrap_or_else(|e| panic!("{}: {e}", flag.display()));
}
