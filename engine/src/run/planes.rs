//! The board as bit planes, for the rule phase of a turn: for each object
//! bit and each movement bit, the set of cells that have it (bit `i` of a
//! plane is cell `i`, `x * height + y`). A rule row without ellipses then
//! matches everywhere at once: each of its cells is an AND of planes (and
//! of their complements), shifted by the cell's offset along the scan
//! direction, and the row's matches are the bits left. That replaces a
//! scan of every line of the level per row tried, which was most of the
//! work of a turn in the solver.
//!
//! The planes are built when a turn's rules start, kept up to date by every
//! rewrite and move of the rule phase, and dropped when it ends (anything
//! else that changes the board, an undo or a restore, happens between
//! turns).

use super::board::{Board, RowMatch};
use crate::compile::model::NarrowCell;
use crate::compile::{CellPattern, Direction, Game, PatternCell, Row};
use std::sync::Arc;

/// Boards of more cells than this are matched by scanning (their planes
/// would cost more to keep than they save).
pub(crate) const MAX_WORDS: usize = 8;

/// The planes of one board.
#[derive(Debug, Default)]
pub(crate) struct Planes {
    /// Whether the planes hold the board (only during a rule phase).
    pub(crate) valid: bool,
    /// Words per plane (0: none built).
    words: usize,
    cells: usize,
    height: usize,
    ow: usize,
    mw: usize,
    /// Plane `p` is `bits[p * words..(p + 1) * words]`: object bit `b` of
    /// word `w` is plane `w * 64 + b`, movement bit `b` of word `w` is
    /// plane `(ow + w) * 64 + b`.
    bits: Vec<u64>,
    /// The objects the object planes hold (the board's, while valid).
    shadow: Vec<u64>,
    /// Movement planes that may hold a cell (a bit per plane).
    mov_live: Vec<u64>,
    /// The game [`Planes::enabled`] was worked out for.
    game: Option<Arc<Game>>,
    /// Whether the game has enough rows the planes match to be worth
    /// keeping them.
    enabled: bool,
}

/// Rows the planes match that need no movement, below which a game's
/// boards are not kept as planes: keeping them costs every rewrite and
/// every turn's start something, and games with few such rows (most of
/// their rows having ellipses, or led by the player's movement) saved
/// less than that in our measurements.
const MIN_ROWS: usize = 8;

/// Whether the planes match `row` (else the scan does): rows without
/// ellipses.
#[inline]
pub(crate) fn takes(row: &Row) -> bool {
    row.ellipses == 0
}

/// Whether `row` counts towards [`MIN_ROWS`].
fn counts(row: &Row) -> bool {
    takes(row) && row.mov_mask.iter().all(|&m| m == 0)
}

impl Planes {
    /// Whether the planes hold the board now. Always false in a build
    /// without the `planes` feature, so that the code keeping and matching
    /// them is left out of it (the web player's).
    #[inline(always)]
    pub(crate) fn on(&self) -> bool {
        cfg!(feature = "planes") && self.valid
    }

    /// Make the planes hold `board` (objects and movements) for a rule
    /// phase: only the objects that changed since they last held it are
    /// written. Boards too big for planes are left without (not valid).
    pub(crate) fn sync(&mut self, game: &Arc<Game>, board: &Board) {
        if !cfg!(feature = "planes") {
            return;
        }
        if !self.game.as_ref().is_some_and(|g| Arc::ptr_eq(g, game)) {
            let rows = game.all_rules().flat_map(|r| r.rows.iter()).filter(|row| counts(row)).count();
            self.enabled = rows >= MIN_ROWS;
            self.game = Some(Arc::clone(game));
        }
        let (ow, mw) = (board.ow, board.mw);
        let cells = board.cells();
        let words = cells.div_ceil(64).max(1);
        if words > MAX_WORDS || ow == 0 || !self.enabled {
            self.valid = false;
            return;
        }
        if (words, cells, board.height, ow, mw) != (self.words, self.cells, self.height, self.ow, self.mw)
            || self.shadow.len() != board.objects.len()
        {
            self.words = words;
            self.cells = cells;
            self.height = board.height;
            self.ow = ow;
            self.mw = mw;
            self.bits.clear();
            self.bits.resize((ow + mw) * 64 * words, 0);
            self.shadow.clear();
            self.shadow.resize(board.objects.len(), 0);
            self.mov_live.clear();
            self.mov_live.resize(mw, 0);
        }
        // Objects: what differs from what the planes hold, found eight
        // words at a time.
        const BLOCK: usize = 8;
        let same = |now: &[u64], then: &[u64]| -> bool {
            let (Ok(a), Ok(b)) = (<&[u64; BLOCK]>::try_from(now), <&[u64; BLOCK]>::try_from(then)) else {
                return now == then;
            };
            let mut d = 0;
            for k in 0..BLOCK {
                d |= a[k] ^ b[k];
            }
            d == 0
        };
        for (b, (now, then)) in board.objects.chunks(BLOCK).zip(self.shadow.chunks_mut(BLOCK)).enumerate() {
            if same(now, then) {
                continue;
            }
            for (k, (x, y)) in now.iter().zip(then.iter_mut()).enumerate() {
                let diff = x ^ *y;
                if diff != 0 {
                    *y = *x;
                    let at = b * BLOCK + k;
                    flip_bits(&mut self.bits, words, at / ow, at % ow, diff);
                }
            }
        }
        // Movements: the planes of the last phase cleared, the board's
        // (the player's, between turns) added.
        for w in 0..mw {
            let mut rest = std::mem::take(&mut self.mov_live[w]);
            while rest != 0 {
                let p = (ow + w) * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if let Some(s) = self.bits.get_mut(p * words..(p + 1) * words) {
                    zero(s);
                }
            }
        }
        if !board.is_still() {
            let h = board.height.max(1);
            for x in 0..board.width {
                if board.col_mov[x * mw..(x + 1) * mw].iter().all(|&m| m == 0) {
                    continue;
                }
                for i in x * h..(x + 1) * h {
                    for w in 0..mw {
                        let m = board.movements[i * mw + w];
                        if m != 0 {
                            self.mov_live[w] |= m;
                            flip_bits(&mut self.bits, words, i, ow + w, m);
                        }
                    }
                }
            }
        }
        self.valid = true;
    }

    /// Note that the bits `diff` of word `w` of cell `i` flipped (words
    /// `0..ow` are objects, then movements).
    #[inline]
    pub(crate) fn flip(&mut self, i: usize, w: usize, diff: u64) {
        if !self.on() {
            return;
        }
        if w < self.ow {
            if let Some(s) = self.shadow.get_mut(i * self.ow + w) {
                *s ^= diff;
            }
        } else if let Some(l) = self.mov_live.get_mut(w - self.ow) {
            *l |= diff;
        }
        flip_bits(&mut self.bits, self.words, i, w, diff);
    }

    /// Note that every movement is cleared; `map_mov` covers them.
    pub(crate) fn clear_movements(&mut self, map_mov: &[u64]) {
        if !self.on() {
            return;
        }
        let words = self.words;
        for (w, &m) in map_mov.iter().enumerate() {
            let mut rest = m;
            while rest != 0 {
                let p = (self.ow + w) * 64 + rest.trailing_zeros() as usize;
                if let Some(s) = self.bits.get_mut(p * words..(p + 1) * words) {
                    zero(s);
                }
                rest &= rest - 1;
            }
        }
    }

    /// Every match of `row` (no ellipsis) scanning in `dir`, in the order
    /// of [`Board::match_row`], added to `out`; false (and nothing added)
    /// when the planes cannot say. `board` is the board the planes hold.
    pub(crate) fn match_row(&self, board: &Board, row: &Row, dir: Direction, out: &mut Vec<RowMatch>) -> bool {
        match self.words {
            1 => self.match_fixed::<1>(board, row, dir, out),
            2 => self.match_fixed::<2>(board, row, dir, out),
            3 => self.match_fixed::<3>(board, row, dir, out),
            4 => self.match_fixed::<4>(board, row, dir, out),
            5 => self.match_fixed::<5>(board, row, dir, out),
            6 => self.match_fixed::<6>(board, row, dir, out),
            7 => self.match_fixed::<7>(board, row, dir, out),
            8 => self.match_fixed::<8>(board, row, dir, out),
            _ => return false,
        }
        true
    }

    /// The plane of plane index `p`.
    #[inline(always)]
    fn plane<const W: usize>(&self, p: usize) -> [u64; W] {
        self.bits.get(p * W..(p + 1) * W).and_then(|s| s.try_into().ok()).unwrap_or([0; W])
    }

    /// AND into `out` the planes of the set bits of `mask` (planes from
    /// word `first` on), or their complements when `negate`.
    #[inline(always)]
    fn and_planes<const W: usize>(&self, first: usize, mask: &[u64], live: &[u64], negate: bool, out: &mut [u64; W]) {
        for (w, (&m, &l)) in mask.iter().zip(live).enumerate() {
            // A plane of a bit no cell has is empty.
            let mut rest = if negate { m & l } else { m };
            while rest != 0 {
                let x = self.plane::<W>((first + w) * 64 + rest.trailing_zeros() as usize);
                rest &= rest - 1;
                for k in 0..W {
                    out[k] &= if negate { !x[k] } else { x[k] };
                }
            }
        }
    }

    /// OR into `out` the planes of the set bits of `bits`, plane `first`
    /// being bit 0's.
    #[inline(always)]
    fn or_planes<const W: usize>(&self, first: usize, mut bits: u64, out: &mut [u64; W]) {
        while bits != 0 {
            let x = self.plane::<W>(first + bits.trailing_zeros() as usize);
            bits &= bits - 1;
            for k in 0..W {
                out[k] |= x[k];
            }
        }
    }

    /// The places of cell pattern `p`; None when it requires nothing.
    #[inline(always)]
    fn cell_places<const W: usize>(&self, board: &Board, p: &CellPattern) -> Option<[u64; W]> {
        let empty = |m: &[u64]| m.iter().all(|&w| w == 0);
        if empty(&p.present)
            && empty(&p.missing)
            && p.any_present.is_empty()
            && empty(&p.mov_present)
            && empty(&p.mov_missing)
        {
            return None;
        }
        let ow = self.ow;
        let mut term = [!0u64; W];
        self.and_planes::<W>(0, &p.present, &board.map_obj, false, &mut term);
        self.and_planes::<W>(0, &p.missing, &board.map_obj, true, &mut term);
        self.and_planes::<W>(ow, &p.mov_present, &board.map_mov, false, &mut term);
        self.and_planes::<W>(ow, &p.mov_missing, &board.map_mov, true, &mut term);
        for a in &p.any_present {
            let mut any = [0u64; W];
            for (w, (&m, &l)) in a.iter().zip(board.map_obj.iter()).enumerate() {
                self.or_planes::<W>(w * 64, m & l, &mut any);
            }
            for k in 0..W {
                term[k] &= any[k];
            }
        }
        Some(term)
    }

    /// [`Planes::cell_places`] for a one-word game's cell.
    #[inline(always)]
    fn narrow_places<const W: usize>(&self, board: &Board, c: &NarrowCell) -> Option<[u64; W]> {
        let (live, live_mov) = (board.map_obj[0], board.map_mov[0]);
        let (present, missing) = (c.present, c.missing & live);
        let (mov_present, mov_missing) = (c.mov_present, c.mov_missing & live_mov);
        if present | missing | mov_present | mov_missing == 0 && c.any_present.is_empty() {
            return None;
        }
        let mut term = [!0u64; W];
        // One object word and one movement word: movement planes from word 1.
        self.and_planes::<W>(0, &[present], &[live], false, &mut term);
        self.and_planes::<W>(0, &[missing], &[live], true, &mut term);
        self.and_planes::<W>(1, &[mov_present], &[live_mov], false, &mut term);
        self.and_planes::<W>(1, &[mov_missing], &[live_mov], true, &mut term);
        for &a in &c.any_present {
            let mut any = [0u64; W];
            self.or_planes::<W>(0, a & live, &mut any);
            for k in 0..W {
                term[k] &= any[k];
            }
        }
        Some(term)
    }

    fn match_fixed<const W: usize>(&self, board: &Board, row: &Row, dir: Direction, out: &mut Vec<RowMatch>) {
        let Some((xmin, xmax, ymin, ymax)) = board.start_bounds(dir, row.len) else { return };
        let h = board.height as isize;
        if xmin >= xmax || ymin >= ymax {
            return;
        }
        let d = board.delta(dir);
        // Every place of the level, then the places each cell allows.
        let mut acc = [!0u64; W];
        let tail = self.cells % 64;
        if tail != 0 {
            acc[W - 1] = (1u64 << tail) - 1;
        }
        if let Some(narrow) = row.narrow.as_deref()
            && self.ow == 1
            && self.mw == 1
        {
            for (k, c) in narrow.iter().enumerate() {
                let Some(term) = self.narrow_places::<W>(board, c) else { continue };
                // Place `i` needs cell `i + k * d` in the term.
                shift_and::<W>(&mut acc, &term, k as isize * d);
                if acc.iter().all(|&x| x == 0) {
                    return;
                }
            }
        } else {
            for (k, c) in row.cells.iter().enumerate() {
                let PatternCell::Cell(p) = c else { return };
                let Some(term) = self.cell_places::<W>(board, p) else { continue };
                shift_and::<W>(&mut acc, &term, k as isize * d);
                if acc.iter().all(|&x| x == 0) {
                    return;
                }
            }
        }
        let before = out.len();
        let (hu, xr, yr) = (h as usize, xmin as usize..xmax as usize, ymin as usize..ymax as usize);
        for (wi, &word) in acc.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let i = wi * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if xr.contains(&(i / hu)) && yr.contains(&(i % hu)) {
                    out.push(RowMatch { start: i, gaps: [0, 0] });
                }
            }
        }
        // A horizontal scan goes row by row.
        if dir.is_horizontal() && out.len() > before + 1 {
            out[before..].sort_unstable_by_key(|m| (m.start % hu, m.start));
        }
    }
}

/// Clear a plane (of at most [`MAX_WORDS`] words) without a call to
/// `memset`.
#[inline(always)]
fn zero(s: &mut [u64]) {
    for x in s.iter_mut().take(MAX_WORDS) {
        *x = 0;
        std::hint::black_box(());
    }
}

/// Flip cell `i` in the planes of the set bits of `diff` (word `w`).
#[inline]
fn flip_bits(bits: &mut [u64], words: usize, i: usize, w: usize, mut diff: u64) {
    let (wi, bit) = (i / 64, 1u64 << (i % 64));
    while diff != 0 {
        let p = w * 64 + diff.trailing_zeros() as usize;
        if let Some(x) = bits.get_mut(p * words + wi) {
            *x ^= bit;
        }
        diff &= diff - 1;
    }
}

/// `acc[i] &= term[i + s]` for every bit `i` (bits outside `term` read
/// as clear).
#[inline(always)]
fn shift_and<const W: usize>(acc: &mut [u64; W], term: &[u64; W], s: isize) {
    let at = |j: isize| -> u64 { if j >= 0 && (j as usize) < W { term[j as usize] } else { 0 } };
    if s >= 0 {
        let (q, r) = (s / 64, (s % 64) as u32);
        for (j, a) in acc.iter_mut().enumerate() {
            let j = j as isize;
            let v = if r == 0 { at(j + q) } else { (at(j + q) >> r) | (at(j + q + 1) << (64 - r)) };
            *a &= v;
        }
    } else {
        let s = -s;
        let (q, r) = (s / 64, (s % 64) as u32);
        for (j, a) in acc.iter_mut().enumerate() {
            let j = j as isize;
            let v = if r == 0 { at(j - q) } else { (at(j - q) << r) | (at(j - q - 1) >> (64 - r)) };
            *a &= v;
        }
    }
}
