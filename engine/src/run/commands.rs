//! The commands a turn has queued: each at most once, in the order first
//! queued, with the line of the rule that queued it. A small fixed set
//! (cancel, restart, win, again, checkpoint, message, undo, nosave, quit,
//! goto, link, `sfx0`..`sfx10`), so
//! the queue is a bitset and two small arrays: no allocation per turn.
//! `gosub` is never queued (see `turn/commands.rs`).

use crate::compile::model::SFX_COUNT;
use std::sync::Arc;

/// A command kind that can sit in the queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Queued {
    Cancel,
    Restart,
    Win,
    Again,
    Checkpoint,
    Message,
    Undo,
    Nosave,
    Quit,
    Goto,
    Link,
    Sound(u8),
}

impl Queued {
    fn slot(self) -> usize {
        match self {
            Queued::Cancel => 0,
            Queued::Restart => 1,
            Queued::Win => 2,
            Queued::Again => 3,
            Queued::Checkpoint => 4,
            Queued::Message => 5,
            Queued::Undo => 6,
            Queued::Nosave => 7,
            Queued::Quit => 8,
            Queued::Goto => 9,
            Queued::Link => 10,
            Queued::Sound(k) => 11 + usize::from(k.min(SFX_COUNT - 1)),
        }
    }
}

/// How many distinct commands a queue can hold.
const SLOTS: usize = 11 + SFX_COUNT as usize;

/// The queue of one turn.
#[derive(Debug, Clone)]
pub(crate) struct CommandQueue {
    /// Bit `slot` set when that command is queued.
    present: u32,
    /// Queued commands in order, with the line of the rule that queued each.
    order: [(Queued, u32); SLOTS],
    len: usize,
    /// The text of the queued `message` (the first one queued).
    message: Option<Arc<str>>,
    /// The section name of the queued `goto` (the first one queued).
    goto: Option<Arc<str>>,
}

impl Default for CommandQueue {
    fn default() -> Self {
        CommandQueue { present: 0, order: [(Queued::Cancel, 0); SLOTS], len: 0, message: None, goto: None }
    }
}

impl CommandQueue {
    /// Forget everything queued.
    pub(crate) fn clear(&mut self) {
        self.present = 0;
        self.len = 0;
        self.message = None;
        self.goto = None;
    }

    /// Whether `c` is queued.
    #[inline]
    pub(crate) fn has(&self, c: Queued) -> bool {
        self.present & (1 << c.slot()) != 0
    }

    /// Whether anything other than `c` is queued.
    pub(crate) fn has_other_than(&self, c: Queued) -> bool {
        self.present & !(1 << c.slot()) != 0
    }

    /// Queue `c` from the rule on `line`, unless it is already queued;
    /// returns whether it was added.
    pub(crate) fn push(&mut self, c: Queued, line: u32) -> bool {
        if self.has(c) {
            return false;
        }
        self.present |= 1 << c.slot();
        self.order[self.len] = (c, line);
        self.len += 1;
        true
    }

    /// Set the text of the queued message.
    pub(crate) fn set_message(&mut self, text: Option<Arc<str>>) {
        self.message = text;
    }

    /// Set the section name of the queued `goto`.
    pub(crate) fn set_goto(&mut self, name: Option<Arc<str>>) {
        self.goto = name;
    }

    /// The section name of the queued `goto`, if any.
    pub(crate) fn goto(&self) -> Option<&Arc<str>> {
        self.goto.as_ref()
    }

    /// The text of the queued message, if any.
    pub(crate) fn message(&self) -> Option<&Arc<str>> {
        self.message.as_ref()
    }

    /// The line of the rule that queued `c` (0 when it is not queued).
    pub(crate) fn line_of(&self, c: Queued) -> u32 {
        self.iter().find(|(q, _)| *q == c).map_or(0, |(_, line)| line)
    }

    /// The queued commands in order, with the line of the rule behind each.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Queued, u32)> + '_ {
        self.order[..self.len].iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::{CommandQueue, Queued};

    #[test]
    fn each_command_is_queued_once_in_first_order() {
        let mut q = CommandQueue::default();
        assert!(q.push(Queued::Sound(3), 10));
        assert!(q.push(Queued::Again, 11));
        assert!(!q.push(Queued::Sound(3), 12));
        assert!(q.push(Queued::Sound(10), 13));
        let got: Vec<(Queued, u32)> = q.iter().collect();
        assert_eq!(got, [(Queued::Sound(3), 10), (Queued::Again, 11), (Queued::Sound(10), 13)]);
        assert!(q.has(Queued::Again) && !q.has(Queued::Cancel) && !q.has(Queued::Sound(4)));
        assert!(q.has_other_than(Queued::Again));
        q.clear();
        assert!(!q.has(Queued::Again) && q.iter().next().is_none());
    }
}
