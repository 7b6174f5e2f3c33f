//! The player panel. Until the engine's runtime (`engine::run::Session`)
//! can be driven from here it shows what state the game is in.

use super::{Panel, PanelContext};

/// The docked player.
#[derive(Default)]
pub struct PlayerPanel;

impl Panel for PlayerPanel {
    fn title(&self, _cx: &PanelContext<'_>) -> String {
        "Player".to_owned()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        let compiled = cx.doc.build().is_some() && !engine::diag::has_errors(cx.doc.diagnostics());
        ui.vertical_centered(|ui| {
            ui.add_space((ui.available_height() / 2.0 - 40.0).max(8.0));
            ui.heading("The player arrives with the runtime");
            ui.add_space(6.0);
            let status = if compiled {
                egui::RichText::new("The game compiles and is ready to play.").color(ui.visuals().weak_text_color())
            } else {
                egui::RichText::new("The game does not compile yet: see Problems.").color(ui.visuals().warn_fg_color)
            };
            ui.label(status);
        });
    }
}
