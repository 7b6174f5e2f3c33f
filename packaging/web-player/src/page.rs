//! [`Page`]: what the HTML page plays, as plain Rust (the ABI wraps it).

use std::sync::Arc;

use engine::compile::Game;
use engine::render::{Camera, Look};
use engine::run::Session;

use crate::automation::{self, Step};

/// The state behind one page: the game, the session on screen and the two
/// byte buffers shared with the script.
#[derive(Default)]
pub struct Page {
    input: Vec<u8>,
    output: Vec<u8>,
    game: Option<Arc<Game>>,
    look: Option<Look>,
    camera: Camera,
    session: Option<Session>,
    frame_height: usize,
}

impl Page {
    /// The input buffer, resized to `len` bytes (zeroed).
    pub fn input_buffer(&mut self, len: usize) -> &mut Vec<u8> {
        self.input.clear();
        self.input.resize(len, 0);
        &mut self.input
    }

    /// The last result.
    #[must_use]
    pub fn output(&self) -> &[u8] {
        &self.output
    }

    fn input_text(&self) -> String {
        String::from_utf8_lossy(&self.input).into_owned()
    }

    fn fail(&mut self, message: &str) -> bool {
        self.output = message.as_bytes().to_vec();
        false
    }

    /// Build the game in the input buffer; see [`Page::open`].
    pub fn open_from_input(&mut self) -> bool {
        let source = self.input_text();
        self.open(&source)
    }

    /// Build `source`. The game is playable when it compiled without
    /// errors; like the conformance runner, the automation API also plays
    /// what could be salvaged from a game with errors. The output buffer
    /// gets one line per error.
    pub fn open(&mut self, source: &str) -> bool {
        let build = engine::build(source);
        let errors: Vec<String> = build
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| format!("line {}: {}", d.span.line, d.message))
            .collect();
        self.output = errors.join("\n").into_bytes();
        let playable = build.game.is_some();
        self.game = build.game.or(build.salvaged);
        self.look = self.game.as_deref().map(Look::new);
        self.session = None;
        self.camera = Camera::default();
        playable && self.game.as_ref().is_some_and(|g| !g.levels.is_empty())
    }

    /// The compiled game, if any.
    #[must_use]
    pub fn game(&self) -> Option<&Arc<Game>> {
        self.game.as_ref()
    }

    /// [`Page::load`] with the seed in the input buffer (when `has_seed`).
    pub fn load_from_input(&mut self, level: usize, has_seed: bool) -> bool {
        let seed = has_seed.then(|| self.input_text());
        self.load(level, seed.as_deref())
    }

    /// Automation: play entry `level` with `seed`, as the conformance
    /// runner does. On failure the output buffer holds the reason.
    pub fn load(&mut self, level: usize, seed: Option<&str>) -> bool {
        let Some(game) = self.game.clone() else { return self.fail("no game could be compiled") };
        if level >= game.levels.len() {
            return self.fail(&format!("there is no level {level} (the game has {})", game.levels.len()));
        }
        self.camera = Camera::default();
        match automation::start(game, level, seed) {
            Ok(session) => {
                self.session = Some(session);
                true
            }
            Err(e) => self.fail(&e),
        }
    }

    /// Automation: one input by conformance code (see
    /// [`automation::Step::from_code`]).
    pub fn automation_input(&mut self, code: i32) -> bool {
        let Some(step) = Step::from_code(code) else { return self.fail(&format!("unknown input code {code}")) };
        let Some(session) = self.session.as_mut() else { return self.fail("call load(level, seed) first") };
        match automation::apply(session, step) {
            Ok(()) => true,
            Err(e) => self.fail(&e),
        }
    }

    /// Automation: the level in the conformance dump format.
    #[must_use]
    pub fn dump(&self) -> String {
        self.session.as_ref().map(Session::dump).unwrap_or_default()
    }

    /// [`Page::dump`] into the output buffer.
    pub fn dump_to_output(&mut self) {
        self.output = self.dump().into_bytes();
    }

    /// Draw the visible part of the level into the output buffer as RGBA
    /// rows; returns the width (0 when nothing is on screen).
    pub fn frame_to_output(&mut self) -> usize {
        self.output.clear();
        self.frame_height = 0;
        let (Some(session), Some(look)) = (self.session.as_ref(), self.look.as_ref()) else { return 0 };
        let view = self.camera.view(session);
        let frame = engine::render::level_frame(look, session, view);
        self.output.reserve(frame.pixels.len() * 4);
        for p in &frame.pixels {
            self.output.extend_from_slice(&p.0);
        }
        self.frame_height = frame.height;
        frame.width
    }

    /// Height of the last frame drawn.
    #[must_use]
    pub fn frame_height(&self) -> usize {
        self.frame_height
    }

    /// The sound of the seed in the input buffer as little-endian `f32`
    /// samples in the output buffer; returns the sample rate, 0 when the
    /// seed is not a number.
    pub fn sound_from_input(&mut self) -> u32 {
        let text = self.input_text();
        self.output.clear();
        let Ok(seed) = text.trim().parse::<i64>() else { return 0 };
        let sound = engine::sfx::sound_for_seed(seed);
        for s in sound.to_f32() {
            self.output.extend_from_slice(&s.to_le_bytes());
        }
        sound.sample_rate
    }
}
