//! Where every test finds the files it reads in place: the reference
//! engine's recorded behaviour (`conformance/`) and the corpus of published
//! games (`corpus/`), both in the `shared` folder beside the checkout (or
//! where `PUZZLEWRIGHT_SHARED` says, as for `.ci/run`).
//!
//! A test that needs them fails when they are missing, with the path it
//! looked at: a test that passes because it found nothing to check is the
//! silent skip this crate exists to end.

use std::path::{Path, PathBuf};

/// The shared folder: `$PUZZLEWRIGHT_SHARED` when set, else `../shared`
/// beside the repository.
///
/// # Panics
/// When the folder is not there.
#[must_use]
pub fn dir() -> PathBuf {
    let dir = match std::env::var_os("PUZZLEWRIGHT_SHARED").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    };
    assert!(
        dir.is_dir(),
        "the shared folder (conformance files and corpus) is missing at {}: put it beside the checkout or set PUZZLEWRIGHT_SHARED",
        dir.display()
    );
    dir
}

/// The corpus folder.
#[must_use]
pub fn corpus() -> PathBuf {
    dir().join("corpus")
}

/// One file of the corpus, e.g. `corpus_file("easyenigma.txt")`.
///
/// # Panics
/// When it is not there.
#[must_use]
pub fn corpus_file(name: &str) -> PathBuf {
    existing(corpus().join(name))
}

/// One conformance file, e.g. `conformance("traces.json")`.
///
/// # Panics
/// When it is not there.
#[must_use]
pub fn conformance(name: &str) -> PathBuf {
    existing(dir().join("conformance").join(name))
}

/// Every game of the corpus (`*.txt`), sorted by name.
///
/// # Panics
/// When the corpus cannot be listed or holds no game.
#[must_use]
pub fn corpus_games() -> Vec<PathBuf> {
    let corpus = corpus();
    let mut games: Vec<PathBuf> = std::fs::read_dir(&corpus)
        .unwrap_or_else(|e| panic!("cannot list the corpus at {}: {e}", corpus.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    games.sort();
    assert!(!games.is_empty(), "the corpus at {} holds no game", corpus.display());
    games
}

/// The text of `path`.
///
/// # Panics
/// When it cannot be read.
#[must_use]
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn existing(path: PathBuf) -> PathBuf {
    assert!(path.is_file(), "{} is missing", path.display());
    path
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_corpus_and_the_conformance_files_are_found() {
        assert!(super::corpus_games().len() >= 90, "the 94 corpus games");
        assert!(super::read(&super::conformance("traces.json")).starts_with(['[', '{']));
    }
}
