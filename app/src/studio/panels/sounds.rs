//! The sound seed browser panel: pages of fresh seeds per category, made on
//! a worker thread; audition, favourites, "more like this", and "use for"
//! an event (a text edit of the SOUNDS section); the game's own sound lines
//! with play buttons.

use std::sync::mpsc::{Receiver, TryRecvError};

use engine::edit::sounds::{DIRECTIONS, OBJECT_VERBS, SoundTarget, set_sound};
use engine::sfx::Category;
use engine::syntax::keywords::{SoundEvent, SoundVerb};

use egui_extras::{Column, TableBuilder};

use super::{Panel, PanelContext};
use crate::audio::{SharedAudio, silent};

/// Seeds on one page.
pub const PAGE_SIZE: usize = 12;
const THUMB_COLUMNS: usize = 256;

/// A seed on the page, with its waveform thumbnail.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The seed.
    pub seed: i64,
    /// Waveform peaks for the thumbnail.
    pub peaks: Vec<(f32, f32)>,
}

/// Which kind of event "use for" targets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TargetKind {
    /// `sfxN`.
    Sfx,
    /// A global event.
    Global,
    /// An object event.
    Object,
}

/// The sound seed browser.
pub struct SoundsPanel {
    /// Where auditions go (the studio shares one output).
    pub audio: SharedAudio,
    /// Favourite seeds (persisted by the app).
    pub favourites: Vec<i64>,
    /// The current page.
    pub page: Vec<Entry>,
    /// Index into `page` of the selected seed.
    pub selected: Option<usize>,
    pending: Option<Receiver<Vec<Entry>>>,
    requests: u64,
    /// "Use for" target.
    pub target: TargetKind,
    /// `sfxN` number.
    pub sfx: u8,
    /// Index into [`SoundEvent::NAMED`].
    pub global: usize,
    /// Object name for object events.
    pub object: String,
    /// Index into [`OBJECT_VERBS`].
    pub verb: usize,
    /// Direction: 0 for any, else 1 + index into [`DIRECTIONS`].
    pub direction: usize,
}

impl Default for SoundsPanel {
    fn default() -> Self {
        Self {
            audio: silent(),
            favourites: Vec::new(),
            page: Vec::new(),
            selected: None,
            pending: None,
            requests: 0,
            target: TargetKind::Sfx,
            sfx: 0,
            global: 0,
            object: String::from("player"),
            verb: 0,
            direction: 0,
        }
    }
}

fn entry(seed: i64) -> Entry {
    let sound = engine::sfx::sound_for_seed(seed);
    let mut peaks = ui_widgets::waveform::peaks(&sound.samples, THUMB_COLUMNS);
    // Quiet sounds are drawn as tall as loud ones (up to 8 times), so their
    // shape shows in the thumbnail.
    let loudest = peaks.iter().map(|(lo, hi)| lo.abs().max(hi.abs())).fold(0.0f32, f32::max);
    if loudest > 0.0 {
        let gain = (1.0 / loudest).min(8.0);
        for (lo, hi) in &mut peaks {
            *lo *= gain;
            *hi *= gain;
        }
    }
    Entry { seed, peaks }
}

/// How many fresh seeds "more like this" compares against the seed.
const SIMILAR_POOL: usize = 3000;

impl SoundsPanel {
    /// Whether a page is being generated.
    #[must_use]
    pub fn is_generating(&self) -> bool {
        self.pending.is_some()
    }

    /// Starts generating a page of fresh seeds in `category` on a worker thread.
    pub fn generate(&mut self, category: Category) {
        self.requests += 1;
        let nonce = format!(
            "{}-{}",
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0),
            self.requests
        );
        self.spawn(move || {
            let mut rng = engine::rng::Rng::new(&nonce);
            (0..PAGE_SIZE).map(|_| entry(engine::sfx::fresh_seed(category, &mut rng))).collect()
        });
    }

    /// Starts making a page of `seed` and the seeds of its category that
    /// sound most like it (see [`engine::sfx::similar_seeds`]).
    pub fn more_like(&mut self, seed: i64) {
        self.spawn(move || {
            let mut seeds = vec![seed];
            seeds.extend(engine::sfx::similar_seeds(seed, PAGE_SIZE - 1, SIMILAR_POOL));
            seeds.into_iter().map(entry).collect()
        });
    }

    fn spawn(&mut self, work: impl FnOnce() -> Vec<Entry> + Send + 'static) {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(work());
        });
        self.pending = Some(rx);
    }

    /// Takes a finished page, if any.
    fn poll(&mut self) {
        if let Some(rx) = &self.pending {
            match rx.try_recv() {
                Ok(page) => {
                    self.page = page;
                    self.selected = if self.page.is_empty() { None } else { Some(0) };
                    self.pending = None;
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => self.pending = None,
            }
        }
    }

    /// Waits (up to `limit`) for the page being generated; for tests.
    pub fn wait_for_page(&mut self, limit: std::time::Duration) {
        let start = std::time::Instant::now();
        while self.pending.is_some() && start.elapsed() < limit {
            self.poll();
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    /// Plays `seed` and remembers nothing else.
    pub fn audition(&self, seed: i64) {
        self.audio.play(seed);
    }

    /// Adds or removes `seed` from the favourites.
    pub fn toggle_favourite(&mut self, seed: i64) {
        if let Some(i) = self.favourites.iter().position(|&s| s == seed) {
            self.favourites.remove(i);
        } else {
            self.favourites.push(seed);
        }
    }

    /// The event "use for" currently targets.
    #[must_use]
    pub fn target_event(&self) -> SoundTarget {
        match self.target {
            TargetKind::Sfx => SoundTarget::Event(SoundEvent::Sfx(self.sfx.min(10))),
            TargetKind::Global => {
                SoundTarget::Event(SoundEvent::NAMED.get(self.global).copied().unwrap_or(SoundEvent::StartGame))
            }
            TargetKind::Object => SoundTarget::Object {
                object: self.object.trim().to_lowercase(),
                verb: OBJECT_VERBS.get(self.verb).copied().unwrap_or(SoundVerb::Move),
                directions: self
                    .direction
                    .checked_sub(1)
                    .and_then(|i| DIRECTIONS.get(i))
                    .copied()
                    .into_iter()
                    .collect(),
            },
        }
    }

    /// Writes `seed` for the target event into the document's SOUNDS.
    pub fn use_for_target(&self, seed: i64, cx: &mut PanelContext<'_>) -> bool {
        let event = self.target_event();
        if let SoundTarget::Object { object, .. } = &event
            && (object.is_empty() || object.contains(char::is_whitespace))
        {
            return false;
        }
        let ast = cx.doc.shared_ast();
        let edit = set_sound(cx.doc.text(), &ast, &event, seed);
        edit.is_some_and(|e| cx.doc.apply_edit(&e))
    }

    fn keyboard(&mut self, ui: &egui::Ui) {
        if self.page.is_empty() || ui.ctx().memory(|m| m.focused().is_some()) || !ui.ui_contains_pointer() {
            return;
        }
        let (up, down, play) = ui.input(|i| {
            (
                i.key_pressed(egui::Key::ArrowUp),
                i.key_pressed(egui::Key::ArrowDown),
                i.key_pressed(egui::Key::Space) || i.key_pressed(egui::Key::Enter),
            )
        });
        let last = self.page.len() - 1;
        let cur = self.selected.unwrap_or(0);
        if up {
            self.selected = Some(cur.saturating_sub(1));
        }
        if down {
            self.selected = Some((cur + 1).min(last));
        }
        if (up || down || play)
            && let Some(e) = self.selected.and_then(|i| self.page.get(i))
        {
            self.audio.play(e.seed);
        }
    }
}

/// What a click in the seed table asked for.
#[derive(Default)]
struct Picked {
    /// More like this seed.
    more: Option<i64>,
    /// Fav or unfav this seed.
    fav: Option<i64>,
    /// Use this seed for the event below.
    use_seed: Option<i64>,
    /// Export this seed as a WAV file.
    wav: Option<i64>,
}

impl SoundsPanel {
    /// The page of seeds as a table: the seed (click to play), its
    /// waveform (click to play), Fav, More like this, Use, WAV.
    fn seed_table_ui(&mut self, ui: &mut egui::Ui) -> Picked {
        let mut picked = Picked::default();
        let mut play = None;
        let row_height = 24.0;
        ui.push_id("seed_table", |ui| {
            // Button labels stay on one line.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            TableBuilder::new(ui)
                .striped(true)
                .auto_shrink([false, true])
                .vscroll(false)
                // Fixed widths for the seed and the buttons (a width taken
                // from the content would make egui lay the frame out twice);
                // the waveform takes the rest of the row.
                .column(Column::exact(84.0))
                .column(Column::remainder().at_least(96.0))
                .column(Column::exact(56.0))
                .column(Column::exact(112.0))
                .column(Column::exact(44.0))
                .column(Column::exact(48.0))
                .body(|body| {
                    body.rows(row_height, self.page.len(), |mut row| {
                        let i = row.index();
                        let e = &self.page[i];
                        row.set_selected(self.selected == Some(i));
                        row.col(|ui| {
                            let seed = egui::Button::selectable(
                                self.selected == Some(i),
                                egui::RichText::new(e.seed.to_string()).monospace(),
                            );
                            if ui.add_sized([78.0, 18.0], seed).on_hover_text("Play this seed").clicked() {
                                play = Some(i);
                            }
                        });
                        row.col(|ui| {
                            let width = ui.available_width().max(96.0);
                            let wave = ui_widgets::waveform::waveform(ui, &e.peaks, egui::vec2(width, 20.0));
                            wave.widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Waveform of {}", e.seed))
                            });
                            if wave.on_hover_text("Play this seed").clicked() {
                                play = Some(i);
                            }
                        });
                        row.col(|ui| {
                            let (star, tip) = if self.favourites.contains(&e.seed) {
                                ("Unfav", "Remove from favourites")
                            } else {
                                ("Fav", "Keep in favourites")
                            };
                            // One width for Fav and Unfav keeps the columns still.
                            if ui.add_sized([52.0, 18.0], egui::Button::new(star)).on_hover_text(tip).clicked() {
                                picked.fav = Some(e.seed);
                            }
                        });
                        row.col(|ui| {
                            if ui
                                .button("More like this")
                                .on_hover_text("A page of seeds that sound like this one")
                                .clicked()
                            {
                                picked.more = Some(e.seed);
                            }
                        });
                        row.col(|ui| {
                            if ui.button("Use").on_hover_text("Use this seed for the event below").clicked() {
                                picked.use_seed = Some(e.seed);
                            }
                        });
                        row.col(|ui| {
                            if ui.button("WAV").on_hover_text("Export this seed as a WAV file").clicked() {
                                picked.wav = Some(e.seed);
                            }
                        });
                    });
                });
        });
        if let Some(i) = play {
            self.selected = Some(i);
            if let Some(e) = self.page.get(i) {
                self.audio.play(e.seed);
            }
        }
        picked
    }
}

impl Panel for SoundsPanel {
    fn title(&self, _cx: &PanelContext<'_>) -> String {
        crate::panel_id::PanelId::Sounds.title().to_owned()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        self.poll();
        self.keyboard(ui);
        if let Some(reason) = self.audio.unavailable() {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!(
                    "No sound output: {reason}. Seeds can still be browsed and written into the game, but not heard."
                ),
            );
        }
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for category in Category::ALL {
                    if ui.button(category.name()).on_hover_text("A page of fresh seeds").clicked() {
                        self.generate(category);
                    }
                }
            });
            if self.pending.is_some() {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label("Generating...");
                });
                ui.ctx().request_repaint_after(std::time::Duration::from_millis(30));
            }
            ui.separator();
            let picked = self.seed_table_ui(ui);
            let (more, fav, use_seed) = (picked.more, picked.fav, picked.use_seed);
            if let Some(seed) = picked.wav {
                cx.requests.send(crate::request::AppRequest::ExportWav(seed));
            }
            if let Some(seed) = fav {
                self.toggle_favourite(seed);
            }
            if let Some(seed) = more {
                self.more_like(seed);
            }
            ui.separator();
            self.target_ui(ui);
            if let Some(seed) = use_seed {
                self.use_for_target(seed, cx);
            }
            ui.separator();
            ui.strong("Favourites");
            let mut unfav = None;
            let mut use_fav = None;
            for &seed in &self.favourites {
                ui.horizontal(|ui| {
                    if ui.button("Play").on_hover_text("Play this seed").clicked() {
                        self.audio.play(seed);
                    }
                    ui.label(seed.to_string());
                    if ui.button("Unfav").on_hover_text("Remove from favourites").clicked() {
                        unfav = Some(seed);
                    }
                    if ui.button("Use").on_hover_text("Use this seed for the event below").clicked() {
                        use_fav = Some(seed);
                    }
                    if ui.button("WAV").on_hover_text("Export as a WAV file").clicked() {
                        cx.requests.send(crate::request::AppRequest::ExportWav(seed));
                    }
                });
            }
            if self.favourites.is_empty() {
                ui.weak("None yet: Fav a seed to keep it.");
            }
            if let Some(seed) = unfav {
                self.toggle_favourite(seed);
            }
            if let Some(seed) = use_fav {
                self.use_for_target(seed, cx);
            }
            ui.separator();
            ui.strong("This game's sounds");
            let lines: Vec<(String, i64)> = cx
                .doc
                .ast()
                .sounds
                .iter()
                .filter_map(|d| SoundTarget::of_line(d).map(|(e, s)| (e.words().join(" "), s)))
                .collect();
            if lines.is_empty() {
                ui.weak("No SOUNDS lines.");
            }
            for (event, seed) in lines {
                ui.horizontal(|ui| {
                    if ui.button("Play").on_hover_text("Play this sound").clicked() {
                        self.audio.play(seed);
                    }
                    ui.label(format!("{event} {seed}"));
                });
            }
        });
    }
}

impl SoundsPanel {
    fn target_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label("Use for:");
            ui.selectable_value(&mut self.target, TargetKind::Sfx, "sfx")
                .on_hover_text("A sound the rules play with sfx0 to sfx10");
            ui.selectable_value(&mut self.target, TargetKind::Global, "game event")
                .on_hover_text("A sound for the game as a whole: start, win a level, undo...");
            ui.selectable_value(&mut self.target, TargetKind::Object, "object")
                .on_hover_text("A sound for an object: when it moves, is created, is destroyed...");
        });
        ui.horizontal_wrapped(|ui| match self.target {
            TargetKind::Sfx => {
                ui.add(egui::DragValue::new(&mut self.sfx).range(0..=10).prefix("sfx"));
            }
            TargetKind::Global => {
                egui::ComboBox::from_id_salt("sound-global")
                    .selected_text(SoundEvent::NAMED.get(self.global).map_or("", |e| e.as_str()))
                    .show_index(ui, &mut self.global, SoundEvent::NAMED.len(), |i| SoundEvent::NAMED[i].as_str());
            }
            TargetKind::Object => {
                ui.add(egui::TextEdit::singleline(&mut self.object).desired_width(90.0).hint_text("object"));
                egui::ComboBox::from_id_salt("sound-verb")
                    .selected_text(OBJECT_VERBS.get(self.verb).map_or("", |v| v.as_str()))
                    .show_index(ui, &mut self.verb, OBJECT_VERBS.len(), |i| OBJECT_VERBS[i].as_str());
                let dir = |i: usize| if i == 0 { "any" } else { DIRECTIONS.get(i - 1).map_or("", |d| d.as_str()) };
                egui::ComboBox::from_id_salt("sound-dir").selected_text(dir(self.direction)).show_index(
                    ui,
                    &mut self.direction,
                    DIRECTIONS.len() + 1,
                    dir,
                );
            }
        });
        ui.label(format!("Writes: {}", self.target_event().line(0).trim_end_matches(" 0")));
    }
}
