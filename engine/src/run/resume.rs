//! Level states handed to and from the host, for the game flow of
//! `crate::play`: the board of a level just won (shown while the flow
//! pauses after a win, since the session has already moved on), the
//! current board as a grid, and resuming a level from a saved checkpoint.
//!
//! Grids use the layout of the compiled levels (`LevelGrid`: cell
//! `x * height + y`, `obj_words` words per cell), so `render` draws them
//! like any level of the game.

use super::{Session, Snapshot};
use crate::compile::LevelGrid;

fn grid_of(snap: &Snapshot) -> LevelGrid {
    LevelGrid { width: snap.width, height: snap.height, cells: snap.objects.clone() }
}

impl Session {
    /// The board of the last level won in this session, as it stood when
    /// the win was found (the session itself has already loaded the next
    /// entry). `None` before any win.
    #[must_use]
    pub fn won_board(&self) -> Option<LevelGrid> {
        self.play.won_board.as_ref().map(grid_of)
    }

    /// The level on screen as a grid (`None` before any map was loaded).
    #[must_use]
    pub fn board_grid(&self) -> Option<LevelGrid> {
        self.play.board.as_ref().map(|b| LevelGrid { width: b.width, height: b.height, cells: b.objects.clone() })
    }

    /// The state a restart returns to: the level's start, or its last
    /// checkpoint.
    #[must_use]
    pub fn restart_grid(&self) -> Option<LevelGrid> {
        self.play.restart_target.as_ref().map(grid_of)
    }

    /// Continue the level on screen from `grid` (a checkpoint kept between
    /// runs): it becomes the board and the state a restart returns to, and
    /// the undo history is cleared. Only when a map of the same size is on
    /// screen and `grid` has one cell mask per cell; returns whether it did.
    /// A grid keeps no options: those a rule had changed
    /// (`runtime_metadata_twiddling`) are the prelude's again, as
    /// PuzzleScript Next does with a checkpoint saved without them.
    pub fn resume_from(&mut self, grid: &LevelGrid) -> bool {
        let ow = self.game.obj_words;
        if self.mode.text_mode {
            return false;
        }
        let Some(board) = self.play.board.as_mut() else { return false };
        if (board.width, board.height) != (grid.width, grid.height) || grid.cells.len() != board.cells() * ow {
            return false;
        }
        board.restore(&grid.cells);
        board.recompute_masks();
        self.play.options = None;
        self.play.restart_target = Some(Snapshot::of(board, None));
        self.play.backups.clear();
        self.mode.againing = false;
        true
    }
}
