//! The design checks over every corpus game, compared with a checked-in
//! list of what they find (`analyze_corpus.expected`: one `game code line`
//! per hit). Each hit in that list was read and judged true; a change to a
//! check that adds or loses hits must be looked at the same way. Run with
//! `UPDATE_EXPECT=1` to rewrite the list.

use engine::analyze::{AnalyzeOptions, analyze};
use std::path::Path;

#[test]
fn design_checks_over_the_corpus() {
    let files = test_support::corpus_games();
    assert_eq!(files.len(), 94, "the corpus has 94 games");
    let mut got = String::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("read game");
        let build = engine::build(&text);
        let game = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let found = analyze(&build, &AnalyzeOptions::default());
        // Analysis never touches what `build` reports.
        assert!(found.iter().all(|d| d.code.starts_with('A') && d.severity == engine::Severity::Warning));
        assert!(build.diagnostics.iter().all(|d| !d.code.starts_with('A')));
        for d in found {
            got.push_str(&format!("{game} {} {}\n", d.code, d.span.line));
        }
    }
    let expected_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/analyze_corpus.expected");
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&expected_path, &got).expect("write expected");
    }
    let expected = std::fs::read_to_string(&expected_path).expect("read analyze_corpus.expected");
    assert!(got == expected, "hits differ from analyze_corpus.expected:\n{}", diff(&expected, &got));
}

fn diff(expected: &str, got: &str) -> String {
    let e: std::collections::BTreeSet<&str> = expected.lines().collect();
    let g: std::collections::BTreeSet<&str> = got.lines().collect();
    let mut out = String::new();
    for l in e.difference(&g) {
        out.push_str(&format!("- {l}\n"));
    }
    for l in g.difference(&e) {
        out.push_str(&format!("+ {l}\n"));
    }
    out
}
