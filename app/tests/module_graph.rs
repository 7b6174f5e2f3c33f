//! The studio's modules import one way (issue 12): reading the source of
//! app/src/studio, no module reaches back to one that imports it. A module
//! is a file `x.rs` or a folder `x/` directly under app/src/studio; an
//! import is any `crate::x` (or `crate::{x, ..}`) in code, not in comments.

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

/// The code of `text` without `//` comments (doc comments included).
fn code_of(text: &str) -> String {
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The modules `code` names through `crate::`.
fn imports(code: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        // `crate::{a, b::c}` names each of its first words.
        let names: Vec<&str> = match rest.strip_prefix('{') {
            Some(group) => group.split('}').next().unwrap_or("").split(',').collect(),
            None => vec![rest],
        };
        for name in names {
            let word: String = name.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if modules.contains(&word) {
                found.insert(word);
            }
        }
    }
    found
}

/// The import arrows between the studio's top-level modules.
fn studio_graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src/studio"));
    let mut modules = BTreeMap::new();
    for entry in std::fs::read_dir(&root).expect("read studio").flatten() {
        let path = entry.path();
        let name = path.file_stem().expect("name").to_string_lossy().into_owned();
        if name == "mod" {
            continue;
        }
        let files = if path.is_dir() { rust_files(&path) } else { vec![path] };
        modules.entry(name).or_insert_with(Vec::new).extend(files);
    }
    let names: BTreeSet<String> = modules.keys().cloned().collect();
    modules
        .into_iter()
        .map(|(name, files)| {
            let mut arrows = BTreeSet::new();
            for file in files {
                let text = std::fs::read_to_string(&file).expect("read file");
                arrows.extend(imports(&code_of(&text), &names));
            }
            arrows.remove(&name);
            (name, arrows)
        })
        .collect()
}

/// A loop in `graph`, as the modules along it (first repeated at the end).
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let from = path.iter().position(|n| n == node).unwrap_or(0);
                let mut cycle = path[from..].to_vec();
                cycle.push(node.to_owned());
                return Some(cycle);
            }
            None => {}
        }
        marks.insert(node.to_owned(), Mark::Open);
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, marks, path) {
                return Some(cycle);
            }
        }
        path.pop();
        marks.insert(node.to_owned(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if let Some(cycle) = visit(node, graph, &mut marks, &mut Vec::new()) {
            return Some(cycle);
        }
    }
    None
}

#[test]
fn the_studio_modules_import_without_a_loop() {
    let graph = studio_graph();
    // The reading sees the arrows that are there (so an empty graph cannot pass).
    assert!(graph["app"].contains("panels"), "{graph:#?}");
    assert!(graph["panels"].contains("request"), "{graph:#?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("the studio's imports loop: {}\n{graph:#?}", cycle.join(" -> "));
    }
}

#[test]
fn panels_ask_the_app_only_through_requests() {
    let graph = studio_graph();
    for module in ["panels", "request", "command", "panel_id", "layout"] {
        assert!(!graph[module].contains("app"), "{module} imports the app: {:?}", graph[module]);
    }
    assert!(!graph["request"].contains("panels"), "the request type must not know the panels");
    assert!(!graph["command"].contains("panels") && !graph["command"].contains("layout"), "{:?}", graph["command"]);
}

#[test]
fn the_reading_finds_loops_and_grouped_imports() {
    let modules: BTreeSet<String> = ["a", "b", "c"].iter().map(|s| (*s).to_owned()).collect();
    let code = code_of("use crate::{b::X, c};\n// crate::a in a comment\nfn f() { crate::a::g(); }");
    assert_eq!(imports(&code, &modules), modules, "grouped and path imports, comments ignored");
    let graph: BTreeMap<String, BTreeSet<String>> = [("a", vec!["b"]), ("b", vec!["c"]), ("c", vec!["a"])]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.into_iter().map(str::to_owned).collect()))
        .collect();
    assert_eq!(find_cycle(&graph), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
    let mut open = graph.clone();
    open.get_mut("c").expect("c").clear();
    assert_eq!(find_cycle(&open), None);
}
