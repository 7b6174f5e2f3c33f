//! Builds the web player (`packaging/web-player`) for `wasm32-unknown-unknown`
//! so the studio carries it (`include_bytes!` in `studio::export::html`) and
//! the one-file HTML export works from the installed binary alone.
//!
//! The web player is built by a nested `cargo build` with its own profile
//! (`web-player`: size-optimised, LTO, panic=abort) into its own target
//! directory (`target/web-player`), so it never waits on the outer build's
//! lock. When the wasm target is not installed the build still succeeds
//! with an empty player, and HTML export then fails with a message naming
//! `rustup target add wasm32-unknown-unknown`; with
//! `PUZZLEWRIGHT_REQUIRE_WASM=1` (CI) a missing target is an error instead.
//! `PUZZLEWRIGHT_NO_WASM=1` skips the nested build on purpose.
//!
//! It also sets the studio binary's link options on x86-64 Linux
//! ([`fold_identical_code`]), which keep native exports under 25 MB.

use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-unknown-unknown";

fn main() {
    fold_identical_code();
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let workspace = manifest_dir.parent().expect("app/ lies in the workspace").to_path_buf();
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let wasm_out = out_dir.join("web_player.wasm");
    for path in
        ["engine/src", "engine/Cargo.toml", "packaging/web-player/src", "packaging/web-player/Cargo.toml", "Cargo.toml"]
    {
        println!("cargo:rerun-if-changed={}", workspace.join(path).display());
    }
    println!("cargo:rerun-if-env-changed=PUZZLEWRIGHT_NO_WASM");
    println!("cargo:rerun-if-env-changed=PUZZLEWRIGHT_REQUIRE_WASM");
    let required = std::env::var_os("PUZZLEWRIGHT_REQUIRE_WASM").is_some_and(|v| v != "0");

    if std::env::var_os("PUZZLEWRIGHT_NO_WASM").is_some_and(|v| v != "0") {
        assert!(!required, "PUZZLEWRIGHT_NO_WASM and PUZZLEWRIGHT_REQUIRE_WASM are both set");
        println!("cargo:warning=PUZZLEWRIGHT_NO_WASM is set: this build cannot export HTML");
        write_empty(&wasm_out);
        return;
    }
    if !wasm_target_installed() {
        let message =
            format!("the {TARGET} target is not installed (rustup target add {TARGET}): this build cannot export HTML");
        assert!(!required, "{message}");
        println!("cargo:warning={message}");
        write_empty(&wasm_out);
        return;
    }

    let target_dir =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| workspace.join("target"), PathBuf::from).join("web-player");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(&workspace)
        .args(["build", "--offline", "-p", "web-player", "--target", TARGET, "--profile", "web-player"])
        .arg("--manifest-path")
        .arg(workspace.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&target_dir);
    // Flags cargo passes to build scripts for the host build must not leak
    // into the wasm build.
    for var in
        ["CARGO_ENCODED_RUSTFLAGS", "RUSTFLAGS", "CARGO_BUILD_TARGET", "CARGO_TARGET_DIR", "CARGO_BUILD_RUSTFLAGS"]
    {
        command.env_remove(var);
    }
    let status = command.status().expect("cannot run cargo to build the web player");
    assert!(status.success(), "building the web player (packaging/web-player) for {TARGET} failed");
    let built = target_dir.join(TARGET).join("web-player").join("web_player.wasm");
    std::fs::copy(&built, &wasm_out).unwrap_or_else(|e| panic!("cannot copy {}: {e}", built.display()));
}

fn write_empty(path: &Path) {
    std::fs::write(path, []).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

/// Whether the standard library for the wasm target is in the sysroot.
fn wasm_target_installed() -> bool {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let Ok(out) = Command::new(rustc).args(["--print", "sysroot"]).output() else { return false };
    let sysroot = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    Path::new(&sysroot).join("lib/rustlib").join(TARGET).join("lib").is_dir()
}

/// Identical code folding when the studio is linked on x86-64 Linux (LLD,
/// rustc's default linker there): the many identical copies of generic
/// code are kept once. Native exports are this binary without its debug
/// tables, and must stay under 25 MB from the dev build too
/// (`app/tests/native_export.rs`).
fn fold_identical_code() {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") == "linux"
        && var("CARGO_CFG_TARGET_ARCH") == "x86_64"
        && var("CARGO_CFG_TARGET_ENV") == "gnu"
    {
        println!("cargo:rustc-link-arg-bin=puzzlewright=-Wl,--icf=all");
        // The dev build's relocations packed (RELR, glibc 2.36 and later):
        // its code is larger than the release build's. The release build
        // stays loadable by older systems.
        if var("PROFILE") == "debug" {
            println!("cargo:rustc-link-arg-bin=puzzlewright=-Wl,-z,pack-relative-relocs");
        }
    }
}
