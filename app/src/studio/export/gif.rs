//! Animated GIFs of a play session, drawn by the engine's own renderer.
//!
//! A [`Recording`] is replayed the way the reference's GIF export replays
//! the input history (and the conformance runner replays a case): the
//! level is loaded with the recorded seed and drawn; each input is applied
//! and drawn; each `again` turn it causes is run and drawn. So there is one
//! frame per drawn state. Delays follow the reference: the first frame
//! shows for 200 ms; after an input the next frame is due after
//! `key_repeat_interval` (after a `tick`, `realtime_interval`); an `again`
//! frame after `again_interval`. Colours are the palette's exact colours
//! (an indexed frame per state; a game with more than 256 colours on one
//! screen is quantised), each game pixel a `scale` x `scale` square.
//!
//! Message screens (a rule's `message`, a message entry of LEVELS, the end
//! of the game) are drawn by `engine::render::text` in the game's colours,
//! the size of the largest level frame (or of the text grid, if larger),
//! once each, showing at least [`MESSAGE_CS`]; replay steps after a rule's
//! message go on in the level behind it, as the replay flow runs them.
//! [`GifOptions::messages`] leaves them out. A session that starts on a
//! message entry shows the message, then plays its inputs in the level
//! after it. A turn that wins its level is drawn as the board it won on,
//! and when it is the last input the GIF ends on that board; the last
//! frame is held for [`LAST_HOLD_CS`] before the GIF loops.
//!
//! Motion between states: a move sliding (`tween_length`), an `afx:`
//! animation and a `smoothscreen` camera gliding after the player are
//! drawn in frames of their own after the turn, as the player draws them
//! at those times (the camera's clock is the GIF's own timeline, the sum
//! of the delays before the frame), until they come to rest.

use std::sync::Arc;

use anyhow::{Context as _, bail};
use engine::compile::Game;
use engine::play::{Play, Screen};
use engine::render::{Camera, Frame, Look, Rgba};
use engine::run::Session;
use std::time::Duration;

use super::replay::Recording;
use engine::run::Step;

/// How to make the GIF.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GifOptions {
    /// Each game pixel becomes `scale` x `scale` pixels (1 to 16).
    pub scale: u16,
    /// Include the frames where a message fills the screen.
    pub messages: bool,
}

impl Default for GifOptions {
    fn default() -> Self {
        Self { scale: 4, messages: true }
    }
}

/// Largest scale factor accepted.
pub const MAX_SCALE: u16 = 16;
/// More frames than this is not a GIF anyone wants (and bounds the work).
pub const MAX_FRAMES: usize = 5_000;
/// Bound on `again` turns after one input (as the conformance runner).
const AGAIN_LIMIT: usize = 10_000;
/// A message frame shows at least this long (centiseconds), to be read.
pub const MESSAGE_CS: u16 = 150;
/// The last frame shows at least this long (centiseconds) before the GIF
/// starts again, so the end (often the winning move) can be seen.
pub const LAST_HOLD_CS: u16 = 200;

/// One drawn state and how long it shows, in hundredths of a second.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimedFrame {
    /// The picture, one pixel per game pixel.
    pub frame: Frame,
    /// How long it shows, in centiseconds (the GIF unit).
    pub delay_cs: u16,
}

/// Milliseconds to GIF centiseconds, rounded as the reference's encoder.
fn centiseconds(ms: f64) -> u16 {
    (ms / 10.0).round().clamp(0.0, f64::from(u16::MAX)) as u16
}

/// Replay `recording` and draw every state it passes through.
///
/// The session runs in `engine::play`'s replay flow (the conformance
/// runner's: a won level moves on at once, messages do not wait), and each
/// state is drawn as the player draws it: `engine::render` through the
/// camera (`flickscreen`, `zoomscreen`). Message screens are drawn as text
/// (see the module documentation) unless `options.messages` is off.
///
/// # Errors
/// When the level does not exist, the game never settles after an input,
/// or the session is too long for a GIF.
pub fn frames(game: &Arc<Game>, recording: &Recording, options: GifOptions) -> anyhow::Result<Vec<TimedFrame>> {
    if recording.level >= game.levels.len() {
        bail!("there is no level {} (the game has {} entries in LEVELS)", recording.level + 1, game.levels.len());
    }
    // The intervals as the level's rules leave them (a rule may change
    // them: `runtime_metadata_twiddling`).
    let repeat_cs = |play: &Play| centiseconds(play.options().key_repeat_interval * 1000.0);
    let again_cs = |play: &Play| centiseconds(play.options().again_interval * 1000.0);
    let tick_cs = |play: &Play| centiseconds(play.options().realtime_interval.unwrap_or(0.0) * 1000.0);
    let look = Look::new(game);
    let mut shooter = Shooter {
        look,
        camera: Camera::default(),
        camera_entry: None,
        options,
        out: Vec::new(),
        shown_text: None,
        clock: Duration::ZERO,
    };
    let t = Duration::ZERO;
    // The level is drawn once it is loaded and its start rules (and their
    // `again` turns) have run, as the player and the conformance runner
    // start it.
    let mut play = Play::replay(game.clone(), recording.level, recording.seed.as_deref(), t);
    settle(&mut play)?;
    // The delay the next frame gets: the reference's encoder keeps the last
    // delay it was given and stamps it on each frame it adds.
    let mut delay = centiseconds(200.0);
    shooter.shoot(&play, delay)?;
    // A session that starts on a message entry: the message is shown, then
    // the level after it, and the inputs are played there (none of them is
    // spent on leaving the message).
    if !recording.steps.is_empty() && matches!(game.levels[recording.level], engine::compile::Level::Message(_)) {
        // As a player leaves it: the action key on the message screen.
        play.press(engine::play::Control::Action, t);
        play.release(engine::play::Control::Action, t);
        settle(&mut play)?;
        shooter.shoot(&play, delay)?;
    }
    for (k, step) in recording.steps.iter().enumerate() {
        let last = k + 1 == recording.steps.len();
        let before = Position::of(&play);
        play.step(*step, t);
        if shooter.shoot_turn(&play, before, delay, last)? == Turn::WonTheEnd {
            break;
        }
        delay = if *step == Step::Tick { tick_cs(&play) } else { repeat_cs(&play) };
        let mut agains = 0;
        while play.session().is_some_and(Session::again_pending) {
            agains += 1;
            if agains > AGAIN_LIMIT {
                bail!("after input {}: more than {AGAIN_LIMIT} again turns in a row", k + 1);
            }
            // One `again` turn (the replay flow runs them one by one here
            // so each is drawn).
            let before = Position::of(&play);
            play.step(Step::Tick, t);
            delay = again_cs(&play);
            if shooter.shoot_turn(&play, before, delay, last)? == Turn::WonTheEnd {
                break;
            }
        }
    }
    Ok(shooter.finish())
}

/// Where a flow is, to tell whether a turn won its level: the replay
/// flow moves on to the next entry (or the end) in the turn that wins.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Position {
    entry: usize,
    over: bool,
}

impl Position {
    fn of(play: &Play) -> Position {
        Position { entry: play.entry(), over: matches!(play.screen(), Screen::GameOver) }
    }
}

/// What a turn did, for the GIF.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Turn {
    /// Drawn; the session goes on.
    Drawn,
    /// The last input won the level: its board is the GIF's last frame.
    WonTheEnd,
}

/// Run the pending `again` turns of a fresh session.
fn settle(play: &mut Play) -> anyhow::Result<()> {
    play.settle(Duration::ZERO);
    if play.session().is_some_and(Session::again_pending) {
        bail!("the level never settles: more than {AGAIN_LIMIT} again turns when it starts");
    }
    Ok(())
}

/// A frame taken: a level picture, or a text screen drawn at the end (at
/// the size of the largest level picture).
enum Shot {
    Level(Frame),
    /// The rows and each one's colour.
    Text(Vec<String>, Vec<Rgba>),
}

/// Draws states as the player does.
struct Shooter {
    look: Look,
    camera: Camera,
    camera_entry: Option<usize>,
    options: GifOptions,
    out: Vec<(Shot, u16)>,
    /// The text screen on screen at the last shot (drawn once).
    shown_text: Option<String>,
    /// The GIF's timeline: when the next frame shows (the delays of the
    /// frames before it), the camera's clock.
    clock: Duration,
}

impl Shooter {
    /// Draw the state after a turn that started at `before`. A turn that
    /// won its level is drawn as the board it won on (the flow has moved
    /// on already); when it was the session's last input the GIF ends
    /// there, so the last frame shows the winning move.
    fn shoot_turn(&mut self, play: &Play, before: Position, delay_cs: u16, last: bool) -> anyhow::Result<Turn> {
        let won = Position::of(play) != before && !before.over;
        let board = if won { play.session().and_then(Session::won_board) } else { None };
        if let Some(grid) = board {
            if self.camera_entry != Some(before.entry) {
                self.camera = Camera::default();
                self.camera_entry = Some(before.entry);
            }
            // As it was drawn when won (the flow has moved on).
            let options = play.session().map_or(&play.game().metadata, Session::won_metadata);
            let view = self.camera.view_at(play.game(), options, &grid, self.clock);
            let look = self.look.live(play.game(), options);
            let frame = engine::render::screen::level_frame(&look, play.game(), (&grid, view), None, None);
            self.push((Shot::Level(frame), delay_cs))?;
            if last {
                return Ok(Turn::WonTheEnd);
            }
        }
        self.shoot(play, delay_cs)?;
        Ok(Turn::Drawn)
    }

    fn push(&mut self, shot: (Shot, u16)) -> anyhow::Result<()> {
        if self.out.len() >= MAX_FRAMES {
            bail!("the session has more than {MAX_FRAMES} frames; record a shorter one");
        }
        self.clock += Duration::from_millis(u64::from(shot.1) * 10);
        self.out.push(shot);
        Ok(())
    }

    fn shoot(&mut self, play: &Play, delay_cs: u16) -> anyhow::Result<()> {
        let text = match play.screen() {
            Screen::Message(text, _) => Some(text.to_owned()),
            Screen::GameOver => Some(GAME_OVER.to_owned()),
            _ => None,
        };
        let shot = match text {
            Some(text) if self.shown_text.as_deref() != Some(text.as_str()) => {
                self.shown_text = Some(text.clone());
                if !self.options.messages {
                    return Ok(());
                }
                let shot = if matches!(play.screen(), Screen::GameOver) {
                    Shot::Text(engine::render::text::message_rows(&text, false), Vec::new())
                } else {
                    // As the player draws it: the game's alignment, line
                    // breaks, hint and colours (PuzzleScript Plus/Next).
                    let prompt = engine::render::screen::Prompt::Keys;
                    let rows =
                        engine::render::screen::screen_text(play.game(), &play.screen(), prompt).unwrap_or_default();
                    let colours = engine::render::screen::TextColours::of(&self.look, play.game());
                    let ink = rows.iter().map(|(_, role)| colours.of_role(*role)).collect();
                    Shot::Text(rows.into_iter().map(|(row, _)| row).collect(), ink)
                };
                (shot, delay_cs.max(MESSAGE_CS))
            }
            // Shown already: the replay's steps go on in the level behind.
            Some(_) => {
                let Some(frame) = play.session().and_then(Session::board_grid).map(|grid| self.board(play, &grid))
                else {
                    return Ok(());
                };
                (Shot::Level(frame), delay_cs)
            }
            None => {
                self.shown_text = None;
                let slid = self.shoot_motion(play)?;
                self.fresh_camera(play);
                self.camera.set_time(self.clock);
                let Some(frame) = screen(&self.look, play, &mut self.camera, &mut self.camera_entry) else {
                    return Ok(());
                };
                (Shot::Level(frame), delay_cs.saturating_sub(slid).max(TWEEN_CS))
            }
        };
        self.push(shot)
    }

    /// What moves after a turn, drawn as the player draws it: the slide
    /// of the turn's moves (`tween_length`) and its `afx:` animations
    /// (PuzzleScript Next) in frames [`TWEEN_CS`] apart, and a
    /// `smoothscreen` camera gliding after the player (PuzzleScript Plus)
    /// in frames [`GLIDE_CS`] apart while nothing else moves, each drawn at
    /// its time on the GIF's timeline; returns how long they take, in
    /// hundredths of a second (0 when nothing moves).
    fn shoot_motion(&mut self, play: &Play) -> anyhow::Result<u16> {
        let Screen::Level(session) = play.screen() else { return Ok(0) };
        let Some(grid) = session.board_grid() else { return Ok(0) };
        let (moved, animations) = (session.moved(), session.animations());
        let meta = &play.game().metadata;
        let mut spent = 0u16;
        loop {
            let at = std::time::Duration::from_millis(u64::from(spent) * 10);
            let remaining = meta.tween.map_or(0.0, |o| o.remaining(at));
            let afx_left = engine::afx::left(at, meta.afx_interval());
            let tween = engine::tween::Tween {
                moved: if remaining > 0.0 { moved } else { &[] },
                remaining,
                animations: if afx_left > 0.0 { animations } else { &[] },
                afx_left,
            };
            let sliding = !(tween.moved.is_empty() && tween.animations.is_empty()) && spent < SLIDE_LIMIT_CS;
            // The camera takes its new aim at the first view after the turn.
            let view = self.view(play, &grid);
            let gliding = self.camera.gliding(play.options(), self.clock) && spent < GLIDE_LIMIT_CS;
            if !sliding && !gliding {
                return Ok(spent);
            }
            let frame = engine::render::screen::level_frame(
                &self.look.live(play.game(), play.options()),
                play.game(),
                (&grid, view),
                sliding.then_some(&tween),
                session.status(),
            );
            let step = if sliding { TWEEN_CS } else { GLIDE_CS };
            self.push((Shot::Level(frame), step))?;
            spent += step;
        }
    }

    /// The level `grid` of `play`, through the camera.
    fn board(&mut self, play: &Play, grid: &engine::compile::LevelGrid) -> Frame {
        let view = self.view(play, grid);
        let status = play.session().and_then(Session::status);
        engine::render::screen::level_frame(&live_look(&self.look, play), play.game(), (grid, view), None, status)
    }

    /// What the camera shows of `grid` now on the GIF's timeline, a fresh
    /// camera for each level.
    fn view(&mut self, play: &Play, grid: &engine::compile::LevelGrid) -> engine::render::View {
        self.fresh_camera(play);
        self.camera.view_at(play.game(), play.options(), grid, self.clock)
    }

    /// A fresh camera when the flow is on another entry.
    fn fresh_camera(&mut self, play: &Play) {
        if self.camera_entry != Some(play.entry()) {
            self.camera = Camera::default();
            self.camera_entry = Some(play.entry());
        }
    }

    /// The frames, text screens drawn the size of the largest level frame;
    /// the last one held for [`LAST_HOLD_CS`] before the GIF loops.
    fn finish(mut self) -> Vec<TimedFrame> {
        if let Some((_, delay)) = self.out.last_mut() {
            *delay = (*delay).max(LAST_HOLD_CS);
        }
        let width = self.out.iter().map(|(s, _)| if let Shot::Level(f) = s { f.width } else { 0 }).max().unwrap_or(0);
        let height = self.out.iter().map(|(s, _)| if let Shot::Level(f) = s { f.height } else { 0 }).max().unwrap_or(0);
        let look = self.look;
        self.out
            .into_iter()
            .map(|(shot, delay_cs)| {
                let frame = match shot {
                    Shot::Level(frame) => frame,
                    Shot::Text(rows, ink) => {
                        engine::render::text::text_frame_coloured(&look, &rows, &ink, width, height)
                    }
                };
                TimedFrame { frame, delay_cs }
            })
            .collect()
    }
}

/// Hundredths of a second between the frames of a slide (`tween_length`):
/// the shortest delay browsers honour.
const TWEEN_CS: u16 = 2;
/// Hundredths of a second between the frames of a `smoothscreen` glide
/// (25 a second: smooth enough, and a long replay keeps under
/// [`MAX_FRAMES`]).
const GLIDE_CS: u16 = 4;
/// A slide or animation is drawn for at most this long after a turn.
const SLIDE_LIMIT_CS: u16 = 100;
/// A glide is drawn for at most this long after a turn (a slow camera goes
/// on gliding in the next turn's frames).
const GLIDE_LIMIT_CS: u16 = 200;

/// What the end of the game says in a GIF.
const GAME_OVER: &str = "You won the game!";

/// The picture of the level on screen, drawn as the player draws it
/// (`None` when a message or the title is up).
#[must_use]
pub fn screen(look: &Look, play: &Play, camera: &mut Camera, camera_entry: &mut Option<usize>) -> Option<Frame> {
    let grid = match play.screen() {
        Screen::Level(session) => session.board_grid()?,
        Screen::LevelWon(grid, _) => grid.clone(),
        _ => return None,
    };
    if grid.width == 0 || grid.height == 0 {
        return None;
    }
    if *camera_entry != Some(play.entry()) {
        *camera = Camera::default();
        *camera_entry = Some(play.entry());
    }
    let view = camera.view_of(play.game(), play.options(), &grid);
    let status = play.session().and_then(Session::status);
    Some(engine::render::screen::level_frame(&live_look(look, play), play.game(), (&grid, view), None, status))
}

/// `look` with the colours as the level's rules have left them
/// (`runtime_metadata_twiddling`).
fn live_look<'a>(look: &'a Look, play: &Play) -> std::borrow::Cow<'a, Look> {
    look.live(play.game(), play.options())
}

/// Each pixel of `frame` as a `scale` x `scale` square.
#[must_use]
pub fn scaled(frame: &Frame, scale: usize) -> Frame {
    let scale = scale.max(1);
    let (width, height) = (frame.width * scale, frame.height * scale);
    let mut pixels = Vec::with_capacity(width * height);
    for row in frame.pixels.chunks(frame.width.max(1)) {
        let mut line = Vec::with_capacity(width);
        for p in row {
            line.extend(std::iter::repeat_n(*p, scale));
        }
        for _ in 0..scale {
            pixels.extend_from_slice(&line);
        }
    }
    Frame { width, height, pixels }
}

/// Encode `frames` as a looping GIF, each scaled by `scale`. Frames smaller
/// than the largest (a level of another size) are centred on `background`.
///
/// # Errors
/// When there is no frame, the picture is too large for a GIF, or encoding
/// fails.
pub fn encode(frames: &[TimedFrame], scale: u16, background: Rgba) -> anyhow::Result<Vec<u8>> {
    if frames.is_empty() {
        bail!("nothing was drawn, so there is no GIF to make");
    }
    if !(1..=MAX_SCALE).contains(&scale) {
        bail!("the scale must be between 1 and {MAX_SCALE}");
    }
    let scale = usize::from(scale);
    let width = frames.iter().map(|f| f.frame.width).max().unwrap_or(0) * scale;
    let height = frames.iter().map(|f| f.frame.height).max().unwrap_or(0) * scale;
    let (Ok(w16), Ok(h16)) = (u16::try_from(width), u16::try_from(height)) else {
        bail!("the picture would be {width}x{height} pixels, too large for a GIF; use a smaller scale");
    };
    if width == 0 || height == 0 {
        bail!("nothing was drawn, so there is no GIF to make");
    }
    // One palette for the whole GIF when the colours fit, so every frame
    // keeps the game's exact colours.
    let mut colours: Vec<[u8; 3]> = vec![rgb(background)];
    for f in frames {
        for p in &f.frame.pixels {
            let c = rgb(*p);
            if !colours.contains(&c) {
                colours.push(c);
                if colours.len() > 256 {
                    break;
                }
            }
        }
        if colours.len() > 256 {
            break;
        }
    }
    let global = colours.len() <= 256;
    let palette: Vec<u8> = if global { colours.iter().flatten().copied().collect() } else { Vec::new() };
    let mut bytes = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut bytes, w16, h16, &palette).context("cannot start the GIF")?;
        encoder.set_repeat(gif::Repeat::Infinite).context("cannot write the GIF")?;
        for f in frames {
            let canvas = centred(&scaled(&f.frame, scale), width, height, background);
            let mut frame = if global {
                let index: Vec<u8> = canvas
                    .pixels
                    .iter()
                    .map(|p| colours.iter().position(|c| *c == rgb(*p)).unwrap_or(0) as u8)
                    .collect();
                gif::Frame::from_palette_pixels(w16, h16, index, palette.as_slice(), None)
            } else {
                let mut rgba: Vec<u8> = canvas.pixels.iter().flat_map(|p| [p.0[0], p.0[1], p.0[2], 255]).collect();
                gif::Frame::from_rgba_speed(w16, h16, &mut rgba, 10)
            };
            if global {
                // The global palette already holds these colours.
                frame.palette = None;
            }
            frame.delay = f.delay_cs;
            encoder.write_frame(&frame).context("cannot write a GIF frame")?;
        }
    }
    Ok(bytes)
}

fn rgb(p: Rgba) -> [u8; 3] {
    [p.0[0], p.0[1], p.0[2]]
}

fn centred(frame: &Frame, width: usize, height: usize, background: Rgba) -> Frame {
    if frame.width == width && frame.height == height {
        return frame.clone();
    }
    let mut pixels = vec![background; width * height];
    let (x0, y0) = ((width - frame.width) / 2, (height - frame.height) / 2);
    for (y, row) in frame.pixels.chunks(frame.width.max(1)).enumerate() {
        let start = (y0 + y) * width + x0;
        pixels[start..start + row.len()].copy_from_slice(row);
    }
    Frame { width, height, pixels }
}

/// Replay `recording` of `game` into a GIF.
///
/// # Errors
/// As [`frames`] and [`encode`].
pub fn gif_of(game: &Arc<Game>, recording: &Recording, options: GifOptions) -> anyhow::Result<Vec<u8>> {
    let frames = frames(game, recording, options)?;
    encode(&frames, options.scale, Look::new(game).background)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::run::Input;

    /// A slider moves right on every turn and asks for `again` until it
    /// hits the wall. Intervals: repeat 0.2 s, again 0.05 s.
    const SLIDE: &str = "title Slide\nagain_interval 0.05\nkey_repeat_interval 0.2\n\nOBJECTS\nBackground\nblack\n\
        Player\nwhite\nSlider\norange\nWall\ngrey\n\nLEGEND\n. = Background\nP = Player\nS = Slider\n# = Wall\n\n\
        SOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer, Slider, Wall\n\nRULES\n[ stationary Slider ] -> [ right Slider ] again\n\n\
        WINCONDITIONS\n\nLEVELS\nmessage Go\n\n#######\n#P.S..#\n#######\n";

    fn game() -> Arc<Game> {
        engine::build(SLIDE).game.expect("the test game compiles")
    }

    #[test]
    fn one_frame_per_drawn_state_with_the_reference_delays() {
        let game = game();
        let rec = Recording { level: 1, seed: None, steps: vec![Step::Input(Input::Right), Step::Undo] };
        let frames = frames(&game, &rec, GifOptions::default()).expect("frames");
        let delays: Vec<u16> = frames.iter().map(|f| f.delay_cs).collect();
        let agains = frames.len() - 3;
        assert!(agains >= 1, "the push causes again turns: {delays:?}");
        // Start 20 (200 ms), the input frame 20 (the reference stamps the
        // delay given before it), each again frame 5, then the undo frame
        // keeps the last delay given (5).
        // The last frame is held before the GIF loops.
        let mut want = vec![20, 20];
        want.extend(std::iter::repeat_n(5, agains));
        want.push(LAST_HOLD_CS);
        assert_eq!(delays, want);
        // Every frame differs from the last except where nothing moved.
        assert_ne!(frames[0].frame, frames[1].frame);
        assert_eq!(frames.last().map(|f| &f.frame), Some(&frames[0].frame), "undo returns to the start");
    }

    #[test]
    fn the_first_frame_is_the_players_first_frame_scaled() {
        let game = game();
        let rec = Recording { level: 1, seed: None, steps: vec![Step::Input(Input::Right)] };
        let options = GifOptions { scale: 3, messages: true };
        let bytes = gif_of(&game, &rec, options).expect("gif");
        // What the player draws for the level (the flow at that entry).
        let play = Play::at_entry(game.clone(), engine::play::Progress::default(), 1, Duration::ZERO);
        let look = Look::new(&game);
        let first = screen(&look, &play, &mut Camera::default(), &mut None).expect("a level on screen");
        let want = scaled(&first, 3);
        let mut decoder = gif::DecodeOptions::new();
        decoder.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = decoder.read_info(bytes.as_slice()).expect("a GIF");
        assert_eq!((usize::from(decoder.width()), usize::from(decoder.height())), (want.width, want.height));
        let frame = decoder.read_next_frame().expect("decodes").expect("a first frame");
        let pixels: Vec<Rgba> = frame.buffer.chunks(4).map(|c| Rgba([c[0], c[1], c[2], 255])).collect();
        assert_eq!(pixels, want.pixels, "pixel for pixel");
        assert_eq!(frame.delay, 20);
        let mut count = 1;
        while decoder.read_next_frame().expect("decodes").is_some() {
            count += 1;
        }
        assert_eq!(count, frames(&game, &rec, options).expect("frames").len());
    }

    /// A tween_length game: a move slides in frames [`TWEEN_CS`] apart,
    /// from the old cell through the middle to the new one.
    #[test]
    fn a_tween_slides_in_frames_of_its_own() {
        let src = "title Glide\ntween_length 0.04\nsprite_size 2\ntween_snap 2\n\nOBJECTS\nBackground\nblack\n\
            Player\nwhite\n\nLEGEND\n. = Background\nP = Player\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\n\n\
            RULES\n\nWINCONDITIONS\n\nLEVELS\nP..\n";
        let game = engine::build(src).game.expect("compiles");
        let rec = Recording { level: 0, seed: None, steps: vec![Step::Input(Input::Right)] };
        let frames = frames(&game, &rec, GifOptions::default()).expect("frames");
        let delays: Vec<u16> = frames.iter().map(|f| f.delay_cs).collect();
        // The start, two slide frames (all the way back, then half way: the
        // slide snaps to halves), the end held.
        assert_eq!(delays, [20, TWEEN_CS, TWEEN_CS, LAST_HOLD_CS], "{delays:?}");
        let lit = |f: &Frame| -> Vec<usize> { (0..f.width).filter(|&x| f.pixels[x] == Rgba::WHITE).collect() };
        assert_eq!(lit(&frames[0].frame), [0, 1], "the player starts in the first cell");
        assert_eq!(lit(&frames[1].frame), [0, 1], "drawn where it came from as the slide starts");
        assert_eq!(lit(&frames[2].frame), [1, 2], "half way: one pixel on");
        assert_eq!(lit(&frames[3].frame), [2, 3], "in its new cell");
    }

    /// PuzzleScript Plus's `smoothscreen`: the window glides after the
    /// player in frames of its own, GLIDE_CS apart. Decoded, the player is
    /// drawn part way between cells while the window catches up.
    #[test]
    fn a_smoothscreen_camera_glides_in_frames_between_the_steps() {
        let src = "title Glide\nsmoothscreen 3x1\n\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\n\
            LEGEND\n. = Background\nP = Player\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\n\n\
            RULES\n\nWINCONDITIONS\n\nLEVELS\nP........\n";
        let game = engine::build(src).game.expect("compiles");
        let rec = Recording { level: 0, seed: None, steps: vec![Step::Input(Input::Right); 3] };
        let options = GifOptions { scale: 1, messages: true };
        let bytes = gif_of(&game, &rec, options).expect("gif");
        let mut decoder = gif::DecodeOptions::new();
        decoder.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = decoder.read_info(bytes.as_slice()).expect("a GIF");
        assert_eq!((decoder.width(), decoder.height()), (15, 5), "a window of 3 x 1 cells of 5 pixels");
        // Each frame: where the white player's left edge is, and its delay.
        let mut shown: Vec<(usize, u16)> = Vec::new();
        while let Some(frame) = decoder.read_next_frame().expect("decodes") {
            let row = &frame.buffer[2 * 15 * 4..3 * 15 * 4];
            let x = row.chunks(4).position(|p| p[..3] == [255, 255, 255]).expect("the player is on screen");
            shown.push((x, frame.delay));
        }
        let xs: Vec<usize> = shown.iter().map(|s| s.0).collect();
        // At rest at first (the window on cells 0 to 2); the first step
        // stays inside the camera's box (the player at 1, the aim at 1).
        assert_eq!(&xs[..3], [0, 5, 10], "{xs:?}");
        // The second and third steps move the aim a cell on: the player is
        // first drawn in the window's last cell, then the window glides
        // until the player is in its middle.
        let mut moving = xs[2..].to_vec();
        moving.dedup();
        let glides: Vec<&[usize]> = moving.split_inclusive(|&x| x == 5).collect();
        assert_eq!(glides.len(), 2, "two glides: {xs:?}");
        for glide in glides {
            assert_eq!((glide[0], glide[glide.len() - 1]), (10, 5), "from the last cell to the middle: {xs:?}");
            assert!(glide.windows(2).all(|w| w[1] <= w[0]), "the camera only moves on: {xs:?}");
            assert!((6..=9).all(|x| glide.contains(&x)), "drawn part way, pixel by pixel: {xs:?}");
        }
        let delays: Vec<u16> = shown.iter().map(|s| s.1).collect();
        let glide_frames = delays[2..].iter().filter(|&&d| d == GLIDE_CS).count();
        assert!(glide_frames >= 16, "about half a second a glide, 4 hundredths a frame: {delays:?}");
        assert_eq!(delays.last(), Some(&LAST_HOLD_CS), "the last frame, at rest, is held");
        // Control: without smoothscreen, one frame a step.
        let still = engine::build(&src.replace("smoothscreen 3x1\n", "")).game.expect("compiles");
        assert_eq!(frames(&still, &rec, options).expect("frames").len(), 4);
    }

    /// The player's first frame of `entry`, as the GIF should draw it.
    fn players_first_frame(game: &Arc<Game>, entry: usize) -> Frame {
        let play = Play::at_entry(game.clone(), engine::play::Progress::default(), entry, Duration::ZERO);
        screen(&Look::new(game), &play, &mut Camera::default(), &mut None).expect("a level on screen")
    }

    #[test]
    fn a_plus_games_message_is_drawn_in_its_layout_and_colours() {
        let src = SLIDE
            .replace("title Slide\n", "title Slide\nmessage_text_align right\nkeyhint_color red\n")
            .replace("message Go", "message Go\\nright now");
        let game = engine::build(&src).game.expect("the test game compiles");
        let rec = Recording { level: 0, seed: None, steps: vec![Step::Input(Input::Right)] };
        let frames = frames(&game, &rec, GifOptions::default()).expect("frames");
        let look = Look::new(&game);
        let play = Play::at_entry(game.clone(), engine::play::Progress::default(), 0, Duration::ZERO);
        let prompt = engine::render::screen::Prompt::Keys;
        let rows = engine::render::screen::screen_text(&game, &play.screen(), prompt).expect("a text screen");
        assert_eq!((rows[4].0.trim_start(), rows[5].0.trim_start()), ("Go", "right now"), "two lines, on the right");
        let colours = engine::render::screen::TextColours::of(&look, &game);
        let ink: Vec<Rgba> = rows.iter().map(|(_, role)| colours.of_role(*role)).collect();
        assert!(ink.contains(&colours.keyhint) && colours.keyhint != look.text, "the hint in red");
        let rows: Vec<String> = rows.into_iter().map(|(r, _)| r).collect();
        let (w, h) = (frames[1].frame.width, frames[1].frame.height);
        let want = engine::render::text::text_frame_coloured(&look, &rows, &ink, w, h);
        assert_eq!(frames[0].frame, want, "the message as the player draws it, at the GIF's size");
    }

    #[test]
    fn message_screens_are_drawn_as_text_unless_left_out() {
        let game = game();
        // From the message entry: the message, then the level after it,
        // where the inputs are played (none is spent leaving the message).
        let rec = Recording { level: 0, seed: None, steps: vec![Step::Input(Input::Right)] };
        let with = frames(&game, &rec, GifOptions::default()).expect("frames");
        let without = frames(&game, &rec, GifOptions { messages: false, ..GifOptions::default() }).expect("frames");
        let look = Look::new(&game);
        let rows = engine::render::text::message_rows("Go", true);
        let want = engine::render::text::text_frame(&look, &rows, 0, 0);
        assert_eq!(with[0].frame, want, "the message, drawn by the engine's text screen");
        assert!(with[0].frame.pixels.contains(&look.text) && with[0].frame.pixels.contains(&look.background));
        assert!(with[0].delay_cs >= MESSAGE_CS, "long enough to read");
        assert_eq!(with[1].frame, players_first_frame(&game, 1), "then the level as the player first draws it");
        let level_start = players_first_frame(&game, 1);
        assert!(without.len() >= 3, "the level's start, the move and its again turns: {}", without.len());
        assert_eq!(without[0].frame, level_start);
        assert_ne!(without[1].frame, level_start, "the input was played in the level");
        assert_eq!(
            with[1..].iter().map(|f| &f.frame).collect::<Vec<_>>(),
            without.iter().map(|f| &f.frame).collect::<Vec<_>>(),
            "the same frames but the message"
        );
        // A rule's message is drawn once; the turns after it show the level.
        let src = SLIDE
            .replace("[ stationary Slider ] -> [ right Slider ] again", "[ > Player ] -> [ > Player ] message Pushed!");
        let game = engine::build(&src).game.expect("compiles");
        let rec = Recording { level: 1, seed: None, steps: vec![Step::Input(Input::Right), Step::Input(Input::Left)] };
        let shots = frames(&game, &rec, GifOptions::default()).expect("frames");
        let texts = shots.iter().filter(|f| f.frame.width == engine::render::text::TEXT_SIZE.0).count();
        assert_eq!((shots.len(), texts), (3, 1), "start, the message, then the level after the second move");
    }

    /// The player walks onto the goal in two moves; a second level follows.
    const GOAL: &str = "title Goal\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nGoal\ngreen\n\nLEGEND\n. = Background\n\
        P = Player\nG = Goal\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nGoal\nPlayer\n\nRULES\n\n\
        WINCONDITIONS\nall Player on Goal\n\nLEVELS\nP.G\n\nmessage Next\n\nG.P\n";

    #[test]
    fn the_last_frame_shows_the_winning_move_and_is_held() {
        let game = engine::build(GOAL).game.expect("compiles");
        let rec = Recording { level: 0, seed: None, steps: vec![Step::Input(Input::Right), Step::Input(Input::Right)] };
        let shots = frames(&game, &rec, GifOptions::default()).expect("frames");
        assert_eq!(shots.len(), 3, "start, one step, the winning step; not the message or the next level");
        let last = shots.last().expect("frames");
        assert_eq!(last.delay_cs, LAST_HOLD_CS, "held before the loop");
        // The player stands on the goal: the won board, drawn in the
        // player's colour at the goal's cell (cell 2 of 3).
        let cell = last.frame.width / 3;
        let at = |x: usize| last.frame.pixels[(cell / 2) * last.frame.width + x];
        assert_eq!(at(2 * cell + cell / 2), Rgba([255, 255, 255, 255]), "the player on the goal");
        assert_ne!(at(cell / 2), Rgba([255, 255, 255, 255]), "no player left at the start");
        assert_eq!(last.frame.width, shots[0].frame.width);
        // Inputs after the win go on into the next entries.
        let rec = Recording {
            level: 0,
            seed: None,
            steps: vec![Step::Input(Input::Right), Step::Input(Input::Right), Step::Input(Input::Left)],
        };
        let shots = frames(&game, &rec, GifOptions::default()).expect("frames");
        assert_eq!(shots.len(), 5, "start, step, won board, the message, the next level after the move");
    }

    #[test]
    fn bad_requests_are_refused() {
        let game = game();
        assert!(frames(&game, &Recording { level: 9, ..Recording::default() }, GifOptions::default()).is_err());
        let no_messages = GifOptions { messages: false, ..GifOptions::default() };
        let only_message = frames(&game, &Recording::default(), no_messages).expect("frames");
        assert!(only_message.is_empty(), "messages left out: nothing to draw");
        assert!(encode(&only_message, 4, Rgba::BLACK).is_err());
        let one =
            frames(&game, &Recording { level: 1, ..Recording::default() }, GifOptions::default()).expect("frames");
        assert!(encode(&one, 0, Rgba::BLACK).is_err());
        assert!(encode(&one, MAX_SCALE + 1, Rgba::BLACK).is_err());
    }
}
