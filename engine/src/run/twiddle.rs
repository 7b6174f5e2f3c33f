//! Options a rule changes as the game runs (PuzzleScript Plus's
//! `runtime_metadata_twiddling`), and the moments PuzzleScript Next lays
//! its canvas out again, which put a `smoothscreen` camera at rest on the
//! player ([`crate::options::CameraSnap`]).

use std::sync::Arc;

use super::Session;

impl Session {
    /// A rule's `OPTION VALUE` command (the saved states that share the
    /// options keep them as they were). A change PuzzleScript Next lays
    /// its canvas out again for notes a [`crate::options::CameraSnap`] at
    /// the player's cell as the rule applies.
    pub(super) fn twiddle(&mut self, option: crate::options::PreludeOption, value: &str) {
        use crate::options::PreludeOption as O;
        let game = Arc::clone(&self.game);
        let relayout = matches!(option, O::ColorPalette | O::Flickscreen | O::Zoomscreen | O::Smoothscreen)
            || self.metadata().has_option(O::RuntimeMetadataTwiddlingDebug);
        let player = if relayout { self.first_player_cell() } else { None };
        let live = Arc::make_mut(self.play.options.get_or_insert_with(|| Arc::new(game.metadata.clone())));
        live.twiddle(option, value, &game.metadata);
        if relayout {
            self.play.camera_snaps = self.play.camera_snaps.wrapping_add(1);
            live.camera_snap = Some(crate::options::CameraSnap { serial: self.play.camera_snaps, player });
        }
    }

    /// PuzzleScript Next puts a `smoothscreen` camera at rest on the player
    /// after every restart (a player's or a rule's) and after the player's
    /// own undo (its key lays the canvas out again; a rule's `undo` does
    /// not): a [`crate::options::CameraSnap`] at the player's cell now.
    /// Nothing in a game without `smoothscreen` in force.
    pub(super) fn snap_smooth_camera(&mut self) {
        if self.metadata().smoothscreen.is_none() {
            return;
        }
        let game = Arc::clone(&self.game);
        let player = self.first_player_cell();
        let live = Arc::make_mut(self.play.options.get_or_insert_with(|| Arc::new(game.metadata.clone())));
        self.play.camera_snaps = self.play.camera_snaps.wrapping_add(1);
        live.camera_snap = Some(crate::options::CameraSnap { serial: self.play.camera_snaps, player });
    }

    /// The first player cell (column, row), in the reference's order
    /// (column by column).
    fn first_player_cell(&self) -> Option<(usize, usize)> {
        let b = self.play.board.as_ref()?;
        let at = (0..b.cells()).find(|&i| self.game.player.matches(b.cell(i)))?;
        Some((at / b.height.max(1), at % b.height.max(1)))
    }
}
