//! Parser tests on small games.

use super::ast::{Cell, LegendKind, LevelEntry, RuleLineKind, Section};
use super::parse;

const GAME: &str = "title Tiny\nauthor Me (hi)\nnoaction\n\n========\nOBJECTS\n========\n\nBackground\nblack\n\nPlayer P\nblue #ff0000\n..0..\n.010.\n00000\n.0.0.\n.0.0.\n\nCrate\norange\n\n=======\nLEGEND\n=======\n. = Background\n* = Crate and Background\nThing = Crate or Player\n\nSOUNDS\nsfx0 1234\n\nCOLLISIONLAYERS\nBackground\nPlayer, Crate\n\nRULES\n[ > Player | Crate ] -> [ > Player | > Crate ] sfx0\n+ late [ Crate ] -> [ Crate ] message Hello (World)\nstartloop\nendloop\n\nWINCONDITIONS\nall Crate on Player\n\nLEVELS\nP.*\n...\n\nmessage  Well Done \n(comment)\n*P.\n";

#[test]
fn parses_a_small_game() {
    let (ast, diags) = parse(GAME);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(ast.sections.len(), 7);
    assert_eq!(ast.sections[0].0, Section::Objects);
    assert_eq!(ast.prelude.len(), 3);
    assert_eq!(ast.prelude[0].value.as_deref(), Some("Tiny"));
    assert_eq!(ast.prelude[1].value.as_deref(), Some("Me"));
    assert_eq!(ast.prelude[2].value, None);
    assert_eq!(ast.objects.len(), 3);
    assert_eq!(ast.objects[1].extra_names[0].text, "p");
    assert_eq!(ast.objects[1].colors.len(), 2);
    assert_eq!(ast.objects[1].sprite.len(), 5);
    assert_eq!(*ast.objects[1].sprite[0], [None, None, Some(0), None, None]);
    assert_eq!(ast.objects[2].sprite.len(), 0);
    assert_eq!(ast.legend.len(), 3);
    assert_eq!(ast.legend[1].kind, LegendKind::And);
    assert_eq!(ast.legend[2].kind, LegendKind::Or);
    assert_eq!(ast.layers.len(), 2);
    assert_eq!(ast.layers[1].names.len(), 2);
    assert_eq!(ast.rules.len(), 4);
    let RuleLineKind::Rule(r) = &ast.rules[1].kind else { panic!() };
    assert!(r.plus.is_some());
    assert_eq!(r.commands[0].argument.as_deref(), Some("Hello (World)"));
    let RuleLineKind::Rule(r0) = &ast.rules[0].kind else { panic!() };
    assert_eq!(r0.lhs[0].cells.len(), 2);
    let Cell::Items(items, _) = &r0.rhs[0].cells[1] else { panic!() };
    assert_eq!(items[0].modifier.as_ref().map(|m| m.text.as_str()), Some(">"));
    assert_eq!(ast.win_conditions[0].words.len(), 4);
    assert_eq!(ast.levels.len(), 3);
    assert!(matches!(&ast.levels[1], LevelEntry::Message { text, .. } if text == "Well Done"));
    let LevelEntry::Map(m) = &ast.levels[2] else { panic!() };
    assert_eq!(m.rows, vec![vec!['*', 'p', '.']]);
    assert_eq!(m.row_spans[0].line, 52);
}

#[test]
fn message_without_blank_splits_levels() {
    let src = "objects\nlevels\n#.\nmessage hi\n.#\n\n\n..\n";
    let (ast, _) = parse(src);
    assert_eq!(ast.levels.len(), 4);
}

#[test]
fn never_panics_on_odd_input() {
    for src in [
        "",
        "(",
        ")",
        "(((",
        "objects\n(",
        "é\u{0}\r\n[",
        "rules\n[ ( ] -> ",
        "levels\nmessage",
        "objects\nA\n#12\n0000000000\n",
    ] {
        let _ = parse(src);
    }
    let big = "x".repeat(1_000_000);
    let _ = parse(&big);
}

#[test]
fn lines_are_found_eight_bytes_at_a_time_as_byte_by_byte() {
    let pieces: [&[u8]; 9] = [b"a", b"\n", b"(", b")", b")\n", b"\xc3\xa9", b"xxxxxxx", b"\x01", b"\x7f"];
    let mut seed = 11u64;
    for n in 0..3000 {
        let mut text: Vec<u8> = Vec::new();
        for _ in 0..(n % 30) {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            text.extend_from_slice(pieces[usize::try_from(seed >> 33).unwrap_or(0) % pieces.len()]);
        }
        let mut start = 0;
        loop {
            let end = text[start..].iter().position(|&b| b == b'\n').map_or(text.len(), |k| start + k);
            let line = &text[start..end];
            let expected = (end, line.iter().any(|&b| b == b'(' || b == b')'), line.iter().any(|&b| b >= 0x80));
            assert_eq!(super::line_end(&text, start), expected, "{text:?} from {start}");
            if end == text.len() {
                break;
            }
            start = end + 1;
        }
    }
}

/// A game of PuzzleScript Next written with `//` comments: they start
/// where Next starts them in each section, `(` in a text option's value
/// or a level row is plain text, and `;` ends a line in OBJECTS and
/// COLLISIONLAYERS.
const SLASH_GAME: &str = "title Slash // all of it\nhomepage https://example.com\n// first comment\nnoaction // trailing\n\nOBJECTS\nBackground;black\nPlayer // the hero\nblue\nSlope /\ngreen\n\nLEGEND\n. = Background // ground\nP = Player\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground;Player\nSlope\n\nRULES\n[ > Player ] -> [ > Player ] message see http://x\n// [ Player ] -> [ ]\n\nWINCONDITIONS\n\nLEVELS\n//P.\nP./\n.//\n";

#[test]
fn slash_comments_read_as_puzzlescript_next_reads_them() {
    let (ast, diags) = parse(SLASH_GAME);
    assert!(diags.is_empty(), "{diags:?}");
    assert!(ast.slash_comments.is_some_and(|s| s.line == 3));
    assert_eq!(ast.prelude[0].value.as_deref(), Some("Slash // all of it"), "title keeps the rest of its line");
    assert_eq!(ast.prelude[1].value.as_deref(), Some("https://example.com"));
    assert_eq!(ast.prelude[2].key.text, "noaction");
    assert_eq!(ast.prelude[2].value, None);
    let names: Vec<&str> = ast.objects.iter().map(|o| o.name.text.as_str()).collect();
    assert_eq!(names, ["background", "player", "slope"]);
    assert_eq!(ast.objects[0].colors[0].text, "black");
    assert_eq!(ast.objects[2].extra_names[0].text, "/");
    assert_eq!(ast.legend.len(), 2);
    assert_eq!(ast.layers.len(), 3, "`;` ends a layer");
    assert_eq!(ast.rules.len(), 1, "a rule line that is all comment is no rule");
    let RuleLineKind::Rule(r) = &ast.rules[0].kind else { panic!() };
    assert_eq!(
        r.commands[0].argument.as_deref(),
        Some("see http"),
        "a rule stops before the character ahead of `//`, as Next cuts it"
    );
    let LevelEntry::Map(m) = &ast.levels[0] else { panic!() };
    assert_eq!(m.rows.len(), 2, "only a row that starts with `//` is a comment: {:?}", m.rows);
    assert_eq!(m.rows[1], ['.', '/', '/']);
}

/// PuzzleScript Next reads `( )` comments too in a game written with
/// `//` ones: a `(` where a token starts opens one, which nests and may
/// span lines (its Soko Link demo comments out a level so); a level row's
/// `(` after its first character is a glyph; a `)` that closes nothing is
/// W0150 and the rest of its line is skipped.
#[test]
fn a_slash_game_still_reads_parenthesised_comments() {
    let src = SLASH_GAME
        .replacen(
            "[ > Player ] -> [ > Player ] message see http://x",
            "[ > Player ] -> [ > Player ] (a (nested)\nnote) ",
            1,
        )
        .replacen("//P.\nP./\n.//\n", "P./\n\n(P..\n...\n..P)\n\n.P(\n) the rest\nP..\n", 1);
    let (ast, diags) = parse(&src);
    let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["W0150"], "{diags:?}");
    assert_eq!(diags[0].span.line, src[..src.find(") the rest").expect("there")].matches('\n').count() as u32 + 1);
    let RuleLineKind::Rule(r) = &ast.rules[0].kind else { panic!() };
    assert!(r.commands.is_empty(), "the comment is no command: {:?}", r.commands);
    let maps: Vec<Vec<Vec<char>>> = ast
        .levels
        .iter()
        .filter_map(|l| if let LevelEntry::Map(m) = l { Some(m.rows.clone()) } else { None })
        .collect();
    assert_eq!(maps.len(), 2, "the commented-out map is gone: {maps:?}");
    assert_eq!(maps[1], [vec!['.', 'p', '('], vec!['p', '.', '.']], "a row's `(` is a glyph; the `)` line is skipped");
}

#[test]
fn a_classic_game_keeps_its_slashes() {
    // The first comment is `( )`: `//` is text, as in classic PuzzleScript.
    let src = SLASH_GAME.replacen("// first comment", "(first comment)", 1);
    let (ast, _) = parse(&src);
    assert!(ast.slash_comments.is_none());
    let LevelEntry::Map(m) = &ast.levels[0] else { panic!() };
    assert_eq!(m.rows.len(), 3);
}

#[test]
fn a_title_with_parentheses_does_not_decide_the_comments() {
    // PuzzleScript Next reads a title's `(` as text, so the first comment
    // is the `//` line after it (PSN's demo test_export starts so).
    let src = SLASH_GAME.replacen("title Slash // all of it", "title Odd ()_+ name", 1);
    let (ast, diags) = parse(&src);
    assert!(diags.is_empty(), "{diags:?}");
    assert!(ast.slash_comments.is_some_and(|s| s.line == 3), "{:?}", ast.slash_comments);
    assert_eq!(ast.prelude[0].value.as_deref(), Some("Odd ()_+ name"));
    assert_eq!(ast.layers.len(), 3, "`;` ends a layer");
    // Control: with a `( )` comment first, the title's parentheses are a
    // comment, as in classic PuzzleScript (the value stops there).
    let classic = src.replacen("// first comment", "(first comment)", 1);
    let (ast, _) = parse(&classic);
    assert!(ast.slash_comments.is_none());
    assert_eq!(ast.prelude[0].value.as_deref(), Some("Odd"));
}
