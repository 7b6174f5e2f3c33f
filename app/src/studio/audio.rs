//! Sound output behind a trait, so tests (and machines without a sound
//! device) use a silent implementation that records what was asked for.
//!
//! [`RodioAudio`] is the real output: a worker thread owns the device
//! (opened by an explicit `open` or the first play, never on the UI
//! thread), renders each seed through the browser's playback chain once,
//! and adds it to the device's mixer so sounds overlap. [`Controlled`] sits above any output and holds
//! the studio's mute and volume.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU32, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use engine::sfx::SoundSeed;

/// Something that plays sound seeds.
pub trait Audio: Send + Sync {
    /// Starts playing `seed` as the game wrote it, at its volume when it
    /// carries one (PuzzleScript Plus/Next's `142315:12`), overlapping
    /// anything already playing.
    fn play_seed(&self, seed: &SoundSeed);
    /// Starts playing the seed of this number at the usual volume (the
    /// sound browser's and the command line's seeds).
    fn play(&self, seed: i64) {
        self.play_seed(&SoundSeed::of_value(seed));
    }
    /// Seeds played so far as written, oldest first (recording
    /// implementations only; real devices return an empty list).
    fn played_seeds(&self) -> Vec<SoundSeed> {
        Vec::new()
    }
    /// The numbers of the seeds played so far, oldest first.
    fn played(&self) -> Vec<i64> {
        self.played_seeds().iter().map(SoundSeed::value).collect()
    }
    /// Sets the output volume (0 silent, 1 as the browser plays it) for
    /// sounds started from now on. Outputs without a volume ignore it.
    fn set_volume(&self, _volume: f32) {}
    /// Why nothing can be heard, once that is known (no device, a device
    /// that would not open); `None` while sound works or is not tried yet.
    fn unavailable(&self) -> Option<String> {
        None
    }
}

/// An output with no device behind it: plays nothing and says why.
pub struct NoDevice {
    reason: String,
}

impl NoDevice {
    /// An output that is silent because of `reason`.
    #[must_use]
    pub fn new(reason: impl Into<String>) -> Self {
        Self { reason: reason.into() }
    }
}

impl Audio for NoDevice {
    fn play_seed(&self, _seed: &SoundSeed) {}

    fn unavailable(&self) -> Option<String> {
        Some(self.reason.clone())
    }
}

/// Plays nothing; remembers every seed it was asked to play, as written
/// (so with its volume).
#[derive(Default, Clone)]
pub struct Silent {
    played: Arc<Mutex<Vec<SoundSeed>>>,
}

impl Audio for Silent {
    fn play_seed(&self, seed: &SoundSeed) {
        if let Ok(mut p) = self.played.lock() {
            p.push(seed.clone());
        }
    }

    fn played_seeds(&self) -> Vec<SoundSeed> {
        self.played.lock().map(|p| p.clone()).unwrap_or_default()
    }
}

/// The studio's shared audio output.
pub type SharedAudio = Arc<dyn Audio>;

/// The silent, recording output.
#[must_use]
pub fn silent() -> SharedAudio {
    Arc::new(Silent::default())
}

/// Mute and volume above an output: while muted, no plays reach it.
pub struct Controlled {
    inner: SharedAudio,
    muted: AtomicBool,
    /// The volume's `f32` bits.
    volume: AtomicU32,
}

impl Controlled {
    /// `inner`, unmuted at full volume.
    #[must_use]
    pub fn new(inner: SharedAudio) -> Self {
        inner.set_volume(1.0);
        Self { inner, muted: AtomicBool::new(false), volume: AtomicU32::new(1.0f32.to_bits()) }
    }

    /// Whether plays are dropped.
    #[must_use]
    pub fn muted(&self) -> bool {
        self.muted.load(Ordering::Relaxed)
    }

    /// Drop plays (`true`) or pass them on.
    pub fn set_muted(&self, muted: bool) {
        self.muted.store(muted, Ordering::Relaxed);
    }

    /// The volume, 0 to 1.
    #[must_use]
    pub fn volume(&self) -> f32 {
        f32::from_bits(self.volume.load(Ordering::Relaxed))
    }
}

impl Audio for Controlled {
    fn play_seed(&self, seed: &SoundSeed) {
        if !self.muted() {
            self.inner.play_seed(seed);
        }
    }

    fn played_seeds(&self) -> Vec<SoundSeed> {
        self.inner.played_seeds()
    }

    fn set_volume(&self, volume: f32) {
        let volume = if volume.is_finite() { volume.clamp(0.0, 1.0) } else { 1.0 };
        self.volume.store(volume.to_bits(), Ordering::Relaxed);
        self.inner.set_volume(volume);
    }

    fn unavailable(&self) -> Option<String> {
        self.inner.unavailable()
    }
}

/// Where [`RodioAudio`]'s device stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceState {
    /// Nothing played yet, so no device opened.
    NotOpened,
    /// The device is open and sounds go to it.
    Open,
    /// The device could not be opened (logged once); plays are dropped.
    Unavailable,
}

/// State shared between [`RodioAudio`] and its worker.
#[derive(Default)]
struct Shared {
    /// 0 not opened, 1 open, 2 unavailable.
    state: AtomicU8,
    /// Lines written to stderr about the device.
    logged: AtomicUsize,
    /// The volume's `f32` bits (0 means 0.0, so start it explicitly).
    volume: AtomicU32,
    /// Why the device is unavailable, once it is.
    reason: Mutex<Option<String>>,
}

impl Shared {
    fn give_up(&self, reason: String) {
        eprintln!("puzzlewright: no sound output ({reason}); sounds will not play");
        self.logged.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut r) = self.reason.lock() {
            *r = Some(reason);
        }
        self.state.store(2, Ordering::Relaxed);
    }
}

/// What the studio asks of the sound thread.
enum Request {
    /// Open the device now, so the first sound is not late.
    Open,
    /// Play a seed, asked for at that instant.
    Play(SoundSeed, Instant),
}

/// Sound through the default output device, with rodio.
pub struct RodioAudio {
    sender: Sender<Request>,
    shared: Arc<Shared>,
}

impl Default for RodioAudio {
    fn default() -> Self {
        Self::new()
    }
}

/// Plays older than this when the worker gets to them are dropped.
const STALE_AFTER: Duration = Duration::from_millis(500);

/// Rendered sounds kept by the worker (rendering is deterministic per seed
/// and volume; the cache is keyed by the seed as written).
const CACHE_LIMIT: usize = 256;

/// The samples the worker plays for `seed`: the engine's sound for it (at
/// the seed's volume, [`SoundSeed::sound`]) through the browser's three
/// low-pass stages, mono at [`engine::sfx::playback::CHAIN_RATE`].
#[must_use]
pub fn render(seed: &SoundSeed) -> Vec<f32> {
    engine::sfx::playback::browser_chain(&seed.sound())
}

impl RodioAudio {
    /// Starts the worker thread; the device is opened by the first play.
    #[must_use]
    pub fn new() -> Self {
        let (sender, receiver) = channel();
        let shared = Arc::new(Shared::default());
        shared.volume.store(1.0f32.to_bits(), Ordering::Relaxed);
        let worker_shared = shared.clone();
        let spawned = std::thread::Builder::new()
            .name("puzzlewright-audio".to_owned())
            .spawn(move || worker(&receiver, &worker_shared));
        if let Err(e) = spawned {
            shared.give_up(format!("the sound thread could not start: {e}"));
        }
        Self { sender, shared }
    }

    /// Where the device stands.
    #[must_use]
    pub fn state(&self) -> DeviceState {
        match self.shared.state.load(Ordering::Relaxed) {
            0 => DeviceState::NotOpened,
            1 => DeviceState::Open,
            _ => DeviceState::Unavailable,
        }
    }

    /// How many lines were written to stderr about the device.
    #[must_use]
    pub fn log_lines(&self) -> usize {
        self.shared.logged.load(Ordering::Relaxed)
    }

    /// Opens the device on the sound thread now rather than at the first
    /// play (which may then come late and be dropped as stale).
    pub fn open(&self) {
        let _ = self.sender.send(Request::Open);
    }

    /// Waits up to `limit` for the device to open or fail; the state then.
    pub fn wait_for_device(&self, limit: Duration) -> DeviceState {
        let start = Instant::now();
        while self.state() == DeviceState::NotOpened && start.elapsed() < limit {
            std::thread::sleep(Duration::from_millis(5));
        }
        self.state()
    }
}

impl Audio for RodioAudio {
    fn play_seed(&self, seed: &SoundSeed) {
        // A worker that has gone away leaves the studio silent, nothing more.
        let _ = self.sender.send(Request::Play(seed.clone(), Instant::now()));
    }

    fn set_volume(&self, volume: f32) {
        self.shared.volume.store(volume.to_bits(), Ordering::Relaxed);
    }

    fn unavailable(&self) -> Option<String> {
        if self.state() != DeviceState::Unavailable {
            return None;
        }
        self.shared
            .reason
            .lock()
            .ok()
            .and_then(|r| r.clone())
            .or_else(|| Some("the device could not be opened".to_owned()))
    }
}

fn open_device() -> anyhow::Result<rodio::MixerDeviceSink> {
    // Hosts can panic on odd systems; that too means no sound.
    let opened = std::panic::catch_unwind(rodio::DeviceSinkBuilder::open_default_sink)
        .map_err(|_| anyhow::anyhow!("the audio backend stopped unexpectedly"))?;
    let mut sink = opened.map_err(|e| anyhow::anyhow!("no audio output device could be opened ({e})"))?;
    sink.log_on_drop(false);
    Ok(sink)
}

fn worker(receiver: &Receiver<Request>, shared: &Shared) {
    let mut sink: Option<rodio::MixerDeviceSink> = None;
    let mut cache: HashMap<SoundSeed, Arc<Vec<f32>>> = HashMap::new();
    let rate = std::num::NonZero::new(engine::sfx::playback::CHAIN_RATE);
    let mono = std::num::NonZero::new(1u16);
    while let Ok(request) = receiver.recv() {
        if sink.is_none() {
            if shared.state.load(Ordering::Relaxed) == 2 {
                continue; // no device: drop every play
            }
            match open_device() {
                Ok(s) => {
                    sink = Some(s);
                    shared.state.store(1, Ordering::Relaxed);
                }
                Err(e) => shared.give_up(format!("{e:#}")),
            }
        }
        let Request::Play(seed, asked) = request else { continue };
        // A sound asked for long ago (the device was slow to open) would
        // only arrive out of step with the game: skip it.
        if asked.elapsed() > STALE_AFTER {
            continue;
        }
        if let Some(out) = &sink {
            play_on(out, &seed, &mut cache, shared, rate, mono);
        }
    }
}

fn play_on(
    out: &rodio::MixerDeviceSink,
    seed: &SoundSeed,
    cache: &mut HashMap<SoundSeed, Arc<Vec<f32>>>,
    shared: &Shared,
    rate: Option<std::num::NonZero<u32>>,
    mono: Option<std::num::NonZero<u16>>,
) {
    use rodio::Source;
    let (Some(rate), Some(mono)) = (rate, mono) else { return };
    if cache.len() >= CACHE_LIMIT && !cache.contains_key(seed) {
        cache.clear();
    }
    let samples = cache.entry(seed.clone()).or_insert_with(|| Arc::new(render(seed))).clone();
    if samples.is_empty() {
        return;
    }
    let volume = f32::from_bits(shared.volume.load(Ordering::Relaxed));
    if volume <= 0.0 {
        return;
    }
    let buffer = rodio::buffer::SamplesBuffer::new(mono, rate, samples.as_slice().to_vec());
    // The mixer sums every source added to it: sounds overlap.
    out.mixer().add(buffer.amplify(volume));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn muting_drops_plays_and_volume_is_clamped() {
        let silent = Arc::new(Silent::default());
        let c = Controlled::new(silent.clone());
        c.play(1);
        c.set_muted(true);
        c.play(2);
        c.set_muted(false);
        c.play(3);
        assert_eq!(silent.played(), vec![1, 3]);
        c.set_volume(7.0);
        assert!((c.volume() - 1.0).abs() < f32::EPSILON);
        c.set_volume(f32::NAN);
        assert!((c.volume() - 1.0).abs() < f32::EPSILON);
        c.set_volume(0.25);
        assert!((c.volume() - 0.25).abs() < f32::EPSILON);
    }

    #[test]
    fn render_is_the_browser_chain_of_the_seed() {
        let samples = render(&SoundSeed::of_value(36_772_507));
        assert!(!samples.is_empty());
        assert_eq!(samples, engine::sfx::playback::browser_chain(&engine::sfx::sound_for_seed(36_772_507)));
        assert!(samples.iter().all(|s| s.is_finite() && s.abs() <= 1.0));
    }

    /// A seed that carries a volume is rendered at it: louder above ten
    /// tenths, quieter below; the classic seed of the same number is
    /// rendered exactly as before.
    #[test]
    fn render_plays_a_seed_at_its_volume() {
        let peak = |s: &[f32]| s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        let seed = |t: &str| SoundSeed::parse(t).expect("a seed");
        let usual = render(&seed("142315"));
        let (quiet, loud) = (render(&seed("142315:5")), render(&seed("142315:15")));
        assert_eq!(usual, engine::sfx::playback::browser_chain(&engine::sfx::sound_for_seed(142_315)));
        assert_eq!(render(&seed("142315:10")).len(), usual.len());
        assert!(peak(&quiet) < peak(&usual) * 0.8, "{} vs {}", peak(&quiet), peak(&usual));
        // Louder, up to the clipping at 1.
        assert!(peak(&loud) > peak(&usual), "{} vs {}", peak(&loud), peak(&usual));
    }

    #[test]
    fn recording_outputs_keep_the_seed_as_written() {
        let silent = Arc::new(Silent::default());
        let c = Controlled::new(silent.clone());
        c.play_seed(&SoundSeed::parse("142315:12").expect("a seed"));
        c.play(7);
        let texts: Vec<String> = silent.played_seeds().iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["142315:12", "7"]);
        assert_eq!(c.played(), vec![142_315, 7]);
        assert!((silent.played_seeds()[0].volume() - 1.2).abs() < 1e-9);
    }
}
