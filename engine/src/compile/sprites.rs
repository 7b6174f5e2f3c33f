//! Each object's final sprite: its own rows, or another object's with
//! `copy:NAME`, then PuzzleScript Next's transforms in the order written
//! (`syntax::transform`). `translate:` moves where the sprite is drawn
//! rather than its pixels: that is the offset beside it.

use crate::syntax::ast::{Ast, ObjectDef, PixelRow, Sprite};
use crate::syntax::transform;

/// How many `copy:` steps are followed (a loop stops there).
const MAX_COPIES: usize = 8;

/// `def`'s sprite and drawing offset (pixels right, down) once its copy and
/// transforms are applied. A game without them gets its sprite unchanged.
#[must_use]
pub fn final_sprite(ast: &Ast, def: &ObjectDef) -> (Sprite, (i32, i32)) {
    if def.copy_from.is_none() && def.transforms.is_empty() {
        return (def.sprite.clone(), (0, 0));
    }
    let (rows, offset) = rows_of(ast, def, MAX_COPIES);
    let mut sprite = Sprite::default();
    for r in rows {
        let mut row = PixelRow::default();
        for p in r {
            if !row.push(p) {
                break;
            }
        }
        sprite.push(row);
    }
    (sprite, offset)
}

fn rows_of(ast: &Ast, def: &ObjectDef, depth: usize) -> (Vec<Vec<Option<u8>>>, (i32, i32)) {
    let source = def
        .copy_from
        .as_ref()
        .filter(|_| depth > 0)
        .and_then(|s| ast.objects.iter().find(|o| o.name.text == s.text && !std::ptr::eq(*o, def)));
    let (mut rows, mut offset) = match source {
        Some(src) => rows_of(ast, src, depth - 1),
        None => (crate::syntax::ast::sprite_pixels(&def.sprite), (0, 0)),
    };
    for t in def.transforms.iter().filter_map(|t| transform::parse(&t.text).ok()) {
        (rows, offset) = transform::apply(rows, offset, t);
    }
    (rows, offset)
}

#[cfg(test)]
mod tests {
    use crate::syntax::parse;

    /// A game of ours: an arrow drawn once, then copied turned, mirrored,
    /// shifted and moved.
    const GAME: &str = "title Arrows\nsprite_size 3\n\nOBJECTS\nBackground\nblack\n\nUp\nwhite\n.0.\n000\n.0.\n\n\
        Arrow\nred\n.0.\n000\n...\n\nEast copy:Arrow rot:right\nred\n\nWest copy: Arrow\nred\nrot:up:left\n\n\
        Low copy:Arrow -\nred\n\nSide copy:East shift:down translate:left:2\nred\n\n\
        LEGEND\n. = Background\nPlayer = Up\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nUp, Arrow, East, West, Low, Side\n\n\
        RULES\n\nWINCONDITIONS\n\nLEVELS\n.\n";

    fn rows(name: &str) -> (Vec<String>, (i32, i32)) {
        let (ast, diags) = parse(GAME);
        assert!(diags.is_empty(), "{diags:?}");
        let def = ast.objects.iter().find(|o| o.name.text == name).expect("object");
        let (s, off) = super::final_sprite(&ast, def);
        (s.iter().map(|r| r.iter().map(|p| p.map_or('.', |d| char::from(b'0' + d))).collect()).collect(), off)
    }

    #[test]
    fn a_bar_or_dash_on_a_classic_name_line_is_a_glyph() {
        let (ast, _) = parse("title t\n\nOBJECTS\nWall |\ngrey\n\nRope -\nbrown\n");
        let glyphs: Vec<&str> = ast.objects.iter().flat_map(|o| &o.extra_names).map(|n| n.text.as_str()).collect();
        assert_eq!(glyphs, ["|", "-"]);
        assert!(ast.objects.iter().all(|o| o.transforms.is_empty()));
    }

    #[test]
    fn copies_take_the_source_then_turn() {
        assert_eq!(rows("arrow").0, [".0.", "000", "..."]);
        assert_eq!(rows("east").0, [".0.", ".00", ".0."]);
        assert_eq!(rows("west").0, [".0.", "00.", ".0."], "a transform on a line of its own");
        assert_eq!(rows("low").0, ["...", "000", ".0."]);
        // A copy of a copy takes its turned sprite, then shifts it.
        assert_eq!(rows("side"), (vec![".0.".to_owned(), ".0.".into(), ".00".into()], (-2, 0)));
        let b = crate::build(GAME);
        assert!(b.game.is_some(), "{}", b.first_errors(5));
    }
}
