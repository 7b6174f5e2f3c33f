//! Whole-game requirements: a player, a background, layers for every
//! object, at least one level.

use rustc_hash::FxHashMap as HashMap;

use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::names::{Meaning, NameTable};
use crate::span::Span;
use crate::syntax::ast::{Ast, Section};

/// Check the game as a whole.
pub fn check(ast: &Ast, names: &NameTable, layered: &HashMap<&str, usize>, out: &mut Vec<Diagnostic>) {
    let at = |sec: Section| ast.sections.iter().find(|(s, _)| *s == sec).map_or(Span::new(0, 0, 1, 1), |x| x.1);
    let objects_at = at(Section::Objects);
    // PuzzleScript Next's `nokeyboard`: a game played by mouse alone
    // needs no player.
    let nokeyboard = ast.prelude.iter().any(|p| p.key.text == "nokeyboard");
    if !names.defined("player") && !nokeyboard {
        out.push(cat::no_player(objects_at));
    }
    if !names.defined("background") {
        out.push(cat::no_background(objects_at));
    } else if let Some(Meaning::Aggregate(_)) = names.meaning("background") {
        let line = names.line_of("background");
        let span = ast
            .legend
            .iter()
            .find(|l| l.name.text.as_str() == "background" && l.span.line == line)
            .map_or(objects_at, |l| l.span);
        out.push(cat::background_aggregate(span));
    } else if let Some(Meaning::Property(members)) = names.meaning("background") {
        // The level's background is one object per cell on one layer.
        let layers: std::collections::BTreeSet<usize> =
            members.iter().filter_map(|m| layered.get(*m).copied()).collect();
        if layers.len() > 1 {
            let line = names.line_of("background");
            let span = ast
                .legend
                .iter()
                .find(|l| l.name.text.as_str() == "background" && l.span.line == line)
                .map_or(objects_at, |l| l.span);
            out.push(cat::background_layers(span));
        }
    }
    if ast.layers.is_empty() {
        out.push(cat::no_layers(at(Section::CollisionLayers)));
        return;
    }
    for o in &ast.objects {
        if !layered.contains_key(o.name.text.as_str()) {
            out.push(cat::not_layered(o.name.span, &o.name.text));
        }
    }
    if layered.is_empty() {
        out.push(cat::no_objects(at(Section::CollisionLayers)));
    }
    // Aggregates whose parts share a layer can never be placed.
    for l in &ast.legend {
        if let Some(Meaning::Aggregate(_)) = names.meaning(&l.name.text) {
            if names.line_of(&l.name.text) != l.span.line {
                continue;
            }
            // Each word on its own, so one object named twice shows up.
            let mut parts: Vec<&str> = l.items.iter().flat_map(|i| names.objects_of(&i.text)).copied().collect();
            if l.kind != crate::syntax::ast::LegendKind::And {
                parts = names.objects_of(&l.name.text).to_vec();
                let mut once: Vec<&str> = Vec::with_capacity(parts.len());
                parts.retain(|p| {
                    let first = !once.contains(p);
                    if first {
                        once.push(p);
                    }
                    first
                });
            }
            if l.kind == crate::syntax::ast::LegendKind::And {
                let mut told: Vec<&str> = Vec::new();
                for &p in parts.iter().filter(|p| !layered.contains_key(**p)) {
                    if !told.contains(&p) && names.defined(p) {
                        out.push(cat::aggregate_part_not_layered(l.span, p));
                        told.push(p);
                    }
                }
            }
            // Each layer met so far and its latest part (no layer has two
            // parts before the loop ends, so each is met once).
            let mut seen: Vec<(usize, &str)> = Vec::new();
            for &p in &parts {
                if let Some(&li) = layered.get(p) {
                    if let Some(&(_, prev)) = seen.iter().find(|(l, _)| *l == li) {
                        out.push(cat::aggregate_same_layer(l.span, p, prev));
                        break;
                    }
                    seen.push((li, p));
                }
            }
        }
    }
    if ast.levels.is_empty() {
        out.push(cat::no_levels(at(Section::Levels)));
    }
}
