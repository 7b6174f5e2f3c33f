//! Every word reads back from its spelling.

use super::*;

#[test]
fn every_event_reads_back_from_its_word() {
    let all: Vec<SoundEvent> = SoundEvent::all().collect();
    assert_eq!(all.len(), 21);
    for e in all {
        assert_eq!(SoundEvent::parse(e.as_str()), Some(e), "{e}");
    }
    assert_eq!(SoundEvent::parse("sfx11"), None);
    assert_eq!(SoundEvent::parse("sfx"), None);
    assert_eq!(SoundEvent::parse("StartLevel"), None, "words come lower-cased from the parser");
    assert_eq!(SoundEvent::Sfx(3).to_string(), "sfx3");
}

#[test]
fn every_section_and_command_reads_back_from_its_word() {
    for s in Section::HEADED {
        assert_eq!(Section::parse(s.as_str()), Some(s));
        assert_eq!(Section::parse(s.header()), Some(s));
        assert_eq!(s.header().to_ascii_lowercase(), s.as_str());
    }
    assert_eq!(Section::parse("prelude"), None, "the prelude has no header");
    assert_eq!(Section::parse("objectss"), None);
    assert_eq!(Section::Legend.before(), Some(Section::Objects));
    assert_eq!((Section::Objects.before(), Section::Prelude.before()), (None, None));
    let all: Vec<CommandWord> = CommandWord::all().collect();
    assert_eq!(all.len(), 18);
    for c in all {
        assert_eq!(CommandWord::parse(c.as_str()), Some(c), "{c}");
    }
    for w in ["sfx11", "sfx", "Again", "late", "startlevel"] {
        assert_eq!(CommandWord::parse(w), None, "{w}");
    }
    use crate::options::Dialect;
    for c in CommandWord::PLUS {
        assert_eq!(CommandWord::parse(c.as_str()), Some(c), "{c}");
        assert!(c.dialect() > Dialect::Classic, "{c}");
        assert!(!CommandWord::all().any(|a| a == c), "{c} is not a classic word");
    }
    assert!(CommandWord::all().all(|c| c.dialect() == Dialect::Classic || c == CommandWord::Gosub));
    let plus_only: Vec<&str> =
        CommandWord::PLUS.into_iter().filter(|c| c.only_in_plus_games()).map(CommandWord::as_str).collect();
    assert_eq!(plus_only, ["undo", "nosave", "quit", "status"]);
    let text: Vec<&str> =
        CommandWord::all().chain(CommandWord::PLUS).filter(|c| c.takes_text()).map(CommandWord::as_str).collect();
    assert_eq!(text, ["message", "goto", "status", "log"]);
    for t in TagSection::ALL {
        assert_eq!(TagSection::parse(t.header()), Some(t));
        assert_eq!(TagSection::parse(t.as_str()), Some(t));
        assert_eq!(Section::parse(t.as_str()), None, "{t:?} is not a classic section");
    }
    assert_eq!(TagSection::parse("tag"), None);
}

#[test]
fn every_sound_verb_direction_modifier_and_prefix_reads_back_from_its_word() {
    for v in SoundVerb::ALL {
        assert_eq!(SoundVerb::parse(v.as_str()), Some(v), "{v}");
        assert_eq!(v.needs_mouse_clicks(), !SoundVerb::CLASSIC.contains(&v), "{v}");
    }
    let directional: Vec<&str> =
        SoundVerb::ALL.into_iter().filter(|v| v.is_directional()).map(SoundVerb::as_str).collect();
    assert_eq!(directional, ["move", "cantmove"]);
    for d in SoundDirection::ALL {
        assert_eq!(SoundDirection::parse(d.as_str()), Some(d), "{d}");
    }
    let or = |ds: &[SoundDirection]| ds.iter().fold(0, |m, d| m | d.bits());
    use SoundDirection as D;
    assert_eq!(D::Horizontal.bits(), or(&[D::Left, D::Right]));
    assert_eq!(D::Vertical.bits(), or(&[D::Up, D::Down]));
    assert_eq!(D::Orthogonal.bits(), or(&[D::Up, D::Down, D::Left, D::Right]));
    for m in Modifier::CLASSIC.into_iter().chain([Modifier::LClick, Modifier::RClick]) {
        assert_eq!(Modifier::parse(m.as_str()), Some(m), "{m}");
        assert_eq!(m.needs_mouse_clicks(), !Modifier::CLASSIC.contains(&m), "{m}");
    }
    for p in RulePrefix::ALL {
        assert_eq!(RulePrefix::parse(p.as_str()), Some(p));
        assert_eq!(p.needs_plus(), p.dialect() > crate::options::Dialect::Classic, "{}", p.as_str());
    }
    for w in ["Move", "moves", "sfx1", "orthogonal ", "late"] {
        assert_eq!(SoundVerb::parse(w), None, "{w}");
        assert_eq!(SoundDirection::parse(w), None, "{w}");
        assert_eq!(Modifier::parse(w), None, "{w}");
    }
    assert_eq!(RulePrefix::parse("rigid "), None);
    for w in SpriteWord::ALL {
        assert_eq!(SpriteWord::starting(&format!("{}x", w.as_str())), Some(w));
    }
    assert_eq!(SpriteWord::starting("copy"), None, "the colon is part of the word");
    let transforms: Vec<&str> =
        SpriteWord::ALL.into_iter().filter(|w| w.is_transform()).map(SpriteWord::as_str).collect();
    assert_eq!(transforms, ["flip:", "rot:", "shift:", "translate:"]);
}
