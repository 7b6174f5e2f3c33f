//! The ids of the studio's panels: what the tile tree holds, what commands
//! and requests name. Imports nothing of the studio, so every other module
//! may use it without a loop.

use serde::{Deserialize, Serialize};

/// Each panel of the studio; the tile tree holds these ids, the panels'
/// state lives in `panels::Panels`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PanelId {
    /// The text editor.
    Code,
    /// The list of diagnostics.
    Problems,
    /// The game being played.
    Player,
    /// The sprite painter.
    Sprites,
    /// The level editor.
    Levels,
    /// The sound seed browser.
    Sounds,
    /// The map of the game: sections, objects, rules, levels, uses.
    Outline,
    /// The rule debugger (beside the player).
    Debugger,
    /// Kept solutions: replayed after each build, rule coverage, and the
    /// difficulty curve.
    Solutions,
}

impl PanelId {
    /// Every panel, in View-menu order.
    pub const ALL: [PanelId; 9] = [
        PanelId::Code,
        PanelId::Sprites,
        PanelId::Levels,
        PanelId::Sounds,
        PanelId::Player,
        PanelId::Problems,
        PanelId::Outline,
        PanelId::Solutions,
        PanelId::Debugger,
    ];

    /// The tab title.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            PanelId::Code => "Code",
            PanelId::Problems => "Problems",
            PanelId::Player => "Player",
            PanelId::Sprites => "Sprites",
            PanelId::Levels => "Levels",
            PanelId::Sounds => "Sounds",
            PanelId::Outline => "Outline",
            PanelId::Debugger => "Debugger",
            PanelId::Solutions => "Solutions",
        }
    }
}
