//! Mouse games: the search tries a click on every cell per button the game
//! listens to, and a solution made of clicks replays and reads back from
//! its text form. Keyboard games get no clicks.

use super::{Cancel, SolveOptions, Status, Strategy, click_inputs, replay_wins, solve};
use crate::compile::Game;
use crate::run::{Button, Click, Gesture, Input, Step};
use std::sync::Arc;
use std::time::Duration;

/// PuzzleScript Plus's mouse: no player (`nokeyboard`), a left press drops
/// a Click that switches the lamp under it. Won when no lamp is off: only
/// clicks can win it (the keys move nothing).
pub(super) const LAMPS: &str = "title lamps\nnokeyboard\nmouse_left Click\n\n\
    OBJECTS\nBackground\nblack\nOff\ndarkgrey\nOn\nyellow\nClick\nred\n\n\
    LEGEND\n. = Background\nO = Off\nI = On\n\nSOUNDS\n\n\
    COLLISIONLAYERS\nBackground\nOff, On\nClick\n\n\
    RULES\n[ Click Off ] -> [ On ]\n[ Click On ] -> [ Off ]\n[ Click ] -> [ ]\n\n\
    WINCONDITIONS\nno Off\n\nLEVELS\nO.I\n.O.\n\nO.I\n.OI\n";

/// PuzzleScript Next's `mouse_clicks`: a left click turns a red blue, a
/// right click a blue green; won when no red nor blue is left.
const PAINT: &str = "title paint\nnokeyboard\nmouse_clicks\n\n\
    OBJECTS\nBackground\nblack\nRed\nred\nBlue\nblue\nGreen\ngreen\n\n\
    LEGEND\n. = Background\nR = Red\n\nSOUNDS\n\n\
    COLLISIONLAYERS\nBackground\nRed, Blue, Green\n\n\
    RULES\n[ lclick Red ] -> [ Blue ]\n[ rclick Blue ] -> [ Green ]\n\n\
    WINCONDITIONS\nno Red\nno Blue\n\nLEVELS\n.R\n";

fn build(src: &str) -> Arc<Game> {
    let build = crate::build(src);
    assert!(!crate::diag::has_errors(&build.diagnostics), "{:?}", build.diagnostics);
    build.game.expect("it compiles")
}

fn bfs() -> SolveOptions {
    SolveOptions { strategy: Strategy::Bfs, timeout: Some(Duration::from_secs(20)), ..SolveOptions::default() }
}

fn press(x: u32, y: u32) -> Step {
    Step::Click(Click::press(x, y))
}

#[test]
fn a_nokeyboard_level_is_solved_by_clicks_on_its_cells() {
    let g = build(LAMPS);
    for o in [bfs(), SolveOptions { timeout: Some(Duration::from_secs(20)), ..SolveOptions::default() }] {
        let report = solve(&g, 0, &o, &Cancel::new());
        let Status::Solved { inputs } = report.status else { panic!("{:?}: {report:?}", o.strategy) };
        assert!(replay_wins(&g, 0, &o, &inputs));
        assert!(inputs.iter().all(|s| matches!(s, Step::Click(_))), "{inputs:?}");
        if o.strategy == Strategy::Bfs {
            // The shortest: a click on each lamp that is off.
            assert_eq!(inputs, [press(0, 0), press(1, 1)]);
        }
    }
    // The second level: two lamps off, two on; switching one that is on
    // off and back costs two more clicks, so the shortest leaves them.
    let report = solve(&g, 1, &bfs(), &Cancel::new());
    let Status::Solved { inputs } = report.status else { panic!("{report:?}") };
    assert_eq!(inputs, [press(0, 0), press(1, 1)], "(2, 0) and (2, 1) are on already");
}

#[test]
fn a_solution_of_clicks_reads_back_from_its_text() {
    let g = build(PAINT);
    let report = solve(&g, 0, &bfs(), &Cancel::new());
    let Status::Solved { inputs } = report.status else { panic!("{report:?}") };
    let rpress = Step::Click(Click { button: Button::Right, gesture: Gesture::Press, x: 1, y: 0 });
    assert_eq!(inputs, [press(1, 0), rpress], "left to make it blue, right to make it green");
    let text = inputs.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
    assert_eq!(text, "press 1 0, rpress 1 0");
    assert_eq!(Step::parse_list(&text), Ok(inputs.clone()));
    assert!(replay_wins(&g, 0, &bfs(), &Step::parse_list(&text).expect("steps")));
    // The left click alone does not win.
    assert!(!replay_wins(&g, 0, &bfs(), &inputs[..1]));
}

#[test]
fn clicks_are_one_per_cell_and_button_the_game_listens_to() {
    let lamps = build(LAMPS);
    assert_eq!(click_inputs(&lamps, 3, 2), (0..2).flat_map(|y| (0..3).map(move |x| press(x, y))).collect::<Vec<_>>());
    let paint = build(PAINT);
    let both = click_inputs(&paint, 2, 1);
    let right = |x| Step::Click(Click { button: Button::Right, gesture: Gesture::Press, x, y: 0 });
    assert_eq!(both, [press(0, 0), press(1, 0), right(0), right(1)]);
    // A game that listens only to releases is clicked by releases.
    let up = build(&LAMPS.replace("mouse_left Click", "mouse_up Click"));
    let release = |x, y| Step::Click(Click { button: Button::Left, gesture: Gesture::Release, x, y });
    assert_eq!(click_inputs(&up, 2, 1), [release(0, 0), release(1, 0)]);
    let report = solve(&up, 0, &bfs(), &Cancel::new());
    assert_eq!(report.status, Status::Solved { inputs: vec![release(0, 0), release(1, 1)] });
    // A keyboard game has none, and is searched with its keys alone.
    let push = "[ > Player | Crate ] -> [ > Player | > Crate ]";
    let keyboard = super::tests::game(push, "all Crate on Target", "P.CT\n");
    assert!(click_inputs(&keyboard, 4, 1).is_empty());
    let report = solve(&keyboard, 0, &bfs(), &Cancel::new());
    assert_eq!(report.status, Status::Solved { inputs: vec![Step::Input(Input::Right); 2] });
}
