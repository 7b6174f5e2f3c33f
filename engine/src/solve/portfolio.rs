//! One level searched by several strategies at once, one thread each: the
//! first decisive answer (a solution, or a proof that none exists) stops
//! the others.
//!
//! Strategies fail on different levels: the weighted search with novelty
//! (the default) gets lost where a plainer A* walks straight in, and the
//! other way round. On a machine with cores to spare, running a few side
//! by side solves the union of what each solves alone in the same time,
//! which splitting one core's time between them does not (see
//! `docs/solver.md` for the figures). Each search is an ordinary
//! [`solve_with_progress`], so every answer is replayed as usual and a
//! proof of impossibility comes from a search that saw every state.

use super::{Cancel, Progress, SolveOptions, SolveReport, Status, Strategy, solve_with_progress};
use crate::compile::Game;
use std::sync::Arc;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The searches that join the caller's strategy, in the order threads are
/// given to them (one that equals the caller's is skipped). Chosen on the
/// corpus at 1 s a level, one core each (2026-11-26): the default alone
/// solved 471; with novelty at weight 2 (460 alone) the two solve 478
/// together; adding Auto at weight 40 (466 alone) makes 484, the best three
/// of those tried; plain A* at weight 20 (441 alone) comes last.
pub const COMPANIONS: &[Strategy] =
    &[Strategy::Novelty { weight: 2 }, Strategy::Auto { bfs_states: 2000, weight: 40 }, Strategy::AStar { weight: 20 }];

/// How often the coordinating thread looks at the host's cancel flag.
const POLL: Duration = Duration::from_millis(10);

/// The strategies `threads` threads run: the caller's first, then
/// [`COMPANIONS`] (never more searches than there are strategies).
#[must_use]
pub fn portfolio(first: Strategy, threads: usize) -> Vec<Strategy> {
    let mut out = vec![first];
    out.extend(COMPANIONS.iter().copied().filter(|s| *s != first));
    out.truncate(threads.max(1));
    out
}

/// What a search thread tells the coordinator.
enum Message {
    Progress(usize, Progress),
    Done(usize, SolveReport),
}

/// Whether a search's end settles the level for every strategy.
fn decisive(status: &Status) -> bool {
    matches!(status, Status::Solved { .. } | Status::Exhausted | Status::NotALevel | Status::Unplayable)
}

/// Like [`solve_with_progress`], with up to `threads` strategies searching
/// side by side (see [`portfolio`]); one thread is exactly
/// [`solve_with_progress`]. The memory bound is shared out between the
/// searches; the time bound applies to each. The report counts the states
/// and turns of every search; its status is the first decisive one, else
/// the caller's strategy's.
pub fn solve_portfolio(
    game: &Arc<Game>,
    level: usize,
    opts: &SolveOptions,
    threads: usize,
    cancel: &Cancel,
    progress: &mut dyn FnMut(&Progress),
) -> SolveReport {
    let strategies = portfolio(opts.strategy, threads);
    if strategies.len() == 1 {
        return solve_with_progress(game, level, opts, cancel, progress);
    }
    let started = Instant::now();
    let n = strategies.len();
    // The searches stop on this flag: set when one answers decisively or
    // when the host cancels.
    let inner = Cancel::new();
    let (tx, rx) = mpsc::channel();
    let mut reports: Vec<Option<SolveReport>> = vec![None; n];
    let mut first_decisive: Option<usize> = None;
    std::thread::scope(|scope| {
        for (k, &strategy) in strategies.iter().enumerate() {
            let tx = tx.clone();
            let inner = inner.clone();
            let options = SolveOptions { strategy, max_bytes: opts.max_bytes / n, ..opts.clone() };
            let spawned =
                std::thread::Builder::new().name(format!("puzzlewright-solve-{k}")).spawn_scoped(scope, move || {
                    let report = solve_with_progress(game, level, &options, &inner, &mut |p| {
                        let _ = tx.send(Message::Progress(k, *p));
                    });
                    let _ = tx.send(Message::Done(k, report));
                });
            if spawned.is_err() {
                // No thread to be had: the searches already running answer.
                break;
            }
        }
        drop(tx);
        let mut latest = vec![Progress { states: 0, turns: 0, elapsed: Duration::ZERO }; n];
        loop {
            match rx.recv_timeout(POLL) {
                Ok(Message::Progress(k, p)) => {
                    latest[k] = p;
                    progress(&Progress {
                        states: latest.iter().map(|p| p.states).sum(),
                        turns: latest.iter().map(|p| p.turns).sum(),
                        elapsed: started.elapsed(),
                    });
                }
                Ok(Message::Done(k, report)) => {
                    if first_decisive.is_none() && decisive(&report.status) {
                        first_decisive = Some(k);
                        inner.cancel();
                    }
                    reports[k] = Some(report);
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            if cancel.is_cancelled() {
                inner.cancel();
            }
        }
    });
    let finished: Vec<&SolveReport> = reports.iter().flatten().collect();
    let status = match first_decisive {
        Some(k) => reports[k].as_ref().map_or(Status::Cancelled, |r| r.status.clone()),
        None if cancel.is_cancelled() => Status::Cancelled,
        // The caller's own strategy says how the search ended (time, states
        // or memory); a thread that could not start has no report.
        None => reports[0].as_ref().or(finished.first().copied()).map_or(Status::Cancelled, |r| r.status.clone()),
    };
    SolveReport {
        status,
        states: finished.iter().map(|r| r.states).sum(),
        turns: finished.iter().map(|r| r.turns).sum(),
        bytes: finished.iter().map(|r| r.bytes).sum(),
        elapsed: started.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::game;
    use super::*;
    use crate::solve::{DEFAULT_STRATEGY, replay_wins};

    const PUSH: &str = "[ > Player | Crate ] -> [ > Player | > Crate ]";

    fn opts() -> SolveOptions {
        SolveOptions { timeout: Some(Duration::from_secs(20)), ..SolveOptions::default() }
    }

    #[test]
    fn the_portfolio_starts_with_the_callers_strategy_and_never_repeats_one() {
        assert_eq!(portfolio(DEFAULT_STRATEGY, 0), vec![DEFAULT_STRATEGY]);
        assert_eq!(portfolio(DEFAULT_STRATEGY, 1), vec![DEFAULT_STRATEGY]);
        let all = portfolio(COMPANIONS[0], 64);
        assert_eq!(all[0], COMPANIONS[0]);
        assert_eq!(all.len(), COMPANIONS.len(), "the caller's strategy is not run twice");
        assert_eq!(portfolio(DEFAULT_STRATEGY, 64).len(), COMPANIONS.len() + 1);
    }

    #[test]
    fn several_threads_solve_and_prove_like_one() {
        let g = game(
            PUSH,
            "all Crate on Target",
            "WWWWWWW\nW.....W\nW.C..TW\nWP....W\nWWWWWWW\n\nWWWWW\nWC.TW\nW..PW\nWWWWW\n",
        );
        let o = opts();
        for threads in [1, 2, 4] {
            let report = solve_portfolio(&g, 0, &o, threads, &Cancel::new(), &mut |_| {});
            let Status::Solved { inputs } = &report.status else { panic!("{threads} threads: {report:?}") };
            assert!(replay_wins(&g, 0, &o, inputs));
            // A cornered crate: some search visits every state and says so.
            let report = solve_portfolio(&g, 1, &o, threads, &Cancel::new(), &mut |_| {});
            assert_eq!(report.status, Status::Exhausted, "{threads} threads");
            assert!(report.states >= 5, "every search's states are counted: {report:?}");
        }
    }

    /// No way to win and room without end: only a bound stops the search.
    fn endless() -> Arc<Game> {
        let row = ".".repeat(30);
        let level: String = (0..12).map(|y| format!("{}{row}\n", if y == 0 { "P" } else { "." })).collect();
        game("[ > Player | ] -> [ > Player | Mark ]", "some Player on Target", &level)
    }

    #[test]
    fn the_hosts_cancel_stops_every_search_and_progress_adds_them_up() {
        let g = endless();
        let o = SolveOptions { timeout: None, ..opts() };
        let cancel = Cancel::new();
        let mut most_states = 0;
        let report = solve_portfolio(&g, 0, &o, 3, &cancel.clone(), &mut |p| {
            most_states = most_states.max(p.states);
            if p.turns > 30_000 {
                cancel.cancel();
            }
        });
        assert_eq!(report.status, Status::Cancelled);
        assert!(most_states > 0);
        assert!(report.states >= most_states, "{report:?} after progress said {most_states}");
    }

    #[test]
    fn out_of_time_every_search_ends_and_the_level_is_not_called_impossible() {
        let g = endless();
        let o = SolveOptions { timeout: Some(Duration::from_millis(60)), ..opts() };
        let report = solve_portfolio(&g, 0, &o, 3, &Cancel::new(), &mut |_| {});
        assert_eq!(report.status, Status::Timeout);
        assert!(report.states > 0 && report.turns > 0, "{report:?}");
    }

    #[test]
    fn a_message_is_not_a_level_on_any_thread() {
        let g = game(PUSH, "all Crate on Target", "message hi\n\nWWWWW\nWC.TW\nW..PW\nWWWWW\n");
        let report = solve_portfolio(&g, 0, &opts(), 2, &Cancel::new(), &mut |_| {});
        assert_eq!(report.status, Status::NotALevel);
    }
}
