//! The last step of expansion: within a run of rules of one group, of
//! identical expanded rules (same line, direction where it matters,
//! prefixes, both sides and commands) only the last is kept.

use super::{ICell, IRule};
use crate::compile::model::{Direction, Phase};
use crate::syntax::ast::SmolStr;
use rustc_hash::FxHashSet as HashSet;

/// What makes two expanded rules the same rule: line, direction (when it
/// matters), prefixes, both sides and commands.
/// (The rows and cells together are both sides.)
type RuleKey<'a> = (u32, Option<Direction>, Phase, bool, bool, &'a [u32], &'a [ICell], &'a [(SmolStr, Option<String>)]);

fn rule_key(r: &IRule) -> RuleKey<'_> {
    let directed = r.rows.iter().any(|&n| n > 1);
    (r.line, if directed { r.direction } else { None }, r.phase, r.rigid, r.random, &r.rows, &r.cells, &*r.commands)
}

/// Within a run of rules of the same group, keep the last of identical rules.
pub(super) fn remove_duplicates(rules: Vec<IRule>) -> Vec<IRule> {
    let mut keep = vec![true; rules.len()];
    let mut seen = HashSet::default();
    let mut end = rules.len();
    while end > 0 {
        let group = rules[end - 1].group;
        let mut start = end - 1;
        while start > 0 && rules[start - 1].group == group {
            start -= 1;
        }
        let run = &rules[start..end];
        // Identical rules come from one line. When the run's lines never go
        // down (as expansion makes them), the rules of each line are next to
        // each other and are compared among themselves only.
        if run.windows(2).all(|w| w[0].line <= w[1].line) {
            let mut from = 0;
            while from < run.len() {
                let line = run[from].line;
                let to = from + run[from..].iter().take_while(|r| r.line == line).count();
                mark_duplicates(&run[from..to], &mut keep[start + from..start + to], &mut seen);
                from = to;
            }
        } else {
            mark_duplicates(run, &mut keep[start..end], &mut seen);
        }
        end = start;
    }
    if keep.iter().all(|&k| k) {
        return rules;
    }
    rules.into_iter().zip(keep).filter_map(|(r, k)| k.then_some(r)).collect()
}

/// Clear `keep` for each rule of `run` that a later rule of it repeats.
/// `seen` is scratch room.
fn mark_duplicates<'r>(run: &'r [IRule], keep: &mut [bool], seen: &mut HashSet<RuleKey<'r>>) {
    /// Runs up to this long are compared rule by rule, longer ones hashed.
    const SHORT_RUN: usize = 16;
    if run.len() <= SHORT_RUN {
        for (i, r) in run.iter().enumerate() {
            let key = rule_key(r);
            if run[i + 1..].iter().any(|later| later.line == r.line && rule_key(later) == key) {
                keep[i] = false;
            }
        }
    } else {
        seen.clear();
        for (i, r) in run.iter().enumerate().rev() {
            if !seen.insert(rule_key(r)) {
                keep[i] = false;
            }
        }
    }
}
