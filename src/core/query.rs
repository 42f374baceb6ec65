//! URL query text (`key=value&…`) as used by share links: decoded, each key
//! at most once, only known keys.

use std::fmt;

/// Why a query was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum QueryError {
    /// A key the app does not write.
    UnknownKey(String),
    /// A key given twice.
    RepeatedKey(String),
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::UnknownKey(k) => write!(f, "unknown key {k:?}"),
            QueryError::RepeatedKey(k) => write!(f, "key {k:?} given twice"),
        }
    }
}

impl std::error::Error for QueryError {}

/// `text` percent-encoded: its UTF-8 bytes, the unreserved ASCII ones
/// (`A-Z a-z 0-9 - . _ ~`) as they are, the others as `%XX` (a link's
/// value, a file name in a `filename*=UTF-8''` header).
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Decodes `%XX` escapes and `+`; invalid escapes are kept as they are.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%' && i + 2 < bytes.len())
            .then(|| std::str::from_utf8(&bytes[i + 1..i + 3]).ok())
            .flatten()
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match (escaped, bytes[i]) {
            (Some(b), _) => {
                out.push(b);
                i += 3;
                continue;
            }
            (None, b'+') => out.push(b' '),
            (None, b) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The decoded pairs of `query`, in order; every key must be in `known`.
pub fn pairs(query: &str, known: &[&str]) -> Result<Vec<(String, String)>, QueryError> {
    let mut out: Vec<(String, String)> = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let (key, value) = (percent_decode(key), percent_decode(value));
        if !known.contains(&key.as_str()) {
            return Err(QueryError::UnknownKey(key));
        }
        if out.iter().any(|(k, _)| *k == key) {
            return Err(QueryError::RepeatedKey(key));
        }
        out.push((key, value));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(not(target_arch = "wasm32"))]
    use proptest::prelude::*;

    #[cfg(not(target_arch = "wasm32"))]
    proptest! {
        #[test]
        fn encoding_then_decoding_gives_the_text_back(text in "\\PC{0,40}|(?s:.{0,40})") {
            let encoded = percent_encode(&text);
            prop_assert!(encoded.bytes().all(|b| b.is_ascii_graphic()));
            prop_assert_eq!(percent_decode(&encoded), text);
        }
    }

    #[test]
    fn queries_are_decoded_and_checked() {
        assert_eq!(
            pairs("a=1&b=x%20y", &["a", "b"]),
            Ok(vec![("a".into(), "1".into()), ("b".into(), "x y".into())])
        );
        assert_eq!(
            pairs("c=1", &["a"]),
            Err(QueryError::UnknownKey("c".into()))
        );
        assert_eq!(
            pairs("a=1&a=2", &["a"]),
            Err(QueryError::RepeatedKey("a".into()))
        );
        assert_eq!(percent_decode("%zz%41"), "%zzA");
    }
}
