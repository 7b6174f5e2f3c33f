//! Warnings that need resolved names and layers: a `no X` that another
//! requirement of the same cell already implies, and cells that demand an
//! object and its absence at once (found after expansion, so properties and
//! aggregates are seen through). Neither changes what the game does; the
//! reference reports both and so do we.

use super::expand::{Dir, IRule, Written};
use super::symbols::{Kind, Sym, Symbols};
use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use std::collections::{BTreeMap, BTreeSet};

/// Objects (ids) and layers a cell's positive terms pin down, with the
/// name that claimed each layer last.
#[derive(Default)]
struct Required {
    objects: BTreeSet<usize>,
    /// Each filled layer and the name (as written) that fills it.
    layers: BTreeMap<usize, Sym>,
}

fn required_by(syms: &Symbols, cell: &[super::expand::Term]) -> Required {
    let mut req = Required::default();
    for t in cell {
        if matches!(t.dir, Dir::No | Dir::Ellipsis | Dir::Random) {
            continue;
        }
        let info = syms.info(t.name);
        match &info.kind {
            Kind::Property(members) => {
                // Only a property whose members share one layer fills it.
                if let Some(layer) = info.single_layer {
                    req.objects.extend(members.iter().filter_map(|&m| syms.info(m).object.map(|x| x.0)));
                    req.layers.insert(layer, t.name);
                }
            }
            Kind::Object(o) => {
                if let Some((id, layer)) = syms.info(*o).object {
                    req.objects.insert(id);
                    req.layers.insert(layer, t.name);
                }
            }
            Kind::Aggregate(members) => {
                for &m in members {
                    if let Some((id, layer)) = syms.info(m).object {
                        req.objects.insert(id);
                        req.layers.insert(layer, t.name);
                    }
                }
            }
            Kind::None => {}
        }
    }
    req
}

/// `[ Player no Wall ]` with Player and Wall on one layer: the `no` can go.
/// Runs on the rules as written (before directions are expanded).
pub(crate) fn superfluous_no(syms: &Symbols, rules: &[Written], out: &mut Vec<Diagnostic>) {
    let names = syms.layout();
    for Written { rule, .. } in rules {
        for cell in rule.lhs() {
            // Only a cell with a `no` can have a superfluous one.
            if !cell.iter().any(|t| t.dir == Dir::No) {
                continue;
            }
            let req = required_by(syms, cell);
            if req.layers.is_empty() {
                continue;
            }
            for t in cell.iter().filter(|t| t.dir == Dir::No) {
                let Some((_, ids)) = syms.objects_of(t.name) else { continue };
                if ids.is_empty() || ids.iter().any(|id| req.objects.contains(id)) {
                    continue;
                }
                let covered = ids.iter().all(|&id| {
                    names
                        .id_names
                        .get(id)
                        .and_then(|n| names.object(n))
                        .is_some_and(|(_, l)| req.layers.contains_key(&l))
                });
                if covered {
                    let by: Vec<String> = req.layers.values().map(|&n| syms.text(n).to_uppercase()).collect();
                    let layers: Vec<String> = req.layers.keys().map(|l| (l + 1).to_string()).collect();
                    out.push(cat::superfluous_no(rule.span, syms.text(t.name), &by, &layers));
                }
            }
        }
    }
}

/// Expanded rules whose left side needs an object and its absence in one
/// cell never match; the compiler drops them, and says so once per line.
pub(crate) fn impossible_cells(syms: &Symbols, rules: &[IRule], out: &mut Vec<Diagnostic>) {
    let names = syms.layout();
    let words = super::bits::obj_words(names.id_count());
    let (mut present, mut missing) = (vec![0u64; words], vec![0u64; words]);
    let mut per_line: BTreeMap<u32, (crate::span::Span, BTreeSet<String>)> = BTreeMap::new();
    for rule in rules {
        for cell in rule.lhs() {
            // Only a cell with a `no` can clash.
            if !cell.iter().any(|t| t.dir == Dir::No) {
                continue;
            }
            present.fill(0);
            missing.fill(0);
            for t in cell {
                match t.dir {
                    Dir::Ellipsis | Dir::Random => {}
                    Dir::No => {
                        if let Some(m) = syms.mask(t.name) {
                            super::bits::or_into(&mut missing, m);
                        }
                    }
                    _ => {
                        if let Some((id, _)) = syms.info(t.name).object {
                            super::bits::set_bit(&mut present, id);
                        }
                    }
                }
            }
            if !super::bits::intersects(&present, &missing) {
                continue;
            }
            for (p, m) in present.iter_mut().zip(&missing) {
                *p &= m;
            }
            let clash = super::bits::ones(&present).filter_map(|id| names.id_names.get(id).map(|n| (*n).to_owned()));
            per_line.entry(rule.line).or_insert_with(|| (rule.span, BTreeSet::new())).1.extend(clash);
            break;
        }
    }
    for (span, clash) in per_line.into_values() {
        let names: Vec<String> = clash.into_iter().collect();
        out.push(cat::never_matches(span, &names));
    }
}
