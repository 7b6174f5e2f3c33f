//! What the player draws besides the board: the title screen, message
//! screens, the empty screen, and the board's texture from `render`.

use std::sync::Arc;

use engine::play::{LevelItem, Screen};

use super::{PlayerPanel, color32};

/// What the player shows when no version of the game has compiled yet.
pub(super) fn nothing_to_play(ui: &mut egui::Ui) {
    ui.vertical_centered(|ui| {
        ui.add_space((ui.available_height() / 2.0 - 40.0).max(8.0));
        ui.heading("Nothing to play yet");
        ui.add_space(6.0);
        ui.colored_label(ui.visuals().warn_fg_color, "The game does not compile: see Problems.");
    });
}

/// What was clicked on the level select.
pub(super) enum LevelSelectClick {
    /// Level `n` of the list.
    Level(usize),
    /// The button back to the title screen.
    Back,
}

impl PlayerPanel {
    /// Fill `rect` with the game's background colour (black without a
    /// game) for a text screen; returns the text colour to draw on it.
    fn screen_background(&mut self, ui: &egui::Ui, rect: egui::Rect) -> egui::Color32 {
        let (bg, fg) = self
            .look()
            .map_or((egui::Color32::BLACK, egui::Color32::WHITE), |l| (color32(l.background), color32(l.text)));
        ui.painter().rect_filled(rect, 0.0, bg);
        fg
    }

    /// The look of the game being played.
    pub(super) fn look(&mut self) -> Option<&engine::render::Look> {
        let game = self.game.as_ref()?;
        let key = Arc::as_ptr(game) as usize;
        if self.look.as_ref().is_none_or(|(k, _)| *k != key) {
            self.look = Some((key, engine::render::Look::new(game)));
        }
        self.look.as_ref().map(|(_, l)| l)
    }

    /// The picture of the board on screen (the level played, or the level
    /// just won), when it changed since the texture was made.
    pub(super) fn refresh_texture(&mut self, ctx: &egui::Context) {
        let Some(play) = &self.play else { return };
        let game = play.game().clone();
        // A tween (tween_length) redraws every frame while it slides; the
        // debugger's stepped boards never slide.
        let stepped = matches!(play.screen(), Screen::Level(session) if self.debug.shown_grid(session).is_some());
        let slide = if stepped {
            None
        } else {
            play.tween(self.now).map(|t| (t.moved.to_vec(), t.remaining, t.animations.to_vec(), t.afx_left))
        };
        let key = (Arc::as_ptr(&game) as usize, play.generation(), self.debug.version);
        // A smoothscreen camera redraws every frame while it glides; the
        // camera and colours follow the options as the rules left them.
        let gliding = self.camera.gliding(play.options(), self.now);
        if self.drawn_state == Some(key) && self.texture.is_some() && slide.is_none() && !gliding && !self.tweened {
            return;
        }
        self.tweened = slide.is_some() || gliding;
        if self.tweened {
            ctx.request_repaint();
        }
        let grid = match play.screen() {
            Screen::Level(session) => self.debug.shown_grid(session).or_else(|| session.board_grid()),
            Screen::LevelWon(grid, _) => Some(grid.clone()),
            _ => None,
        };
        let Some(grid) = grid.filter(|g| g.width > 0 && g.height > 0) else { return };
        let status = match play.screen() {
            Screen::Level(session) => session.status().map(str::to_owned),
            _ => None,
        };
        let options = play.options().clone();
        if self.camera_for != Some((key.0, play.entry())) {
            self.camera = engine::render::Camera::default();
            self.camera_for = Some((key.0, play.entry()));
        }
        let view = self.camera.view_at(&game, &options, &grid, self.now);
        self.board_view = Some(view);
        let Some(look) = self.look() else { return };
        let look = look.live(&game, &options);
        let tween = slide.as_ref().map(|(moved, remaining, animations, afx_left)| engine::tween::Tween {
            moved,
            remaining: *remaining,
            animations,
            afx_left: *afx_left,
        });
        let frame = engine::render::screen::level_frame(&look, &game, (&grid, view), tween.as_ref(), status.as_deref());
        // The level's part of the picture (a status line may sit under it).
        self.board_part = (view.height() * engine::render::screen::level_cell(&look, &game, view).1) as f32
            / frame.height.max(1) as f32;
        let pixels = frame.pixels.iter().map(|p| color32(*p)).collect();
        let image = egui::ColorImage::new([frame.width, frame.height], pixels);
        match &mut self.texture {
            Some(texture) => texture.set(image, egui::TextureOptions::NEAREST),
            None => self.texture = Some(ctx.load_texture("player_board", image, egui::TextureOptions::NEAREST)),
        }
        self.drawn_state = Some(key);
    }

    /// A menu screen (the title screen, the pause menu): a heading, a line
    /// under it, one button a choice (the highlighted one selected);
    /// returns the choice clicked.
    pub(super) fn menu_ui(
        &mut self,
        ui: &mut egui::Ui,
        rect: egui::Rect,
        (heading, under): (&str, Option<&str>),
        choices: &[String],
        selected: usize,
    ) -> Option<usize> {
        let fg = self.screen_background(ui, rect);
        // PuzzleScript Next's title_color (the heading), author_color (the
        // title screen's author) and keyhint_color, and PuzzleScript Plus's
        // text_controls under the title screen's choices.
        let game = self.game.clone();
        let on_title = self.on_title();
        let colours = match (&game, self.look()) {
            (Some(g), Some(l)) => Some(engine::render::screen::TextColours::of(l, g)),
            _ => None,
        };
        let (title_fg, author_fg, keyhint_fg) =
            colours.map_or((fg, fg, fg), |c| (color32(c.title), color32(c.author), color32(c.keyhint)));
        let under_fg = if on_title { author_fg } else { fg };
        let controls = game
            .as_ref()
            .filter(|g| on_title && g.metadata.has_option(engine::options::PreludeOption::TextControls))
            .map(|g| engine::render::screen::title_help(g, engine::render::screen::Prompt::Keys).0);
        let mut clicked = None;
        let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect.shrink(16.0)));
        child.vertical_centered(|ui| {
            ui.add_space((rect.height() * 0.22).max(8.0));
            ui.label(egui::RichText::new(heading).size(26.0).color(title_fg).strong());
            if let Some(under) = under {
                ui.add_space(4.0);
                ui.label(egui::RichText::new(under).size(16.0).color(under_fg));
            }
            ui.add_space(24.0);
            for (i, choice) in choices.iter().enumerate() {
                if i > 0 {
                    ui.add_space(6.0);
                }
                // The highlight shows what X takes when there is a choice.
                let button = egui::Button::new(choice.as_str()).selected(choices.len() > 1 && i == selected);
                let hint = if i == selected { "X (Up/Down to choose)" } else { "" };
                let hint = if choices.len() > 1 { hint } else { "X" };
                if ui.add(button).on_hover_text(hint).clicked() {
                    clicked = Some(i);
                }
            }
            if let Some(lines) = &controls {
                ui.add_space(24.0);
                // One block, so the lines keep their own indents.
                let block: Vec<&str> = lines.iter().map(|l| l.trim_end()).collect();
                ui.label(egui::RichText::new(block.join("\n")).size(14.0).monospace().color(keyhint_fg));
            }
        });
        clicked
    }

    /// Draw the level select (engine::play's list of the levels reached):
    /// one button a level, "Level N: caption", the highlighted one selected,
    /// and a button back to the title screen; returns what was clicked.
    pub(super) fn level_select_ui(
        &mut self,
        ui: &mut egui::Ui,
        rect: egui::Rect,
        items: &[LevelItem],
        selected: usize,
    ) -> Option<LevelSelectClick> {
        let fg = self.screen_background(ui, rect);
        let mut clicked = None;
        let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect.shrink(16.0)));
        child.vertical_centered(|ui| {
            ui.add_space(8.0);
            ui.label(egui::RichText::new("Select a level").size(22.0).color(fg).strong());
            ui.add_space(10.0);
            egui::ScrollArea::vertical().max_height((rect.height() - 110.0).max(60.0)).show(ui, |ui| {
                for (i, item) in items.iter().enumerate() {
                    let button =
                        egui::Button::new(egui::RichText::new(item.label()).size(16.0)).selected(i == selected);
                    let response = ui.add(button).on_hover_text("X plays it (Up/Down to choose)");
                    if i == selected {
                        response.scroll_to_me(None);
                    }
                    if response.clicked() {
                        clicked = Some(LevelSelectClick::Level(i));
                    }
                    ui.add_space(4.0);
                }
            });
            ui.add_space(10.0);
            if ui.button("Back to the title screen").on_hover_text("Esc").clicked() {
                clicked = Some(LevelSelectClick::Back);
            }
        });
        clicked
    }

    /// Do what was clicked on the level select: play the level, or go
    /// back to the title screen (as Esc does).
    pub(super) fn level_select_clicked(&mut self, click: LevelSelectClick, now: std::time::Duration) {
        match click {
            LevelSelectClick::Level(i) => self.with_play(|play| play.choose(i, now)),
            LevelSelectClick::Back => self.with_play(|play| {
                play.press(engine::play::Control::Title, now);
                play.release(engine::play::Control::Title, now);
            }),
        }
    }

    /// Draw a message in the game's own colours with the hint to go on
    /// under it; in a PuzzleScript Plus/Next game laid out as
    /// `engine::render` lays it out (`message_text_align`, `\n` line
    /// breaks, `text_message_continue` in `keyhint_color`).
    pub(super) fn message_ui(&mut self, ui: &egui::Ui, rect: egui::Rect, text: &str) {
        use engine::render::screen::{Prompt, TextColours, message_hint};
        use engine::render::text::{Align, MessageStyle};
        let Some(game) = self.game.clone() else {
            return self.text_ui(ui, rect, format!("{text}\n\nPress X to continue"));
        };
        // Laid out as the options on screen say (a rule may have set
        // `message_text_align`).
        let style = MessageStyle::of(self.play.as_ref().map_or(&game.metadata, |p| p.options()));
        if style == MessageStyle::default() {
            // A classic game: as it always was.
            return self.text_ui(ui, rect, format!("{text}\n\nPress X to continue"));
        }
        let fg = self.screen_background(ui, rect);
        let Some(look) = self.look() else { return };
        let colours = TextColours::of(look, &game);
        let width = (rect.width() - 40.0).max(40.0);
        let font = egui::FontId::proportional(18.0);
        let mut job = egui::text::LayoutJob::simple(style.paragraphs(text).join("\n"), font.clone(), fg, width);
        job.halign = match style.align {
            Align::Left => egui::Align::LEFT,
            Align::Center => egui::Align::Center,
            Align::Right => egui::Align::RIGHT,
        };
        let galley = ui.painter().layout_job(job);
        let hint = ui.painter().layout(message_hint(&game, Prompt::Keys), font, color32(colours.keyhint), width);
        let gap = 18.0 * 1.5;
        let top = rect.center().y - (galley.size().y + gap + hint.size().y) / 2.0;
        let x = match style.align {
            Align::Left => rect.center().x - width / 2.0,
            Align::Center => rect.center().x,
            Align::Right => rect.center().x + width / 2.0,
        };
        let hint_at = egui::pos2(rect.center().x - hint.size().x / 2.0, top + galley.size().y + gap);
        ui.painter().galley(egui::pos2(x, top), galley, fg);
        ui.painter().galley(hint_at, hint, fg);
    }

    /// Draw a text screen (the end of the game) in the game's own colours,
    /// as the web player does.
    pub(super) fn text_ui(&mut self, ui: &egui::Ui, rect: egui::Rect, text: String) {
        let fg = self.screen_background(ui, rect);
        let galley = ui.painter().layout(text, egui::FontId::proportional(18.0), fg, (rect.width() - 40.0).max(40.0));
        ui.painter().galley(rect.center() - galley.size() / 2.0, galley, fg);
    }
}
