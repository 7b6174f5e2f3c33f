//! Collision layers: defined names, no aggregates, background alone,
//! objects in one layer only.

use rustc_hash::FxHashMap as HashMap;

use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::names::{Meaning, NameTable};
use crate::syntax::ast::Ast;

/// Check the layers; returns each layered object's layer index. In a
/// PuzzleScript Plus/Next game (`plus`) BACKGROUND may open a layer line
/// that other objects share, as Next allows (it refuses BACKGROUND only
/// after another name on its line); a classic game keeps it alone.
pub fn check<'a>(ast: &Ast, names: &NameTable<'a>, plus: bool, out: &mut Vec<Diagnostic>) -> HashMap<&'a str, usize> {
    let mut layer_of: HashMap<&'a str, usize> = HashMap::default();
    layer_of.reserve(names.objects().len());
    // The names of one layer line so far (one list for every line).
    let mut on_line: Vec<&str> = Vec::new();
    for (li, layer) in ast.layers.iter().enumerate() {
        on_line.clear();
        let mut has_content = false;
        let mut bg_first = false;
        for (k, id) in layer.names.iter().enumerate() {
            let n = id.text.as_str();
            if n == "background" {
                if has_content {
                    out.push(cat::background_not_alone(id.span));
                }
                bg_first = k == 0 || bg_first;
            } else if !plus && k > 0 && layer.names[..k].iter().any(|x| x.text.as_str() == "background") {
                out.push(cat::background_not_alone(id.span));
            }
            let objs: &[&'a str] = match names.meaning(n) {
                Some(m @ (Meaning::Object(_) | Meaning::Property(_))) => m.objects(),
                Some(Meaning::Aggregate(_)) => {
                    out.push(cat::layer_aggregate(id.span, n));
                    &[]
                }
                None => {
                    out.push(cat::layer_undefined(id.span, n));
                    &[]
                }
            };
            if objs.iter().any(|o| layer_of.get(o).is_some_and(|&l| l != li)) {
                out.push(cat::layer_repeat(id.span, n));
            }
            if on_line.contains(&n) {
                out.push(cat::layer_twice(id.span, n));
            }
            on_line.push(n);
            for &o in objs {
                layer_of.insert(o, li);
                has_content = true;
            }
        }
    }
    layer_of
}
