//! Shared by the diagnostics tests: a small game to vary section by
//! section, one case per diagnostic code, and the codes of the catalogue.

use std::collections::BTreeSet;

/// A small valid game whose sections can be replaced one at a time.
#[derive(Clone)]
pub struct Game {
    prelude: String,
    objects: String,
    legend: String,
    sounds: String,
    layers: String,
    rules: String,
    win: String,
    levels: String,
}

/// The game every case starts from: a player pushing a crate to a target.
pub fn game() -> Game {
    Game {
        prelude: String::new(),
        objects: String::new(),
        legend: String::new(),
        sounds: String::new(),
        layers: "Player, Crate, Wall".into(),
        rules: "[ > Player | Crate ] -> [ > Player | > Crate ]".into(),
        win: "All Target on Crate".into(),
        levels: "P*.T".into(),
    }
}

impl Game {
    /// Lines after `title Test`.
    pub fn prelude(mut self, s: &str) -> Self {
        self.prelude = s.into();
        self
    }
    /// Objects after the five standard ones.
    pub fn objects(mut self, s: &str) -> Self {
        self.objects = s.into();
        self
    }
    /// Legend lines after the five standard glyphs.
    pub fn legend(mut self, s: &str) -> Self {
        self.legend = s.into();
        self
    }
    /// The SOUNDS section.
    pub fn sounds(mut self, s: &str) -> Self {
        self.sounds = s.into();
        self
    }
    /// Layers after `Background` and `Target`.
    pub fn layers(mut self, s: &str) -> Self {
        self.layers = s.into();
        self
    }
    /// The RULES section.
    pub fn rules(mut self, s: &str) -> Self {
        self.rules = s.into();
        self
    }
    /// The WINCONDITIONS section.
    pub fn win(mut self, s: &str) -> Self {
        self.win = s.into();
        self
    }
    /// The LEVELS section.
    pub fn levels(mut self, s: &str) -> Self {
        self.levels = s.into();
        self
    }
    /// The whole text.
    pub fn text(&self) -> String {
        let line = |s: &str| if s.is_empty() { String::new() } else { format!("{s}\n") };
        format!(
            "title Test\n{}========\nOBJECTS\n========\nBackground\nblack\nPlayer\nwhite\nCrate\norange\nWall\ngrey\nTarget\nred\n{}\
             =======\nLEGEND\n=======\n. = Background\nP = Player\n* = Crate\n# = Wall\nT = Target\n{}\
             =======\nSOUNDS\n=======\n{}================\nCOLLISIONLAYERS\n================\nBackground\nTarget\n{}\
             ======\nRULES\n======\n{}==============\nWINCONDITIONS\n==============\n{}=======\nLEVELS\n=======\n{}",
            line(&self.prelude),
            line(&self.objects),
            line(&self.legend),
            line(&self.sounds),
            line(&self.layers),
            line(&self.rules),
            line(&self.win),
            line(&self.levels),
        )
    }
}

/// Which entry point a case goes through.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Via {
    /// `engine::build`, as every user of the engine does.
    Build,
    /// `engine::compile::compile` alone: for the compiler's own guard,
    /// which `build` never shows because the checks report the same
    /// problem first.
    Compile,
    /// `engine::build_with_files`, with a host that finds no file (for
    /// `load_images` pictures it cannot read).
    Files,
}

/// One small game per diagnostic: the code it must raise, a piece of the
/// line it must be on, and whether the game is refused.
pub struct Case {
    /// The code.
    pub code: &'static str,
    /// Text of the line the diagnostic is on (the first line holding it).
    pub line: &'static str,
    /// Whether the game is refused.
    pub refused: bool,
    /// How the game is built.
    pub via: Via,
    /// The game.
    pub source: fn() -> String,
}

const ERROR: bool = true;
const WARNING: bool = false;

fn case(code: &'static str, line: &'static str, refused: bool, source: fn() -> String) -> Case {
    Case { code, line, refused, via: Via::Build, source }
}

fn rules(r: &str) -> String {
    game().rules(r).text()
}

/// A sprite row of 129 pixels (E0218).
const WIDE_ROW: &str = "010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010";

/// Every case, in catalogue order.
#[expect(clippy::too_many_lines, reason = "one case per diagnostic code, in catalogue order")]
pub fn cases() -> Vec<Case> {
    vec![
        // ---- structure and prelude ----
        case("W0101", ")", WARNING, || rules("[ > Player | Crate ] -> [ > Player | > Crate ]\n)")),
        case("W0102", "(never", WARNING, || game().text() + "(never closed"),
        case("E0103", "LEGEND junk", ERROR, || game().text().replace("\nLEGEND\n", "\nLEGEND junk\n")),
        case("E0104", "LEGEND (again)", ERROR, || game().sounds("LEGEND (again)").text()),
        case("E0105", "COLLISIONLAYERS", ERROR, || game().text().replace("=======\nSOUNDS\n=======\n", "")),
        case("E0106", "OBJECTS", ERROR, || game().text().replacen("========\nOBJECTS\n", "LEGEND\nOBJECTS\n", 1)),
        case("E0107", "!!!", ERROR, || game().prelude("!!!").text()),
        case("E0108", "foo bar", ERROR, || game().prelude("foo bar").text()),
        case("W0110", "noundo yes", WARNING, || game().prelude("noundo yes").text()),
        case("E0109", "author", ERROR, || game().prelude("author").text()),
        case("W0111", "author B", WARNING, || game().prelude("author A\nauthor B").text()),
        case("W0112", "youtube", WARNING, || game().prelude("youtube abc").text()),
        case("W0113", "author Me", WARNING, || game().prelude("author Me (aside) more").text()),
        case("W0114", "flickscreen", WARNING, || game().prelude("flickscreen 5x5x5").text()),
        case("E0116", "text_color", ERROR, || game().prelude("text_color 12zz34").text()),
        case("E0117", "color_palette", ERROR, || game().prelude("color_palette nosuch").text()),
        case("W0118", "title word", WARNING, || {
            game().text().replace("title Test", &format!("title {}", "word ".repeat(40)))
        }),
        case("W0119", "author name", WARNING, || game().prelude(&format!("author {}", "name ".repeat(30))).text()),
        case("W0144", "load_images", WARNING, || game().prelude("load_images pics").text()),
        case("W0145", "load_images", WARNING, || {
            game().prelude("load_images hero=https://example.com/hero.png").text()
        }),
        Case {
            code: "W0146",
            line: "load_images",
            refused: WARNING,
            via: Via::Files,
            source: || game().prelude("load_images hero=art/hero.png").text(),
        },
        case("W0147", "load_images", WARNING, || game().prelude("load_images hero=data:image/png;base64,QUJD").text()),
        case("W0138", "smoothscreen", WARNING, || game().prelude("smoothscreen fast").text()),
        case("W0139", "custom_font", WARNING, || {
            game().prelude("custom_font https://fonts.example.com/pixel.woff2").text()
        }),
        case("W0121", "sitelock_hostname_whitelist", WARNING, || {
            game().prelude("sitelock_hostname_whitelist example.com").text()
        }),
        case("W0122", "level_select_unlocked_ahead", WARNING, || {
            game()
                .prelude("level_select\nlevel_select_lock\nlevel_select_unlocked_ahead many")
                .levels("section A\nP*.T")
                .text()
        }),
        case("E0123", "sprite_size", ERROR, || game().prelude("sprite_size 4x").text()),
        case("W0124", "level_select_unlocked_rollover", WARNING, || {
            game()
                .prelude(
                    "level_select\nlevel_select_lock\nlevel_select_unlocked_ahead 2\nlevel_select_unlocked_rollover 2",
                )
                .levels("section A\nP*.T")
                .text()
        }),
        case("W0125", "level_select_lock", WARNING, || game().prelude("level_select_lock").text()),
        case("W0126", "level_select_unlocked_ahead", WARNING, || {
            game().prelude("level_select\nlevel_select_unlocked_ahead 2").levels("section A\nP*.T").text()
        }),
        case("W0127", "level_select", WARNING, || game().prelude("level_select").text()),
        case("W0128", "tween_length", WARNING, || {
            game().prelude("tween_length 0.05").rules("late [ Crate Target ] -> [ Crate Target ]").text()
        }),
        case("W0129", "tween_easing", WARNING, || game().prelude("tween_length 0.05\ntween_easing wobbly").text()),
        case("E0131", "Shade Light Dark", ERROR, || game().prelude("TAGS\nShade Light Dark").text()),
        case("E0132", "directions", ERROR, || game().prelude("TAGS\ndirections = a b").text()),
        case("E0133", "horizontal -> back", ERROR, || game().prelude("MAPPINGS\nhorizontal -> back").text()),
        case("E0134", "nothing", ERROR, || game().prelude("MAPPINGS\nnothing => back\na -> b").text()),
        case("E0135", "up", ERROR, || game().prelude("MAPPINGS\nhorizontal => back\nup -> down").text()),
        case("E0136", "left right -> left", ERROR, || {
            game().prelude("MAPPINGS\nhorizontal => back\nleft right -> left").text()
        }),
        case("E0137", "Thing:T1:T2:T3", ERROR, || {
            let values = |t: &str| (0..30).map(|i| format!("{t}v{i}")).collect::<Vec<_>>().join(" ");
            game()
                .prelude(&format!("TAGS\nT1 = {}\nT2 = {}\nT3 = {}", values("a"), values("b"), values("c")))
                .objects("Thing:T1:T2:T3\nred")
                .text()
        }),
        case("E0138", "Player -> Crate", ERROR, || {
            game().prelude("TAGS\nShade = Light Dark").layers("Player -> Crate, Wall").text()
        }),
        case("W0510", "--<", WARNING, || {
            game().prelude("TAGS\nShade = Light Dark").layers("Player\n--<\nCrate, Wall").text()
        }),
        case("E0140", "mouse_left Ghost", ERROR, || game().prelude("mouse_left Ghost").text()),
        case("W0141", "mouse_left Crate", WARNING, || game().prelude("mouse_left Crate").text()),
        case("E0670", "noundo", ERROR, || {
            game()
                .prelude("runtime_metadata_twiddling")
                .rules("[ > Player | Crate ] -> [ > Player | > Crate ] noundo")
                .text()
        }),
        case("W0142", "game_uri", WARNING, || game().prelude("game_uri https://example.com/game").text()),
        case("W0143", "flashing_lights", WARNING, || game().prelude("level_select\nflashing_lights on").text()),
        case("W0150", ") and more", WARNING, || {
            game()
                .prelude("// comments of PuzzleScript Next")
                .rules(") and more\n[ > Player | Crate ] -> [ > Player | > Crate ]")
                .text()
        }),
        // ---- objects ----
        case("W0201", "!!!", WARNING, || game().objects("Gem\nblue\n!!!").layers("Player, Crate, Wall, Gem").text()),
        case("E0202", "Crate (second)", ERROR, || game().objects("Crate (second)\nblue").text()),
        case("E0203", "P = Crate", ERROR, || game().legend("P = Crate").text()),
        case("W0204", "Win", WARNING, || game().objects("Win\nblue").layers("Player, Crate, Wall, Win").text()),
        case("E0205", "notacolour", ERROR, || {
            game().objects("Gem\nnotacolour").layers("Player, Crate, Wall, Gem").text()
        }),
        case("E0206", "00x00", ERROR, || {
            game().objects("Gem\nblue\n00x00\n00000\n00000\n00000\n00000").layers("Player, Crate, Wall, Gem").text()
        }),
        case("W0207", "000000", WARNING, || {
            game().objects("Gem\nblue\n000000\n00000\n00000\n00000\n00000").layers("Player, Crate, Wall, Gem").text()
        }),
        case("E0208", "00100", ERROR, || {
            game().objects("Gem\nblue\n00100\n00000\n00000\n00000\n00000").layers("Player, Crate, Wall, Gem").text()
        }),
        case("W0209", "Gem", WARNING, || {
            game().objects("Gem\nblue\n00000\n00000\n00000\n00000").layers("Player, Crate, Wall, Gem").text()
        }),
        case("E0210", "grey pink", ERROR, || {
            game()
                .objects("Gem\nred orange yellow green blue purple brown black white grey pink")
                .layers("Player, Crate, Wall, Gem")
                .text()
        }),
        case("E0211", "Gem", ERROR, || {
            game().objects("Gem\n\nShard\nblue").layers("Player, Crate, Wall, Gem, Shard").text()
        }),
        case("E0212", "copy:nothing", ERROR, || {
            game().objects("Gem copy:nothing\nblue").layers("Player, Crate, Wall, Gem").text()
        }),
        case("E0213", "scale:2", ERROR, || {
            game().objects("Gem copy:crate scale:2\nblue").layers("Player, Crate, Wall, Gem").text()
        }),
        case("E0214", "rot:up:sideways", ERROR, || {
            game().objects("Gem copy:crate rot:up:sideways\nblue").layers("Player, Crate, Wall, Gem").text()
        }),
        case("E0216", "scale:big", ERROR, || {
            game()
                .prelude("sprite_size 5")
                .objects("Gem scale:big\nblue\ntext: G")
                .layers("Player, Crate, Wall, Gem")
                .text()
        }),
        case("E0217", "Gem copy:Late", ERROR, || {
            game().objects("Gem copy:Late\nblue\n\nLate\nred").layers("Player, Crate, Wall, Gem, Late").text()
        }),
        case("W0219", "setLineDash", WARNING, || {
            game()
                .prelude("sprite_size 5")
                .objects("Gem canvas:\n{\"fill\":[]}\n{\"setLineDash\":[[0.1]]}")
                .layers("Player, Crate, Wall, Gem")
                .text()
        }),
        case("W0220", "!include", WARNING, || {
            game()
                .prelude("sprite_size 5")
                .objects("Gem canvas:\n{\"!include\":\"nothing\"}")
                .layers("Player, Crate, Wall, Gem")
                .text()
        }),
        // A row of 129 pixels, one past the largest sprite.
        case("E0218", WIDE_ROW, ERROR, || {
            game()
                .prelude("sprite_size 5")
                .objects(&format!("Gem\nblue red\n{WIDE_ROW}"))
                .layers("Player, Crate, Wall, Gem")
                .text()
        }),
        case("W0221", "drawImage", WARNING, || {
            game()
                .prelude("load_images hero=data:image/png;base64,QUJD")
                .objects("Gem canvas:\n{\"drawImage\":[\"villain\",0,0]}")
                .layers("Player, Crate, Wall, Gem")
                .text()
        }),
        case("E0215", "{fill}", ERROR, || {
            game().prelude("sprite_size 5").objects("Gem canvas:\n{fill}").layers("Player, Crate, Wall, Gem").text()
        }),
        // ---- legend ----
        case("E0301", "Foo Crate", ERROR, || game().legend("Foo Crate").text()),
        case("E0302", "Foo = Crate Wall", ERROR, || game().legend("Foo = Crate Wall Target").text()),
        case("E0303", "Foo = Crate and Wall or", ERROR, || game().legend("Foo = Crate and Wall or Target").text()),
        case("E0304", "Stuff = Stuff", ERROR, || game().legend("Stuff = Stuff or Crate").text()),
        case("W0305", "Stuff = Crate or Crate", WARNING, || game().legend("Stuff = Crate or Crate").text()),
        case("E0306", "Foo = Crate or Gem", ERROR, || game().legend("Foo = Crate or Gem").text()),
        case("E0307", "Pile = Solid and Target", ERROR, || {
            game().legend("Solid = Crate or Wall\nPile = Solid and Target").text()
        }),
        case("E0308", "Mix = Pile or Wall", ERROR, || {
            game().legend("Pile = Crate and Target\nMix = Pile or Wall").text()
        }),
        case("E0309", "Q = G and P", ERROR, || game().legend("G = Player\nQ = G and P").text()),
        // ---- sounds ----
        case("W0401", "!!! 123", WARNING, || game().sounds("!!! 123").text()),
        case("E0402", "Gem move", ERROR, || game().sounds("Gem move 123").text()),
        case("E0403", "sfx0 abc", ERROR, || game().sounds("sfx0 abc").text()),
        case("E0404", "Crate jump", ERROR, || game().sounds("Crate jump 123").text()),
        case("E0405", "sfx0 123 456", ERROR, || game().sounds("sfx0 123 456").text()),
        case("E0406", "Crate move sideways", ERROR, || game().sounds("Crate move sideways").text()),
        case("E0407", "Crate move up", ERROR, || game().sounds("Crate move up").text()),
        case("W0408", "Crate (incomplete)", WARNING, || game().sounds("Crate (incomplete)").text()),
        case("E0409", "Pile create", ERROR, || {
            game().legend("Pile = Crate and Target").sounds("Pile create 123").text()
        }),
        case("W0410", "sfx0", WARNING, || game().sounds("sfx0").text()),
        case("W0411", "sfx0 456", WARNING, || game().sounds("sfx0 123\nsfx0 456").text()),
        case("W0412", "afx:fade:scale", WARNING, || game().sounds("Crate create afx:fade:scale").text()),
        case("W0413", "afx:turn=x,1", WARNING, || game().sounds("Crate move afx:turn=x,1").text()),
        case("W0414", "afx:turn=-0.25", WARNING, || game().sounds("Crate destroy 123 afx:turn=-0.25").text()),
        case("W0415", "afx:ease=bouncy:fade", WARNING, || game().sounds("Crate move up afx:ease=bouncy:fade").text()),
        case("W0416", "sfx0 123 afx:zoom", WARNING, || game().sounds("sfx0 123 afx:zoom").text()),
        // ---- collision layers ----
        case("E0501", "Crate; Wall", ERROR, || game().layers("Player, Crate; Wall").text()),
        case("E0502", "Pile (aggregate)", ERROR, || {
            game().legend("Pile = Crate and Target").layers("Player, Crate, Wall\nPile (aggregate)").text()
        }),
        case("E0503", "Wall, Gem", ERROR, || game().layers("Player, Crate, Wall, Gem").text()),
        case("E0504", "Wall, Background", ERROR, || game().layers("Player, Crate, Wall, Background").text()),
        case("W0505", "Crate (again)", WARNING, || game().layers("Player, Crate, Wall\nCrate (again)").text()),
        case("W0506", "Wall, Crate", WARNING, || game().layers("Player, Crate, Wall, Crate").text()),
        case("E0507", "Gem", ERROR, || game().objects("Gem\nblue").text()),
        case("E0508", "COLLISIONLAYERS", ERROR, || {
            game().text().replace("Background\nTarget\nPlayer, Crate, Wall\n", "")
        }),
        case("E0509", "Pair = Crate and Gem", ERROR, || {
            game().objects("Gem\nblue").legend("Pair = Crate and Gem").text()
        }),
        // ---- rules ----
        Case {
            code: "E0600",
            line: "title",
            refused: ERROR,
            via: Via::Compile,
            source: || game().text().replace("Background\nTarget\nPlayer, Crate, Wall\n", ""),
        },
        case("E0601", "[ > Player | Crate ] [", ERROR, || rules("[ > Player | Crate ] [ > Player | > Crate ]")),
        case("E0602", "[ > Player | Solid ]", ERROR, || {
            game().legend("Solid = Crate or Wall").rules("[ > Player | Crate ] -> [ > Player | Solid ]").text()
        }),
        case("W0602", "[ [", WARNING, || rules("[ [ > Player | Crate ] -> [ > Player | > Crate ]")),
        case("E0603", "(x)", ERROR, || rules("[ > Player | Crate ] (x) -> [ > Player | > Crate ]")),
        case("E0604", "foo", ERROR, || rules("[ > Player | Crate foo ] -> [ > Player | > Crate ]")),
        case("W0605", "sfx3", WARNING, || rules("[ > Player | Crate ] -> [ > Player | > Crate ] sfx3")),
        case("E0606", "late [", ERROR, || rules("late [ > Player | Crate ] -> [ > Player | > Crate ]")),
        case("E0607", "late rigid", ERROR, || rules("late rigid [ Player | Crate ] -> [ Player | Crate ]")),
        case("E0608", "Crate Crate", ERROR, || rules("[ > Player | Crate Crate ] -> [ > Player | Crate ]")),
        case("W0680", "random Crate random Crate", WARNING, || {
            game()
                .prelude("level_select")
                .rules("[ > Player | Crate ] -> [ > Player | random Crate random Crate ]")
                .text()
        }),
        case("W0609", "no Wall no Wall", WARNING, || rules("[ > Player | no Wall no Wall ] -> [ > Player | ]")),
        case("W0610", "[ Wall ]", WARNING, || rules("[ > Player | Crate ] [ Wall ] -> [ > Player | > Crate ]")),
        case("E0611", "-> [ > Player ]", ERROR, || rules("[ > Player | Crate ] -> [ > Player ]")),
        case("E0612", "[ Alias ]", ERROR, || {
            game().legend("Stuff = Crate or Nothing\nAlias = Stuff").rules("[ Alias ] -> [ Alias ]").text()
        }),
        case("W0613", "... | ...", WARNING, || {
            rules("[ > Player | ... | ... | Crate ] -> [ > Player | ... | ... | Crate ]")
        }),
        case("E0614", "endloop", ERROR, || rules("endloop\n[ > Player | Crate ] -> [ > Player | > Crate ]")),
        case("E0615", "moving Player", ERROR, || rules("[ Player | Crate ] -> [ moving Player | Crate ]")),
        case("E0616", "Player Crate ]", ERROR, || rules("[ Player ] -> [ Player Crate ]")),
        case("E0617", "[ Player Crate ]", ERROR, || rules("[ Player Crate ] -> [ Player ]")),
        case("W0620", "no Wall", WARNING, || rules("[ > Player | Crate no Wall ] -> [ > Player | > Crate ]")),
        case("W0621", "no Solid", WARNING, || {
            game().legend("Solid = Crate or Wall").rules("[ Crate no Solid ] -> [ Wall ]").text()
        }),
        case("W0622", "random Target", WARNING, || rules("[ Player ] -> [ Player random Target ]")),
        case("W0624", "[ Gem ]", ERROR, || game().objects("Gem\nblue").rules("[ Gem ] -> [ ]").text()),
        case("E0625", "+ +", ERROR, || {
            rules("[ Crate ] -> [ Crate ]\n+ + [ > Player | Crate ] -> [ > Player | > Crate ]")
        }),
        case("E0626", "late +", ERROR, || rules("[ Crate ] -> [ Crate ]\nlate + [ Player ] -> [ Player ]")),
        case("E0627", "+ [", ERROR, || rules("+ [ > Player | Crate ] -> [ > Player | > Crate ]")),
        case("E0628", "> [", ERROR, || rules("> [ > Player | Crate ] -> [ > Player | > Crate ]")),
        case("E0629", "+ random", ERROR, || {
            rules("[ Crate ] -> [ Crate ]\n+ random [ > Player | Crate ] -> [ > Player | > Crate ]")
        }),
        case("E0658", "sometimes", ERROR, || rules("sometimes [ > Player | Crate ] -> [ > Player | > Crate ]")),
        case("E0659", "Player [", ERROR, || rules("[ > Player [ Crate ] -> [ > Player | > Crate ]")),
        case("E0660", "[ > |", ERROR, || rules("[ > | Crate ] -> [ > Player | > Crate ]")),
        case("E0633", "... Crate", ERROR, || rules("[ > Player | ... Crate ] -> [ > Player | ... Crate ]")),
        case("E0634", "-> [ Player | Crate ]", ERROR, || {
            rules("[ > Player | Crate ] -> [ > Player | > Crate ] -> [ Player | Crate ]")
        }),
        case("E0635", "> >", ERROR, || rules("[ > > Player | Crate ] -> [ > Player | > Crate ]")),
        case("E0636", "] again ->", ERROR, || rules("[ > Player | Crate ] again -> [ > Player | > Crate ]")),
        case("E0637", "[ Player -> Player", ERROR, || rules("[ Player -> Player")),
        case("W0638", "] | ->", WARNING, || rules("[ > Player | Crate ] | -> [ > Player | > Crate ]")),
        case("W0639", "Player -> Crate", ERROR, || rules("[ > Player -> Crate ] -> [ > Player | > Crate ]")),
        case("W0640", "] > ->", WARNING, || rules("[ > Player | Crate ] > -> [ > Player | > Crate ]")),
        case("W0641", "] Crate ->", WARNING, || rules("[ > Player | Crate ] Crate -> [ > Player | > Crate ]")),
        case("W0642", "] ... ->", WARNING, || rules("[ > Player | Crate ] ... -> [ > Player | > Crate ]")),
        case("W0643", "-> again [", WARNING, || rules("[ > Player | Crate ] -> again [ > Player | > Crate ]")),
        case("W0644", "] ]", WARNING, || rules("[ > Player | Crate ] ] -> [ > Player | > Crate ]")),
        case("E0645", "no Target", ERROR, || rules("[ Player ] -> [ Player no Target Target ]")),
        case("E0646", "no Pile", ERROR, || {
            game().legend("Pile = Crate and Target").rules("[ > Player | no Pile ] -> [ > Player | ]").text()
        }),
        case("E0647", "... | Crate | ...", ERROR, || {
            rules(
                "[ > Player | ... | Crate | ... | Crate | ... | Crate ] -> [ > Player | ... | Crate | ... | Crate | ... | Crate ]",
            )
        }),
        case("E0648", "random Crate", ERROR, || rules("[ random Crate ] -> [ Crate ]")),
        case("E0649", "[ ... |", ERROR, || rules("[ ... | > Player | Crate ] -> [ ... | > Player | > Crate ]")),
        case("E0650", "Wall | Crate ]", ERROR, || rules("[ > Player | ... | Crate ] -> [ > Player | Wall | Crate ]")),
        case("W0651", "[ > Player | Solid ]", ERROR, || {
            game().legend("Solid = Crate or Wall").rules("[ > Player | Crate ] -> [ > Player | Solid ]").text()
        }),
        case("W0652", "+ late", WARNING, || rules("[ Crate ] -> [ Crate ]\n+ late [ Player ] -> [ Player ]")),
        case("E0653", "STARTLOOP", ERROR, || rules("startloop\nSTARTLOOP\n[ Player ] -> [ Player ]\nendloop\nendloop")),
        case("E0654", "startloop", ERROR, || rules("startloop\n[ Player ] -> [ Player ]")),
        case("E0655", "startloop", ERROR, || {
            rules("[ Crate ] -> [ Wall ]\nstartloop\n+ [ Wall ] -> [ Crate ]\nendloop")
        }),
        case("W0671", "startloop", WARNING, || {
            game()
                .prelude("level_select")
                .rules("[ Crate ] -> [ Wall ]\nstartloop\n+ [ Wall ] -> [ Crate ]\nendloop")
                .text()
        }),
        case("W0656", "random Solid", WARNING, || {
            game().legend("Solid = Crate or Wall").rules("[ Player ] -> [ Player random Solid ]").text()
        }),
        case("E0657", "Crate30 ]", ERROR, || rigid_groups(31)),
        // ---- gosub and subroutines (PuzzleScript Next) ----
        case("E0630", "gosub nowhere", ERROR, || {
            rules("[ > Player ] -> gosub nowhere\n\nsubroutine somewhere\n[ Crate ] -> [ ]")
        }),
        case("E0631", "subroutine  INC", ERROR, || {
            rules(
                "[ > Player ] -> gosub inc\n\nsubroutine inc\n[ Crate ] -> [ ]\n\nsubroutine  INC\n[ Player ] -> [ Player ]",
            )
        }),
        case("W0632", "gosub lateonly", WARNING, || {
            rules("[ > Player ] -> gosub lateonly\n\nsubroutine lateonly\nlate [ Crate ] -> [ ]")
        }),
        // ---- win conditions ----
        case("E0701", "Every Crate", ERROR, || game().win("Every Crate").text()),
        case("E0702", "All Target on Crate Wall", ERROR, || game().win("All Target on Crate Wall").text()),
        case("E0703", "All Target in Crate", ERROR, || game().win("All Target in Crate").text()),
        case("E0704", "All Gem", ERROR, || game().win("All Gem").text()),
        case("E0705", "No Nil", ERROR, || game().legend("Nil = Gem").win("No Nil").text()),
        // ---- levels ----
        case("W0801", "messageHello", WARNING, || game().levels("P*.T\n\nmessageHello").text()),
        case("E0802", "P*.TX", ERROR, || game().levels("P*.TX").text()),
        case("E0803", "P*.TO", ERROR, || game().legend("O = Crate or Wall").levels("P*.TO").text()),
        case("W0804", "##", WARNING, || game().levels("P*.T\n##").text()),
        case("W0805", "message word", WARNING, || {
            game().levels(&format!("P*.T\n\nmessage {}", "word ".repeat(100))).text()
        }),
        case("E0806", "title Start", ERROR, || game().levels("P*.T\n\ntitle Start").text()),
        case("E0807", "goto", ERROR, || game().levels("P*.T\n\ngoto Start").text()),
        case("E0808", "goto", ERROR, || game().levels("section A\nP*.T\n\nsection A\nP*.T\n\ngoto A").text()),
        case("E0809", "link", ERROR, || game().levels("link Crate Nowhere\nP*.T").text()),
        case("E0810", "link", ERROR, || game().levels("link Ghost Level 1\nP*.T").text()),
        // ---- whole game ----
        case("E0901", "OBJECTS", ERROR, || {
            game()
                .text()
                .replace("Player\nwhite", "Hero\nwhite")
                .replace("P = Player", "P = Hero")
                .replace("Player, Crate", "Hero, Crate")
                .replace("[ > Player | Crate ] -> [ > Player | > Crate ]\n", "")
        }),
        case("E0902", "OBJECTS", ERROR, || {
            game()
                .text()
                .replace("Background\nblack", "Ground\nblack")
                .replace(". = Background", ". = Ground")
                .replace("Background\nTarget", "Ground\nTarget")
        }),
        case("E0903", "COLLISIONLAYERS", ERROR, || {
            game().text().replace("Background\nTarget\nPlayer, Crate, Wall\n", "Nothing\n")
        }),
        case("E0904", "LEVELS", ERROR, || game().levels("").text()),
        case("E0905", "Background = Ground and Grass", ERROR, || {
            game()
                .text()
                .replace("Background\nblack", "Ground\nblack\nGrass\ngreen")
                .replace(". = Background", "Background = Ground and Grass\n. = Ground")
                .replace("Background\nTarget", "Ground\nGrass\nTarget")
        }),
        case("E0906", "(last)", ERROR, too_many_problems),
        case("E0907", "Background = Background1", ERROR, || {
            game()
                .text()
                .replace("Background\nblack", "Background1\nblack\nBackground2\nblue")
                .replace(". = Background", "Background = Background1 or Background2\n. = Background1")
                .replace("Background\nTarget", "Background1\nBackground2, Target")
        }),
    ]
}

/// A game with `n` rule groups holding rigid rules, each about its own crate.
pub fn rigid_groups(n: usize) -> String {
    let objects: Vec<String> = (0..n).map(|i| format!("Crate{i}\norange")).collect();
    let names: Vec<String> = (0..n).map(|i| format!("Crate{i}")).collect();
    let rules: Vec<String> =
        (0..n).map(|i| format!("rigid [ > Player | Crate{i} ] -> [ > Player | > Crate{i} ]")).collect();
    game()
        .objects(&objects.join("\n"))
        .layers(&format!("Player, Crate, Wall, {}", names.join(", ")))
        .rules(&rules.join("\n"))
        .text()
}

/// A game with 101 lines that each draw a warning (the last marked).
pub fn too_many_problems() -> String {
    let mut lines = vec!["[ > Player | Crate ] -> [ > Player | > Crate ] sfx3"; 100].join("\n");
    lines.push_str("\n[ > Player | Crate ] -> [ > Player | > Crate ] sfx3 (last)");
    rules(&lines)
}

/// Every code the catalogue gives, read from its source so a code added
/// there is seen here at once.
pub fn catalogue_codes() -> BTreeSet<&'static str> {
    let text: &'static str = include_str!("../../src/diag/catalogue.rs");
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|p| {
            p.len() == 5 && (p.starts_with('E') || p.starts_with('W')) && p[1..].chars().all(|c| c.is_ascii_digit())
        })
        .collect()
}

/// 1-based number of the first line of `text` holding `needle`.
pub fn line_of(text: &str, needle: &str) -> Option<u32> {
    let i = text.lines().position(|l| l.contains(needle))?;
    u32::try_from(i + 1).ok()
}

/// Build (or only compile) `case`'s game and say what is wrong with the
/// outcome, if anything.
pub fn check(case: &Case) -> Result<(), String> {
    let src = (case.source)();
    let line = line_of(&src, case.line).ok_or_else(|| format!("{}: no line holds {:?}", case.code, case.line))?;
    let (diagnostics, refused) = match case.via {
        Via::Build => {
            let b = engine::build(&src);
            (b.diagnostics, b.game.is_none())
        }
        Via::Files => {
            let b = engine::build_with_files(&src, &mut |_| Some(Err("no such file".to_owned())));
            (b.diagnostics, b.game.is_none())
        }
        Via::Compile => {
            let (ast, _) = engine::syntax::parse(&src);
            let names = engine::names::NameTable::build(&ast);
            let (game, d) = engine::compile::compile(&ast, &names);
            (d, game.is_none())
        }
    };
    let found = diagnostics.iter().any(|d| d.code == case.code && d.span.line == line);
    let shown = || {
        diagnostics.iter().map(|d| format!("  {} {} {}", d.span.line, d.code, d.message)).collect::<Vec<_>>().join("\n")
    };
    if !found {
        return Err(format!("{}: not raised on line {line} ({:?}); got\n{}", case.code, case.line, shown()));
    }
    if refused != case.refused {
        return Err(format!("{}: refused is {refused}, expected {}; got\n{}", case.code, case.refused, shown()));
    }
    Ok(())
}
