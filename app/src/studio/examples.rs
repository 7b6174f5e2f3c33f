//! The games of our own that ship inside the binary (Open Example).

/// One built-in example game.
#[derive(Debug, Clone, Copy)]
pub struct Example {
    /// File name, as it is in `examples/`.
    pub file: &'static str,
    /// The menu label.
    pub title: &'static str,
    /// The game text.
    pub text: &'static str,
}

/// Every built-in example, in menu order; the first opens on a bare start.
pub const EXAMPLES: [Example; 5] = [
    Example {
        file: "sokoban_garden.txt",
        title: "Pots in the Garden",
        text: include_str!("../../../examples/sokoban_garden.txt"),
    },
    Example {
        file: "ice_slide.txt",
        title: "Thin Ice",
        text: include_str!("../../../examples/ice_slide.txt"),
    },
    Example {
        file: "rigid_barges.txt",
        title: "Barges",
        text: include_str!("../../../examples/rigid_barges.txt"),
    },
    Example {
        file: "falling_rocks.txt",
        title: "Rockfall",
        text: include_str!("../../../examples/falling_rocks.txt"),
    },
    Example {
        file: "chime_keys.txt",
        title: "Chime Keys",
        text: include_str!("../../../examples/chime_keys.txt"),
    },
];
