//! Movement in a turn: the player's move, then resolving every cell's
//! movements (with rigid bodies banning groups whose movement failed).

use crate::compile::Direction;
use crate::compile::bits;
use crate::run::Session;
use crate::run::board::Board;

impl Session {
    /// Set the player's movement in `dir`; `positions` gets the player's
    /// cells in index order. The object masks must be exact (they are
    /// gathered first): only columns whose mask holds the player are read.
    pub(super) fn start_movement(&mut self, dir: Direction, positions: &mut Vec<usize>) {
        let game = self.game.clone();
        let fast = self.fast_paths();
        let Some(board) = self.play.board.as_mut() else { return };
        let player = &game.player;
        let (h, ow) = (board.height, board.ow);
        let word = player.mask.first().copied().unwrap_or(0);
        for x in 0..board.width {
            if !player.matches(&board.col_obj[x * ow..(x + 1) * ow]) {
                continue;
            }
            if ow == 1 && player.mask.len() == 1 && fast {
                let column = &board.objects[x * h..(x + 1) * h];
                for (y, &o) in column.iter().enumerate() {
                    if if player.aggregate { o & word == word } else { o & word != 0 } {
                        positions.push(x * h + y);
                    }
                }
            } else {
                for i in x * h..(x + 1) * h {
                    if player.matches(board.cell(i)) {
                        positions.push(i);
                    }
                }
            }
        }
        let (ow, mw) = (board.ow, board.mw);
        for &i in positions.iter() {
            // Each player object in the cell moves on its layer.
            for (w, &m) in player.mask.iter().enumerate().take(ow) {
                let mut here = board.objects[i * ow + w] & m;
                while here != 0 {
                    let id = w * 64 + here.trailing_zeros() as usize;
                    here &= here - 1;
                    if let Some(o) = game.objects.get(id) {
                        bits::mov_or(&mut board.movements[i * mw..(i + 1) * mw], o.layer, dir.bit());
                    }
                }
            }
            board.note_movements(i);
        }
    }

    pub(super) fn resolve_movements(&mut self, banned: &mut [bool], banned_unknown: &mut bool) -> bool {
        let game = self.game.clone();
        let before = if self.trace.is_some() { self.trace_moves_before() } else { None };
        let Some(board) = self.play.board.as_mut() else { return false };
        let tween_from = self.turn.record_moves.then(|| board.movements.clone());
        let n = board.cells();
        let mut guard = 0;
        let (h, mw) = (board.height, board.mw);
        loop {
            let mut moved = false;
            for x in 0..board.width {
                // The column masks hold every movement the column has had
                // this turn: a column without any has nothing to move.
                if bits::is_zero(&board.col_mov[x * mw..(x + 1) * mw]) {
                    continue;
                }
                for i in x * h..((x + 1) * h).min(n) {
                    if board.movements[i * mw..(i + 1) * mw].iter().any(|&m| m != 0)
                        && reposition_cell(board, &game, i, &mut self.turn.seeds_move, &mut self.turn.planes)
                    {
                        moved = true;
                    }
                }
            }
            guard += 1;
            if !moved || guard > 10_000 {
                break;
            }
        }
        if let (Some(before), Some(r)) = (before.as_ref(), self.trace.as_deref_mut()) {
            Session::trace_moves_after(r, &game, board, before);
        }
        if let Some(from) = tween_from {
            note_moves(board, game.layer_count, &from, &mut self.report.moved);
            if !game.sounds.afx.is_empty() {
                note_afx_moves(board, &game, &from, &self.report.moved, &mut self.report.animations);
            }
        }
        let mut do_undo = false;
        let afx_cant = self.turn.record_moves && !game.sounds.afx.cantmove.is_empty();
        if !game.rigid && game.sounds.cantmove.is_empty() && !afx_cant {
            // The leftover movements matter only to rigid bodies and
            // cantmove sounds.
            self.turn.planes.clear_movements(&board.map_mov);
            board.clear_movements();
            return false;
        }
        // One buffer for every cell's leftover movements (no allocation per cell).
        let mut mm: Vec<u64> = Vec::with_capacity(mw);
        // Columns without any movement this turn are passed over.
        let moving_columns: Vec<usize> =
            (0..board.width).filter(|&x| !bits::is_zero(&board.col_mov[x * mw..(x + 1) * mw])).collect();
        for i in moving_columns.into_iter().flat_map(|x| x * h..((x + 1) * h).min(n)) {
            if !bits::is_zero(board.movs(i)) {
                mm.clear();
                mm.extend_from_slice(board.movs(i));
                if game.rigid {
                    let ra = &board.rigid_applied[i * mw..(i + 1) * mw];
                    if !bits::is_zero(ra) {
                        for (a, b) in mm.iter_mut().zip(ra) {
                            *a &= b;
                        }
                        if !bits::is_zero(&mm) {
                            for layer in 0..game.layer_count {
                                if bits::mov_get(&mm, layer) != 0 {
                                    let rgi = bits::mov_get(&board.rigid_group[i * mw..(i + 1) * mw], layer);
                                    let group = (rgi as usize).checked_sub(1).and_then(|r| game.rigid_to_group.get(r));
                                    match group {
                                        Some(&g) => {
                                            if let Some(b) = banned.get_mut(g)
                                                && !*b
                                            {
                                                *b = true;
                                                do_undo = true;
                                            }
                                        }
                                        None => {
                                            if !*banned_unknown {
                                                *banned_unknown = true;
                                                do_undo = true;
                                            }
                                        }
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
                let cell = board.cell(i);
                for o in &game.sounds.cantmove {
                    if bits::get_bit(cell, o.object)
                        && bits::mov_get(&mm, o.layer) & o.dirs != 0
                        && !self.turn.seeds_cantmove.contains(&o.seed)
                    {
                        self.turn.seeds_cantmove.push(o.seed.clone());
                    }
                }
                if afx_cant {
                    for t in &game.sounds.afx.cantmove {
                        let dir = bits::mov_get(&mm, t.layer);
                        if bits::get_bit(cell, t.object) && dir & t.dirs != 0 {
                            let event = crate::afx::Event::Cant;
                            let a = crate::afx::Animation { cell: i, object: t.object, event, dir, afx: t.afx };
                            self.report.animations.push(a);
                        }
                    }
                }
            }
        }
        // Every cell's movements are spent: cleared at once, not per cell
        // (a call to memset per cell and array was 5% of a turn).
        self.turn.planes.clear_movements(&board.map_mov);
        board.clear_movements();
        do_undo
    }
}

/// The moves a movement phase made, for tweens: every cell layer whose
/// movement in `from` (the movements before the phase) is gone from the
/// board (spent by moving), noted at the cell it moved to. A rigid body's
/// second try replaces the first's notes.
fn note_moves(board: &Board, layers: usize, from: &[u64], out: &mut Vec<crate::tween::Moved>) {
    out.clear();
    let (mw, h) = (board.mw, board.height);
    for i in 0..board.cells() {
        let was = &from[i * mw..(i + 1) * mw];
        if bits::is_zero(was) {
            continue;
        }
        let now = &board.movements[i * mw..(i + 1) * mw];
        for layer in 0..layers {
            let dir = bits::mov_get(was, layer);
            if dir == 0 || bits::mov_get(now, layer) != 0 {
                continue;
            }
            let Some(d) = crate::tween::MoveDir::from_mask(dir) else { continue };
            let (dx, dy) = d.delta();
            let cell = i as isize + dy + dx * h as isize;
            if let Ok(cell) = usize::try_from(cell) {
                out.push(crate::tween::Moved { cell, layer, dir: d });
            }
        }
    }
}

/// The `afx:` animations (PuzzleScript Next) of a movement phase: each
/// object with a `move` animation for the way it went (`moved`, noted by
/// [`note_moves`]), and each clicked object with a click animation whose
/// mark was still there (`from`, the movements before the phase). Replaces
/// what a rigid body's first try noted.
fn note_afx_moves(
    board: &Board,
    game: &crate::compile::Game,
    from: &[u64],
    moved: &[crate::tween::Moved],
    out: &mut Vec<crate::afx::Animation>,
) {
    use crate::afx::{Animation, Event};
    use crate::tween::MoveDir;
    out.clear();
    let afx = &game.sounds.afx;
    for m in moved {
        let dir = match m.dir {
            MoveDir::Up => 1,
            MoveDir::Down => 2,
            MoveDir::Left => 4,
            MoveDir::Right => 8,
            MoveDir::Action => 16,
        };
        for t in afx.moves.iter().filter(|t| t.layer == m.layer && t.dirs & dir != 0) {
            if bits::get_bit(board.cell(m.cell), t.object) {
                out.push(Animation { cell: m.cell, object: t.object, event: Event::Move, dir, afx: t.afx });
            }
        }
    }
    if afx.clicks.is_empty() {
        return;
    }
    let (mw, clicks) = (board.mw, bits::click_layer(game.layer_count));
    for i in 0..board.cells() {
        let Some(was) = from.get(i * mw..(i + 1) * mw).filter(|w| !bits::is_zero(w)) else { continue };
        for t in &afx.clicks {
            if bits::mov_get(was, clicks + t.layer) & t.dirs != 0 && bits::get_bit(board.cell(i), t.object) {
                out.push(Animation { cell: i, object: t.object, event: Event::Hit, dir: 0, afx: t.afx });
            }
        }
    }
}

/// Move what can move out of cell `i`, layer by layer in order; true if
/// anything moved. Only the layers with a movement are visited; the
/// movements left are a subset of those before, so the masks still cover
/// them.
fn reposition_cell(
    board: &mut Board,
    game: &crate::compile::Game,
    i: usize,
    seeds: &mut Vec<crate::sfx::SoundSeed>,
    planes: &mut crate::run::planes::Planes,
) -> bool {
    let mw = board.mw;
    let mut moved = false;
    for w in 0..mw {
        let mut word = board.movements[i * mw + w];
        while word != 0 {
            let slot = word.trailing_zeros() as usize / 5;
            let layer = w * bits::LAYERS_PER_WORD + slot;
            if slot >= bits::LAYERS_PER_WORD {
                break;
            }
            if layer >= game.layer_count {
                // Past the layers: a `mouse_clicks` game's click marks,
                // which stay in place; only their sounds are played.
                if game.sounds.clicks.is_empty() {
                    break;
                }
                word &= !(bits::LAYER_BITS << (slot * 5));
                click_sounds(board, game, i, layer, seeds);
                continue;
            }
            word &= !(bits::LAYER_BITS << (slot * 5));
            let lm = bits::mov_get(&board.movements[i * mw..(i + 1) * mw], layer);
            if lm != 0 && reposition_on_layer(board, game, i, layer, lm, seeds, planes) {
                bits::mov_clear(&mut board.movements[i * mw..(i + 1) * mw], layer, lm);
                planes.flip(i, board.ow + w, lm << (slot * 5));
                moved = true;
            }
        }
    }
    moved
}

/// The click sounds of cell `i` whose mark is in `slot` (the click marks
/// of layer `slot - click_layer`): an object of that layer in the cell with
/// a sound for the mark plays it (once a turn), as the reference plays the
/// click marks no rule took when it resolves movements. (The reference
/// visits a cell's layers in order with their moves and marks together;
/// here a cell's click sounds come after its moves' sounds.)
fn click_sounds(
    board: &Board,
    game: &crate::compile::Game,
    i: usize,
    slot: usize,
    seeds: &mut Vec<crate::sfx::SoundSeed>,
) {
    let Some(layer) = slot.checked_sub(bits::click_layer(game.layer_count)) else { return };
    let mark = bits::mov_get(board.movs(i), slot);
    for o in &game.sounds.clicks {
        if o.layer == layer && o.dirs & mark != 0 && bits::get_bit(board.cell(i), o.object) && !seeds.contains(&o.seed)
        {
            seeds.push(o.seed.clone());
        }
    }
}

fn reposition_on_layer(
    board: &mut Board,
    game: &crate::compile::Game,
    i: usize,
    layer: usize,
    dir: u64,
    seeds: &mut Vec<crate::sfx::SoundSeed>,
    planes: &mut crate::run::planes::Planes,
) -> bool {
    let (dx, dy): (isize, isize) = match dir {
        1 => (0, -1),
        2 => (0, 1),
        4 => (-1, 0),
        8 => (1, 0),
        3 | 15 | 16 => (0, 0),
        _ => return false,
    };
    let h = board.height;
    let (x, y) = ((i / h) as isize, (i % h) as isize);
    let (maxx, maxy) = (board.width as isize - 1, h as isize - 1);
    if (x == 0 && dx < 0) || (x == maxx && dx > 0) || (y == 0 && dy < 0) || (y == maxy && dy > 0) {
        return false;
    }
    let t = (i as isize + dy + dx * h as isize) as usize;
    let Some(lm) = game.layer_masks.get(layer) else { return false };
    if bits::intersects(board.cell(t), lm) && dir != 16 {
        return false;
    }
    if let Some(list) = game.sounds.moves.get(layer) {
        for o in list {
            if bits::get_bit(board.cell(i), o.object)
                && bits::mov_get(board.movs(i), layer) & o.dirs != 0
                && !seeds.contains(&o.seed)
            {
                seeds.push(o.seed.clone());
            }
        }
    }
    if t == i {
        return true;
    }
    let ow = board.ow;
    let (tx, ty) = (t / h, t % h);
    for w in 0..ow {
        let moving = board.objects[i * ow + w] & lm[w];
        // What moves leaves one cell for another (which had none of the
        // layer's objects).
        planes.flip(i, w, moving);
        planes.flip(t, w, moving);
        board.objects[i * ow + w] &= !lm[w];
        board.objects[t * ow + w] |= moving;
        board.row_obj[ty * ow + w] |= moving;
        board.col_obj[tx * ow + w] |= moving;
        // The cell moved from may now lack what every cell had.
        board.map_all[w] &= board.objects[i * ow + w];
    }
    true
}
