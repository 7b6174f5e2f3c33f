//! A play session to replay (for the GIF export): where it starts (level
//! and seed) and its inputs, coded as in the conformance files. Read from
//! `--inputs 3,3,0,undo`, from a saved case in the conformance format, or
//! recorded by the player.

use anyhow::{Context as _, bail};
use engine::run::Input;
use serde_json::Value;

/// One input of a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A move or the action key.
    Input(Input),
    /// Undo the last turn.
    Undo,
    /// Restart the level.
    Restart,
    /// A turn with no input (a realtime tick).
    Tick,
}

impl Step {
    /// A step from a word or a conformance code: `0`/`up`, `1`/`left`,
    /// `2`/`down`, `3`/`right`, `4`/`action`, `undo`, `restart`, `tick`.
    #[must_use]
    pub fn parse(word: &str) -> Option<Step> {
        Some(match word.trim().to_ascii_lowercase().as_str() {
            "0" | "up" => Step::Input(Input::Up),
            "1" | "left" => Step::Input(Input::Left),
            "2" | "down" => Step::Input(Input::Down),
            "3" | "right" => Step::Input(Input::Right),
            "4" | "action" | "x" => Step::Input(Input::Action),
            "undo" | "z" => Step::Undo,
            "restart" | "r" => Step::Restart,
            "tick" => Step::Tick,
            _ => return None,
        })
    }

    /// The conformance code of this step (a number or a word).
    #[must_use]
    pub fn code(self) -> Value {
        match self {
            Step::Input(Input::Up) => 0.into(),
            Step::Input(Input::Left) => 1.into(),
            Step::Input(Input::Down) => 2.into(),
            Step::Input(Input::Right) => 3.into(),
            Step::Input(Input::Action) => 4.into(),
            Step::Undo => "undo".into(),
            Step::Restart => "restart".into(),
            Step::Tick => "tick".into(),
        }
    }
}

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

/// Parse `3,3,0,undo,restart,tick` (commas or spaces between steps).
///
/// # Errors
/// Naming the first word that is not a step.
pub fn parse_steps(text: &str) -> anyhow::Result<Vec<Step>> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| {
            Step::parse(w).with_context(|| {
                format!("`{w}` is not an input (use 0 up, 1 left, 2 down, 3 right, 4 action, undo, restart, tick)")
            })
        })
        .collect()
}

impl Recording {
    /// The session of a case in the conformance format
    /// (`{"level": 0, "seed": "...", "inputs": [3, 3, "undo"]}`); other
    /// fields are ignored.
    ///
    /// # Errors
    /// When `inputs` is missing or holds something that is not an input.
    pub fn from_case(case: &Value) -> anyhow::Result<Recording> {
        let level = match case.get("level") {
            Some(Value::String(s)) => s.trim().parse().context("`level` is not a number")?,
            Some(v) => v.as_u64().context("`level` is not a number")? as usize,
            None => 0,
        };
        let seed = match case.get("seed") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(other) => Some(other.to_string()),
        };
        let Some(inputs) = case.get("inputs").and_then(Value::as_array) else {
            bail!("the case has no `inputs` list");
        };
        let steps = inputs
            .iter()
            .enumerate()
            .map(|(k, v)| {
                let word = v.as_str().map_or_else(|| v.to_string(), str::to_owned);
                Step::parse(&word).with_context(|| format!("input {k} (`{word}`) is not an input"))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Recording { level, seed, steps })
    }

    /// The session as a case in the conformance format (without source or
    /// expected result).
    #[must_use]
    pub fn to_case(&self) -> Value {
        serde_json::json!({
            "level": self.level,
            "seed": self.seed,
            "inputs": self.steps.iter().map(|s| s.code()).collect::<Vec<_>>(),
        })
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
