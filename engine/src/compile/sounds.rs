//! The SOUNDS section: global events (startlevel, sfx3...) and object
//! sounds (create, destroy, move/cantmove with directions, action).

use super::bits;
use super::layout::{Layout, Narrowed};
use crate::syntax::ast::SoundDef;
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
    pub seed: String,
}

/// Every sound of the game.
#[derive(Debug, Clone, Default)]
pub struct Sounds {
    /// Global events by name (`startlevel`, `sfx0`, `undo`...).
    pub events: HashMap<String, String>,
    /// Played when an object of the mask is created during a turn.
    pub create: Vec<(Box<[u64]>, String)>,
    /// Played when an object of the mask is destroyed during a turn.
    pub destroy: Vec<(Box<[u64]>, String)>,
    /// Movement sounds, by layer.
    pub moves: Vec<Vec<MoveSound>>,
    /// Failed-movement sounds.
    pub cantmove: Vec<MoveSound>,
}

const EVENTS: &[&str] = &[
    "undo",
    "restart",
    "titlescreen",
    "startgame",
    "cancel",
    "endgame",
    "startlevel",
    "endlevel",
    "showmessage",
    "closemessage",
    "sfx0",
    "sfx1",
    "sfx2",
    "sfx3",
    "sfx4",
    "sfx5",
    "sfx6",
    "sfx7",
    "sfx8",
    "sfx9",
    "sfx10",
];

fn dir_bits(word: &str) -> Option<u64> {
    Some(match word {
        "up" => 1,
        "down" => 2,
        "left" => 4,
        "right" => 8,
        "horizontal" => 12,
        "vertical" => 3,
        "orthogonal" => 15,
        _ => return None,
    })
}

pub(crate) fn build(names: &Layout, defs: &[SoundDef], ow: usize) -> Sounds {
    let mut s = Sounds { moves: vec![Vec::new(); names.layer_count], ..Sounds::default() };
    for def in defs {
        let words: Vec<&str> = def.words.iter().map(|w| w.text.as_str()).collect();
        if words.len() < 2 {
            continue;
        }
        let Some(&seed) = words.last() else { continue };
        if !seed.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let seed = seed.to_owned();
        if EVENTS.contains(&words[0]) && names.kind(words[0]).is_none() {
            s.events.insert(words[0].to_owned(), seed);
            continue;
        }
        if words.len() < 3 {
            continue;
        }
        let target = words[0];
        let mut verb = words[1];
        let mut dirs = 0u64;
        for w in &words[2..words.len() - 1] {
            dirs |= dir_bits(w).unwrap_or(0);
        }
        if verb == "action" {
            verb = "move";
            dirs = 16;
        }
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
            "move" | "cantmove" => {
                for o in members {
                    let Some((id, layer)) = names.object(o) else { continue };
                    let ms = MoveSound { object: id, layer, dirs, seed: seed.clone() };
                    if verb == "move" {
                        if let Some(v) = s.moves.get_mut(layer) {
                            v.push(ms);
                        }
                    } else {
                        s.cantmove.push(ms);
                    }
                }
            }
            "create" => s.create.push((mask.into(), seed)),
            "destroy" => s.destroy.push((mask.into(), seed)),
            _ => {}
        }
    }
    s
}
