//! The live checks' real answers: `engine::solve` for the levels and
//! `engine::analyze` for the design checks.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use engine::analyze::{AnalyzeOptions, Check};
use engine::compile::Game;
use engine::solve::{Cancel, SolveOptions, Status};

use super::{Analyzer, Bound, CheckInfo, Finding, LevelSolver, Verdict};

/// The engine's solver with its default strategy (and, for "Solve
/// harder" on a machine with cores to spare, its companions beside it).
pub struct EngineSolver;

impl LevelSolver for EngineSolver {
    fn solve(
        &self,
        game: &Arc<Game>,
        level: usize,
        budget: Duration,
        cancel: &Arc<AtomicBool>,
        progress: &mut dyn FnMut(Duration),
    ) -> Option<Verdict> {
        self.solve_wide(game, level, budget, 1, cancel, progress)
    }

    fn solve_wide(
        &self,
        game: &Arc<Game>,
        level: usize,
        budget: Duration,
        threads: usize,
        cancel: &Arc<AtomicBool>,
        progress: &mut dyn FnMut(Duration),
    ) -> Option<Verdict> {
        let options = SolveOptions { timeout: Some(budget), ..SolveOptions::default() };
        let cancel = Cancel::from_flag(cancel.clone());
        let report =
            engine::solve::solve_portfolio(game, level, &options, threads, &cancel, &mut |p| progress(p.elapsed));
        match report.status {
            Status::Solved { inputs } => Some(Verdict::Solved(inputs)),
            Status::Exhausted if engine::solve::never_wins(game) => Some(Verdict::NoWayToWin),
            Status::Exhausted if engine::solve::every_move_loops(game, level, &options) => {
                Some(Verdict::EveryMoveLoops)
            }
            Status::Exhausted => Some(Verdict::Impossible),
            Status::Cancelled => None,
            Status::Unplayable => Some(Verdict::Unplayable),
            Status::StateLimit => Some(Verdict::OutOfBudget(Bound::Memory {
                states: report.states,
                bytes: report.bytes,
                after: report.elapsed,
            })),
            Status::Timeout | Status::NotALevel | Status::ReplayFailed { .. } => {
                Some(Verdict::OutOfBudget(Bound::Time(budget)))
            }
        }
    }
}

/// The engine's design checks, every one run (the studio hides those the
/// author turned off).
pub struct EngineAnalyzer;

impl Analyzer for EngineAnalyzer {
    fn checks(&self) -> Vec<CheckInfo> {
        Check::ALL.iter().map(|c| CheckInfo { id: c.code(), name: c.name() }).collect()
    }

    fn analyze(&self, build: &engine::Build, cancel: &Arc<AtomicBool>) -> Option<Vec<Finding>> {
        let options = AnalyzeOptions { cancel: Some(cancel.clone()), ..AnalyzeOptions::default() };
        let found = engine::analyze::analyze(build, &options);
        if cancel.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        Some(
            found
                .into_iter()
                // A check's id is its code.
                .map(|diagnostic| Finding { check: diagnostic.code, diagnostic })
                .collect(),
        )
    }
}
