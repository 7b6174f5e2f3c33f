//! One cell of a concrete rule compiled: what its left-hand side requires
//! (objects present and missing, movements, properties one of whose objects
//! must be there) and what its right-hand side changes (the
//! [`Replacement`]), read through [`CellMasks`], working masks kept for
//! the whole game.

use super::{Ctx, Notes, clear};
use crate::compile::bits::{self, Words, WordsCache, contains, intersects, is_zero, or_into};
use crate::compile::expand::{Dir, Term};
use crate::compile::model::{CellPattern, PatternCell, Replacement};
use crate::compile::symbols::Sym;
use crate::diag::catalogue as cat;
use crate::span::Span;

/// One cell of a rule: its terms on the left side, and on the right side
/// when the rule has one.
#[derive(Clone, Copy)]
pub(super) struct CellSides<'a> {
    pub(super) left: &'a [Term],
    pub(super) right: Option<&'a [Term]>,
}

/// The working masks of one cell, allocated once per game and cleared
/// before each cell: its left side's, and its right side's.
pub(super) struct CellMasks {
    left: LeftMasks,
    right: RightMasks,
}

/// What a cell's left-hand side requires.
struct LeftMasks {
    /// The name each layer is required to hold.
    layers: Vec<Option<Sym>>,
    /// The layers `layers` names, each once.
    used: Vec<usize>,
    /// The layers an object (not a property) is required on, as movement
    /// bits.
    objlayers: Vec<u64>,
    /// Objects that must all be present, and all be absent.
    present: Vec<u64>,
    missing: Vec<u64>,
    /// Movement bits that must all be set, and all be clear.
    mov_present: Vec<u64>,
    mov_missing: Vec<u64>,
}

/// What a cell's right-hand side puts there and changes.
struct RightMasks {
    /// The name each layer is given.
    layers: Vec<Option<Sym>>,
    /// The object `random` may put on each layer.
    layers_rand: Vec<Option<Sym>>,
    /// The layers `layers` or `layers_rand` name (some more than once).
    used: Vec<usize>,
    /// The layers an object is put on, as movement bits.
    objlayers: Vec<u64>,
    /// Objects one of which `random` puts there.
    random_mask: Vec<u64>,
    /// Objects removed and added, movement bits cleared and set.
    obj_clear: Vec<u64>,
    obj_set: Vec<u64>,
    mov_clear: Vec<u64>,
    mov_set: Vec<u64>,
    /// The layers whose movement the right side rewrites.
    post_layers: Vec<u64>,
}

impl CellMasks {
    /// Masks for `ctx`'s sizes.
    pub(super) fn new(ctx: &Ctx) -> CellMasks {
        let layers = ctx.names.layer_count;
        CellMasks {
            left: LeftMasks {
                layers: vec![None; layers],
                used: Vec::with_capacity(layers),
                objlayers: ctx.zm(),
                present: ctx.zo(),
                missing: ctx.zo(),
                mov_present: ctx.zm(),
                mov_missing: ctx.zm(),
            },
            right: RightMasks {
                layers: vec![None; layers],
                layers_rand: vec![None; layers],
                used: Vec::new(),
                objlayers: ctx.zm(),
                random_mask: ctx.zo(),
                obj_clear: ctx.zo(),
                obj_set: ctx.zo(),
                mov_clear: ctx.zm(),
                mov_set: ctx.zm(),
                post_layers: ctx.zm(),
            },
        }
    }

    /// Compile one cell (not an ellipsis) of a rule `span`, both sides,
    /// onto the end of `cells`, its masks shared through `cache`; `None`
    /// when the cell drops the rule. What it notices goes to `notes`. (The pattern is
    /// pushed here rather than returned: a returned pattern, over 200 bytes,
    /// was copied twice more on its way into the list.)
    pub(super) fn compile(
        &mut self,
        ctx: &Ctx,
        cache: &mut WordsCache,
        span: Span,
        sides: CellSides<'_>,
        notes: &mut Notes,
        cells: &mut Vec<PatternCell>,
    ) -> Option<()> {
        let left = &mut self.left;
        let any_present = left.read(ctx, sides.left, notes, cache);
        if intersects(&left.present, &left.missing) {
            return None;
        }
        let replace = sides.right.and_then(|terms| {
            let random_dir_layers = self.right.read(ctx, span, terms, notes);
            self.right.replacement(ctx, &mut self.left, random_dir_layers, cache)
        });
        let left = &self.left;
        cells.push(PatternCell::Cell(CellPattern {
            present: cache.get(&left.present),
            missing: cache.get(&left.missing),
            any_present,
            mov_present: cache.get(&left.mov_present),
            mov_missing: cache.get(&left.mov_missing),
            replace,
        }));
        Some(())
    }
}

impl LeftMasks {
    /// Read the left side's terms into the masks; returns the
    /// single-layer properties one of whose objects must be present.
    fn read(&mut self, ctx: &Ctx, terms: &[Term], notes: &mut Notes, cache: &mut WordsCache) -> Vec<Words> {
        for &l in &self.used {
            self.layers[l] = None;
        }
        self.used.clear();
        clear(&mut self.objlayers);
        clear(&mut self.present);
        clear(&mut self.missing);
        let mut any_present = Vec::new();
        clear(&mut self.mov_present);
        clear(&mut self.mov_missing);
        for t in terms {
            if t.dir == Dir::Random {
                continue;
            }
            let Some((obj, layer)) = ctx.layer_of(t.name) else { continue };
            let zero = [0u64; 0];
            let mask = ctx.name_mask(t.name).unwrap_or(&zero);
            if t.dir == Dir::No {
                or_into(&mut self.missing, mask);
                continue;
            }
            if let Some(slot) = self.layers.get_mut(layer) {
                match *slot {
                    Some(existing) => notes.discard = Some((ctx.upper(t.name), ctx.upper(existing))),
                    None => self.used.push(layer),
                }
                *slot = Some(t.name);
            }
            if obj.is_some() {
                or_into(&mut self.present, mask);
                ctx.whole_layer(&mut self.objlayers, layer);
            } else {
                any_present.push(if mask.is_empty() { cache.get(&ctx.zo()) } else { cache.get(mask) });
            }
            if t.dir == Dir::Stationary {
                ctx.whole_layer(&mut self.mov_missing, layer);
            } else {
                ctx.dir_into(&mut self.mov_present, layer, t.dir);
            }
        }
        any_present
    }
}

impl RightMasks {
    /// Read the right side's terms into the masks; returns the layers
    /// given a random direction.
    fn read(&mut self, ctx: &Ctx, span: Span, terms: &[Term], notes: &mut Notes) -> Vec<usize> {
        for &l in &self.used {
            self.layers[l] = None;
            self.layers_rand[l] = None;
        }
        self.used.clear();
        clear(&mut self.objlayers);
        clear(&mut self.random_mask);
        clear(&mut self.obj_clear);
        clear(&mut self.obj_set);
        clear(&mut self.mov_clear);
        clear(&mut self.mov_set);
        clear(&mut self.post_layers);
        let mut random_dir_layers = Vec::new();
        for t in terms {
            if t.dir == Dir::Ellipsis {
                break;
            }
            if t.dir == Dir::Random {
                self.random(ctx, span, t.name, notes);
                continue;
            }
            let Some((obj, layer)) = ctx.layer_of(t.name) else { continue };
            if t.dir == Dir::No {
                if let Some(m) = ctx.name_mask(t.name) {
                    or_into(&mut self.obj_clear, m);
                }
                continue;
            }
            if let Some(slot) = self.layers.get_mut(layer) {
                let existing = slot.or(self.layers_rand.get(layer).copied().flatten());
                if let Some(existing) = existing
                    && notes.rhs_clash.is_none()
                {
                    notes.rhs_clash = Some((ctx.upper(t.name), ctx.upper(existing)));
                }
                *slot = Some(t.name);
                self.used.push(layer);
            }
            if t.dir != Dir::None {
                ctx.whole_layer(&mut self.post_layers, layer);
            }
            if let Some(id) = obj {
                bits::set_bit(&mut self.obj_set, id);
                if let Some(lm) = ctx.layer_masks.get(layer) {
                    or_into(&mut self.obj_clear, lm);
                }
                ctx.whole_layer(&mut self.objlayers, layer);
            }
            match t.dir {
                Dir::Stationary => ctx.whole_layer(&mut self.mov_clear, layer),
                Dir::Randomdir => random_dir_layers.push(layer),
                d => ctx.dir_into(&mut self.mov_set, layer, d),
            }
        }
        random_dir_layers
    }

    /// `random NAME` on the right side: one of the name's objects is put
    /// there.
    fn random(&mut self, ctx: &Ctx, span: Span, name: Sym, notes: &mut Notes) {
        if let Some(m) = ctx.name_mask(name) {
            or_into(&mut self.random_mask, m);
        }
        let members: &[Sym] = match ctx.syms.property_members(name) {
            Some(m) => m,
            None => std::slice::from_ref(&name),
        };
        if members.len() == 1 {
            notes.warnings.push(cat::random_single_object(span, ctx.syms.text(name)));
        }
        for &m in members {
            let Some((_, layer)) = ctx.syms.info(m).object else { continue };
            if let Some(existing) = self.layers.get(layer).copied().flatten()
                && !ctx.syms.text(existing).eq_ignore_ascii_case(ctx.syms.text(m))
            {
                notes.warnings.push(cat::random_layer_clash(span, ctx.syms.text(m), ctx.syms.text(existing)));
            }
            if let Some(slot) = self.layers_rand.get_mut(layer) {
                *slot = Some(m);
                self.used.push(layer);
            }
        }
    }

    /// What the right side read does to a cell matched by `left` (whose
    /// objects' layers it takes over), or `None` when it changes nothing.
    fn replacement(
        &mut self,
        ctx: &Ctx,
        left: &mut LeftMasks,
        random_dir_layers: Vec<usize>,
        cache: &mut WordsCache,
    ) -> Option<Replacement> {
        if !contains(&self.obj_set, &left.present) {
            or_into(&mut self.obj_clear, &left.present);
        }
        if !contains(&self.mov_set, &left.mov_present) {
            or_into(&mut self.mov_clear, &left.mov_present);
        }
        for &layer in &left.used {
            if self.layers[layer].is_none() {
                if let Some(lm) = ctx.layer_masks.get(layer) {
                    or_into(&mut self.obj_clear, lm);
                }
                ctx.whole_layer(&mut self.post_layers, layer);
            }
        }
        for (l, rr) in left.objlayers.iter_mut().zip(&self.objlayers) {
            *l &= !rr;
        }
        or_into(&mut self.post_layers, &left.objlayers);
        let random_objects: Vec<usize> =
            bits::ones(&self.random_mask).take_while(|&id| id < ctx.names.id_count()).collect();
        let changes = !is_zero(&self.obj_clear)
            || !is_zero(&self.obj_set)
            || !is_zero(&self.mov_clear)
            || !is_zero(&self.mov_set)
            || !is_zero(&self.post_layers)
            || !random_objects.is_empty()
            || !random_dir_layers.is_empty();
        if !changes {
            return None;
        }
        let mov_layers = cache.get(&self.post_layers);
        or_into(&mut self.mov_clear, &self.post_layers);
        Some(Replacement {
            obj_clear: cache.get(&self.obj_clear),
            obj_set: cache.get(&self.obj_set),
            mov_clear: cache.get(&self.mov_clear),
            mov_set: cache.get(&self.mov_set),
            mov_layers,
            random_objects,
            random_dir_layers,
        })
    }
}
