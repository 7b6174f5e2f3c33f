//! Every action the studio can take, with its menu label and shortcut.
//! Menus, keyboard handling and tests all go through [`Command`].

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::panel_id::PanelId;

/// One thing the user can ask the studio to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Start a new game: offer the starting points to choose from.
    New,
    /// Start a new game from the template with this index in
    /// [`crate::examples::TEMPLATES`].
    NewFrom(usize),
    /// Open a file through the file dialog.
    Open,
    /// Open the built-in example with this index in [`crate::examples::EXAMPLES`].
    OpenExample(usize),
    /// Open a recently used file.
    OpenRecent(std::path::PathBuf),
    /// Save to the current path (or ask for one).
    Save,
    /// Save under a new path.
    SaveAs,
    /// Leave the studio.
    Quit,
    /// Undo the last text edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Show the find bar.
    Find,
    /// Show the find bar with replace.
    Replace,
    /// Comment or uncomment the selected lines.
    ToggleComment,
    /// Jump to where the name at the cursor is defined.
    GoToDefinition,
    /// List every use of the name at the cursor (in the Outline).
    FindUses,
    /// Run the game, or restart the current level.
    RunRestart,
    /// Build the text again.
    Rebuild,
    /// Choose a level to play.
    LevelSelect,
    /// Show or hide a panel.
    TogglePanel(PanelId),
    /// Put the panels back where they started.
    ResetLayout,
    /// Open the export window (HTML page, native executable, GIF).
    Export,
    /// Wrap long lines in the code editor, or scroll sideways.
    ToggleWrapLines,
    /// Play the level with this index (counting messages too, as the
    /// LEVELS section lists them) in the docked player.
    PlayLevel(usize),
    /// Play the solver's solution of this LEVELS entry in the player.
    ShowSolution(usize),
}

impl Command {
    /// Commands that have a keyboard shortcut, most specific first (so
    /// Ctrl+Shift+S is matched before Ctrl+S).
    pub const WITH_SHORTCUTS: [Command; 16] = [
        Command::SaveAs,
        Command::GoToDefinition,
        Command::FindUses,
        Command::Redo,
        Command::New,
        Command::Open,
        Command::Save,
        Command::Quit,
        Command::Undo,
        Command::Find,
        Command::Replace,
        Command::ToggleComment,
        Command::RunRestart,
        Command::Rebuild,
        Command::LevelSelect,
        Command::ResetLayout,
    ];

    /// The menu label.
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            Command::New => "New…".into(),
            Command::NewFrom(i) => {
                crate::examples::TEMPLATES.get(*i).map_or_else(|| "New game".into(), |t| t.title.to_owned())
            }
            Command::Open => "Open…".into(),
            Command::OpenExample(i) => {
                crate::examples::EXAMPLES.get(*i).map_or_else(|| "Example".into(), |e| e.title.to_owned())
            }
            Command::OpenRecent(p) => p.display().to_string(),
            Command::Save => "Save".into(),
            Command::SaveAs => "Save As…".into(),
            Command::Quit => "Quit".into(),
            Command::Undo => "Undo".into(),
            Command::Redo => "Redo".into(),
            Command::Find => "Find…".into(),
            Command::Replace => "Replace…".into(),
            Command::ToggleComment => "Toggle Comment".into(),
            Command::GoToDefinition => "Go to Definition".into(),
            Command::FindUses => "Find Uses".into(),
            Command::RunRestart => "Run / Restart Level".into(),
            Command::Rebuild => "Rebuild".into(),
            Command::LevelSelect => "Level Select…".into(),
            Command::TogglePanel(p) => p.title().into(),
            Command::ResetLayout => "Reset Layout".into(),
            Command::ToggleWrapLines => "Wrap Lines".into(),
            Command::PlayLevel(i) => format!("Play Level {}", i + 1),
            Command::ShowSolution(i) => format!("Show Solution of Entry {}", i + 1),
            Command::Export => "Export…".into(),
        }
    }

    /// The keyboard shortcut, if any.
    #[must_use]
    pub fn shortcut(&self) -> Option<KeyboardShortcut> {
        let cmd = Modifiers::COMMAND;
        let cmd_shift = Modifiers::COMMAND | Modifiers::SHIFT;
        let (mods, key) = match self {
            Command::New => (cmd, Key::N),
            Command::Open => (cmd, Key::O),
            Command::Save => (cmd, Key::S),
            Command::SaveAs => (cmd_shift, Key::S),
            Command::Quit => (cmd, Key::Q),
            Command::Undo => (cmd, Key::Z),
            Command::Redo => (cmd_shift, Key::Z),
            Command::Find => (cmd, Key::F),
            Command::Replace => (cmd, Key::H),
            Command::ToggleComment => (cmd, Key::Slash),
            Command::RunRestart => (Modifiers::NONE, Key::F5),
            Command::GoToDefinition => (Modifiers::NONE, Key::F12),
            Command::FindUses => (Modifiers::SHIFT, Key::F12),
            Command::Rebuild => (cmd, Key::B),
            Command::LevelSelect => (cmd, Key::L),
            _ => return None,
        };
        Some(KeyboardShortcut::new(mods, key))
    }

    /// The command whose shortcut is exactly `modifiers` + `key` (Shift and
    /// Alt must match: Ctrl+Shift+Z is redo, never undo), if any.
    #[must_use]
    pub fn for_key(modifiers: Modifiers, key: Key) -> Option<Command> {
        let exact =
            |shortcut: &KeyboardShortcut| shortcut.logical_key == key && modifiers.matches_exact(shortcut.modifiers);
        if exact(&KeyboardShortcut::new(Modifiers::COMMAND, Key::Y)) {
            return Some(Command::Redo);
        }
        Self::WITH_SHORTCUTS.into_iter().find(|c| c.shortcut().is_some_and(|s| exact(&s)))
    }

    /// Take every shortcut pressed this frame out of the input (so the text
    /// editor does not also act on it) and return the commands.
    ///
    /// Each key event is judged by the modifiers it carries: a desktop often
    /// delivers a whole chord in one frame, so by the frame's end the
    /// modifier state may already say the keys were released.
    pub fn consume_shortcuts(ctx: &egui::Context) -> Vec<Command> {
        ctx.input_mut(|input| {
            let mut out = Vec::new();
            input.events.retain(|event| {
                let egui::Event::Key { key, pressed: true, modifiers, .. } = event else { return true };
                match Self::for_key(*modifiers, *key) {
                    Some(command) => {
                        out.push(command);
                        false
                    }
                    None => true,
                }
            });
            out
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortcuts_match_shift_exactly() {
        let cmd = Modifiers::COMMAND;
        let cmd_shift = Modifiers::COMMAND | Modifiers::SHIFT;
        assert_eq!(Command::for_key(cmd, Key::Z), Some(Command::Undo));
        assert_eq!(Command::for_key(cmd_shift, Key::Z), Some(Command::Redo));
        assert_eq!(Command::for_key(cmd, Key::Y), Some(Command::Redo));
        assert_eq!(Command::for_key(cmd, Key::S), Some(Command::Save));
        assert_eq!(Command::for_key(cmd_shift, Key::S), Some(Command::SaveAs));
        assert_eq!(Command::for_key(Modifiers::NONE, Key::F5), Some(Command::RunRestart));
        assert_eq!(Command::for_key(Modifiers::NONE, Key::F12), Some(Command::GoToDefinition));
        assert_eq!(Command::for_key(Modifiers::SHIFT, Key::F12), Some(Command::FindUses));
        assert_eq!(Command::for_key(Modifiers::SHIFT, Key::Z), None);
        assert_eq!(Command::for_key(Modifiers::NONE, Key::Z), None);
    }
}
