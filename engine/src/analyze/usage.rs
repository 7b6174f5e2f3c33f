//! What is defined but never used: objects, legend entries, palette colours.
//!
//! An object is used when a name written in a rule, a win condition or a
//! level map (or PLAYER or BACKGROUND, which every game uses) stands for
//! it, directly or through the legend; a mention in a collision layer, a
//! sound line or an unused legend line does not count. A legend entry is
//! used when its name appears anywhere else: a rule, win condition, level
//! map, sound line, collision layer or another legend line; so is a
//! glyph written after an object's name (`Player P`).

use super::{Check, Ctx};
use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::names::NameTable;
use crate::syntax::ast::{Ast, Cell, LevelEntry, RuleLineKind};
use rustc_hash::FxHashSet as HashSet;

pub(super) fn run(ctx: &Ctx, out: &mut Vec<Diagnostic>) {
    let ast = &ctx.build.ast;
    let names = NameTable::build(ast);
    let played = played_names(ast);
    if ctx.options.runs(Check::UnusedObject) {
        unused_objects(ast, &names, &played, out);
    }
    if ctx.options.runs(Check::UnusedLegend) {
        unused_legend(ast, &played, out);
    }
    if ctx.options.runs(Check::UnusedColour) {
        unused_colours(ast, out);
    }
}

/// Names written in rules, win conditions and level maps, plus the two
/// every game uses.
fn played_names(ast: &Ast) -> HashSet<String> {
    let mut set: HashSet<String> = ["player", "background"].iter().map(|s| (*s).to_owned()).collect();
    for def in &ast.rules {
        let RuleLineKind::Rule(rule) = &def.kind else { continue };
        for row in rule.lhs.iter().chain(&rule.rhs) {
            for cell in &row.cells {
                if let Cell::Items(items, _) = cell {
                    set.extend(items.iter().map(|i| i.name.text.to_string()));
                }
            }
        }
    }
    for wc in &ast.win_conditions {
        // `QUANTIFIER subject [on target]`.
        set.extend(wc.words.iter().enumerate().filter(|(i, _)| *i == 1 || *i == 3).map(|(_, w)| w.text.to_string()));
    }
    for entry in &ast.levels {
        if let LevelEntry::Map(map) = entry {
            set.extend(map.rows.iter().flatten().map(char::to_string));
        }
    }
    set
}

fn unused_objects(ast: &Ast, names: &NameTable, played: &HashSet<String>, out: &mut Vec<Diagnostic>) {
    let mut used: HashSet<&str> = HashSet::default();
    for name in played {
        used.extend(names.objects_of(name).iter().copied());
    }
    let mut seen: HashSet<&str> = HashSet::default();
    for def in &ast.objects {
        let name = def.name.text.as_str();
        if seen.insert(name) && !used.contains(name) {
            out.push(cat::unused_object(def.name.span, name));
        }
    }
}

fn unused_legend(ast: &Ast, played: &HashSet<String>, out: &mut Vec<Diagnostic>) {
    let mut mentioned: HashSet<&str> = played.iter().map(String::as_str).collect();
    mentioned.extend(ast.sounds.iter().filter_map(|s| s.words.first()).map(|w| w.text.as_str()));
    mentioned.extend(ast.layers.iter().flat_map(|l| &l.names).map(|n| n.text.as_str()));
    for (i, line) in ast.legend.iter().enumerate() {
        let elsewhere = ast
            .legend
            .iter()
            .enumerate()
            .any(|(j, other)| j != i && other.items.iter().any(|it| it.text == line.name.text));
        if !elsewhere && !mentioned.contains(line.name.text.as_str()) {
            out.push(cat::unused_legend(line.span, &line.name.text));
        }
    }
    // A glyph written after an object's name is a legend entry too.
    for def in &ast.objects {
        for glyph in def.extra_names.iter().filter(|g| g.text.chars().count() == 1) {
            let in_legend = ast.legend.iter().any(|line| line.items.iter().any(|it| it.text == glyph.text));
            if !in_legend && !mentioned.contains(glyph.text.as_str()) {
                out.push(cat::unused_glyph(glyph.span, &glyph.text, &def.name.text));
            }
        }
    }
}

/// A0103: a colour no pixel of the object's sprite uses. The sprite is
/// the one drawn: after `copy:NAME` and the transforms (PuzzleScript
/// Plus/Next), so a copied or turned sprite is judged by its pixels. An
/// object drawn as text or on a canvas has no pixels to judge by.
fn unused_colours(ast: &Ast, out: &mut Vec<Diagnostic>) {
    for def in &ast.objects {
        if def.text.is_some() || def.canvas.is_some() {
            continue;
        }
        let (sprite, _) = crate::compile::sprites::final_sprite(ast, def);
        let mut used = vec![false; def.colors.len()];
        if sprite.is_empty() {
            // No sprite: a solid block of the first colour.
            if let Some(u) = used.first_mut() {
                *u = true;
            }
        }
        for px in sprite.iter().flatten().flatten() {
            if let Some(u) = used.get_mut(usize::from(*px)) {
                *u = true;
            }
        }
        for (index, colour) in def.colors.iter().enumerate() {
            if !used[index] {
                out.push(cat::unused_colour(colour.span, &def.name.text, index, &colour.text));
            }
        }
    }
}
