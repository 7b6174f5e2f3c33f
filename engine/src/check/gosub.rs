//! PuzzleScript Next's `subroutine NAME` and `gosub NAME`: every call names
//! a defined subroutine, no name is defined twice, and a call finds rules
//! of its own phase to run (a call from late rules runs the subroutine's
//! late rules, any other call its other rules).

use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::span::Span;
use crate::syntax::ast::{Ast, RuleLineKind};

/// What a subroutine holds.
struct Routine<'a> {
    name: &'a str,
    line: u32,
    main_rules: bool,
    late_rules: bool,
}

fn is_late(rule: &crate::syntax::ast::Rule) -> bool {
    rule.prefixes.iter().any(|p| p.text.as_str() == "late")
}

/// Check every `subroutine` line and every `gosub`.
pub fn check(ast: &Ast, out: &mut Vec<Diagnostic>) {
    let mut routines: Vec<Routine> = Vec::new();
    // Index in `routines` of the subroutine the current line belongs to.
    let mut current: Option<usize> = None;
    for def in &ast.rules {
        match &def.kind {
            RuleLineKind::Subroutine(name) => {
                if let Some(first) = routines.iter().position(|r| r.name == name.text) {
                    out.push(cat::subroutine_duplicate(name.span, &name.text, routines[first].line));
                    // Its rules count as the first definition's, as the
                    // compiler merges them.
                    current = Some(first);
                } else {
                    routines.push(Routine {
                        name: &name.text,
                        line: def.span.line,
                        main_rules: false,
                        late_rules: false,
                    });
                    current = Some(routines.len() - 1);
                }
            }
            RuleLineKind::Rule(rule) => {
                if let Some(r) = current.and_then(|k| routines.get_mut(k)) {
                    if is_late(rule) {
                        r.late_rules = true;
                    } else {
                        r.main_rules = true;
                    }
                }
            }
            RuleLineKind::StartLoop | RuleLineKind::EndLoop => {}
        }
    }
    for def in &ast.rules {
        let RuleLineKind::Rule(rule) = &def.kind else { continue };
        for cmd in rule.commands.iter().filter(|c| c.name.text.as_str() == "gosub") {
            let name = cmd.argument.as_deref().unwrap_or("");
            let span = Span { end: def.span.end.max(cmd.name.span.end), ..cmd.name.span };
            let Some(target) = routines.iter().find(|r| r.name == name) else {
                out.push(cat::gosub_undefined(span, name));
                continue;
            };
            let late = is_late(rule);
            let runs = if late { target.late_rules } else { target.main_rules };
            if !runs {
                out.push(cat::gosub_runs_nothing(span, name, late, target.main_rules || target.late_rules));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// A tiny game for gosub checks; `{rules}` is replaced by the RULES
    /// section's body.
    const GAME: &str = "title gosub checks
========
OBJECTS
========
Background
black
Player
white
Crate
orange
=======
LEGEND
=======
. = Background
P = Player
* = Crate
=======
SOUNDS
=======
================
COLLISIONLAYERS
================
Background
Player, Crate
======
RULES
======
{rules}
==============
WINCONDITIONS
==============
=======
LEVELS
=======
P*.
";

    fn build(rules: &str) -> crate::Build {
        crate::build(&GAME.replace("{rules}", rules))
    }

    /// Line of the first line of the game holding `needle`.
    fn line_of(rules: &str, needle: &str) -> u32 {
        let text = GAME.replace("{rules}", rules);
        let i = text.lines().position(|l| l.contains(needle)).expect("needle in text");
        u32::try_from(i + 1).expect("small")
    }

    /// The codes reported on the line holding `needle`.
    fn codes_on(rules: &str, needle: &str) -> Vec<&'static str> {
        let line = line_of(rules, needle);
        build(rules).diagnostics.iter().filter(|d| d.span.line == line).map(|d| d.code).collect()
    }

    #[test]
    fn a_call_to_an_undefined_subroutine_is_an_error() {
        let rules = "[ > Player ] -> gosub nowhere\n\nsubroutine somewhere\n[ Crate ] -> [ ]";
        assert_eq!(codes_on(rules, "gosub nowhere"), ["E0630"]);
        assert!(build(rules).game.is_none(), "the game is refused");
    }

    #[test]
    fn names_are_the_rest_of_the_line() {
        // `subroutine Move Crates` defines `move crates`, which the call
        // names in other case and spacing.
        let ok = "[ > Player ] -> gosub move   CRATES\n\nsubroutine Move Crates\n[ Crate ] -> [ ]";
        let b = build(ok);
        assert!(b.diagnostics.is_empty(), "{:?}", b.diagnostics);
        assert!(b.game.is_some());
        // `gosub incn again` names `incn again`, not `incn` then `again`.
        let swallowed = "[ > Player ] -> gosub incn again\n\nsubroutine incn\n[ Crate ] -> [ ]";
        assert_eq!(codes_on(swallowed, "gosub incn again"), ["E0630"]);
        assert!(build(swallowed).diagnostics.iter().any(|d| d.message.contains("\"incn again\"")));
    }

    #[test]
    fn a_second_subroutine_of_the_same_name_is_an_error() {
        let rules = "[ > Player ] -> gosub inc\n\nsubroutine inc\n[ Crate ] -> [ ]\n\nsubroutine  INC\n[ Player ] -> [ Player ]";
        assert_eq!(codes_on(rules, "subroutine  INC"), ["E0631"]);
        assert!(codes_on(rules, "subroutine inc").is_empty());
        assert!(build(rules).game.is_none());
    }

    #[test]
    fn a_call_that_finds_no_rules_of_its_phase_is_a_warning() {
        let rules = "[ > Player ] -> gosub lateonly
late [ Player ] -> gosub mainonly
[ action Player ] -> gosub empty
[ Crate ] -> gosub mainonly

subroutine mainonly
[ Crate ] -> [ ]

subroutine lateonly
late [ Crate ] -> [ ]

subroutine empty
";
        assert_eq!(codes_on(rules, "gosub lateonly"), ["W0632"]);
        assert_eq!(codes_on(rules, "late [ Player ] -> gosub mainonly"), ["W0632"]);
        assert_eq!(codes_on(rules, "gosub empty"), ["W0632"]);
        assert!(codes_on(rules, "[ Crate ] -> gosub mainonly").is_empty());
        assert!(build(rules).game.is_some(), "warnings do not refuse the game");
    }
}
