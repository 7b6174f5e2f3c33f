//! PuzzleScript Plus's `smoothscreen`: a camera that shows a window of the
//! level around the player and glides after them. The camera aims at a
//! cell (its centre column and row); it moves its aim only when the player
//! leaves a box around it (`IxJ`, 1x1 by default), or with `flick` by a
//! whole box at a time; and it eases towards its aim, each sixtieth of a
//! second covering a fraction (`S`, 0.125 by default) of the way left, as
//! the reference does frame by frame. Drawing only: the host gives the
//! time and keeps redrawing while [`Glide::moving`].

use std::time::Duration;

use crate::options::SmoothScreen;

/// Frames a second the reference's per-frame easing is counted in.
const FRAMES_PER_SECOND: f64 = 60.0;

/// Closer than this (in cells) the camera is where it aims.
const SNAP: f64 = 1.0 / 64.0;

/// The camera's aim and where it eases from.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Glide {
    /// The cell the camera aims at (column, row of the window's centre).
    aim: (f64, f64),
    /// Where the camera was when it last took aim.
    from: (f64, f64),
    /// When it last took aim.
    since: Duration,
}

/// Where a window `screen` cells long centres to show `at` on a level
/// `level` cells long (kept inside the level).
fn centre(at: isize, level: isize, screen: isize) -> isize {
    at.max(screen / 2).min(level - (screen + 1) / 2)
}

/// With `flick`: the centre of the box of `boundary` cells that holds `at`.
fn flick_centre(at: isize, level: isize, screen: isize, boundary: isize) -> isize {
    let boundary = boundary.max(1);
    let offset = screen / 2 - boundary / 2;
    let cell = (at - offset).div_euclid(boundary);
    let last = (level - (screen + 1) / 2 - boundary / 2 - offset).div_euclid(boundary);
    cell.min(last).max(0) * boundary + screen / 2
}

impl Glide {
    /// A camera aimed at the player at `player` from the start.
    pub(super) fn new(options: &SmoothScreen, level: (usize, usize), player: (usize, usize), now: Duration) -> Glide {
        let axis = |p: usize, l: usize, s: u32, b: u32| {
            let (p, l, s, b) = (p as isize, l as isize, s as isize, b as isize);
            (if options.flick { flick_centre(p, l, s, b) } else { centre(p, l, s) }) as f64
        };
        let aim = (
            axis(player.0, level.0, options.screen.0, options.boundary.0),
            axis(player.1, level.1, options.screen.1, options.boundary.1),
        );
        Glide { aim, from: aim, since: now }
    }

    /// Where the camera is at `now`.
    pub(super) fn position(&self, options: &SmoothScreen, now: Duration) -> (f64, f64) {
        let frames = now.saturating_sub(self.since).as_secs_f64() * FRAMES_PER_SECOND;
        let left = (1.0 - options.speed.clamp(0.0, 1.0)).powf(frames);
        let axis = |aim: f64, from: f64| {
            let at = aim + (from - aim) * left;
            if (at - aim).abs() < SNAP { aim } else { at }
        };
        (axis(self.aim.0, self.from.0), axis(self.aim.1, self.from.1))
    }

    /// Whether the camera is still on its way at `now`.
    pub(super) fn moving(&self, options: &SmoothScreen, now: Duration) -> bool {
        self.position(options, now) != self.aim
    }

    /// The player is at `player` at `now`: take a new aim when they have
    /// left the box around the old one.
    pub(super) fn follow(
        &mut self,
        options: &SmoothScreen,
        level: (usize, usize),
        player: (usize, usize),
        now: Duration,
    ) {
        let mut aim = self.aim;
        let axes = [
            (&mut aim.0, player.0, level.0, options.screen.0, options.boundary.0),
            (&mut aim.1, player.1, level.1, options.screen.1, options.boundary.1),
        ];
        for (aim, p, l, s, b) in axes {
            let (p, l, s, b) = (p as isize, l as isize, s as isize, b as isize);
            let off = p - *aim as isize;
            let dir = off.signum();
            let edge = if dir > 0 { (b + 1) / 2 } else { -(b / 2 + 1) };
            if off.abs() >= edge.abs() {
                *aim = (if options.flick { flick_centre(p, l, s, b) } else { centre(p - edge + dir, l, s) }) as f64;
            }
        }
        if aim != self.aim {
            self.from = self.position(options, now);
            self.aim = aim;
            self.since = now;
        }
    }
}

/// The window of a level `level` cells across shown by a camera at `at`
/// (its centre): its first cell and how far past it (a fraction of a
/// cell) the picture starts, along one axis; the whole level when it is
/// no larger than the window.
pub(super) fn window(at: f64, level: usize, screen: u32) -> (usize, f64) {
    let screen = screen as usize;
    if level <= screen {
        return (0, 0.0);
    }
    let floor = at.floor();
    let first = (floor as isize - (screen / 2) as isize).clamp(0, (level - screen) as isize) as usize;
    // A window against the level's edge does not slide past it.
    let slide = if first as isize == floor as isize - (screen / 2) as isize && first + screen < level {
        at - floor
    } else {
        0.0
    };
    (first, slide)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(boundary: (u32, u32), flick: bool) -> SmoothScreen {
        SmoothScreen { screen: (5, 5), boundary, speed: 0.125, flick }
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_aim_moves_when_the_player_leaves_its_box_and_the_camera_eases_there() {
        let o = options((1, 1), false);
        let level = (20, 5);
        let mut g = Glide::new(&o, level, (2, 2), ms(0));
        assert_eq!(g.position(&o, ms(0)), (2.0, 2.0), "kept inside the level: centred on column 2");
        // With a 1x1 box every step moves the aim.
        g.follow(&o, level, (3, 2), ms(1000));
        assert_eq!(g.position(&o, ms(1000)), (2.0, 2.0), "it starts where it was");
        let one_frame = Duration::from_secs_f64(1.0 / 60.0);
        let (x, y) = g.position(&o, ms(1000) + one_frame);
        assert!((x - 2.125).abs() < 1e-6 && y == 2.0, "an eighth of the way in a frame: {x}");
        assert!(g.moving(&o, ms(1500)));
        assert_eq!(g.position(&o, ms(4000)), (3.0, 2.0), "there, snapped");
        assert!(!g.moving(&o, ms(4000)));
        // The same position again changes nothing.
        let before = g.clone();
        g.follow(&o, level, (3, 2), ms(5000));
        assert_eq!(g, before);
        // A 3x3 box: the player moves one cell from the aim freely.
        let o = options((3, 3), false);
        let mut g = Glide::new(&o, level, (5, 2), ms(0));
        g.follow(&o, level, (6, 2), ms(10));
        assert_eq!(g.position(&o, ms(5000)), (5.0, 2.0), "inside the box");
        g.follow(&o, level, (7, 2), ms(10));
        assert_eq!(g.position(&o, ms(5000)), (6.0, 2.0), "out of it: the box follows");
        g.follow(&o, level, (3, 2), ms(6000));
        assert_eq!(g.position(&o, ms(9000)), (4.0, 2.0), "and to the left");
    }

    #[test]
    fn flick_moves_the_aim_a_whole_box_at_a_time() {
        let o = options((5, 5), true);
        let level = (20, 5);
        let mut g = Glide::new(&o, level, (1, 2), ms(0));
        assert_eq!(g.position(&o, ms(0)).0, 2.0);
        g.follow(&o, level, (4, 2), ms(0));
        assert_eq!(g.position(&o, ms(9000)).0, 2.0, "still in the first box");
        g.follow(&o, level, (5, 2), ms(0));
        assert_eq!(g.position(&o, ms(9000)).0, 7.0, "the next box");
        g.follow(&o, level, (19, 2), ms(0));
        assert_eq!(g.position(&o, ms(99_000)).0, 17.0, "the last box ends at the level's edge");
    }

    #[test]
    fn the_window_starts_part_way_through_a_cell_but_not_past_the_level() {
        assert_eq!(window(2.0, 20, 5), (0, 0.0));
        assert_eq!(window(2.25, 20, 5), (0, 0.25));
        assert_eq!(window(10.5, 20, 5), (8, 0.5));
        assert_eq!(window(17.5, 20, 5), (15, 0.0), "against the right edge");
        assert_eq!(window(1.5, 20, 5), (0, 0.0), "against the left edge");
        assert_eq!(window(1.5, 4, 5), (0, 0.0), "a level smaller than the window");
    }
}
