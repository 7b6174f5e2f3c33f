//! Kept solutions in the studio: after every build, the solutions kept
//! beside the game (`NAME.solutions.json`, [`crate::solutions`]) are
//! replayed on a background thread, and the verdicts, the shortcuts the
//! solver finds and the rule coverage of the kept solutions come back for
//! the Solutions panel (and the level cards and Problems) to show. A newer
//! build, or another game, cancels the stale work.
//!
//! What is shown is always about the game on screen: the answer carries the
//! build (its compiled game, held, so its identity cannot be reused) and the
//! file it was read from, and an answer for anything else is dropped.

use crate::solutions::{By, LevelReport, Solutions, Status, check, sidecar_path};
use engine::compile::Game;
use engine::kept;
use engine::run::Step;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// Time the solver spends looking for a shorter way through each level.
pub const SHORTCUT_BUDGET: Duration = Duration::from_millis(250);

/// The build a job replays against, with its text.
#[derive(Clone)]
struct Version {
    build: Arc<engine::Build>,
    text: Arc<str>,
}

/// What the worker found for one build.
#[derive(Debug, Clone, Default)]
pub struct Findings {
    /// The solutions file as read.
    pub solutions: Solutions,
    /// One report per level, in level order.
    pub reports: Vec<LevelReport>,
    /// Levels (by entry) where the solver found a solution shorter than
    /// the kept one: its length.
    pub shortcuts: BTreeMap<usize, usize>,
    /// Applications per rule line over every kept solution that still wins.
    pub coverage: BTreeMap<u32, usize>,
    /// Levels (by entry) whose winning kept solution has moves a `cancel`,
    /// a `restart` or `require_player_movement` interrupted, each with the
    /// rule that did it (levels with none are left out).
    pub interruptions: BTreeMap<usize, Vec<kept::Interruption>>,
    /// Levels (by entry) whose kept solution wins: how many of its moves
    /// pushed (moved more than the player; [`kept::pushes`]).
    pub pushes: BTreeMap<usize, usize>,
    /// Every line of the game that holds a rule.
    pub rule_lines: Vec<u32>,
    /// The file could not be read (its reason).
    pub error: Option<String>,
}

impl Findings {
    /// The rule lines no kept solution applies (empty when nothing is kept).
    #[must_use]
    pub fn never_fired(&self) -> Vec<u32> {
        if !self.reports.iter().any(|r| matches!(r.status, Status::Wins { .. })) {
            return Vec::new();
        }
        self.rule_lines.iter().copied().filter(|l| !self.coverage.contains_key(l)).collect()
    }

    /// Levels whose kept solutions no longer win.
    #[must_use]
    pub fn broken(&self) -> Vec<&LevelReport> {
        self.reports.iter().filter(|r| matches!(r.status, Status::Broken { .. })).collect()
    }
}

/// The studio side: sends builds, takes answers, never waits.
#[derive(Default)]
pub struct Keeper {
    /// The game and file of the last job sent.
    sent: Option<(Arc<Game>, Option<PathBuf>)>,
    /// The answer for `sent`, once it came.
    current: Option<Findings>,
    /// The last build in which every kept solution won, to name the rules
    /// that changed when one breaks.
    last_good: Option<Version>,
    cancel: Arc<AtomicBool>,
    answer: Option<Receiver<(Findings, Option<Version>)>>,
    /// Off in exported games and some tests.
    off: bool,
    /// What the last keep did, for the panel's status line.
    pub note: String,
}

impl Keeper {
    /// A keeper that never replays (the exported game's window).
    #[must_use]
    pub fn off() -> Self {
        Keeper { off: true, ..Keeper::default() }
    }

    /// Hand the build on screen (of the game at `path`, built from `text`)
    /// to a worker when it is new, and take an answer that came. Call once a
    /// frame; true when something arrived.
    pub fn poll(
        &mut self,
        build: Option<&engine::Build>,
        text: &str,
        path: Option<&Path>,
        ctx: &egui::Context,
    ) -> bool {
        if self.off {
            return false;
        }
        if let Some(build) = build
            && let Some(game) = &build.game
            && self.sent.as_ref().is_none_or(|(g, p)| !Arc::ptr_eq(g, game) || p.as_deref() != path)
        {
            let same_file = self.sent.as_ref().is_some_and(|(_, p)| p.as_deref() == path);
            if !same_file {
                // Another game: nothing of the last one carries over.
                self.last_good = None;
                self.current = None;
            }
            self.send(build, text, path, ctx);
        }
        let Some(rx) = &self.answer else { return false };
        match rx.try_recv() {
            Ok((findings, good)) => {
                if good.is_some() {
                    self.last_good = good;
                }
                self.current = Some(findings);
                self.answer = None;
                true
            }
            Err(_) => false,
        }
    }

    fn send(&mut self, build: &engine::Build, text: &str, path: Option<&Path>, ctx: &egui::Context) {
        let Some(game) = build.game.clone() else { return };
        self.cancel.store(true, Ordering::Relaxed);
        self.cancel = Arc::new(AtomicBool::new(false));
        self.sent = Some((game, path.map(Path::to_path_buf)));
        let version = Version {
            build: Arc::new(engine::Build {
                ast: build.ast.clone(),
                diagnostics: Vec::new(),
                game: build.game.clone(),
                salvaged: None,
            }),
            text: Arc::from(text),
        };
        let (tx, rx) = channel();
        self.answer = Some(rx);
        let cancel = Arc::clone(&self.cancel);
        let before = self.last_good.clone();
        let file = path.map(sidecar_path);
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new().name("kept solutions".into()).spawn(move || {
            let found = work(&version, before.as_ref(), file.as_deref(), &cancel);
            if let Some(found) = found {
                let good = found.broken().is_empty().then_some(version);
                let _ = tx.send((found, good));
                ctx.request_repaint();
            }
        });
        if spawned.is_err() {
            self.answer = None;
        }
    }

    /// What was found for the build on screen (`None` until the worker
    /// answers, or when the game has no file yet).
    #[must_use]
    pub fn findings(&self) -> Option<&Findings> {
        self.current.as_ref()
    }

    /// Whether the worker is replaying.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        self.answer.is_some()
    }

    /// Keep `moves` for LEVELS entry `entry` of `build`, in the file beside
    /// the game at `path`, and replay again. Says in [`Keeper::note`] what
    /// happened.
    pub fn keep(&mut self, path: Option<&Path>, build: &engine::Build, entry: usize, moves: &[Step], by: By) {
        let Some(path) = path else {
            self.note = "Save the game first: solutions are kept in a file beside it.".to_owned();
            return;
        };
        let wins = build.game.as_ref().is_some_and(|g| kept::replay(g, entry, None, moves).verdict.wins());
        if !wins {
            self.note = "Not kept: these moves do not win the level in the game as it is now.".to_owned();
            return;
        }
        self.note = match keep_in_file(&sidecar_path(path), build, &[(entry, moves.to_vec())], by) {
            Ok(0) => "That solution was already kept.".to_owned(),
            Ok(_) => format!("Kept in {}.", sidecar_path(path).display()),
            Err(e) => format!("Could not keep it: {e:#}"),
        };
        // Replay with the new file.
        self.sent = None;
    }

    /// Keep several solutions at once (the solver's for every level it
    /// solved that has none kept).
    pub fn keep_all(&mut self, path: Option<&Path>, build: &engine::Build, solutions: &[(usize, Vec<Step>)], by: By) {
        let Some(path) = path else {
            self.note = "Save the game first: solutions are kept in a file beside it.".to_owned();
            return;
        };
        self.note = match keep_in_file(&sidecar_path(path), build, solutions, by) {
            Ok(n) => format!("Kept {n} solution(s) in {}.", sidecar_path(path).display()),
            Err(e) => format!("Could not keep them: {e:#}"),
        };
        self.sent = None;
    }
}

/// Add solutions to the file (read fresh, so nothing another program wrote
/// is lost) and write it; how many were new.
fn keep_in_file(file: &Path, build: &engine::Build, solutions: &[(usize, Vec<Step>)], by: By) -> anyhow::Result<usize> {
    let mut kept = Solutions::load(file)?;
    let mut added = 0;
    for (entry, moves) in solutions {
        added += usize::from(kept.keep(build, *entry, moves, by, None));
    }
    if added > 0 {
        kept.save(file)?;
    }
    Ok(added)
}

/// The worker's job: read the file, replay, look for shortcuts, count
/// coverage. `None` when cancelled.
fn work(version: &Version, before: Option<&Version>, file: Option<&Path>, cancel: &AtomicBool) -> Option<Findings> {
    let build = &version.build;
    let game = build.game.as_ref()?;
    let mut found = Findings { rule_lines: kept::rule_lines(game), ..Findings::default() };
    let Some(file) = file else { return Some(found) };
    match Solutions::load(file) {
        Ok(s) => found.solutions = s,
        Err(e) => {
            found.error = Some(format!("{e:#}"));
            return Some(found);
        }
    }
    let before = before.map(|v| (&*v.build, &*v.text));
    found.reports = check(build, &version.text, &found.solutions, before);
    for report in &found.reports {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let (Status::Wins { moves, .. }, Some(sol)) = (&report.status, &report.solution) else { continue };
        let Ok(steps) = kept::parse_moves(&sol.moves) else { continue };
        for (line, n) in kept::rule_coverage(game, report.entry, sol.seed.as_deref(), &steps) {
            *found.coverage.entry(line).or_insert(0) += n;
        }
        found.pushes.insert(report.entry, kept::pushes(game, report.entry, sol.seed.as_deref(), &steps));
        let stops = kept::interruptions(game, report.entry, sol.seed.as_deref(), &steps);
        if !stops.is_empty() {
            found.interruptions.insert(report.entry, stops);
        }
        let opts = engine::solve::SolveOptions { timeout: Some(SHORTCUT_BUDGET), ..Default::default() };
        let stop = engine::solve::Cancel::new();
        if let engine::solve::Status::Solved { inputs } = engine::solve::solve(game, report.entry, &opts, &stop).status
            && inputs.len() < *moves
        {
            found.shortcuts.insert(report.entry, inputs.len());
        }
    }
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "title keeper\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nCrate\norange\nWall\ngrey\nTarget\nred\n\n\
         LEGEND\n. = Background\nP = Player\nC = Crate\nW = Wall\nT = Target\n\nSOUNDS\n\n\
         COLLISIONLAYERS\nBackground\nTarget\nPlayer, Crate, Wall\n\nRULES\n[ > Player | Crate ] -> [ > Player | > Crate ]\n\n\
         WINCONDITIONS\nall Crate on Target\n\nLEVELS\nWWWWWWW\nW.....W\nW.C..TW\nWP....W\nWWWWWWW\n";

    fn wait(keeper: &mut Keeper, build: &engine::Build, text: &str, path: &Path, ctx: &egui::Context) {
        for _ in 0..500 {
            keeper.poll(Some(build), text, Some(path), ctx);
            if !keeper.is_busy() && keeper.findings().is_some() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("the keeper never answered");
    }

    #[test]
    fn kept_solutions_are_replayed_after_each_build_and_follow_the_game() {
        let dir = std::env::temp_dir().join(format!("pw-keeper-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("push.txt");
        let ctx = egui::Context::default();
        let mut keeper = Keeper::default();
        let build = engine::build(GAME);
        wait(&mut keeper, &build, GAME, &path, &ctx);
        assert_eq!(keeper.findings().map(|f| f.reports[0].status.clone()), Some(Status::NoneKept));

        keeper.keep(Some(&path), &build, 0, &kept::parse_moves("urrr").expect("moves"), By::Player);
        assert!(keeper.note.starts_with("Kept in"), "{}", keeper.note);
        assert!(dir.join("push.solutions.json").exists());
        wait(&mut keeper, &build, GAME, &path, &ctx);
        let f = keeper.findings().expect("findings");
        assert_eq!(f.reports[0].status, Status::Wins { moves: 4, early: None });
        // The push rule applied three times; it is the only rule.
        assert_eq!(f.coverage.values().sum::<usize>(), 3);
        assert_eq!(f.pushes.get(&0), Some(&3), "three of the four moves push");
        assert!(f.never_fired().is_empty());

        // A rule change breaks it, and the rule is named from the last good build.
        let stuck = GAME.replace("-> [ > Player | > Crate ]", "-> [ Player | Crate ]");
        let new = engine::build(&stuck);
        wait(&mut keeper, &new, &stuck, &path, &ctx);
        let f = keeper.findings().expect("findings");
        let Status::Broken { at, rules, .. } = &f.reports[0].status else { panic!("{:?}", f.reports) };
        assert_eq!(*at, Some(2));
        assert_eq!(rules.len(), 2, "{rules:?}");
        assert_eq!(f.broken().len(), 1);

        // Another game (no file beside it): nothing of the first remains.
        let other = dir.join("other.txt");
        wait(&mut keeper, &build, GAME, &other, &ctx);
        assert_eq!(keeper.findings().map(|f| f.reports[0].status.clone()), Some(Status::NoneKept));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_game_never_saved_is_told_to_save_first() {
        let mut keeper = Keeper::default();
        let build = engine::build(GAME);
        keeper.keep(None, &build, 0, &kept::parse_moves("urrr").expect("moves"), By::Player);
        assert!(keeper.note.contains("Save the game first"), "{}", keeper.note);
    }
}
