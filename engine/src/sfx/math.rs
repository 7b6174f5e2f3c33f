//! Floating-point helpers that reproduce how the reference computes powers.

/// `Math.pow(x, y)` as browsers compute it for the exponents sfxr uses:
/// squares are a plain product (fdlibm's special case, exact to the bit),
/// `y == 1` returns `x`, anything else uses the platform `pow`.
#[must_use]
pub fn pow(x: f64, y: f64) -> f64 {
    if y == 2.0 {
        x * x
    } else if y == 1.0 {
        x
    } else {
        x.powf(y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_products() {
        let x = 0.1234567890123;
        assert_eq!(pow(x, 2.0), x * x);
        assert_eq!(pow(-0.5, 3.0), -0.125);
    }
}
