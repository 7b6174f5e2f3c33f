//! PuzzleScript Next's sprite transforms, written after an object's name
//! or on lines of their own among its colour and sprite lines:
//! `copy:NAME` (the sprite of another object), `flip:DIR` (mirror; `|`
//! and `-` are the short forms), `rot:DIR` / `rot:FROM:TO` (turn a
//! quarter, half or three quarters), `shift:DIR[:N]` (pixels move round
//! the sprite's edge; N as large as the sprite or larger leaves it as it
//! is, as in Next) and `translate:DIR:N` (the sprite is drawn N pixels
//! away from its cell; N may be large, to draw a big sprite from a cell at
//! its corner, or negative, the other way). The words are kept in the tree as written
//! (lower case); [`parse`] says what one means, for `check` and `compile`.

/// One of the four directions a transform takes, clockwise from up (the
/// order PuzzleScript Next counts turns in).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    /// `up`.
    Up = 0,
    /// `right`.
    Right = 1,
    /// `down`.
    Down = 2,
    /// `left`.
    Left = 3,
}

impl Dir {
    fn parse(word: &str) -> Option<Dir> {
        Some(match word {
            "up" => Dir::Up,
            "right" => Dir::Right,
            "down" => Dir::Down,
            "left" => Dir::Left,
            _ => return None,
        })
    }

    /// The direction's name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Right => "right",
            Dir::Down => "down",
            Dir::Left => "left",
        }
    }

    /// Pixels moved per unit: (right, down).
    #[must_use]
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (0, -1),
            Dir::Right => (1, 0),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
        }
    }
}

/// What one transform word means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transform {
    /// Mirror: up/down turn the sprite upside down, left/right mirror it
    /// left to right.
    Flip(Dir),
    /// Turn clockwise by the quarter turns from the first direction to the
    /// second (`rot:right` is `rot:up:right`, a quarter turn).
    Rot(Dir, Dir),
    /// Move the pixels N steps, wrapping round the edge.
    Shift(Dir, u32),
    /// Draw the sprite N pixels away from its cell (the other way when N
    /// is negative).
    Translate(Dir, i32),
}

/// The largest number of pixels a `shift:` or `translate:` takes.
pub const MAX_PIXELS: u32 = 10_000;

/// Why a transform word means nothing to us.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A transform of PuzzleScript Next we do not support (`scale:`,
    /// `canvas:`, `text:`), named.
    Unsupported(String),
    /// A direction or amount that is none (a tag's name, a relative
    /// direction, a word we do not know), with what the transform wants.
    BadArgument(&'static str),
}

/// Whether `word` (lower case) starts the transforms of an object: a
/// transform's name and `:`. (`|` and `-` are transforms only after one:
/// on a name line they are glyphs, as in classic games.)
#[must_use]
pub fn starts_transform(word: &str) -> bool {
    super::keywords::SpriteWord::starting(word).is_some()
}

/// What `word` (a transform other than `copy:`, lower case, arguments
/// joined by `:`) means.
///
/// # Errors
/// A transform we do not support, or arguments that are not what it takes.
pub fn parse(word: &str) -> Result<Transform, Problem> {
    match word {
        "|" => return Ok(Transform::Flip(Dir::Right)),
        "-" => return Ok(Transform::Flip(Dir::Down)),
        _ => {}
    }
    let mut parts = word.split(':').map(str::trim);
    let name = parts.next().unwrap_or("");
    let args: Vec<&str> = parts.collect();
    // Next takes any number; a pixel count past this draws off any screen.
    let amount = |s: &str| s.parse::<i32>().ok().filter(|n| n.unsigned_abs() <= MAX_PIXELS);
    let count = |s: &str| s.parse::<u32>().ok().filter(|&n| n <= MAX_PIXELS);
    match name {
        "flip" => match args[..] {
            [d] => Dir::parse(d).map(Transform::Flip).ok_or(Problem::BadArgument("a direction")),
            _ => Err(Problem::BadArgument("a direction")),
        },
        "rot" => {
            let want = Problem::BadArgument("one or two directions");
            match args[..] {
                [to] => Dir::parse(to).map(|t| Transform::Rot(Dir::Up, t)).ok_or(want),
                [from, to] => match (Dir::parse(from), Dir::parse(to)) {
                    (Some(f), Some(t)) => Ok(Transform::Rot(f, t)),
                    _ => Err(want),
                },
                _ => Err(want),
            }
        }
        "shift" => {
            let want = Problem::BadArgument("a direction and, if you like, a number of pixels");
            match args[..] {
                [d] => Dir::parse(d).map(|d| Transform::Shift(d, 1)).ok_or(want),
                [d, n] => match (Dir::parse(d), count(n)) {
                    (Some(d), Some(n)) => Ok(Transform::Shift(d, n)),
                    _ => Err(want),
                },
                _ => Err(want),
            }
        }
        "translate" => match args[..] {
            [d, n] => match (Dir::parse(d), amount(n)) {
                (Some(d), Some(n)) => Ok(Transform::Translate(d, n)),
                _ => Err(Problem::BadArgument("a direction and a number of pixels")),
            },
            _ => Err(Problem::BadArgument("a direction and a number of pixels")),
        },
        other => Err(Problem::Unsupported(format!("{other}:"))),
    }
}

/// `rows` turned by `t` (pixels as `Option<u8>`, `None` clear), and the
/// drawing offset (right, down, in pixels) moved by it.
#[must_use]
pub fn apply(rows: Vec<Vec<Option<u8>>>, offset: (i32, i32), t: Transform) -> (Vec<Vec<Option<u8>>>, (i32, i32)) {
    let h = rows.len();
    let w = rows.iter().map(Vec::len).max().unwrap_or(0);
    // A ragged sprite is squared with clear pixels first.
    let mut m: Vec<Vec<Option<u8>>> = rows;
    for r in &mut m {
        r.resize(w, None);
    }
    if h == 0 || w == 0 {
        return match t {
            Transform::Translate(d, n) => (m, moved(offset, d, n)),
            _ => (m, offset),
        };
    }
    match t {
        Transform::Flip(Dir::Up | Dir::Down) => m.reverse(),
        Transform::Flip(Dir::Left | Dir::Right) => m.iter_mut().for_each(|r| r.reverse()),
        Transform::Rot(from, to) => {
            for _ in 0..(4 + to as usize - from as usize) % 4 {
                m = quarter_turn(&m);
            }
        }
        Transform::Shift(d, n) => {
            // Next cuts the rows (or each row) at N and swaps the pieces: N
            // at or past the edge cuts nothing off, so nothing moves.
            let n = n as usize;
            match d {
                Dir::Up if n < h => m.rotate_left(n),
                Dir::Down if n < h => m.rotate_right(n),
                Dir::Left if n < w => m.iter_mut().for_each(|r| r.rotate_left(n)),
                Dir::Right if n < w => m.iter_mut().for_each(|r| r.rotate_right(n)),
                _ => {}
            }
        }
        Transform::Translate(d, n) => return (m, moved(offset, d, n)),
    }
    (m, offset)
}

fn moved(offset: (i32, i32), d: Dir, n: i32) -> (i32, i32) {
    let (dx, dy) = d.delta();
    (offset.0.saturating_add(dx * n), offset.1.saturating_add(dy * n))
}

/// `m` turned a quarter clockwise: row `c` of the result is column `c`
/// read from the bottom up.
fn quarter_turn(m: &[Vec<Option<u8>>]) -> Vec<Vec<Option<u8>>> {
    let w = m.first().map_or(0, Vec::len);
    (0..w).map(|c| m.iter().rev().map(|r| r.get(c).copied().flatten()).collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Vec<Vec<Option<u8>>> {
        rows.iter().map(|r| r.chars().map(|c| c.to_digit(10).map(|d| d as u8)).collect()).collect()
    }

    fn text(m: &[Vec<Option<u8>>]) -> Vec<String> {
        m.iter().map(|r| r.iter().map(|p| p.map_or('.', |d| char::from(b'0' + d))).collect()).collect()
    }

    #[test]
    fn words_mean_what_psn_says() {
        assert_eq!(parse("rot:right"), Ok(Transform::Rot(Dir::Up, Dir::Right)));
        assert_eq!(parse("rot:down:left"), Ok(Transform::Rot(Dir::Down, Dir::Left)));
        assert_eq!(parse("flip:right"), Ok(Transform::Flip(Dir::Right)));
        assert_eq!(parse("|"), Ok(Transform::Flip(Dir::Right)));
        assert_eq!(parse("-"), Ok(Transform::Flip(Dir::Down)));
        assert_eq!(parse("shift:left"), Ok(Transform::Shift(Dir::Left, 1)));
        assert_eq!(parse("translate:down:2"), Ok(Transform::Translate(Dir::Down, 2)));
        assert_eq!(parse("translate:down"), Err(Problem::BadArgument("a direction and a number of pixels")));
        // Large and negative amounts, as Next takes them (Tapaban draws a
        // 45-pixel prompt 105 pixels left of its cell).
        assert_eq!(parse("translate:left:105"), Ok(Transform::Translate(Dir::Left, 105)));
        assert_eq!(parse("translate:up:-3"), Ok(Transform::Translate(Dir::Up, -3)));
        assert_eq!(parse("shift:right:70"), Ok(Transform::Shift(Dir::Right, 70)));
        assert!(matches!(parse("translate:left:99999"), Err(Problem::BadArgument(_))));
        assert!(matches!(parse("shift:left:-1"), Err(Problem::BadArgument(_))));
        assert!(matches!(parse("translate:left:x"), Err(Problem::BadArgument(_))));
        assert!(matches!(parse("rot:^:dirs"), Err(Problem::BadArgument(_))));
        assert_eq!(parse("scale:2"), Err(Problem::Unsupported("scale:".into())));
        assert!(starts_transform("copy:a") && !starts_transform("|") && !starts_transform("crate"));
    }

    #[test]
    fn turns_flips_and_shifts_move_pixels() {
        // An L: 1 down the left column, 2 along the bottom.
        let l = grid(&["1..", "1..", "122"]);
        let (r, _) = apply(l.clone(), (0, 0), Transform::Rot(Dir::Up, Dir::Right));
        assert_eq!(text(&r), ["111", "2..", "2.."]);
        let (r, _) = apply(l.clone(), (0, 0), Transform::Rot(Dir::Right, Dir::Up));
        assert_eq!(text(&r), ["..2", "..2", "111"], "three quarters");
        let (r, _) = apply(l.clone(), (0, 0), Transform::Flip(Dir::Right));
        assert_eq!(text(&r), ["..1", "..1", "221"]);
        let (r, _) = apply(l.clone(), (0, 0), Transform::Flip(Dir::Up));
        assert_eq!(text(&r), ["122", "1..", "1.."]);
        let (r, _) = apply(l.clone(), (0, 0), Transform::Shift(Dir::Right, 1));
        assert_eq!(text(&r), [".1.", ".1.", "212"]);
        let (r, _) = apply(l.clone(), (0, 0), Transform::Shift(Dir::Up, 1));
        assert_eq!(text(&r), ["1..", "122", "1.."]);
        let (r, off) = apply(l.clone(), (1, 0), Transform::Translate(Dir::Up, 3));
        assert_eq!((text(&r), off), (text(&l), (1, -3)));
        let (_, off) = apply(l.clone(), (1, 0), Transform::Translate(Dir::Left, -4));
        assert_eq!(off, (5, 0), "a negative amount goes the other way");
        // A shift as long as the sprite or longer leaves it as it is.
        for n in [3, 4, 70] {
            let (r, _) = apply(l.clone(), (0, 0), Transform::Shift(Dir::Right, n));
            assert_eq!(text(&r), text(&l), "shift:right:{n}");
            let (r, _) = apply(l.clone(), (0, 0), Transform::Shift(Dir::Up, n));
            assert_eq!(text(&r), text(&l), "shift:up:{n}");
        }
        let (r, _) = apply(l.clone(), (0, 0), Transform::Shift(Dir::Left, 2));
        assert_eq!(text(&r), [".1.", ".1.", "212"], "two left of three is one right");
        // A sprite wider than tall turns into one taller than wide.
        let (r, _) = apply(grid(&["12"]), (0, 0), Transform::Rot(Dir::Up, Dir::Right));
        assert_eq!(text(&r), ["1", "2"]);
    }
}
