//! Rewriting the cells a rule matched: the general path, and fixed-width
//! paths for boards of up to four object words and three movement words.

use crate::compile::bits;
use crate::compile::{PatternCell, Rule};
use crate::run::Session;
use crate::run::board::RowMatch;

/// Runs `$go!(OW, MW)` when the board's object and movement word counts
/// `($ow, $mw)` are ones [`Session::replace_fixed`] is built for; nothing
/// for the others.
macro_rules! fixed_widths {
    ($ow:expr, $mw:expr, $go:ident) => {
        match ($ow, $mw) {
            (1, 1) => $go!(1, 1),
            (1, 2) => $go!(1, 2),
            (1, 3) => $go!(1, 3),
            (2, 1) => $go!(2, 1),
            (2, 2) => $go!(2, 2),
            (2, 3) => $go!(2, 3),
            (3, 1) => $go!(3, 1),
            (3, 2) => $go!(3, 2),
            (3, 3) => $go!(3, 3),
            (4, 2) => $go!(4, 2),
            (4, 3) => $go!(4, 3),
            _ => {}
        }
    };
}

impl Session {
    pub(super) fn replace_cell(&mut self, rule: &Rule, rep: &crate::compile::Replacement, i: usize) -> bool {
        if !rule.rigid && rep.random_dir_layers.is_empty() {
            return self.replace_plain(rep, i);
        }
        let game = self.game.clone();
        let mut scratch = std::mem::take(&mut self.turn.scratch);
        let changed = self.replace_cell_with(&game, rule, rep, i, &mut scratch);
        self.turn.scratch = scratch;
        changed
    }

    /// [`Self::replace_cell`] for the common replacements: no random
    /// direction and no rigid bookkeeping, so the cell is rewritten in
    /// place, word by word (a `random` object adds its bit, clears its
    /// layer and stops that layer's movement).
    pub(super) fn replace_plain(&mut self, rep: &crate::compile::Replacement, i: usize) -> bool {
        let Some(board) = self.play.board.as_mut() else { return false };
        if i >= board.cells() {
            return false;
        }
        let (ow, mw) = (board.ow, board.mw);
        let fast = self.fast_paths();
        let Some(board) = self.play.board.as_mut() else { return false };
        if fast {
            macro_rules! fixed {
                ($ow:literal, $mw:literal) => {
                    return if self.turn.planes.on() {
                        self.replace_fixed::<$ow, $mw, true>(rep, i)
                    } else {
                        self.replace_fixed::<$ow, $mw, false>(rep, i)
                    }
                };
            }
            fixed_widths!(ow, mw, fixed);
        }
        // The random object: its id, its layer's object mask, its layer.
        let mut spawn: Option<(usize, &[u64], usize)> = None;
        if !rep.random_objects.is_empty() {
            let id = rep.random_objects[self.rng.below(rep.random_objects.len())];
            if let Some(o) = self.game.objects.get(id) {
                let layer_mask = self.game.layer_masks.get(o.layer).map_or(&[][..], |m| &m[..]);
                spawn = Some((id, layer_mask, o.layer));
            } else {
                spawn = Some((id, &[], usize::MAX));
            }
        }
        let objs = &mut board.objects[i * ow..(i + 1) * ow];
        let mut changed = false;
        for (w, o) in objs.iter_mut().enumerate() {
            let old = *o;
            let (mut clear, mut set) = (rep.obj_clear[w], rep.obj_set[w]);
            if let Some((id, layer_mask, _)) = spawn {
                clear |= layer_mask.get(w).copied().unwrap_or(0);
                if id / 64 == w {
                    set |= 1u64 << (id % 64);
                }
            }
            let new = (old & !clear) | set;
            if new != old {
                self.turn.sfx_create[w] |= new & !old;
                self.turn.sfx_destroy[w] |= old & !new;
                self.turn.planes.flip(i, w, old ^ new);
                *o = new;
                changed = true;
            }
        }
        let objs_changed = changed;
        let mut movs_changed = false;
        for (w, m) in board.movements[i * mw..(i + 1) * mw].iter_mut().enumerate() {
            let mut clear = rep.mov_clear[w];
            if let Some((_, _, layer)) = spawn
                && layer / bits::LAYERS_PER_WORD == w
            {
                clear |= bits::LAYER_BITS << ((layer % bits::LAYERS_PER_WORD) * 5);
            }
            let new = (*m & !clear) | rep.mov_set[w];
            if new != *m {
                self.turn.planes.flip(i, ow + w, *m ^ new);
                *m = new;
                movs_changed = true;
            }
        }
        if objs_changed {
            let (x, y) = (i / board.height, i % board.height);
            for w in 0..ow {
                let v = board.objects[i * ow + w];
                board.row_obj[y * ow + w] |= v;
                board.col_obj[x * ow + w] |= v;
                board.map_obj[w] |= v;
            }
        }
        // The line and level movement masks already cover movements that
        // did not change.
        if movs_changed {
            board.note_movements(i);
        }
        objs_changed || movs_changed
    }

    /// [`Self::apply_at`] for each match of a one-row rule without
    /// ellipses, rigid bodies or random directions, in order: each match
    /// but the first is checked again, then its cells are rewritten in
    /// place (see [`Self::replace_fixed`]). Whether any cell changed.
    pub(super) fn apply_row_all(&mut self, rule: &Rule, ms: &[RowMatch]) -> bool {
        let (Some(board), Some(row)) = (self.play.board.as_ref(), rule.rows.first()) else { return false };
        let (ow, mw, cells, d) = (board.ow, board.mw, board.cells() as isize, board.delta(rule.dir));
        // Matches found before any rewrite still hold when no rewrite can
        // undo one.
        let stay = rule.matches_stay(&self.game.layer_masks);
        let mut changed = false;
        macro_rules! each_with {
            ($ow:literal, $mw:literal, $planes:literal) => {{
                for (k, m) in ms.iter().enumerate() {
                    if k > 0 && !stay && !self.play.board.as_ref().is_some_and(|b| b.row_matches_at(row, rule.dir, *m))
                    {
                        continue;
                    }
                    let mut p = m.start as isize;
                    for c in &row.cells {
                        if let PatternCell::Cell(pat) = c
                            && let Some(rep) = &pat.replace
                            && (0..cells).contains(&p)
                        {
                            changed |= self.replace_fixed::<$ow, $mw, $planes>(rep, p as usize);
                        }
                        p += d;
                    }
                }
                return changed;
            }};
        }
        macro_rules! each {
            ($ow:literal, $mw:literal) => {{ if self.turn.planes.on() { each_with!($ow, $mw, true) } else { each_with!($ow, $mw, false) } }};
        }
        fixed_widths!(ow, mw, each);
        for (k, m) in ms.iter().enumerate() {
            if self.apply_at(rule, std::slice::from_ref(m), k > 0) {
                changed = true;
            }
        }
        changed
    }

    /// [`Self::replace_plain`] at the start of each of `ms`, in order;
    /// whether any cell changed.
    pub(super) fn replace_plain_all(&mut self, rep: &crate::compile::Replacement, ms: &[RowMatch]) -> bool {
        let Some(board) = self.play.board.as_ref() else { return false };
        let (ow, mw, cells) = (board.ow, board.mw, board.cells());
        let mut changed = false;
        macro_rules! each_with {
            ($ow:literal, $mw:literal, $planes:literal) => {{
                for m in ms.iter().filter(|m| m.start < cells) {
                    changed |= self.replace_fixed::<$ow, $mw, $planes>(rep, m.start);
                }
                return changed;
            }};
        }
        macro_rules! each {
            ($ow:literal, $mw:literal) => {{ if self.turn.planes.on() { each_with!($ow, $mw, true) } else { each_with!($ow, $mw, false) } }};
        }
        fixed_widths!(ow, mw, each);
        for m in ms {
            changed |= self.replace_plain(rep, m.start);
        }
        changed
    }

    /// [`Self::replace_plain`] for `OW` words of objects and `MW` of
    /// movements: the random object's masks are folded into the
    /// replacement's first, then each word is rewritten once.
    #[inline(always)]
    /// `PLANES`: whether the planes are kept (see `planes`).
    pub(super) fn replace_fixed<const OW: usize, const MW: usize, const PLANES: bool>(
        &mut self,
        rep: &crate::compile::Replacement,
        i: usize,
    ) -> bool {
        let Some(board) = self.play.board.as_mut() else { return false };
        let (Ok(mut clear), Ok(mut set), Ok(mut mclear), Ok(mset)) = (
            <[u64; OW]>::try_from(&rep.obj_clear[..]),
            <[u64; OW]>::try_from(&rep.obj_set[..]),
            <[u64; MW]>::try_from(&rep.mov_clear[..]),
            <[u64; MW]>::try_from(&rep.mov_set[..]),
        ) else {
            return false;
        };
        if !rep.random_objects.is_empty() {
            // The random object: its bit, its layer's objects cleared and
            // that layer's movement stopped.
            let id = rep.random_objects[self.rng.below(rep.random_objects.len())];
            if let Some(o) = self.game.objects.get(id) {
                if let Some(lm) = self.game.layer_masks.get(o.layer) {
                    for (c, m) in clear.iter_mut().zip(lm.iter()) {
                        *c |= m;
                    }
                }
                if let Some(c) = mclear.get_mut(o.layer / bits::LAYERS_PER_WORD) {
                    *c |= bits::LAYER_BITS << ((o.layer % bits::LAYERS_PER_WORD) * 5);
                }
            }
            if let Some(w) = set.get_mut(id / 64) {
                *w |= 1u64 << (id % 64);
            }
        }
        let (Some(objs), Some(movs)) =
            (board.objects.get_mut(i * OW..i * OW + OW), board.movements.get_mut(i * MW..i * MW + MW))
        else {
            return false;
        };
        let (Some(created), Some(destroyed)) =
            (self.turn.sfx_create.get_mut(..OW), self.turn.sfx_destroy.get_mut(..OW))
        else {
            return false;
        };
        let mut objs_changed = false;
        let mut new = [0u64; OW];
        for w in 0..OW {
            let old = objs[w];
            new[w] = (old & !clear[w]) | set[w];
            created[w] |= new[w] & !old;
            destroyed[w] |= old & !new[w];
            if new[w] != old {
                objs_changed = true;
                if PLANES {
                    self.turn.planes.flip(i, w, old ^ new[w]);
                }
            }
            objs[w] = new[w];
        }
        let mut movs_changed = false;
        for w in 0..MW {
            let old = movs[w];
            let m = (old & !mclear[w]) | mset[w];
            if m != old {
                movs_changed = true;
                if PLANES {
                    self.turn.planes.flip(i, OW + w, old ^ m);
                }
            }
            movs[w] = m;
        }
        if objs_changed {
            let (x, y) = (i / board.height, i % board.height);
            if let Some(row) = board.row_obj.get_mut(y * OW..y * OW + OW) {
                for w in 0..OW {
                    row[w] |= new[w];
                }
            }
            if let Some(col) = board.col_obj.get_mut(x * OW..x * OW + OW) {
                for w in 0..OW {
                    col[w] |= new[w];
                }
            }
            for (a, n) in board.map_obj.iter_mut().zip(new) {
                *a |= n;
            }
        }
        // The line and level movement masks already cover movements that
        // did not change.
        if movs_changed {
            board.note_movements(i);
        }
        objs_changed || movs_changed
    }

    pub(super) fn replace_cell_with(
        &mut self,
        game: &crate::compile::Game,
        rule: &Rule,
        rep: &crate::compile::Replacement,
        i: usize,
        scratch: &mut Vec<u64>,
    ) -> bool {
        let Some(board) = self.play.board.as_mut() else { return false };
        if i >= board.cells() {
            return false;
        }
        let (ow, mw) = (board.ow, board.mw);
        scratch.clear();
        scratch.resize(3 * ow + 3 * mw, 0);
        let (obj_set, rest) = scratch.split_at_mut(ow);
        let (obj_clear, rest) = rest.split_at_mut(ow);
        let (new, rest) = rest.split_at_mut(ow);
        let (mov_set, rest) = rest.split_at_mut(mw);
        let (mov_clear, newm) = rest.split_at_mut(mw);
        obj_set.copy_from_slice(&rep.obj_set);
        obj_clear.copy_from_slice(&rep.obj_clear);
        mov_set.copy_from_slice(&rep.mov_set);
        mov_clear.copy_from_slice(&rep.mov_clear);
        if !rep.random_objects.is_empty() {
            let id = rep.random_objects[self.rng.below(rep.random_objects.len())];
            bits::set_bit(obj_set, id);
            if let Some(o) = game.objects.get(id) {
                if let Some(lm) = game.layer_masks.get(o.layer) {
                    bits::or_into(obj_clear, lm);
                }
                bits::mov_or(mov_clear, o.layer, bits::LAYER_BITS);
            }
        }
        for &layer in &rep.random_dir_layers {
            let r = self.rng.below(4);
            bits::mov_or(mov_set, layer, 1u64 << r);
        }
        let old = &board.objects[i * ow..(i + 1) * ow];
        for w in 0..ow {
            new[w] = (old[w] & !obj_clear[w]) | obj_set[w];
        }
        let oldm = &board.movements[i * mw..(i + 1) * mw];
        for w in 0..mw {
            newm[w] = (oldm[w] & !mov_clear[w]) | mov_set[w];
        }
        let mut rigid_change = false;
        if rule.rigid {
            // Reuse obj_set's slot count is not enough in general: build the
            // rigid mask in mov_set (no longer needed).
            let rigid_mask = mov_set;
            rigid_mask.fill(0);
            for layer in 0..game.layer_count {
                bits::mov_or(rigid_mask, layer, rule.rigid_index);
            }
            for (a, b) in rigid_mask.iter_mut().zip(rep.mov_layers.iter()) {
                *a &= b;
            }
            let cur_g = &board.rigid_group[i * mw..(i + 1) * mw];
            let cur_a = &board.rigid_applied[i * mw..(i + 1) * mw];
            if !bits::contains(cur_g, rigid_mask) && !bits::contains(cur_a, &rep.mov_layers) {
                board.rigid_marked = true;
                bits::or_into(&mut board.rigid_group[i * mw..(i + 1) * mw], rigid_mask);
                bits::or_into(&mut board.rigid_applied[i * mw..(i + 1) * mw], &rep.mov_layers);
                rigid_change = true;
            }
        }
        let old = &board.objects[i * ow..(i + 1) * ow];
        let oldm = &board.movements[i * mw..(i + 1) * mw];
        if old == &new[..] && oldm == &newm[..] && !rigid_change {
            return false;
        }
        for w in 0..ow {
            self.turn.sfx_create[w] |= new[w] & !old[w];
            self.turn.sfx_destroy[w] |= old[w] & !new[w];
            self.turn.planes.flip(i, w, old[w] ^ new[w]);
        }
        for w in 0..mw {
            self.turn.planes.flip(i, ow + w, oldm[w] ^ newm[w]);
        }
        board.objects[i * ow..(i + 1) * ow].copy_from_slice(new);
        board.movements[i * mw..(i + 1) * mw].copy_from_slice(newm);
        board.note_objects(i, new);
        board.note_movements(i);
        true
    }
}
