//! The cases of the conformance files (`../shared/conformance/README.md`,
//! our extensions in `docs/testing.md`) as typed values, read and written
//! with serde: a play session (`simulation.json`, `corpus_walks.json`, the
//! PuzzleScript Next files, and with a `trace` `traces.json` and the saved
//! tests of the studio), a diagnostics case, a sound case. The conformance
//! runner, the GIF export's replays and the studio's saved sessions all
//! read them here.

use engine::run::Step;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use std::collections::BTreeMap;

/// A step as the files write it: a number for a move or the action key
/// (`0` up, `1` left, `2` down, `3` right, `4` action), a word otherwise
/// (`"undo"`, `"restart"`, `"tick"`, our `"redo"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Code(pub Step);

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.code() {
            Some(n) => s.serialize_u8(n),
            None => s.serialize_str(&self.0.to_string()),
        }
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Number(u64),
            Word(String),
        }
        let step = match Raw::deserialize(d)? {
            Raw::Number(n) => Step::from_code(n).ok_or_else(|| format!("`{n}` is not an input code (0 to 4)")),
            Raw::Word(w) => w.parse::<Step>().map_err(|e| e.to_string()),
        };
        step.map(Code).map_err(serde::de::Error::custom)
    }
}

/// The entry of LEVELS a session starts on: the files write a number, a
/// few a string of digits.
fn level<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Number(usize),
        Text(String),
    }
    match Raw::deserialize(d)? {
        Raw::Number(n) => Ok(n),
        Raw::Text(t) => t.trim().parse().map_err(|_| serde::de::Error::custom(format!("level `{t}` is not a number"))),
    }
}

/// A seed: a string, or any other JSON value read as its JSON text (as the
/// reference keys its generator); `null` for none.
fn text_or_json<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Null => None,
        Value::String(s) => Some(s),
        other => Some(other.to_string()),
    })
}

/// Sound seeds: strings, or other values read as their JSON text.
fn texts<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
    Ok(Option::<Vec<Value>>::deserialize(d)?.map(|v| {
        v.into_iter()
            .map(|v| match v {
                Value::String(s) => s,
                other => other.to_string(),
            })
            .collect()
    }))
}

/// A recorded play session: compile `source`, load entry `level` with
/// `seed`, play `inputs` (settling `again` turns after the load and after
/// each), then compare the level `expected`, the `sounds` and the `trace`
/// when the case has them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayCase {
    /// What the case is called.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The game's text.
    #[serde(default)]
    pub source: String,
    /// The steps, in order.
    pub inputs: Vec<Code>,
    /// The level dump at the end.
    #[serde(default)]
    pub expected: String,
    /// The entry of LEVELS loaded first (messages counted).
    #[serde(default, deserialize_with = "level")]
    pub level: usize,
    /// The random seed (`None`: the engine's fixed default).
    #[serde(default, deserialize_with = "text_or_json")]
    pub seed: Option<String>,
    /// The object sounds played, in order, when the case lists them.
    #[serde(default, deserialize_with = "texts", skip_serializing_if = "Option::is_none")]
    pub sounds: Option<Vec<String>>,
    /// The traced events: one list of lines for the load, then one per step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<Vec<Vec<String>>>,
}

impl PlayCase {
    /// The steps without their file form.
    #[must_use]
    pub fn steps(&self) -> Vec<Step> {
        self.inputs.iter().map(|c| c.0).collect()
    }
}

/// A game with mistakes: the reference's `messages` and how many of them
/// are errors.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct DiagnosticsCase {
    /// What the case is called.
    #[serde(default)]
    pub name: Option<String>,
    /// The game's text.
    #[serde(default)]
    pub source: String,
    /// The reference's errors and warnings, in order.
    pub messages: Vec<String>,
    /// How many of them are errors.
    #[serde(default)]
    pub error_count: u64,
}

/// A sound seed: its sfxr parameters, sample count and 8-bit samples.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct SfxCase {
    /// The seed: a JSON number or a string of digits.
    #[serde(deserialize_with = "integer")]
    pub seed: i64,
    /// The generated parameters by name (values that are not numbers are
    /// not compared).
    pub params: BTreeMap<String, Value>,
    /// How many samples the sound has.
    #[serde(default)]
    pub sample_count: Option<u64>,
    /// The 8-bit samples, base64.
    #[serde(default)]
    pub samples_u8_base64: Option<String>,
}

fn integer<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    match Value::deserialize(d)? {
        Value::Number(n) => n.as_i64().ok_or_else(|| serde::de::Error::custom("the seed is not an integer")),
        Value::String(s) => s.trim().parse().map_err(|_| serde::de::Error::custom("the seed is not an integer")),
        _ => Err(serde::de::Error::custom("the seed is not an integer")),
    }
}

/// One case of any kind.
#[derive(Debug, Clone, PartialEq)]
pub enum Case {
    /// A play session (with or without a trace).
    Play(PlayCase),
    /// A diagnostics case.
    Diagnostics(DiagnosticsCase),
    /// A sound case.
    Sfx(SfxCase),
}

impl Case {
    /// Read a case of whichever kind it is: a play session has `inputs`, a
    /// diagnostics case `messages`, a sound case `params`.
    ///
    /// # Errors
    /// The case is none of them, or its kind's fields are not as the
    /// format says (the message names the field).
    pub fn from_value(case: &Value) -> anyhow::Result<Case> {
        let has = |field: &str| case.get(field).is_some();
        Ok(if has("inputs") {
            Case::Play(PlayCase::deserialize(case)?)
        } else if has("messages") {
            Case::Diagnostics(DiagnosticsCase::deserialize(case)?)
        } else if has("params") {
            Case::Sfx(SfxCase::deserialize(case)?)
        } else {
            anyhow::bail!("unrecognised case (no inputs, messages or params field)")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::run::Input;

    #[test]
    fn a_play_case_reads_its_codes_level_and_seed_and_writes_them_back() {
        let text = r#"{"name": "x", "source": "game", "inputs": [0, "undo", "tick", 4, "redo", "restart"],
            "expected": "0:x,\n", "level": "2", "seed": 17, "sounds": ["1", 2]}"#;
        let case: PlayCase = serde_json::from_str(text).expect("reads");
        assert_eq!(case.level, 2);
        assert_eq!(case.seed.as_deref(), Some("17"));
        assert_eq!(case.sounds, Some(vec!["1".to_owned(), "2".to_owned()]));
        assert_eq!(
            case.steps(),
            [Step::Input(Input::Up), Step::Undo, Step::Tick, Step::Input(Input::Action), Step::Redo, Step::Restart]
        );
        let back = serde_json::to_value(&case).expect("writes");
        assert_eq!(back["inputs"], serde_json::json!([0, "undo", "tick", 4, "redo", "restart"]));
        assert_eq!(back["seed"], "17");
        assert!(back.get("trace").is_none());
    }

    #[test]
    fn bad_inputs_are_named() {
        for (inputs, word) in [("[3, \"jump\"]", "`jump`"), ("[9]", "`9`"), ("[true]", "")] {
            let text = format!(r#"{{"inputs": {inputs}}}"#);
            let err = serde_json::from_str::<PlayCase>(&text).expect_err("not a case").to_string();
            assert!(err.contains(word), "{err}");
        }
    }

    #[test]
    fn the_kind_is_the_one_whose_fields_the_case_has() {
        let play = serde_json::json!({"source": "", "inputs": [], "expected": ""});
        assert!(matches!(Case::from_value(&play), Ok(Case::Play(_))));
        let diag = serde_json::json!({"source": "", "messages": ["line 3 : x"], "error_count": 1});
        assert!(matches!(Case::from_value(&diag), Ok(Case::Diagnostics(d)) if d.error_count == 1));
        let sfx = serde_json::json!({"seed": "123", "params": {"wave_type": 1.0}});
        assert!(matches!(Case::from_value(&sfx), Ok(Case::Sfx(s)) if s.seed == 123));
        let neither = serde_json::json!({"source": ""});
        assert!(Case::from_value(&neither).expect_err("no kind").to_string().contains("unrecognised"));
        let broken = serde_json::json!({"inputs": "3,3"});
        assert!(Case::from_value(&broken).is_err());
    }
}
