//! [`Page`]: what the HTML page plays, as plain Rust (the ABI wraps it).
//!
//! The game flow is `engine::play`'s ([`Play`]): the page forwards the
//! controls the script reads from keys and touches, with the browser's
//! clock, and draws what [`Play::screen`] names. The automation API puts
//! the same `Play` into its replay flow ([`Play::replay`], [`Play::step`],
//! [`Play::settle`]): the flow the conformance recordings were made in.

use std::sync::Arc;
use std::time::Duration;

use engine::compile::Game;
use engine::json::string as json_string;
use engine::play::{Control, Output, Play, Progress, Screen};
use engine::render::screen::{
    LEVEL_SELECT_TOP, Prompt, level_select_window, pause_choice_row, screen_frame_tweened, title_choice_row,
};
use engine::render::text::{CELL_HEIGHT, CELL_WIDTH, TEXT_COLUMNS, TEXT_ROWS};
use engine::render::{Camera, Look, Rgba, View};
use engine::run::{Button, Input, Step};

/// More `again` turns in a row than [`Play::settle`] runs means the game
/// never settles: the automation API reports it.
const NEVER_SETTLES: &str = "the game asks for again turns without end";

/// The state behind one page: the game, its flow and the two byte buffers
/// shared with the script.
#[derive(Default)]
pub struct Page {
    input: Vec<u8>,
    output: Vec<u8>,
    game: Option<Arc<Game>>,
    look: Option<Look>,
    camera: Camera,
    /// The entry the camera follows (a new entry starts a new camera).
    camera_entry: Option<usize>,
    play: Option<Play>,
    frame_height: usize,
    /// The cells of the level the last picture showed (the camera's
    /// view) and the pixels of one cell (width, height), to find the cell under a
    /// pointer; `None` when the picture is no level.
    level_view: Option<(View, (usize, usize))>,
    /// Counts the flows started: a new flow's generations start again
    /// from 0, and the picture must still be drawn again.
    flows: u64,
    /// Whether the page is played by touch (the screens say "Tap").
    prompt: Prompt,
    /// Sounds and progress put out by the flow, not yet taken by the script.
    sounds: Vec<String>,
    progress: Option<Progress>,
}

/// The controls' codes across the ABI ([`control_of`]; the script's `C`
/// table in `page/player.js` names the same numbers).
pub mod control {
    /// Up (and the choice above).
    pub const UP: u32 = 0;
    /// Left.
    pub const LEFT: u32 = 1;
    /// Down (and the choice below).
    pub const DOWN: u32 = 2;
    /// Right.
    pub const RIGHT: u32 = 3;
    /// The action key.
    pub const ACTION: u32 = 4;
    /// Undo.
    pub const UNDO: u32 = 5;
    /// Restart.
    pub const RESTART: u32 = 6;
    /// Back to the title screen (Esc).
    pub const TITLE: u32 = 7;

    /// Every control by the name the script's `C` table gives it.
    pub const NAMES: [(&str, u32); 8] = [
        ("up", UP),
        ("left", LEFT),
        ("down", DOWN),
        ("right", RIGHT),
        ("action", ACTION),
        ("undo", UNDO),
        ("restart", RESTART),
        ("title", TITLE),
    ];
}

/// The automation API's step codes, as in the conformance files (the
/// script maps `"undo"`, `"restart"` and `"tick"` to these).
pub mod step {
    /// Up.
    pub const UP: i32 = 0;
    /// Left.
    pub const LEFT: i32 = 1;
    /// Down.
    pub const DOWN: i32 = 2;
    /// Right.
    pub const RIGHT: i32 = 3;
    /// Action.
    pub const ACTION: i32 = 4;
    /// Undo.
    pub const UNDO: i32 = 5;
    /// Restart.
    pub const RESTART: i32 = 6;
    /// A turn with no input (realtime).
    pub const TICK: i32 = 7;

    /// Every step code by its name: the script's `STEP` table, which
    /// `puzzlewright.input` also takes names from (`input("undo")`).
    pub const NAMES: [(&str, i32); 8] = [
        ("up", UP),
        ("left", LEFT),
        ("down", DOWN),
        ("right", RIGHT),
        ("action", ACTION),
        ("undo", UNDO),
        ("restart", RESTART),
        ("tick", TICK),
    ];

    /// The code of a step's name (`"undo"`), if it names one.
    #[must_use]
    pub fn named(name: &str) -> Option<i32> {
        NAMES.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
    }
}

/// What the pointer did, across the ABI ([`Page::pointer`]).
pub mod pointer {
    /// A button (or a finger) went down.
    pub const PRESS: u32 = 0;
    /// The pointer moved.
    pub const MOVE: u32 = 1;
    /// The button (or the finger) went up.
    pub const RELEASE: u32 = 2;
    /// The left button, or a finger.
    pub const LEFT: u32 = 0;
    /// The right button.
    pub const RIGHT: u32 = 1;
    /// The middle button (undo, in a game that listens to the mouse).
    pub const MIDDLE: u32 = 2;
}

/// A control by its code (see [`control`]).
#[must_use]
pub fn control_of(code: u32) -> Option<Control> {
    Some(match code {
        control::UP => Control::Up,
        control::LEFT => Control::Left,
        control::DOWN => Control::Down,
        control::RIGHT => Control::Right,
        control::ACTION => Control::Action,
        control::UNDO => Control::Undo,
        control::RESTART => Control::Restart,
        control::TITLE => Control::Title,
        _ => return None,
    })
}

/// A step of the automation API by its code (see [`step`]).
#[must_use]
pub fn step_of(code: i32) -> Option<Step> {
    Some(match code {
        step::UP => Step::Input(Input::Up),
        step::LEFT => Step::Input(Input::Left),
        step::DOWN => Step::Input(Input::Down),
        step::RIGHT => Step::Input(Input::Right),
        step::ACTION => Step::Input(Input::Action),
        step::UNDO => Step::Undo,
        step::RESTART => Step::Restart,
        step::TICK => Step::Tick,
        _ => return None,
    })
}

/// Milliseconds of the browser's clock as a flow time (negative or not a
/// number counts as 0).
fn at(ms: f64) -> Duration {
    if ms.is_finite() && ms > 0.0 { Duration::from_secs_f64(ms / 1000.0) } else { Duration::ZERO }
}

fn css(c: Rgba) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0[0], c.0[1], c.0[2])
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

    /// Build `source`. It can be played when it compiled without errors
    /// and has a level; like the conformance runner, the automation API
    /// also plays what could be salvaged from a game with errors. The
    /// output buffer gets one line per error.
    pub fn open(&mut self, source: &str) -> bool {
        let build = engine::build(source);
        let errors: Vec<String> = build
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| format!("line {}: {}", d.span.line, d.message))
            .collect();
        let playable = build.game.is_some();
        self.game = build.game.or(build.salvaged);
        self.look = self.game.as_deref().map(Look::new);
        self.play = None;
        self.camera = Camera::default();
        self.camera_entry = None;
        let has_levels = self.game.as_ref().is_some_and(|g| !g.levels.is_empty());
        self.output = if errors.is_empty() && !has_levels {
            "the game has no levels".into()
        } else {
            errors.join("\n").into_bytes()
        };
        playable && has_levels
    }

    /// The compiled game, if any.
    #[must_use]
    pub fn game(&self) -> Option<&Arc<Game>> {
        self.game.as_ref()
    }

    /// The flow, once started.
    #[must_use]
    pub fn play(&self) -> Option<&Play> {
        self.play.as_ref()
    }

    /// Start the flow on the title screen, with the progress text (from
    /// the browser's storage; see `Progress::to_text`) in the input buffer.
    pub fn start_from_input(&mut self, now_ms: f64) -> bool {
        let progress = Progress::from_text(&self.input_text()).unwrap_or_default();
        self.start(progress, now_ms)
    }

    /// Start the flow on the title screen with `progress`.
    pub fn start(&mut self, progress: Progress, now_ms: f64) -> bool {
        let Some(game) = self.game.clone() else { return self.fail("no game could be compiled") };
        self.play = Some(Play::new(game, progress, at(now_ms)));
        self.flows += 1;
        self.collect();
        true
    }

    /// Take what the flow put out since the last call.
    fn collect(&mut self) {
        let Some(play) = self.play.as_mut() else { return };
        for output in play.take_outputs() {
            match output {
                Output::Sound { seed, .. } => self.sounds.push(seed.to_string()),
                Output::Progress(p) => self.progress = Some(p),
                // A bound the engine hit is for the game's author, who sees
                // it in the studio; a shipped page plays on quietly. The
                // page keeps no record of the clicks played.
                Output::LimitHit { .. } | Output::Clicked(_) => {}
                // PuzzleScript Next writes `log` lines only in its editor.
                Output::Log { .. } => {}
            }
        }
    }

    fn with_play(&mut self, f: impl FnOnce(&mut Play)) {
        if let Some(play) = self.play.as_mut() {
            f(play);
            self.collect();
        }
    }

    /// A control (see [`control_of`]) pressed at `now_ms`.
    pub fn press(&mut self, code: u32, now_ms: f64) {
        if let Some(control) = control_of(code) {
            self.with_play(|p| p.press(control, at(now_ms)));
        }
    }

    /// A control let go at `now_ms`.
    pub fn release(&mut self, code: u32, now_ms: f64) {
        if let Some(control) = control_of(code) {
            self.with_play(|p| p.release(control, at(now_ms)));
        }
    }

    /// Every control let go (the page lost the keyboard).
    pub fn release_all(&mut self) {
        self.with_play(Play::release_all);
    }

    /// Take title choice or level select item `index` (a tap on it).
    pub fn choose(&mut self, index: usize, now_ms: f64) {
        self.with_play(|p| p.choose(index, at(now_ms)));
    }

    /// Run what is due at `now_ms`.
    pub fn advance(&mut self, now_ms: f64) {
        self.with_play(|p| p.advance(at(now_ms)));
    }

    /// When the flow's next timed event is due, in the browser's
    /// milliseconds; -1 when nothing is timed.
    #[must_use]
    pub fn next_event_ms(&self) -> f64 {
        self.play.as_ref().and_then(Play::next_event).map_or(-1.0, |d| d.as_secs_f64() * 1000.0)
    }

    /// Changes whenever the screen may have changed (also when a new
    /// flow starts, whose own count starts again).
    #[must_use]
    pub fn generation(&self) -> u64 {
        (self.flows << 32).wrapping_add(self.play.as_ref().map_or(0, Play::generation))
    }

    /// What the flow put out since the last call, as JSON:
    /// `{"sounds":["seed",...],"progress":"text"|null}`.
    pub fn outputs_json(&mut self) -> String {
        let sounds: Vec<String> = self.sounds.drain(..).map(|s| json_string(&s)).collect();
        let progress = self.progress.take().map_or_else(|| "null".to_owned(), |p| json_string(&p.to_text()));
        format!("{{\"sounds\":[{}],\"progress\":{progress}}}", sounds.join(","))
    }

    /// Whether the page is played by touch: the screens then say "Tap"
    /// where they say "Press X" to a keyboard.
    pub fn set_touch(&mut self, touch: bool) {
        self.prompt = if touch { Prompt::Touch } else { Prompt::Keys };
    }

    /// What is on screen, as JSON for the script: `kind` (`title`,
    /// `levelselect`, `level`, `message`, `gameover`, `pause`, `none`), the game's `background` and
    /// `foreground` (text) colours, `mouse` (whether the game listens to
    /// the mouse: [`Page::pointer`]), and per kind: on the title, `choices`
    /// (their labels), `selected` and `rows` (the text row of each choice,
    /// with `columns`, `cell` and `lines` to find it in the picture); on
    /// the level select the same for the levels shown, `choices` being
    /// every level's label and `first` the index of the one on the first
    /// row; on the pause menu (`enable_pause`) as on the title; on a message, its `text` (for screen readers). The picture of every
    /// screen comes from [`Page::frame_to_output`].
    #[must_use]
    pub fn screen_json(&self) -> String {
        let (bg, fg) = self
            .look
            .as_ref()
            .map_or(("#000000".to_owned(), "#ffffff".to_owned()), |l| (css(l.background), css(l.text)));
        let mouse = self.play.as_ref().is_some_and(Play::listens_to_mouse);
        let colours = format!("\"background\":\"{bg}\",\"foreground\":\"{fg}\",\"mouse\":{mouse}");
        let Some(play) = self.play.as_ref() else { return format!("{{\"kind\":\"none\",{colours}}}") };
        match play.screen() {
            Screen::Title { choices, selected } => {
                let labels: Vec<String> = choices.iter().map(|c| json_string(&c.label())).collect();
                let rows: Vec<String> =
                    (0..choices.len()).map(|i| title_choice_row(i, choices.len()).to_string()).collect();
                format!(
                    "{{\"kind\":\"title\",{colours},\"choices\":[{}],\"selected\":{selected},\"rows\":[{}],\
                     \"columns\":{TEXT_COLUMNS},\"lines\":{TEXT_ROWS},\"cell\":[{CELL_WIDTH},{CELL_HEIGHT}]}}",
                    labels.join(","),
                    rows.join(","),
                )
            }
            Screen::LevelSelect { items, selected } => {
                // The levels shown: `first` is the index of the one on
                // the first of `rows` (a tap on row k takes `first + k`).
                let window = level_select_window(items.len(), selected);
                let labels: Vec<String> = items.iter().map(|i| json_string(&i.label())).collect();
                let rows: Vec<String> = (0..window.len()).map(|k| (LEVEL_SELECT_TOP + k).to_string()).collect();
                format!(
                    "{{\"kind\":\"levelselect\",{colours},\"choices\":[{}],\"selected\":{selected},\"first\":{},\
                     \"rows\":[{}],\"columns\":{TEXT_COLUMNS},\"lines\":{TEXT_ROWS},\"cell\":[{CELL_WIDTH},{CELL_HEIGHT}]}}",
                    labels.join(","),
                    window.start,
                    rows.join(","),
                )
            }
            Screen::Level(_) | Screen::LevelWon(..) => format!("{{\"kind\":\"level\",{colours}}}"),
            Screen::Message(text, _) => format!("{{\"kind\":\"message\",{colours},\"text\":{}}}", json_string(text)),
            Screen::GameOver => format!("{{\"kind\":\"gameover\",{colours}}}"),
            Screen::Pause { choices, selected, .. } => {
                let labels: Vec<String> = choices.iter().map(|c| json_string(c.label())).collect();
                let rows: Vec<String> = (0..choices.len()).map(|i| pause_choice_row(i).to_string()).collect();
                format!(
                    "{{\"kind\":\"pause\",{colours},\"choices\":[{}],\"selected\":{selected},\"rows\":[{}],\
                     \"columns\":{TEXT_COLUMNS},\"lines\":{TEXT_ROWS},\"cell\":[{CELL_WIDTH},{CELL_HEIGHT}]}}",
                    labels.join(","),
                    rows.join(","),
                )
            }
        }
    }

    /// Draw what is on screen into the output buffer as RGBA rows with
    /// `engine::render::screen` (text screens in the engine's font, the
    /// level through the camera: `flickscreen`, `zoomscreen`); returns the
    /// width, 0 when there is nothing to draw.
    pub fn frame_to_output(&mut self) -> usize {
        self.frame_at(f64::NAN)
    }

    /// [`Page::frame_to_output`] at `now_ms` (not a number: at rest): a
    /// move sliding (`tween_length`) and a `smoothscreen` camera gliding
    /// drawn part way, as the flow and the camera have them then.
    pub fn frame_at(&mut self, now_ms: f64) -> usize {
        self.output.clear();
        self.frame_height = 0;
        self.level_view = None;
        let (Some(play), Some(look)) = (self.play.as_ref(), self.look.as_ref()) else { return 0 };
        if self.camera_entry != Some(play.entry()) {
            self.camera = Camera::default();
            self.camera_entry = Some(play.entry());
        }
        let screen = play.screen();
        let tween = if now_ms.is_finite() {
            self.camera.set_time(at(now_ms));
            play.tween(at(now_ms))
        } else {
            None
        };
        let frame = screen_frame_tweened(look, play.game(), &screen, &mut self.camera, self.prompt, tween.as_ref());
        // The camera gives the same view again for the same board.
        self.level_view =
            engine::render::screen::screen_grid(&screen).filter(|_| matches!(screen, Screen::Level(_))).map(|grid| {
                let view = self.camera.view_of(play.game(), play.options(), &grid);
                (view, engine::render::screen::level_cell(look, play.game(), view))
            });
        self.output.reserve(frame.pixels.len() * 4);
        for p in &frame.pixels {
            self.output.extend_from_slice(&p.0);
        }
        self.frame_height = frame.height;
        frame.width
    }

    /// Whether the picture changes at `now_ms` with no input (a move
    /// sliding, a `smoothscreen` camera gliding): the script then draws
    /// every animation frame.
    #[must_use]
    pub fn animating(&self, now_ms: f64) -> bool {
        let Some(play) = self.play.as_ref() else { return false };
        play.tween(at(now_ms)).is_some() || self.camera.gliding(play.options(), at(now_ms))
    }

    /// The level cell under pixel (`x`, `y`) of the last picture (engine
    /// pixels, from its top left): `None` off the level, unless `clamp`,
    /// which takes the nearest cell of the picture.
    fn cell_at(&self, x: f64, y: f64, clamp: bool) -> Option<engine::play::Cell> {
        let (view, cell) = self.level_view?;
        engine::render::screen::cell_at_pixel(view, cell, (x, y), clamp)
    }

    /// The mouse or a finger over pixel (`x`, `y`) of the last picture
    /// (see [`pointer`] for `kind` and `button`), at `now_ms`, in a game
    /// that listens to the mouse: presses, drags and releases on the
    /// level's cells (`engine::play`'s pointer calls), the middle button
    /// undoes. Returns whether the game listens (the script then keeps the
    /// event from the page).
    pub fn pointer(&mut self, kind: u32, button: u32, x: f64, y: f64, now_ms: f64) -> bool {
        if !self.play.as_ref().is_some_and(Play::listens_to_mouse) {
            return false;
        }
        let which = if button == pointer::RIGHT { Button::Right } else { Button::Left };
        let t = at(now_ms);
        match kind {
            pointer::PRESS if button == pointer::MIDDLE => self.with_play(|p| {
                p.press(Control::Undo, t);
                p.release(Control::Undo, t);
            }),
            pointer::PRESS => {
                let cell = self.cell_at(x, y, false);
                self.with_play(|p| p.pointer_press(which, cell, t));
            }
            pointer::MOVE => {
                let cell = self.cell_at(x, y, true);
                self.with_play(|p| p.pointer_move(cell, t));
            }
            pointer::RELEASE => {
                let cell = self.cell_at(x, y, false);
                self.with_play(|p| p.pointer_release(which, cell, t));
            }
            _ => {}
        }
        true
    }

    /// Height of the last frame drawn.
    #[must_use]
    pub fn frame_height(&self) -> usize {
        self.frame_height
    }

    /// [`Page::load`] with the seed in the input buffer (when `has_seed`).
    pub fn load_from_input(&mut self, level: usize, has_seed: bool, now_ms: f64) -> bool {
        let seed = has_seed.then(|| self.input_text());
        self.load(level, seed.as_deref(), now_ms)
    }

    /// Automation: play entry `level` of LEVELS with `seed` in the replay
    /// flow, pending `again` turns run. On failure the output buffer holds
    /// the reason.
    pub fn load(&mut self, level: usize, seed: Option<&str>, now_ms: f64) -> bool {
        let Some(game) = self.game.clone() else { return self.fail("no game could be compiled") };
        if level >= game.levels.len() {
            return self.fail(&format!("there is no level {level} (the game has {} entries)", game.levels.len()));
        }
        let mut play = Play::replay(game, level, seed, at(now_ms));
        play.settle(at(now_ms));
        let settled = play.session().is_none_or(|s| !s.again_pending());
        self.play = Some(play);
        self.flows += 1;
        self.camera_entry = None;
        self.collect();
        settled || self.fail(NEVER_SETTLES)
    }

    /// Automation: one step by conformance code (see [`step_of`]), with its
    /// `again` turns.
    pub fn automation_input(&mut self, code: i32, now_ms: f64) -> bool {
        let Some(step) = step_of(code) else { return self.fail(&format!("unknown input code {code}")) };
        let Some(play) = self.play.as_mut() else { return self.fail("call load(level, seed) first") };
        play.step(step, at(now_ms));
        play.settle(at(now_ms));
        let settled = play.session().is_none_or(|s| !s.again_pending());
        self.collect();
        settled || self.fail(NEVER_SETTLES)
    }

    /// Automation: the level in the conformance dump format (empty when no
    /// level is loaded).
    #[must_use]
    pub fn dump(&self) -> String {
        self.play.as_ref().and_then(Play::session).map(engine::run::Session::dump).unwrap_or_default()
    }

    /// Put `text` in the output buffer.
    pub fn set_output(&mut self, text: String) {
        self.output = text.into_bytes();
    }

    /// The sound of the seed in the input buffer as little-endian `f32`
    /// samples in the output buffer; returns the sample rate, 0 when the
    /// seed is not one. The seed is read as a game writes it (the sounds
    /// the flow puts out), so one that carries a volume (`142315:12`,
    /// PuzzleScript Plus/Next) sounds at it; a plain number (a negative
    /// one too) is the usual sound of that number.
    pub fn sound_from_input(&mut self) -> u32 {
        let text = self.input_text();
        self.output.clear();
        let text = text.trim();
        let sound = match engine::sfx::SoundSeed::parse(text) {
            Some(seed) => seed.sound(),
            None => match text.parse::<i64>() {
                Ok(seed) => engine::sfx::sound_for_seed(seed),
                Err(_) => return 0,
            },
        };
        for s in sound.to_f32() {
            self.output.extend_from_slice(&s.to_le_bytes());
        }
        sound.sample_rate
    }
}
