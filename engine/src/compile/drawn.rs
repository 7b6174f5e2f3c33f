//! PuzzleScript Next's objects drawn otherwise than by a sprite grid, as
//! the renderers get them: a text sprite's text and scale, a canvas
//! sprite's size and instructions (each `!include` replaced by the
//! instructions of the object it names, following copies).

use std::sync::Arc;

use crate::canvas::{Instr, Value, parse_line};
use crate::syntax::ast::{Ast, ObjectDef, SmolStr};

/// How an object is drawn when it is not by its sprite.
#[derive(Debug, Clone, PartialEq)]
pub enum Drawn {
    /// `text: WORDS`: the text (as written, trimmed), in the object's first
    /// colour, and `scale:` (the text's height over the cell's), if given.
    Text {
        /// The words.
        text: SmolStr,
        /// `scale:`.
        scale: Option<f64>,
    },
    /// `canvas:W,H`: the size in cells and the drawing instructions.
    Canvas {
        /// Width and height in cells.
        size: (u32, u32),
        /// The instructions, includes expanded.
        instrs: Vec<Instr>,
    },
}

/// The object with `copy:` followed (a few steps) to one that has `what`.
fn follow<'a>(ast: &'a Ast, def: &'a ObjectDef, what: impl Fn(&ObjectDef) -> bool) -> Option<&'a ObjectDef> {
    let mut cur = def;
    for _ in 0..8 {
        if what(cur) {
            return Some(cur);
        }
        let source = cur.copy_from.as_ref()?;
        cur = ast.objects.iter().find(|o| o.name.text == source.text)?;
    }
    None
}

/// How deep `!include`s are followed (an object that includes itself,
/// through others or not, stops there).
const INCLUDE_DEPTH: usize = 8;
/// How many instructions a canvas object may grow to with its includes
/// (one that includes itself many times would otherwise grow without end).
const MAX_INSTRUCTIONS: usize = 20_000;

/// The object named `name`, in any case, as PuzzleScript Next finds what
/// `!include` names.
fn named<'a>(ast: &'a Ast, name: &str) -> Option<&'a ObjectDef> {
    let name = name.to_lowercase();
    ast.objects.iter().find(|o| o.name.text.to_lowercase() == name)
}

/// A canvas object's instructions, includes expanded (`depth` deep at
/// most), appended to `out` up to [`MAX_INSTRUCTIONS`].
fn instructions(ast: &Ast, def: &ObjectDef, depth: usize, out: &mut Vec<Instr>) {
    let Some(def) = follow(ast, def, |o| o.canvas.as_ref().is_some_and(|c| !c.lines.is_empty())) else {
        return;
    };
    for line in def.canvas.iter().flat_map(|c| &c.lines) {
        for i in parse_line(&line.text).unwrap_or_default() {
            if out.len() >= MAX_INSTRUCTIONS {
                return;
            }
            match (&i.key[..], &i.value) {
                ("!include", Value::Str(name)) => {
                    if let Some(inc) = named(ast, name).filter(|_| depth < INCLUDE_DEPTH) {
                        instructions(ast, inc, depth + 1, out);
                    }
                }
                _ => out.push(i),
            }
        }
    }
}

/// How `def` is drawn, if not by a sprite.
pub(super) fn drawn(ast: &Ast, def: &ObjectDef) -> Option<Arc<Drawn>> {
    if let Some(canvas) = &def.canvas {
        let mut instrs = Vec::new();
        instructions(ast, def, 0, &mut instrs);
        return Some(Arc::new(Drawn::Canvas { size: canvas.size, instrs }));
    }
    let def = follow(ast, def, |o| o.text.is_some())?;
    let text = def.text.as_ref()?;
    let scale = def.scale.as_ref().and_then(|s| s.text.parse::<f64>().ok()).filter(|s| s.is_finite() && *s > 0.0);
    Some(Arc::new(Drawn::Text { text: text.text.clone(), scale }))
}
