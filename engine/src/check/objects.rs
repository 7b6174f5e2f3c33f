//! Objects: colour count, sprite shape and colour indices.

use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::syntax::ast::Ast;

/// Check every object definition.
pub fn check(ast: &Ast, out: &mut Vec<Diagnostic>) {
    // A game that sets a PuzzleScript Plus/Next option is read as those
    // dialects read sprites: any size, up to 36 colours (letters past 9).
    let plus = ast.prelude.iter().any(|p| {
        crate::options::PreludeOption::from_keyword(&p.key.text)
            .is_some_and(|o| o.dialect() > crate::options::Dialect::Classic)
    });
    for o in &ast.objects {
        let n = &o.name.text;
        if let Some(source) = &o.copy_from
            && !ast.objects.iter().any(|x| x.name.text == source.text)
        {
            out.push(cat::copy_source_missing(source.span, n, &source.text));
        }
        for t in &o.transforms {
            use crate::syntax::transform::{Problem, parse};
            match parse(&t.text) {
                Ok(_) => {}
                Err(Problem::Unsupported(word)) => out.push(cat::sprite_transform_unsupported(t.span, &word)),
                Err(Problem::BadArgument(wants)) => out.push(cat::sprite_transform_bad(t.span, &t.text, wants)),
            }
        }
        let max = if plus { 36 } else { 10 };
        if o.colors.len() > max {
            out.push(cat::too_many_colours(o.colors_span.unwrap_or(o.name.span), max));
        }
        if let Some(scale) = &o.scale
            && !scale.text.parse::<f64>().is_ok_and(|v| v.is_finite() && v > 0.0)
        {
            out.push(cat::scale_not_a_number(scale.span, n, &scale.text));
        }
        if let Some(canvas) = &o.canvas {
            for line in &canvas.lines {
                if let Err(at) = crate::canvas::parse_line(&line.text) {
                    let bad = &line.text[at..];
                    out.push(cat::canvas_json_bad(line.span, n, bad.split_whitespace().next().unwrap_or(bad)));
                }
            }
        }
        // A canvas sprite draws with its own colours.
        if o.colors.is_empty() && o.canvas.is_none() {
            out.push(cat::no_colours(o.name.span, n));
        }
        if !plus && !o.sprite_rows.is_empty() && (o.sprite_rows.len() != 5 || o.sprite.iter().any(|r| r.len() < 5)) {
            out.push(cat::sprite_not_5x5(o.name.span, n));
        }
        for (row, px) in o.sprite_rows.iter().zip(&o.sprite) {
            if let Some(bad) = px.iter().flatten().find(|&&i| usize::from(i) >= o.colors.len()) {
                out.push(cat::sprite_colour_missing(row.span, n, *bad, o.colors.len()));
            }
        }
    }
}
