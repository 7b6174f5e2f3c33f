//! The win check at the end of a turn.

use crate::compile::Quantifier;
use crate::run::Session;
use crate::run::board::Board;
use crate::run::commands::Queued;
use crate::run::trace::EventKind;

impl Session {
    pub(super) fn check_win(&mut self, do_win: bool) {
        if self.turn.queue.has(Queued::Win) {
            if self.trace.is_some() {
                self.trace_win();
            }
            if do_win {
                self.do_win();
            }
            return;
        }
        if self.game.win_conditions.is_empty() {
            return;
        }
        let Some(board) = self.play.board.as_ref() else { return };
        let n = board.cells();
        let passed = if board.ow == 1 && self.fast_paths() {
            self.game.win_conditions.iter().all(|wc| win_condition_holds_narrow(wc, board))
        } else {
            self.game.win_conditions.iter().all(|wc| {
                let (subject, target) = (&wc.subject, &wc.target);
                match wc.quantifier {
                    Quantifier::No => (0..n).all(|i| {
                        let c = board.cell(i);
                        !(subject.matches(c) && target.matches(c))
                    }),
                    Quantifier::Some => (0..n).any(|i| {
                        let c = board.cell(i);
                        subject.matches(c) && target.matches(c)
                    }),
                    Quantifier::All => (0..n).all(|i| {
                        let c = board.cell(i);
                        !subject.matches(c) || target.matches(c)
                    }),
                }
            })
        };
        if passed && self.trace.is_some() {
            self.trace_win();
        }
        if passed && do_win {
            self.do_win();
        }
    }

    /// Record that the win conditions hold.
    pub(super) fn trace_win(&mut self) {
        let ignored = self.trace.as_deref().is_some_and(|r| r.level_start);
        self.trace_event(if ignored { EventKind::WinIgnored } else { EventKind::Win });
    }
}

/// Whether win condition `wc` holds on a level of one object word per
/// cell: [`Session::check_win`]'s scan on plain words. Only the columns
/// whose mask (a superset of their cells' objects) could hold a cell that
/// decides it are read: a cell that is the subject, or on the target,
/// makes its column's mask so too.
fn win_condition_holds_narrow(wc: &crate::compile::WinCondition, board: &Board) -> bool {
    let word = |m: &crate::compile::ObjectMatch| (m.mask.first().copied().unwrap_or(0), m.aggregate);
    let ((sm, sa), (tm, ta)) = (word(&wc.subject), word(&wc.target));
    let is = |o: u64, m: u64, aggregate: bool| if aggregate { o & m == m } else { o & m != 0 };
    let both = |o: u64| is(o, sm, sa) && is(o, tm, ta);
    let mut columns = board.objects.chunks_exact(board.height.max(1)).zip(&board.col_obj);
    match wc.quantifier {
        Quantifier::No => !columns.any(|(cells, &c)| both(c) && cells.iter().any(|&o| both(o))),
        Quantifier::Some => columns.any(|(cells, &c)| both(c) && cells.iter().any(|&o| both(o))),
        Quantifier::All => {
            columns.all(|(cells, &c)| !is(c, sm, sa) || cells.iter().all(|&o| !is(o, sm, sa) || is(o, tm, ta)))
        }
    }
}
