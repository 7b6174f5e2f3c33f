//! PuzzleScript Plus's mouse input as compiled: which object each mouse or
//! touch event puts in the clicked cell before its turn (`mouse_left`,
//! `mouse_drag`, `mouse_up`, `mouse_right`, `mouse_rdrag`, `mouse_rup`,
//! each naming an object or, with no name, the objects `lmb`, `drag`,
//! `lmbup`, `rmb`, `rdrag`, `rmbup`), and `mouse_obstacle`, the objects a
//! drag's path goes around. An event with no object does nothing.

use super::layout::Layout;
use crate::diag::Diagnostic;
use crate::syntax::ast::Ast;

/// What mouse and touch events do in a game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mouse {
    /// `mouse_left`: the object a left press (or a touch) puts in its cell.
    pub left: Option<usize>,
    /// `mouse_drag`: the object put in each cell the held left button enters.
    pub drag: Option<usize>,
    /// `mouse_up`: the object put where the left button is let go.
    pub up: Option<usize>,
    /// `mouse_right`: the object a right press puts in its cell.
    pub right: Option<usize>,
    /// `mouse_rdrag`: as `drag`, for the right button.
    pub rdrag: Option<usize>,
    /// `mouse_rup`: as `up`, for the right button.
    pub rup: Option<usize>,
    /// `mouse_obstacle`: a drag's path between two cells goes around
    /// cells holding any of these objects (an object mask).
    pub obstacle: Option<Box<[u64]>>,
    /// PuzzleScript Next's `mouse_clicks`: a press the options above do
    /// not take marks what its cell holds with the `lclick` (left) or
    /// `rclick` (right) movement, which rules read like a direction.
    pub clicks: bool,
}

impl Mouse {
    /// Whether the game listens to the mouse at all.
    #[must_use]
    pub fn listens(&self) -> bool {
        self.clicks || [self.left, self.drag, self.up, self.right, self.rdrag, self.rup].iter().any(Option::is_some)
    }
}

/// The options and the object each names when it names none.
const OPTIONS: [(&str, &str); 6] = [
    ("mouse_left", "lmb"),
    ("mouse_drag", "drag"),
    ("mouse_up", "lmbup"),
    ("mouse_right", "rmb"),
    ("mouse_rdrag", "rdrag"),
    ("mouse_rup", "rmbup"),
];

/// Read the mouse options of `ast`; a name that is no object (nor a
/// synonym of one) is an error, as in PuzzleScript Next.
pub(super) fn build(ast: &Ast, names: &Layout, ow: usize, diags: &mut Vec<Diagnostic>) -> Mouse {
    let mut ids = [None; 6];
    for (slot, (key, default)) in ids.iter_mut().zip(OPTIONS) {
        let Some(line) = ast.prelude.iter().rev().find(|p| p.key.text == key) else { continue };
        let name = line.value.as_deref().and_then(|v| v.split_whitespace().next()).unwrap_or(default);
        let name = ast.name_key(name);
        let id = names.object(&name).map(|(id, _)| id).or_else(|| match names.objects_of(&name) {
            Some((false, [one])) => Some(*one),
            _ => None,
        });
        match id {
            None => diags.push(crate::diag::catalogue::mouse_object_missing(line.span, key, &name)),
            // As PuzzleScript Plus warns: the object dropped may land on
            // another of its layer.
            Some(id) if shares_layer(names, id) => {
                diags.push(crate::diag::catalogue::mouse_object_shares_layer(line.span, key, &name));
            }
            Some(_) => {}
        }
        *slot = id;
    }
    let obstacle = ast.prelude.iter().rev().find(|p| p.key.text == "mouse_obstacle").and_then(|line| {
        let name = line.value.as_deref().and_then(|v| v.split_whitespace().next())?;
        let name = ast.name_key(name);
        let Some((_, objects)) = names.objects_of(&name) else {
            diags.push(crate::diag::catalogue::mouse_object_missing(line.span, "mouse_obstacle", &name));
            return None;
        };
        let mut mask = vec![0u64; ow];
        for &id in objects {
            super::bits::set_bit(&mut mask, id);
        }
        Some(mask.into_boxed_slice())
    });
    let [left, drag, up, right, rdrag, rup] = ids;
    Mouse { left, drag, up, right, rdrag, rup, obstacle, clicks: ast.mouse_clicks() }
}

/// Whether object `id` shares its collision layer with another object.
fn shares_layer(names: &Layout, id: usize) -> bool {
    let Some((_, layer)) = names.id_names.get(id).and_then(|n| names.object(n)) else { return false };
    names.id_names.iter().filter_map(|n| names.object(n)).any(|(other, l)| l == layer && other != id)
}

#[cfg(test)]
mod tests {
    /// A mouse option written alone drops its default object (`mouse_left`
    /// drops `lmb`), as PuzzleScript Plus reads it (its Gating and Jelly
    /// No Puzzle write `mouse_left` alone); `mouse_obstacle` alone names
    /// nothing. Neither is an error.
    #[test]
    fn a_mouse_option_alone_names_its_default_object() {
        let text = "title Bare\nmouse_left\nmouse_obstacle\n\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\nLmb\nred\n\n\
                    LEGEND\n. = Background\nP = Player\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\nLmb\n\n\
                    RULES\n[ Lmb ] -> [ Player ]\n\nWINCONDITIONS\n\nLEVELS\nP.\n";
        let b = crate::build(text);
        let errors: Vec<_> = b.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "{errors:?}");
        let game = b.game.expect("compiled");
        let left = game.mouse.left.expect("mouse_left drops an object");
        assert!(game.objects[left].name.eq_ignore_ascii_case("lmb"));
        assert!(game.mouse.obstacle.is_none());
    }
}
