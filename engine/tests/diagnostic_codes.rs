//! One small game per diagnostic code (the cases live in `support`): each
//! must raise its code on its line and be refused exactly when it should.
//! A code added to the catalogue without a case fails here.

mod support;

use std::collections::BTreeSet;

#[test]
fn every_code_is_raised_by_its_game() {
    let failures: Vec<String> = support::cases().iter().filter_map(|c| support::check(c).err()).collect();
    assert!(failures.is_empty(), "{} case(s) failed:\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn every_catalogue_code_has_a_case_and_every_case_a_code() {
    let catalogue = support::catalogue_codes();
    assert!(catalogue.len() > 100, "read the catalogue: {} codes", catalogue.len());
    let cases = support::cases();
    let covered: BTreeSet<&str> = cases.iter().map(|c| c.code).collect();
    let missing: Vec<&&str> = catalogue.difference(&covered).collect();
    assert!(missing.is_empty(), "codes with no case: {missing:?}");
    let unknown: Vec<&&str> = covered.difference(&catalogue).collect();
    assert!(unknown.is_empty(), "cases for codes the catalogue does not have: {unknown:?}");
    let mut once = BTreeSet::new();
    let repeated: Vec<&str> = cases.iter().map(|c| c.code).filter(|c| !once.insert(*c)).collect();
    assert!(repeated.is_empty(), "codes with more than one case: {repeated:?}");
}

#[test]
fn severity_follows_the_code() {
    // An E code is an error and a W code a warning, everywhere it is raised.
    for case in support::cases().iter().filter(|c| c.via == support::Via::Build) {
        let b = engine::build(&(case.source)());
        for d in &b.diagnostics {
            let want = if d.code.starts_with('E') { engine::Severity::Error } else { engine::Severity::Warning };
            assert_eq!(d.severity, want, "{} in the case of {}", d.code, case.code);
        }
    }
}

#[test]
fn the_limits_sit_exactly_where_the_reference_has_them() {
    let thirty = engine::build(&support::rigid_groups(30));
    assert!(thirty.game.is_some(), "30 rigid groups are allowed: {:#?}", thirty.diagnostics);
    let hundred = support::too_many_problems().replacen(" sfx3 (last)", " (last)", 1);
    let b = engine::build(&hundred);
    assert_eq!(b.diagnostics.len(), 100, "100 warnings");
    assert!(b.game.is_some(), "100 problems are allowed");
}

#[test]
fn a_plus_game_counts_only_errors_towards_the_limit() {
    // PuzzleScript Next gives up after 100 errors but lets warnings be
    // (Tapaban warns on over 200 sprite rows and plays).
    let plus = |game: &str| game.replacen("title Test\n", "title Test\nsprite_size 5\n", 1);
    let classic = engine::build(&support::too_many_problems());
    assert!(classic.game.is_none() && classic.diagnostics.iter().any(|d| d.code == "E0906"), "classic: refused");
    let b = engine::build(&plus(&support::too_many_problems()));
    let warnings = b.diagnostics.iter().filter(|d| d.severity == engine::Severity::Warning).count();
    assert_eq!(warnings, 101, "{:#?}", b.diagnostics);
    assert!(b.game.is_some(), "a Plus game with 101 warnings plays: {:#?}", b.diagnostics);
    // 101 errors (an undefined name on each line) are still too many.
    let errors = vec!["[ Nothing ] -> [ ]"; 101].join("\n");
    let b = engine::build(&plus(&support::game().rules(&errors).text()));
    let e0906 = b.diagnostics.iter().filter(|d| d.code == "E0906").count();
    assert_eq!(e0906, 1, "{:#?}", b.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>());
    assert!(b.game.is_none());
    // 100 errors are not.
    let errors = vec!["[ Nothing ] -> [ ]"; 100].join("\n");
    let b = engine::build(&plus(&support::game().rules(&errors).text()));
    assert!(b.diagnostics.iter().all(|d| d.code != "E0906"), "100 errors are within the limit");
}

#[test]
fn a_next_game_may_share_the_background_layer_when_background_comes_first() {
    // PuzzleScript Next lets BACKGROUND open a layer line that other objects
    // share (Next's own demo ABRACADABRA maze writes `Background char`);
    // the classic reference refuses any other name on BACKGROUND's line.
    let game = |prelude: &str, layer: &str| {
        format!(
            "title Shared\n{prelude}\n========\nOBJECTS\n========\nBackground\nblack\nFloor\ngrey\nPlayer\nwhite\n\
             =======\nLEGEND\n=======\n. = Background\nf = Floor\nP = Player\n=======\nSOUNDS\n=======\n\
             ================\nCOLLISIONLAYERS\n================\n{layer}\nPlayer\n\
             ======\nRULES\n======\n==============\nWINCONDITIONS\n==============\n\
             =======\nLEVELS\n=======\nP.f\n"
        )
    };
    let codes = |text: &str| engine::build(text).diagnostics.iter().map(|d| d.code).collect::<Vec<_>>();
    let next = game("sprite_size 5", "Background Floor");
    let b = engine::build(&next);
    assert!(b.diagnostics.iter().all(|d| d.code != "E0504"), "{:#?}", b.diagnostics);
    assert!(b.game.is_some(), "the Next game builds");
    assert!(codes(&game("", "Background Floor")).contains(&"E0504"), "a classic game keeps BACKGROUND alone");
    assert!(
        codes(&game("sprite_size 5", "Floor Background")).contains(&"E0504"),
        "Next too refuses it after another name"
    );
}
