//! Base64 with the URL-safe alphabet (RFC 4648 §5) and no padding: text that travels in a
//! query parameter without any escaping.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Encodes `bytes`, three bytes to four characters.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// Decodes text written by [`encode`]; a character outside the alphabet, or a length no
/// encoding has, is refused in words.
pub fn decode(text: &str) -> Result<Vec<u8>, String> {
    let mut values = Vec::with_capacity(text.len());
    for c in text.chars() {
        match ALPHABET.iter().position(|&a| a as char == c) {
            Some(v) => values.push(v as u32),
            None => return Err(format!("it holds {c:?}, which is not part of the encoding")),
        }
    }
    if values.len() % 4 == 1 {
        return Err("it is cut short".to_string());
    }
    let mut out = Vec::with_capacity(values.len() * 3 / 4);
    for chunk in values.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &v)| n | v << (18 - 6 * i));
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rfc_4648_examples_encode_without_padding() {
        let cases = [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, coded) in cases {
            assert_eq!(encode(plain.as_bytes()), coded);
            assert_eq!(decode(coded).unwrap(), plain.as_bytes());
        }
    }

    #[test]
    fn the_url_safe_alphabet_replaces_plus_and_slash() {
        assert_eq!(encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(decode("-_8").unwrap(), vec![0xfb, 0xff]);
    }

    #[test]
    fn foreign_characters_and_cut_lengths_are_refused() {
        assert!(decode("Zm9v+").unwrap_err().contains("'+'"));
        assert!(decode("Zm9vY").unwrap_err().contains("cut short"));
    }
}
