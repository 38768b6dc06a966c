//! What the header promises beside the functions: the version macros are
//! the crate's Cargo version and `llk_version()`'s, and its statement on
//! panics matches the workspace's release profile.

use std::ffi::CStr;
use std::path::Path;

use lianliankan_c::*;

/// The checked-in header (xtask's `c_header_is_fresh` keeps it current).
fn header() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/lianliankan.h");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The value of `#define NAME value` in the header.
fn define(header: &str, name: &str) -> u32 {
    let prefix = format!("#define {name} ");
    let line = header
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no {name} in the header"));
    line[prefix.len()..].trim().parse().unwrap()
}

#[test]
fn llk_version_equals_the_macros_equals_cargos_version() {
    let header = header();
    let macros = [
        define(&header, "LLK_VERSION_MAJOR"),
        define(&header, "LLK_VERSION_MINOR"),
        define(&header, "LLK_VERSION_PATCH"),
    ];
    let cargo: Vec<u32> = env!("CARGO_PKG_VERSION")
        .split('.')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(macros.to_vec(), cargo);
    // SAFETY: static text.
    let runtime = unsafe { CStr::from_ptr(llk_version()) };
    assert_eq!(
        runtime.to_str(),
        Ok(format!("{}.{}.{}", macros[0], macros[1], macros[2]).as_str())
    );
    let number = macros[0] * 10_000 + macros[1] * 100 + macros[2];
    assert!(
        header.contains(
            "#define LLK_VERSION_NUMBER (((LLK_VERSION_MAJOR * 10000) + (LLK_VERSION_MINOR * 100)) + LLK_VERSION_PATCH)"
        ),
        "LLK_VERSION_NUMBER is written from the three macros"
    );
    assert_eq!(llk_version_number(), number);
}

#[test]
fn the_header_says_what_a_panic_does_in_the_release_build() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml");
    let manifest = std::fs::read_to_string(manifest).unwrap();
    let release = manifest
        .split("[profile.release]")
        .nth(1)
        .expect("a release profile")
        .split("\n[")
        .next()
        .unwrap();
    let aborts = release
        .lines()
        .any(|l| l.replace(' ', "") == "panic=\"abort\"");
    let header = header();
    // The header's statement is written for `panic = "abort"`: if the
    // profile changes, so must the header (cbindgen.toml) and docs/c.md.
    assert!(aborts, "the release profile no longer aborts on panic");
    assert!(
        header.contains("ABORTS THE HOST PROCESS") && header.contains("LLK_STATUS_INTERNAL"),
        "the header must say that a panic aborts the host in release builds"
    );
}
