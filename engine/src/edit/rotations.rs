//! "Make rotated copies" (the sprite painter's action for a PuzzleScript
//! Next game): three new objects after one, each written as a copy of it
//! turned by PuzzleScript Next's `rot:` transform (`CrateRight
//! copy:Crate rot:right`), with its colours, in its collision layer. The
//! sprite is not repeated in the text: the engine turns it.

use std::fmt::Write as _;

use super::TextEdit;
use super::objects::{ObjectEditError, find, is_valid_name, name_taken, splice};
use crate::syntax::ast::Ast;

/// The directions the copies face (the original faces up) and the word
/// each name ends in.
pub const TURNS: [(&str, &str); 3] = [("right", "Right"), ("down", "Down"), ("left", "Left")];

/// The names the copies of `shown` (the object's name as written) get.
#[must_use]
pub fn copy_names(shown: &str) -> [String; 3] {
    TURNS.map(|(_, suffix)| format!("{shown}{suffix}"))
}

/// One edit adding the three turned copies of object `name` after its
/// definition, and their names after its own in its collision layer.
///
/// # Errors
/// When the object is unknown, has no sprite or no layer, or a copy's name
/// is taken.
pub fn add_rotated_copies(src: &str, ast: &Ast, name: &str) -> Result<TextEdit, ObjectEditError> {
    let obj = find(ast, name)?;
    let shown = obj.name.span.text(src).to_owned();
    if obj.sprite.is_empty() && obj.copy_from.is_none() {
        return Err(ObjectEditError::NoSprite(shown));
    }
    let layer_name = ast
        .layers
        .iter()
        .flat_map(|l| &l.names)
        .find(|n| n.text == obj.name.text || obj.extra_names.iter().any(|e| e.text == n.text))
        .ok_or_else(|| ObjectEditError::NoLayer(shown.clone()))?;
    let names = copy_names(&shown);
    for n in &names {
        if !is_valid_name(n) {
            return Err(ObjectEditError::BadName(n.clone()));
        }
        if name_taken(ast, &ast.name_key(n)) {
            return Err(ObjectEditError::NameTaken(n.clone()));
        }
    }
    let nl = if src.contains("\r\n") { "\r\n" } else { "\n" };
    let colors = obj.colors_span.map_or_else(
        || obj.colors.iter().map(|c| c.text.as_str()).collect::<Vec<_>>().join(" "),
        |s| s.text(src).to_owned(),
    );
    let mut block = String::new();
    for (n, (dir, _)) in names.iter().zip(TURNS) {
        let _ = write!(block, "{nl}{nl}{n} copy:{shown} rot:{dir}{nl}{colors}");
    }
    let in_layer = format!(", {}", names.join(", "));
    let edits = vec![TextEdit::insert(end_of_object(obj), block), TextEdit::insert(layer_name.span.end, in_layer)];
    splice(src, edits).ok_or(ObjectEditError::MissingSection("OBJECTS"))
}

/// Where an object's definition ends: after its last sprite row, colour
/// line or name line.
fn end_of_object(obj: &crate::syntax::ast::ObjectDef) -> usize {
    let rows = obj.sprite_rows.last().map_or(0, |r| r.span.end);
    let colors = obj.colors_span.map_or(0, |s| s.end);
    let names = obj.transforms.iter().map(|t| t.span.end).max().unwrap_or(0);
    rows.max(colors).max(names).max(obj.span.end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;

    const GAME: &str = "title T\nsprite_size 3\n\nOBJECTS\nBackground\nblack\n\nArrow a\nred white\n.0.\n010\n...\n\n\
        Wall\ngrey\n\nLEGEND\n. = Background\nPlayer = Wall\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nArrow, Wall\n\nRULES\n\n\
        WINCONDITIONS\n\nLEVELS\n.a\n";

    #[test]
    fn three_turned_copies_follow_the_object() {
        let (ast, _) = parse(GAME);
        let e = add_rotated_copies(GAME, &ast, "arrow").expect("made");
        let out = e.apply(GAME).expect("applies");
        assert!(
            out.contains(
                "...\n\nArrowRight copy:Arrow rot:right\nred white\n\nArrowDown copy:Arrow rot:down\nred white\n\n\
                 ArrowLeft copy:Arrow rot:left\nred white\n\nWall"
            ),
            "{out}"
        );
        assert!(out.contains("Arrow, ArrowRight, ArrowDown, ArrowLeft, Wall"), "{out}");
        let b = crate::build(&out);
        assert!(b.game.is_some(), "{}", b.first_errors(5));
        let g = b.game.expect("compiled");
        let right = g.objects.iter().find(|o| o.name == "arrowright").expect("the copy");
        let rows: Vec<Vec<Option<u8>>> = crate::syntax::ast::sprite_pixels(&right.sprite);
        assert_eq!(rows, [vec![None, Some(0), None], vec![None, Some(1), Some(0)], vec![None, Some(0), None]]);
        // A second time, the names are taken.
        let (ast2, _) = parse(&out);
        assert!(matches!(add_rotated_copies(&out, &ast2, "arrow"), Err(ObjectEditError::NameTaken(_))));
    }
}
