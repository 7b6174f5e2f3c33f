//! The level state: flat per-cell object masks and per-layer movement bits
//! (cell index `x * height + y`), with row, column and whole-level masks
//! that are kept as supersets of the contents so a rule row that cannot
//! match is rejected without scanning.

use crate::compile::bits;
use crate::compile::{CellPattern, Direction, PatternCell, Row};

/// One level being played.
#[derive(Debug)]
pub(crate) struct Board {
    pub width: usize,
    pub height: usize,
    pub ow: usize,
    pub mw: usize,
    pub objects: Vec<u64>,
    pub movements: Vec<u64>,
    pub rigid_group: Vec<u64>,
    pub rigid_applied: Vec<u64>,
    /// Whether `rigid_group` or `rigid_applied` may hold a mark (only
    /// rigid rules write them).
    pub rigid_marked: bool,
    pub row_obj: Vec<u64>,
    pub col_obj: Vec<u64>,
    pub map_obj: Vec<u64>,
    /// Objects every cell of the level held when the masks were last
    /// recomputed, less those a movement or a rigid rewrite has taken from
    /// some cell since. With the objects plain rewrites have destroyed this
    /// turn taken out too (the session keeps those), what is left is in
    /// every cell, so a rule that needs some cell without one of them is
    /// rejected without scanning.
    pub map_all: Vec<u64>,
    pub row_mov: Vec<u64>,
    pub col_mov: Vec<u64>,
    pub map_mov: Vec<u64>,
    /// Whether the object masks were gathered from the objects as they
    /// are and nothing has changed since (a new or restored board): the
    /// turn's start need not gather them again.
    pub masks_exact: bool,
}

/// The object masks of one board's objects, kept so that restoring the
/// same objects again copies them instead of gathering them (the solver
/// restores each state once per input it tries).
#[derive(Debug, Default)]
pub(crate) struct KeptMasks {
    width: usize,
    height: usize,
    objects: Vec<u64>,
    row_obj: Vec<u64>,
    col_obj: Vec<u64>,
    map_obj: Vec<u64>,
    map_all: Vec<u64>,
}

/// Where a row matched: its first cell and the lengths of its ellipsis gaps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RowMatch {
    pub start: usize,
    pub gaps: [usize; 2],
}

impl Clone for Board {
    fn clone(&self) -> Self {
        let mut b = Board::new(self.width, self.height, self.ow, self.mw, Vec::new());
        b.clone_from(self);
        b
    }

    /// Field by field, reusing this board's buffers (the probe cache copies
    /// boards every again turn).
    fn clone_from(&mut self, source: &Self) {
        self.width = source.width;
        self.height = source.height;
        self.ow = source.ow;
        self.mw = source.mw;
        self.objects.clone_from(&source.objects);
        // Movements and rigid marks are often clear on both sides (between
        // turns): the masks say so without reading them.
        let still = |b: &Board| b.map_mov.iter().all(|&m| m == 0);
        if !(still(self) && still(source) && self.movements.len() == source.movements.len()) {
            self.movements.clone_from(&source.movements);
        }
        if self.rigid_marked || source.rigid_marked || self.rigid_group.len() != source.rigid_group.len() {
            self.rigid_group.clone_from(&source.rigid_group);
            self.rigid_applied.clone_from(&source.rigid_applied);
        }
        self.rigid_marked = source.rigid_marked;
        self.row_obj.clone_from(&source.row_obj);
        self.col_obj.clone_from(&source.col_obj);
        self.map_obj.clone_from(&source.map_obj);
        self.map_all.clone_from(&source.map_all);
        self.row_mov.clone_from(&source.row_mov);
        self.col_mov.clone_from(&source.col_mov);
        self.map_mov.clone_from(&source.map_mov);
        self.masks_exact = source.masks_exact;
    }
}

impl Board {
    pub(crate) fn new(width: usize, height: usize, ow: usize, mw: usize, objects: Vec<u64>) -> Board {
        let n = width * height;
        let mut b = Board {
            width,
            height,
            ow,
            mw,
            objects,
            movements: vec![0; n * mw],
            rigid_group: vec![0; n * mw],
            rigid_applied: vec![0; n * mw],
            rigid_marked: false,
            row_obj: vec![0; height * ow],
            col_obj: vec![0; width * ow],
            map_obj: vec![0; ow],
            map_all: vec![0; ow],
            row_mov: vec![0; height * mw],
            col_mov: vec![0; width * mw],
            map_mov: vec![0; mw],
            masks_exact: false,
        };
        if b.objects.len() == n * ow {
            b.recompute_all_masks();
            b.masks_exact = true;
        }
        b
    }

    pub(crate) fn cells(&self) -> usize {
        self.width * self.height
    }

    pub(crate) fn cell(&self, i: usize) -> &[u64] {
        &self.objects[i * self.ow..(i + 1) * self.ow]
    }

    pub(crate) fn movs(&self, i: usize) -> &[u64] {
        &self.movements[i * self.mw..(i + 1) * self.mw]
    }

    /// Replace the objects (same size), clearing movements and rigid marks
    /// and gathering the object masks.
    pub(crate) fn restore(&mut self, objects: &[u64]) {
        self.objects.clear();
        self.objects.extend_from_slice(objects);
        self.restore_in_place();
    }

    /// [`Board::restore`] once the new objects are in place.
    pub(crate) fn restore_in_place(&mut self) {
        self.clear_movements();
        self.recompute_object_masks();
        self.masks_exact = true;
    }

    /// [`Board::restore`], copying the object masks from `kept` when it
    /// holds these objects, else keeping the new masks there.
    pub(crate) fn restore_kept(&mut self, objects: &[u64], kept: &mut KeptMasks) {
        if kept.width != self.width || kept.height != self.height || kept.objects != objects {
            self.restore(objects);
            kept.width = self.width;
            kept.height = self.height;
            kept.objects.clone_from(&self.objects);
            kept.row_obj.clone_from(&self.row_obj);
            kept.col_obj.clone_from(&self.col_obj);
            kept.map_obj.clone_from(&self.map_obj);
            kept.map_all.clone_from(&self.map_all);
            return;
        }
        self.objects.clear();
        self.objects.extend_from_slice(objects);
        self.clear_movements();
        self.row_obj.clone_from(&kept.row_obj);
        self.col_obj.clone_from(&kept.col_obj);
        self.map_obj.clone_from(&kept.map_obj);
        self.map_all.clone_from(&kept.map_all);
        self.masks_exact = true;
    }

    /// Clear every movement and rigid mark. Only columns whose movement
    /// mask (a superset of their movements) is set are written.
    pub(crate) fn clear_movements(&mut self) {
        let (h, mw) = (self.height, self.mw);
        for (x, col) in self.col_mov.chunks_exact(mw.max(1)).enumerate() {
            if col.iter().any(|&m| m != 0) {
                self.movements[x * h * mw..(x + 1) * h * mw].fill(0);
            }
        }
        if self.rigid_marked {
            self.rigid_group.fill(0);
            self.rigid_applied.fill(0);
            self.rigid_marked = false;
        }
        // No movement is left: the movement masks are exact when clear.
        self.row_mov.fill(0);
        self.col_mov.fill(0);
        self.map_mov.fill(0);
        debug_assert!(self.movements.iter().all(|&m| m == 0), "a movement outside its column's mask");
    }

    /// Whether no cell has a movement or a rigid mark (true between turns;
    /// the level's movement mask covers every movement, and is clear when
    /// the movements are cleared).
    pub(crate) fn is_still(&self) -> bool {
        !self.rigid_marked && self.map_mov.iter().all(|&m| m == 0)
    }

    /// Recompute the row, column and level masks from the contents.
    pub(crate) fn recompute_masks(&mut self) {
        let (ow, h) = (self.ow, self.height);
        if self.map_mov.iter().all(|&m| m == 0) && h > 0 {
            // No movement anywhere (the level mask is a superset of them):
            // the movement masks stay clear, only objects are gathered.
            self.row_mov.fill(0);
            self.col_mov.fill(0);
            match ow {
                1 => return self.recompute_objects::<1>(),
                2 => return self.recompute_objects::<2>(),
                3 => return self.recompute_objects::<3>(),
                4 => return self.recompute_objects::<4>(),
                5 => return self.recompute_objects::<5>(),
                6 => return self.recompute_objects::<6>(),
                7 => return self.recompute_objects::<7>(),
                8 => return self.recompute_objects::<8>(),
                _ => {}
            }
        }
        self.recompute_all_masks();
    }

    /// The object masks recomputed from the contents, the movement masks
    /// kept: for a turn's start, when every movement has been noted since
    /// the movements were last cleared (a player's input is the only kind).
    pub(crate) fn recompute_object_masks(&mut self) {
        debug_assert!(
            (0..self.cells()).all(|i| {
                let (x, y) = (i / self.height, i % self.height);
                let mw = self.mw;
                self.movs(i).iter().enumerate().all(|(w, &m)| {
                    m & !self.row_mov[y * mw + w] == 0
                        && m & !self.col_mov[x * mw + w] == 0
                        && m & !self.map_mov[w] == 0
                })
            }),
            "a movement its masks do not cover"
        );
        if self.height == 0 {
            return self.recompute_all_masks();
        }
        match self.ow {
            1 => self.recompute_objects::<1>(),
            2 => self.recompute_objects::<2>(),
            3 => self.recompute_objects::<3>(),
            4 => self.recompute_objects::<4>(),
            5 => self.recompute_objects::<5>(),
            6 => self.recompute_objects::<6>(),
            7 => self.recompute_objects::<7>(),
            8 => self.recompute_objects::<8>(),
            _ => self.recompute_all_masks(),
        }
    }

    /// [`Board::recompute_masks`] reading every movement, for movements
    /// written without noting them.
    pub(crate) fn recompute_all_masks(&mut self) {
        let (ow, mw, h) = (self.ow, self.mw, self.height);
        if ow == 1 && mw == 1 {
            self.recompute_masks_narrow();
        } else {
            self.recompute_masks_wide(ow, mw, h);
        }
    }

    /// The object masks of [`Board::recompute_masks`], for `OW` words of
    /// objects.
    fn recompute_objects<const OW: usize>(&mut self) {
        let h = self.height;
        self.row_obj.fill(0);
        let mut any = [0u64; OW];
        let mut every = [!0u64; OW];
        for (objs, col_out) in self.objects.chunks_exact(h * OW).zip(self.col_obj.chunks_exact_mut(OW)) {
            let mut col = [0u64; OW];
            for (cell, row) in objs.chunks_exact(OW).zip(self.row_obj.chunks_exact_mut(OW)) {
                for w in 0..OW {
                    col[w] |= cell[w];
                    row[w] |= cell[w];
                    every[w] &= cell[w];
                }
            }
            col_out.copy_from_slice(&col);
            for w in 0..OW {
                any[w] |= col[w];
            }
        }
        self.map_obj.copy_from_slice(&any);
        self.map_all.copy_from_slice(&every);
    }

    /// [`Board::recompute_masks`] for any game.
    #[expect(clippy::needless_range_loop, reason = "word loops over several masks at once, indexed in step")]
    fn recompute_masks_wide(&mut self, ow: usize, mw: usize, h: usize) {
        self.row_obj.fill(0);
        self.row_mov.fill(0);
        self.map_obj.fill(0);
        self.map_mov.fill(0);
        self.map_all.fill(!0);
        for x in 0..self.width {
            let col_o = &mut self.col_obj[x * ow..(x + 1) * ow];
            col_o.fill(0);
            let col_m = &mut self.col_mov[x * mw..(x + 1) * mw];
            col_m.fill(0);
            let base = x * h;
            for y in 0..h {
                let i = base + y;
                let cell = &self.objects[i * ow..(i + 1) * ow];
                let row = &mut self.row_obj[y * ow..(y + 1) * ow];
                for w in 0..ow {
                    col_o[w] |= cell[w];
                    row[w] |= cell[w];
                    self.map_all[w] &= cell[w];
                }
                let mc = &self.movements[i * mw..(i + 1) * mw];
                let rowm = &mut self.row_mov[y * mw..(y + 1) * mw];
                for w in 0..mw {
                    col_m[w] |= mc[w];
                    rowm[w] |= mc[w];
                }
            }
            for w in 0..ow {
                self.map_obj[w] |= col_o[w];
            }
            for w in 0..mw {
                self.map_mov[w] |= col_m[w];
            }
        }
    }

    /// [`Board::recompute_masks`] for a game of one word of objects and one
    /// of movements (most games): a cell is two words, columns are runs of
    /// `height` cells.
    fn recompute_masks_narrow(&mut self) {
        let h = self.height;
        self.row_obj.fill(0);
        self.row_mov.fill(0);
        let (mut all_o, mut all_m, mut every) = (0u64, 0u64, !0u64);
        let columns = self.objects.chunks_exact(h.max(1)).zip(self.movements.chunks_exact(h.max(1)));
        for ((col_o, col_m), (objs, movs)) in self.col_obj.iter_mut().zip(self.col_mov.iter_mut()).zip(columns) {
            let (mut co, mut cm, mut ca) = (0u64, 0u64, !0u64);
            for (((o, m), ro), rm) in objs.iter().zip(movs).zip(self.row_obj.iter_mut()).zip(self.row_mov.iter_mut()) {
                co |= o;
                cm |= m;
                ca &= o;
                *ro |= o;
                *rm |= m;
            }
            *col_o = co;
            *col_m = cm;
            all_o |= co;
            all_m |= cm;
            every &= ca;
        }
        self.map_obj.fill(all_o);
        self.map_mov.fill(all_m);
        self.map_all.fill(every);
    }

    /// Note that cell `i`'s objects are now `objects` (they may have grown
    /// or shrunk).
    pub(crate) fn note_objects(&mut self, i: usize, objects: &[u64]) {
        let (x, y) = (i / self.height, i % self.height);
        for (w, v) in objects.iter().enumerate() {
            self.row_obj[y * self.ow + w] |= v;
            self.col_obj[x * self.ow + w] |= v;
            self.map_obj[w] |= v;
            self.map_all[w] &= v;
        }
    }

    /// Note that cell `i`'s movements may have grown.
    pub(crate) fn note_movements(&mut self, i: usize) {
        let (x, y) = (i / self.height, i % self.height);
        for w in 0..self.mw {
            let v = self.movements[i * self.mw + w];
            self.row_mov[y * self.mw + w] |= v;
            self.col_mov[x * self.mw + w] |= v;
            self.map_mov[w] |= v;
        }
    }

    /// Where a row of `len` cells scanning in `dir` can start: x in
    /// `xmin..xmax`, y in `ymin..ymax` (the row's other cells stay on the
    /// level); None for `Action`, which no row scans in.
    pub(crate) fn start_bounds(&self, dir: Direction, len: usize) -> Option<(isize, isize, isize, isize)> {
        let (w, h, len) = (self.width as isize, self.height as isize, len as isize);
        let (mut xmin, mut xmax, mut ymin, mut ymax) = (0isize, w, 0isize, h);
        match dir {
            Direction::Up => ymin += len - 1,
            Direction::Down => ymax -= len - 1,
            Direction::Left => xmin += len - 1,
            Direction::Right => xmax -= len - 1,
            Direction::Action => return None,
        }
        Some((xmin, xmax, ymin, ymax))
    }

    /// Index step of a scan direction.
    pub(crate) fn delta(&self, dir: Direction) -> isize {
        let h = self.height as isize;
        match dir {
            Direction::Up => -1,
            Direction::Down => 1,
            Direction::Left => -h,
            Direction::Right => h,
            Direction::Action => 0,
        }
    }

    #[inline]
    fn cell_matches(&self, p: &CellPattern, i: usize) -> bool {
        if self.ow == 1 && self.mw == 1 {
            // The common case: one word of objects, one of movements.
            let o = self.objects[i];
            let m = self.movements[i];
            return o & p.present[0] == p.present[0]
                && o & p.missing[0] == 0
                && m & p.mov_present[0] == p.mov_present[0]
                && m & p.mov_missing[0] == 0
                && p.any_present.iter().all(|a| o & a[0] != 0);
        }
        let objs = self.cell(i);
        let movs = self.movs(i);
        bits::contains(objs, &p.present)
            && !bits::intersects(objs, &p.missing)
            && bits::contains(movs, &p.mov_present)
            && !bits::intersects(movs, &p.mov_missing)
            && p.any_present.iter().all(|m| bits::intersects(objs, m))
    }

    /// Whether line masks `obj` and `mov` hold everything `row` requires.
    #[inline]
    fn line_may_match(row: &Row, obj: &[u64], mov: &[u64]) -> bool {
        bits::contains(obj, &row.obj_mask)
            && bits::contains(mov, &row.mov_mask)
            && row.any_masks.iter().all(|a| bits::intersects(obj, a))
    }

    /// All matches of `row` scanning in `dir`, in the reference's order,
    /// added to `out`. The whole-level masks are the caller's to check (a
    /// rule checks the union of its rows' needs once, before any row).
    pub(crate) fn match_row(&self, row: &Row, dir: Direction, out: &mut Vec<RowMatch>) {
        let Some((xmin, xmax, ymin, ymax)) = self.start_bounds(dir, row.len) else { return };
        let d = self.delta(dir);
        let horizontal = dir.is_horizontal();
        if let Some(narrow) = row.narrow.as_deref() {
            self.match_narrow(narrow, row, (xmin, xmax, ymin, ymax), d, horizontal, out);
            return;
        }
        if row.ellipses == 0 {
            let b = (xmin, xmax, ymin, ymax);
            match (self.ow, self.mw) {
                (1, 2) => return self.match_wide::<1, 2>(row, b, d, horizontal, out),
                (1, 3) => return self.match_wide::<1, 3>(row, b, d, horizontal, out),
                (2, 1) => return self.match_wide::<2, 1>(row, b, d, horizontal, out),
                (2, 2) => return self.match_wide::<2, 2>(row, b, d, horizontal, out),
                (3, 1) => return self.match_wide::<3, 1>(row, b, d, horizontal, out),
                (2, 3) => return self.match_wide::<2, 3>(row, b, d, horizontal, out),
                (3, 2) => return self.match_wide::<3, 2>(row, b, d, horizontal, out),
                (3, 3) => return self.match_wide::<3, 3>(row, b, d, horizontal, out),
                (4, 1) => return self.match_wide::<4, 1>(row, b, d, horizontal, out),
                (4, 2) => return self.match_wide::<4, 2>(row, b, d, horizontal, out),
                (4, 3) => return self.match_wide::<4, 3>(row, b, d, horizontal, out),
                (5, 2) => return self.match_wide::<5, 2>(row, b, d, horizontal, out),
                (5, 3) => return self.match_wide::<5, 3>(row, b, d, horizontal, out),
                (6, 2) => return self.match_wide::<6, 2>(row, b, d, horizontal, out),
                (6, 3) => return self.match_wide::<6, 3>(row, b, d, horizontal, out),
                (7, 2) => return self.match_wide::<7, 2>(row, b, d, horizontal, out),
                (7, 3) => return self.match_wide::<7, 3>(row, b, d, horizontal, out),
                (8, 2) => return self.match_wide::<8, 2>(row, b, d, horizontal, out),
                (8, 3) => return self.match_wide::<8, 3>(row, b, d, horizontal, out),
                _ => {}
            }
        }
        let mut segs: [&[PatternCell]; 3] = [&[], &[], &[]];
        for (k, seg) in row.cells.split(|c| matches!(c, PatternCell::Ellipsis)).take(3).enumerate() {
            segs[k] = seg;
        }
        let bounds = (xmin, xmax, ymin, ymax);
        match (self.ow, self.mw) {
            (1, 1) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_fixed::<1, 1>(p, i)),
            (1, 2) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_fixed::<1, 2>(p, i)),
            (2, 1) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_fixed::<2, 1>(p, i)),
            (2, 2) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_fixed::<2, 2>(p, i)),
            (3, 1) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_fixed::<3, 1>(p, i)),
            (3, 2) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_fixed::<3, 2>(p, i)),
            (4, 1) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_fixed::<4, 1>(p, i)),
            (4, 2) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_fixed::<4, 2>(p, i)),
            (1, _) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_ow::<1>(p, i)),
            (2, _) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_ow::<2>(p, i)),
            (3, _) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_ow::<3>(p, i)),
            (4, _) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_ow::<4>(p, i)),
            (5, _) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_ow::<5>(p, i)),
            (6, _) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_ow::<6>(p, i)),
            (7, _) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_ow::<7>(p, i)),
            (8, _) => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_ow::<8>(p, i)),
            _ => self.scan(row, dir, &segs, bounds, out, |p, i| self.cell_matches(p, i)),
        }
    }

    /// [`Self::match_row`] by the general scan alone (no one-word, keyed or
    /// fixed-width path): what the fast paths are tested against.
    pub(crate) fn match_row_general(&self, row: &Row, dir: Direction, out: &mut Vec<RowMatch>) {
        let Some((xmin, xmax, ymin, ymax)) = self.start_bounds(dir, row.len) else { return };
        let mut segs: [&[PatternCell]; 3] = [&[], &[], &[]];
        for (k, seg) in row.cells.split(|c| matches!(c, PatternCell::Ellipsis)).take(3).enumerate() {
            segs[k] = seg;
        }
        self.scan(row, dir, &segs, (xmin, xmax, ymin, ymax), out, |p, i| self.cell_matches(p, i));
    }

    /// [`Self::cell_matches`] with the word counts fixed at compile time.
    #[inline(always)]
    fn cell_fixed<const OW: usize, const MW: usize>(&self, p: &CellPattern, i: usize) -> bool {
        let (Some(o), Some(m)) = (self.objects.get(i * OW..i * OW + OW), self.movements.get(i * MW..i * MW + MW))
        else {
            return false;
        };
        let (present, missing) = (&p.present[..OW], &p.missing[..OW]);
        let (mp, mm) = (&p.mov_present[..MW], &p.mov_missing[..MW]);
        let mut bad = 0u64;
        for w in 0..OW {
            bad |= (o[w] & present[w]) ^ present[w];
            bad |= o[w] & missing[w];
        }
        for w in 0..MW {
            bad |= (m[w] & mp[w]) ^ mp[w];
            bad |= m[w] & mm[w];
        }
        bad == 0 && p.any_present.iter().all(|a| (0..OW).any(|w| o[w] & a[w] != 0))
    }

    /// [`Self::cell_matches`] with the object word count fixed (games with
    /// many layers).
    #[inline(always)]
    fn cell_ow<const OW: usize>(&self, p: &CellPattern, i: usize) -> bool {
        let mw = self.mw;
        let (Some(o), Some(m)) = (self.objects.get(i * OW..i * OW + OW), self.movements.get(i * mw..i * mw + mw))
        else {
            return false;
        };
        let (present, missing) = (&p.present[..OW], &p.missing[..OW]);
        let mut bad = 0u64;
        for w in 0..OW {
            bad |= (o[w] & present[w]) ^ present[w];
            bad |= o[w] & missing[w];
        }
        if bad != 0 {
            return false;
        }
        for ((&m, &mp), &mm) in m.iter().zip(p.mov_present.iter()).zip(p.mov_missing.iter()) {
            bad |= (m & mp) ^ mp;
            bad |= m & mm;
        }
        bad == 0 && p.any_present.iter().all(|a| (0..OW).any(|w| o[w] & a[w] != 0))
    }

    /// The scan of [`Self::match_row`] with the cell test `ok`.
    #[inline(always)]
    fn scan(
        &self,
        row: &Row,
        dir: Direction,
        segs: &[&[PatternCell]; 3],
        (xmin, xmax, ymin, ymax): (isize, isize, isize, isize),
        out: &mut Vec<RowMatch>,
        ok: impl Fn(&CellPattern, usize) -> bool,
    ) {
        let (w, h) = (self.width as isize, self.height as isize);
        let len = row.len as isize;
        let d = self.delta(dir);
        let n = self.cells() as isize;
        let segment = |cells: &[PatternCell], pos: isize| -> bool {
            let mut p = pos;
            for c in cells {
                if let PatternCell::Cell(pat) = c
                    && (p < 0 || p >= n || !ok(pat, p as usize))
                {
                    return false;
                }
                p += d;
            }
            true
        };
        let try_at = |x: isize, y: isize, out: &mut Vec<RowMatch>| {
            let i = x * h + y;
            if row.ellipses == 0 {
                if segment(&row.cells, i) {
                    out.push(RowMatch { start: i as usize, gaps: [0, 0] });
                }
                return;
            }
            let kmax = match dir {
                Direction::Left => x - len + 2,
                Direction::Right => w - (x + len) + 1,
                Direction::Down => h - (y + len) + 1,
                Direction::Up | Direction::Action => y - len + 2,
            };
            if !segment(segs[0], i) {
                return;
            }
            let len0 = segs[0].len() as isize;
            if row.ellipses == 1 {
                for k in 0..kmax.max(0) {
                    if segment(segs[1], i + (len0 + k) * d) {
                        out.push(RowMatch { start: i as usize, gaps: [k as usize, 0] });
                    }
                }
                return;
            }
            let len1 = segs[1].len() as isize;
            for k1 in 0..kmax.max(0) {
                if !segment(segs[1], i + (len0 + k1) * d) {
                    continue;
                }
                let mut k2 = 0;
                while k1 + k2 < kmax {
                    if segment(segs[2], i + (len0 + len1 + k1 + k2) * d) {
                        out.push(RowMatch { start: i as usize, gaps: [k1 as usize, k2 as usize] });
                    }
                    k2 += 1;
                }
            }
        };
        if dir.is_horizontal() {
            for y in ymin..ymax {
                let yu = y as usize;
                if !Self::line_may_match(
                    row,
                    &self.row_obj[yu * self.ow..(yu + 1) * self.ow],
                    &self.row_mov[yu * self.mw..(yu + 1) * self.mw],
                ) {
                    continue;
                }
                for x in xmin..xmax {
                    try_at(x, y, out);
                }
            }
        } else {
            for x in xmin..xmax {
                let xu = x as usize;
                if !Self::line_may_match(
                    row,
                    &self.col_obj[xu * self.ow..(xu + 1) * self.ow],
                    &self.col_mov[xu * self.mw..(xu + 1) * self.mw],
                ) {
                    continue;
                }
                for y in ymin..ymax {
                    try_at(x, y, out);
                }
            }
        }
    }

    /// [`Self::match_row`] for one-word games and rows without ellipses:
    /// the same scan order, with the cell tests on plain words.
    fn match_narrow(
        &self,
        cells: &[crate::compile::model::NarrowCell],
        row: &Row,
        (xmin, xmax, ymin, ymax): (isize, isize, isize, isize),
        d: isize,
        horizontal: bool,
        out: &mut Vec<RowMatch>,
    ) {
        let h = self.height as isize;
        let objects = &self.objects[..];
        let movements = &self.movements[..];
        let test = |start: isize| -> bool {
            let mut p = start;
            for c in cells {
                let (Some(&o), Some(&m)) = (objects.get(p as usize), movements.get(p as usize)) else { return false };
                if !c.admits(o, m) {
                    return false;
                }
                p += d;
            }
            true
        };
        // Each line's places are tried on the key cell in one tight loop;
        // only those that pass go on to the whole row.
        let kc = row.key.map_or(0, |k| k.cell);
        let Some(kcell) = cells.get(kc) else { return };
        let single = cells.len() == 1;
        let line = |first: isize, step: isize, n: isize, out: &mut Vec<RowMatch>| {
            narrow_places(objects, movements, first + kc as isize * d, step, n, kcell, |j| {
                let i = first + j as isize * step;
                if single || test(i) {
                    out.push(RowMatch { start: i as usize, gaps: [0, 0] });
                }
            });
        };
        let (row_obj, row_mov) = (row.obj_mask[0], row.mov_mask[0]);
        let any_ok = |line: u64| row.any_masks.iter().all(|a| line & a[0] != 0);
        if horizontal {
            for y in ymin..ymax {
                let yu = y as usize;
                let line_obj = self.row_obj[yu];
                if line_obj & row_obj != row_obj || self.row_mov[yu] & row_mov != row_mov || !any_ok(line_obj) {
                    continue;
                }
                line(xmin * h + y, h, xmax - xmin, out);
            }
        } else {
            for x in xmin..xmax {
                let xu = x as usize;
                let line_obj = self.col_obj[xu];
                if line_obj & row_obj != row_obj || self.col_mov[xu] & row_mov != row_mov || !any_ok(line_obj) {
                    continue;
                }
                line(x * h + ymin, 1, ymax - ymin, out);
            }
        }
    }

    /// [`Self::match_row`] for rows without ellipses in games of `OW`
    /// object words and `MW` movement words (fixed sizes let the compiler
    /// unroll the cell tests).
    #[expect(
        clippy::needless_range_loop,
        reason = "fixed-width word loops over several arrays at once; the index form is what the optimiser unrolls"
    )]
    fn match_wide<const OW: usize, const MW: usize>(
        &self,
        row: &Row,
        (xmin, xmax, ymin, ymax): (isize, isize, isize, isize),
        d: isize,
        horizontal: bool,
        out: &mut Vec<RowMatch>,
    ) {
        let h = self.height as isize;
        let objects = &self.objects[..];
        let movements = &self.movements[..];
        let words = |a: &[u64], i: usize| -> Option<[u64; OW]> { a.get(i * OW..(i + 1) * OW)?.try_into().ok() };
        let mwords = |a: &[u64], i: usize| -> Option<[u64; MW]> { a.get(i * MW..(i + 1) * MW)?.try_into().ok() };
        // Cells the key has settled (bit `k`: cell `k`) are passed over.
        let untested = row.untested;
        let test = |start: isize| -> bool {
            let mut p = start;
            let mut skip = untested;
            for c in &row.cells {
                let passed = skip & 1 != 0;
                skip >>= 1;
                if passed {
                    p += d;
                    continue;
                }
                let PatternCell::Cell(c) = c else { return false };
                let (Some(o), Some(m)) = (words(objects, p as usize), mwords(movements, p as usize)) else {
                    return false;
                };
                let mut bad = 0u64;
                for w in 0..OW {
                    bad |= (o[w] & c.present[w]) ^ c.present[w];
                    bad |= o[w] & c.missing[w];
                }
                for w in 0..MW {
                    bad |= (m[w] & c.mov_present[w]) ^ c.mov_present[w];
                    bad |= m[w] & c.mov_missing[w];
                }
                if bad != 0 || !c.any_present.iter().all(|a| (0..OW).any(|w| o[w] & a[w] != 0)) {
                    return false;
                }
                p += d;
            }
            true
        };
        // The key word first: most places fail there.
        let (kc, kow, kall, kany, kmw, kmb) = row.key.map_or((0, 0, 0, 0, 0, 0), |k| {
            (k.cell as isize, k.obj_word, k.obj_all, k.obj_any, k.mov_word, k.mov_bits)
        });
        // A one-cell row whose key is all it requires needs no more test.
        let decided = row.key.is_some_and(|k| k.decides);
        let mov_keyed = |i: isize| -> bool {
            let p = (i + kc * d) as usize;
            movements.get(p * MW + kmw).is_some_and(|&m| m & kmb == kmb)
        };
        // The places of a line are `first + j * step` for `j` in `0..n`:
        // their key words are read in one tight loop, and only the places
        // that pass go on to the movement key and the whole row.
        let line = |first: isize, step: isize, n: isize, out: &mut Vec<RowMatch>| {
            let key_cell = (first + kc * d) as usize;
            let mut hit = |j: usize| {
                let i = first + j as isize * step;
                if (kmb == 0 || mov_keyed(i)) && (decided || test(i)) {
                    out.push(RowMatch { start: i as usize, gaps: [0, 0] });
                }
            };
            if step == 1 {
                // A column: the cells are consecutive.
                key_places_in_step::<OW>(objects, key_cell, kow, n, kall, kany, &mut hit);
            } else {
                key_places(objects, key_cell * OW + kow, step as usize * OW, n, kall, kany, &mut hit);
            }
        };
        // Lines are keyed the same way, on their masks (which hold the key
        // cell's contents if the row matches in that line).
        let (line_obj, line_mov, lmin, lmax) = if horizontal {
            (&self.row_obj, &self.row_mov, ymin, ymax)
        } else {
            (&self.col_obj, &self.col_mov, xmin, xmax)
        };
        key_places_in_step::<OW>(line_obj, lmin.max(0) as usize, kow, lmax - lmin, kall, kany, |j| {
            let l = lmin as usize + j;
            let (Some(lo), Some(lm)) = (line_obj.get(l * OW..(l + 1) * OW), line_mov.get(l * MW..(l + 1) * MW)) else {
                return;
            };
            if lm.get(kmw).is_none_or(|&m| m & kmb != kmb) || !Self::line_may_match(row, lo, lm) {
                return;
            }
            if horizontal {
                line(xmin * h + l as isize, h, xmax - xmin, out);
            } else {
                line(l as isize * h + ymin, 1, ymax - ymin, out);
            }
        });
    }

    /// Whether `row` still matches exactly at `m`.
    pub(crate) fn row_matches_at(&self, row: &Row, dir: Direction, m: RowMatch) -> bool {
        let d = self.delta(dir);
        let n = self.cells() as isize;
        let mut p = m.start as isize;
        if let Some(narrow) = row.narrow.as_deref() {
            // One word of objects and one of movements per cell.
            return narrow.iter().all(|c| {
                let ok = (0..n).contains(&p) && c.admits(self.objects[p as usize], self.movements[p as usize]);
                p += d;
                ok
            });
        }
        let mut gap = 0;
        for c in &row.cells {
            match c {
                PatternCell::Ellipsis => {
                    p += d * m.gaps.get(gap).copied().unwrap_or(0) as isize;
                    gap += 1;
                }
                PatternCell::Cell(pat) => {
                    if p < 0 || p >= n || !self.cell_matches(pat, p as usize) {
                        return false;
                    }
                    p += d;
                }
            }
        }
        true
    }
}

/// Calls `hit(j)` for each `j` in `0..n` whose word `words[start + j *
/// stride]` holds all of `all` and, unless `any` is 0, one of `any`: the
/// matcher's first test of each place of a line, as one tight loop.
#[inline(always)]
fn key_places(words: &[u64], start: usize, stride: usize, n: isize, all: u64, any: u64, mut hit: impl FnMut(usize)) {
    if n <= 0 {
        return;
    }
    let n = n as usize;
    let Some(words) = words.get(start..=start + (n - 1) * stride) else { return };
    let mut k = 0;
    for j in 0..n {
        let o = words[k];
        k += stride;
        if o & all == all && (any == 0 || o & any != 0) {
            hit(j);
        }
    }
}

/// [`key_places`] over `n` consecutive entries of `S` words from entry
/// `first`, reading word `word` of each (fixed sizes need no bounds test
/// inside the loop).
#[inline(always)]
fn key_places_in_step<const S: usize>(
    words: &[u64],
    first: usize,
    word: usize,
    n: isize,
    all: u64,
    any: u64,
    mut hit: impl FnMut(usize),
) {
    if n <= 0 || word >= S {
        return;
    }
    let Some(entries) = words.get(first * S..(first + n as usize) * S) else { return };
    for (j, e) in entries.chunks_exact(S).enumerate() {
        let o = e[word];
        if o & all == all && (any == 0 || o & any != 0) {
            hit(j);
        }
    }
}

/// Calls `hit(j)` for each `j` in `0..n` whose cell `start + j * stride`
/// of a one-word game (objects and movements one word each) matches `cell`.
#[inline(always)]
fn narrow_places(
    objects: &[u64],
    movements: &[u64],
    start: isize,
    stride: isize,
    n: isize,
    cell: &crate::compile::model::NarrowCell,
    mut hit: impl FnMut(usize),
) {
    if n <= 0 || start < 0 || stride <= 0 {
        return;
    }
    let (start, stride, n) = (start as usize, stride as usize, n as usize);
    let end = start + (n - 1) * stride + 1;
    let (Some(objs), Some(movs)) = (objects.get(start..end), movements.get(start..end)) else { return };
    let mut k = 0;
    for j in 0..n {
        let (o, m) = (objs[k], movs[k]);
        k += stride;
        if cell.admits(o, m) {
            hit(j);
        }
    }
}

#[cfg(test)]
mod mask_tests {
    use super::Board;

    /// A 3x2 board of one word per cell, with pseudo-random contents.
    fn board() -> Board {
        let cells: Vec<u64> =
            (0..6u64).map(|i| i.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(7)).collect();
        let mut b = Board::new(3, 2, 1, 1, cells.clone());
        for (m, c) in b.movements.iter_mut().zip(&cells) {
            *m = c.rotate_left(13);
        }
        // As the engine does after every movement it writes.
        for i in 0..6 {
            b.note_movements(i);
        }
        b
    }

    #[test]
    fn the_objects_only_recompute_agrees_with_the_general_one() {
        for ow in 1..=4 {
            let (w, h) = (3, 2);
            let cells: Vec<u64> = (0..(w * h * ow) as u64)
                .map(|i| i.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(9))
                .collect();
            let mut still = Board::new(w, h, ow, 1, cells.clone());
            // Stale masks from before: the recompute must replace them.
            still.row_obj.fill(!0);
            still.col_obj.fill(!0);
            still.recompute_masks();
            let mut wide = Board::new(w, h, ow, 1, cells);
            wide.recompute_masks_wide(ow, 1, h);
            assert_eq!(still.row_obj, wide.row_obj, "{ow} words");
            assert_eq!(still.col_obj, wide.col_obj, "{ow} words");
            assert_eq!(still.map_obj, wide.map_obj, "{ow} words");
            assert!(still.row_mov.iter().chain(&still.col_mov).chain(&still.map_mov).all(|&m| m == 0));
        }
    }

    #[test]
    fn the_one_word_recompute_agrees_with_the_general_one() {
        let mut narrow = board();
        narrow.recompute_masks();
        let mut wide = board();
        wide.recompute_masks_wide(1, 1, 2);
        assert_eq!(narrow.row_obj, wide.row_obj);
        assert_eq!(narrow.col_obj, wide.col_obj);
        assert_eq!(narrow.map_obj, wide.map_obj);
        assert_eq!(narrow.row_mov, wide.row_mov);
        assert_eq!(narrow.col_mov, wide.col_mov);
        assert_eq!(narrow.map_mov, wide.map_mov);
        // Column 1 is cells 2 and 3.
        assert_eq!(narrow.col_obj[1], narrow.objects[2] | narrow.objects[3]);
        assert_ne!(narrow.map_obj[0], 0);
    }
}
