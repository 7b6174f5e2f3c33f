//! Rules: what the parser could not know alone. Repeated objects in a
//! cell, `X` and `no X` together, ellipsis placement, properties on the
//! right that the left does not pin down, loop markers, `+` groups.

use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::names::{Meaning, NameTable};
use crate::syntax::ast::{Ast, Cell, CellItem, CellRow, Rule, RuleLineKind};

fn is_no(it: &CellItem) -> bool {
    it.modifier.as_ref().is_some_and(|m| m.text.as_str() == "no")
}

/// `plus`: the game is written in PuzzleScript Plus/Next, which accept an
/// object repeated in a cell (`random T random T`) and read it once.
fn check_cell(
    items: &[CellItem],
    (rhs, plus): (bool, bool),
    names: &NameTable,
    span: crate::span::Span,
    out: &mut Vec<Diagnostic>,
) {
    for it in items {
        if let Some(missing) = names.undefined_part(&it.name.text) {
            out.push(cat::rule_name_broken(span, &it.name.text, missing));
        }
    }
    for (i, it) in items.iter().enumerate() {
        if let Some(prev) = items[..i].iter().find(|p| p.name.text.as_str() == it.name.text.as_str()) {
            if is_no(prev) && is_no(it) {
                out.push(cat::cell_no_repeat(span, &it.name.text));
            } else if plus {
                out.push(cat::cell_repeat_read_once(span, &it.name.text));
            } else {
                out.push(cat::cell_repeat(span, &it.name.text));
            }
        }
    }
    if !items.iter().any(is_no) {
        return;
    }
    // What the cell's other items put there: only the right side's clash
    // with a `no` needs it.
    let present: Vec<&str> = if rhs {
        items
            .iter()
            .filter(|it| !is_no(it))
            .flat_map(|it| match names.meaning(&it.name.text) {
                Some(m @ Meaning::Object(_)) if names.is_object(&it.name.text) => m.objects(),
                _ => &[],
            })
            .copied()
            .collect()
    } else {
        Vec::new()
    };
    for it in items.iter().filter(|it| is_no(it)) {
        if rhs && let Some(clash) = names.objects_of(&it.name.text).iter().find(|o| present.contains(o)) {
            out.push(cat::rule_no_and_yes(span, &it.name.text, clash));
        }
        if let Some(Meaning::Aggregate(_)) = names.meaning(&it.name.text) {
            out.push(cat::rule_no_aggregate(span, &it.name.text));
        }
    }
}

fn row_items(r: &CellRow) -> impl Iterator<Item = &CellItem> {
    r.cells.iter().flat_map(|c| match c {
        Cell::Items(v, _) => v.as_slice(),
        Cell::Ellipsis(_) => &[],
    })
}

fn check_rule(rule: &Rule, names: &NameTable, plus: bool, out: &mut Vec<Diagnostic>) {
    for (side, rows) in [(false, &rule.lhs), (true, &rule.rhs)] {
        for row in rows.iter() {
            let n = row.cells.len();
            if !side && row.cells.iter().any(|c| matches!(c, Cell::Ellipsis(_))) {
                let ellipses: Vec<usize> = row
                    .cells
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| matches!(c, Cell::Ellipsis(_)))
                    .map(|(k, _)| k)
                    .collect();
                if let Some(&third) = ellipses.get(2) {
                    if let Cell::Ellipsis(s) = &row.cells[third] {
                        out.push(cat::rule_three_ellipses(*s));
                    }
                } else if let Some(w) = ellipses.windows(2).find(|w| w[1] == w[0] + 1)
                    && let Cell::Ellipsis(s) = &row.cells[w[1]]
                {
                    out.push(cat::double_ellipsis(*s));
                }
            }
            for (k, c) in row.cells.iter().enumerate() {
                match c {
                    Cell::Items(items, s) => {
                        check_cell(items, (side, plus), names, *s, out);
                        if !side
                            && items.iter().any(|i| i.modifier.as_ref().is_some_and(|m| m.text.as_str() == "random"))
                        {
                            out.push(cat::rule_random_on_left(*s));
                        }
                    }
                    Cell::Ellipsis(s) => {
                        if !side && (k == 0 || k + 1 == n) {
                            out.push(cat::rule_ellipsis_at_edge(*s));
                        }
                    }
                }
            }
        }
    }
    for (l, r) in rule.lhs.iter().zip(&rule.rhs) {
        for (a, b) in l.cells.iter().zip(&r.cells) {
            match (a, b) {
                (Cell::Ellipsis(s), Cell::Items(..)) | (Cell::Items(..), Cell::Ellipsis(s)) => {
                    out.push(cat::rule_ellipsis_unpaired(*s));
                }
                _ => {}
            }
        }
        // Properties on the right must be pinned down by the left.
        for (a, b) in l.cells.iter().zip(&r.cells) {
            let (Cell::Items(..), Cell::Items(ri, s)) = (a, b) else { continue };
            for it in ri {
                if is_no(it) || it.modifier.as_ref().is_some_and(|m| m.text.as_str() == "random") {
                    continue;
                }
                // (The left row is searched first: it is cheaper than a
                // name lookup and usually holds the name.)
                if !row_items(l).any(|i| i.name.text.as_str() == it.name.text.as_str())
                    && let Some(Meaning::Property(_)) = names.meaning(&it.name.text)
                {
                    out.push(cat::rule_property_unmatched(*s, &it.name.text));
                }
            }
        }
    }
}

/// Loop markers pair up in order (start, end, start, end...), and neither
/// end of a loop may fall inside a `+` group (in a PuzzleScript Plus/Next
/// game, a warning on each marker inside one, as those dialects give).
fn check_loops(ast: &Ast, out: &mut Vec<Diagnostic>) {
    let markers: Vec<(usize, bool, crate::span::Span)> = ast
        .rules
        .iter()
        .enumerate()
        .filter_map(|(i, d)| match d.kind {
            RuleLineKind::StartLoop => Some((i, true, d.span)),
            RuleLineKind::EndLoop => Some((i, false, d.span)),
            _ => None,
        })
        .collect();
    for (k, &(_, start, span)) in markers.iter().enumerate() {
        if k % 2 == 0 && !start {
            out.push(cat::endloop_without_start(span));
        } else if k % 2 == 1 && start {
            out.push(cat::loop_nested(span));
        }
    }
    if markers.len() % 2 == 1
        && let Some(&(_, _, span)) = markers.last()
    {
        out.push(cat::startloop_without_end(span));
    }
    // A marker splits a group when the next rule line continues it with `+`.
    let splits_group = |i: usize| {
        let before = ast.rules[..i].iter().rev().find(|d| matches!(d.kind, RuleLineKind::Rule(_)));
        let after =
            ast.rules[i + 1..].iter().find(|d| !matches!(d.kind, RuleLineKind::StartLoop | RuleLineKind::EndLoop));
        before.is_some() && matches!(after.map(|d| &d.kind), Some(RuleLineKind::Rule(r)) if r.plus.is_some())
    };
    if ast.sets_plus_option() {
        for &(i, _, span) in &markers {
            if splits_group(i) {
                out.push(cat::loop_in_group(span));
            }
        }
        return;
    }
    for pair in markers.chunks(2) {
        if pair.iter().any(|&(i, _, _)| splits_group(i)) {
            out.push(cat::loop_splits_group(pair[0].2));
        }
    }
}

/// Left-hand cells that need an object in no collision layer can never
/// match (the compiler, which sees only layered objects, cannot tell; cells
/// needing two objects of one layer it reports itself). Said once per line.
pub fn check_unlayered(
    ast: &Ast,
    names: &NameTable,
    layered: &rustc_hash::FxHashMap<&str, usize>,
    out: &mut Vec<Diagnostic>,
) {
    // Every object a name stands for is one of the game's objects: when all
    // of them have a layer, no cell needs one that has none.
    if names.objects().iter().all(|o| layered.contains_key(o)) {
        return;
    }
    for def in &ast.rules {
        let RuleLineKind::Rule(rule) = &def.kind else { continue };
        let needed = rule
            .lhs
            .iter()
            .flat_map(row_items)
            .filter(|it| !is_no(it))
            .flat_map(|it| match names.meaning(&it.name.text) {
                Some(m @ (Meaning::Object(_) | Meaning::Aggregate(_))) => m.objects(),
                _ => &[],
            })
            .find(|o| !layered.contains_key(**o));
        if let Some(o) = needed {
            out.push(cat::cell_needs_unlayered(def.span, o));
        }
    }
}

/// Check every rule line.
/// `plus`: the game is PuzzleScript Plus/Next ([`crate::dialect::needed`]).
pub fn check(ast: &Ast, names: &NameTable, plus: bool, out: &mut Vec<Diagnostic>) {
    check_loops(ast, out);
    let mut prev_late: Option<bool> = None;
    for def in &ast.rules {
        match &def.kind {
            RuleLineKind::StartLoop | RuleLineKind::EndLoop | RuleLineKind::Subroutine(_) => {}
            RuleLineKind::Rule(rule) => {
                let late = rule.prefixes.iter().any(|p| p.text.as_str() == "late");
                if rule.plus.is_some() && prev_late.is_some_and(|p| p != late) {
                    out.push(cat::rule_group_mixes_late(def.span));
                }
                prev_late = Some(late);
                check_rule(rule, names, plus, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// A loop whose end falls inside a `+` group (the group goes on after
    /// the next STARTLOOP): refused in a classic game (E0655, once for the
    /// loop), only a warning on each marker inside the group in a
    /// PuzzleScript Plus/Next game, as PuzzleScript Next warns (its
    /// Gridblocked does this); the game then builds.
    #[test]
    fn a_loop_point_inside_a_group_is_refused_in_classic_and_warned_in_plus() {
        let game = |prelude: &str| {
            format!(
                "title loops\n{prelude}\nOBJECTS\nBackground\nblack\nPlayer\ngreen\nA\nred\nB\nblue\n\n\
                LEGEND\n. = Background\nP = Player\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer, A, B\n\n\
                RULES\nstartloop\n[ > A ] -> [ > B ]\n+ [ > B ] -> [ > A ]\nendloop\n\nstartloop\n+ [ A ] -> [ B ]\nendloop\n\n\
                WINCONDITIONS\n\nLEVELS\nP.\n"
            )
        };
        let lines = |b: &crate::Build, code: &str| -> Vec<u32> {
            b.diagnostics.iter().filter(|d| d.code == code).map(|d| d.span.line).collect()
        };
        let classic = crate::build(&game(""));
        assert_eq!(lines(&classic, "E0655"), [24, 29], "{:?}", classic.diagnostics);
        assert!(lines(&classic, "W0671").is_empty());
        assert!(classic.game.is_none());
        let plus = crate::build(&game("level_select"));
        assert!(lines(&plus, "E0655").is_empty(), "{:?}", plus.diagnostics);
        assert_eq!(lines(&plus, "W0671"), [27, 29], "the endloop and the startloop inside the group");
        assert!(plus.game.is_some(), "{:?}", plus.diagnostics);
    }
}
