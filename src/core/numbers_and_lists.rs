//! Numbers and lists as people write them, shared by every sentence the engine, the lessons,
//! the page and the command line print: one writer for each form.

/// `one` or `many` by count.
///
/// ```
/// use ringlab::core::plural;
/// assert_eq!(plural(1, "key", "keys"), "key");
/// assert_eq!(plural(0, "key", "keys"), "keys");
/// ```
pub fn plural<'a>(count: usize, one: &'a str, many: &'a str) -> &'a str {
    if count == 1 {
        one
    } else {
        many
    }
}

/// A fraction as a percentage for people: `0.2` is "20%", `0.238` is "23.8%".
///
/// ```
/// use ringlab::core::percent;
/// assert_eq!(percent(0.2), "20%");
/// assert_eq!(percent(0.2381), "23.8%");
/// assert_eq!(percent(1.0 / 3.0), "33.3%");
/// ```
pub fn percent(fraction: f64) -> String {
    let text = format!("{:.1}", fraction * 100.0);
    let text = text.strip_suffix(".0").unwrap_or(&text);
    format!("{text}%")
}

/// A whole number with thousands separators: `10000000` is "10,000,000".
///
/// ```
/// use ringlab::core::grouped;
/// assert_eq!(grouped(10_000_000), "10,000,000");
/// assert_eq!(grouped(999), "999");
/// ```
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

/// A number for people: thousands grouped, at most `decimals` places, no trailing zeros.
///
/// ```
/// use ringlab::core::amount;
/// assert_eq!(amount(1234.5, 1), "1,234.5");
/// assert_eq!(amount(8e6, 1), "8,000,000");
/// ```
pub fn amount(x: f64, decimals: usize) -> String {
    let text = format!("{:.decimals$}", x.abs());
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        &text
    };
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let whole = whole
        .parse::<u64>()
        .map(grouped)
        .unwrap_or_else(|_| whole.to_string());
    let sign = if x < 0.0 && text != "0" { "-" } else { "" };
    if frac.is_empty() {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{frac}")
    }
}

/// `A`, `A and B`, `A, B and C`.
///
/// ```
/// use ringlab::core::and_list;
/// assert_eq!(and_list(&["A", "B", "C"]), "A, B and C");
/// ```
pub fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_people_write_them() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(amount(33.3333, 1), "33.3");
        assert_eq!(amount(14_022.3, 0), "14,022");
        assert_eq!(amount(0.25, 2), "0.25");
        assert_eq!(amount(-2.5, 1), "-2.5");
        assert_eq!(amount(-0.01, 1), "0");
    }

    #[test]
    fn lists_join_with_commas_and_a_last_and() {
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["A"]), "A");
        assert_eq!(and_list(&["A", "B"]), "A and B");
    }
}
