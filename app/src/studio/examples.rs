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
    Example { file: "ice_slide.txt", title: "Thin Ice", text: include_str!("../../../examples/ice_slide.txt") },
    Example { file: "rigid_barges.txt", title: "Barges", text: include_str!("../../../examples/rigid_barges.txt") },
    Example { file: "falling_rocks.txt", title: "Rockfall", text: include_str!("../../../examples/falling_rocks.txt") },
    Example { file: "chime_keys.txt", title: "Chime Keys", text: include_str!("../../../examples/chime_keys.txt") },
];

/// A starting point offered by File → New.
#[derive(Debug, Clone, Copy)]
pub struct Template {
    /// File name, as it is in `examples/templates/`.
    pub file: &'static str,
    /// The label in the New dialog.
    pub title: &'static str,
    /// One line on what it holds.
    pub blurb: &'static str,
    /// The game text.
    pub text: &'static str,
}

/// Every starting point, in the order the New dialog offers them.
pub const TEMPLATES: [Template; 3] = [
    Template {
        file: "empty_room.txt",
        title: "An empty room",
        blurb: "A player, walls and a door to reach: the least a game needs.",
        text: include_str!("../../../examples/templates/empty_room.txt"),
    },
    Template {
        file: "push_crates.txt",
        title: "Push the crates",
        blurb: "The classic: push every crate onto a mark.",
        text: include_str!("../../../examples/templates/push_crates.txt"),
    },
    Template {
        file: "collect_coins.txt",
        title: "Collect the coins",
        blurb: "Walk over every coin to pick it up.",
        text: include_str!("../../../examples/templates/collect_coins.txt"),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_compiles_with_no_errors_and_no_warnings() {
        for t in TEMPLATES {
            let build = engine::build(t.text);
            let found: Vec<String> =
                build.diagnostics.iter().map(|d| format!("{}:{}: {}", d.span.line, d.code, d.message)).collect();
            assert!(found.is_empty(), "{}: {found:#?}", t.file);
            let game = build.game.unwrap_or_else(|| panic!("{} compiles", t.file));
            assert!(
                game.levels.iter().any(|l| matches!(l, engine::compile::levels::Level::Map(_))),
                "{} has a level",
                t.file
            );
        }
    }
}
