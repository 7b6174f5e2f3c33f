//! The live checks' thread: takes builds and "Solve harder" requests,
//! waits for a pause in typing, solves levels (most recently edited
//! first), runs the design checks, and sends each answer as soon as it
//! has it. Keeps every verdict it has
//! found by level content, so an unchanged level is never solved twice.

use std::collections::HashMap;
use std::hash::{Hash as _, Hasher as _};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, Sender};

use engine::compile::{Game, Level};

use super::{Analyzer, BUDGET, FromWorker, HarderJob, Job, LevelSolver, ToWorker, Verdict};

/// How long the worker waits after a build for the next one before it
/// starts solving (a pause in typing).
pub(super) const SETTLE: std::time::Duration = std::time::Duration::from_millis(200);

/// Feeds `Debug` text into a hasher without building the string.
struct HashWriter<'a>(&'a mut std::collections::hash_map::DefaultHasher);

impl std::fmt::Write for HashWriter<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.write(s.as_bytes());
        Ok(())
    }
}

/// A hash of everything in `game` that decides how its levels play (the
/// rules, objects, layers, win conditions and options; not the levels
/// nor the sounds).
pub(super) fn rules_key(game: &Game) -> u64 {
    use std::fmt::Write as _;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let _ = write!(
        HashWriter(&mut h),
        "{:?}{}{:?}{:?}{:?}{:?}{:?}{:?}{:?}",
        game.objects,
        game.layer_count,
        game.layer_masks,
        game.player,
        game.rules,
        game.late_rules,
        game.subroutines,
        game.win_conditions,
        game.metadata
    );
    h.finish()
}

/// Each LEVELS entry's content key (`None` for messages).
pub(super) fn level_keys(game: &Game) -> Vec<Option<u64>> {
    let rules = rules_key(game);
    game.levels
        .iter()
        .map(|level| match level {
            Level::Map(grid) => {
                let mut h = std::collections::hash_map::DefaultHasher::new();
                (rules, grid.width, grid.height, &grid.cells).hash(&mut h);
                Some(h.finish())
            }
            _ => None,
        })
        .collect()
}

/// The worker's memory across builds.
struct Worker<'a> {
    tx: &'a Sender<FromWorker>,
    solver: &'a dyn LevelSolver,
    analyzer: &'a dyn Analyzer,
    verdicts: HashMap<u64, Verdict>,
    /// The build number each level content was first seen in.
    first_seen: HashMap<u64, u64>,
    /// Analysis by the whole game's keys.
    analysed: Option<(u64, Vec<super::Finding>)>,
    /// Asked for a repaint after each answer (the last build's context).
    repaint: Option<egui::Context>,
}

/// Serve `rx` until the studio drops its sender.
pub(super) fn run(rx: &Receiver<ToWorker>, tx: &Sender<FromWorker>, solver: &dyn LevelSolver, analyzer: &dyn Analyzer) {
    let mut worker = Worker {
        tx,
        solver,
        analyzer,
        verdicts: HashMap::new(),
        first_seen: HashMap::new(),
        analysed: None,
        repaint: None,
    };
    while let Ok(first) = rx.recv() {
        // Only the newest build matters; requests to solve harder run first.
        let mut build = None;
        let mut harder = Vec::new();
        let take = |message, build: &mut Option<Job>, harder: &mut Vec<HarderJob>| match message {
            ToWorker::Build(job) => *build = Some(job),
            ToWorker::Harder(job) => harder.push(job),
        };
        take(first, &mut build, &mut harder);
        for message in rx.try_iter() {
            take(message, &mut build, &mut harder);
        }
        // While the author is typing, builds come every few tens of
        // milliseconds: wait for a pause rather than take the cores from
        // the editor for work the next keystroke cancels.
        if harder.is_empty() {
            while let Ok(message) = rx.recv_timeout(SETTLE) {
                take(message, &mut build, &mut harder);
            }
        }
        for job in harder {
            worker.harder(&job);
        }
        if let Some(job) = build {
            worker.build(&job);
        }
    }
}

impl Worker<'_> {
    fn send(&self, message: FromWorker) {
        let _ = self.tx.send(message);
        if let Some(ctx) = &self.repaint {
            ctx.request_repaint();
        }
    }

    fn build(&mut self, job: &Job) {
        self.repaint.clone_from(&job.repaint);
        let keys = level_keys(&job.game);
        self.send(FromWorker::Keys { generation: job.generation, keys: keys.clone() });
        for key in keys.iter().flatten() {
            self.first_seen.entry(*key).or_insert(job.generation);
        }
        // Newest edits first: levels first seen in a later build first;
        // then the rest in order.
        let mut todo: Vec<(usize, u64)> = keys
            .iter()
            .enumerate()
            .filter_map(|(i, k)| k.map(|k| (i, k)))
            .filter(|(_, k)| !self.verdicts.contains_key(k))
            .collect();
        todo.sort_by_key(|&(i, k)| (std::cmp::Reverse(self.first_seen.get(&k).copied().unwrap_or(0)), i));
        todo.dedup_by_key(|(_, k)| *k);
        for (i, key) in todo {
            if job.cancel.load(Ordering::Relaxed) {
                return;
            }
            if self.verdicts.contains_key(&key) {
                continue;
            }
            let Some(verdict) = self.solver.solve(&job.game, i, BUDGET, &job.cancel, &mut |_| {}) else { return };
            self.verdicts.insert(key, verdict.clone());
            self.send(FromWorker::Verdict { key, verdict });
        }
        let whole = {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            keys.hash(&mut h);
            rules_key(&job.game).hash(&mut h);
            h.finish()
        };
        let findings = match &self.analysed {
            Some((k, found)) if *k == whole => found.clone(),
            _ => {
                let Some(found) = self.analyzer.analyze(&job.build, &job.cancel) else { return };
                self.analysed = Some((whole, found.clone()));
                found
            }
        };
        self.send(FromWorker::Analysis { generation: job.generation, findings });
    }

    fn harder(&mut self, job: &HarderJob) {
        let key = job.key;
        let (tx, repaint) = (self.tx, self.repaint.clone());
        let mut last = std::time::Instant::now();
        let mut progress = |elapsed| {
            if last.elapsed() >= std::time::Duration::from_millis(100) {
                last = std::time::Instant::now();
                let _ = tx.send(FromWorker::HarderProgress { key, elapsed });
                if let Some(ctx) = &repaint {
                    ctx.request_repaint();
                }
            }
        };
        let game: &Arc<Game> = &job.game;
        let verdict =
            self.solver.solve_wide(game, job.level, job.budget, super::harder_threads(), &job.cancel, &mut progress);
        match verdict {
            Some(v) if v.is_final() => {
                self.verdicts.insert(key, v.clone());
                self.send(FromWorker::Verdict { key, verdict: v });
            }
            other => self.send(FromWorker::HarderDone { key, verdict: other }),
        }
    }
}
