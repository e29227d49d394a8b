//! Names for new servers, so "Add server" works without typing.

/// The preset city names, in the order they are offered.
pub const CITIES: [&str; 12] = [
    "tokyo",
    "osaka",
    "kyoto",
    "nagoya",
    "sapporo",
    "fukuoka",
    "kobe",
    "sendai",
    "yokohama",
    "hiroshima",
    "nara",
    "kawasaki",
];

/// The next free name in the style of the servers already there: the next city when they are
/// cities, otherwise the next free letter A, B, C, ..., then A2, B2, ...
///
/// ```
/// use ringlab::core::naming::next_server_name;
/// assert_eq!(next_server_name(&["A", "B", "C"]), "D");
/// assert_eq!(next_server_name(&["tokyo", "osaka", "kyoto", "nagoya"]), "sapporo");
/// assert_eq!(next_server_name(&["A", "C"]), "B");
/// ```
pub fn next_server_name(existing: &[&str]) -> String {
    let cities = !existing.is_empty() && existing.iter().all(|n| CITIES.contains(n));
    if cities {
        if let Some(city) = CITIES.iter().find(|c| !existing.contains(c)) {
            return city.to_string();
        }
    }
    (1..)
        .flat_map(|round: u32| {
            ('A'..='Z').map(move |letter| {
                if round == 1 {
                    letter.to_string()
                } else {
                    format!("{letter}{round}")
                }
            })
        })
        .find(|name| !existing.contains(&name.as_str()))
        .expect("names never run out")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_run_on_past_z() {
        let letters: Vec<String> = ('A'..='Z').map(|c| c.to_string()).collect();
        let names: Vec<&str> = letters.iter().map(String::as_str).collect();
        assert_eq!(next_server_name(&names), "A2");
    }

    #[test]
    fn an_empty_ring_starts_at_a() {
        assert_eq!(next_server_name(&[]), "A");
    }
}
