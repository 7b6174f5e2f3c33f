//! Matching a rule's rows against the board: where a row can start, the
//! scans (one-word games, fixed word counts, any width), and the key
//! places each scan tests first. The rule phase's hot loop.

use super::{Board, RowMatch};
use crate::compile::bits;
use crate::compile::{CellPattern, Direction, PatternCell, Row};

impl Board {
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
