//! What is written twice: rules (compared once compiled, so two spellings
//! of one rule are caught), win conditions (compared as compiled masks) and
//! object sound lines (a repeated sound *event* is the reference's W0411).
//!
//! A rule is only called repeated when its twin runs with it: in the same
//! rule group (which already repeats its rules until nothing changes), or
//! in the group just before when its own group holds nothing but such
//! copies (it then starts where its twin's group stopped changing anything
//! and finds nothing to do). Neither group may be `random` (a random group
//! applies one match, and a copy there weighs the draw) nor rigid.

use super::{Check, Ctx};
use crate::compile::{Rule, RuleSet};
use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::names::NameTable;
use crate::span::Span;
use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeMap;

pub(super) fn run(ctx: &Ctx, out: &mut Vec<Diagnostic>) {
    if ctx.options.runs(Check::RepeatedRule) {
        repeated_rules(ctx, out);
    }
    if ctx.options.runs(Check::RepeatedWinCondition) {
        repeated_win_conditions(ctx, out);
    }
    if ctx.options.runs(Check::RepeatedSound) {
        repeated_sounds(ctx, out);
    }
}

/// A compiled rule with where it was written left out.
fn rule_key(rule: &Rule) -> String {
    let mut r = rule.clone();
    r.line = 0;
    r.group = 0;
    r.rigid_index = 0;
    format!("{r:?}")
}

/// Each group's lines with the keys of their compiled rules, in order.
fn lines_of(group: &[Rule]) -> Vec<(u32, Vec<String>)> {
    let mut by_line: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for r in group {
        by_line.entry(r.line).or_default().push(rule_key(r));
    }
    by_line
        .into_iter()
        .map(|(line, mut keys)| {
            keys.sort_unstable();
            (line, keys)
        })
        .collect()
}

fn span_of_line(ctx: &Ctx, line: u32) -> Span {
    ctx.build.ast.rules.iter().find(|d| d.span.line == line).map_or(Span::new(0, 0, line, 1), |d| d.span)
}

fn repeated_rules(ctx: &Ctx, out: &mut Vec<Diagnostic>) {
    let game = ctx.game;
    let sets = [&game.rules, &game.late_rules]
        .into_iter()
        .chain(game.subroutines.iter().flat_map(|s| [&s.rules, &s.late_rules]));
    let mut found: BTreeMap<u32, (u32, bool)> = BTreeMap::new();
    for set in sets {
        repeated_in(set, &mut found);
    }
    for (line, (first, same_group)) in found {
        out.push(cat::repeated_rule(span_of_line(ctx, line), first, same_group));
    }
}

/// Lines of `set` that repeat a line of their own group, or whose whole
/// group copies lines of the group just before (line -> the earlier line
/// and whether it is in the same group).
fn repeated_in(set: &RuleSet, found: &mut BTreeMap<u32, (u32, bool)>) {
    let groups: Vec<Vec<(u32, Vec<String>)>> = set.groups.iter().map(|g| lines_of(g)).collect();
    let plain = |gi: usize| set.groups.get(gi).and_then(|g| g.first()).is_some_and(|r| !r.random && !r.rigid);
    for (gi, group) in groups.iter().enumerate() {
        if !plain(gi) {
            continue;
        }
        for (k, (line, keys)) in group.iter().enumerate() {
            for (other, _) in group.iter().skip(k + 1).filter(|(_, o)| o == keys) {
                found.entry(*other).or_insert((*line, true));
            }
        }
        // The next group starts where this one stopped changing anything;
        // if it holds only copies of this one's rules, it finds nothing.
        let Some(next) = groups.get(gi + 1).filter(|_| plain(gi + 1)) else { continue };
        let twins: Vec<(u32, u32)> = next
            .iter()
            .filter_map(|(other, keys)| group.iter().find(|(_, k)| k == keys).map(|(line, _)| (*other, *line)))
            .collect();
        if twins.len() == next.len() {
            for (other, line) in twins {
                found.entry(other).or_insert((line, false));
            }
        }
    }
}

fn repeated_win_conditions(ctx: &Ctx, out: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<String, u32> = HashMap::default();
    for wc in &ctx.game.win_conditions {
        let key = format!("{:?} {:?} {:?}", wc.quantifier, wc.subject, wc.target);
        if let Some(&first) = seen.get(&key) {
            let span = ctx.build.ast.win_conditions.iter().find(|d| d.span.line == wc.line).map(|d| d.span);
            out.push(cat::repeated_win_condition(span.unwrap_or(Span::new(0, 0, wc.line, 1)), first));
        } else {
            seen.insert(key, wc.line);
        }
    }
}

fn repeated_sounds(ctx: &Ctx, out: &mut Vec<Diagnostic>) {
    let names = NameTable::build(&ctx.build.ast);
    let mut seen: HashMap<Vec<&str>, u32> = HashMap::default();
    for s in &ctx.build.ast.sounds {
        // Only object sounds: a repeated event is already reported (W0411).
        if !s.words.first().is_some_and(|w| names.defined(&w.text)) {
            continue;
        }
        let words: Vec<&str> = s.words.iter().map(|w| w.text.as_str()).collect();
        if let Some(&first) = seen.get(&words) {
            out.push(cat::repeated_sound(s.span, first));
        } else {
            seen.insert(words, s.span.line);
        }
    }
}
