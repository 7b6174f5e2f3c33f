//! The SOUNDS section: global events (startlevel, sfx3...) and object
//! sounds (create, destroy, move/cantmove with directions, action, and
//! PuzzleScript Next's lclick/rclick in `mouse_clicks` games).

use super::bits;
use super::layout::{Layout, Narrowed};
use crate::sfx::SoundSeed;
use crate::syntax::ast::SoundDef;
use crate::syntax::keywords::{SoundDirection, SoundEvent, SoundVerb};
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
}

pub(crate) fn build(names: &Layout, defs: &[SoundDef], ow: usize) -> Sounds {
    let mut s = Sounds { moves: vec![Vec::new(); names.layer_count], ..Sounds::default() };
    for def in defs {
        let words: Vec<&str> = def.words.iter().map(|w| w.text.as_str()).collect();
        if words.len() < 2 {
            continue;
        }
        // A seed too long to make a sound (over 19 digits) is left out
        // like any other line that is not a sound.
        let Some(seed) = words.last().and_then(|w| SoundSeed::parse(w)) else { continue };
        if let Some(event) = SoundEvent::parse(words[0])
            && names.kind(words[0]).is_none()
        {
            s.events.insert(event, seed);
            continue;
        }
        if words.len() < 3 {
            continue;
        }
        let target = words[0];
        let Some(verb) = SoundVerb::parse(words[1]) else { continue };
        let mut dirs = 0u64;
        for w in &words[2..words.len() - 1] {
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
