//! The Solutions panel: the game as a whole. Each level's kept solution and
//! what it does after the last change (still wins, broken at a move with
//! the rules that changed, level changed since, none kept), the solver's
//! solutions one click away from being kept, the rule lines no kept
//! solution uses, and the difficulty curve: the levels in order by how long
//! their solutions are, a click on a point playing that level.
//!
//! Reads what `crate::keeper` found for the build on screen and the live
//! solver's verdicts; keeps through the keeper.

use super::{Panel, PanelContext, tip};
use crate::command::Command;
use crate::keeper::Findings;
use crate::live::Verdict;
use crate::solutions::{By, LevelReport, Status};
use engine::kept::InterruptionKind;
use engine::kept::Verdict as Replay;
use engine::run::Step;

/// The panel (the solutions' state is all in the keeper and the live
/// checks; the panel keeps what the curve shows).
#[derive(Default)]
pub struct SolutionsPanel {
    /// What the difficulty curve plots.
    pub measure: Measure,
    /// Pushes of the live solver's solutions, by the game they were found
    /// in (its address while held), the level's entry and the moves.
    solver_pushes: std::collections::HashMap<(usize, usize), (Vec<Step>, usize)>,
}

/// What the difficulty curve plots for each level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Measure {
    /// Moves of the solution.
    #[default]
    Moves,
    /// Moves that pushed: moved more than the player.
    Pushes,
}

impl Measure {
    fn word(self) -> &'static str {
        match self {
            Measure::Moves => "moves",
            Measure::Pushes => "pushes",
        }
    }
}

/// One point of the difficulty curve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CurvePoint {
    /// The studio's Level N.
    pub level: usize,
    /// Its LEVELS entry.
    pub entry: usize,
    /// Moves of its solution (kept, else the solver's).
    pub moves: usize,
    /// Pushes of that solution, when known (see [`Measure::Pushes`]).
    pub pushes: Option<usize>,
    /// What the point says about it.
    pub kind: PointKind,
}

/// Where a point's solution comes from and whether it still wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointKind {
    /// A kept solution that still wins.
    Kept,
    /// A kept solution that no longer wins.
    Broken,
    /// No kept solution: the live solver's.
    Solver,
}

impl PointKind {
    fn color(self) -> egui::Color32 {
        match self {
            PointKind::Kept => egui::Color32::from_rgb(80, 180, 90),
            PointKind::Broken => egui::Color32::from_rgb(220, 70, 60),
            PointKind::Solver => egui::Color32::from_rgb(150, 150, 160),
        }
    }
}

/// The difficulty curve's points: each level with a kept solution (or,
/// without one, a solution from the live solver), in level order.
#[must_use]
pub fn curve_points(findings: &Findings, solver: impl Fn(usize) -> Option<(usize, Option<usize>)>) -> Vec<CurvePoint> {
    findings
        .reports
        .iter()
        .filter_map(|r| {
            let kept_moves =
                r.solution.as_ref().and_then(|s| engine::kept::parse_moves(&s.moves).ok()).map(|m| m.len());
            let (moves, pushes, kind) = match (&r.status, kept_moves) {
                (Status::Wins { moves, early }, _) => {
                    (early.unwrap_or(*moves), findings.pushes.get(&r.entry).copied(), PointKind::Kept)
                }
                (Status::Broken { .. }, Some(n)) => (n, None, PointKind::Broken),
                _ => {
                    let (moves, pushes) = solver(r.entry)?;
                    (moves, pushes, PointKind::Solver)
                }
            };
            Some(CurvePoint { level: r.level, entry: r.entry, moves, pushes, kind })
        })
        .collect()
}

impl Panel for SolutionsPanel {
    fn title(&self, cx: &PanelContext<'_>) -> String {
        match cx.kept.findings().map(|f| f.broken().len()) {
            Some(n) if n > 0 => format!("Solutions ({n} broken)"),
            _ => "Solutions".to_owned(),
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        let Some(build) = cx.doc.build().filter(|b| b.game.is_some()).cloned() else {
            ui.label("Solutions are replayed once the game compiles.");
            return;
        };
        let Some(findings) = cx.kept.findings().cloned() else {
            ui.label(if cx.kept.is_busy() { "Replaying the kept solutions…" } else { "Waiting for the build…" });
            return;
        };
        let live = &*cx.live;
        let solver_moves = |entry: usize| match live.verdict(entry) {
            Some(Verdict::Solved(inputs)) => Some((inputs.len(), None)),
            _ => None,
        };
        let solver_steps = |entry: usize| match live.verdict(entry) {
            Some(Verdict::Solved(inputs)) => Some(inputs.clone()),
            _ => None,
        };
        self.summary_ui(ui, cx.doc.path.is_some(), &findings, cx.kept.is_busy());
        if let Some(error) = &findings.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        // The solver's solutions for levels that have none kept.
        let unkept: Vec<(usize, Vec<Step>)> = findings
            .reports
            .iter()
            .filter(|r| matches!(r.status, Status::NoneKept | Status::LevelChanged))
            .filter_map(|r| solver_steps(r.entry).map(|s| (r.entry, s)))
            .collect();
        ui.horizontal(|ui| {
            let label = format!("Keep the solver's solutions ({})", unkept.len());
            let hint = "Keep the live solver's solution of every level that has none kept";
            if tip(ui.add_enabled(!unkept.is_empty(), egui::Button::new(label)), hint).clicked() {
                let path = cx.doc.path.clone();
                cx.kept.keep_all(path.as_deref(), &build, &unkept, By::Solver);
            }
            if !cx.kept.note.is_empty() {
                ui.label(&cx.kept.note);
            }
        });
        let mut points = curve_points(&findings, solver_moves);
        if self.measure == Measure::Pushes
            && let Some(game) = build.game.as_ref()
        {
            let key = std::sync::Arc::as_ptr(game) as usize;
            self.solver_pushes.retain(|k, _| k.0 == key);
            for p in points.iter_mut().filter(|p| p.kind == PointKind::Solver && p.pushes.is_none()) {
                let Some(Verdict::Solved(inputs)) = live.verdict(p.entry) else { continue };
                let known = self.solver_pushes.get(&(key, p.entry)).filter(|(i, _)| i == inputs).map(|(_, n)| *n);
                let n = known.unwrap_or_else(|| {
                    let n = engine::kept::pushes(game, p.entry, None, inputs);
                    self.solver_pushes.insert((key, p.entry), (inputs.clone(), n));
                    n
                });
                p.pushes = Some(n);
            }
        }
        ui.horizontal(|ui| {
            ui.label("Difficulty curve:");
            for m in [Measure::Moves, Measure::Pushes] {
                ui.selectable_value(&mut self.measure, m, m.word()).on_hover_text(match m {
                    Measure::Moves => "Each level's solution length in moves",
                    Measure::Pushes => "Each level's moves that pushed something (moved more than the player)",
                });
            }
        });
        if let Some(entry) = curve_ui(ui, &points, self.measure) {
            cx.requests.run(Command::PlayLevel(entry));
        }
        ui.separator();
        let mut keep_one = None;
        let mut select_line = None;
        egui::ScrollArea::vertical().id_salt("solutions_levels").auto_shrink([false, true]).show(ui, |ui| {
            for r in &findings.reports {
                let shortcut = findings.shortcuts.get(&r.entry).copied();
                let solver = solver_steps(r.entry);
                let stops = findings.interruptions.get(&r.entry).map_or(&[][..], Vec::as_slice);
                if let Some(action) = level_row(ui, r, shortcut, solver.as_ref().map(Vec::len), stops) {
                    match action {
                        RowAction::Keep => keep_one = solver.map(|s| (r.entry, s)),
                        RowAction::Play => cx.requests.run(Command::PlayLevel(r.entry)),
                        RowAction::Line(line) => select_line = Some(line),
                    }
                }
            }
            coverage_ui(ui, &findings, &mut select_line);
        });
        if let Some((entry, steps)) = keep_one {
            let path = cx.doc.path.clone();
            cx.kept.keep(path.as_deref(), &build, entry, &steps, By::Solver);
        }
        if let Some(range) = select_line.and_then(|l| cx.doc.line_range(l)) {
            cx.requests.select_in_code(range);
        }
    }
}

impl SolutionsPanel {
    fn summary_ui(&self, ui: &mut egui::Ui, saved: bool, f: &Findings, busy: bool) {
        if !saved {
            ui.label("Save the game to keep solutions beside it (NAME.solutions.json).");
            return;
        }
        let count = |p: fn(&Status) -> bool| f.reports.iter().filter(|r| p(&r.status)).count();
        let mut text = format!(
            "{} win · {} broken · {} changed since kept · {} without a kept solution",
            count(|s| matches!(s, Status::Wins { .. })),
            count(|s| matches!(s, Status::Broken { .. })),
            count(|s| matches!(s, Status::LevelChanged)),
            count(|s| matches!(s, Status::NoneKept)),
        );
        if busy {
            text.push_str(" · replaying…");
        }
        ui.label(text);
    }
}

/// The "Kept solutions" group of the Problems panel: levels whose kept
/// solutions broke (a click selects the first rule that behaves
/// differently, else plays the level) and the rule lines no kept solution
/// applies. Returns the text range to select.
pub fn problems_ui(ui: &mut egui::Ui, cx: &mut PanelContext<'_>) -> Option<std::ops::Range<usize>> {
    let findings = cx.kept.findings()?;
    let broken = findings.broken();
    let never = findings.never_fired();
    if broken.is_empty() && never.is_empty() {
        return None;
    }
    let mut jump_line = None;
    let mut play = None;
    ui.label(egui::RichText::new(format!("Kept solutions ({})", broken.len() + never.len())).strong())
        .on_hover_text("Solutions kept beside the game, replayed after each build (see the Solutions tab)");
    for r in &broken {
        let (at, first_rule) = match &r.status {
            Status::Broken { at, rules, .. } => (*at, rules.iter().find_map(|c| c.line_now)),
            _ => (None, None),
        };
        let text = match at {
            Some(a) => format!("Level {}: its kept solution no longer wins (it goes another way at move {a})", r.level),
            None => format!("Level {}: its kept solution no longer wins", r.level),
        };
        let row = ui.add(
            egui::Button::selectable(false, egui::RichText::new(text).color(ui.visuals().error_fg_color))
                .frame_when_inactive(false),
        );
        if row.on_hover_text("Click to show the rule that changed, or to play the level").clicked() {
            match first_rule {
                Some(line) => jump_line = Some(line),
                None => play = Some(r.entry),
            }
        }
    }
    if !never.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Rules no kept solution applies:");
            for l in &never {
                if ui.link(format!("line {l}")).clicked() {
                    jump_line = Some(*l);
                }
            }
        });
    }
    ui.separator();
    if let Some(entry) = play {
        cx.requests.run(Command::PlayLevel(entry));
    }
    jump_line.and_then(|l| cx.doc.line_range(l))
}

/// What a level's row asks for.
enum RowAction {
    Keep,
    Play,
    Line(u32),
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// One level's row: its verdict and what can be done about it, and under
/// it the moves of its kept solution that a rule cancelled or restarted
/// (`stops`), each a link to the rule.
fn level_row(
    ui: &mut egui::Ui,
    r: &LevelReport,
    shortcut: Option<usize>,
    solver: Option<usize>,
    stops: &[engine::kept::Interruption],
) -> Option<RowAction> {
    let mut action = None;
    let by = |r: &LevelReport| match r.solution.as_ref().map(|s| s.by) {
        Some(By::Player) => " (kept by you)",
        Some(By::Solver) => " (kept from the solver)",
        None => "",
    };
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Level {}", r.level));
        match &r.status {
            Status::Wins { moves, early: None } => {
                ui.label(format!("wins in {moves} move{}{}", plural(*moves), by(r)));
            }
            Status::Wins { moves, early: Some(at) } => {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    format!("wins at move {at} of the {moves} kept{}: a shorter way through", by(r)),
                );
            }
            Status::Broken { verdict, at, .. } => {
                let how = match verdict {
                    Replay::Endless { at } => format!("move {at} starts again turns that never stop"),
                    Replay::Unplayable => "the level moves on by itself as it loads".to_owned(),
                    _ => "the kept moves no longer win".to_owned(),
                };
                let place = at.map(|a| format!("; it goes another way at move {a}")).unwrap_or_default();
                ui.colored_label(ui.visuals().error_fg_color, format!("broken: {how}{place}{}", by(r)));
            }
            Status::LevelChanged => {
                ui.colored_label(ui.visuals().warn_fg_color, "the level changed since its solution was kept");
            }
            Status::NoneKept => {
                ui.weak("no solution kept");
            }
        }
        if let Some(n) = shortcut {
            ui.colored_label(ui.visuals().warn_fg_color, format!("shortcut: the solver wins in {n} move{}", plural(n)));
        }
        if matches!(r.status, Status::NoneKept | Status::LevelChanged)
            && let Some(n) = solver
            && ui.button(format!("Keep the solver's ({n} move{})", plural(n))).clicked()
        {
            action = Some(RowAction::Keep);
        }
        if ui.small_button("Play").on_hover_text("Play this level in the player").clicked() {
            action = Some(RowAction::Play);
        }
    });
    for stop in stops {
        ui.horizontal(|ui| {
            ui.add_space(16.0);
            let line = match stop.kind {
                InterruptionKind::Cancel(l) | InterruptionKind::Restart(l) => Some(l),
                InterruptionKind::NoPlayerMovement => None,
            };
            match line {
                Some(l) if ui.link(stop.to_string()).on_hover_text("Show the rule in the code").clicked() => {
                    action = Some(RowAction::Line(l));
                }
                Some(_) => {}
                None => {
                    ui.label(stop.to_string());
                }
            }
        });
    }
    if let Status::Broken { rules, .. } = &r.status {
        for c in rules {
            ui.horizontal(|ui| {
                ui.add_space(16.0);
                let place = match (c.line_now, c.line_before) {
                    (Some(l), _) => format!("line {l}"),
                    (None, Some(l)) => format!("removed (was line {l})"),
                    (None, None) => "?".to_owned(),
                };
                let text =
                    format!("{place}: applied {} time{} now, {} before: {}", c.now, plural(c.now), c.before, c.text);
                if let Some(l) = c.line_now {
                    if ui.link(text).clicked() {
                        action = Some(RowAction::Line(l));
                    }
                } else {
                    ui.label(text);
                }
            });
        }
    }
    action
}

/// The rule lines the kept solutions use, and the ones none uses.
fn coverage_ui(ui: &mut egui::Ui, f: &Findings, select: &mut Option<u32>) {
    let never = f.never_fired();
    if f.coverage.is_empty() {
        return;
    }
    ui.separator();
    let used = f.rule_lines.len() - never.len();
    ui.label(format!("Rule coverage: {used} of {} rule lines apply in the kept solutions.", f.rule_lines.len()));
    if !never.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Never fired in any kept solution:");
            for l in never {
                if ui.link(format!("line {l}")).clicked() {
                    *select = Some(l);
                }
            }
        });
    }
}

/// Height of the difficulty curve.
const CURVE_HEIGHT: f32 = 120.0;

/// Draw the difficulty curve; the entry of a clicked point.
fn curve_ui(ui: &mut egui::Ui, points: &[CurvePoint], measure: Measure) -> Option<usize> {
    let value = |p: &CurvePoint| match measure {
        Measure::Moves => Some(p.moves),
        Measure::Pushes => p.pushes,
    };
    let points: Vec<(CurvePoint, usize)> = points.iter().filter_map(|p| Some((*p, value(p)?))).collect();
    let width = ui.available_width().max(120.0);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, CURVE_HEIGHT), egui::Sense::click());
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 2.0, visuals.extreme_bg_color);
    if points.is_empty() {
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            "The difficulty curve appears once levels have solutions.",
            egui::FontId::proportional(12.0),
            visuals.weak_text_color(),
        );
        return None;
    }
    let plot = rect.shrink2(egui::vec2(28.0, 14.0));
    let max_level = points.iter().map(|(p, _)| p.level).max().unwrap_or(1).max(2);
    let max_moves = points.iter().map(|(_, v)| *v).max().unwrap_or(1).max(1);
    let at = |(p, v): &(CurvePoint, usize)| {
        let x = plot.left() + plot.width() * (p.level - 1) as f32 / (max_level - 1) as f32;
        let y = plot.bottom() - plot.height() * *v as f32 / max_moves as f32;
        egui::pos2(x, y)
    };
    let axis = egui::Stroke::new(1.0, visuals.weak_text_color());
    painter.line_segment([plot.left_bottom(), plot.right_bottom()], axis);
    painter.line_segment([plot.left_bottom(), plot.left_top()], axis);
    let font = egui::FontId::proportional(10.0);
    painter.text(
        plot.left_top() - egui::vec2(4.0, 0.0),
        egui::Align2::RIGHT_CENTER,
        max_moves.to_string(),
        font.clone(),
        visuals.weak_text_color(),
    );
    painter.text(
        plot.left_top() + egui::vec2(4.0, 0.0),
        egui::Align2::LEFT_CENTER,
        measure.word(),
        font.clone(),
        visuals.weak_text_color(),
    );
    painter.text(
        plot.left_bottom() - egui::vec2(4.0, 0.0),
        egui::Align2::RIGHT_CENTER,
        "0",
        font.clone(),
        visuals.weak_text_color(),
    );
    painter.text(
        plot.right_bottom() + egui::vec2(0.0, 2.0),
        egui::Align2::RIGHT_TOP,
        format!("level {max_level}"),
        font,
        visuals.weak_text_color(),
    );
    let line: Vec<egui::Pos2> = points.iter().map(at).collect();
    painter.add(egui::Shape::line(line, egui::Stroke::new(1.5, visuals.text_color().gamma_multiply(0.5))));
    let hover = response.hover_pos();
    let mut hovered = None;
    for p in &points {
        let c = at(p);
        let near = hover.is_some_and(|h| h.distance(c) < 8.0);
        if near {
            hovered = Some(*p);
        }
        painter.circle_filled(c, if near { 5.0 } else { 3.5 }, p.0.kind.color());
    }
    if let Some((p, _)) = hovered {
        let what = match p.kind {
            PointKind::Kept => "kept solution",
            PointKind::Broken => "kept solution, broken",
            PointKind::Solver => "the solver's solution, not kept",
        };
        let pushes = p.pushes.map(|n| format!(", {n} pushes")).unwrap_or_default();
        response
            .clone()
            .on_hover_text(format!("Level {}: {} moves{pushes} ({what}). Click to play it.", p.level, p.moves));
    }
    if response.clicked() {
        return hovered.map(|(p, _)| p.entry);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solutions::Solution;

    fn report(level: usize, status: Status, moves: &str) -> LevelReport {
        let solution = (!moves.is_empty()).then(|| Solution {
            moves: moves.to_owned(),
            by: By::Player,
            seed: None,
            states: String::new(),
        });
        LevelReport { level, entry: level, status, solution }
    }

    #[test]
    fn the_curve_takes_kept_solutions_then_the_solvers() {
        let findings = Findings {
            reports: vec![
                report(1, Status::Wins { moves: 4, early: None }, "urrr"),
                report(2, Status::Broken { verdict: Replay::NotWon { moves: 3 }, at: Some(2), rules: vec![] }, "uuu"),
                report(3, Status::NoneKept, ""),
                report(4, Status::NoneKept, ""),
            ],
            ..Findings::default()
        };
        let findings = Findings { pushes: [(1, 3)].into_iter().collect(), ..findings };
        let points = curve_points(&findings, |entry| (entry == 3).then_some((9, None)));
        let seen: Vec<(usize, usize, PointKind)> = points.iter().map(|p| (p.level, p.moves, p.kind)).collect();
        assert_eq!(seen, [(1, 4, PointKind::Kept), (2, 3, PointKind::Broken), (3, 9, PointKind::Solver)]);
        let pushes: Vec<Option<usize>> = points.iter().map(|p| p.pushes).collect();
        assert_eq!(pushes, [Some(3), None, None], "pushes come from the keeper's replay of the kept solution");
    }
}
