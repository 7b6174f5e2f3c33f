//! The engine's arrows run one way (DESIGN.md): syntax <- names <-
//! check/compile. These tests read the source and fail when a file reaches
//! back up, or when a message is written outside the catalogue.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("read dir").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn src() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))
}

/// Lines of the files under `parts` that mention `needle` in code (not in
/// comments).
fn uses(parts: &[&str], needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for part in parts {
        let p = src().join(part);
        let files = if p.is_dir() { rust_files(&p) } else { vec![p] };
        for f in files {
            let text = std::fs::read_to_string(&f).expect("read file");
            for (i, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                if code.contains(needle) {
                    found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
                }
            }
        }
    }
    found
}

#[test]
fn syntax_names_and_compile_never_import_check() {
    let lower = ["syntax", "compile", "names.rs", "options.rs", "diag.rs", "diag"];
    for needle in ["crate::check", "super::check", "super::super::check"] {
        let found = uses(&lower, needle);
        assert!(found.is_empty(), "imports from check/: {found:#?}");
    }
}

#[test]
fn syntax_never_imports_the_later_phases() {
    for needle in ["crate::compile", "crate::run", "crate::names", "crate::edit"] {
        let found = uses(&["syntax"], needle);
        assert!(found.is_empty(), "syntax reaches up: {found:#?}");
    }
}

#[test]
fn messages_are_written_only_in_the_catalogue() {
    let everywhere: Vec<String> = rust_files(&src())
        .iter()
        .filter(|f| !f.ends_with("diag/catalogue.rs") && !f.ends_with("diag.rs"))
        .flat_map(|f| {
            let rel = f.strip_prefix(src()).expect("under src").to_string_lossy().into_owned();
            let mut v = uses(&[rel.as_str()], "Diagnostic::error(");
            v.extend(uses(&[rel.as_str()], "Diagnostic::warning("));
            v
        })
        .collect();
    assert!(everywhere.is_empty(), "messages outside diag/catalogue.rs: {everywhere:#?}");
}
