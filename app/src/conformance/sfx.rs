//! Sound cases (`sfx.json`). Placeholder until `engine::sfx` lands.

use super::Outcome;
use serde_json::Value;

pub fn run(_case: &Value) -> Outcome {
    Outcome::fail("sound synthesis is not implemented yet")
}
