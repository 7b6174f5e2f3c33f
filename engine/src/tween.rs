//! PuzzleScript Plus's tweens: with `tween_length SECONDS`, what moved in
//! a turn's movement phase slides from its old cell to its new one over
//! that time, and what an action moved in place fades in. Drawing only:
//! the state is the same with or without them (the turn has ended when the
//! slide starts; the debugger steps states).
//!
//! The engine notes the moves of each played turn ([`Moved`], kept by
//! `run::Session` only for games with `tween_length`), `play` knows when
//! the last turn ended and gives hosts a [`Tween`] to draw with `render`,
//! so the docked player, the HTML page, the native window and the GIF all
//! slide alike.
//!
//! How far a slide has gone (as PuzzleScript Plus does it): the time since
//! the turn over `tween_length`, through the easing of `tween_easing`
//! (`linear` unless given; the names of easings.net, or their numbers
//! 1-13), rounded down to steps of `1 / tween_snap` (the sprite's width in
//! pixels unless given), so a sprite lands on whole pixels.

use std::time::Duration;

/// One layer of one cell whose contents moved in a turn's movement phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moved {
    /// The cell moved to (`x * height + y`).
    pub cell: usize,
    /// The collision layer.
    pub layer: usize,
    /// Where from: up, down, left, right, or `Action` (moved in place: it
    /// fades in).
    pub dir: MoveDir,
}

/// The direction of a [`Moved`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveDir {
    /// Moved one cell up.
    Up,
    /// Moved one cell down.
    Down,
    /// Moved one cell left.
    Left,
    /// Moved one cell right.
    Right,
    /// Acted on in place.
    Action,
}

impl MoveDir {
    /// The direction of a movement mask as the engine writes it (1 up,
    /// 2 down, 4 left, 8 right, 16 action); `None` for the rest.
    #[must_use]
    pub fn from_mask(mask: u64) -> Option<MoveDir> {
        Some(match mask {
            1 => MoveDir::Up,
            2 => MoveDir::Down,
            4 => MoveDir::Left,
            8 => MoveDir::Right,
            16 => MoveDir::Action,
            _ => return None,
        })
    }

    /// The step moved, in cells (x right, y down).
    #[must_use]
    pub fn delta(self) -> (isize, isize) {
        match self {
            MoveDir::Up => (0, -1),
            MoveDir::Down => (0, 1),
            MoveDir::Left => (-1, 0),
            MoveDir::Right => (1, 0),
            MoveDir::Action => (0, 0),
        }
    }
}

/// The curve of a slide (easings.net's names, in lower case).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Easing {
    /// Even speed.
    #[default]
    Linear,
    /// Quadratic, speeding up.
    InQuad,
    /// Quadratic, slowing down.
    OutQuad,
    /// Quadratic, up then down.
    InOutQuad,
    /// Cubic, speeding up.
    InCubic,
    /// Cubic, slowing down.
    OutCubic,
    /// Cubic, up then down.
    InOutCubic,
    /// Quartic, speeding up.
    InQuart,
    /// Quartic, slowing down.
    OutQuart,
    /// Quartic, up then down.
    InOutQuart,
    /// Quintic, speeding up.
    InQuint,
    /// Quintic, slowing down.
    OutQuint,
    /// Quintic, up then down.
    InOutQuint,
}

impl Easing {
    const ALL: [(Easing, &'static str); 13] = [
        (Easing::Linear, "linear"),
        (Easing::InQuad, "easeinquad"),
        (Easing::OutQuad, "easeoutquad"),
        (Easing::InOutQuad, "easeinoutquad"),
        (Easing::InCubic, "easeincubic"),
        (Easing::OutCubic, "easeoutcubic"),
        (Easing::InOutCubic, "easeinoutcubic"),
        (Easing::InQuart, "easeinquart"),
        (Easing::OutQuart, "easeoutquart"),
        (Easing::InOutQuart, "easeinoutquart"),
        (Easing::InQuint, "easeinquint"),
        (Easing::OutQuint, "easeoutquint"),
        (Easing::InOutQuint, "easeinoutquint"),
    ];

    /// Every easing's name, in lower case, in the order of their numbers
    /// (`linear` is 1): what `tween_easing` and `afx:ease=` accept.
    pub fn names() -> impl Iterator<Item = &'static str> {
        Easing::ALL.iter().map(|e| e.1)
    }

    /// `tween_easing`'s value: a name in any case, or its number 1-13.
    #[must_use]
    pub fn parse(word: &str) -> Option<Easing> {
        let w = word.trim().to_ascii_lowercase();
        if let Ok(n) = w.parse::<usize>() {
            return n.checked_sub(1).and_then(|i| Easing::ALL.get(i)).map(|e| e.0);
        }
        Easing::ALL.iter().find(|e| e.1 == w).map(|e| e.0)
    }

    /// The eased value of `t` (0 to 1).
    #[must_use]
    pub fn apply(self, t: f64) -> f64 {
        let t = t.clamp(0.0, 1.0);
        let half = t < 0.5;
        match self {
            Easing::Linear => t,
            Easing::InQuad => t * t,
            Easing::OutQuad => t * (2.0 - t),
            Easing::InOutQuad if half => 2.0 * t * t,
            Easing::InOutQuad => -1.0 + (4.0 - 2.0 * t) * t,
            Easing::InCubic => t.powi(3),
            Easing::OutCubic => (t - 1.0).powi(3) + 1.0,
            Easing::InOutCubic if half => 4.0 * t.powi(3),
            Easing::InOutCubic => (t - 1.0) * (2.0 * t - 2.0).powi(2) + 1.0,
            Easing::InQuart => t.powi(4),
            Easing::OutQuart => 1.0 - (t - 1.0).powi(4),
            Easing::InOutQuart if half => 8.0 * t.powi(4),
            Easing::InOutQuart => 1.0 - 8.0 * (t - 1.0).powi(4),
            Easing::InQuint => t.powi(5),
            Easing::OutQuint => 1.0 + (t - 1.0).powi(5),
            Easing::InOutQuint if half => 16.0 * t.powi(5),
            Easing::InOutQuint => 1.0 + 16.0 * (t - 1.0).powi(5),
        }
    }
}

/// A game's tween options.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TweenOptions {
    /// `tween_length`: how long a slide takes.
    pub length: Duration,
    /// `tween_easing`.
    pub easing: Easing,
    /// `tween_snap`, else the sprite's width in pixels: the steps a slide
    /// takes.
    pub snap: u32,
}

impl TweenOptions {
    /// The options from the prelude's values: `None` unless `length` is a
    /// positive number of seconds. An easing we cannot read is linear
    /// (`check` says so); `sprite_width` is the snap when none is given.
    #[must_use]
    pub fn new(length: Option<&str>, easing: Option<&str>, snap: Option<&str>, sprite_width: u32) -> Option<Self> {
        let secs = length?.trim().parse::<f64>().ok().filter(|s| s.is_finite() && *s > 0.0)?;
        let snap = snap.and_then(|s| s.trim().parse::<f64>().ok()).map_or(sprite_width, |s| s.max(1.0) as u32);
        Some(TweenOptions {
            length: Duration::from_secs_f64(secs.min(60.0)),
            easing: easing.and_then(Easing::parse).unwrap_or_default(),
            snap: snap.max(1),
        })
    }

    /// How much of the slide is still to go `elapsed` after the turn: 1 at
    /// the start (drawn in the old cell), 0 when done.
    #[must_use]
    pub fn remaining(&self, elapsed: Duration) -> f64 {
        let left = 1.0 - (elapsed.as_secs_f64() / self.length.as_secs_f64().max(1e-9)).clamp(0.0, 1.0);
        let snap = f64::from(self.snap.max(1));
        (self.easing.apply(left) * snap).floor() / snap
    }
}

/// What to draw between two turns: the moves of the last turn and how
/// much of their slide is left (see [`TweenOptions::remaining`]), and the
/// `afx:` animations it set off (PuzzleScript Next) and
/// how much of them is left.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Tween<'a> {
    /// The moves.
    pub moved: &'a [Moved],
    /// 1 at the start of the slide, towards 0 at its end.
    pub remaining: f64,
    /// The animations.
    pub animations: &'a [Animation],
    /// 1 at the start of the animations, towards 0 at their end.
    pub afx_left: f64,
}

/// What set an `afx:` animation off (PuzzleScript Next, see
/// [`crate::afx`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfxEvent {
    /// A `move` line: the object moved (an `action` or a click, which
    /// moves nothing, animates as [`AfxEvent::Hit`]).
    Move,
    /// A `cantmove` line: the object could not move.
    Cant,
    /// A move that went nowhere (`action`, `lclick`, `rclick`).
    Hit,
    /// A `create` line: the object appeared.
    Create,
    /// A `destroy` line: the object disappeared (it is drawn while it
    /// animates).
    Destroy,
}

/// An `afx:` animation a turn set off (PuzzleScript Next, see
/// [`crate::afx`]): object `object` in cell `cell`
/// (`x * height + y`; where it moved to, or where it was destroyed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Animation {
    /// The cell.
    pub cell: usize,
    /// The object id.
    pub object: usize,
    /// What set it off.
    pub event: AfxEvent,
    /// The movement bits of the move (0 for create and destroy).
    pub dir: u64,
    /// Which `afx:` word: an index into the game's `sounds.afx.words`.
    pub afx: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easings_by_name_and_number() {
        assert_eq!(Easing::parse("easeInQuad"), Some(Easing::InQuad));
        assert_eq!(Easing::parse("3"), Some(Easing::OutQuad));
        assert_eq!(Easing::parse("13"), Some(Easing::InOutQuint));
        assert_eq!(Easing::parse("14"), None);
        assert_eq!(Easing::parse("bouncy"), None);
        for (e, _) in Easing::ALL {
            assert!((e.apply(0.0)).abs() < 1e-9 && (e.apply(1.0) - 1.0).abs() < 1e-9, "{e:?} runs 0 to 1");
        }
        assert!((Easing::InQuad.apply(0.5) - 0.25).abs() < 1e-9);
        assert!((Easing::OutQuad.apply(0.5) - 0.75).abs() < 1e-9);
    }

    #[test]
    fn a_slide_snaps_to_whole_steps() {
        let t = TweenOptions::new(Some("0.1"), None, None, 5).expect("tweens");
        assert_eq!((t.snap, t.easing), (5, Easing::Linear));
        assert!((t.remaining(Duration::ZERO) - 1.0).abs() < 1e-9);
        // 30 ms of 100: 0.7 left, a whole step of a fifth is 0.6.
        assert!((t.remaining(Duration::from_millis(30)) - 0.6).abs() < 1e-9);
        assert_eq!(t.remaining(Duration::from_millis(100)), 0.0);
        assert_eq!(t.remaining(Duration::from_secs(5)), 0.0);
        let fine = TweenOptions::new(Some("0.1"), Some("1"), Some("1000"), 5).expect("tweens");
        assert!((fine.remaining(Duration::from_millis(30)) - 0.7).abs() < 1e-3);
        assert_eq!(TweenOptions::new(Some("0"), None, None, 5), None);
        assert_eq!(TweenOptions::new(Some("soon"), None, None, 5), None);
        assert_eq!(TweenOptions::new(None, None, None, 5), None);
    }
}

#[cfg(test)]
mod play_tests {
    use super::*;
    use crate::play::{Control, Play, Progress, Screen};
    use crate::render::{Look, Rgba, View, grid_frame, grid_frame_tweened};

    /// A one-pixel-square game (`sprite_size 1`) with tweens of 100 ms:
    /// the player is white on black, a crate orange; the player pushes
    /// the crate right.
    const GAME: &str = "title Slide\ntween_length 0.1\nsprite_size 1\ntween_snap 10\n\nOBJECTS\nBackground\nblack\n\
        Player\nwhite\nCrate\norange\n\nLEGEND\n. = Background\nP = Player\nC = Crate\n\nSOUNDS\n\n\
        COLLISIONLAYERS\nBackground\nPlayer, Crate\n\nRULES\n[ > Player | Crate ] -> [ > Player | > Crate ]\n\n\
        WINCONDITIONS\n\nLEVELS\nPC..\n";

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn row(play: &Play, now: Duration) -> Vec<Rgba> {
        let game = play.game().clone();
        let look = Look::new(&game);
        let Screen::Level(session) = play.screen() else { panic!("on the level") };
        let grid = session.board_grid().expect("a board");
        let tween = play.tween(now);
        grid_frame_tweened(&look, &game, &grid, View::whole(&grid), tween.as_ref()).pixels
    }

    #[test]
    fn a_push_slides_both_objects_and_undo_does_not() {
        let game = crate::build(GAME).game.expect("compiles");
        assert!(game.metadata.tween.is_some());
        let mut play = Play::at_entry(game.clone(), Progress::default(), 0, ms(0));
        play.settle(ms(0));
        assert!(play.tween(ms(0)).is_none(), "nothing has moved yet");
        play.press(Control::Right, ms(1000));
        play.release(Control::Right, ms(1001));
        let t = play.tween(ms(1000)).expect("a slide");
        let mut moved = t.moved.to_vec();
        moved.sort_by_key(|m| m.cell);
        assert_eq!(moved.len(), 2, "{moved:?}");
        assert_eq!((moved[0].cell, moved[1].cell), (1, 2), "player to column 1, crate to column 2 (height 1)");
        assert!(moved.iter().all(|m| m.dir == MoveDir::Right));
        let white = Rgba::WHITE;
        let black = crate::render::color("black", crate::render::DEFAULT_PALETTE).expect("black");
        let orange = crate::render::color("orange", crate::render::DEFAULT_PALETTE).expect("orange");
        // At the start of the slide both are drawn where they came from.
        assert_eq!(row(&play, ms(1000)), [white, orange, black, black]);
        // Half way (cells one pixel wide round to the nearer), and at the end
        // where they are.
        assert_eq!(row(&play, ms(1050)).len(), 4);
        assert_eq!(row(&play, ms(1100)), [black, white, orange, black]);
        assert!(play.tween(ms(1100)).is_none(), "the slide is over");
        // Undo puts them back at once: no slide.
        play.press(Control::Undo, ms(2000));
        assert!(play.tween(ms(2000)).is_none());
        // The state never depended on the slide.
        let Screen::Level(session) = play.screen() else { panic!("on the level") };
        let look = Look::new(&game);
        let grid = session.board_grid().expect("a board");
        assert_eq!(grid_frame(&look, &game, &grid, View::whole(&grid)).pixels, [white, orange, black, black]);
    }

    #[test]
    fn a_classic_game_notes_no_moves() {
        let classic = GAME.replace("tween_length 0.1\nsprite_size 1\ntween_snap 10\n", "");
        let game = crate::build(&classic).game.expect("compiles");
        assert!(game.metadata.tween.is_none());
        let mut session = crate::run::Session::new(game, 0, None);
        session.input(crate::run::Input::Right);
        assert!(session.moved().is_empty());
    }
}
