//! Reading JSON into the core's types on the pages: [`Decode`], derived
//! (`#[derive(Decode)]`, the `mind-sports-derive` crate) beside serde's
//! `Deserialize` from the same `#[serde(...)]` attributes, reads what serde
//! reads. The text is parsed once into a [`Value`]; each type then has one
//! plain function that reads it. serde's derive writes a visitor per type
//! and per deserializer (the JSON reader, and a buffer for every tagged
//! enum): about 200 KB of wasm (before wasm-opt and compression) in each
//! page that reads the server's messages. The
//! server writes with serde and, where it reads, reads with serde.
//!
//! What a decoder reads is held equal to serde's, value and refusal, by
//! `tests/core/json.rs` (every protocol type, every field's absence, an
//! unknown field, a value of the wrong kind). Two of serde's forms are
//! refused on purpose: a variant named by its index (`{"state":1}`) and a
//! struct or variant read from an array of its fields in order. Nothing
//! writes them; the tests check that they are the only differences.

use std::collections::BTreeMap;
use std::fmt;

pub use mind_sports_derive::Decode;
pub use serde_json::{Map, Value};

/// Why a text does not read as a type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// What is wrong.
    pub problem: Problem,
    /// Where: the keys (and indexes) from the top, outermost first.
    pub path: Vec<String>,
}

/// What is wrong with a JSON value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The text is not JSON (serde_json's message).
    NotJson(String),
    /// A value of another kind than the one named (`"a string"`).
    Expected(&'static str),
    /// A required key is missing.
    Missing(&'static str),
    /// A key the type does not have (it refuses unknown keys).
    UnknownField(String),
    /// A tag that names no variant.
    UnknownVariant(String),
    /// A number outside its type's range, or a list of the wrong length.
    OutOfRange,
    /// The value read, but its type refused it (its `TryFrom`).
    Invalid(String),
}

impl DecodeError {
    fn new(problem: Problem) -> DecodeError {
        DecodeError {
            problem,
            path: Vec::new(),
        }
    }

    /// A tag that names no variant.
    pub fn variant(tag: &str) -> DecodeError {
        DecodeError::new(Problem::UnknownVariant(tag.to_string()))
    }

    /// A value its type's conversion (`try_from`) refused.
    pub fn invalid(error: impl fmt::Display) -> DecodeError {
        DecodeError::new(Problem::Invalid(error.to_string()))
    }

    fn expected(kind: &'static str) -> DecodeError {
        DecodeError::new(Problem::Expected(kind))
    }

    fn within(mut self, key: impl fmt::Display) -> DecodeError {
        self.path.insert(0, key.to_string());
        self
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.problem {
            Problem::NotJson(message) => write!(f, "not JSON: {message}")?,
            Problem::Expected(kind) => write!(f, "expected {kind}")?,
            Problem::Missing(key) => write!(f, "missing field `{key}`")?,
            Problem::UnknownField(key) => write!(f, "unknown field `{key}`")?,
            Problem::UnknownVariant(tag) => write!(f, "unknown variant `{tag}`")?,
            Problem::OutOfRange => f.write_str("out of range")?,
            Problem::Invalid(message) => f.write_str(message)?,
        }
        if !self.path.is_empty() {
            write!(f, " at {}", self.path.join("."))?;
        }
        Ok(())
    }
}

impl std::error::Error for DecodeError {}

/// A type read from a JSON value, as serde's derive reads it.
pub trait Decode: Sized {
    /// Reads `value`.
    fn decode(value: &Value) -> Result<Self, DecodeError>;

    /// What a missing field of this type reads as, if it may be missing
    /// (`None` for an `Option`, as serde's derive).
    fn missing() -> Option<Self> {
        None
    }
}

/// Reads `text` as a `T`.
pub fn from_str<T: Decode>(text: &str) -> Result<T, DecodeError> {
    let value: Value = serde_json::from_str(text)
        .map_err(|error| DecodeError::new(Problem::NotJson(error.to_string())))?;
    T::decode(&value)
}

/// The string `value` is.
pub fn string(value: &Value) -> Result<&str, DecodeError> {
    value
        .as_str()
        .ok_or_else(|| DecodeError::expected("a string"))
}

/// The one key of an object and its value (an externally tagged enum's
/// newtype variant).
pub fn single_entry(value: &Value) -> Result<(&str, &Value), DecodeError> {
    match value.as_object().map(|map| (map.len(), map.iter().next())) {
        Some((1, Some((key, item)))) => Ok((key.as_str(), item)),
        _ => Err(DecodeError::expected("a string or an object of one key")),
    }
}

/// An object's fields, read by a derived [`Decode`].
pub struct Fields<'a> {
    value: &'a Value,
    map: &'a Map<String, Value>,
    /// An internally tagged enum's tag key: among the variant's fields.
    tag: Option<&'static str>,
}

impl<'a> Fields<'a> {
    /// The fields of `value`, an object; `tag` is the key of an internally
    /// tagged enum's tag, if any.
    pub fn of(value: &'a Value, tag: Option<&'static str>) -> Result<Fields<'a>, DecodeError> {
        let map = value
            .as_object()
            .ok_or_else(|| DecodeError::expected("an object"))?;
        Ok(Fields { value, map, tag })
    }

    /// The whole object (a flattened field reads it).
    pub fn value(&self) -> &'a Value {
        self.value
    }

    /// The string under `key` (a tag).
    pub fn string(&self, key: &'static str) -> Result<&'a str, DecodeError> {
        string(self.present(key)?).map_err(|e| e.within(key))
    }

    /// The value under `key`, which must be there.
    pub fn present(&self, key: &'static str) -> Result<&'a Value, DecodeError> {
        self.map
            .get(key)
            .ok_or_else(|| DecodeError::new(Problem::Missing(key)))
    }

    /// The field `key`: missing only if its type may be ([`Decode::missing`]).
    pub fn required<T: Decode>(&self, key: &'static str) -> Result<T, DecodeError> {
        match self.map.get(key) {
            Some(value) => T::decode(value).map_err(|e| e.within(key)),
            None => T::missing().ok_or_else(|| DecodeError::new(Problem::Missing(key))),
        }
    }

    /// The field `key` if it is there (a field with a default).
    pub fn optional<T: Decode>(&self, key: &'static str) -> Result<Option<T>, DecodeError> {
        self.map
            .get(key)
            .map(|value| T::decode(value).map_err(|e| e.within(key)))
            .transpose()
    }

    /// Refuses a key other than `keys` and the tag.
    pub fn only(&self, keys: &[&str]) -> Result<(), DecodeError> {
        match self
            .map
            .keys()
            .find(|key| Some(key.as_str()) != self.tag && !keys.contains(&key.as_str()))
        {
            Some(key) => Err(DecodeError::new(Problem::UnknownField(key.clone()))),
            None => Ok(()),
        }
    }

    /// An adjacently tagged unit variant's content: none, or null.
    pub fn unit(&self, key: &'static str) -> Result<(), DecodeError> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(()),
            Some(_) => Err(DecodeError::expected("null").within(key)),
        }
    }

    /// An internally tagged newtype variant's value: the object without
    /// its tag.
    pub fn without_tag<T: Decode>(&self) -> Result<T, DecodeError> {
        let mut map = self.map.clone();
        if let Some(tag) = self.tag {
            map.remove(tag);
        }
        T::decode(&Value::Object(map))
    }
}

/// Integers read as serde reads them: a JSON integer (`read`, as `u64` or
/// `i64`) in the type's range.
macro_rules! integers {
    ($read:ident, $kind:literal: $($t:ty),*) => {$(
        impl Decode for $t {
            fn decode(value: &Value) -> Result<Self, DecodeError> {
                let read = value.$read().ok_or_else(|| DecodeError::expected($kind))?;
                <$t>::try_from(read).map_err(|_| DecodeError::new(Problem::OutOfRange))
            }
        }
    )*};
}
integers!(as_u64, "an unsigned integer": u8, u16, u32, u64, usize);
integers!(as_i64, "an integer": i8, i16, i32, i64);

impl Decode for f64 {
    fn decode(value: &Value) -> Result<Self, DecodeError> {
        value
            .as_f64()
            .ok_or_else(|| DecodeError::expected("a number"))
    }
}

impl Decode for bool {
    fn decode(value: &Value) -> Result<Self, DecodeError> {
        value
            .as_bool()
            .ok_or_else(|| DecodeError::expected("a boolean"))
    }
}

impl Decode for String {
    fn decode(value: &Value) -> Result<Self, DecodeError> {
        string(value).map(str::to_string)
    }
}

impl Decode for Value {
    fn decode(value: &Value) -> Result<Self, DecodeError> {
        Ok(value.clone())
    }
}

impl<T: Decode> Decode for Option<T> {
    fn decode(value: &Value) -> Result<Self, DecodeError> {
        match value {
            Value::Null => Ok(None),
            value => T::decode(value).map(Some),
        }
    }

    fn missing() -> Option<Self> {
        Some(None)
    }
}

impl<T: Decode> Decode for Box<T> {
    fn decode(value: &Value) -> Result<Self, DecodeError> {
        T::decode(value).map(Box::new)
    }
}

impl<T: Decode> Decode for Vec<T> {
    fn decode(value: &Value) -> Result<Self, DecodeError> {
        let items = value
            .as_array()
            .ok_or_else(|| DecodeError::expected("an array"))?;
        items
            .iter()
            .enumerate()
            .map(|(i, item)| T::decode(item).map_err(|e| e.within(i)))
            .collect()
    }
}

impl<T: Decode, const N: usize> Decode for [T; N] {
    fn decode(value: &Value) -> Result<Self, DecodeError> {
        let items: Vec<T> = Vec::decode(value)?;
        items
            .try_into()
            .map_err(|_| DecodeError::new(Problem::OutOfRange))
    }
}

impl<A: Decode, B: Decode> Decode for (A, B) {
    fn decode(value: &Value) -> Result<Self, DecodeError> {
        match value.as_array().map(Vec::as_slice) {
            Some([a, b]) => Ok((
                A::decode(a).map_err(|e| e.within(0))?,
                B::decode(b).map_err(|e| e.within(1))?,
            )),
            Some(_) => Err(DecodeError::new(Problem::OutOfRange)),
            None => Err(DecodeError::expected("an array")),
        }
    }
}

impl<V: Decode> Decode for BTreeMap<String, V> {
    fn decode(value: &Value) -> Result<Self, DecodeError> {
        let map = value
            .as_object()
            .ok_or_else(|| DecodeError::expected("an object"))?;
        map.iter()
            .map(|(key, item)| Ok((key.clone(), V::decode(item).map_err(|e| e.within(key))?)))
            .collect()
    }
}
