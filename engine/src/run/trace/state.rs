//! A board as the trace keeps it (every cell's objects, movements and rigid
//! marks) and the difference between two such boards.

use crate::run::board::Board;

/// One cell's state: objects and movements as the session stores them
/// (bit `id` per object; five movement bits per layer, see
/// [`crate::compile::bits`]), and which layers' movements a rigid rule set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellState {
    /// Object bits.
    pub objects: Box<[u64]>,
    /// Movement bits.
    pub movements: Box<[u64]>,
    /// Rigid marks: a layer's five bits are all set when a rigid rule gave
    /// that layer its movement this turn.
    pub rigid: Box<[u64]>,
}

impl CellState {
    /// The object ids present.
    #[must_use]
    pub fn object_ids(&self) -> Vec<usize> {
        bit_ids(&self.objects)
    }

    /// The movement bits of `layer` (1 up, 2 down, 4 left, 8 right, 16
    /// action; 0 none).
    #[must_use]
    pub fn movement(&self, layer: usize) -> u8 {
        crate::compile::bits::mov_get(&self.movements, layer) as u8
    }

    /// Whether a rigid rule gave `layer` its movement.
    #[must_use]
    pub fn is_rigid(&self, layer: usize) -> bool {
        crate::compile::bits::mov_get(&self.rigid, layer) != 0
    }
}

/// A change to one cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellChange {
    /// Cell index `x * height + y`.
    pub cell: usize,
    /// Before.
    pub before: CellState,
    /// After.
    pub after: CellState,
}

/// How the board changed from the previous event in time (or from the
/// trace's base, for the first one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Diff {
    /// These cells changed (none, often); the board kept its size.
    Cells(Vec<CellChange>),
    /// The board was replaced by one of another size (a level load), or
    /// appeared (None before: no map had been shown).
    Board {
        /// Before.
        before: Option<Box<BoardState>>,
        /// After.
        after: Option<Box<BoardState>>,
    },
}

impl Diff {
    /// Nothing changed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        matches!(self, Diff::Cells(c) if c.is_empty())
    }

    /// The cells that changed (every cell of the new board for a
    /// replacement).
    #[must_use]
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Diff::Cells(c) => c.iter().map(|c| c.cell).collect(),
            Diff::Board { after, .. } => after.as_ref().map_or_else(Vec::new, |b| (0..b.cells()).collect()),
        }
    }

    /// Turn the board before this diff into the board after it.
    pub fn apply(&self, board: &mut Option<BoardState>) {
        match self {
            Diff::Cells(changes) => {
                if let Some(b) = board.as_mut() {
                    for c in changes {
                        b.set_cell(c.cell, &c.after);
                    }
                }
            }
            Diff::Board { after, .. } => *board = after.as_deref().cloned(),
        }
    }

    /// Turn the board after this diff back into the board before it.
    pub fn revert(&self, board: &mut Option<BoardState>) {
        match self {
            Diff::Cells(changes) => {
                if let Some(b) = board.as_mut() {
                    for c in changes {
                        b.set_cell(c.cell, &c.before);
                    }
                }
            }
            Diff::Board { before, .. } => *board = before.as_deref().cloned(),
        }
    }

    pub(super) fn heap_bytes(&self) -> usize {
        match self {
            Diff::Cells(c) => {
                c.capacity() * std::mem::size_of::<CellChange>()
                    + c.iter().map(|c| 16 * (c.before.objects.len() + 2 * c.before.movements.len())).sum::<usize>()
            }
            Diff::Board { before, after } => {
                before.as_ref().map_or(0, |b| b.heap_bytes()) + after.as_ref().map_or(0, |b| b.heap_bytes())
            }
        }
    }
}

/// A level's objects and movements at one moment, as the trace keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardState {
    /// Width in cells.
    pub width: usize,
    /// Height in cells.
    pub height: usize,
    /// Words of object bits per cell.
    pub obj_words: usize,
    /// Words of movement bits per cell.
    pub mov_words: usize,
    /// Object bits, `obj_words` per cell, cell `x * height + y`.
    pub objects: Vec<u64>,
    /// Movement bits, `mov_words` per cell.
    pub movements: Vec<u64>,
    /// Rigid marks, `mov_words` per cell (see [`CellState::rigid`]).
    pub rigid: Vec<u64>,
}

impl BoardState {
    pub(crate) fn of(b: &Board) -> BoardState {
        BoardState {
            width: b.width,
            height: b.height,
            obj_words: b.ow,
            mov_words: b.mw,
            objects: b.objects.clone(),
            movements: b.movements.clone(),
            rigid: b.rigid_applied.clone(),
        }
    }

    /// Number of cells.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// Object bits of cell `i` (empty past the end).
    #[must_use]
    pub fn cell_objects(&self, i: usize) -> &[u64] {
        self.objects.get(i * self.obj_words..(i + 1) * self.obj_words).unwrap_or(&[])
    }

    /// Movement bits of cell `i` (empty past the end).
    #[must_use]
    pub fn cell_movements(&self, i: usize) -> &[u64] {
        self.movements.get(i * self.mov_words..(i + 1) * self.mov_words).unwrap_or(&[])
    }

    /// Rigid marks of cell `i` (empty past the end).
    #[must_use]
    pub fn cell_rigid(&self, i: usize) -> &[u64] {
        self.rigid.get(i * self.mov_words..(i + 1) * self.mov_words).unwrap_or(&[])
    }

    /// Whether a rigid rule gave `layer` of cell (x, y) its movement.
    #[must_use]
    pub fn rigid_at(&self, x: usize, y: usize, layer: usize) -> bool {
        x < self.width
            && y < self.height
            && crate::compile::bits::mov_get(self.cell_rigid(x * self.height + y), layer) != 0
    }

    /// The object ids in cell (x, y).
    #[must_use]
    pub fn objects_at(&self, x: usize, y: usize) -> Vec<usize> {
        if x >= self.width || y >= self.height {
            return Vec::new();
        }
        bit_ids(self.cell_objects(x * self.height + y))
    }

    /// The movement bits of `layer` in cell (x, y) (1 up, 2 down, 4 left,
    /// 8 right, 16 action; 0 none).
    #[must_use]
    pub fn movement_at(&self, x: usize, y: usize, layer: usize) -> u8 {
        if x >= self.width || y >= self.height {
            return 0;
        }
        crate::compile::bits::mov_get(self.cell_movements(x * self.height + y), layer) as u8
    }

    /// The click marks of `layer` in cell (x, y) of a game of `layers`
    /// collision layers: 1 `lclick`, 2 `rclick` (PuzzleScript Next's
    /// `mouse_clicks`, set by a press before the turn's rules run); 0 in
    /// other games, whose boards keep no click marks.
    #[must_use]
    pub fn click_at(&self, x: usize, y: usize, layer: usize, layers: usize) -> u8 {
        self.movement_at(x, y, crate::compile::bits::click_layer(layers) + layer)
    }

    /// The state of cell `i`.
    #[must_use]
    pub fn cell_state(&self, i: usize) -> CellState {
        CellState {
            objects: self.cell_objects(i).into(),
            movements: self.cell_movements(i).into(),
            rigid: self.cell_rigid(i).into(),
        }
    }

    pub(super) fn set_cell(&mut self, i: usize, s: &CellState) {
        let (ow, mw) = (self.obj_words, self.mov_words);
        if let Some(o) = self.objects.get_mut(i * ow..(i + 1) * ow) {
            o.copy_from_slice(&s.objects[..ow.min(s.objects.len())]);
        }
        if let Some(m) = self.movements.get_mut(i * mw..(i + 1) * mw) {
            m.copy_from_slice(&s.movements[..mw.min(s.movements.len())]);
        }
        if let Some(r) = self.rigid.get_mut(i * mw..(i + 1) * mw) {
            r.copy_from_slice(&s.rigid[..mw.min(s.rigid.len())]);
        }
    }

    pub(super) fn heap_bytes(&self) -> usize {
        8 * (self.objects.len() + 2 * self.movements.len()) + std::mem::size_of::<BoardState>()
    }
}

pub(super) fn bit_ids(words: &[u64]) -> Vec<usize> {
    let mut out = Vec::new();
    for (w, &word) in words.iter().enumerate() {
        let mut v = word;
        while v != 0 {
            out.push(w * 64 + v.trailing_zeros() as usize);
            v &= v - 1;
        }
    }
    out
}
