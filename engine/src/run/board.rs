//! The level state: flat per-cell object masks and per-layer movement bits
//! (cell index `x * height + y`), with row, column and whole-level masks
//! that are kept as supersets of the contents so a rule row that cannot
//! match is rejected without scanning. [`matching`] matches rule rows
//! against it.

mod matching;

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
