//! Measures `check` against the reference's recorded diagnostics
//! (`../shared/conformance/diagnostics.json`) and the corpus. Ignored by
//! default: run with `cargo test -p engine conformance -- --ignored --nocapture`.

use std::collections::BTreeSet;

fn diags_for(src: &str) -> Vec<crate::diag::Diagnostic> {
    let (ast, mut d) = crate::syntax::parse(src);
    d.extend(super::check(&ast, src));
    d
}

#[test]
#[ignore = "needs the shared conformance data"]
fn diagnostics_conformance() {
    let Ok(text) = std::fs::read_to_string("/work/shared/conformance/diagnostics.json") else { return };
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap_or_default();
    let (mut pass, mut agree) = (0, 0);
    for c in &cases {
        let src = c["source"].as_str().unwrap_or("");
        let want_err = c["error_count"].as_u64().unwrap_or(0) > 0;
        let d = diags_for(src);
        let got_err = d.iter().any(crate::diag::Diagnostic::is_error);
        let lines: BTreeSet<u32> = d.iter().map(|x| x.span.line).collect();
        let mut missing = Vec::new();
        for m in c["messages"].as_array().into_iter().flatten() {
            let m = m.as_str().unwrap_or("");
            if let Some(rest) = m.strip_prefix("line ")
                && let Some(n) = rest.split_whitespace().next().and_then(|n| n.parse::<u32>().ok())
                    && !lines.contains(&n) {
                        missing.push(m.chars().take(140).collect::<String>());
                    }
        }
        if want_err == got_err {
            agree += 1;
        }
        if want_err == got_err && missing.is_empty() {
            pass += 1;
        } else {
            println!("FAIL {} want_err={want_err} got_err={got_err}", c["name"]);
            for m in &missing {
                println!("   missing: {m}");
            }
            if want_err != got_err {
                for x in d.iter().filter(|x| x.is_error()).take(3) {
                    println!("   ours: {}:{} {}", x.span.line, x.code, x.message);
                }
                if !got_err {
                    for m in c["messages"].as_array().into_iter().flatten().take(3) {
                        println!("   ref: {}", m.as_str().unwrap_or("").chars().take(140).collect::<String>());
                    }
                }
            }
        }
    }
    println!("diagnostics: {pass}/{} pass, refusal agreement {agree}/{}", cases.len(), cases.len());
}

#[test]
#[ignore = "needs the shared corpus"]
fn corpus_has_no_errors() {
    let Ok(dir) = std::fs::read_dir("/work/shared/corpus") else { return };
    let mut bad = 0;
    for e in dir.flatten() {
        let Ok(src) = std::fs::read_to_string(e.path()) else { continue };
        for x in diags_for(&src).iter().filter(|x| x.is_error()) {
            bad += 1;
            println!("{}:{}: {} {}", e.path().display(), x.span.line, x.code, x.message);
        }
    }
    println!("corpus errors: {bad}");
}
