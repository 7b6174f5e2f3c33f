//! Design checks beyond the reference's: warnings about likely mistakes in
//! a game that builds without errors (unused objects, legend entries and
//! colours; rules, win conditions and sounds written twice; rules and win
//! conditions that can never be met; levels won at once or too easily).
//!
//! This module owns the checks and their options. It is a side module: it
//! reads a finished [`Build`] (the tree and the compiled game) and plays
//! levels through the ordinary [`crate::run::Session`], and nothing in the
//! pipeline calls it, so `build`'s diagnostics (which conformance compares
//! with the reference's) never include these. Codes are `A0101`...; their
//! wording is in [`crate::diag::catalogue`].
//!
//! Work is bounded. The static checks are linear in the size of the game
//! (plus a fixpoint over the rules, at most one pass per object). The
//! dynamic checks play each level at most [`HOLD_PRESSES`] presses of each
//! of the five keys (each followed by at most [`AGAIN_TURNS`] `again`
//! turns, and at most [`HOLD_TURNS`] turns in all) and every sequence of
//! one and two keys (30 sequences), and at most [`GAME_TURNS`] turns per
//! game (later levels are then left unplayed); a game
//! whose levels hold more than [`MAX_DYNAMIC_CELLS`] cells in total is not
//! played.

mod dynamic;
mod reach;
mod repeats;
#[cfg(test)]
mod tests;
mod usage;

use crate::Build;
use crate::diag::Diagnostic;
use crate::span::Span;
use crate::syntax::ast::LevelEntry;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Most presses of one key the "won by holding" check makes per level.
pub const HOLD_PRESSES: usize = 200;
/// Most `again` turns run after one press before the next press.
pub const AGAIN_TURNS: usize = 100;
/// Most turns (presses and `again` turns) the "won by holding" check plays
/// per level, over all keys.
pub const HOLD_TURNS: usize = 1000;
/// Most turns the dynamic checks play over all the levels of one game;
/// later levels are not played (a game whose turns are slow could
/// otherwise keep a worker busy for minutes).
pub const GAME_TURNS: usize = 3000;
/// Games whose levels have more cells than this in total are not played by
/// the dynamic checks (the static ones still run).
pub const MAX_DYNAMIC_CELLS: usize = 200_000;

/// One kind of design check; each has its own code, and the studio can list
/// them (with [`Check::ALL`], [`Check::name`] and [`Check::description`]) as
/// toggles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Check {
    /// An object no rule, level or win condition uses.
    UnusedObject,
    /// A legend entry nothing refers to.
    UnusedLegend,
    /// A palette colour no sprite pixel uses.
    UnusedColour,
    /// A rule the same (after expansion) as the one just before it.
    RepeatedRule,
    /// A win condition written twice.
    RepeatedWinCondition,
    /// An object sound line written twice.
    RepeatedSound,
    /// A rule cell that asks for two objects of one collision layer.
    CellLayerClash,
    /// A rule that needs objects no level holds and no rule creates.
    RuleNeverFires,
    /// A level whose win conditions need objects it can never hold.
    ImpossibleVictory,
    /// A level already won as it starts.
    InstantVictory,
    /// A level won by pressing one key over and over.
    WonByHolding,
    /// A level won in one or two moves.
    ShortSolution,
}

impl Check {
    /// Every check, in the order they are listed.
    pub const ALL: [Check; 12] = [
        Check::UnusedObject,
        Check::UnusedLegend,
        Check::UnusedColour,
        Check::RepeatedRule,
        Check::RepeatedWinCondition,
        Check::RepeatedSound,
        Check::CellLayerClash,
        Check::RuleNeverFires,
        Check::ImpossibleVictory,
        Check::InstantVictory,
        Check::WonByHolding,
        Check::ShortSolution,
    ];

    /// A short name for a toggle.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Check::UnusedObject => "Unused objects",
            Check::UnusedLegend => "Unused legend entries",
            Check::UnusedColour => "Unused colours",
            Check::RepeatedRule => "Repeated rules",
            Check::RepeatedWinCondition => "Repeated win conditions",
            Check::RepeatedSound => "Repeated sounds",
            Check::CellLayerClash => "Objects of one layer in one cell",
            Check::RuleNeverFires => "Rules that never apply",
            Check::ImpossibleVictory => "Levels that cannot be won",
            Check::InstantVictory => "Levels won at the start",
            Check::WonByHolding => "Levels won by holding a key",
            Check::ShortSolution => "Levels won in under 3 moves",
        }
    }

    /// One sentence saying what the check looks for.
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            Check::UnusedObject => {
                "an object that no rule, level or win condition names, directly or through the legend"
            }
            Check::UnusedLegend => "a legend entry that nothing else in the game refers to",
            Check::UnusedColour => "a colour in an object's palette that no pixel of its sprite uses",
            Check::RepeatedRule => "a rule that, after expansion, is the same as the rule that runs just before it",
            Check::RepeatedWinCondition => "a win condition that asks what an earlier one asks",
            Check::RepeatedSound => "an object sound line written twice",
            Check::CellLayerClash => "a rule cell asking for two objects that share a collision layer",
            Check::RuleNeverFires => "a rule that needs an object no level holds and no rule creates",
            Check::ImpossibleVictory => "a level whose win conditions need an object it lacks and no rule creates",
            Check::InstantVictory => "a level whose win conditions already hold when it starts",
            Check::WonByHolding => "a level won by pressing the same key over and over (played, at most 200 presses)",
            Check::ShortSolution => "a level won in one or two moves (every sequence of up to two keys is played)",
        }
    }

    /// The diagnostic code the check reports with.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Check::UnusedObject => "A0101",
            Check::UnusedLegend => "A0102",
            Check::UnusedColour => "A0103",
            Check::RepeatedRule => "A0201",
            Check::RepeatedWinCondition => "A0202",
            Check::RepeatedSound => "A0203",
            Check::CellLayerClash => "A0301",
            Check::RuleNeverFires => "A0302",
            Check::ImpossibleVictory => "A0303",
            Check::InstantVictory => "A0304",
            Check::WonByHolding => "A0401",
            Check::ShortSolution => "A0402",
        }
    }

    /// Whether the check plays the levels (and so takes more time).
    #[must_use]
    pub fn is_dynamic(self) -> bool {
        matches!(self, Check::WonByHolding | Check::ShortSolution)
    }
}

/// Which checks to run. The default runs them all.
#[derive(Debug, Clone, Default)]
pub struct AnalyzeOptions {
    /// Checks switched off.
    pub disabled: Vec<Check>,
    /// Leave out the checks that play the levels.
    pub static_only: bool,
    /// Set from another thread to stop early (what was found so far is
    /// returned); checked between levels and between checks.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl AnalyzeOptions {
    /// Whether `check` runs under these options.
    #[must_use]
    pub fn runs(&self, check: Check) -> bool {
        let switched_off = self.disabled.contains(&check) || (self.static_only && check.is_dynamic());
        !switched_off
    }

    fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

/// What every check reads: the build, its game, and where each compiled
/// level was written.
pub(crate) struct Ctx<'a> {
    pub build: &'a Build,
    pub game: &'a crate::compile::Game,
    /// For each entry of `game.levels`, the span of its map or message.
    pub level_spans: Vec<Span>,
    pub options: &'a AnalyzeOptions,
}

/// Run the design checks on a game that built without errors (a game with
/// errors gets none: its problems come first). Warnings only, sorted by
/// position; never part of [`crate::build`]'s diagnostics.
#[must_use]
pub fn analyze(build: &Build, options: &AnalyzeOptions) -> Vec<Diagnostic> {
    let Some(game) = build.game.as_deref() else { return Vec::new() };
    let ctx = Ctx { build, game, level_spans: level_spans(build), options };
    let mut out = Vec::new();
    let passes: [fn(&Ctx, &mut Vec<Diagnostic>); 4] = [usage::run, repeats::run, reach::run, dynamic::run];
    for pass in passes {
        if options.cancelled() {
            break;
        }
        pass(&ctx, &mut out);
    }
    out.sort_by_key(|d| (d.span.start, d.span.end, d.code));
    out
}

/// The span of each compiled level: compiling skips empty maps, so the
/// tree's entries are walked the same way.
fn level_spans(build: &Build) -> Vec<Span> {
    build
        .ast
        .levels
        .iter()
        .filter_map(|e| match e {
            LevelEntry::Message { span, .. } | LevelEntry::Goto { span, .. } => Some(*span),
            LevelEntry::Map(m) if m.rows.is_empty() => None,
            LevelEntry::Map(m) => Some(m.span),
        })
        .collect()
}
