//! "Solve harder" on the selected level's verdict: the card says it is
//! solving harder, with a progress bar and Cancel, then shows the result;
//! Cancel stops the search.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use engine::compile::Game;
use engine::run::{Input, Step};
use studio::app::Persisted;
use studio::live::{Analyzer, CheckInfo, Finding, HARDER_BUDGET, LevelSolver, LiveChecks, Verdict};
use studio::{Startup, StudioApp};

mod support;
use support::card_status;

/// Short searches find nothing; the long one ("Solve harder") reports
/// progress until the test opens the gate (then it wins in 7 moves) or the
/// search is cancelled (noted in `cancelled`).
struct HeldSolver {
    open: Arc<AtomicBool>,
    cancelled: Arc<Mutex<Vec<usize>>>,
}

impl LevelSolver for HeldSolver {
    fn solve(
        &self,
        _: &Arc<Game>,
        level: usize,
        budget: Duration,
        cancel: &Arc<AtomicBool>,
        progress: &mut dyn FnMut(Duration),
    ) -> Option<Verdict> {
        if budget < HARDER_BUDGET {
            return Some(Verdict::OutOfBudget(studio::live::Bound::Time(budget)));
        }
        let start = Instant::now();
        while !self.open.load(Ordering::Relaxed) {
            if cancel.load(Ordering::Relaxed) {
                self.cancelled.lock().expect("lock").push(level);
                return None;
            }
            progress(start.elapsed());
            std::thread::sleep(Duration::from_millis(5));
        }
        Some(Verdict::Solved(vec![Step::Input(Input::Right); 7]))
    }
}

struct NoChecks;

impl Analyzer for NoChecks {
    fn checks(&self) -> Vec<CheckInfo> {
        Vec::new()
    }
    fn analyze(&self, _: &engine::Build, _: &Arc<AtomicBool>) -> Option<Vec<Finding>> {
        Some(Vec::new())
    }
}

fn studio_with(open: &Arc<AtomicBool>, cancelled: &Arc<Mutex<Vec<usize>>>) -> Harness<'static, StudioApp> {
    let solver = HeldSolver { open: open.clone(), cancelled: cancelled.clone() };
    studio_on_level_2(Box::new(solver), "no solution found in 300 ms")
}

/// The example studio with `solver` as its live solver, level 2 selected
/// once its card says `status`.
fn studio_on_level_2(solver: Box<dyn LevelSolver>, status: &str) -> Harness<'static, StudioApp> {
    let mut app = support::app(Startup::Example(0), Persisted::default());
    app.live = LiveChecks::new(solver, Box::new(NoChecks));
    let mut harness = support::live_studio(app);
    harness.state_mut().panels.levels.select(2);
    let answered = wait_until(&mut harness, |h| card_status(h, "Level 2 (") == status);
    assert!(answered, "level 2's card says {:?}", card_status(&harness, "Level 2 ("));
    harness.get_by_label_contains("Level 2 (").click();
    harness.run_steps(2);
    harness
}

/// [`support::wait_until`] for up to 20 s, the clock moving 20 ms a frame.
fn wait_until(harness: &mut Harness<'_, StudioApp>, done: impl Fn(&Harness<'_, StudioApp>) -> bool) -> bool {
    support::wait_until(harness, Duration::from_secs(20), 0.02, done)
}

#[test]
fn solve_harder_shows_its_progress_then_the_solution() {
    let (open, cancelled) = (Arc::new(AtomicBool::new(false)), Arc::default());
    let mut harness = studio_with(&open, &cancelled);
    harness.get_by_label("Solve harder").click();
    harness.run_steps(2);
    assert_eq!(card_status(&harness, "Level 2 ("), "solving harder…");
    assert!(harness.query_by_label("Cancel").is_some(), "a Cancel button while it runs");
    let progressed = wait_until(&mut harness, |h| h.query_by_label_contains(" s of 10").is_some());
    assert!(progressed, "a progress bar");
    assert!(harness.query_by_label("Solve harder").is_none(), "no second search while one runs");

    open.store(true, Ordering::Relaxed);
    let solved = wait_until(&mut harness, |h| card_status(h, "Level 2 (") == "solved in 7 moves");
    assert!(solved, "the card says {:?}", card_status(&harness, "Level 2 ("));
    assert!(harness.query_by_label("Solve harder: solved in 7 moves").is_some());
    assert!(harness.query_by_label("Cancel").is_none());
    assert!(cancelled.lock().expect("lock").is_empty());
}

#[test]
fn cancel_stops_solve_harder() {
    let (open, cancelled) = (Arc::new(AtomicBool::new(false)), Arc::default());
    let mut harness = studio_with(&open, &cancelled);
    harness.get_by_label("Solve harder").click();
    harness.run_steps(2);
    assert_eq!(card_status(&harness, "Level 2 ("), "solving harder…");
    harness.get_by_label("Cancel").click();
    let stopped = wait_until(&mut harness, |h| h.query_by_label("Solve harder: cancelled").is_some());
    assert!(stopped, "the card says {:?}", card_status(&harness, "Level 2 ("));
    assert_eq!(*cancelled.lock().expect("lock"), vec![2], "the search saw the cancel");
    assert_eq!(card_status(&harness, "Level 2 ("), "no solution found in 300 ms");
    assert!(!harness.get_by_label("Solve harder").accesskit_node().is_disabled(), "it can be asked again");
}

/// Every level "never settles at load".
struct RestlessSolver;

impl LevelSolver for RestlessSolver {
    fn solve(
        &self,
        _: &Arc<Game>,
        _: usize,
        _: Duration,
        _: &Arc<AtomicBool>,
        _: &mut dyn FnMut(Duration),
    ) -> Option<Verdict> {
        Some(Verdict::Unplayable)
    }
}

#[test]
fn an_unplayable_level_says_so_and_offers_no_harder_search() {
    let harness = studio_on_level_2(Box::new(RestlessSolver), "never settles at load: nothing to solve");
    assert!(harness.get_by_label("Solve harder").accesskit_node().is_disabled(), "a longer search cannot help");
}
