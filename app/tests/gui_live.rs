//! The live checks in the studio: the solver's verdict on each level card,
//! "Show solution" played in the player, an edited level solved again while
//! the UI keeps drawing, and the Design checks group of Problems.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use egui_kittest::kittest::Queryable as _;
use engine::compile::Game;
use engine::run::{Input, Step};
use studio::app::Persisted;
use studio::live::{Analyzer, CheckInfo, Finding, LevelSolver, LiveChecks, Verdict};
use studio::{Startup, StudioApp};

mod support;

use support::{card_status, live_studio, wait_until};

#[test]
fn a_card_shows_the_verdict_and_show_solution_plays_it_to_the_next_level() {
    let mut harness = live_studio(support::live_app(Startup::Example(0), Persisted::default()));
    // Entry 2 of "Pots in the Garden" is its second level.
    harness.state_mut().panels.levels.select(2);
    let solved = wait_until(&mut harness, Duration::from_secs(60), 0.02, |h| {
        card_status(h, "Level 2 (").starts_with("solved in ")
    });
    assert!(solved, "level 2's card says: {:?}", card_status(&harness, "Level 2 ("));
    let Some(Verdict::Solved(inputs)) = harness.state().live.verdict(2).cloned() else { panic!("no solution") };
    assert_eq!(card_status(&harness, "Level 2 ("), format!("solved in {} moves", inputs.len()));
    // Level 1 takes seven moves.
    assert!(
        wait_until(&mut harness, Duration::from_secs(60), 0.02, |h| card_status(h, "Level 1 (") == "solved in 7 moves")
    );
    harness.get_by_label_contains("Level 2 (").click();
    harness.run_steps(2);
    assert!(harness.query_by_label_contains("Solver: solved in").is_some(), "the selected level's verdict");
    harness.get_by_label("Show solution").click();
    harness.run_steps(2);
    assert_eq!(
        harness.state().panels.player.showing_solution().map(|(_, all)| all),
        Some(inputs.len()),
        "player at {}, levels selected {}",
        harness.state().panels.player.level(),
        harness.state().panels.levels.selected()
    );
    let played = wait_until(&mut harness, Duration::from_secs(60), 0.05, |h| {
        h.state().panels.player.showing_solution().is_none() && h.state().panels.player.level() != 2
    });
    assert!(played, "the solution was shown: {:?}", harness.state().panels.player.showing_solution());
    // Won: the flow moved on to the level after, and the player says how
    // the solution ended until a key is pressed.
    assert_eq!(harness.state().panels.player.level(), 3);
    harness.run_steps(2);
    let note = format!("Solution shown: the level was won in {} move", inputs.len());
    assert!(harness.query_by_label_contains(&note).is_some(), "no note saying {note:?}");
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    assert!(harness.query_by_label_contains("Solution shown").is_none(), "a key clears the note");
}

/// A level won in fewer than three moves says "trivial" on its card.
#[test]
fn a_level_won_in_one_push_is_trivial() {
    let mut harness = live_studio(support::live_app(Startup::Example(0), Persisted::default()));
    let text = harness.state().doc.text().to_owned();
    // Level 1 with its pot beside the gardener and a soil beside the pot.
    let edited = text.replacen("#P....#\n#..*..#", "#P*S..#\n#.....#", 1);
    assert_ne!(edited, text, "the example's level 1 changed");
    harness.state_mut().doc.set_text(edited);
    let trivial = wait_until(&mut harness, Duration::from_secs(60), 0.02, |h| card_status(h, "Level 1 (") == "trivial");
    assert!(trivial, "level 1's card says: {:?}", card_status(&harness, "Level 1 ("));
    assert_eq!(harness.state().live.verdict(1), Some(&Verdict::Solved(vec![Step::Input(Input::Right)])));
}

/// A level whose every move sets off endless `again` turns is proven
/// impossible, and its card says why.
#[test]
fn a_level_whose_every_move_loops_says_why_it_is_impossible() {
    let mut harness = live_studio(support::live_app(Startup::Example(0), Persisted::default()));
    let game = "title loops\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nTarget\nred\nIdle\ngrey\nBall\ngreen\nSpin\nlightgreen\nRoll\ndarkgreen\n\n\
                LEGEND\n. = Background\nP = Player\nT = Target\nI = Idle\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nTarget\nPlayer, Idle, Ball, Spin, Roll\n\n\
                RULES\n[ moving Player ] [ Idle ] -> [ moving Player ] [ Roll ] again\n[ Roll ] -> [ Ball ] again\n[ Spin ] -> [ Roll ] again\n[ Ball ] -> [ Spin ] again\n\n\
                WINCONDITIONS\nsome Player on Target\n\nLEVELS\nI.P.T\n";
    harness.state_mut().doc.set_text(game.to_owned());
    let why = "proven impossible: every move sets off again turns that never stop";
    let said = wait_until(&mut harness, Duration::from_secs(60), 0.02, |h| card_status(h, "Level 1 (") == why);
    assert!(said, "level 1's card says: {:?}", card_status(&harness, "Level 1 ("));
}

#[test]
fn a_key_stops_a_solution_being_shown() {
    let mut harness = live_studio(support::live_app(Startup::Example(0), Persisted::default()));
    harness.state_mut().panels.levels.select(2);
    assert!(wait_until(&mut harness, Duration::from_secs(60), 0.02, |h| h.state().live.verdict(2).is_some()));
    harness.get_by_label_contains("Level 2 (").click();
    harness.run_steps(2);
    harness.get_by_label("Show solution").click();
    harness.run_steps(2);
    assert!(harness.state().panels.player.showing_solution().is_some());
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    assert_eq!(harness.state().panels.player.showing_solution(), None);
    assert!(harness.query_by_label_contains("Solution stopped at move").is_some(), "the player says where it stopped");
}

/// Answers only once the test opens the gate; counts its searches.
struct GatedSolver {
    open: Arc<AtomicBool>,
    asked: Arc<Mutex<Vec<usize>>>,
}

impl LevelSolver for GatedSolver {
    fn solve(
        &self,
        _: &Arc<Game>,
        level: usize,
        _: Duration,
        cancel: &Arc<AtomicBool>,
        _: &mut dyn FnMut(Duration),
    ) -> Option<Verdict> {
        while !self.open.load(Ordering::Relaxed) {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        self.asked.lock().expect("lock").push(level);
        Some(Verdict::Solved(vec![Step::Input(Input::Right); 3 + level]))
    }
}

/// One check that points at the Hedge object (a fake of the engine's).
struct FlowerCheck;

impl Analyzer for FlowerCheck {
    fn checks(&self) -> Vec<CheckInfo> {
        vec![CheckInfo { id: "T0001", name: "Hedges" }, CheckInfo { id: "T0002", name: "Never" }]
    }
    fn analyze(&self, build: &engine::Build, _: &Arc<AtomicBool>) -> Option<Vec<Finding>> {
        let Some(object) = build.ast.objects.iter().find(|o| o.name.text == "hedge") else { return Some(Vec::new()) };
        let diagnostic = engine::Diagnostic::warning("T0001", object.name.span, "a hedge is defined here");
        Some(vec![Finding { check: "T0001", diagnostic }])
    }
}

#[test]
fn an_edited_level_goes_through_solving_to_a_new_verdict_while_frames_run() {
    let open = Arc::new(AtomicBool::new(true));
    let asked = Arc::new(Mutex::new(Vec::new()));
    let mut app = support::app(Startup::Example(0), Persisted::default());
    app.live =
        LiveChecks::new(Box::new(GatedSolver { open: open.clone(), asked: asked.clone() }), Box::new(FlowerCheck));
    let mut harness = live_studio(app);
    harness.state_mut().panels.levels.select(2);
    assert!(
        wait_until(&mut harness, Duration::from_secs(20), 0.02, |h| card_status(h, "Level 2 (") == "solved in 5 moves")
    );
    open.store(false, Ordering::Relaxed);
    asked.lock().expect("lock").clear();

    // A wall in level 2.
    let text = harness.state().doc.text().to_owned();
    let edited = text.replacen("#.P..S.#", "#.P.#S.#", 1);
    assert_ne!(edited, text);
    harness.state_mut().doc.set_text(edited);
    let solving =
        wait_until(&mut harness, Duration::from_secs(20), 0.02, |h| card_status(h, "Level 2 (") == "solving…");
    assert!(solving, "the edited level is being solved: {:?}", card_status(&harness, "Level 2 ("));
    // The UI keeps drawing while the solver is held.
    let frames_before = harness.ctx.cumulative_pass_nr();
    harness.run_steps(5);
    assert!(harness.ctx.cumulative_pass_nr() >= frames_before + 5);
    assert_eq!(card_status(&harness, "Level 2 ("), "solving…");
    assert_eq!(card_status(&harness, "Level 1 ("), "solved in 4 moves", "an untouched level keeps its verdict");

    open.store(true, Ordering::Relaxed);
    assert!(
        wait_until(&mut harness, Duration::from_secs(20), 0.02, |h| card_status(h, "Level 2 (") == "solved in 5 moves")
    );
    assert_eq!(*asked.lock().expect("lock"), vec![2], "only the edited level was solved again");
}

#[test]
fn a_design_check_warning_is_listed_in_its_group_and_hiding_the_check_removes_it() {
    let mut app = support::app(Startup::Example(0), Persisted::default());
    app.live = LiveChecks::new(
        Box::new(GatedSolver { open: Arc::new(AtomicBool::new(true)), asked: Arc::default() }),
        Box::new(FlowerCheck),
    );
    let mut harness = live_studio(app);
    let shown = wait_until(&mut harness, Duration::from_secs(20), 0.02, |h| {
        h.query_by_label_contains("a hedge is defined here").is_some()
    });
    assert!(
        shown,
        "the warning is listed: {} found, busy {}, statuses {:?}",
        harness.state().live.findings().shown.len(),
        harness.state().live.is_busy(),
        (0..6).map(|i| harness.state().live.status(i)).collect::<Vec<_>>()
    );
    assert!(harness.query_by_label_contains("Design checks (1)").is_some(), "in its own group");

    // Clicking it selects the name in the code.
    harness.get_by_label_contains("a hedge is defined here").click();
    harness.run_steps(3);
    let text = harness.state().doc.text().to_owned();
    let selected = studio::panels::code::selection(&harness.ctx, &text).expect("a selection in the code");
    assert_eq!(text[selected].to_lowercase(), "hedge");
    // And its whole text is in the status line (a long row is cut).
    assert!(harness.state().status.contains("a hedge is defined here"), "status: {}", harness.state().status);

    // Turned off in the menu: gone, and kept in the settings.
    harness.get_by_label("Checks…").click();
    harness.run_steps(2);
    harness.get_by_label("Hedges").click();
    harness.run_steps(3);
    // Gone from the list, and from the status line with it.
    assert!(harness.query_by_label_contains("a hedge is defined here").is_none());
    assert!(harness.query_by_label_contains("Design checks (0)").is_some());
    assert_eq!(harness.state().persisted().hidden_checks, vec!["T0001".to_owned()]);
    let back = support::live_app(Startup::Example(0), harness.state().persisted());
    assert!(!back.live.is_shown("T0001"), "hidden between runs");
}

/// Frame time while typing into the largest corpus game with the solver
/// and the design checks running on their thread:
/// `cargo test -p app --test gui_live typing_with_the_solver_running -- --ignored --nocapture`.
#[test]
#[ignore = "measurement; needs ../shared/corpus"]
fn typing_with_the_solver_running() {
    let path = test_support::corpus_file("easyenigma.txt");
    // The same keystrokes with the live checks off, then on.
    for on in [false, true] {
        let app = if on {
            support::live_app(Startup::File(path.clone()), Persisted::default())
        } else {
            support::app(Startup::File(path.clone()), Persisted::default())
        };
        let ((median, worst), (cpu_median, cpu_worst)) = typing_frames(app);
        println!(
            "easyenigma, live checks {}: 20 keystrokes, frame wall median {median:?} worst {worst:?}; UI thread CPU median {cpu_median:?} worst {cpu_worst:?}",
            if on { "on" } else { "off" }
        );
    }
}

/// Type 20 letters mid-file at about typing pace; the median and worst
/// wall time of the frame that takes each keystroke, and the same of the
/// CPU time the UI thread spent in it (wall time on a busy machine also
/// counts the moments other threads had the core).
fn typing_frames(app: StudioApp) -> ((Duration, Duration), (Duration, Duration)) {
    let mut harness = support::harness(app, [1280.0, 800.0], true);
    harness.state_mut().doc.finish_build();
    harness.run_steps(4);
    let text = harness.state().doc.text().to_owned();
    let mid = text.len() / 2;
    let mid = text[mid..].find('\n').map_or(mid, |i| mid + i);
    studio::panels::code::set_selection(&harness.ctx, &text, mid..mid);
    harness.run_steps(2);
    let mut frames = Vec::new();
    let mut cpu = Vec::new();
    for ch in "abcdefghijklmnopqrst".chars() {
        harness.event(egui::Event::Text(ch.to_string()));
        let t = Instant::now();
        let c = thread_cpu_time();
        harness.step();
        frames.push(t.elapsed());
        cpu.push(thread_cpu_time().saturating_sub(c));
        // About the pace of typing: the workers are busy in between.
        std::thread::sleep(Duration::from_millis(60));
        harness.step();
    }
    assert!(harness.state().doc.text().contains("abcdefghijklmnopqrst"));
    frames.sort();
    cpu.sort();
    ((frames[frames.len() / 2], frames[frames.len() - 1]), (cpu[cpu.len() / 2], cpu[cpu.len() - 1]))
}

/// CPU time this thread has run (Linux's schedstat; zero elsewhere).
fn thread_cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    Duration::from_nanos(stat.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or(0))
}
