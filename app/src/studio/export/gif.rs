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

use std::sync::Arc;

use anyhow::{Context as _, bail};
use engine::compile::Game;
use engine::render::{Camera, Frame, Look, Rgba};
use engine::run::Session;

use super::replay::{Recording, Step};

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
/// # Errors
/// When the level does not exist, the game never settles after an input,
/// or the session is too long for a GIF.
pub fn frames(game: &Arc<Game>, recording: &Recording, options: GifOptions) -> anyhow::Result<Vec<TimedFrame>> {
    if recording.level >= game.levels.len() {
        bail!("there is no level {} (the game has {} entries in LEVELS)", recording.level + 1, game.levels.len());
    }
    let meta = &game.metadata;
    let repeat_cs = centiseconds(meta.key_repeat_interval * 1000.0);
    let again_cs = centiseconds(meta.again_interval * 1000.0);
    let tick_cs = centiseconds(meta.realtime_interval.unwrap_or(0.0) * 1000.0);
    let look = Look::new(game);
    let mut camera = Camera::default();
    let mut session = Session::new(game.clone(), recording.level, recording.seed.as_deref());
    let mut out: Vec<TimedFrame> = Vec::new();
    // The delay the next frame gets: the reference's encoder keeps the last
    // delay it was given and stamps it on each frame it adds.
    let mut delay = centiseconds(200.0);
    let draw = |session: &Session, camera: &mut Camera, delay: u16, out: &mut Vec<TimedFrame>| -> anyhow::Result<()> {
        if let Some(frame) = screen(&look, session, camera, options) {
            if out.len() >= MAX_FRAMES {
                bail!("the session has more than {MAX_FRAMES} frames; record a shorter one");
            }
            out.push(TimedFrame { frame, delay_cs: delay });
        }
        Ok(())
    };
    // The level is drawn once it is loaded and its start rules (and their
    // `again` turns) have run, as the player and the conformance runner
    // start it.
    settle(&mut session)?;
    draw(&session, &mut camera, delay, &mut out)?;
    for (k, step) in recording.steps.iter().enumerate() {
        match step {
            Step::Input(input) => session.input(*input),
            Step::Undo => session.undo(),
            Step::Restart => session.restart(),
            Step::Tick => session.tick(),
        }
        draw(&session, &mut camera, delay, &mut out)?;
        delay = if *step == Step::Tick { tick_cs } else { repeat_cs };
        let mut agains = 0;
        while session.again_pending() {
            agains += 1;
            if agains > AGAIN_LIMIT {
                bail!("after input {}: more than {AGAIN_LIMIT} again turns in a row", k + 1);
            }
            session.run_again();
            delay = again_cs;
            draw(&session, &mut camera, delay, &mut out)?;
        }
    }
    Ok(out)
}

/// Run the pending `again` turns of a fresh session.
fn settle(session: &mut Session) -> anyhow::Result<()> {
    for _ in 0..AGAIN_LIMIT {
        if !session.again_pending() {
            return Ok(());
        }
        session.run_again();
    }
    bail!("the level never settles: more than {AGAIN_LIMIT} again turns when it starts")
}

/// What the screen shows: the visible part of the level, or nothing when a
/// message is up and `options.messages` is off (or no level is loaded).
fn screen(look: &Look, session: &Session, camera: &mut Camera, options: GifOptions) -> Option<Frame> {
    if session.text_mode() {
        let _ = options.messages;
        return None;
    }
    let (w, h) = session.size();
    if w == 0 || h == 0 {
        return None;
    }
    let view = camera.view(session);
    Some(engine::render::level_frame(look, session, view))
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
