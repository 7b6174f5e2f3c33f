//! The engine's arrows run one way (DESIGN.md): syntax <- names <-
//! check/compile <- run <- play, side modules only down. These tests read
//! the source and fail when a file reaches back up, when any two modules
//! (the engine's top-level ones, or the files of one folder) import each
//! other through any chain, or when a message is written outside the
//! catalogue. Test code (`tests.rs`, `#[cfg(test)]` items) may reach
//! anywhere and is left out.

use std::collections::{BTreeMap, BTreeSet};
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

/// `text` without comments and without the items under `#[cfg(test)]`.
fn code_of(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]" {
            // Skip the next item: to its closing brace, or to its `;`.
            let (mut depth, mut opened) = (0i64, false);
            for next in lines.by_ref() {
                let code = next.split("//").next().unwrap_or("");
                let opens = i64::try_from(code.matches('{').count()).expect("a line's braces fit");
                let closes = i64::try_from(code.matches('}').count()).expect("a line's braces fit");
                depth += opens - closes;
                opened |= opens > 0;
                if (opened && depth <= 0) || (!opened && code.trim_end().ends_with(';')) {
                    break;
                }
            }
            continue;
        }
        out.push_str(line.split("//").next().unwrap_or(""));
        out.push('\n');
    }
    out
}

fn ident_at(s: &str) -> &str {
    let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len());
    &s[..end]
}

/// The first name after every `prefix` in `code`, looking into braces:
/// `prefix::a`, and `a` and `b` from `prefix::{a, b::c}`.
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (at, _) in code.match_indices(prefix) {
        // `super::x` must not be the tail of `super::super::x` or `a::super::x`.
        if code[..at].ends_with("::") || code[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[at + prefix.len()..];
        if prefix.starts_with("super::") && rest.starts_with("super::") {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if c.is_whitespace() => {}
                    _ if start && depth == 0 => {
                        names.insert(ident_at(&group[i..]).to_owned());
                        start = false;
                    }
                    _ => {}
                }
            }
        } else {
            names.insert(ident_at(rest).to_owned());
        }
    }
    names
}

/// The modules directly inside `dir` (files and folders, not `mod.rs`,
/// `lib.rs` or `tests.rs`), each with the code of its files.
fn modules_in(dir: &Path) -> BTreeMap<String, Vec<(PathBuf, String)>> {
    let mut modules: BTreeMap<String, Vec<(PathBuf, String)>> = BTreeMap::new();
    for entry in std::fs::read_dir(dir).expect("read dir").flatten() {
        let path = entry.path();
        let name = path.file_stem().expect("a name").to_string_lossy().into_owned();
        let files = if path.is_dir() {
            rust_files(&path)
        } else if path.extension().is_some_and(|e| e == "rs") && !["mod", "lib", "tests"].contains(&name.as_str()) {
            vec![path.clone()]
        } else {
            continue;
        };
        // `board.rs` and its children's folder `board/` are one module.
        let code: Vec<(PathBuf, String)> = files
            .into_iter()
            .filter(|f| !f.ends_with("tests.rs"))
            .map(|f| {
                let text = std::fs::read_to_string(&f).expect("read file");
                (f, code_of(&text))
            })
            .collect();
        modules.entry(name).or_default().extend(code);
    }
    modules
}

/// Which modules of `dir` each one imports: through `crate::path::` (the
/// folder's own path) and through as many `super::` as a file sits deep.
fn import_graph(dir: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let rel = dir.strip_prefix(src()).expect("under src").to_string_lossy().replace('/', "::");
    let own = if rel.is_empty() { "crate::".to_owned() } else { format!("crate::{rel}::") };
    let modules = modules_in(dir);
    let mut graph = BTreeMap::new();
    for (name, files) in &modules {
        let mut to = BTreeSet::new();
        for (file, code) in files {
            let inside = file.strip_prefix(dir).expect("inside").components().count();
            let up = "super::".repeat(inside);
            // A folder's `mod.rs` sits one level deeper than its module.
            let up = if file.ends_with("mod.rs") { "super::".repeat(inside - 1) } else { up };
            let mut names = names_after(code, &own);
            if !up.is_empty() {
                names.extend(names_after(code, &up));
            }
            to.extend(names.into_iter().filter(|n| n != name && modules.contains_key(n)));
        }
        graph.insert(name.clone(), to);
    }
    graph
}

/// A chain of imports from `from` back to itself, if there is one.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>, from: &str) -> Option<Vec<String>> {
    let mut stack = vec![vec![from.to_owned()]];
    let mut seen = BTreeSet::new();
    while let Some(path) = stack.pop() {
        let last = path.last().expect("a path is never empty");
        for next in graph.get(last).into_iter().flatten() {
            if next == from {
                let mut found = path.clone();
                found.push(next.clone());
                return Some(found);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push(longer);
            }
        }
    }
    None
}

#[test]
fn no_import_circles_in_the_engine() {
    let mut dirs = vec![src()];
    dirs.extend(rust_files(&src()).iter().filter_map(|f| f.parent().map(Path::to_path_buf)));
    dirs.sort();
    dirs.dedup();
    let mut circles = Vec::new();
    for dir in &dirs {
        let graph = import_graph(dir);
        for name in graph.keys() {
            if let Some(c) = circle(&graph, name) {
                circles.push(format!("{}: {}", dir.display(), c.join(" -> ")));
            }
        }
    }
    assert!(circles.is_empty(), "import circles: {circles:#?}");
    // The graph is read, not empty: the phases' arrows are seen.
    let top = import_graph(&src());
    assert!(top["run"].contains("compile") && top["play"].contains("run") && top["check"].contains("syntax"));
    let compile = import_graph(&src().join("compile"));
    assert!(compile["rules"].contains("expand") && compile["settle"].contains("model"), "{compile:#?}");
}

#[test]
fn the_reader_sees_grouped_imports_and_skips_test_code() {
    let code = code_of(
        "use crate::{run::Session, play};\nuse super::super::x;\n// crate::gone\n#[cfg(test)]\nmod tests {\n    use crate::test_only;\n}\nuse crate::after;\n",
    );
    let names: Vec<String> = names_after(&code, "crate::").into_iter().collect();
    assert_eq!(names, ["after", "play", "run"]);
    assert_eq!(names_after(&code, "super::").len(), 0, "super::super:: is not super::");
    assert!(names_after(&code, "super::super::").contains("x"));
}

#[test]
fn check_and_edit_never_import_render_and_render_never_imports_run() {
    let top = import_graph(&src());
    for below in ["check", "edit", "compile", "syntax", "names"] {
        assert!(!top[below].contains("render"), "{below} imports render: {:?}", top[below]);
    }
    assert!(!top["render"].contains("run"), "render draws level grids, not sessions: {:?}", top["render"]);
}

#[test]
fn no_engine_file_is_over_900_lines_but_the_catalogue() {
    let long: Vec<String> = rust_files(&src())
        .iter()
        .filter(|f| !f.ends_with("diag/catalogue.rs"))
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).expect("read file").lines().count();
            (lines > 900).then(|| format!("{}: {lines} lines", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "split these into rooms: {long:#?}");
}
