//! "Keep as solution": after a level is won in the player, a line under the
//! header offers to keep the moves that won it in the game's solutions file
//! (replayed after every build from then on; see `crate::keeper`).

use super::PlayerPanel;
use crate::panels::PanelContext;
use crate::solutions::By;

impl PlayerPanel {
    /// What follows the header: its request to show the debugger passed
    /// on, and the line that offers to keep the last win, if there is one
    /// and it was won on the game the studio has open.
    pub(super) fn after_header_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        if std::mem::take(&mut self.debug.toggle_requested) {
            cx.requests.run(crate::command::Command::TogglePanel(crate::panel_id::PanelId::Debugger));
        }
        // Paused at a breakpoint inside the winning turn, the board shows
        // a moment before the win: no line saying it was won yet.
        if self.shipped || self.debug.paused.is_some() {
            return;
        }
        let Some(play) = self.play.as_ref() else { return };
        let Some((entry, steps)) = play.last_win() else { return };
        let Some(build) =
            cx.doc.build().filter(|b| b.game.as_ref().is_some_and(|g| std::sync::Arc::ptr_eq(g, play.game())))
        else {
            return;
        };
        let key = (entry, engine::kept::write_moves(steps));
        let label = engine::play::entry_number(play.game(), entry).map_or_else(String::new, |n| n.to_string());
        let moves = steps.len();
        ui.horizontal(|ui| {
            if self.kept_win.as_ref() == Some(&key) {
                ui.label(format!("{label} won in {moves} moves: kept as a solution."));
                return;
            }
            ui.label(format!("{label} won in {moves} moves."));
            let hint = "Keep these moves in the game's solutions file: they are replayed after every change and a change that breaks them is reported";
            if ui.button("Keep as solution").on_hover_text(hint).clicked() {
                let path = cx.doc.path.clone();
                cx.kept.keep(path.as_deref(), build, entry, steps, By::Player);
                if cx.kept.note.starts_with("Kept") || cx.kept.note.contains("already") {
                    self.kept_win = Some(key.clone());
                }
            }
        });
    }
}
