//! The live checks with a fake solver and analyzer: which levels are
//! solved, in what order, and what a newer build does to older work.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use engine::compile::Game;
use engine::run::{Input, Step};

use super::{Analyzer, Bound, CheckInfo, Finding, LevelSolver, LiveChecks, Verdict};

const GAME: &str = "title t\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nWall\ngrey\n\nLEGEND\n. = Background\nP = Player\n# = Wall\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\nWall\n\nRULES\n\nWINCONDITIONS\nno Player\n\nLEVELS\n";

fn game_text(levels: &[&str]) -> String {
    let mut text = GAME.to_owned();
    for level in levels {
        text.push_str(level);
        text.push_str("\n\n");
    }
    text
}

/// Solves level `i` "in" `i + 3` moves, taking `delay` (or until
/// cancelled), and notes the levels it was asked for.
struct FakeSolver {
    asked: Arc<Mutex<Vec<usize>>>,
    delay: Duration,
}

impl LevelSolver for FakeSolver {
    fn solve(
        &self,
        _: &Arc<Game>,
        level: usize,
        _: Duration,
        cancel: &Arc<AtomicBool>,
        _: &mut dyn FnMut(Duration),
    ) -> Option<Verdict> {
        let start = Instant::now();
        while start.elapsed() < self.delay {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        self.asked.lock().expect("lock").push(level);
        Some(Verdict::Solved(vec![Step::Input(Input::Right); level + 3]))
    }
}

/// One check that warns about every level.
struct FakeAnalyzer;

impl Analyzer for FakeAnalyzer {
    fn checks(&self) -> Vec<CheckInfo> {
        vec![CheckInfo { id: "every-level", name: "Every level" }]
    }
    fn analyze(&self, build: &engine::Build, _: &Arc<AtomicBool>) -> Option<Vec<Finding>> {
        let game = build.game.as_ref()?;
        let span = engine::Span::default();
        Some(
            (0..game.levels.len())
                .map(|i| Finding {
                    check: "every-level",
                    diagnostic: engine::Diagnostic::warning("D999", span, format!("level {i}")),
                })
                .collect(),
        )
    }
}

fn live(delay: Duration) -> (LiveChecks, Arc<Mutex<Vec<usize>>>) {
    let asked = Arc::new(Mutex::new(Vec::new()));
    (LiveChecks::new(Box::new(FakeSolver { asked: asked.clone(), delay }), Box::new(FakeAnalyzer)), asked)
}

fn settle(live: &mut LiveChecks, build: &engine::Build) {
    let ctx = egui::Context::default();
    let start = Instant::now();
    live.poll(Some(build), &ctx);
    while live.is_busy() {
        assert!(start.elapsed() < Duration::from_secs(20), "the worker never finished");
        std::thread::sleep(Duration::from_millis(5));
        live.poll(Some(build), &ctx);
    }
}

#[test]
fn every_level_gets_a_verdict_and_messages_none() {
    let (mut live, _) = live(Duration::ZERO);
    let build = engine::build(&game_text(&["P.", "message hi", "..P"]));
    assert!(build.game.is_some(), "{:?}", build.diagnostics);
    settle(&mut live, &build);
    assert_eq!(live.status(0).as_deref(), Some("solved in 3 moves"));
    assert_eq!(live.status(1), None);
    assert_eq!(live.status(2).as_deref(), Some("solved in 5 moves"));
    assert_eq!(live.verdict(2), Some(&Verdict::Solved(vec![Step::Input(Input::Right); 5])));
    let crate::live::DesignFindings { shown: found, stale } = live.findings();
    assert_eq!((found.len(), stale), (3, false));
}

#[test]
fn an_edit_re_solves_only_the_level_it_changed() {
    let (mut live, asked) = live(Duration::ZERO);
    settle(&mut live, &engine::build(&game_text(&["P.", "P..", "P..."])));
    asked.lock().expect("lock").clear();
    let edited = engine::build(&game_text(&["P.", "P.#", "P..."]));
    live.poll(Some(&edited), &egui::Context::default());
    settle(&mut live, &edited);
    assert_eq!(*asked.lock().expect("lock"), vec![1]);
    assert_eq!(live.status(0).as_deref(), Some("solved in 3 moves"));
}

#[test]
fn a_newer_build_cancels_the_old_work_and_its_edit_is_solved_first() {
    let (mut live, asked) = live(Duration::from_millis(400));
    let ctx = egui::Context::default();
    live.poll(Some(&engine::build(&game_text(&["P.", "P..", "P..."]))), &ctx);
    // After the worker's pause for more typing, while it solves level 1.
    std::thread::sleep(super::worker::SETTLE + Duration::from_millis(100));
    // Level 3 edited while level 1 is being solved.
    let edited = engine::build(&game_text(&["P.", "P..", "P.#."]));
    settle(&mut live, &edited);
    let asked = asked.lock().expect("lock").clone();
    assert_eq!(asked.first(), Some(&2), "the edited level first: {asked:?}");
    assert_eq!(asked.len(), 3, "each level once, the old build's work dropped: {asked:?}");
    assert!(live.status(0).is_some_and(|s| s.starts_with("solved")));
}

#[test]
fn statuses_say_solving_until_answered_and_describe_verdicts() {
    let (mut live, _) = live(Duration::from_secs(30));
    let build = engine::build(&game_text(&["P."]));
    let ctx = egui::Context::default();
    let start = Instant::now();
    while live.status(0).is_none() {
        assert!(start.elapsed() < Duration::from_secs(10));
        live.poll(Some(&build), &ctx);
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(live.status(0).as_deref(), Some("solving…"));
    assert!(live.is_busy());
    assert_eq!(Verdict::Solved(vec![]).describe(), "trivial");
    assert_eq!(Verdict::Solved(vec![Step::Input(Input::Up); 2]).describe(), "trivial");
    assert_eq!(Verdict::Impossible.describe(), "proven impossible");
    assert_eq!(
        Verdict::EveryMoveLoops.describe(),
        "proven impossible: every move sets off again turns that never stop"
    );
    assert!(Verdict::EveryMoveLoops.is_final());
    assert_eq!(Verdict::OutOfBudget(Bound::Time(Duration::from_millis(250))).describe(), "no solution found in 250 ms");
    assert_eq!(Verdict::OutOfBudget(Bound::Time(Duration::from_secs(10))).describe(), "no solution found in 10 s");
    let memory = Bound::Memory { states: 32_769, bytes: 268_435_456, after: Duration::from_millis(3_140) };
    assert_eq!(
        Verdict::OutOfBudget(memory).describe(),
        "no solution found before the memory bound: 32769 states in 256 MB after 3.1 s"
    );
    assert_eq!(Verdict::Unplayable.describe(), "never settles at load: nothing to solve");
    assert!(
        Verdict::Unplayable.is_final() && Verdict::Impossible.is_final() && !Verdict::OutOfBudget(memory).is_final()
    );
}

#[test]
fn hidden_checks_leave_the_findings() {
    let (mut live, _) = live(Duration::ZERO);
    settle(&mut live, &engine::build(&game_text(&["P."])));
    assert_eq!(live.findings().shown.len(), 1);
    live.set_shown("every-level", false);
    assert!(live.findings().shown.is_empty());
    assert!(!live.is_shown("every-level"));
    live.set_shown("every-level", true);
    assert_eq!(live.findings().shown.len(), 1);
}

#[test]
fn off_answers_nothing() {
    let mut live = LiveChecks::off();
    assert!(!live.poll(Some(&engine::build(&game_text(&["P."]))), &egui::Context::default()));
    assert_eq!(live.status(0), None);
    assert!(!live.is_busy());
}

#[test]
fn moved_levels_never_show_their_old_neighbours_verdicts() {
    let (mut live, _) = live(Duration::ZERO);
    settle(&mut live, &engine::build(&game_text(&["P.", "P...", "P...."])));
    assert_eq!(live.status(0).as_deref(), Some("solved in 3 moves"));
    assert_eq!(live.status(1).as_deref(), Some("solved in 4 moves"));
    // The first two levels swapped; the worker waits for a pause in the
    // typing before it answers, so this frame still has the old keys.
    let moved = engine::build(&game_text(&["P...", "P.", "P...."]));
    live.poll(Some(&moved), &egui::Context::default());
    for i in 0..2 {
        let status = live.status(i);
        assert!(
            status.as_deref() == Some("solving…")
                || status.as_deref() == Some(["solved in 4 moves", "solved in 3 moves"][i]),
            "level {i} shows {status:?}"
        );
        assert!(live.verdict(i).is_none_or(|v| *v == Verdict::Solved(vec![Step::Input(Input::Right); [4, 3][i]])));
    }
    // The level that did not move keeps its verdict meanwhile.
    assert_eq!(live.status(2).as_deref(), Some("solved in 5 moves"));
    settle(&mut live, &moved);
    assert_eq!(live.status(0).as_deref(), Some("solved in 4 moves"));
    assert_eq!(live.status(1).as_deref(), Some("solved in 3 moves"));
}

/// The engine-backed solver reports a level whose `again` turns never stop
/// at load as unplayable (a final verdict, no "Solve harder"), and still
/// solves the level after it.
#[test]
fn the_engine_solver_calls_a_level_that_never_settles_unplayable() {
    let text = "title spin\nrun_rules_on_level_start\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nTarget\nred\nBall\ngreen\nSpin\nlightgreen\nRoll\ndarkgreen\n\n\
                LEGEND\n. = Background\nP = Player\nT = Target\nB = Ball\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nTarget\nPlayer, Ball, Spin, Roll\n\n\
                RULES\n[ Roll ] -> [ Ball ] again\n[ Spin ] -> [ Roll ] again\n[ Ball ] -> [ Spin ] again\n\n\
                WINCONDITIONS\nsome Player on Target\n\nLEVELS\nB..P..T\n\nP.T\n";
    let game = engine::build(text).game.expect("compiles");
    let cancel = Arc::new(AtomicBool::new(false));
    let solver = super::engine_backed::EngineSolver;
    let first = solver.solve(&game, 0, Duration::from_secs(5), &cancel, &mut |_| {});
    assert_eq!(first, Some(Verdict::Unplayable));
    assert!(first.is_some_and(|v| v.is_final()));
    let second = solver.solve(&game, 1, Duration::from_secs(5), &cancel, &mut |_| {});
    assert!(matches!(second, Some(Verdict::Solved(_))), "{second:?}");
}

/// A game with no win conditions and no `win` command yet (one being
/// started): its levels are said to have no way to win, not "proven
/// impossible"; with a win condition the same level is searched as usual.
#[test]
fn the_engine_solver_says_a_game_without_win_conditions_cannot_be_won() {
    let text = "title start\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nTarget\nred\n\n\
                LEGEND\n. = Background\nP = Player\nT = Target\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nTarget\nPlayer\n\n\
                RULES\n\nWINCONDITIONS\n\nLEVELS\nP..T\n";
    let cancel = Arc::new(AtomicBool::new(false));
    let solver = super::engine_backed::EngineSolver;
    let game = engine::build(text).game.expect("compiles");
    let verdict = solver.solve(&game, 0, Duration::from_secs(5), &cancel, &mut |_| {});
    assert_eq!(verdict, Some(Verdict::NoWayToWin));
    assert_eq!(Verdict::NoWayToWin.describe(), "cannot be won: no win conditions");
    assert!(Verdict::NoWayToWin.is_final());
    let with_goal = text.replace("WINCONDITIONS\n\n", "WINCONDITIONS\nsome Player on Target\n\n");
    let game = engine::build(&with_goal).game.expect("compiles");
    let verdict = solver.solve(&game, 0, Duration::from_secs(5), &cancel, &mut |_| {});
    assert_eq!(verdict, Some(Verdict::Solved(vec![Step::Input(Input::Right); 3])));
}
