//! Finding seeds that sound like a given one.
//!
//! Neighbouring seed numbers sound unrelated (each seed keys the random
//! generator afresh), so "more like this" searches instead: it draws a pool
//! of fresh seeds of the same category and keeps those whose sfxr parameters
//! lie closest to the seed's.

use super::generate::{Category, fresh_seed, params_for_seed};
use super::params::Params;
use crate::rng::Rng;

/// How far apart two sounds' parameters are: a different base waveform
/// counts as 1, plus the squared difference of every float parameter.
#[must_use]
pub fn distance(a: &Params, b: &Params) -> f64 {
    let wave = if a.wave == b.wave { 0.0 } else { 1.0 };
    let fields = a.fields().into_iter().zip(b.fields()).skip(1);
    wave + fields.map(|((_, x), (_, y))| (x - y) * (x - y)).filter(|d| d.is_finite()).sum::<f64>()
}

/// Up to `count` seeds of `seed`'s category that sound most like it, nearest
/// first, chosen from a pool of `pool` fresh seeds. The pool is drawn from a
/// generator keyed on `seed`, so the answer is always the same for a seed.
#[must_use]
pub fn similar_seeds(seed: i64, count: usize, pool: usize) -> Vec<i64> {
    let category = Category::of_seed(seed);
    let target = params_for_seed(seed);
    let mut rng = Rng::new(&format!("similar to {seed}"));
    let mut scored: Vec<(f64, i64)> = Vec::with_capacity(pool);
    for _ in 0..pool {
        let candidate = fresh_seed(category, &mut rng);
        if candidate != seed {
            scored.push((distance(&target, &params_for_seed(candidate)), candidate));
        }
    }
    scored.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    // A seed drawn twice sorts next to itself.
    scored.dedup_by_key(|&mut (_, s)| s);
    scored.into_iter().take(count).map(|(_, s)| s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn similar_seeds_are_closer_than_random_ones() {
        for seed in [36_772_507_i64, 9_675_111, 100 * 4321 + 2, 100 * 777 + 9] {
            let category = Category::of_seed(seed);
            let target = params_for_seed(seed);
            let found = similar_seeds(seed, 11, 2000);
            assert_eq!(found.len(), 11);
            assert!(!found.contains(&seed));
            let mut sorted = found.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), 11, "distinct seeds");
            for s in &found {
                assert_eq!(Category::of_seed(*s), category);
            }
            let near: Vec<f64> = found.iter().map(|s| distance(&target, &params_for_seed(*s))).collect();
            assert!(near.windows(2).all(|w| w[0] <= w[1]), "nearest first: {near:?}");

            let mut rng = Rng::new("any other seeds");
            let random: Vec<f64> =
                (0..200).map(|_| distance(&target, &params_for_seed(fresh_seed(category, &mut rng)))).collect();
            let mean_random = random.iter().sum::<f64>() / random.len() as f64;
            let mean_near = near.iter().sum::<f64>() / near.len() as f64;
            assert!(mean_near < mean_random / 2.0, "seed {seed}: near {mean_near}, random {mean_random}");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_answer() {
        assert_eq!(similar_seeds(36_772_507, 5, 500), similar_seeds(36_772_507, 5, 500));
    }

    #[test]
    fn distance_is_zero_only_for_equal_parameters() {
        let a = params_for_seed(36_772_507);
        assert!(distance(&a, &a).abs() < f64::EPSILON);
        assert!(distance(&a, &params_for_seed(9_675_111)) > 0.0);
    }
}
