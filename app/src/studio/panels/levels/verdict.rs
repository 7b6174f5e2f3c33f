//! What the live checks say about the levels: each card's status line,
//! and for the selected level the verdict with "Show solution" (played in
//! the docked player) and "Solve harder" (a longer search on the worker,
//! with its progress and a Cancel button).

use crate::command::Command;
use crate::live::{HARDER_BUDGET, Harder, LiveChecks, Verdict};
use crate::panels::PanelContext;

use super::LevelsPanel;

/// The colour of a card's status line.
#[must_use]
pub fn status_colour(verdict: Option<&Verdict>, visuals: &egui::Visuals) -> egui::Color32 {
    match verdict {
        Some(Verdict::Solved(inputs)) if inputs.len() < crate::live::TRIVIAL_MOVES => visuals.warn_fg_color,
        Some(Verdict::NoWayToWin) => visuals.warn_fg_color,
        Some(Verdict::Solved(_)) => egui::Color32::from_rgb(0x6a, 0xb0, 0x4c),
        Some(Verdict::Impossible | Verdict::EveryMoveLoops) => visuals.error_fg_color,
        Some(Verdict::OutOfBudget(_) | Verdict::Unplayable) | None => visuals.weak_text_color(),
    }
}

/// Entry `i`'s card with the live checks' status, if they have one.
pub(super) fn with_status<'a>(
    card: ui_widgets::level_card::LevelCard<'a>,
    live: &LiveChecks,
    i: usize,
    visuals: &egui::Visuals,
) -> ui_widgets::level_card::LevelCard<'a> {
    match live.status(i) {
        Some(text) => card.status(text, status_colour(live.verdict(i), visuals)),
        None => card,
    }
}

impl LevelsPanel {
    /// The selected level's verdict and what can be done with it.
    pub(super) fn verdict_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        if !cx.live.is_on() {
            return;
        }
        let i = self.selected;
        let Some(status) = cx.live.status(i) else { return };
        let solution = match cx.live.verdict(i) {
            Some(Verdict::Solved(inputs)) => Some(inputs.len()),
            _ => None,
        };
        let harder = cx.live.harder(i).cloned();
        let mut request_solution = false;
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(status_colour(cx.live.verdict(i), ui.visuals()), format!("Solver: {status}"));
            let show = crate::panels::tip(
                ui.add_enabled(solution.is_some(), egui::Button::new("Show solution")),
                "Play the solution in the player, step by step (Esc or any key stops)",
            );
            if show.clicked() {
                request_solution = true;
            }
            match &harder {
                Some(Harder::Running { elapsed, .. }) => {
                    let done = (elapsed.as_secs_f32() / HARDER_BUDGET.as_secs_f32()).clamp(0.0, 1.0);
                    ui.add(egui::ProgressBar::new(done).desired_width(120.0).text(format!(
                        "solving {:.0} s of {:.0}",
                        elapsed.as_secs_f32(),
                        HARDER_BUDGET.as_secs_f32()
                    )));
                    ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
                    if ui.button("Cancel").on_hover_text("Stop the longer search").clicked() {
                        cx.live.cancel_harder();
                    }
                }
                _ => {
                    let can = !cx.live.verdict(i).is_some_and(Verdict::is_final);
                    let text = format!(
                        "Search this level for up to {:.0} s on the background worker",
                        HARDER_BUDGET.as_secs_f32()
                    );
                    if crate::panels::tip(ui.add_enabled(can, egui::Button::new("Solve harder")), &text).clicked() {
                        cx.live.solve_harder(i);
                    }
                    if let Some(Harder::Ended(how)) = &harder {
                        ui.weak(how.as_str());
                    }
                }
            }
        });
        if request_solution {
            cx.requests.run(Command::ShowSolution(i));
        }
    }
}
