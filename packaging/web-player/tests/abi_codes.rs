//! The codes that cross the wasm ABI have one name on each side: the
//! script's `C` (controls, `pw_press`/`pw_release`) and `STEP` (the
//! automation API's steps, `pw_input`) tables in `page/player.js` give the
//! numbers `page::control::NAMES` and `page::step::NAMES` give, name for
//! name, and every code reads back as its control or step.

use web_player::page::{control, control_of, step, step_of};

const SCRIPT: &str = include_str!("../page/player.js");

/// The entries of the script's `const NAME = { a: 0, b: 1 };` table.
fn script_table(name: &str) -> Vec<(String, i64)> {
    let start = format!("const {name} = {{");
    let at = SCRIPT.find(&start).unwrap_or_else(|| panic!("player.js has no `{start}`"));
    let body = &SCRIPT[at + start.len()..];
    let body = &body[..body.find('}').expect("the table closes")];
    body.split(',')
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .map(|e| {
            let (k, v) = e.split_once(':').unwrap_or_else(|| panic!("`{e}` is not `name: code`"));
            (k.trim().to_owned(), v.trim().parse().unwrap_or_else(|_| panic!("`{e}`: not a number")))
        })
        .collect()
}

#[test]
fn the_scripts_control_table_is_page_rs_s() {
    let ours: Vec<(String, i64)> = control::NAMES.iter().map(|(n, c)| ((*n).to_owned(), i64::from(*c))).collect();
    assert_eq!(script_table("C"), ours);
    for (name, code) in control::NAMES {
        assert!(control_of(code).is_some(), "{name}");
    }
    assert!(control_of(8).is_none());
}

#[test]
fn the_scripts_step_table_is_page_rs_s() {
    let ours: Vec<(String, i64)> = step::NAMES.iter().map(|(n, c)| ((*n).to_owned(), i64::from(*c))).collect();
    assert_eq!(script_table("STEP"), ours);
    for (name, code) in step::NAMES {
        assert!(step_of(code).is_some(), "{name}");
        assert_eq!(step::named(name), Some(code));
    }
    assert_eq!((step_of(8), step::named("title")), (None, None), "a step is not a control");
}
