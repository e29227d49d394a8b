//! Numbers as the page writes them.

/// A whole number with thousands separators: 100000 is "100,000".
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A fraction as a percentage, one decimal at most.
pub fn pct(fraction: f64) -> String {
    crate::core::percent(fraction)
}
