//! The level editor driven with the mouse through egui_kittest.

use egui::PointerButton;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use engine::syntax::ast::LevelEntry;
use studio::app::Persisted;
use studio::layout::PanelId;
use studio::{Startup, StudioApp};

mod support;

fn studio(startup: Startup) -> Harness<'static, StudioApp> {
    studio_with(startup, false)
}

/// `tofu`: see [`support::harness`].
fn studio_with(startup: Startup, tofu: bool) -> Harness<'static, StudioApp> {
    let mut harness = support::harness(support::app(startup, Persisted::default()), [1280.0, 800.0], tofu);
    harness.state_mut().doc.finish_build();
    harness.run_steps(4);
    harness
}

/// Only the level editor, filling the window.
fn levels_alone(harness: &mut Harness<'_, StudioApp>) {
    support::solo(harness, PanelId::Levels);
    harness.run_steps(3);
}

fn first_map(app: &mut StudioApp) -> Option<usize> {
    app.doc.ast().levels.iter().position(|e| matches!(e, LevelEntry::Map(_)))
}

fn level_rows(app: &mut StudioApp, i: usize) -> Vec<Vec<char>> {
    match app.doc.ast().levels.get(i) {
        Some(LevelEntry::Map(m)) => m.rows.clone(),
        _ => Vec::new(),
    }
}

/// Centre of cell (x, y) of the canvas on screen.
fn cell_pos(harness: &Harness<'_, StudioApp>, x: usize, y: usize, cols: usize, rows: usize) -> egui::Pos2 {
    let r = harness.get_by_label("Level canvas").rect();
    egui::pos2(
        r.min.x + (x as f32 + 0.5) * r.width() / cols as f32,
        r.min.y + (y as f32 + 0.5) * r.height() / rows as f32,
    )
}

use support::{press, release};

/// The level editor alone on example 0's first level, with a brush that
/// differs from the glyph at (x, y).
struct Painting {
    harness: Harness<'static, StudioApp>,
    original: String,
    i: usize,
    rows: Vec<Vec<char>>,
    cols: usize,
    nrows: usize,
    brush: char,
}

fn painting(x: usize, y: usize) -> Painting {
    let mut harness = studio(Startup::Example(0));
    levels_alone(&mut harness);
    let original = harness.state().doc.text().to_owned();
    let i = first_map(harness.state_mut()).expect("the example has a level");
    harness.state_mut().panels.levels.select(i);
    harness.run_steps(2);
    let rows = level_rows(harness.state_mut(), i);
    let (cols, nrows) = (rows.iter().map(Vec::len).max().unwrap_or(0), rows.len());
    let glyphs = engine::edit::legend::glyphs(harness.state_mut().doc.ast());
    let brush = glyphs.iter().map(|g| g.ch).find(|&c| c != rows[y][x]).expect("another glyph");
    harness.state_mut().panels.levels.set_brush(Some(brush));
    harness.run_steps(1);
    Painting { harness, original, i, rows, cols, nrows, brush }
}

#[test]
fn painting_a_cell_changes_the_level_row_and_undo_restores_the_text() {
    let (x, y) = (1, 1);
    let Painting { mut harness, original, i, rows, cols, nrows, brush } = painting(x, y);

    // Left button: paint; a second cell in the same stroke.
    let pos = cell_pos(&harness, x, y, cols, nrows);
    press(&mut harness, pos, PointerButton::Primary);
    let pos2 = cell_pos(&harness, x + 1, y, cols, nrows);
    harness.event(egui::Event::PointerMoved(pos2));
    harness.run_steps(2);
    release(&mut harness, pos2, PointerButton::Primary);
    let after = level_rows(harness.state_mut(), i);
    assert_eq!(after[y][x], brush, "the clicked cell holds the brush glyph");
    let mut want = rows.clone();
    want[y][x] = brush;
    want[y][x + 1] = brush;
    assert_eq!(after, want, "exactly the stroked cells changed");
    let changed: Vec<(&str, &str)> =
        original.lines().zip(harness.state().doc.text().lines()).filter(|(a, b)| a != b).collect();
    assert_eq!(changed.len(), 1, "one line of text changed: {changed:?}");

    // One stroke is one undo step, and undo restores the text byte for byte.
    harness.state_mut().doc.undo();
    assert_eq!(harness.state().doc.text(), original);

    // Right button erases to the background glyph.
    harness.run_steps(2);
    let bg = engine::edit::legend::background_glyph(harness.state_mut().doc.ast()).expect("a background glyph");
    let (ex, ey) = (0..nrows)
        .flat_map(|yy| (0..cols).map(move |xx| (xx, yy)))
        .find(|&(xx, yy)| rows[yy].get(xx).is_some_and(|&c| c != bg))
        .expect("a non-background cell");
    let pos = cell_pos(&harness, ex, ey, cols, nrows);
    press(&mut harness, pos, PointerButton::Secondary);
    release(&mut harness, pos, PointerButton::Secondary);
    assert_eq!(level_rows(harness.state_mut(), i)[ey][ex], bg);
    harness.state_mut().doc.undo();
    assert_eq!(harness.state().doc.text(), original);
}

/// A click whose press and release arrive in the same frame (a fast click
/// on a busy machine, or xdotool) still paints, as one undo step.
#[test]
fn a_click_within_one_frame_paints_one_cell() {
    let (x, y) = (2, 1);
    let Painting { mut harness, original, i, rows, cols, nrows, brush } = painting(x, y);
    let pos = cell_pos(&harness, x, y, cols, nrows);
    harness.event(egui::Event::PointerMoved(pos));
    harness.run_steps(1);
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    harness.run_steps(2);
    let mut want = rows.clone();
    want[y][x] = brush;
    assert_eq!(level_rows(harness.state_mut(), i), want, "exactly the clicked cell changed");
    harness.state_mut().doc.undo();
    assert_eq!(harness.state().doc.text(), original, "one click is one undo step");
}

#[test]
fn resizing_a_level_on_each_side_and_back() {
    let mut harness = studio(Startup::Example(0));
    levels_alone(&mut harness);
    let original = harness.state().doc.text().to_owned();
    let i = first_map(harness.state_mut()).expect("a level");
    harness.state_mut().panels.levels.select(i);
    harness.run_steps(2);
    let rows = level_rows(harness.state_mut(), i);
    let bg = engine::edit::legend::background_glyph(harness.state_mut().doc.ast()).expect("background");
    for side in ["top", "bottom", "left", "right"] {
        harness.get_by_label(&format!("+{side}")).click();
        harness.run_steps(2);
        let grown = level_rows(harness.state_mut(), i);
        match side {
            "top" => assert_eq!(grown[0], vec![bg; rows[0].len()]),
            "bottom" => assert_eq!(grown.last(), Some(&vec![bg; rows[0].len()])),
            "left" => {
                assert!(grown.iter().all(|r| r[0] == bg) && grown[0].len() == rows[0].len() + 1)
            }
            _ => assert!(grown.iter().all(|r| r.last() == Some(&bg)) && grown[0].len() == rows[0].len() + 1),
        }
        assert_eq!(grown.len() + grown[0].len(), rows.len() + rows[0].len() + 1, "{side}: one row or column more");
        harness.get_by_label(&format!("-{side}")).click();
        harness.run_steps(2);
        assert_eq!(level_rows(harness.state_mut(), i), rows, "{side}: removing it again");
        assert_eq!(harness.state().doc.text(), original, "{side}: the text is as before");
    }
}

#[test]
fn play_from_here_loads_that_level_in_the_player() {
    let mut harness = studio(Startup::Example(0));
    let maps: Vec<usize> = harness
        .state_mut()
        .doc
        .ast()
        .levels
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, LevelEntry::Map(_)))
        .map(|(k, _)| k)
        .collect();
    let i = *maps.get(1).or(maps.first()).expect("a level");
    studio::layout::focus(&mut harness.state_mut().tree, PanelId::Levels);
    harness.state_mut().panels.levels.select(i);
    harness.run_steps(3);
    harness.get_by_label("Play from here").click();
    harness.run_steps(4);
    assert_eq!(harness.state().panels.player.level(), i);
    assert!(!harness.state().panels.player.on_title(), "playing, not on the title screen");
}

#[test]
fn mouse_only_new_level_with_a_new_combination_then_play_it() {
    let mut harness = studio(Startup::Example(0));
    levels_alone(&mut harness);
    let before = harness.state_mut().doc.ast().levels.len();
    harness.state_mut().panels.levels.select(before - 1);
    harness.run_steps(2);
    harness.get_by_label("+ Level").click();
    harness.run_steps(3);
    assert_eq!(harness.state_mut().doc.ast().levels.len(), before + 1);
    let i = harness.state().panels.levels.selected();
    assert_eq!(i, before, "the new level is selected");

    // Tick two objects that no glyph names together and create their glyph.
    harness.get_by_label("Combine objects").click();
    harness.run_steps(2);
    let objects: Vec<String> = harness.state_mut().doc.ast().objects.iter().map(|o| o.name.text.to_string()).collect();
    let ast = harness.state_mut().doc.ast().clone();
    let pair = objects
        .iter()
        .flat_map(|a| objects.iter().map(move |b| (a, b)))
        .find(|(a, b)| {
            a < b
                && *a != "background"
                && *b != "background"
                && engine::edit::legend::glyph_for(&ast, &[(*a).clone(), (*b).clone()].into_iter().collect()).is_none()
        })
        .expect("two objects without a shared glyph");
    harness.get_by_label(pair.0.as_str()).click();
    harness.run_steps(1);
    harness.get_by_label(pair.1.as_str()).click();
    harness.run_steps(2);
    let create = harness.query_by_label_contains("Create glyph").expect("a button offering the new glyph");
    create.click();
    harness.run_steps(3);
    let set: std::collections::BTreeSet<String> = [pair.0.clone(), pair.1.clone()].into_iter().collect();
    let glyph = engine::edit::legend::glyph_for(harness.state_mut().doc.ast(), &set)
        .expect("the legend gained the combination");

    // Paint it into the new level with the mouse, then play that level.
    let rows = level_rows(harness.state_mut(), i);
    let pos = cell_pos(&harness, 2, 2, rows[0].len(), rows.len());
    press(&mut harness, pos, PointerButton::Primary);
    release(&mut harness, pos, PointerButton::Primary);
    assert_eq!(level_rows(harness.state_mut(), i)[2][2], glyph);
    harness.state_mut().doc.finish_build();
    harness.state_mut().tree = studio::layout::default_tree();
    studio::layout::focus(&mut harness.state_mut().tree, PanelId::Levels);
    harness.run_steps(3);
    harness.get_by_label("Play from here").click();
    harness.run_steps(4);
    assert_eq!(harness.state().panels.player.level(), i);
}

#[test]
fn every_corpus_game_opens_in_the_level_editor() {
    let paths = test_support::corpus_games();
    let mut opened = 0;
    for p in paths {
        let mut harness = studio_with(Startup::File(p.clone()), true);
        levels_alone(&mut harness);
        let n = harness.state_mut().doc.ast().levels.len();
        for i in [0, n / 2, n.saturating_sub(1)] {
            harness.state_mut().panels.levels.select(i);
            harness.run_steps(1);
        }
        opened += 1;
    }
    assert!(opened > 0);
}

#[test]
fn snapshot_of_the_level_editor() {
    let mut harness = studio(Startup::Example(0));
    levels_alone(&mut harness);
    harness.set_size(egui::vec2(800.0, 640.0));
    let i = first_map(harness.state_mut()).expect("a level");
    harness.state_mut().panels.levels.select(i);
    harness.run_steps(3);
    support::snapshot(&mut harness, "levels_panel");
}

/// The label the list gives entry `i` (as the panel numbers levels).
fn entry_labels(app: &mut StudioApp) -> Vec<String> {
    let mut number = 0;
    app.doc
        .ast()
        .levels
        .iter()
        .map(|e| match e {
            LevelEntry::Map(m) => {
                number += 1;
                let w = m.rows.iter().map(Vec::len).max().unwrap_or(0);
                format!("Level {number} ({w}×{})", m.rows.len())
            }
            LevelEntry::Message { text, .. } => format!("Message: {text}"),
            LevelEntry::Goto { target, .. } => format!("Goto: {target}"),
        })
        .collect()
}

/// Each entry's text in the LEVELS list, in order (rows joined, or the message).
fn entry_bodies(app: &mut StudioApp) -> Vec<String> {
    app.doc
        .ast()
        .levels
        .iter()
        .map(|e| match e {
            LevelEntry::Map(m) => m.rows.iter().map(|r| r.iter().collect::<String>()).collect::<Vec<_>>().join("/"),
            LevelEntry::Message { text, .. } => format!("message {text}"),
            LevelEntry::Goto { target, .. } => format!("goto {target}"),
        })
        .collect()
}

#[test]
fn the_list_shows_a_thumbnail_card_per_entry_and_clicking_one_selects_it() {
    let mut harness = studio(Startup::Example(0));
    levels_alone(&mut harness);
    // A message too, so both kinds of card are on show.
    harness.state_mut().panels.levels.select(0);
    harness.run_steps(1);
    harness.get_by_label("Insert message").click();
    harness.run_steps(4);
    let labels = entry_labels(harness.state_mut());
    assert!(labels.iter().any(|l| l.starts_with("Message: ")));
    let maps = labels.iter().filter(|l| l.starts_with("Level ")).count();
    assert!(maps >= 2, "the example has levels: {labels:?}");
    for label in &labels {
        let card = harness.get_by_label(label);
        let r = card.rect();
        assert!(r.width() >= 40.0 && r.height() >= 30.0, "{label}: a card, not a line: {r:?}");
    }
    assert_eq!(harness.state().panels.levels.thumbnail_count(), maps, "one composed picture per level");
    let last = labels.len() - 1;
    harness.get_by_label(&labels[last]).click();
    harness.run_steps(2);
    assert_eq!(harness.state().panels.levels.selected(), last);

    let textures = harness.state().panels.levels.thumbnail_textures();
    assert_eq!(textures.len(), labels.len());
    for (t, l) in textures.iter().zip(&labels) {
        assert_eq!(t.is_some(), l.starts_with("Level "), "{l}: a picture iff a level");
    }

    // Painting a level (and the rebuild after it) recomposes its picture
    // and only that one.
    let i = first_map(harness.state_mut()).expect("a level");
    let rows = level_rows(harness.state_mut(), i);
    let bg = engine::edit::legend::background_glyph(harness.state_mut().doc.ast()).expect("bg");
    let other = engine::edit::legend::glyphs(harness.state_mut().doc.ast())
        .iter()
        .map(|g| g.ch)
        .find(|&c| c != rows[1][1] && c != bg)
        .expect("a glyph");
    let text = harness.state().doc.text().to_owned();
    let ast = harness.state_mut().doc.ast().clone();
    let e = engine::edit::levels::paint_cell(&text, &ast, i, 1, 1, other).expect("an edit");
    assert!(harness.state_mut().doc.apply_edit(&e));
    harness.state_mut().doc.finish_build();
    harness.run_steps(3);
    let after = harness.state().panels.levels.thumbnail_textures();
    assert_eq!(after.len(), textures.len());
    for (k, (a, b)) in textures.iter().zip(&after).enumerate() {
        if k == i {
            assert!(b.is_some() && a != b, "the painted level has a new picture");
        } else {
            assert_eq!(a, b, "entry {k} keeps its picture");
        }
    }
    assert_eq!(harness.state().panels.levels.thumbnail_count(), maps);
}

#[test]
fn dragging_a_card_onto_another_moves_the_entry_and_undo_restores() {
    let mut harness = studio(Startup::Example(0));
    levels_alone(&mut harness);
    let original = harness.state().doc.text().to_owned();
    let bodies = entry_bodies(harness.state_mut());
    let labels = entry_labels(harness.state_mut());
    assert!(bodies.len() >= 3, "three entries to shuffle");
    let from = harness.get_by_label(&labels[0]).rect().center();
    let to = harness.get_by_label(&labels[2]).rect().center();

    harness.event(egui::Event::PointerMoved(from));
    harness.run_steps(1);
    harness.event(egui::Event::PointerButton {
        pos: from,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run_steps(1);
    for k in 1..=8 {
        let p = from + (to - from) * (k as f32 / 8.0);
        harness.event(egui::Event::PointerMoved(p));
        harness.run_steps(1);
    }
    assert_eq!(harness.state_mut().doc.text(), original, "nothing moves before the drop");
    let preview = egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("level_card_drag_preview"));
    assert!(harness.ctx.memory(|m| m.areas().is_visible(&preview)), "a faded copy of the card follows the pointer");
    release(&mut harness, to, PointerButton::Primary);
    harness.run_steps(2);
    assert!(!harness.ctx.memory(|m| m.areas().is_visible(&preview)), "and goes with the drop");

    let mut want = bodies.clone();
    let moving = want.remove(0);
    want.insert(2, moving);
    assert_eq!(entry_bodies(harness.state_mut()), want, "entry 0 is now third");
    assert_eq!(harness.state().panels.levels.selected(), 2, "and stays selected");
    harness.state_mut().doc.undo();
    assert_eq!(harness.state().doc.text(), original);
}

#[test]
fn up_and_down_buttons_still_move_the_selected_entry() {
    let mut harness = studio(Startup::Example(0));
    levels_alone(&mut harness);
    let original = harness.state().doc.text().to_owned();
    let bodies = entry_bodies(harness.state_mut());
    assert!(bodies.len() >= 2);
    harness.state_mut().panels.levels.select(0);
    harness.run_steps(2);
    harness.get_by_label("Down").click();
    harness.run_steps(2);
    let mut want = bodies.clone();
    want.swap(0, 1);
    assert_eq!(entry_bodies(harness.state_mut()), want);
    assert_eq!(harness.state().panels.levels.selected(), 1);
    harness.get_by_label("Up").click();
    harness.run_steps(2);
    assert_eq!(harness.state().doc.text(), original);
    assert_eq!(harness.state().panels.levels.selected(), 0);
}

#[test]
fn a_cards_context_menu_duplicates_and_deletes_that_entry() {
    let mut harness = studio(Startup::Example(0));
    levels_alone(&mut harness);
    let original = harness.state().doc.text().to_owned();
    let bodies = entry_bodies(harness.state_mut());
    let labels = entry_labels(harness.state_mut());
    let i = labels.iter().rposition(|l| l.starts_with("Level ")).expect("a level");
    let at = harness.get_by_label(&labels[i]).rect().center();
    press(&mut harness, at, PointerButton::Secondary);
    release(&mut harness, at, PointerButton::Secondary);
    harness.get_by_label("Duplicate entry").click();
    harness.run_steps(3);
    let mut want = bodies.clone();
    want.insert(i + 1, bodies[i].clone());
    assert_eq!(entry_bodies(harness.state_mut()), want, "entry {i} doubled");
    assert_eq!(harness.state().panels.levels.selected(), i + 1);

    // Delete the copy through its own card's menu.
    let labels = entry_labels(harness.state_mut());
    let at = harness.get_by_label(&labels[i + 1]).rect().center();
    press(&mut harness, at, PointerButton::Secondary);
    release(&mut harness, at, PointerButton::Secondary);
    harness.get_by_label("Delete entry").click();
    harness.run_steps(3);
    assert_eq!(entry_bodies(harness.state_mut()), bodies);
    assert_eq!(harness.state().doc.text(), original);
}

#[test]
fn many_new_levels_get_their_thumbnails_a_few_per_frame() {
    let mut harness = studio(Startup::Example(0));
    levels_alone(&mut harness);
    let before = harness.state().panels.levels.thumbnail_count();
    let mut text = harness.state().doc.text().to_owned();
    let entries = harness.state_mut().doc.ast().levels.len();
    // 20 different levels: a hedge at a different cell in each.
    let new = 20;
    for k in 0..new {
        text.push('\n');
        for y in 0..5 {
            let row: String = (0..8).map(|x| if y * 8 + x == k { '#' } else { '.' }).collect();
            text.push_str(&row);
            text.push('\n');
        }
    }
    assert!(harness.state_mut().doc.set_text(text));
    // Thumbnails are drawn from the build of the text: wait for it.
    harness.state_mut().doc.finish_build();
    assert_eq!(
        harness.state_mut().doc.ast().levels.len(),
        entries + new,
        "LEVELS is the last section: the maps joined it"
    );
    harness.run_steps(1);
    let first = harness.state().panels.levels.thumbnail_count();
    assert!(first < before + new, "not all composed in one frame: {first}");
    harness.run_steps(8);
    assert_eq!(harness.state().panels.levels.thumbnail_count(), before + new, "all composed over the next frames");
    let textures = harness.state().panels.levels.thumbnail_textures();
    assert_eq!(textures.iter().flatten().count(), before + new);
}

#[test]
fn a_level_too_big_for_the_panel_is_zoomed_to_fit_and_fit_zooms_a_small_one_in() {
    let mut harness = studio(Startup::Example(0));
    levels_alone(&mut harness);
    // Add a 60x40 level after the others and select it.
    let text = harness.state().doc.text().to_owned();
    let row = format!("{}\n", "#".repeat(60));
    let big = format!("{}\n\n{}", text.trim_end(), row.repeat(40));
    harness.state_mut().doc.set_text(big);
    harness.state_mut().doc.finish_build();
    harness.run_steps(3);
    let last = harness.state_mut().doc.ast().levels.len() - 1;
    harness.state_mut().panels.levels.select(last);
    harness.run_steps(4);
    let zoom = harness.state().panels.levels.zoom();
    assert!(zoom < 32.0, "zoomed out from the default 32: {zoom}");
    let canvas = harness.get_by_label("Level canvas").rect();
    assert!(canvas.max.y <= 800.0 && canvas.max.x <= 1280.0, "the whole level is on screen: {canvas:?}");

    // A small level keeps its zoom when selected; Fit zooms it in.
    let first = first_map(harness.state_mut()).expect("a level");
    harness.state_mut().panels.levels.select(first);
    harness.run_steps(3);
    assert!((harness.state().panels.levels.zoom() - zoom).abs() < f32::EPSILON, "never zooms in by itself");
    harness.get_by_label("Fit").click();
    harness.run_steps(3);
    assert!(harness.state().panels.levels.zoom() > zoom, "Fit zooms the small level in");
}
