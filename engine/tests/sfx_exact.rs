//! Checks `engine::sfx` against the shared `sfx.json` conformance data (when
//! present): parameters, sample counts and how many 8-bit samples are equal.

use engine::sfx;

#[test]
fn sfx_json_params_and_samples() {
    let text = test_support::read(&test_support::conformance("sfx.json"));
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).expect("json");
    let (mut exact, mut bad_params, mut bad_count, mut with_samples) = (0, 0, 0, 0);
    let (mut total_bytes, mut same_bytes) = (0usize, 0usize);
    for case in &cases {
        let seed = case["seed"].as_i64().expect("seed");
        let p = sfx::params_for_seed(seed);
        for (k, v) in case["params"].as_object().expect("params") {
            let want = v.as_f64().expect("number");
            let got = if k == "seed" { seed as f64 } else { p.get(k).expect("field") };
            if (want - got).abs() > 1e-9 {
                bad_params += 1;
                eprintln!("seed {seed}: {k} expected {want} got {got}");
            }
        }
        let sound = sfx::sound_for_seed(seed);
        if case["sample_count"].as_u64() != Some(sound.samples.len() as u64) {
            bad_count += 1;
            eprintln!("seed {seed}: count {} vs {}", case["sample_count"], sound.samples.len());
        }
        if let Some(b64) = case["samples_u8_base64"].as_str() {
            with_samples += 1;
            let want = decode_b64(b64);
            let got = sound.to_u8();
            let same = want.iter().zip(&got).filter(|(a, b)| a == b).count();
            total_bytes += want.len();
            same_bytes += same;
            if same == want.len() && got.len() == want.len() {
                exact += 1;
            } else {
                eprintln!("seed {seed}: {same}/{} bytes equal", want.len());
            }
        }
    }
    eprintln!("{exact}/{with_samples} exact; {same_bytes}/{total_bytes} bytes equal");
    assert_eq!(bad_params, 0);
    assert_eq!(bad_count, 0);
    assert!(same_bytes as f64 >= total_bytes as f64 * 0.995);
}

/// Standard base64 (the engine has no base64 dependency).
fn decode_b64(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let bytes: Vec<u8> = s.bytes().filter(|&c| c != b'=').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut acc = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            acc |= u32::from(val(c)) << (18 - 6 * i);
        }
        let n = chunk.len() * 6 / 8;
        for i in 0..n {
            out.push((acc >> (16 - 8 * i)) as u8);
        }
    }
    out
}
