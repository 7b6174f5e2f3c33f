//! Turning commands (menus, shortcuts, tests) and the panels' requests
//! into actions: the one place either is handled.

use super::StudioApp;
use crate::command::Command;
use crate::document::Document;
use crate::examples::TEMPLATES;
use crate::files::DialogKind;
use crate::layout::{self, PanelId};
use crate::request::AppRequest;
use crate::writers::Replace;

impl StudioApp {
    /// Commands that throw the current text away ask first when it is unsaved.
    pub(super) fn discards_text(command: &Command) -> bool {
        matches!(
            command,
            Command::NewFrom(_) | Command::Open | Command::OpenExample(_) | Command::OpenRecent(_) | Command::Quit
        )
    }

    /// Run `command` now (asking about unsaved changes first if needed).
    pub fn execute(&mut self, command: Command, ctx: &egui::Context) {
        if Self::discards_text(&command) && self.doc.is_dirty() {
            self.unsaved_prompt = Some(command);
            return;
        }
        self.execute_unchecked(command, ctx);
    }

    pub(super) fn execute_unchecked(&mut self, command: Command, ctx: &egui::Context) {
        match command {
            Command::New => self.new_chooser = true,
            Command::NewFrom(i) => {
                let template = TEMPLATES.get(i).copied().unwrap_or(TEMPLATES[0]);
                self.clear_recovery();
                self.replace_document(Document::new(template.text.to_owned(), None));
                self.status = format!("New game from \u{201c}{}\u{201d}: Save As to give it a name", template.title);
            }
            Command::Open => self.start_dialog(DialogKind::Open, ctx),
            Command::OpenExample(i) => {
                self.clear_recovery();
                self.open_example(i);
            }
            Command::OpenRecent(path) => {
                self.clear_recovery();
                self.open_path(path);
            }
            Command::Save => match self.doc.path.clone() {
                Some(path) => {
                    self.save_to(path, Replace::Unconfirmed);
                }
                None => self.start_dialog(DialogKind::SaveAs, ctx),
            },
            Command::SaveAs => self.start_dialog(DialogKind::SaveAs, ctx),
            Command::Quit => {
                self.close_confirmed = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Command::Undo => {
                if let Some(at) = self.doc.undo() {
                    self.panels.code.select = Some(at..at);
                }
            }
            // On the player's board, Ctrl+Shift+Z redoes a turn.
            Command::Redo if self.board_focused(ctx) => {
                self.panels.player.redo();
            }
            Command::Redo => {
                if let Some(at) = self.doc.redo() {
                    self.panels.code.select = Some(at..at);
                }
            }
            Command::Find => self.panels.code.open_find(false, ctx, self.doc.text()),
            Command::Replace => self.panels.code.open_find(true, ctx, self.doc.text()),
            Command::ToggleComment => self.panels.code.toggle_comment_requested = true,
            Command::GoToDefinition => self.go_to_definition(ctx),
            Command::FindUses => self.find_uses(ctx),
            Command::RunRestart => {
                self.panels.player.restart();
                layout::set_shown(&mut self.tree, PanelId::Player, true);
            }
            Command::LevelSelect => {
                layout::set_shown(&mut self.tree, PanelId::Player, true);
                self.status = "Choose the level at the top of the Player panel.".into();
            }
            Command::Rebuild => {
                self.doc.rebuild();
                self.status = format!("Rebuilt in {:.1} ms", self.doc.build_time().as_secs_f64() * 1000.0);
            }
            Command::TogglePanel(panel) => match layout::is_shown(&self.tree, panel) {
                true => layout::set_shown(&mut self.tree, panel, false),
                false => layout::focus(&mut self.tree, panel),
            },
            Command::ResetLayout => self.tree = layout::default_tree(),
            Command::ToggleWrapLines => self.panels.code.wrap_lines = !self.panels.code.wrap_lines,
            Command::PlayLevel(index) => {
                self.panels.player.select_level(index);
                self.panels.player.take_keys();
                layout::focus(&mut self.tree, PanelId::Player);
            }
            Command::Export => self.export.show(),
            Command::ShowSolution(index) => {
                if let Some(crate::live::Verdict::Solved(inputs)) = self.live.verdict(index) {
                    self.panels.player.show_solution(index, inputs.clone());
                    layout::focus(&mut self.tree, PanelId::Player);
                }
            }
        }
        ctx.request_repaint();
    }

    /// Ask the studio for `request` as a panel would (handled after the
    /// panels of the next frame are drawn).
    pub fn request(&mut self, request: AppRequest) {
        self.requests.send(request);
    }

    /// Act on one request of a panel: the one place panels' asks are handled.
    pub(super) fn handle_request(&mut self, request: AppRequest, ctx: &egui::Context) {
        match request {
            // Run at the start of the next frame, like a menu's command.
            AppRequest::Run(command) => self.queued.push(command),
            // A jump into the code (from Problems, the Outline, the
            // debugger, go to definition) brings the code panel to the
            // front to be seen; the editor selects the range as it draws.
            AppRequest::SelectInCode(range) => {
                self.panels.code.select = Some(range);
                if !self.code_in_front() {
                    layout::focus(&mut self.tree, PanelId::Code);
                }
                ctx.request_repaint();
            }
            AppRequest::ExportWav(seed) => self.start_dialog(DialogKind::ExportWav(seed), ctx),
            AppRequest::SaveTest(case) => {
                self.pending_test = Some(case);
                self.start_dialog(DialogKind::SaveTest, ctx);
            }
            AppRequest::ImportImage => self.start_dialog(DialogKind::ImportImage, ctx),
            AppRequest::Status(text) => self.status = text,
            AppRequest::ClearStatus(text) => {
                if self.status == text {
                    self.status.clear();
                }
            }
        }
    }

    /// The name at the editor's cursor, or a status line saying there is none.
    pub(super) fn name_at_cursor(
        &mut self,
        ctx: &egui::Context,
        what: &str,
    ) -> Option<(String, std::sync::Arc<engine::syntax::ast::Ast>)> {
        let text = self.doc.text().to_owned();
        let ast = self.doc.shared_ast();
        let name =
            crate::panels::code::selection(ctx, &text).and_then(|r| crate::navigate::name_at(&text, &ast, r.start));
        if name.is_none() {
            self.status = format!("Put the cursor on a name in the code to {what}.");
        }
        name.map(|n| (n, ast))
    }

    pub(super) fn go_to_definition(&mut self, ctx: &egui::Context) {
        let Some((name, ast)) = self.name_at_cursor(ctx, "go to its definition") else { return };
        match crate::navigate::definition(&ast, &name) {
            Some(span) => {
                self.handle_request(AppRequest::SelectInCode(span.start..span.end), ctx);
                self.status = format!("{name}: defined on line {}", span.line);
            }
            None => self.status = format!("{name} is not defined in this game"),
        }
    }

    pub(super) fn find_uses(&mut self, ctx: &egui::Context) {
        let Some((name, ast)) = self.name_at_cursor(ctx, "list its uses") else { return };
        let spans = crate::navigate::uses_in(self.doc.text(), &ast, &name);
        self.status = format!("{name}: {} in the Outline", crate::panels::problems::count(spans.len(), "use"));
        self.panels.outline.uses = Some(crate::panels::outline::Uses { name, spans });
        layout::focus(&mut self.tree, PanelId::Outline);
    }
}
