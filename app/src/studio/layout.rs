//! The docked panels: which exist, how they start out, and the
//! `egui_tiles` behaviour that draws each one through its [`Panel`].

pub use crate::panel_id::PanelId;
use crate::panels::{Panel, PanelContext};

/// The starting layout: the editors as tabs on the left (code in front),
/// the player above the problems and the outline (as tabs) on the right.
#[must_use]
pub fn default_tree() -> egui_tiles::Tree<PanelId> {
    let mut tiles = egui_tiles::Tiles::default();
    let editors: Vec<_> = [PanelId::Code, PanelId::Sprites, PanelId::Levels, PanelId::Sounds]
        .into_iter()
        .map(|p| tiles.insert_pane(p))
        .collect();
    let code = tiles.insert_tab_tile(editors);
    let player = tiles.insert_pane(PanelId::Player);
    let debugger = tiles.insert_pane(PanelId::Debugger);
    // Hidden until asked for (View, or the player's Debugger button): it
    // records every turn while shown.
    tiles.set_visible(debugger, false);
    let problem_tabs = vec![
        tiles.insert_pane(PanelId::Problems),
        tiles.insert_pane(PanelId::Outline),
        tiles.insert_pane(PanelId::Solutions),
        debugger,
    ];
    let problems = tiles.insert_tab_tile(problem_tabs);
    let right = tiles.insert_vertical_tile(vec![player, problems]);
    if let Some(egui_tiles::Tile::Container(egui_tiles::Container::Linear(linear))) = tiles.get_mut(right) {
        linear.shares.set_share(player, 3.0);
        linear.shares.set_share(problems, 2.0);
    }
    let root = tiles.insert_horizontal_tile(vec![code, right]);
    if let Some(egui_tiles::Tile::Container(egui_tiles::Container::Linear(linear))) = tiles.get_mut(root) {
        linear.shares.set_share(code, 3.0);
        linear.shares.set_share(right, 2.0);
    }
    egui_tiles::Tree::new(egui::Id::unique("studio_tiles"), root, tiles)
}

/// True when `panel` is in the tree and visible.
#[must_use]
pub fn is_shown(tree: &egui_tiles::Tree<PanelId>, panel: PanelId) -> bool {
    tree.tiles.find_pane(&panel).is_some_and(|id| tree.tiles.is_visible(id))
}

/// True when every panel the studio has is somewhere in `tree` (a layout
/// saved by an older version may lack newer panels).
#[must_use]
pub fn has_all_panels(tree: &egui_tiles::Tree<PanelId>) -> bool {
    PanelId::ALL.iter().all(|p| tree.tiles.find_pane(p).is_some())
}

/// Bring `panel` to the front of its tab group, showing it if hidden.
pub fn focus(tree: &mut egui_tiles::Tree<PanelId>, panel: PanelId) {
    set_shown(tree, panel, true);
    if let Some(id) = tree.tiles.find_pane(&panel) {
        tree.make_active(|tile_id, _| tile_id == id);
    }
}

/// Show or hide `panel`.
pub fn set_shown(tree: &mut egui_tiles::Tree<PanelId>, panel: PanelId, shown: bool) {
    if let Some(id) = tree.tiles.find_pane(&panel) {
        tree.tiles.set_visible(id, shown);
    }
}

/// Draws panes by handing each to its panel.
pub struct Behavior<'a> {
    /// The panels' own state.
    pub panels: &'a mut crate::panels::Panels,
    /// What the panels share.
    pub ctx: PanelContext<'a>,
}

impl egui_tiles::Behavior<PanelId> for Behavior<'_> {
    fn pane_ui(&mut self, ui: &mut egui::Ui, _tile: egui_tiles::TileId, pane: &mut PanelId) -> egui_tiles::UiResponse {
        let (panels, cx) = (&mut *self.panels, &mut self.ctx);
        egui::Frame::new().inner_margin(4.0).show(ui, |ui| {
            ui.set_min_size(ui.available_size());
            if *pane == PanelId::Debugger {
                crate::panels::debugger::show(panels, ui, cx);
            } else {
                panels.get_mut(*pane).ui(ui, cx);
            }
        });
        egui_tiles::UiResponse::None
    }

    fn tab_title_for_pane(&mut self, pane: &PanelId) -> egui::WidgetText {
        let panel: &dyn Panel = self.panels.get_mut(*pane);
        panel.title(&self.ctx).into()
    }

    fn simplification_options(&self) -> egui_tiles::SimplificationOptions {
        egui_tiles::SimplificationOptions { all_panes_must_have_tabs: true, ..Default::default() }
    }

    fn gap_width(&self, _style: &egui::Style) -> f32 {
        3.0
    }
}
