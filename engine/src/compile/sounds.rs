//! The SOUNDS section: global events (startlevel, sfx3...) and object
//! sounds (create, destroy, move/cantmove with directions, action, and
//! PuzzleScript Next's lclick/rclick in `mouse_clicks` games), and
//! PuzzleScript Next's `afx:` animations on the same lines
//! ([`AfxSounds`]).

use super::bits;
use super::layout::{Layout, Narrowed};
use crate::sfx::SoundSeed;
use crate::syntax::ast::SoundDef;
use crate::syntax::keywords::{AfxWord, SoundDirection, SoundEvent, SoundVerb};
use rustc_hash::FxHashMap as HashMap;

/// A movement sound of one object.
#[derive(Debug, Clone)]
pub struct MoveSound {
    /// The object id.
    pub object: usize,
    /// Its layer.
    pub layer: usize,
    /// Direction bits (up 1, down 2, left 4, right 8, action 16).
    pub dirs: u64,
    /// The sfxr seed.
    pub seed: SoundSeed,
}

/// Every sound of the game.
#[derive(Debug, Clone, Default)]
pub struct Sounds {
    /// Global events (`startlevel`, `sfx0`, `undo`...).
    pub events: HashMap<SoundEvent, SoundSeed>,
    /// Played when an object of the mask is created during a turn.
    pub create: Vec<(Box<[u64]>, SoundSeed)>,
    /// Played when an object of the mask is destroyed during a turn.
    pub destroy: Vec<(Box<[u64]>, SoundSeed)>,
    /// Movement sounds, by layer.
    pub moves: Vec<Vec<MoveSound>>,
    /// Failed-movement sounds.
    pub cantmove: Vec<MoveSound>,
    /// Click sounds (`lclick`, `rclick`, PuzzleScript Next's
    /// `mouse_clicks`): played when an object of the layer still has the
    /// click mark when movements resolve (no rule took it), as the
    /// reference plays them; `dirs` is the mark's bit (lclick 1, rclick 2,
    /// see [`super::bits::click_layer`]).
    pub clicks: Vec<MoveSound>,
    /// PuzzleScript Next's `afx:` animations, by the same events.
    pub afx: AfxSounds,
}

/// An `afx:` animation of one object for one event of a SOUNDS line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AfxTrigger {
    /// The object id.
    pub object: usize,
    /// Its layer.
    pub layer: usize,
    /// Direction bits as in [`MoveSound::dirs`] (0 for create and destroy).
    pub dirs: u64,
    /// The word: an index into [`AfxSounds::words`].
    pub afx: usize,
}

/// Every `afx:` animation of the game (PuzzleScript Next): empty in a
/// game without them, so a turn notes nothing for them.
#[derive(Debug, Clone, Default)]
pub struct AfxSounds {
    /// The `afx:` words, read once.
    pub words: Vec<crate::afx::Afx>,
    /// On `move` and `action` lines.
    pub moves: Vec<AfxTrigger>,
    /// On `cantmove` lines.
    pub cantmove: Vec<AfxTrigger>,
    /// On `lclick`/`rclick` lines (`dirs` is the click's mark bit).
    pub clicks: Vec<AfxTrigger>,
    /// On `create` lines.
    pub create: Vec<AfxTrigger>,
    /// On `destroy` lines.
    pub destroy: Vec<AfxTrigger>,
}

impl AfxSounds {
    /// Whether the game animates anything.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
            && self.cantmove.is_empty()
            && self.clicks.is_empty()
            && self.create.is_empty()
            && self.destroy.is_empty()
    }
}

/// Read the SOUNDS lines. `per_object`: the game is PuzzleScript
/// Plus/Next, whose `create` and `destroy` sounds play once for each
/// object of the line that was created or destroyed (a classic game's
/// play once for the line).
pub(crate) fn build(names: &Layout, defs: &[SoundDef], ow: usize, per_object: bool) -> Sounds {
    let mut s = Sounds { moves: vec![Vec::new(); names.layer_count], ..Sounds::default() };
    for def in defs {
        // PuzzleScript Next's `afx:` words may come with the seed or
        // without it; the rest of the line reads as before.
        let afx: Vec<crate::afx::Afx> =
            def.words.iter().filter_map(|w| crate::afx::Afx::parse(&w.text)).map(|(a, _)| a).collect();
        let words: Vec<&str> = def.words.iter().map(|w| w.text.as_str()).filter(|w| !AfxWord::is_afx(w)).collect();
        // A seed too long to make a sound (over 19 digits) is left out
        // like any other line that is not a sound.
        let seed = words.last().and_then(|w| SoundSeed::parse(w));
        let body = &words[..words.len() - usize::from(seed.is_some())];
        if body.is_empty() || (seed.is_none() && afx.is_empty()) {
            continue;
        }
        if let Some(event) = SoundEvent::parse(body[0])
            && names.kind(body[0]).is_none()
        {
            // (An animation needs an object: `check` says so.)
            if let Some(seed) = seed {
                s.events.insert(event, seed);
            }
            continue;
        }
        if body.len() < 2 {
            continue;
        }
        let target = body[0];
        let Some(verb) = SoundVerb::parse(body[1]) else { continue };
        let mut dirs = 0u64;
        for w in &body[2..] {
            dirs |= SoundDirection::parse(w).map_or(0, SoundDirection::bits);
        }
        let verb = match verb {
            SoundVerb::Action => {
                dirs = 16;
                SoundVerb::Move
            }
            SoundVerb::LClick => {
                dirs = 1;
                verb
            }
            SoundVerb::RClick => {
                dirs = 2;
                verb
            }
            _ => verb,
        };
        if dirs == 0 {
            dirs = 15;
        }
        let Some(kind) = names.kind(target) else { continue };
        let members: &[&str] = match kind {
            Narrowed::Object(o) => std::slice::from_ref(o),
            Narrowed::Property(m) => m,
            Narrowed::Aggregate(_) => continue,
        };
        for a in afx {
            let index = s.afx.words.len();
            s.afx.words.push(a);
            for o in members {
                let Some((object, layer)) = names.object(o) else { continue };
                let t = AfxTrigger { object, layer, dirs, afx: index };
                let list = match verb {
                    SoundVerb::Create => &mut s.afx.create,
                    SoundVerb::Destroy => &mut s.afx.destroy,
                    SoundVerb::CantMove => &mut s.afx.cantmove,
                    SoundVerb::LClick | SoundVerb::RClick => &mut s.afx.clicks,
                    _ => &mut s.afx.moves,
                };
                list.push(AfxTrigger { dirs: if list_is_directional(verb) { dirs } else { 0 }, ..t });
            }
        }
        let Some(seed) = seed else { continue };
        if per_object && matches!(verb, SoundVerb::Create | SoundVerb::Destroy) {
            // PuzzleScript Next: one sound per object of the line (each
            // member of a property as written), each played when that
            // object was created (destroyed).
            let list = if verb == SoundVerb::Create { &mut s.create } else { &mut s.destroy };
            for o in names.members_as_written(target).unwrap_or(members) {
                if let Some((id, _)) = names.object(o) {
                    let mut mask = vec![0u64; ow];
                    bits::set_bit(&mut mask, id);
                    list.push((mask.into(), seed.clone()));
                }
            }
            continue;
        }
        let mut mask = vec![0u64; ow];
        for o in members {
            if let Some((id, _)) = names.object(o) {
                bits::set_bit(&mut mask, id);
            }
        }
        match verb {
            SoundVerb::Create => s.create.push((mask.into(), seed)),
            SoundVerb::Destroy => s.destroy.push((mask.into(), seed)),
            _ => {
                for o in members {
                    let Some((id, layer)) = names.object(o) else { continue };
                    let ms = MoveSound { object: id, layer, dirs, seed: seed.clone() };
                    match verb {
                        SoundVerb::CantMove => s.cantmove.push(ms),
                        SoundVerb::LClick | SoundVerb::RClick => s.clicks.push(ms),
                        _ => {
                            if let Some(v) = s.moves.get_mut(layer) {
                                v.push(ms);
                            }
                        }
                    }
                }
            }
        }
    }
    s
}

/// Whether an animation of `verb` keeps the line's direction bits (all
/// but `create` and `destroy`).
fn list_is_directional(verb: SoundVerb) -> bool {
    !matches!(verb, SoundVerb::Create | SoundVerb::Destroy)
}
