//! What the debugger shows beside the events: each compiled rule written
//! out (directions expanded, properties and synonyms resolved, as the
//! reference's "Rule Assembly" shows it) and the status of each win
//! condition on a board.

use super::{BoardState, RuleList, Session};
use crate::compile::bits::{self, LAYER_BITS};
use crate::compile::{Direction, Game, PatternCell, Phase, Quantifier, Rule};

/// One compiled expansion of a written rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleExpansion {
    /// The rule list it is in.
    pub list: RuleList,
    /// Index of its group in the list.
    pub group: usize,
    /// Index in its group.
    pub index: usize,
    /// Source line of the written rule.
    pub line: u32,
    /// Its direction.
    pub dir: Direction,
    /// The rule as compiled, written out (see [`describe_rule`]).
    pub text: String,
}

/// Every compiled rule of `game` in execution order: the main rules, the
/// late rules, then each subroutine's main and late rules.
#[must_use]
pub fn rule_expansions(game: &Game) -> Vec<RuleExpansion> {
    let mut lists = vec![RuleList::Main, RuleList::Late];
    for index in 0..game.subroutines.len() {
        lists.push(RuleList::Subroutine { index, phase: Phase::Main });
        lists.push(RuleList::Subroutine { index, phase: Phase::Late });
    }
    let mut out = Vec::new();
    for list in lists {
        let Some(set) = list.rules(game) else { continue };
        for (group, rules) in set.groups.iter().enumerate() {
            for (index, rule) in rules.iter().enumerate() {
                out.push(RuleExpansion {
                    list,
                    group,
                    index,
                    line: rule.line,
                    dir: rule.dir,
                    text: describe_rule(game, rule, list.phase()),
                });
            }
        }
    }
    out
}

/// A compiled rule written out in PuzzleScript words, one concrete
/// direction, objects by name (properties that stay properties written as
/// `(a or b)`), e.g. `right [ > player | crate ] -> [ > player | > crate ]`.
/// Prefixed by `late`, `rigid`, `random` as they apply, followed by the
/// commands.
#[must_use]
pub fn describe_rule(game: &Game, rule: &Rule, phase: Phase) -> String {
    let mut out = String::new();
    if phase == Phase::Late {
        out.push_str("late ");
    }
    if rule.rigid {
        out.push_str("rigid ");
    }
    if rule.random {
        out.push_str("random ");
    }
    out.push_str(rule.dir.word());
    let lhs: Vec<String> = rule
        .rows
        .iter()
        .map(|row| {
            row_text(row.cells.iter().map(|c| match c {
                PatternCell::Ellipsis => "...".to_owned(),
                PatternCell::Cell(p) => lhs_cell(game, p),
            }))
        })
        .collect();
    out.push(' ');
    out.push_str(&lhs.join(" "));
    if rule.has_replacements {
        let rhs: Vec<String> = rule
            .rows
            .iter()
            .map(|row| {
                row_text(row.cells.iter().map(|c| match c {
                    PatternCell::Ellipsis => "...".to_owned(),
                    PatternCell::Cell(p) => rhs_cell(game, p),
                }))
            })
            .collect();
        out.push_str(" -> ");
        out.push_str(&rhs.join(" "));
    } else if !rule.commands.is_empty() {
        out.push_str(" ->");
    }
    for c in &rule.commands {
        out.push(' ');
        out.push_str(c.word());
        match c {
            crate::compile::Command::Message(text) => {
                out.push(' ');
                out.push_str(text);
            }
            crate::compile::Command::Gosub(k) => {
                out.push(' ');
                out.push_str(game.subroutines.get(*k).map_or("?", |s| s.name.as_str()));
            }
            _ => {}
        }
    }
    out
}

fn row_text(cells: impl Iterator<Item = String>) -> String {
    let cells: Vec<String> = cells.collect();
    format!("[ {} ]", cells.join(" | "))
}

/// The word of a layer's movement bits on the left-hand side.
fn movement_word(bits: u64) -> &'static str {
    match bits {
        0 => "",
        1 => "up",
        2 => "down",
        4 => "left",
        8 => "right",
        16 => "action",
        15 => "moving",
        3 => "vertical",
        12 => "horizontal",
        _ => "moving",
    }
}

fn with_movement(word: &'static str, name: &str) -> String {
    if word.is_empty() { name.to_owned() } else { format!("{word} {name}") }
}

fn names_of(game: &Game, mask: &[u64]) -> Vec<String> {
    (0..game.objects.len()).filter(|&id| bits::get_bit(mask, id)).map(|id| game.objects[id].name.to_string()).collect()
}

/// The layer most members of `mask` are on (a property's layer).
fn layer_of_mask(game: &Game, mask: &[u64]) -> Option<usize> {
    (0..game.objects.len()).find(|&id| bits::get_bit(mask, id)).map(|id| game.objects[id].layer)
}

fn lhs_cell(game: &Game, p: &crate::compile::CellPattern) -> String {
    let mut terms = Vec::new();
    for id in (0..game.objects.len()).filter(|&id| bits::get_bit(&p.present, id)) {
        let layer = game.objects[id].layer;
        terms.push(term(&game.objects[id].name, layer, &p.mov_present, &p.mov_missing));
    }
    for any in &p.any_present {
        let name = format!("({})", names_of(game, any).join(" or "));
        match layer_of_mask(game, any) {
            Some(layer) => terms.push(term(&name, layer, &p.mov_present, &p.mov_missing)),
            None => terms.push(name),
        }
    }
    let missing = names_of(game, &p.missing);
    if !missing.is_empty() {
        terms.push(if missing.len() == 1 {
            format!("no {}", missing[0])
        } else {
            format!("no ({})", missing.join(" or "))
        });
    }
    terms.join(" ")
}

fn term(name: &str, layer: usize, mov_present: &[u64], mov_missing: &[u64]) -> String {
    if bits::mov_get(mov_missing, layer) == LAYER_BITS {
        return format!("stationary {name}");
    }
    with_movement(movement_word(bits::mov_get(mov_present, layer)), name)
}

fn rhs_cell(game: &Game, p: &crate::compile::CellPattern) -> String {
    let Some(rep) = &p.replace else { return lhs_cell(game, p) };
    let mut terms = Vec::new();
    // Objects the cell keeps or gets.
    for id in 0..game.objects.len() {
        let layer = game.objects[id].layer;
        let kept = bits::get_bit(&p.present, id) && !bits::get_bit(&rep.obj_clear, id);
        if !(kept || bits::get_bit(&rep.obj_set, id)) {
            continue;
        }
        terms.push(rhs_term(&game.objects[id].name, layer, p, rep));
    }
    for any in &p.any_present {
        if bits::intersects(any, &rep.obj_clear) {
            continue;
        }
        let name = format!("({})", names_of(game, any).join(" or "));
        match layer_of_mask(game, any) {
            Some(layer) => terms.push(rhs_term(&name, layer, p, rep)),
            None => terms.push(name),
        }
    }
    if !rep.random_objects.is_empty() {
        let names: Vec<&str> =
            rep.random_objects.iter().filter_map(|&id| game.objects.get(id)).map(|o| o.name.as_str()).collect();
        terms.push(format!("random ({})", names.join(" or ")));
    }
    for &layer in &rep.random_dir_layers {
        terms.push(format!("randomdir (layer {layer})"));
    }
    terms.join(" ")
}

fn rhs_term(name: &str, layer: usize, p: &crate::compile::CellPattern, rep: &crate::compile::Replacement) -> String {
    let set = bits::mov_get(&rep.mov_set, layer);
    if set != 0 {
        return with_movement(movement_word(set), name);
    }
    if bits::mov_get(&rep.mov_clear, layer) == LAYER_BITS {
        // Its movement is cleared: stationary unless the left side said so
        // already (then it just stays).
        return if bits::mov_get(&p.mov_present, layer) != 0 { format!("stationary {name}") } else { name.to_owned() };
    }
    term(name, layer, &p.mov_present, &p.mov_missing)
}

/// Whether one win condition holds, and which cells break it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinStatus {
    /// Index in [`Game::win_conditions`].
    pub index: usize,
    /// Its source line.
    pub line: u32,
    /// The quantifier.
    pub quantifier: Quantifier,
    /// It holds.
    pub holds: bool,
    /// The cells that break it (cell index `x * height + y`): for `all X on
    /// Y`, cells with X and no Y; for `no X on Y`, cells with X on Y. Empty
    /// for `some X on Y`, which fails for want of a cell, not because of one.
    pub cells: Vec<usize>,
}

/// The status of every win condition of `game` on `board`. The level is
/// won when all hold (and the game has at least one), unless a `win`
/// command decides it first.
#[must_use]
pub fn win_status(game: &Game, board: &BoardState) -> Vec<WinStatus> {
    game.win_conditions
        .iter()
        .enumerate()
        .map(|(index, wc)| {
            let both = |i: usize| {
                let c = board.cell_objects(i);
                wc.subject.matches(c) && wc.target.matches(c)
            };
            let n = board.cells();
            let (holds, cells) = match wc.quantifier {
                Quantifier::No => {
                    let cells: Vec<usize> = (0..n).filter(|&i| both(i)).collect();
                    (cells.is_empty(), cells)
                }
                Quantifier::Some => ((0..n).any(both), Vec::new()),
                Quantifier::All => {
                    let cells: Vec<usize> = (0..n)
                        .filter(|&i| {
                            let c = board.cell_objects(i);
                            wc.subject.matches(c) && !wc.target.matches(c)
                        })
                        .collect();
                    (cells.is_empty(), cells)
                }
            };
            WinStatus { index, line: wc.line, quantifier: wc.quantifier, holds, cells }
        })
        .collect()
}

impl Session {
    /// The status of every win condition on the current board (empty
    /// before any map).
    #[must_use]
    pub fn win_status(&self) -> Vec<WinStatus> {
        self.board_state().map_or_else(Vec::new, |b| win_status(&self.game, &b))
    }
}
