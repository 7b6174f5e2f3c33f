//! What a player has reached in one game: plain data the host keeps
//! between runs (per game: the studio by title, the HTML export in the
//! browser's storage, the native export in the data folder), with a small
//! text form so any host can store it as a string.

use crate::compile::{Game, LevelGrid, bits};

/// The level reached in one game, and the checkpoint saved in it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    /// The LEVELS entry to continue from (0 with no checkpoint: nothing
    /// reached yet). May be a message: continuing shows it again.
    pub entry: usize,
    /// The furthest LEVELS entry reached, kept when the game ends: the
    /// level select offers the levels up to it (see `select`).
    pub reached: usize,
    /// The state saved by the last `checkpoint` command in that entry.
    pub checkpoint: Option<Checkpoint>,
}

/// A level state saved by a `checkpoint` command. Cells hold object names
/// rather than ids, so a checkpoint survives edits of the game that keep
/// the level's size and the objects' names.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Checkpoint {
    /// Cells across.
    pub width: usize,
    /// Cells down.
    pub height: usize,
    /// The objects of each cell, column by column (cell `x * height + y`),
    /// as the engine stores levels.
    pub cells: Vec<Vec<String>>,
}

/// First line of the text form.
const HEADER: &str = "puzzlewright progress 1";

impl Progress {
    /// Whether the title screen offers to continue in `game`: something
    /// was reached past the first entry (or a checkpoint saved), and that
    /// entry still exists.
    #[must_use]
    pub fn can_continue(&self, game: &Game) -> bool {
        (self.entry > 0 || self.checkpoint.is_some()) && self.entry < game.levels.len()
    }

    /// The text form: a header line, `entry N`, `reached N`, and for a checkpoint a
    /// `checkpoint W H` line followed by one line per cell listing its
    /// objects separated by spaces.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = format!("{HEADER}\nentry {}\nreached {}\n", self.entry, self.reached.max(self.entry));
        if let Some(c) = &self.checkpoint {
            out.push_str(&format!("checkpoint {} {}\n", c.width, c.height));
            for cell in &c.cells {
                out.push_str(&cell.join(" "));
                out.push('\n');
            }
        }
        out
    }

    /// Read the text form back (without a `reached` line, as written
    /// before the level select, the entry is as far as it got); `None` if
    /// it is not one.
    #[must_use]
    pub fn from_text(text: &str) -> Option<Progress> {
        let mut lines = text.lines().peekable();
        if lines.next()?.trim() != HEADER {
            return None;
        }
        let entry: usize = lines.next()?.trim().strip_prefix("entry ")?.trim().parse().ok()?;
        let mut reached = entry;
        if let Some(n) = lines.peek().and_then(|l| l.trim().strip_prefix("reached ")) {
            reached = n.trim().parse::<usize>().ok()?.max(entry);
            lines.next();
        }
        let Some(line) = lines.next().filter(|l| !l.trim().is_empty()) else {
            return Some(Progress { entry, reached, checkpoint: None });
        };
        let mut dims = line.trim().strip_prefix("checkpoint ")?.split_whitespace();
        let width: usize = dims.next()?.parse().ok()?;
        let height: usize = dims.next()?.parse().ok()?;
        let n = width.checked_mul(height)?;
        let cells: Vec<Vec<String>> =
            lines.by_ref().take(n).map(|l| l.split_whitespace().map(str::to_owned).collect()).collect();
        if cells.len() != n {
            return None;
        }
        Some(Progress { entry, reached, checkpoint: Some(Checkpoint { width, height, cells }) })
    }
}

impl Checkpoint {
    /// The checkpoint of `grid`, a level state of `game`.
    #[must_use]
    pub fn of_grid(game: &Game, grid: &LevelGrid) -> Checkpoint {
        let ow = game.obj_words.max(1);
        let cells = grid
            .cells
            .chunks_exact(ow)
            .take(grid.width * grid.height)
            .map(|cell| {
                (0..game.objects.len())
                    .filter(|&id| bits::get_bit(cell, id))
                    .map(|id| game.objects[id].name.to_string())
                    .collect()
            })
            .collect();
        Checkpoint { width: grid.width, height: grid.height, cells }
    }

    /// The level state in `game`'s terms: names the game no longer has are
    /// left out, and so is a second object for a layer a cell already
    /// fills. `None` when the cell count does not match the size.
    #[must_use]
    pub fn to_grid(&self, game: &Game) -> Option<LevelGrid> {
        if self.cells.len() != self.width.checked_mul(self.height)? {
            return None;
        }
        let ow = game.obj_words;
        let mut cells = vec![0u64; self.cells.len() * ow];
        for (i, names) in self.cells.iter().enumerate() {
            let cell = &mut cells[i * ow..(i + 1) * ow];
            let mut layers: Vec<usize> = Vec::new();
            for name in names {
                let Some(id) = game.objects.iter().position(|o| o.name == name) else { continue };
                let layer = game.objects[id].layer;
                if !layers.contains(&layer) {
                    layers.push(layer);
                    bits::set_bit(cell, id);
                }
            }
        }
        Some(LevelGrid { width: self.width, height: self.height, cells })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_form_round_trips_and_rejects_other_text() {
        let plain = Progress { entry: 3, reached: 5, checkpoint: None };
        assert_eq!(Progress::from_text(&plain.to_text()), Some(plain));
        // Written before the level select: as far as the entry.
        let old = Progress::from_text(&format!("{HEADER}\nentry 4\n")).expect("the old form");
        assert_eq!((old.entry, old.reached), (4, 4));
        assert_eq!(Progress::from_text(&format!("{HEADER}\nentry 4\nreached x\n")), None);
        let saved = Progress {
            entry: 2,
            reached: 2,
            checkpoint: Some(Checkpoint {
                width: 2,
                height: 1,
                cells: vec![vec!["background".into(), "player".into()], vec![]],
            }),
        };
        assert_eq!(Progress::from_text(&saved.to_text()), Some(saved.clone()));
        assert_eq!(Progress::from_text("entry 3"), None);
        assert_eq!(Progress::from_text(""), None);
        let cut: String = saved.to_text().lines().take(4).map(|l| format!("{l}\n")).collect();
        assert_eq!(Progress::from_text(&cut), None, "a checkpoint with cells missing");
        assert_eq!(Progress::from_text(&format!("{HEADER}\nentry 1\ncheckpoint 99999999999 99999999999\n")), None);
    }
}
