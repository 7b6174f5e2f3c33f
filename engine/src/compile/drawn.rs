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

/// A canvas object's instructions, includes expanded (`depth` deep at most).
fn instructions(ast: &Ast, def: &ObjectDef, depth: usize) -> Vec<Instr> {
    let Some(def) = follow(ast, def, |o| o.canvas.as_ref().is_some_and(|c| !c.lines.is_empty())) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for line in def.canvas.iter().flat_map(|c| &c.lines) {
        for i in parse_line(&line.text).unwrap_or_default() {
            match (&i.key[..], &i.value) {
                ("!include", Value::Str(name)) if depth < 8 => {
                    let name = name.to_lowercase();
                    if let Some(inc) = ast.objects.iter().find(|o| o.name.text == name) {
                        out.extend(instructions(ast, inc, depth + 1));
                    }
                }
                _ => out.push(i),
            }
        }
    }
    out
}

/// How `def` is drawn, if not by a sprite.
pub(super) fn drawn(ast: &Ast, def: &ObjectDef) -> Option<Arc<Drawn>> {
    if let Some(canvas) = &def.canvas {
        return Some(Arc::new(Drawn::Canvas { size: canvas.size, instrs: instructions(ast, def, 0) }));
    }
    let def = follow(ast, def, |o| o.text.is_some())?;
    let text = def.text.as_ref()?;
    let scale = def.scale.as_ref().and_then(|s| s.text.parse::<f64>().ok()).filter(|s| s.is_finite() && *s > 0.0);
    Some(Arc::new(Drawn::Text { text: text.text.clone(), scale }))
}
