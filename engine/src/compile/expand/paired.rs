//! PuzzleScript Plus and Next's paired properties: a rule whose sides name
//! different properties of one size is read as one rule per member
//! position, where a classic game refuses it.

use super::{Dir, IRule, Symbols, properties_in};
use crate::compile::symbols::Sym;

/// PuzzleScript Plus and Next read a rule whose two sides name properties,
/// all with the same number of members and none named on both sides, as a
/// correspondence: it stands for one rule per position, the n-th taking
/// the n-th member of every property it names (`[ > p | rgb ] -> [ p | gbr ]`
/// turns red into green, green into blue and blue into red). Members are
/// counted as written, repeats kept (`count1 = c8 or c8 or c7` has three,
/// to pair with a property of three). A classic
/// game refuses such a rule (E0602: its right side cannot be inferred).
/// `None` when the rule is not of that shape.
pub(super) fn pair_properties(syms: &Symbols, rule: &IRule) -> Option<Vec<IRule>> {
    if !rule.has_rhs {
        return None;
    }
    let left: Vec<Sym> = rule.lhs().iter().flat_map(|c| properties_in(syms, c)).collect();
    let right: Vec<Sym> = rule.rhs().iter().flat_map(|c| properties_in(syms, c)).collect();
    let size = |p: Sym| syms.paired_members(p).map_or(0, <[Sym]>::len);
    let n = size(*left.first()?);
    right.first()?;
    if left.iter().chain(&right).any(|&p| size(p) != n) || left.iter().any(|p| right.contains(p)) {
        return None;
    }
    let pick = |at: usize| {
        let mut r = rule.clone();
        for t in r.cells.iter_mut().flat_map(|c| c.iter_mut()) {
            if t.dir != Dir::Random
                && let Some(m) = syms.paired_members(t.name)
            {
                t.name = m[at];
            }
        }
        r
    };
    Some((0..n).map(pick).collect())
}
