//! Growing and shrinking the selected level by a row or column per click.

use engine::edit::levels::{self as edit, Side};
use engine::syntax::ast::Ast;

use super::LevelsPanel;
use crate::panels::PanelContext;

impl LevelsPanel {
    /// A `+side`/`-side` button pair per side of the selected level.
    pub(super) fn resize_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>, ast: &Ast, bg: Option<char>) {
        let i = self.selected;
        ui.horizontal_wrapped(|ui| {
            for (side, name) in
                [(Side::Top, "top"), (Side::Bottom, "bottom"), (Side::Left, "left"), (Side::Right, "right")]
            {
                if ui
                    .small_button(format!("+{name}"))
                    .on_hover_text(format!("Add a row/column at the {name}"))
                    .clicked()
                    && let Some(b) = bg
                {
                    Self::apply(cx, |text| edit::grow(text, ast, i, side, 1, b));
                }
                if ui.small_button(format!("-{name}")).on_hover_text(format!("Remove the {name} row/column")).clicked()
                {
                    Self::apply(cx, |text| edit::shrink(text, ast, i, side, 1));
                }
            }
        });
    }
}
