//! What can never happen, or has already happened: rule cells asking for
//! two objects of one layer, rules that can never apply, levels that can
//! never be won, levels won as they start.
//!
//! "Can apply" is judged on objects alone: a compiled rule can apply when
//! every object its left side requires (and one of each set of
//! alternatives) can be on the board, and it then makes available what its
//! right side creates (including `random` spawns). Starting from the
//! objects of the levels, this is repeated until nothing new appears (at
//! most one round per object). Movements and `no` are ignored, which can
//! only make a rule look able to apply when it is not, so what these checks
//! report is certain.

use super::{Check, Ctx};
use crate::compile::bits;
use crate::compile::{Command, Game, Level, ObjectMatch, PatternCell, Quantifier, Rule};
use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::names::{Meaning, NameTable};
use crate::run::Session;
use crate::span::Span;
use crate::syntax::ast::{Cell, RuleLineKind};
use std::collections::BTreeMap;
use std::sync::Arc;

pub(super) fn run(ctx: &Ctx, out: &mut Vec<Diagnostic>) {
    if ctx.options.runs(Check::CellLayerClash) {
        layer_clashes(ctx, out);
    }
    let rules: Vec<&Rule> = ctx.game.all_rules().collect();
    if ctx.options.runs(Check::RuleNeverFires) {
        never_fires(ctx, &rules, out);
    }
    if ctx.options.runs(Check::ImpossibleVictory) {
        impossible_victories(ctx, &rules, out);
    }
    if ctx.options.runs(Check::InstantVictory) {
        instant_victories(ctx, out);
    }
}

fn name_of(game: &Game, id: usize) -> String {
    game.objects.get(id).map_or_else(|| format!("#{id}"), |o| o.name.to_string())
}

/// The first requirement of `rule` that `available` cannot meet, in words.
fn unmet(game: &Game, rule: &Rule, available: &[u64]) -> Option<String> {
    for row in &rule.rows {
        for cell in &row.cells {
            let PatternCell::Cell(c) = cell else { continue };
            for (w, (&need, &have)) in c.present.iter().zip(available).enumerate() {
                let missing = need & !have;
                if missing != 0 {
                    return Some(name_of(game, w * 64 + missing.trailing_zeros() as usize));
                }
            }
            for any in &c.any_present {
                if !bits::intersects(any, available) {
                    let ids: Vec<String> = (0..game.objects.len())
                        .filter(|&id| bits::get_bit(any, id))
                        .map(|id| name_of(game, id).to_uppercase())
                        .collect();
                    return Some(format!("one of {}", ids.join(", ")));
                }
            }
        }
    }
    None
}

/// Add to `available` what `rule` can create.
fn add_created(rule: &Rule, available: &mut [u64]) {
    for row in &rule.rows {
        for cell in &row.cells {
            let PatternCell::Cell(c) = cell else { continue };
            let Some(rep) = &c.replace else { continue };
            bits::or_into(available, &rep.obj_set);
            for &id in &rep.random_objects {
                bits::set_bit(available, id);
            }
        }
    }
}

/// Grow `available` by every rule that can apply until nothing changes;
/// returns which rules can apply.
fn fixpoint(game: &Game, rules: &[&Rule], available: &mut [u64]) -> Vec<bool> {
    let mut fires = vec![false; rules.len()];
    loop {
        let mut grew = false;
        for (i, rule) in rules.iter().enumerate() {
            if fires[i] || unmet(game, rule, available).is_some() {
                continue;
            }
            fires[i] = true;
            let before = available.to_vec();
            add_created(rule, available);
            grew |= before != available;
        }
        if !grew {
            return fires;
        }
    }
}

fn level_objects(game: &Game, level: &Level) -> Option<Vec<u64>> {
    let Level::Map(grid) = level else { return None };
    let mut mask = vec![0u64; game.obj_words];
    for cell in grid.cells.chunks(game.obj_words.max(1)) {
        bits::or_into(&mut mask, cell);
    }
    Some(mask)
}

fn rule_span(ctx: &Ctx, line: u32) -> Span {
    ctx.build.ast.rules.iter().find(|d| d.span.line == line).map_or(Span::new(0, 0, line, 1), |d| d.span)
}

fn never_fires(ctx: &Ctx, rules: &[&Rule], out: &mut Vec<Diagnostic>) {
    let game = ctx.game;
    let mut available = vec![0u64; game.obj_words];
    for level in &game.levels {
        if let Some(m) = level_objects(game, level) {
            bits::or_into(&mut available, &m);
        }
    }
    let fires = fixpoint(game, rules, &mut available);
    // A line is reported when none of its expansions can apply.
    let mut lines: BTreeMap<u32, Option<String>> = BTreeMap::new();
    for (rule, fires) in rules.iter().zip(fires) {
        let entry = lines.entry(rule.line).or_insert_with(|| unmet(game, rule, &available));
        if fires {
            *entry = None;
        }
    }
    for (line, missing) in lines {
        if let Some(missing) = missing {
            out.push(cat::rule_never_fires(rule_span(ctx, line), &missing));
        }
    }
}

/// Whether a cell holding only `available` objects could match `m`.
fn could_match(m: &ObjectMatch, available: &[u64]) -> bool {
    if m.aggregate { bits::contains(available, &m.mask) } else { bits::intersects(available, &m.mask) }
}

/// What `m` needs that `available` lacks, named as the win condition does.
fn impossible_part(
    ctx: &Ctx,
    line: u32,
    available: &[u64],
    subject: &ObjectMatch,
    target: &ObjectMatch,
) -> Option<String> {
    let words = ctx.build.ast.win_conditions.iter().find(|d| d.span.line == line).map(|d| &d.words);
    let word = |i: usize| words.and_then(|w| w.get(i)).map_or_else(String::new, |w| w.text.to_string());
    if !could_match(subject, available) {
        return Some(word(1));
    }
    if !could_match(target, available) {
        return Some(word(3));
    }
    None
}

fn impossible_victories(ctx: &Ctx, rules: &[&Rule], out: &mut Vec<Diagnostic>) {
    let game = ctx.game;
    for (level, span) in game.levels.iter().zip(&ctx.level_spans) {
        let Some(start) = level_objects(game, level) else { continue };
        let mut available = start.clone();
        let fires = fixpoint(game, rules, &mut available);
        let wins_by_rule = rules.iter().zip(&fires).any(|(r, &f)| f && r.commands.contains(&Command::Win));
        if wins_by_rule {
            continue;
        }
        for wc in &game.win_conditions {
            let missing = match wc.quantifier {
                Quantifier::Some => impossible_part(ctx, wc.line, &available, &wc.subject, &wc.target),
                Quantifier::All => {
                    // Subjects that are there and can never go must all
                    // end up on a target that can never appear.
                    let stays = !wc.subject.aggregate
                        && bits::intersects(&start, &wc.subject.mask)
                        && !can_destroy(rules, &fires, &wc.subject.mask);
                    let words = ctx.build.ast.win_conditions.iter().find(|d| d.span.line == wc.line).map(|d| &d.words);
                    let target = words.and_then(|w| w.get(3)).map(|w| w.text.to_string());
                    target.filter(|_| stays && !could_match(&wc.target, &available))
                }
                Quantifier::No => None,
            };
            if let Some(missing) = missing {
                out.push(cat::impossible_victory(*span, wc.line, &missing));
            }
        }
    }
}

/// Whether a rule that can apply removes an object of `mask` from a cell.
fn can_destroy(rules: &[&Rule], fires: &[bool], mask: &[u64]) -> bool {
    rules.iter().zip(fires).filter(|(_, f)| **f).any(|(rule, _)| {
        rule.rows.iter().flat_map(|r| &r.cells).any(|cell| {
            let PatternCell::Cell(c) = cell else { return false };
            let Some(rep) = &c.replace else { return false };
            rep.obj_clear.iter().zip(rep.obj_set.iter()).zip(mask).any(|((&clear, &set), &m)| clear & !set & m != 0)
        })
    })
}

/// Whether the win conditions hold on `cells` (one object mask per cell).
fn won(game: &Game, cells: &[u64]) -> bool {
    if game.win_conditions.is_empty() {
        return false;
    }
    let ow = game.obj_words.max(1);
    game.win_conditions.iter().all(|wc| {
        let (s, t) = (&wc.subject, &wc.target);
        let mut it = cells.chunks(ow);
        match wc.quantifier {
            Quantifier::No => it.all(|c| !(s.matches(c) && t.matches(c))),
            Quantifier::Some => it.any(|c| s.matches(c) && t.matches(c)),
            Quantifier::All => it.all(|c| !s.matches(c) || t.matches(c)),
        }
    })
}

/// A level's cells as a session shows them (after the level-start turn of
/// `run_rules_on_level_start`).
fn session_cells(game: &Arc<Game>, index: usize) -> Vec<u64> {
    let s = Session::new(Arc::clone(game), index, None);
    let (w, h) = s.size();
    let mut cells = vec![0u64; w * h * game.obj_words];
    for x in 0..w {
        for y in 0..h {
            let i = x * h + y;
            for id in s.objects_at(x, y) {
                bits::set_bit(&mut cells[i * game.obj_words..(i + 1) * game.obj_words], id);
            }
        }
    }
    cells
}

fn instant_victories(ctx: &Ctx, out: &mut Vec<Diagnostic>) {
    let game = ctx.game;
    let Some(shared) = ctx.build.game.as_ref() else { return };
    let level_start = game.metadata.has("run_rules_on_level_start");
    for (index, (level, span)) in game.levels.iter().zip(&ctx.level_spans).enumerate() {
        let Level::Map(grid) = level else { continue };
        let is_won = if level_start { won(game, &session_cells(shared, index)) } else { won(game, &grid.cells) };
        if is_won {
            out.push(cat::instant_victory(*span));
        }
    }
}

/// Rule cells that ask for two objects of one layer: for each cell of a
/// rule's left side, every pair of objects two of its names can stand for.
fn layer_clashes(ctx: &Ctx, out: &mut Vec<Diagnostic>) {
    let names = NameTable::build(&ctx.build.ast);
    let layer: std::collections::HashMap<&str, usize> =
        ctx.game.objects.iter().map(|o| (o.name.as_str(), o.layer)).collect();
    for def in &ctx.build.ast.rules {
        let RuleLineKind::Rule(rule) = &def.kind else { continue };
        let mut pairs: Vec<String> = Vec::new();
        for cell in rule.lhs.iter().flat_map(|r| &r.cells) {
            let Cell::Items(items, _) = cell else { continue };
            let wanted: Vec<&str> = items
                .iter()
                .filter(|i| !i.modifier.as_ref().is_some_and(|m| m.text == "no" || m.text == "random"))
                .map(|i| i.name.text.as_str())
                .collect();
            for (k, a) in wanted.iter().enumerate() {
                for b in wanted.iter().skip(k + 1).filter(|b| *b != a) {
                    clash_pairs(&names, &layer, a, b, &mut pairs);
                }
            }
        }
        if !pairs.is_empty() {
            out.push(cat::cell_layer_clash(def.span, &pairs));
        }
    }
}

fn clash_pairs(
    names: &NameTable,
    layer: &std::collections::HashMap<&str, usize>,
    a: &str,
    b: &str,
    pairs: &mut Vec<String>,
) {
    let objects = |n: &str| -> Vec<String> {
        match names.meaning(n) {
            Some(m @ (Meaning::Object(_) | Meaning::Property(_) | Meaning::Aggregate(_))) => {
                m.objects().iter().map(|o| (*o).to_owned()).collect()
            }
            None => Vec::new(),
        }
    };
    for x in objects(a) {
        for y in objects(b) {
            let same = x != y && layer.get(x.as_str()).is_some_and(|l| layer.get(y.as_str()) == Some(l));
            let pair = format!("{} and {}", x.to_uppercase(), y.to_uppercase());
            if same && !pairs.contains(&pair) {
                pairs.push(pair);
            }
        }
    }
}
