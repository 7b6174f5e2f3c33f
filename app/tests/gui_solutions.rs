//! Kept solutions in the studio: a win kept from the player lands in the
//! file beside the game, and a rule change that breaks it shows in the
//! Solutions panel (which level, at which move, which rules), in its tab
//! title and in red on the difficulty curve.

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use studio::app::Persisted;
use studio::layout::PanelId;
use studio::solutions::{By, Solutions, sidecar_path};
use studio::{Startup, StudioApp};

mod support;

const PUSH: &str = "[ > Player | Crate ] -> [ > Player | > Crate ]";
const STUCK: &str = "[ > Player | Crate ] -> [ Player | Crate ]";

fn game(rule: &str) -> String {
    format!(
        "title Kept\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nCrate\norange\nWall\ngrey\nTarget\nred\n\n\
         LEGEND\n. = Background\nP = Player\nC = Crate\nW = Wall\nT = Target\n\nSOUNDS\n\n\
         COLLISIONLAYERS\nBackground\nTarget\nPlayer, Crate, Wall\n\nRULES\n{rule}\n\n\
         WINCONDITIONS\nall Crate on Target\n\nLEVELS\nWWWWWWW\nW.....W\nW.C..TW\nWP....W\nWWWWWWW\n\n\
         WWWWW\nWPCTW\nWWWWW\n"
    )
}

/// A folder of its own with the game in it.
fn game_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pw-gui-solutions-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("kept.txt");
    std::fs::write(&path, game(PUSH)).expect("write the game");
    path
}

fn studio_on(path: &Path, panel: PanelId) -> Harness<'static, StudioApp> {
    let mut harness = support::harness(
        support::live_app(Startup::File(path.to_path_buf()), Persisted::default()),
        [1000.0, 700.0],
        false,
    );
    harness.state_mut().doc.finish_build();
    support::solo(&mut harness, panel);
    harness.run_steps(3);
    harness
}

fn has_label(harness: &Harness<'_, StudioApp>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

#[test]
fn a_win_in_the_player_is_kept_beside_the_game() {
    let path = game_file("player");
    let mut harness = studio_on(&path, PanelId::Player);
    // A click on the board gives it the keys.
    let size = harness.ctx.content_rect().size();
    let at = egui::pos2(size.x / 2.0, size.y * 0.6);
    support::press(&mut harness, at, egui::PointerButton::Primary);
    support::release(&mut harness, at, egui::PointerButton::Primary);
    // The title screen, then level 1: up and three pushes to the right.
    for key in [egui::Key::X, egui::Key::ArrowUp, egui::Key::ArrowRight, egui::Key::ArrowRight, egui::Key::ArrowRight] {
        // A third of a second apart, as a player would.
        let time = harness.ctx.input(|i| i.time) + 0.3;
        harness.input_mut().time = Some(time);
        harness.key_press(key);
        harness.step();
        harness.input_mut().time = None;
        harness.step();
    }
    assert!(
        has_label(&harness, "Level 1 won in 4 moves."),
        "no offer to keep the win; player at entry {}: {:?}",
        harness.state().panels.player.level(),
        harness.state().panels.player.dump()
    );
    harness.get_by_label("Keep as solution").click();
    harness.run_steps(2);
    assert!(has_label(&harness, "kept as a solution"));
    let kept = Solutions::load(&sidecar_path(&path)).expect("the solutions file");
    assert_eq!(kept.levels.len(), 1);
    assert_eq!((kept.levels[0].level, kept.levels[0].solutions[0].moves.as_str()), (1, "urrr"));
    assert_eq!(kept.levels[0].solutions[0].by, By::Player);
    // The game itself is untouched.
    assert_eq!(std::fs::read_to_string(&path).expect("game"), game(PUSH));
    let _ = std::fs::remove_dir_all(path.parent().expect("folder"));
}

#[test]
fn a_rule_change_that_breaks_a_kept_solution_is_shown_where_and_why() {
    let path = game_file("broken");
    let build = engine::build(&game(PUSH));
    let mut kept = Solutions::default();
    assert!(kept.keep(&build, 0, &engine::kept::parse_moves("urrr").expect("moves"), By::Player, None));
    assert!(kept.keep(&build, 1, &engine::kept::parse_moves("r").expect("moves"), By::Solver, None));
    kept.save(&sidecar_path(&path)).expect("write the solutions");

    let mut harness = studio_on(&path, PanelId::Solutions);
    let wait = |h: &mut Harness<'_, StudioApp>, text: &str| {
        support::wait_until(h, Duration::from_secs(60), 0.02, |h| has_label(h, text))
    };
    assert!(wait(&mut harness, "wins in 4 moves (kept by you)"), "level 1 is not said to win");
    assert!(has_label(&harness, "wins in 1 move (kept from the solver)"));
    assert!(has_label(&harness, "2 win · 0 broken"));

    // The kept solutions apply the push rule: its gutter has a green bar.
    support::solo(&mut harness, PanelId::Code);
    harness.run_steps(3);
    let rule_line = game(PUSH).lines().position(|l| l == PUSH).expect("rule line") as u32 + 1;
    let gutter = harness.state().panels.code.gutter_drawn.iter().find(|(l, _)| *l == rule_line).map(|(_, r)| *r);
    let gutter = gutter.expect("the rule's line is on screen");
    match harness.render() {
        Ok(image) => {
            let (x, y) = ((gutter.max.x - 1.0) as u32, gutter.center().y as u32);
            let p = image.get_pixel(x, y).0;
            assert!(p[1] > p[0] + 40 && p[1] > p[2] + 30, "the rule line's gutter bar is {p:?}, not green");
        }
        Err(err) if support::rendering_required() => panic!("cannot render: {err}"),
        Err(err) => eprintln!("skipping the gutter's pixels: {err}"),
    }
    support::solo(&mut harness, PanelId::Solutions);
    harness.run_steps(2);

    harness.state_mut().doc.set_text(game(STUCK));
    harness.state_mut().doc.finish_build();
    assert!(wait(&mut harness, "it goes another way at move 2"), "level 1 is not said to break at its first push");
    assert!(has_label(&harness, "Solutions (2 broken)"), "the tab title counts the broken levels");
    // The rules that behave differently on that move, the changed one first.
    let line = game(STUCK).lines().position(|l| l == STUCK).expect("rule line") + 1;
    assert!(has_label(&harness, &format!("line {line}: applied 1 time now, 0 before: {STUCK}")));
    assert!(has_label(&harness, &format!("removed (was line {line}): applied 0 times now, 1 before: {PUSH}")));
    // A click on the rule selects it in the code.
    harness.query_all_by_label_contains(&format!("line {line}: applied")).next().expect("the rule's link").click();
    harness.run_steps(2);

    // The broken levels are red on the difficulty curve.
    match harness.render() {
        Ok(image) => {
            let red = image.pixels().filter(|p| p.0[0] > 200 && p.0[1] < 90 && p.0[2] < 80).count();
            assert!(red >= 20, "{red} red pixels: the broken points are not drawn");
        }
        Err(err) if support::rendering_required() => panic!("cannot render: {err}"),
        Err(err) => eprintln!("skipping the curve's pixels: {err}"),
    }
    // Problems lists the broken levels too.
    support::solo(&mut harness, PanelId::Problems);
    harness.run_steps(3);
    assert!(has_label(&harness, "Level 1: its kept solution no longer wins (it goes another way at move 2)"));
    assert!(has_label(&harness, "Kept solutions (2)"));
    let _ = std::fs::remove_dir_all(path.parent().expect("folder"));
}

/// A kept solution that bumps into a wall the game cancels on: the level's
/// row names the move and the rule, and the rule is a link into the code.
#[test]
fn a_cancelled_move_in_a_kept_solution_names_its_rule() {
    const CANCEL: &str = "[ > Player | Wall ] -> cancel";
    let path = game_file("cancel");
    let text = game(&format!("{PUSH}\n{CANCEL}"));
    std::fs::write(&path, &text).expect("write the game");
    let build = engine::build(&text);
    let mut kept = Solutions::default();
    // Move 1 walks into the wall on the left and is cancelled; then the push.
    assert!(kept.keep(&build, 0, &engine::kept::parse_moves("lurrr").expect("moves"), By::Player, None));
    kept.save(&sidecar_path(&path)).expect("write the solutions");

    let mut harness = studio_on(&path, PanelId::Solutions);
    let line = text.lines().position(|l| l == CANCEL).expect("cancel line") + 1;
    let note = format!("move 1: cancelled by the rule on line {line}");
    assert!(
        support::wait_until(&mut harness, Duration::from_secs(60), 0.02, |h| has_label(h, &note)),
        "the cancelled move is not named"
    );
    assert!(has_label(&harness, "wins in 5 moves (kept by you)"));
    harness.get_by_label(&note).click();
    harness.run_steps(3);
    let range = harness.state().panels.code.select.clone().expect("a selection in the code");
    assert_eq!(&text[range], CANCEL, "the link selects the cancelling rule's line");
    let _ = std::fs::remove_dir_all(path.parent().expect("folder"));
}

/// The difficulty curve plots moves or pushes: level 1's kept solution is
/// 4 moves with 3 pushes, level 2's 1 move with 1 push, so level 2's point
/// stands at a quarter of the height in moves and a third in pushes.
#[test]
fn the_difficulty_curve_plots_moves_or_pushes() {
    let path = game_file("curve");
    let build = engine::build(&game(PUSH));
    let mut kept = Solutions::default();
    assert!(kept.keep(&build, 0, &engine::kept::parse_moves("urrr").expect("moves"), By::Player, None));
    assert!(kept.keep(&build, 1, &engine::kept::parse_moves("r").expect("moves"), By::Player, None));
    kept.save(&sidecar_path(&path)).expect("write the solutions");
    let mut harness = studio_on(&path, PanelId::Solutions);
    assert!(support::wait_until(&mut harness, Duration::from_secs(60), 0.02, |h| has_label(h, "2 win · 0 broken")));

    // The centre height of the rightmost green point (level 2).
    let last_point_y = |harness: &mut Harness<'_, StudioApp>| -> Option<f32> {
        let image = match harness.render() {
            Ok(image) => image,
            Err(err) if support::rendering_required() => panic!("cannot render: {err}"),
            Err(err) => {
                eprintln!("skipping the curve's pixels: {err}");
                return None;
            }
        };
        let green: Vec<(u32, u32)> = image
            .enumerate_pixels()
            .filter(|(_, _, p)| p.0[1] > 150 && p.0[0] < 120 && p.0[2] < 130 && p.0[1] > p.0[0] + 60)
            .map(|(x, y, _)| (x, y))
            .collect();
        let right = green.iter().map(|(x, _)| *x).max()?;
        let ys: Vec<u32> = green.iter().filter(|(x, _)| *x + 8 >= right).map(|(_, y)| *y).collect();
        Some(ys.iter().sum::<u32>() as f32 / ys.len().max(1) as f32)
    };
    let Some(moves_y) = last_point_y(&mut harness) else { return };
    harness.get_by_label("pushes").click();
    harness.run_steps(3);
    assert_eq!(harness.state().panels.solutions.measure, studio::panels::solutions::Measure::Pushes);
    let pushes_y = last_point_y(&mut harness).expect("rendered once already");
    assert!(pushes_y + 3.0 < moves_y, "level 2's point should rise in pushes: {moves_y} -> {pushes_y}");
    let _ = std::fs::remove_dir_all(path.parent().expect("folder"));
}
