//! The mouse and touch as every host sends them: a button pressed over a
//! cell, the pointer moved while it is held, the button let go. The flow
//! turns these into the clicks a session plays ([`Click`]): a press and a
//! release on their cell, and while a button is held, one drag for every
//! cell the pointer passes through on its way to the cell it is over now
//! (each next to the one before, as PuzzleScript Plus fires them, so a
//! fast pointer skips no cell), going around `mouse_obstacle` cells.
//!
//! Hosts give the cell under the pointer in the level's own columns and
//! rows (through the camera of `flickscreen`/`zoomscreen`), or `None`
//! when the pointer is off the level. A press on a message screen of a
//! game that listens to the mouse closes it, as the action key does.

use std::time::Duration;

use super::{Control, Mode, Play};
use crate::run::{Button, Click, Gesture};

/// A cell of the level: column, row (from 0 at the top left).
pub type Cell = (u32, u32);

/// The button held down over the level, and where the drag is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Held {
    button: Button,
    /// The cell the pointer was last seen over (where the next drag
    /// path starts).
    at: Cell,
}

impl Play {
    /// A mouse button (or a finger: [`Button::Left`]) went down over
    /// `cell` at `now`. On the level: a press there (a turn when the game
    /// names an object for it), and the button is held for drags. On a
    /// message of a game that listens to the mouse: the message closes.
    pub fn pointer_press(&mut self, button: Button, cell: Option<Cell>, now: Duration) {
        self.advance(now);
        self.held_pointer = None;
        if matches!(self.mode, Mode::Message { .. } | Mode::Ended) && self.listens_to_mouse() {
            self.press(Control::Action, now);
            self.release(Control::Action, now);
            return;
        }
        if !matches!(self.mode, Mode::Playing) {
            return;
        }
        let Some(at) = cell else { return };
        self.held_pointer = Some(Held { button, at });
        self.click(Click { button, gesture: Gesture::Press, x: at.0, y: at.1 }, now);
    }

    /// The pointer moved over `cell` at `now` (`None`: off the level,
    /// where nothing happens). While a button is held on the level, one
    /// drag turn for each cell entered on the way there.
    pub fn pointer_move(&mut self, cell: Option<Cell>, now: Duration) {
        self.advance(now);
        let (Some(held), Some(to)) = (self.held_pointer, cell) else { return };
        if held.at == to {
            return;
        }
        if !matches!(self.mode, Mode::Playing) {
            self.held_pointer = None;
            return;
        }
        let path = self.drag_path(held.at, to);
        for &(x, y) in &path {
            self.click(Click { button: held.button, gesture: Gesture::Drag, x, y }, now);
            if !matches!(self.mode, Mode::Playing) {
                // The drag won the level or showed a message.
                self.held_pointer = None;
                return;
            }
        }
        let at = path.last().copied().unwrap_or(held.at);
        self.held_pointer = Some(Held { at, ..held });
    }

    /// The button went up over `cell` at `now`: a release there when it
    /// was pressed on the level (`None`: let go off the level, which
    /// plays nothing). Another button than the one held does nothing.
    pub fn pointer_release(&mut self, button: Button, cell: Option<Cell>, now: Duration) {
        self.advance(now);
        if self.held_pointer.is_none_or(|held| held.button != button) {
            return;
        }
        self.held_pointer = None;
        let Some(at) = cell else { return };
        if !matches!(self.mode, Mode::Playing) {
            return;
        }
        self.click(Click { button, gesture: Gesture::Release, x: at.0, y: at.1 }, now);
    }

    /// Whether a button is held down over the level.
    #[must_use]
    pub fn pointer_held(&self) -> bool {
        self.held_pointer.is_some()
    }

    /// The cells a drag from `from` to `to` enters, in order (not `from`).
    fn drag_path(&self, from: Cell, to: Cell) -> Vec<Cell> {
        let Some(session) = self.session.as_ref() else { return Vec::new() };
        let (w, h) = session.size();
        let obstacle = self.game.mouse.obstacle.as_deref();
        let blocked = |(x, y): Cell| {
            obstacle.is_some_and(|mask| {
                session.objects_at(x as usize, y as usize).iter().any(|&id| crate::compile::bits::get_bit(mask, id))
            })
        };
        let inside = |(x, y): Cell| (x as usize) < w && (y as usize) < h;
        if !inside(from) || !inside(to) {
            return Vec::new();
        }
        drag_path(from, to, blocked)
    }
}

/// The cells a pointer passes through from the centre of `from` to the
/// centre of `to`, each next to the one before (sharing a side), not
/// `from` itself. At each step it goes along the axis that keeps it
/// nearest the straight line; when that cell is `blocked` (a
/// `mouse_obstacle`) it goes along the other axis if that one still has
/// ground to cover and is free, else the path stops before the obstacle.
#[must_use]
pub fn drag_path(from: Cell, to: Cell, blocked: impl Fn(Cell) -> bool) -> Vec<Cell> {
    let (x0, y0) = (i64::from(from.0), i64::from(from.1));
    let (x1, y1) = (i64::from(to.0), i64::from(to.1));
    let (dx, dy) = (x1 - x0, y1 - y0);
    let (sx, sy) = (dx.signum(), dy.signum());
    let (nx, ny) = (dx.abs(), dy.abs());
    let (mut x, mut y) = (x0, y0);
    // Steps taken along each axis so far.
    let (mut ix, mut iy) = (0i64, 0i64);
    let mut path = Vec::with_capacity((nx + ny) as usize);
    let cell = |x: i64, y: i64| (x as u32, y as u32);
    while ix < nx || iy < ny {
        // Step along x when the line crosses the next vertical cell edge
        // before the next horizontal one: (ix + 0.5) / nx < (iy + 0.5) / ny.
        let x_first = iy >= ny || (ix < nx && (2 * ix + 1) * ny < (2 * iy + 1) * nx);
        let (first, second) = if x_first { ((x + sx, y), (x, y + sy)) } else { ((x, y + sy), (x + sx, y)) };
        let second_ok = if x_first { iy < ny } else { ix < nx };
        let next = if !blocked(cell(first.0, first.1)) {
            first
        } else if second_ok && !blocked(cell(second.0, second.1)) {
            second
        } else {
            break;
        };
        if next.0 != x {
            ix += 1;
        } else {
            iy += 1;
        }
        (x, y) = next;
        path.push(cell(x, y));
    }
    path
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::compile::Game;
    use crate::play::Progress;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// Presses leave a Mark, drags a Trail, a release a Done; walls are
    /// `mouse_obstacle`s. One level, 4 x 3, a wall at column 2 of row 0;
    /// a message entry after it.
    const GAME: &str = "title pointer\nmouse_left Click\nmouse_drag Drag\nmouse_up Lift\nmouse_right RClick\n\
        mouse_obstacle Wall\n\n\
        OBJECTS\nBackground\nblack\nWall\ngrey\nPlayer\nwhite\nMark\nred\nTrail\nblue\nDone\ngreen\n\
        Click\nred\nDrag\nred\nLift\nred\nRClick\nred\n\n\
        LEGEND\n. = Background\n# = Wall\nP = Player\n\nSOUNDS\n\n\
        COLLISIONLAYERS\nBackground\nPlayer, Wall\nMark, Trail, Done\nClick, Drag, Lift, RClick\n\n\
        RULES\n[ Click ] -> [ Mark ]\n[ Drag ] -> [ Trail ]\n[ Lift ] -> [ Done ]\n[ RClick Mark ] -> [ ]\n[ RClick ] -> [ ]\n\n\
        WINCONDITIONS\n\nLEVELS\n..#.\n....\nP...\n\nmessage the end\n";

    fn game() -> Arc<Game> {
        let build = crate::build(GAME);
        let errors: Vec<&str> = build.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.message.as_str()).collect();
        assert!(errors.is_empty(), "the mouse options are supported: {errors:?}");
        build.game.expect("the game compiles")
    }

    /// What each cell of the level holds besides background, wall and
    /// player: `M`ark, `T`rail, `D`one, `.` nothing; rows top to bottom.
    fn marks(play: &Play) -> Vec<String> {
        let s = play.session().expect("a level");
        let names: Vec<String> = s.game().objects.iter().map(|o| o.name.to_lowercase()).collect();
        let (w, h) = s.size();
        (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| {
                        let at: Vec<&str> = s.objects_at(x, y).iter().map(|&id| names[id].as_str()).collect();
                        match () {
                            () if at.contains(&"mark") => 'M',
                            () if at.contains(&"trail") => 'T',
                            () if at.contains(&"done") => 'D',
                            () => '.',
                        }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_path_enters_each_cell_next_to_the_last_and_goes_around_obstacles() {
        let free = |_: Cell| false;
        assert_eq!(drag_path((0, 0), (3, 0), free), [(1, 0), (2, 0), (3, 0)]);
        assert_eq!(drag_path((3, 1), (1, 1), free), [(2, 1), (1, 1)]);
        assert_eq!(drag_path((1, 1), (1, 1), free), []);
        let diagonal = drag_path((0, 0), (2, 2), free);
        assert_eq!(diagonal.len(), 4, "{diagonal:?}");
        assert_eq!(diagonal.last(), Some(&(2, 2)));
        let mut at = (0u32, 0u32);
        for &c in &diagonal {
            assert_eq!(at.0.abs_diff(c.0) + at.1.abs_diff(c.1), 1, "{diagonal:?} steps to a side");
            at = c;
        }
        // A long shallow line stays near the straight line.
        let shallow = drag_path((0, 0), (6, 1), free);
        assert_eq!(shallow.iter().filter(|c| c.1 == 0).count(), 3, "{shallow:?}");
        // (2, 0) blocked: the path steps down a row to go on, and stops
        // before an obstacle it cannot go around.
        let wall = |c: Cell| c == (2, 0);
        let around = drag_path((0, 0), (3, 1), wall);
        assert!(!around.contains(&(2, 0)), "{around:?}");
        assert_eq!(around.last(), Some(&(3, 1)), "{around:?}");
        assert_eq!(drag_path((0, 0), (3, 0), wall), [(1, 0)], "nowhere to go around on a straight line");
    }

    #[test]
    fn press_drag_and_release_play_one_turn_per_cell() {
        let mut play = Play::at_entry(game(), Progress::default(), 0, ms(0));
        play.pointer_press(Button::Left, Some((0, 1)), ms(10));
        assert_eq!(marks(&play), ["....", "M...", "...."]);
        assert!(play.pointer_held());
        // Moving within the pressed cell plays nothing; jumping three cells
        // drags through each.
        play.pointer_move(Some((0, 1)), ms(20));
        play.pointer_move(Some((3, 1)), ms(30));
        assert_eq!(marks(&play), ["....", "MTTT", "...."]);
        play.pointer_move(None, ms(35));
        play.pointer_release(Button::Left, Some((3, 2)), ms(40));
        assert_eq!(marks(&play), ["....", "MTTT", "...D"]);
        assert!(!play.pointer_held());
        // A move with no button held plays nothing.
        play.pointer_move(Some((0, 0)), ms(50));
        assert_eq!(marks(&play), ["....", "MTTT", "...D"]);
        let clicks: Vec<Click> = play
            .played
            .iter()
            .filter_map(|s| if let crate::run::Step::Click(c) = s { Some(*c) } else { None })
            .collect();
        assert_eq!(clicks.len(), 5, "press, three drags, release: {:?}", play.played);
        // The host hears of each click that played, in order (what the
        // studio's Record GIF keeps); the move inside a cell and the one
        // with no button held played none.
        let heard: Vec<Click> = play
            .take_outputs()
            .into_iter()
            .filter_map(|o| if let crate::play::Output::Clicked(c) = o { Some(c) } else { None })
            .collect();
        assert_eq!(heard, clicks);
        assert_eq!(heard[0], Click::press(0, 1));
        assert_eq!(heard[4], Click { button: Button::Left, gesture: Gesture::Release, x: 3, y: 2 });
        // Each was a turn of its own: undo takes the release back first.
        play.press(Control::Undo, ms(60));
        play.release(Control::Undo, ms(61));
        assert_eq!(marks(&play), ["....", "MTTT", "...."]);
    }

    #[test]
    fn a_drag_goes_around_obstacles_and_the_right_button_is_its_own() {
        let mut play = Play::at_entry(game(), Progress::default(), 0, ms(0));
        play.pointer_press(Button::Left, Some((1, 0)), ms(10));
        play.pointer_move(Some((3, 1)), ms(20));
        assert_eq!(marks(&play), [".M..", ".TTT", "...."], "round the wall at (2, 0) through row 1");
        play.pointer_move(Some((3, 0)), ms(25));
        assert_eq!(marks(&play), [".M.T", ".TTT", "...."]);
        // Straight at the wall with no room to go round: the drag stops.
        play.pointer_move(Some((1, 0)), ms(26));
        assert_eq!(marks(&play), [".M.T", ".TTT", "...."]);
        let m = marks(&play);
        // Let go of another button than the one held: nothing.
        play.pointer_release(Button::Right, Some((3, 0)), ms(30));
        assert!(play.pointer_held());
        assert!(!m.concat().contains('D'));
        play.pointer_release(Button::Left, None, ms(31));
        assert!(!play.pointer_held(), "let go off the level");
        // The right button erases a mark.
        play.pointer_press(Button::Right, Some((1, 0)), ms(40));
        assert_eq!(marks(&play)[0].chars().nth(1), Some('.'));
        // Cells off the level play nothing.
        let before = marks(&play);
        play.pointer_press(Button::Left, Some((4, 0)), ms(50));
        play.pointer_press(Button::Left, None, ms(60));
        assert_eq!(marks(&play), before);
    }

    #[test]
    fn a_press_closes_a_message_of_a_mouse_game() {
        let mut play = Play::at_entry(game(), Progress::default(), 1, ms(0));
        assert!(matches!(play.screen(), crate::play::Screen::Message(..)));
        play.pointer_press(Button::Left, None, ms(10));
        play.pointer_release(Button::Left, None, ms(20));
        assert!(!matches!(play.screen(), crate::play::Screen::Message(..)), "the click closed the message");
    }
}

#[cfg(test)]
mod nokeyboard {
    #[test]
    fn a_nokeyboard_game_needs_no_player_and_plays_by_clicks() {
        let src = "title lamps\nnokeyboard\nmouse_left Click\n\nOBJECTS\nBackground\nblack\nLamp\nyellow\nClick\nred\n\n\
            LEGEND\n. = Background\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nLamp\nClick\n\n\
            RULES\n[ Click Lamp ] -> [ ]\n[ Click ] -> [ Lamp ]\n\nWINCONDITIONS\nall Background on Lamp\n\nLEVELS\n..\n";
        let build = crate::build(src);
        assert!(!crate::diag::has_errors(&build.diagnostics), "{:?}", build.diagnostics);
        let game = build.game.expect("it compiles");
        let mut s = crate::run::Session::new(game, 0, None);
        assert!(s.click(crate::run::Click::press(0, 0)));
        assert_eq!(s.objects_at(0, 0).len(), 2, "background and a lamp");
        // Without nokeyboard the game needs a player.
        let build = crate::build(&src.replace("nokeyboard\n", ""));
        assert!(build.diagnostics.iter().any(|d| d.code == "E0901"));
    }
}
