//! Live checks: what each level allows, worked out while the author types.
//!
//! After each build the studio hands the compiled game to one background
//! thread (`worker`), which solves every level with a short budget
//! ([`BUDGET`]), levels edited most recently first, then runs the design
//! checks. A newer build cancels the stale work. Verdicts are keyed by the
//! level's content (its compiled cells and a hash of the game's rules), so
//! a level the edit did not touch keeps its verdict. [`LiveChecks`] is the
//! UI side: it sends builds, polls answers once a frame and never waits.
//!
//! The search and the analysis come in through two small traits,
//! [`LevelSolver`] and [`Analyzer`] (`engine_backed` has the engine's;
//! tests use fakes). Owns no drawing: the Levels and Problems panels read
//! it.

pub mod engine_backed;
mod worker;

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::time::Duration;

use engine::compile::{Game, Level};
use engine::run::Step;

/// Time the background search spends on each level.
pub const BUDGET: Duration = Duration::from_millis(300);
/// Time "Solve harder" gives the selected level.
pub const HARDER_BUDGET: Duration = Duration::from_secs(10);
/// Fewer moves than this (or none at all) make a level "trivial".
pub const TRIVIAL_MOVES: usize = 3;

/// Which bound ended a search that found no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Its time ran out (the time it was given).
    Time(Duration),
    /// The states it stored reached its memory bound, after this long.
    Memory {
        /// Distinct states stored.
        states: usize,
        /// Their estimated bytes.
        bytes: usize,
        /// Time spent.
        after: Duration,
    },
}

/// `t` as the cards say it: "250 ms", "10 s", "3.2 s".
fn seconds(t: Duration) -> String {
    let ms = t.as_millis();
    if ms < 1000 {
        format!("{ms} ms")
    } else if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.1} s", t.as_secs_f64())
    }
}

/// What the search found for one level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// These inputs (keys and a mouse game's clicks) win it.
    Solved(Vec<Step>),
    /// Every reachable state was tried: no input sequence wins.
    Impossible,
    /// Proven impossible because no move leads anywhere: every move that
    /// changes the level sets off `again` turns that never stop.
    EveryMoveLoops,
    /// The game has no win conditions and no `win` command yet: no level
    /// of it can be won.
    NoWayToWin,
    /// The search stopped at one of its bounds before an answer.
    OutOfBudget(Bound),
    /// The level never comes to rest as it loads (its `again` turns go on
    /// past the limit), so there is nothing to search from.
    Unplayable,
}

impl Verdict {
    /// The card's status line.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Verdict::Solved(inputs) if inputs.len() < TRIVIAL_MOVES => "trivial".to_owned(),
            Verdict::Solved(inputs) => format!("solved in {} moves", inputs.len()),
            Verdict::Impossible => "proven impossible".to_owned(),
            Verdict::EveryMoveLoops => "proven impossible: every move sets off again turns that never stop".to_owned(),
            Verdict::NoWayToWin => "cannot be won: no win conditions".to_owned(),
            Verdict::OutOfBudget(Bound::Time(t)) => {
                format!("no solution found in {}", seconds(*t))
            }
            Verdict::OutOfBudget(Bound::Memory { states, bytes, after }) => format!(
                "no solution found before the memory bound: {states} states in {} MB after {}",
                bytes.div_ceil(1 << 20),
                seconds(*after)
            ),
            Verdict::Unplayable => "never settles at load: nothing to solve".to_owned(),
        }
    }

    /// A verdict no longer budget can change: solved, proven impossible,
    /// or no start to search from.
    #[must_use]
    pub fn is_final(&self) -> bool {
        matches!(
            self,
            Verdict::Solved(_)
                | Verdict::Impossible
                | Verdict::EveryMoveLoops
                | Verdict::NoWayToWin
                | Verdict::Unplayable
        )
    }
}

/// One design check the analyzer can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckInfo {
    /// Stable id (kept in the settings when the author hides the check).
    pub id: &'static str,
    /// Its name in the Problems panel's menu.
    pub name: &'static str,
}

/// A warning of one design check.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The check's [`CheckInfo::id`].
    pub check: &'static str,
    /// What it says and where.
    pub diagnostic: engine::Diagnostic,
}

/// Searches a level for a winning input sequence.
pub trait LevelSolver: Send + 'static {
    /// Search entry `level` of `game` for at most `budget`; `None` when
    /// `cancel` was set before an answer. `progress` is called now and then
    /// with the time spent.
    fn solve(
        &self,
        game: &Arc<Game>,
        level: usize,
        budget: Duration,
        cancel: &Arc<AtomicBool>,
        progress: &mut dyn FnMut(Duration),
    ) -> Option<Verdict>;

    /// Like [`LevelSolver::solve`], for "Solve harder": a solver that can
    /// search with several strategies on threads of their own may use up
    /// to `threads` of them. By default, the one search of `solve`.
    fn solve_wide(
        &self,
        game: &Arc<Game>,
        level: usize,
        budget: Duration,
        threads: usize,
        cancel: &Arc<AtomicBool>,
        progress: &mut dyn FnMut(Duration),
    ) -> Option<Verdict> {
        let _ = threads;
        self.solve(game, level, budget, cancel, progress)
    }
}

/// Threads "Solve harder" may search with: every core but one (the one
/// the studio draws on), at most four (the strategies there are), at least
/// one.
#[must_use]
pub fn harder_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1)).clamp(1, 4)
}

/// Runs design checks on a built game.
pub trait Analyzer: Send + 'static {
    /// Every check, in menu order.
    fn checks(&self) -> Vec<CheckInfo>;
    /// The warnings of every check (the UI hides those turned off);
    /// `None` when `cancel` was set first.
    fn analyze(&self, build: &engine::Build, cancel: &Arc<AtomicBool>) -> Option<Vec<Finding>>;
}

/// What the UI asks the worker.
enum ToWorker {
    /// Solve and analyse this build (cancelling any older one).
    Build(Job),
    /// Give one level a longer search.
    Harder(HarderJob),
}

/// One build's work.
struct Job {
    generation: u64,
    game: Arc<Game>,
    /// The build (its tree and game; no diagnostics) for the analyzer.
    build: Arc<engine::Build>,
    cancel: Arc<AtomicBool>,
    repaint: Option<egui::Context>,
}

/// A "Solve harder" request.
struct HarderJob {
    key: u64,
    level: usize,
    game: Arc<Game>,
    budget: Duration,
    cancel: Arc<AtomicBool>,
}

/// What the worker answers.
enum FromWorker {
    /// Each LEVELS entry's content key (`None` for messages) of a build.
    Keys { generation: u64, keys: Vec<Option<u64>> },
    /// A level's verdict.
    Verdict { key: u64, verdict: Verdict },
    /// The design checks' warnings for a build.
    Analysis { generation: u64, findings: Vec<Finding> },
    /// Time spent so far by "Solve harder".
    HarderProgress { key: u64, elapsed: Duration },
    /// "Solve harder" ended without a solution (`None`: cancelled).
    HarderDone { key: u64, verdict: Option<Verdict> },
}

/// "Solve harder" as the UI follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Harder {
    /// Searching level `level`, this long so far.
    Running {
        /// The LEVELS entry.
        level: usize,
        /// Time spent (as last reported).
        elapsed: Duration,
    },
    /// It ended; the sentence says how.
    Ended(String),
}

/// The live checks of the open game, as the UI sees them.
pub struct LiveChecks {
    to_worker: Option<Sender<ToWorker>>,
    from_worker: Option<Receiver<FromWorker>>,
    checks: Vec<CheckInfo>,
    /// Checks the author turned off (by id), kept in the settings.
    pub hidden: BTreeSet<String>,
    generation: u64,
    /// The game last sent: its address (to notice a new build) and itself.
    sent: Option<(usize, Arc<Game>)>,
    cancel: Arc<AtomicBool>,
    keys: Vec<Option<u64>>,
    /// The build the keys were worked out for (until the worker answers
    /// for a newer one, a key is trusted only where that entry's map did
    /// not change: after levels are moved, a card must not show its old
    /// neighbour's verdict).
    keys_game: Option<(u64, Arc<Game>)>,
    verdicts: HashMap<u64, Verdict>,
    analysis: Option<(u64, Vec<Finding>)>,
    harder: Option<(u64, Arc<AtomicBool>, Harder)>,
}

/// The design checks' warnings the studio shows ([`LiveChecks::findings`]).
#[derive(Debug)]
pub struct DesignFindings<'a> {
    /// The warnings of the last analysed build, hidden checks left out.
    pub shown: Vec<&'a Finding>,
    /// A newer build is being checked: these may be out of date.
    pub stale: bool,
}

impl LiveChecks {
    /// Live checks answered by `solver` and `analyzer` on their own thread.
    #[must_use]
    pub fn new(solver: Box<dyn LevelSolver>, analyzer: Box<dyn Analyzer>) -> Self {
        let checks = analyzer.checks();
        let (to_worker, worker_rx) = std::sync::mpsc::channel();
        let (worker_tx, from_worker) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("puzzlewright-live-checks".into())
            .spawn(move || worker::run(&worker_rx, &worker_tx, solver.as_ref(), analyzer.as_ref()));
        let mut live = Self::off();
        live.checks = checks;
        if spawned.is_ok() {
            live.to_worker = Some(to_worker);
            live.from_worker = Some(from_worker);
        }
        live
    }

    /// The engine's solver and analyzer.
    #[must_use]
    pub fn with_engine() -> Self {
        Self::new(Box::new(engine_backed::EngineSolver), Box::new(engine_backed::EngineAnalyzer))
    }

    /// No live checks (no thread): cards show no status.
    #[must_use]
    pub fn off() -> Self {
        Self {
            to_worker: None,
            from_worker: None,
            checks: Vec::new(),
            hidden: BTreeSet::new(),
            generation: 0,
            sent: None,
            cancel: Arc::new(AtomicBool::new(false)),
            keys: Vec::new(),
            keys_game: None,
            verdicts: HashMap::new(),
            analysis: None,
            harder: None,
        }
    }

    /// Whether a worker answers.
    #[must_use]
    pub fn is_on(&self) -> bool {
        self.to_worker.is_some()
    }

    /// Hand a new build to the worker (cancelling stale work) and take
    /// its answers. Call once a frame; true when something arrived.
    pub fn poll(&mut self, build: Option<&engine::Build>, ctx: &egui::Context) -> bool {
        let Some(to_worker) = &self.to_worker else { return false };
        if let Some(build) = build
            && let Some(game) = &build.game
            && self.sent.as_ref().is_none_or(|(ptr, _)| *ptr != Arc::as_ptr(game) as usize)
        {
            self.cancel.store(true, Ordering::Relaxed);
            self.cancel = Arc::new(AtomicBool::new(false));
            self.generation += 1;
            self.sent = Some((Arc::as_ptr(game) as usize, game.clone()));
            let job = Job {
                generation: self.generation,
                game: game.clone(),
                build: Arc::new(engine::Build {
                    ast: build.ast.clone(),
                    diagnostics: Vec::new(),
                    game: Some(game.clone()),
                    salvaged: None,
                }),
                cancel: self.cancel.clone(),
                repaint: Some(ctx.clone()),
            };
            let _ = to_worker.send(ToWorker::Build(job));
        }
        let mut arrived = false;
        while let Some(message) = self.from_worker.as_ref().and_then(|rx| rx.try_recv().ok()) {
            arrived = true;
            self.take(message);
        }
        // A level edited away ends its longer search.
        if let Some((key, cancel, Harder::Running { .. })) = &self.harder
            && !self.keys.contains(&Some(*key))
            && self.keys_current()
        {
            cancel.store(true, Ordering::Relaxed);
        }
        arrived
    }

    fn take(&mut self, message: FromWorker) {
        match message {
            FromWorker::Keys { generation, keys } => {
                if generation == self.generation {
                    self.keys = keys;
                    self.keys_game = self.sent.as_ref().map(|(_, g)| (generation, g.clone()));
                }
            }
            FromWorker::Verdict { key, verdict } => {
                if let Some((k, _, Harder::Running { .. })) = &self.harder
                    && *k == key
                    && verdict.is_final()
                {
                    let what = verdict.describe();
                    self.harder = Some((key, Arc::default(), Harder::Ended(format!("Solve harder: {what}"))));
                }
                self.verdicts.insert(key, verdict);
            }
            FromWorker::Analysis { generation, findings } => {
                if generation == self.generation {
                    self.analysis = Some((generation, findings));
                }
            }
            FromWorker::HarderProgress { key, elapsed } => {
                if let Some((k, _, Harder::Running { elapsed: e, .. })) = &mut self.harder
                    && *k == key
                {
                    *e = elapsed;
                }
            }
            FromWorker::HarderDone { key, verdict } => {
                if let Some((k, _, state @ Harder::Running { .. })) = &mut self.harder
                    && *k == key
                {
                    *state = Harder::Ended(match verdict {
                        Some(v) => format!("Solve harder: {}", v.describe()),
                        None => "Solve harder: cancelled".to_owned(),
                    });
                }
            }
        }
    }

    /// Whether the keys shown are those of the last build sent.
    fn keys_current(&self) -> bool {
        self.keys.len() == self.sent.as_ref().map_or(0, |(_, g)| g.levels.len())
    }

    /// Entry `i`'s content key, if it is known for the build on screen:
    /// the worker's keys are for an older build until it answers, and
    /// are used then only for entries whose map is the same in both.
    fn key(&self, i: usize) -> Option<u64> {
        let key = self.keys.get(i).copied().flatten()?;
        let (Some((generation, old)), Some((_, new))) = (&self.keys_game, &self.sent) else { return None };
        if *generation == self.generation {
            return Some(key);
        }
        match (old.levels.get(i), new.levels.get(i)) {
            (Some(Level::Map(a)), Some(Level::Map(b)))
                if (a.width, a.height) == (b.width, b.height) && a.cells == b.cells =>
            {
                Some(key)
            }
            _ => None,
        }
    }

    /// Forget everything about the game shown until now (another game was
    /// opened): its verdicts, keys and design checks, and cancel the work
    /// still running for it. The next build is sent afresh.
    pub fn forget(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.cancel = Arc::new(AtomicBool::new(false));
        if let Some((_, cancel, _)) = &self.harder {
            cancel.store(true, Ordering::Relaxed);
        }
        self.harder = None;
        self.generation += 1;
        self.sent = None;
        self.keys.clear();
        self.keys_game = None;
        self.verdicts.clear();
        self.analysis = None;
    }

    /// LEVELS entry `i`'s verdict, if the worker has one.
    #[must_use]
    pub fn verdict(&self, i: usize) -> Option<&Verdict> {
        self.key(i).and_then(|k| self.verdicts.get(&k))
    }

    /// The status line of entry `i`'s card: `None` for messages, for
    /// builds the worker has not seen, or when live checks are off.
    #[must_use]
    pub fn status(&self, i: usize) -> Option<String> {
        let Some(key) = self.key(i) else {
            // A map whose key is not known yet (the worker has not answered
            // for this build) is waiting for its verdict.
            let map = self.keys_game.is_some()
                && self.sent.as_ref().is_some_and(|(_, g)| matches!(g.levels.get(i), Some(Level::Map(_))));
            return map.then(|| "solving…".to_owned());
        };
        if let Some((k, _, Harder::Running { .. })) = &self.harder
            && *k == key
            && !self.verdicts.get(&key).is_some_and(Verdict::is_final)
        {
            return Some("solving harder…".to_owned());
        }
        Some(self.verdicts.get(&key).map_or_else(|| "solving…".to_owned(), Verdict::describe))
    }

    /// Every design check, in menu order.
    #[must_use]
    pub fn checks(&self) -> &[CheckInfo] {
        &self.checks
    }

    /// Whether check `id` is shown.
    #[must_use]
    pub fn is_shown(&self, id: &str) -> bool {
        !self.hidden.contains(id)
    }

    /// Show or hide check `id`'s warnings.
    pub fn set_shown(&mut self, id: &str, shown: bool) {
        if shown {
            self.hidden.remove(id);
        } else {
            self.hidden.insert(id.to_owned());
        }
    }

    /// The design checks' warnings of the last analysed build, those of
    /// hidden checks left out, and whether a newer build is being checked.
    #[must_use]
    pub fn findings(&self) -> DesignFindings<'_> {
        let Some((generation, found)) = &self.analysis else {
            return DesignFindings { shown: Vec::new(), stale: self.is_on() && self.sent.is_some() };
        };
        let shown = found.iter().filter(|f| self.is_shown(f.check)).collect();
        DesignFindings { shown, stale: *generation != self.generation }
    }

    /// Search entry `level` for [`HARDER_BUDGET`] (it must be a map of
    /// the last build); the verdict replaces the short one when it is
    /// better. False when there is nothing to search.
    pub fn solve_harder(&mut self, level: usize) -> bool {
        let (Some(key), Some((_, game))) = (self.key(level), self.sent.clone()) else {
            return false;
        };
        self.cancel_harder();
        let cancel = Arc::new(AtomicBool::new(false));
        let job = HarderJob { key, level, game, budget: HARDER_BUDGET, cancel: cancel.clone() };
        if self.to_worker.as_ref().is_none_or(|tx| tx.send(ToWorker::Harder(job)).is_err()) {
            return false;
        }
        self.harder = Some((key, cancel, Harder::Running { level, elapsed: Duration::ZERO }));
        true
    }

    /// Stop "Solve harder".
    pub fn cancel_harder(&mut self) {
        if let Some((_, cancel, Harder::Running { .. })) = &self.harder {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// "Solve harder" of entry `level`: running or how it ended.
    #[must_use]
    pub fn harder(&self, level: usize) -> Option<&Harder> {
        let (key, _, state) = self.harder.as_ref()?;
        (self.key(level) == Some(*key)).then_some(state)
    }

    /// Whether the worker still owes answers for the shown build.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.is_on()
            && (!self.keys_current()
                || self.keys.iter().flatten().any(|k| !self.verdicts.contains_key(k))
                || self.analysis.as_ref().is_none_or(|(g, _)| *g != self.generation)
                || matches!(self.harder, Some((_, _, Harder::Running { .. }))))
    }
}

impl Drop for LiveChecks {
    fn drop(&mut self) {
        // The worker ends when its channel closes; stop its search now.
        self.cancel.store(true, Ordering::Relaxed);
        self.cancel_harder();
    }
}

#[cfg(test)]
mod tests;
