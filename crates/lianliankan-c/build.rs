//! Gives the shared library its SONAME, `liblianliankan.so.ABI`, where ABI
//! is the version's major number, or `0.MINOR` before 1.0 (where a minor
//! release may break the ABI): a program linked against the installed
//! library (`cargo xtask install-c`) then needs that name, which a later
//! compatible release keeps and an incompatible one changes.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap_or_default();
    let minor = std::env::var("CARGO_PKG_VERSION_MINOR").unwrap_or_default();
    let abi = if major == "0" {
        format!("0.{minor}")
    } else {
        major
    };
    let target = std::env::var("TARGET").unwrap_or_default();
    // ELF platforms (Linux, the BSDs) only: macOS names a library by its
    // install name, Windows by its DLL.
    if !target.contains("apple") && !target.contains("windows") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,liblianliankan.so.{abi}");
    }
}
