//! The panels docked in the studio, one file each, all behind [`Panel`].

pub mod code;
pub mod debugger;
pub mod demo;
pub mod design_checks;
pub mod levels;
pub mod outline;
pub mod player;
pub mod problems;
pub mod solutions;
pub mod sounds;
pub mod sprites;

use crate::document::Document;
use crate::panel_id::PanelId;
use crate::request::Requests;

/// What every panel may read and change while it draws.
pub struct PanelContext<'a> {
    /// The open game.
    pub doc: &'a mut Document,
    /// The one way a panel asks the studio for something (run a command,
    /// show a place in the code, export a sound): handled after this frame's
    /// panels are drawn.
    pub requests: &'a mut Requests,
    /// What the background solver and design checks found.
    pub live: &'a mut crate::live::LiveChecks,
    /// The kept solutions, replayed after each build.
    pub kept: &'a mut crate::keeper::Keeper,
}

/// Give `response` the tooltip `text`, shown whether or not the widget is
/// enabled (a disabled button says what it would do).
pub fn tip(response: egui::Response, text: &str) -> egui::Response {
    response.on_hover_text(text).on_disabled_hover_text(text)
}

/// One dockable panel.
pub trait Panel {
    /// The tab title (it may count things, like problems).
    fn title(&self, cx: &PanelContext<'_>) -> String;
    /// Draw the panel's contents.
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>);
}

/// The state of every panel.
#[derive(Default)]
pub struct Panels {
    /// The editor.
    pub code: code::CodePanel,
    /// The diagnostics list.
    pub problems: problems::ProblemsPanel,
    /// The player.
    pub player: player::PlayerPanel,
    /// The sprite painter.
    pub sprites: sprites::SpritesPanel,
    /// The level editor.
    pub levels: levels::LevelsPanel,
    /// The sound browser.
    pub sounds: sounds::SoundsPanel,
    /// The outline.
    pub outline: outline::OutlinePanel,
    /// The rule debugger.
    pub debugger: debugger::DebuggerPanel,
    /// Kept solutions, coverage and the difficulty curve.
    pub solutions: solutions::SolutionsPanel,
}

impl Panels {
    /// The panel behind `id`.
    pub fn get_mut(&mut self, id: PanelId) -> &mut dyn Panel {
        match id {
            PanelId::Code => &mut self.code,
            PanelId::Problems => &mut self.problems,
            PanelId::Player => &mut self.player,
            PanelId::Sprites => &mut self.sprites,
            PanelId::Levels => &mut self.levels,
            PanelId::Sounds => &mut self.sounds,
            PanelId::Outline => &mut self.outline,
            PanelId::Debugger => &mut self.debugger,
            PanelId::Solutions => &mut self.solutions,
        }
    }
}
