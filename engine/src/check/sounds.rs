//! SOUNDS lines: `EVENT SEED` or `NAME VERB [DIRECTIONS] SEED`.

use crate::afx::{Afx, Problem};
use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::names::{Meaning, NameTable};
use crate::syntax::ast::{Ast, Ident};
use crate::syntax::keywords::{AfxWord, SoundDirection, SoundEvent, SoundVerb};
use crate::syntax::text::is_word;

/// A seed: digits, with a volume after a colon (`142315:12`) only in a
/// PuzzleScript Plus/Next game (`plus`).
fn is_seed(w: &str, plus: bool) -> bool {
    if plus {
        crate::sfx::SoundSeed::parse(w).is_some()
    } else {
        !w.is_empty() && w.chars().all(|c| c.is_ascii_digit())
    }
}

/// Check every sound line.
/// `plus`: the game is PuzzleScript Plus/Next ([`crate::dialect::needed`]).
pub fn check(ast: &Ast, names: &NameTable, plus: bool, out: &mut Vec<Diagnostic>) {
    // `lclick` and `rclick` are verbs where the prelude says
    // `mouse_clicks`, as in PuzzleScript Next.
    let clicks = ast.mouse_clicks();
    // PuzzleScript Plus/Next seeds may carry a volume (`142315:12`).
    // Events given a sound so far (at most the 21 of `SoundEvent`).
    let mut events: Vec<&str> = Vec::new();
    for s in &ast.sounds {
        let w = &s.words;
        let Some(first) = w.first() else { continue };
        let f = first.text.as_str();
        if SoundEvent::parse(f).is_some() {
            // PuzzleScript Next's `afx:` words are read apart from the seed.
            let animations: Vec<&Ident> = w.iter().skip(1).filter(|x| AfxWord::is_afx(&x.text)).collect();
            for x in &animations {
                afx_word(x, out);
                out.push(cat::afx_on_event(x.span, f));
            }
            let w: Vec<&Ident> = w.iter().filter(|x| !AfxWord::is_afx(&x.text)).collect();
            if w.len() == 1 && !animations.is_empty() {
                continue;
            }
            match w.get(1) {
                None => out.push(cat::sound_event_no_seed(s.span)),
                Some(x) if !is_seed(&x.text, plus) => out.push(cat::sound_expected_seed(x.span, f)),
                Some(_) => {
                    if let Some(x) = w.get(2) {
                        out.push(cat::sound_trailing(x.span, &x.text));
                    } else if events.contains(&f) {
                        out.push(cat::sound_event_repeated(s.span, f));
                    } else {
                        events.push(f);
                    }
                }
            }
            continue;
        }
        if !f.chars().next().is_some_and(is_word) {
            out.push(cat::sound_bad_start(first.span, f));
            continue;
        }
        let Some(meaning) = names.meaning(f) else {
            out.push(cat::sound_unknown_name(first.span, f));
            continue;
        };
        let Some(verb) = w.get(1) else {
            out.push(cat::sound_incomplete(s.span));
            continue;
        };
        let Some(parsed) = SoundVerb::parse(&verb.text).filter(|v| clicks || !v.needs_mouse_clicks()) else {
            out.push(cat::sound_expected_verb(verb.span));
            continue;
        };
        let directional = parsed.is_directional();
        let mut k = 2;
        let mut ok = true;
        // The seed, and PuzzleScript Next's `afx:` animations, end the line.
        let (mut seeds, mut animations) = (0, 0);
        while let Some(x) = w.get(k) {
            k += 1;
            if AfxWord::is_afx(&x.text) {
                afx_word(x, out);
                animations += 1;
                continue;
            }
            if is_seed(&x.text, plus) && seeds == 0 {
                seeds += 1;
                continue;
            }
            if seeds + animations > 0 {
                out.push(cat::sound_trailing(x.span, &x.text));
                ok = false;
                break;
            }
            if directional && SoundDirection::parse(&x.text).is_some() {
                continue;
            }
            if directional {
                out.push(cat::sound_expected_dir_or_seed(x.span, &x.text));
            } else {
                out.push(cat::sound_expected_seed(x.span, &verb.text));
            }
            ok = false;
            break;
        }
        if !ok {
            continue;
        }
        if seeds + animations == 0 {
            out.push(cat::sound_no_seed(s.span));
            continue;
        }
        if let Meaning::Aggregate(_) = meaning {
            out.push(cat::sound_on_aggregate(s.span, f));
        }
    }
}

/// What in an `afx:` word (PuzzleScript Next) is not read.
fn afx_word(x: &Ident, out: &mut Vec<Diagnostic>) {
    let Some((_, problems)) = Afx::parse(&x.text) else { return };
    for p in problems {
        out.push(match p {
            Problem::UnknownPart(part) => cat::afx_unknown_part(x.span, &part),
            Problem::NotANumber(v) => cat::afx_not_a_number(x.span, &v),
            Problem::OneValue(part) => cat::afx_one_value(x.span, &part),
            Problem::UnknownEasing(name) => cat::afx_unknown_easing(x.span, &name),
        });
    }
}
