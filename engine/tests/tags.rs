//! PuzzleScript Next's tags and mappings played: a small game of ours
//! whose player faces the way it moves (`Player:>`) and whose action
//! turns a gem by a mapping; its sprites turned per tag value.

use engine::run::{Input, Session};
use engine::syntax::ast::{Cell, LegendKind, Rule, RuleLineKind};

/// A game of ours with a tag, a mapping, a tagged player turned by its
/// tag, a tagged gem with one value written out again, and layers per
/// value.
const GAME: &str = "title tags
author us

TAGS
Shade = Light Dark

MAPPINGS
Shade => Other
Light Dark -> Dark Light

OBJECTS
Background
black

Player:directions
yellow
..0..
..0..
.....
.....
.....
rot:up:directions

Gem:Shade
white

Lamp:Shade
orange

Gem:Dark
gray

LEGEND
. = Background
P = Player:up
Player = Player:directions
L = Gem:Light
D = Gem:Dark

SOUNDS

COLLISIONLAYERS
Background
Player:directions
Shade -> Gem:Shade, Lamp:Shade

RULES
[ > Player:directions ] -> [ > Player:> ]
Shade [ action Player:directions | Gem:Shade ] -> [ Player:directions | Gem:Other ]

WINCONDITIONS

LEVELS
.L.
.P.
...
";

fn names_at(s: &Session, x: usize, y: usize) -> Vec<String> {
    let game = s.game();
    let mut v: Vec<String> = s.objects_at(x, y).iter().map(|&id| game.objects[id].name.to_string()).collect();
    v.sort();
    v
}

fn session() -> Session {
    let build = engine::build(GAME);
    assert!(!engine::diag::has_errors(&build.diagnostics), "{:?}", build.diagnostics);
    Session::new(build.game.expect("it compiles"), 0, None)
}

#[test]
fn tags_mappings_and_relative_names_play() {
    let mut s = session();
    assert_eq!(names_at(&s, 1, 1), ["background", "player:up"]);
    // `[ > Player:directions ] -> [ > Player:> ]`: the player faces the way it moves.
    s.input(Input::Right);
    assert_eq!(names_at(&s, 2, 1), ["background", "player:right"]);
    let mut s = session();
    s.input(Input::Down);
    assert_eq!(names_at(&s, 1, 2), ["background", "player:down"]);
    // The mapping: action turns the gem beside the player to the other shade, once.
    let mut s = session();
    s.input(Input::Action);
    assert_eq!(names_at(&s, 1, 0), ["background", "gem:dark"]);
    s.input(Input::Action);
    assert_eq!(names_at(&s, 1, 0), ["background", "gem:light"]);
}

#[test]
fn a_tagged_sprite_is_turned_per_value() {
    let build = engine::build(GAME);
    let game = build.game.expect("it compiles");
    let sprite = |name: &str| {
        let o = game.objects.iter().find(|o| o.name == name).expect(name);
        o.sprite
            .iter()
            .map(|r| r.iter().map(|p| if p.is_some() { '0' } else { '.' }).collect::<String>())
            .collect::<Vec<_>>()
    };
    assert_eq!(sprite("player:up"), ["..0..", "..0..", ".....", ".....", "....."]);
    assert_eq!(sprite("player:right"), [".....", ".....", "...00", ".....", "....."]);
    assert_eq!(sprite("player:down"), [".....", ".....", ".....", "..0..", "..0.."]);
    assert_eq!(sprite("player:left"), [".....", ".....", "00...", ".....", "....."]);
}

#[test]
fn a_tagged_object_is_one_object_per_value_and_a_property() {
    let (ast, diags) = engine::syntax::parse(GAME);
    assert!(diags.is_empty(), "{diags:?}");
    let names: Vec<&str> = ast.objects.iter().map(|o| o.name.text.as_str()).collect();
    assert_eq!(
        names,
        [
            "background",
            "player:up",
            "player:right",
            "player:down",
            "player:left",
            "gem:light",
            "gem:dark",
            "lamp:light",
            "lamp:dark"
        ],
        "Gem:Dark written again takes the place of the one Gem:Shade made"
    );
    let dark = ast.objects.iter().find(|o| o.name.text == "gem:dark").expect("gem:dark");
    assert_eq!(dark.colors[0].text, "gray");
    let rot: Vec<&str> = ast.objects[1..5].iter().map(|o| o.transforms[0].text.as_str()).collect();
    assert_eq!(rot, ["rot:up:up", "rot:up:right", "rot:up:down", "rot:up:left"]);
    let prop = ast.legend.iter().find(|l| l.name.text == "player:directions").expect("the property");
    assert_eq!(prop.kind, LegendKind::Or);
    assert_eq!(prop.items.len(), 4);
    // `Shade -> ...` made a layer per value.
    let layers: Vec<Vec<&str>> = ast.layers.iter().map(|l| l.names.iter().map(|n| n.text.as_str()).collect()).collect();
    assert_eq!(layers[2..], [vec!["gem:light", "lamp:light"], vec!["gem:dark", "lamp:dark"]]);
}

#[test]
fn rules_copied_by_tags_stay_one_group() {
    let (ast, _) = engine::syntax::parse(GAME);
    let rules: Vec<&Rule> = ast
        .rules
        .iter()
        .filter_map(|r| match &r.kind {
            RuleLineKind::Rule(r) => Some(r),
            _ => None,
        })
        .collect();
    // Four directions for `Player:>`, two shades for `Shade [...]`.
    assert_eq!(rules.len(), 6);
    let plus: Vec<bool> = rules.iter().map(|r| r.plus.is_some()).collect();
    assert_eq!(plus, [false, true, true, true, false, true]);
    let first_rhs = |r: &Rule| match &r.rhs[0].cells[0] {
        Cell::Items(items, _) => items[0].name.text.to_string(),
        Cell::Ellipsis(_) => String::new(),
    };
    let facing: Vec<String> = rules[..4].iter().map(|r| first_rhs(r)).collect();
    assert_eq!(facing, ["player:up", "player:down", "player:left", "player:right"]);
}

#[test]
fn a_classic_game_is_not_rewritten() {
    let src = "title c\n\nOBJECTS\nBackground\nblack\nPlayer\nyellow\n\nLEGEND\n. = Background\nP = Player\n\n\
        SOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\n\nRULES\n[ > Player ] -> [ > Player ]\n\nWINCONDITIONS\n\nLEVELS\n.P\n";
    let (ast, diags) = engine::syntax::parse(src);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(ast.rules.len(), 1);
    assert_eq!(ast.legend.len(), 2);
}

/// PuzzleScript Next keeps no order of sections: the same game with its
/// MAPPINGS after COLLISIONLAYERS and its TAGS in the middle of OBJECTS
/// (OBJECTS opened again after it, as Next's Coyote Time Lord does) is the
/// same game.
#[test]
fn tags_and_mappings_may_come_anywhere() {
    let moved = GAME
        .replacen("TAGS\nShade = Light Dark\n\nMAPPINGS\nShade => Other\nLight Dark -> Dark Light\n\n", "", 1)
        .replacen("Gem:Shade\nwhite", "TAGS\nShade = Light Dark\n\nOBJECTS\nGem:Shade\nwhite", 1)
        .replacen("RULES\n", "MAPPINGS\nShade => Other\nLight Dark -> Dark Light\n\nRULES\n", 1)
        .replacen("author us", "author us\nlevel_select", 1);
    assert!(moved.contains("TAGS") && moved.find("OBJECTS") < moved.find("TAGS"), "{moved}");
    let build = engine::build(&moved);
    assert!(!engine::diag::has_errors(&build.diagnostics), "{:?}", build.diagnostics);
    let mut s = Session::new(build.game.expect("it compiles"), 0, None);
    s.input(Input::Action);
    assert_eq!(names_at(&s, 1, 0), ["background", "gem:dark"], "the mapping read after the layers works");
    let (ast, _) = engine::syntax::parse(&moved);
    let names: Vec<&str> = ast.objects.iter().map(|o| o.name.text.as_str()).collect();
    assert!(names.contains(&"lamp:dark") && names.contains(&"player:left"), "{names:?}");
}

/// An object written again under the name of one made from tags may copy
/// its own name: it takes the sprite of the one it replaces, in its own
/// colours (Next's ColorBan recolours its joins so). `copy: NAME|` with the
/// mirror written straight after the name mirrors the copy (Hebird).
#[test]
fn a_rewritten_object_copies_the_sprite_it_replaces() {
    let text = GAME
        .replacen("Gem:Dark\ngray", "Gem:Dark\ngray\ncopy: Gem:Dark", 1)
        .replacen("Gem:Shade\nwhite", "Gem:Shade\nwhite\n0....\n0....\n.....\n.....\n.....", 1)
        .replacen("Lamp:Shade\norange", "Lamp:Shade\norange\ncopy: Gem:Shade|", 1);
    let build = engine::build(&text);
    assert!(!engine::diag::has_errors(&build.diagnostics), "{:?}", build.diagnostics);
    let game = build.game.expect("it compiles");
    let object = |name: &str| game.objects.iter().find(|o| o.name == name).expect(name);
    let rows = |name: &str| {
        object(name)
            .sprite
            .iter()
            .map(|r| r.iter().map(|p| if p.is_some() { '0' } else { '.' }).collect::<String>())
            .collect::<Vec<_>>()
    };
    assert_eq!(rows("gem:dark"), ["0....", "0....", ".....", ".....", "....."]);
    assert_eq!(rows("gem:light"), rows("gem:dark"));
    assert_eq!(rows("lamp:light"), ["....0", "....0", ".....", ".....", "....."], "mirrored left to right");
}

/// A win condition may name objects and properties with tags
/// (`Some Player:directions on Exit`, as Next's Coyote Time Lord ends).
#[test]
fn win_conditions_name_tagged_objects() {
    let text = GAME.replacen("WINCONDITIONS\n", "WINCONDITIONS\nno Gem:Light\nsome Player:directions\n", 1).replacen(
        "LEVELS\n",
        "LEVELS\n.L.\nPL.\n\n",
        1,
    ) + "\nP..\n";
    let build = engine::build(&text);
    assert!(!engine::diag::has_errors(&build.diagnostics), "{:?}", build.diagnostics);
    let game = build.game.expect("it compiles");
    let mut s = Session::new(game.clone(), 0, None);
    s.input(Input::Action);
    assert_eq!(s.level_index(), 0, "one light gem turned, one left: not won");
    let mut s = Session::new(game, 1, None);
    s.input(Input::Action);
    assert_eq!(s.level_index(), 2, "the only light gem turned dark: won");
}

/// `copy:` reads the objects in the order they are written: an object made
/// from a tagged definition may copy another made from it (Next makes them
/// all first, as ColorBan relies on), and an object written again may copy
/// one written before it even when its own place in the list, the place of
/// the object it replaces, comes first (Tapaban). A copy from an object
/// written later is still E0217.
#[test]
fn copies_follow_the_order_objects_are_written_in() {
    let siblings = GAME.replacen("Lamp:Shade\norange", "Lamp:Shade\norange\ncopy: Lamp:Dark", 1);
    let build = engine::build(&siblings);
    assert!(!engine::diag::has_errors(&build.diagnostics), "{:?}", build.diagnostics);
    let rewritten = GAME.replacen(
        "Gem:Dark\ngray",
        "Gem:Dark\ngray\n0....\n.....\n.....\n.....\n.....\n\nGem:Light\nwhite\ncopy: Gem:Dark",
        1,
    );
    let build = engine::build(&rewritten);
    assert!(!engine::diag::has_errors(&build.diagnostics), "{:?}", build.diagnostics);
    let game = build.game.expect("it compiles");
    let light = game.objects.iter().find(|o| o.name == "gem:light").expect("gem:light");
    assert_eq!(light.sprite[0].iter().filter(|p| p.is_some()).count(), 1, "gem:light took gem:dark's sprite");
    let later = GAME.replacen("Gem:Shade\nwhite", "Gem:Shade\nwhite\ncopy: Lamp:Dark", 1);
    let build = engine::build(&later);
    assert!(build.diagnostics.iter().any(|d| d.code == "E0217"), "{:?}", build.diagnostics);
}
