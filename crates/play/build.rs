//! Lists the page's files: every file of `src/assets/` becomes an entry of
//! the table `assets.rs` serves (`$OUT_DIR/assets.rs`), with the content type
//! its extension names, so that a new file of the page is served without
//! a list kept by hand. `index.html` is served at `/` and at `/judge` (the
//! judge viewer's page); every other file at `/` and its name.

use std::fmt::Write as _;
use std::path::Path;
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
        _ => return None,
    })
}

fn main() {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("set by cargo")).join("src/assets");
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
    let mut table = String::from("&[\n");
    for name in &names {
        let kind = content_type(name)
            .unwrap_or_else(|| panic!("src/assets/{name}: no content type for this extension"));
        let paths: &[String] = &if name == "index.html" {
            vec!["/".to_owned(), "/judge".to_owned()]
        } else {
            vec![format!("/{name}")]
        };
        let file = dir.join(name);
        for path in paths {
            writeln!(
                table,
                "    asset!({path:?}, {:?}, {kind:?}),",
                file.display().to_string()
            )
            .expect("a String takes any write");
        }
    }
    table.push(']');
    let out = Path::new(&env::var("OUT_DIR").expect("set by cargo")).join("assets.rs");
    fs::write(&out, table).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}
