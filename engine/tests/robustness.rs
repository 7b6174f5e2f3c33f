//! Robustness: mutated corpus games go through parse, check, compile, a
//! few turns of play, the design checks and a short solver search. Nothing
//! may panic; every turn and search must finish.
//!
//! The mutations are deterministic (a fixed-seed xorshift), so a failure
//! reproduces; `PUZZLEWRIGHT_FUZZ_ROUNDS` raises the number of mutants per
//! game for longer local runs.

use engine::run::{Input, Session};
use std::path::PathBuf;

/// A small deterministic generator for choosing mutations.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }
}

/// Text fragments that are meaningful to PuzzleScript, to splice in.
const FRAGMENTS: &[&str] = &[
    "[",
    "]",
    "|",
    "->",
    "...",
    "(",
    ")",
    "+",
    "=",
    "and",
    "or",
    "no",
    ">",
    "<",
    "^",
    "v",
    "late",
    "rigid",
    "random",
    "randomdir",
    "moving",
    "stationary",
    "action",
    "startloop",
    "endloop",
    "again",
    "cancel",
    "checkpoint",
    "restart",
    "win",
    "message",
    "sfx3",
    "all",
    "some",
    "on",
    "player",
    "background",
    "\n",
    "\n\n",
    "==========\nRULES\n==========\n",
    "LEVELS",
    "OBJECTS",
    "LEGEND",
    "é",
    "\u{1F600}",
    "\t",
    "\r\n",
    "00000",
    ".0.0.",
    "#",
];

fn corpus_dir() -> PathBuf {
    test_support::corpus()
}

fn char_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn mutate(source: &str, rng: &mut XorShift) -> String {
    let mut text = source.to_owned();
    for _ in 0..1 + rng.below(4) {
        let lines: Vec<&str> = text.split('\n').collect();
        let n = lines.len().max(1);
        text = match rng.below(7) {
            0 => {
                // delete a line
                let k = rng.below(n);
                lines.iter().enumerate().filter(|(i, _)| *i != k).map(|(_, l)| *l).collect::<Vec<_>>().join("\n")
            }
            1 => {
                // duplicate a line
                let k = rng.below(n);
                let mut v = lines.clone();
                if k < v.len() {
                    v.insert(k, lines[k]);
                }
                v.join("\n")
            }
            2 => {
                // swap two lines
                let (a, b) = (rng.below(n), rng.below(n));
                let mut v = lines.clone();
                if a < v.len() && b < v.len() {
                    v.swap(a, b);
                }
                v.join("\n")
            }
            3 => {
                // splice in a fragment
                let at = char_boundary(&text, rng.below(text.len() + 1));
                let frag = FRAGMENTS[rng.below(FRAGMENTS.len())];
                format!("{}{}{}", &text[..at], frag, &text[at..])
            }
            4 => {
                // delete a short range
                let a = char_boundary(&text, rng.below(text.len() + 1));
                let b = char_boundary(&text, a + rng.below(40));
                format!("{}{}", &text[..a], &text[b..])
            }
            5 => {
                // truncate
                let at = char_boundary(&text, rng.below(text.len() + 1));
                text[..at].to_owned()
            }
            _ => {
                // copy a line from elsewhere over another
                let (a, b) = (rng.below(n), rng.below(n));
                let mut v = lines.clone();
                if a < v.len() && b < v.len() {
                    v[a] = lines[b];
                }
                v.join("\n")
            }
        };
    }
    text
}

/// Build the text and, if it compiles, play a few turns of every level entry.
fn exercise(text: &str, rng: &mut XorShift) {
    let build = engine::build(text);
    for d in &build.diagnostics {
        assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "span out of range: {d:?}");
        assert!(d.span.line >= 1, "diagnostic without a line: {d:?}");
    }
    // The design checks read the same text: the static ones always, the
    // ones that play the levels for one mutant in eight (they play up to
    // thousands of turns).
    let options = engine::analyze::AnalyzeOptions { static_only: rng.below(8) != 0, ..Default::default() };
    for d in engine::analyze::analyze(&build, &options) {
        assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "design check span out of range: {d:?}");
    }
    let Some(game) = build.game else { return };
    // A short search of the first maps: bounded by states, not time, so a
    // failure reproduces.
    let search = engine::solve::SolveOptions { timeout: None, max_states: 300, ..Default::default() };
    for level in (0..game.levels.len()).filter(|&l| matches!(game.levels[l], engine::compile::Level::Map(_))).take(2) {
        let report = engine::solve::solve(&game, level, &search, &engine::solve::Cancel::new());
        if let engine::solve::Status::Solved { inputs } = &report.status {
            assert!(engine::solve::replay_wins(&game, level, &search, inputs), "a reported solution must win");
        }
    }
    let entries = build.ast.levels.len().min(6);
    for level in 0..entries {
        let mut s = Session::new(game.clone(), level, Some("fuzz"));
        for _ in 0..6 {
            match rng.below(8) {
                0 => s.input(Input::Up),
                1 => s.input(Input::Down),
                2 => s.input(Input::Left),
                3 => s.input(Input::Right),
                4 => s.input(Input::Action),
                5 => s.undo(),
                6 => s.restart(),
                _ => s.tick(),
            }
            let mut again = 0;
            while s.again_pending() && again < 200 {
                s.run_again();
                again += 1;
            }
            let _ = s.take_events();
        }
        let _ = s.dump();
    }
}

#[test]
fn mutated_corpus_games_never_panic() {
    let rounds: usize = std::env::var("PUZZLEWRIGHT_FUZZ_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(12);
    let dir = corpus_dir();
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(rd) => rd.filter_map(Result::ok).map(|e| e.path()).collect(),
        Err(e) => panic!("the corpus is needed at {}: {e}", dir.display()),
    };
    files.sort();
    assert!(files.len() >= 90, "expected the 94 corpus games, found {}", files.len());
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut mutants = 0;
    for path in &files {
        let source = std::fs::read_to_string(path).unwrap_or_default();
        exercise(&source, &mut rng);
        for round in 0..rounds {
            let text = mutate(&source, &mut rng);
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut local = XorShift(rng.next() | 1);
                exercise(&text, &mut local);
            }));
            if result.is_err() {
                let out = std::env::temp_dir().join(format!(
                    "puzzlewright-fuzz-{}-{round}.txt",
                    path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
                ));
                let _ = std::fs::write(&out, &text);
                panic!("mutant {round} of {} panicked; saved to {}", path.display(), out.display());
            }
            mutants += 1;
        }
    }
    assert_eq!(mutants, files.len() * rounds);
}

#[test]
fn hostile_inputs_never_panic() {
    let mut rng = XorShift(7);
    let cases = [
        String::new(),
        "(".repeat(10_000),
        ")".repeat(10_000),
        "=".repeat(100_000),
        "OBJECTS\n".repeat(1000),
        "\u{0}\u{FFFF}\r\r\n\t".to_owned(),
        "LEVELS\n".to_owned() + &"#".repeat(20_000),
        "RULES\n".to_owned() + &"[ a | ... | ... | ... ] -> [ ]\n".repeat(50),
        "LEGEND\n".to_owned() + &(0..300).map(|i| format!("a{i} = a{} or a{}\n", i + 1, i + 2)).collect::<String>(),
    ];
    for c in &cases {
        exercise(c, &mut rng);
    }
}
