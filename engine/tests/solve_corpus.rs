//! The solver over every level of every corpus game, with a small budget
//! (at most 800 stored states and 150 ms per level, whichever comes
//! first): every solution it reports wins when a fresh session replays it,
//! no solution fails its replay, and a level found exhausted stays
//! exhausted (never solved) with ten times the budget.

use engine::compile::Level;
use engine::run::Session;
use engine::solve::{Cancel, SolveOptions, Status, replay_wins, solve};
use std::sync::Arc;
use std::time::Duration;

fn corpus_games() -> Vec<(String, String)> {
    let mut games: Vec<(String, String)> = test_support::corpus_games()
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable game");
            (p.file_name().expect("name").to_string_lossy().into_owned(), text)
        })
        .collect();
    games.sort();
    assert!(games.len() > 50, "the corpus has only {} games", games.len());
    games
}

#[test]
fn every_corpus_level_at_a_small_budget() {
    let small = SolveOptions { max_states: 800, timeout: Some(Duration::from_millis(150)), ..SolveOptions::default() };
    let large = SolveOptions { max_states: 8000, timeout: Some(Duration::from_secs(2)), ..SolveOptions::default() };
    let (mut levels, mut solved, mut exhausted) = (0, 0, Vec::new());
    for (name, text) in corpus_games() {
        let Some(game) = engine::build(&text).game else { continue };
        for level in 0..game.levels.len() {
            if !matches!(game.levels[level], Level::Map(_)) {
                continue;
            }
            levels += 1;
            let report = solve(&game, level, &small, &Cancel::new());
            match &report.status {
                Status::Solved { inputs } => {
                    solved += 1;
                    assert!(replay_wins(&game, level, &small, inputs), "{name} level {level}: {inputs:?}");
                    // And by hand, with the session's own inputs only.
                    let mut s = Session::new(Arc::clone(&game), level, None);
                    // The level's own `again` turns at load play out first.
                    while s.again_pending() {
                        s.run_again();
                    }
                    for &i in inputs {
                        i.apply(&mut s);
                        while s.again_pending() {
                            s.run_again();
                        }
                    }
                    assert!(s.level_index() != level || s.text_mode(), "{name} level {level} not won by hand");
                }
                Status::Exhausted => exhausted.push((name.clone(), Arc::clone(&game), level)),
                Status::ReplayFailed { inputs } => panic!("{name} level {level}: replay failed for {inputs:?}"),
                _ => {}
            }
        }
    }
    assert!(solved > 0 && !exhausted.is_empty(), "{solved} solved, {} exhausted", exhausted.len());
    for (name, game, level) in exhausted.iter().step_by(3) {
        let again = solve(game, *level, &large, &Cancel::new());
        assert_eq!(again.status, Status::Exhausted, "{name} level {level} at the larger budget");
    }
    eprintln!("{levels} levels: {solved} solved, {} exhausted", exhausted.len());
}
