//! A play session to replay (for the GIF export): where it starts (level
//! and seed) and its inputs, coded as in the conformance files. Read from
//! `--inputs 3,3,0,undo`, from a saved case in the conformance format, or
//! recorded by the player.

use crate::cases::{Code, PlayCase};
use anyhow::Context as _;
use engine::run::Step;
use serde::Deserialize as _;
use serde_json::Value;

/// A session: the entry of LEVELS it starts on, the random seed, and the
/// inputs in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recording {
    /// Entry of the LEVELS section (messages counted).
    pub level: usize,
    /// Seed of the random generator (`None`: the engine's fixed default).
    pub seed: Option<String>,
    /// The inputs.
    pub steps: Vec<Step>,
}

/// Parse `3,3,0,undo,restart,tick` (commas or spaces between steps; the
/// text form of [`Step`]).
///
/// # Errors
/// Naming the first word that is not a step.
pub fn parse_steps(text: &str) -> anyhow::Result<Vec<Step>> {
    Step::parse_list(text).map_err(anyhow::Error::from)
}

impl Recording {
    /// The session of a case in the conformance format
    /// (`{"level": 0, "seed": "...", "inputs": [3, 3, "undo"]}`); other
    /// fields are ignored.
    ///
    /// # Errors
    /// When `inputs` is missing or holds something that is not an input.
    pub fn from_case(case: &Value) -> anyhow::Result<Recording> {
        let case = PlayCase::deserialize(case).context("not a play session")?;
        Ok(Recording { level: case.level, seed: case.seed.clone(), steps: case.steps() })
    }

    /// The session as a case in the conformance format (without source or
    /// expected result).
    #[must_use]
    pub fn to_case(&self) -> Value {
        let case = PlayCase {
            level: self.level,
            seed: self.seed.clone(),
            inputs: self.steps.iter().copied().map(Code).collect(),
            ..PlayCase::default()
        };
        let mut value = serde_json::to_value(case).unwrap_or_default();
        if let Some(fields) = value.as_object_mut() {
            // Only the session: no game text, no expected dump.
            fields.remove("source");
            fields.remove("expected");
        }
        value
    }

    /// Read a saved case: a JSON file holding one case, or an array of
    /// cases with `index` choosing one.
    ///
    /// # Errors
    /// When the file cannot be read, is not JSON, or has no such case.
    pub fn read_case_file(path: &std::path::Path, index: usize) -> anyhow::Result<Recording> {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        let value: Value = serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))?;
        let case = match &value {
            Value::Array(cases) => cases
                .get(index)
                .with_context(|| format!("{} has {} cases; there is no case {index}", path.display(), cases.len()))?,
            other => other,
        };
        Recording::from_case(case).with_context(|| format!("in {}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::run::Input;

    #[test]
    fn steps_parse_from_codes_and_words() {
        let steps = parse_steps("3,3, 0 undo,restart,tick,4,left").expect("parses");
        assert_eq!(
            steps,
            vec![
                Step::Input(Input::Right),
                Step::Input(Input::Right),
                Step::Input(Input::Up),
                Step::Undo,
                Step::Restart,
                Step::Tick,
                Step::Input(Input::Action),
                Step::Input(Input::Left),
            ]
        );
        let err = parse_steps("3,jump").expect_err("jump is no input");
        assert!(err.to_string().contains("`jump`"), "{err}");
    }

    #[test]
    fn a_case_round_trips() {
        let case = serde_json::json!({"level": "2", "seed": 17, "inputs": [0, "undo", "tick", 4], "name": "x"});
        let rec = Recording::from_case(&case).expect("reads");
        assert_eq!(rec.level, 2);
        assert_eq!(rec.seed.as_deref(), Some("17"));
        assert_eq!(rec.steps.len(), 4);
        let again = Recording::from_case(&rec.to_case()).expect("reads back");
        assert_eq!(again, rec);
        assert!(Recording::from_case(&serde_json::json!({"level": 0})).is_err());
    }
}
