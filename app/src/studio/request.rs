//! What a panel may ask of the studio: run a command, show a place in the
//! code, export a sound. Panels send [`AppRequest`]s through the one
//! [`Requests`] sender in their context; the studio handles them all in one
//! place after the panels are drawn (`StudioApp::handle_request`).
//!
//! Imports only the command vocabulary, never the panels or the app, so the
//! arrows stay one way: app -> panels -> request -> command -> panel_id.

use std::ops::Range;

use crate::command::Command;

/// One thing a panel asks the studio to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AppRequest {
    /// Run this command (as a menu or a shortcut would).
    Run(Command),
    /// Select this byte range of the text in the code editor, bringing the
    /// code panel to the front (from Problems, the Outline, the debugger).
    SelectInCode(Range<usize>),
    /// Write the sound with this seed to a WAV file (the studio asks where).
    ExportWav(i64),
    /// Write this conformance case (the debugger's session, as JSON) to a
    /// file: the studio asks where, and before replacing a file.
    SaveTest(String),
    /// Import image…: ask for a PNG or GIF to become the sprite of the
    /// object selected in the sprite painter.
    ImportImage,
    /// Show this text in the status line (the whole message of a Problems
    /// row clicked).
    Status(String),
    /// Take this text out of the status line if it is still there (the
    /// Problems row that put it there is gone).
    ClearStatus(String),
}

/// The sender panels ask the studio through: requests wait here until the
/// studio takes them, in the order sent.
#[derive(Debug, Default)]
pub struct Requests {
    pending: Vec<AppRequest>,
}

impl Requests {
    /// Ask the studio for `request`.
    pub fn send(&mut self, request: AppRequest) {
        self.pending.push(request);
    }

    /// Ask the studio to run `command`.
    pub fn run(&mut self, command: Command) {
        self.send(AppRequest::Run(command));
    }

    /// Ask the studio to select `range` of the text in the code editor.
    pub fn select_in_code(&mut self, range: Range<usize>) {
        self.send(AppRequest::SelectInCode(range));
    }

    /// Every request sent since the last take, oldest first.
    #[must_use]
    pub fn take(&mut self) -> Vec<AppRequest> {
        std::mem::take(&mut self.pending)
    }

    /// True when nothing is waiting.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.pending.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_taken_once_in_order() {
        let mut requests = Requests::default();
        requests.run(Command::Undo);
        requests.select_in_code(3..5);
        requests.send(AppRequest::ExportWav(7));
        assert_eq!(
            requests.take(),
            vec![AppRequest::Run(Command::Undo), AppRequest::SelectInCode(3..5), AppRequest::ExportWav(7)]
        );
        assert!(requests.is_empty(), "taken requests are gone");
    }
}
