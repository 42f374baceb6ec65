//! Teacher sets, without a server: a teacher picks lessons and puzzles and
//! shares a link (`#/learn/set?t=…&i=…`); a learner works through the set
//! and reads out or pastes a short result code (`MS1-…`); the teacher pastes
//! the class's codes, one a line, into `#/learn/results` and sees a table.
//!
//! * [`TeacherSet`]: the set, its link ([`TeacherSet::query`]) and the
//!   link's reader ([`TeacherSet::parse_query`]);
//! * [`SetResult`]: one learner's result, its code ([`SetResult::code`])
//!   and the code's reader ([`SetResult::parse_code`]);
//! * [`ClassTable`]: a class's codes read against the set.
//!
//! # The link
//!
//! `t=<title>&i=<items>`: the title percent-encoded (UTF-8, every byte but
//! the unreserved ASCII ones as `%XX`; left out when empty), the items
//! comma-separated, a puzzle's id after `p.`:
//! `t=Class%204B&i=othello-1-2,p.wipeout-bf96bde7`.
//!
//! # The code
//!
//! `MS1-<payload>-<check>`: `MS`, the format's version, then Crockford
//! base32 symbols (`0-9A-Z` without `I L O U`). The payload's bits, most
//! significant first, padded with zeros to whole symbols:
//!
//! | bits | what |
//! |---|---|
//! | 20 | the set's digest ([`set_digest`]) |
//! | 6 | the number of items (1 to 60) |
//! | 8 per item | solved (1), hints (3), wrong tries (4) |
//! | 8 | the name's length in UTF-8 bytes |
//! | 8 per byte | the name |
//!
//! The two check symbols are a CRC-10 (polynomial 0x233, the ATM one) of
//! the version and the payload's symbols: it catches every burst of up to
//! ten bits, so every mistyped symbol and every swap of two neighbours.
//! Reading is lenient where it is safe: any case, `I` and `L` as `1`, `O` as
//! `0`, spaces and dashes anywhere after the version.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The route of a set's link (the query follows a `?`).
pub const SET_ROUTE: &str = "#/learn/set";
/// The route of the page where the teacher pastes the codes.
pub const RESULTS_ROUTE: &str = "#/learn/results";
/// The longest title, in characters.
pub const MAX_TITLE: usize = 80;
/// The most items in a set.
pub const MAX_ITEMS: usize = 60;
/// The longest item id, in characters (`[a-z0-9-]`).
pub const MAX_ID: usize = 40;
/// The longest link query read, in characters.
pub const MAX_QUERY: usize = 4000;
/// The longest learner's name, in characters.
pub const MAX_NAME: usize = 40;
/// The most hints an outcome records; more are recorded as this many.
pub const MAX_HINTS: u8 = 7;
/// The most wrong tries an outcome records; more are recorded as this many.
pub const MAX_ATTEMPTS: u8 = 15;
/// The longest code read, in characters (the longest written is 366).
pub const MAX_CODE: usize = 400;
/// The version of the code format written (`MS1-`).
pub const CODE_VERSION: u32 = 1;

/// The bits of a set's digest kept in a code.
const DIGEST_BITS: u32 = 20;
/// The bits of a code's item count.
const COUNT_BITS: u32 = 6;
/// Crockford's base32 symbols, by value.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// The CRC-10 polynomial without its x¹⁰ term: x⁹ + x⁵ + x⁴ + x + 1.
const CRC_POLY: u16 = 0x233;
/// The longest piece of bad input quoted back in an error.
const QUOTED: usize = 24;

/// The first `max` characters of `text`, with `…` if it was longer.
fn quote(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// Whether `text` is at most `max` characters, without reading further.
fn at_most(text: &str, max: usize) -> bool {
    text.chars().nth(max).is_none()
}

/// Characters a title or name may not hold: control characters and the
/// bidirectional overrides and isolates (they reorder the rest of a row).
fn hidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters nobody sees (Unicode's default-ignorable ones: zero-width
/// spaces and joiners, the soft hyphen, variation selectors, tags…): two
/// names that differ only by them look like one name, so a learner's name
/// is kept without them.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// One thing to do in a set.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Item {
    /// A lesson, by id (`othello-1-2`).
    Lesson(String),
    /// A puzzle, by id (`wipeout-bf96bde7`).
    Puzzle(String),
}

impl Item {
    /// The lesson's or puzzle's id.
    pub fn id(&self) -> &str {
        match self {
            Item::Lesson(id) | Item::Puzzle(id) => id,
        }
    }

    /// Whether it is a puzzle.
    pub fn is_puzzle(&self) -> bool {
        matches!(self, Item::Puzzle(_))
    }

    /// Reads an item as written in a link (`othello-1-2`, `p.wipeout-…`).
    fn from_token(token: &str) -> Result<Item, SetError> {
        let item = match token.strip_prefix("p.") {
            Some(id) => Item::Puzzle(id.to_string()),
            None => Item::Lesson(token.to_string()),
        };
        if valid_id(item.id()) {
            Ok(item)
        } else {
            Err(SetError::BadId(quote(token, QUOTED)))
        }
    }
}

/// As written in a link: the id, a puzzle's after `p.`.
impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Lesson(id) => write!(f, "{id}"),
            Item::Puzzle(id) => write!(f, "p.{id}"),
        }
    }
}

/// 1 to [`MAX_ID`] characters, each a lowercase ASCII letter, a digit or `-`.
fn valid_id(id: &str) -> bool {
    (1..=MAX_ID).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Why a set (or its link) is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// The link's query is longer than [`MAX_QUERY`] characters.
    TooLong,
    /// `t` or `i` given twice.
    RepeatedKey(char),
    /// A `%` not followed by two hexadecimal digits, in the value of the key.
    BadEscape(char),
    /// The decoded value of the key is not UTF-8.
    NotUtf8(char),
    /// The title is longer than [`MAX_TITLE`] characters.
    TitleTooLong {
        /// Its length in characters.
        chars: usize,
    },
    /// The title holds a control or bidirectional-override character.
    HiddenCharacter,
    /// No items (or no `i`).
    NoItems,
    /// More than [`MAX_ITEMS`] items.
    TooManyItems(usize),
    /// An id that is not 1 to 40 of `a-z`, `0-9` and `-` (the item as
    /// written, at most 24 characters of it).
    BadId(String),
    /// An item given twice.
    Duplicate(Item),
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::TooLong => write!(f, "the link is longer than {MAX_QUERY} characters"),
            SetError::RepeatedKey(key) => write!(f, "{key}= given twice"),
            SetError::BadEscape(key) => write!(f, "a broken %-escape in {key}="),
            SetError::NotUtf8(key) => write!(f, "{key}= is not UTF-8 text"),
            SetError::TitleTooLong { chars } => {
                write!(f, "the title has {chars} characters, at most {MAX_TITLE}")
            }
            SetError::HiddenCharacter => write!(f, "the title holds a control character"),
            SetError::NoItems => write!(f, "the set has no lessons or puzzles"),
            SetError::TooManyItems(n) => write!(f, "{n} items, at most {MAX_ITEMS}"),
            SetError::BadId(token) => write!(f, "{token:?} is not a lesson or puzzle id"),
            SetError::Duplicate(item) => write!(f, "{item} is in the set twice"),
        }
    }
}

impl std::error::Error for SetError {}

/// A teacher's set: a title and the lessons and puzzles in order. Always
/// valid: the title at most [`MAX_TITLE`] characters without control
/// characters (it may be empty), 1 to [`MAX_ITEMS`] distinct items with
/// valid ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeacherSet {
    title: String,
    items: Vec<Item>,
}

impl TeacherSet {
    /// Checks a set.
    pub fn new(title: &str, items: Vec<Item>) -> Result<TeacherSet, SetError> {
        if !at_most(title, MAX_TITLE) {
            return Err(SetError::TitleTooLong {
                chars: title.chars().count(),
            });
        }
        if title.chars().any(hidden) {
            return Err(SetError::HiddenCharacter);
        }
        if items.is_empty() {
            return Err(SetError::NoItems);
        }
        if items.len() > MAX_ITEMS {
            return Err(SetError::TooManyItems(items.len()));
        }
        if let Some(bad) = items.iter().find(|item| !valid_id(item.id())) {
            return Err(SetError::BadId(quote(&bad.to_string(), QUOTED)));
        }
        let mut seen = BTreeSet::new();
        if let Some(twice) = items.iter().find(|item| !seen.insert(*item)) {
            return Err(SetError::Duplicate(twice.clone()));
        }
        Ok(TeacherSet {
            title: title.to_string(),
            items,
        })
    }

    /// The title (may be empty).
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The items, in order.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// The set's digest: [`set_digest`].
    pub fn digest(&self) -> u32 {
        set_digest(self)
    }

    /// The link's query, what follows `#/learn/set?`:
    /// `t=Class%204B&i=othello-1-2,p.wipeout-bf96bde7` (no `t=` for an
    /// empty title). [`TeacherSet::parse_query`] reads it back.
    pub fn query(&self) -> String {
        let mut query = String::new();
        if !self.title.is_empty() {
            query.push_str("t=");
            query.push_str(&crate::query::percent_encode(&self.title));
            query.push('&');
        }
        query.push_str("i=");
        for (n, item) in self.items.iter().enumerate() {
            if n > 0 {
                query.push(',');
            }
            query.push_str(&item.to_string());
        }
        query
    }

    /// The whole link: `#/learn/set?` and [`TeacherSet::query`].
    pub fn link(&self) -> String {
        format!("{SET_ROUTE}?{}", self.query())
    }

    /// Reads a link's query (a leading `?` is skipped). Other keys are
    /// ignored; `t` and `i` at most once each, percent-decoded strictly
    /// (`+` is a space); the set is checked as by [`TeacherSet::new`].
    pub fn parse_query(query: &str) -> Result<TeacherSet, SetError> {
        if !at_most(query, MAX_QUERY) {
            return Err(SetError::TooLong);
        }
        let query = query.strip_prefix('?').unwrap_or(query);
        let (mut title, mut items) = (None, None);
        for pair in query.split('&').filter(|pair| !pair.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let (key, slot) = match key {
                "t" => ('t', &mut title),
                "i" => ('i', &mut items),
                _ => continue,
            };
            if slot.is_some() {
                return Err(SetError::RepeatedKey(key));
            }
            *slot = Some(percent_decode(value, key)?);
        }
        let items = items.unwrap_or_default();
        if items.is_empty() {
            return Err(SetError::NoItems);
        }
        let count = items.split(',').count();
        if count > MAX_ITEMS {
            return Err(SetError::TooManyItems(count));
        }
        let items = items
            .split(',')
            .map(Item::from_token)
            .collect::<Result<Vec<_>, _>>()?;
        TeacherSet::new(&title.unwrap_or_default(), items)
    }
}

/// Decodes `%XX` escapes (either case) and `+`; a broken escape or bytes
/// that are not UTF-8 are refused, naming `key`.
fn percent_decode(text: &str, key: char) -> Result<String, SetError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'%' => {
                let hex = |i: usize| bytes.get(i).and_then(|&b| char::from(b).to_digit(16));
                let (Some(high), Some(low)) = (hex(at + 1), hex(at + 2)) else {
                    return Err(SetError::BadEscape(key));
                };
                out.push((high * 16 + low) as u8);
                at += 3;
            }
            b'+' => {
                out.push(b' ');
                at += 1;
            }
            byte => {
                out.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| SetError::NotUtf8(key))
}

/// A set's digest: FNV-1a (32 bits) over its items as written in the link,
/// each followed by a comma, folded to 20 bits (the high 12 bits XORed into
/// the low ones). It tells codes of different sets apart (two sets share a
/// digest by chance once in about a million); the title is not in it.
/// The same on every platform: no standard-library hasher.
pub fn set_digest(set: &TeacherSet) -> u32 {
    let mut hash: u32 = 0x811C_9DC5;
    let mut feed = |bytes: &[u8]| {
        for &byte in bytes {
            hash ^= u32::from(byte);
            hash = hash.wrapping_mul(0x0100_0193);
        }
    };
    for item in set.items() {
        if item.is_puzzle() {
            feed(b"p.");
        }
        feed(item.id().as_bytes());
        feed(b",");
    }
    (hash >> DIGEST_BITS) ^ (hash & ((1 << DIGEST_BITS) - 1))
}

/// How a learner did on one item.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    solved: bool,
    hints: u8,
    attempts: u8,
}

impl Outcome {
    /// An outcome; hints above [`MAX_HINTS`] and wrong tries above
    /// [`MAX_ATTEMPTS`] are recorded as the maximum.
    pub fn new(solved: bool, hints: u8, attempts: u8) -> Outcome {
        Outcome {
            solved,
            hints: hints.min(MAX_HINTS),
            attempts: attempts.min(MAX_ATTEMPTS),
        }
    }

    /// Whether it was solved.
    pub fn solved(self) -> bool {
        self.solved
    }

    /// The hints taken (0 to 7).
    pub fn hints(self) -> u8 {
        self.hints
    }

    /// The wrong tries (0 to 15).
    pub fn attempts(self) -> u8 {
        self.attempts
    }

    /// The class table's stars, by the lessons' one rule
    /// ([`super::play::stars`]): none if not solved, else three, less one
    /// for each hint and each wrong try, at least one.
    pub fn stars(self) -> u8 {
        if !self.solved {
            return 0;
        }
        super::play::stars(u32::from(self.attempts), usize::from(self.hints))
    }

    /// Its 8 bits in a code.
    fn bits(self) -> u32 {
        u32::from(self.solved) << 7 | u32::from(self.hints) << 4 | u32::from(self.attempts)
    }

    fn from_bits(bits: u32) -> Outcome {
        Outcome {
            solved: bits >> 7 & 1 == 1,
            hints: (bits >> 4 & 7) as u8,
            attempts: (bits & 15) as u8,
        }
    }
}

/// Why a learner's name is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// Empty, or only spaces.
    Empty,
    /// Longer than [`MAX_NAME`] characters.
    TooLong {
        /// Its length in characters.
        chars: usize,
    },
    /// A control or bidirectional-override character.
    HiddenCharacter,
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Empty => write!(f, "the name is empty"),
            NameError::TooLong { chars } => {
                write!(f, "the name has {chars} characters, at most {MAX_NAME}")
            }
            NameError::HiddenCharacter => write!(f, "the name holds a control character"),
        }
    }
}

impl std::error::Error for NameError {}

/// The name as it is kept, if it is valid: without surrounding spaces,
/// without characters nobody sees ([`invisible`]) and with every run of
/// spaces (a no-break space too) written as one space, so that names that
/// look alike are alike.
fn check_name(name: &str) -> Result<String, NameError> {
    let name = name.trim();
    if name.chars().any(hidden) {
        return Err(NameError::HiddenCharacter);
    }
    let mut kept = String::with_capacity(name.len());
    let mut space = false;
    for c in name.chars().filter(|&c| !invisible(c)) {
        if c.is_whitespace() {
            space = !kept.is_empty();
            continue;
        }
        if std::mem::take(&mut space) {
            kept.push(' ');
        }
        kept.push(c);
    }
    if kept.is_empty() {
        return Err(NameError::Empty);
    }
    if !at_most(&kept, MAX_NAME) {
        return Err(NameError::TooLong {
            chars: kept.chars().count(),
        });
    }
    Ok(kept)
}

/// Why [`SetResult::new`] refuses a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultError {
    /// The learner's name.
    Name(NameError),
    /// Not one outcome per item of the set.
    OutcomeCount {
        /// The set's items.
        items: usize,
        /// The outcomes given.
        outcomes: usize,
    },
}

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultError::Name(e) => write!(f, "{e}"),
            ResultError::OutcomeCount { items, outcomes } => {
                write!(f, "{outcomes} outcomes for a set of {items} items")
            }
        }
    }
}

impl std::error::Error for ResultError {}

/// Why a result code is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Longer than [`MAX_CODE`] characters.
    TooLong,
    /// Does not start with `MS`, a version number and a dash or space.
    NotACode,
    /// A version this app does not read.
    UnknownVersion(u32),
    /// A character that is not a base32 symbol, a dash or a space.
    BadCharacter {
        /// Where, in characters from 1 (after leading spaces).
        at: usize,
        /// The character.
        found: char,
    },
    /// The check symbols do not match: a symbol is wrong, missing or extra.
    BadChecksum,
    /// The payload ends before what it declares.
    Truncated,
    /// Bits after the name.
    ExtraData,
    /// An item count outside 1 to [`MAX_ITEMS`].
    ItemCount(usize),
    /// The name's bytes are not UTF-8.
    NameNotUtf8,
    /// The name is not a valid name.
    Name(NameError),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::TooLong => write!(f, "longer than {MAX_CODE} characters"),
            CodeError::NotACode => write!(f, "not a result code (they start with MS1-)"),
            CodeError::UnknownVersion(v) => {
                write!(
                    f,
                    "a version {v} code, this app reads version {CODE_VERSION}"
                )
            }
            CodeError::BadCharacter { at, found } => {
                write!(f, "character {at} ({found:?}) cannot be in a code")
            }
            CodeError::BadChecksum => write!(
                f,
                "the check does not match: a character is mistyped, missing or extra"
            ),
            CodeError::Truncated => write!(f, "the code is cut short"),
            CodeError::ExtraData => write!(f, "the code goes on after its end"),
            CodeError::ItemCount(n) => {
                write!(f, "a code for {n} items, a set has 1 to {MAX_ITEMS}")
            }
            CodeError::NameNotUtf8 => write!(f, "the name in the code is not text"),
            CodeError::Name(e) => write!(f, "in the code, {e}"),
        }
    }
}

impl std::error::Error for CodeError {}

/// One learner's result on a set: the name, the set's digest and one
/// outcome per item, in the set's order. Always valid: a name of 1 to
/// [`MAX_NAME`] characters without surrounding spaces or control
/// characters, 1 to [`MAX_ITEMS`] outcomes, a digest of 20 bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetResult {
    name: String,
    set_digest: u32,
    outcomes: Vec<Outcome>,
}

impl SetResult {
    /// A learner's result on `set` (the name is trimmed).
    pub fn new(
        set: &TeacherSet,
        name: &str,
        outcomes: Vec<Outcome>,
    ) -> Result<SetResult, ResultError> {
        let name = check_name(name).map_err(ResultError::Name)?;
        if outcomes.len() != set.items().len() {
            return Err(ResultError::OutcomeCount {
                items: set.items().len(),
                outcomes: outcomes.len(),
            });
        }
        Ok(SetResult {
            name,
            set_digest: set.digest(),
            outcomes,
        })
    }

    /// The learner's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The digest of the set it is for ([`set_digest`]).
    pub fn set_digest(&self) -> u32 {
        self.set_digest
    }

    /// The outcomes, in the set's order.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// Whether it is a result of `set`: the same digest and item count.
    pub fn is_for(&self, set: &TeacherSet) -> bool {
        self.set_digest == set.digest() && self.outcomes.len() == set.items().len()
    }

    /// The code (see the module's documentation), 17 to 366 characters;
    /// [`SetResult::parse_code`] reads it back.
    pub fn code(&self) -> String {
        let mut bits = BitWriter::default();
        bits.push(self.set_digest, DIGEST_BITS);
        bits.push(self.outcomes.len() as u32, COUNT_BITS);
        for outcome in &self.outcomes {
            bits.push(outcome.bits(), 8);
        }
        bits.push(self.name.len() as u32, 8);
        for byte in self.name.bytes() {
            bits.push(u32::from(byte), 8);
        }
        let payload = bits.finish();
        let check = checksum(CODE_VERSION, &payload);
        let symbol = |value: u16| char::from(ALPHABET[usize::from(value)]);
        let mut code = format!("MS{CODE_VERSION}-");
        code.extend(payload.iter().map(|&s| symbol(s.into())));
        code.push('-');
        code.push(symbol(check >> 5));
        code.push(symbol(check & 31));
        code
    }

    /// Reads a code: surrounding spaces, case, dashes and spaces after the
    /// version do not matter; `I` and `L` read as `1`, `O` as `0`.
    pub fn parse_code(text: &str) -> Result<SetResult, CodeError> {
        if !at_most(text, MAX_CODE) {
            return Err(CodeError::TooLong);
        }
        let text = text.trim();
        let rest = match text.get(..2) {
            Some(ms) if ms.eq_ignore_ascii_case("ms") => &text[2..],
            _ => return Err(CodeError::NotACode),
        };
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let separated = rest[digits..].starts_with(|c: char| c == '-' || c.is_whitespace());
        if !(1..=3).contains(&digits) || !separated {
            return Err(CodeError::NotACode);
        }
        let version: u32 = rest[..digits].parse().map_err(|_| CodeError::NotACode)?;
        if version != CODE_VERSION {
            return Err(CodeError::UnknownVersion(version));
        }
        let mut symbols = Vec::with_capacity(rest.len());
        for (n, c) in text.chars().enumerate().skip(2 + digits) {
            if c == '-' || c.is_whitespace() {
                continue;
            }
            let value = symbol_value(c).ok_or(CodeError::BadCharacter {
                at: n + 1,
                found: c,
            })?;
            symbols.push(value);
        }
        let Some(split) = symbols.len().checked_sub(2) else {
            return Err(CodeError::Truncated);
        };
        let (payload, check) = symbols.split_at(split);
        if checksum(version, payload) != u16::from(check[0]) << 5 | u16::from(check[1]) {
            return Err(CodeError::BadChecksum);
        }
        let mut bits = BitReader {
            symbols: payload,
            at: 0,
        };
        let set_digest = bits.read(DIGEST_BITS)?;
        let count = bits.read(COUNT_BITS)? as usize;
        if !(1..=MAX_ITEMS).contains(&count) {
            return Err(CodeError::ItemCount(count));
        }
        let outcomes = (0..count)
            .map(|_| bits.read(8).map(Outcome::from_bits))
            .collect::<Result<Vec<_>, _>>()?;
        let length = bits.read(8)?;
        let name = (0..length)
            .map(|_| bits.read(8).map(|b| b as u8))
            .collect::<Result<Vec<_>, _>>()?;
        let padding = bits.left();
        if padding >= 5 || bits.read(padding as u32)? != 0 {
            return Err(CodeError::ExtraData);
        }
        let name = String::from_utf8(name).map_err(|_| CodeError::NameNotUtf8)?;
        let name = check_name(&name).map_err(CodeError::Name)?;
        Ok(SetResult {
            name,
            set_digest,
            outcomes,
        })
    }
}

/// A base32 symbol's value: Crockford's, any case, `I` `L` as 1, `O` as 0.
fn symbol_value(c: char) -> Option<u8> {
    match c.to_ascii_uppercase() {
        'O' => Some(0),
        'I' | 'L' => Some(1),
        c => ALPHABET
            .iter()
            .position(|&s| char::from(s) == c)
            .map(|v| v as u8),
    }
}

/// The CRC-10 of the version (8 bits) and the symbols (5 bits each), most
/// significant bit first, from all ones.
fn checksum(version: u32, symbols: &[u8]) -> u16 {
    let mut crc: u16 = 0x3FF;
    let mut feed = |value: u32, bits: u32| {
        for i in (0..bits).rev() {
            let bit = (value >> i & 1) as u16;
            let top = crc >> 9 & 1;
            crc = crc << 1 & 0x3FF;
            if top ^ bit == 1 {
                crc ^= CRC_POLY;
            }
        }
    };
    feed(version & 0xFF, 8);
    for &symbol in symbols {
        feed(symbol.into(), 5);
    }
    crc
}

/// Writes bits, most significant first, into 5-bit symbols.
#[derive(Default)]
struct BitWriter {
    symbols: Vec<u8>,
    current: u8,
    filled: u32,
}

impl BitWriter {
    /// The low `bits` bits of `value`.
    fn push(&mut self, value: u32, bits: u32) {
        for i in (0..bits).rev() {
            self.current = self.current << 1 | (value >> i & 1) as u8;
            self.filled += 1;
            if self.filled == 5 {
                self.symbols.push(self.current);
                (self.current, self.filled) = (0, 0);
            }
        }
    }

    /// The symbols, the last padded with zeros.
    fn finish(mut self) -> Vec<u8> {
        if self.filled > 0 {
            self.symbols.push(self.current << (5 - self.filled));
        }
        self.symbols
    }
}

/// Reads bits, most significant first, from 5-bit symbols.
struct BitReader<'a> {
    symbols: &'a [u8],
    at: usize,
}

impl BitReader<'_> {
    /// The next `bits` bits (at most 32).
    fn read(&mut self, bits: u32) -> Result<u32, CodeError> {
        let mut value = 0;
        for _ in 0..bits {
            let symbol = self.symbols.get(self.at / 5).ok_or(CodeError::Truncated)?;
            value = value << 1 | u32::from(symbol >> (4 - self.at % 5) & 1);
            self.at += 1;
        }
        Ok(value)
    }

    /// The bits not read.
    fn left(&self) -> usize {
        self.symbols.len() * 5 - self.at
    }
}

/// One learner's row of a class table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    name: String,
    outcomes: Vec<Outcome>,
    line: usize,
    replaced: Vec<usize>,
}

impl Row {
    /// The learner's name (as in the code kept).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The outcomes, in the set's order.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// The line (from 1) of the code shown.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The lines (from 1) of earlier codes of the same name that the shown
    /// one replaced, in order; empty if none.
    pub fn replaced(&self) -> &[usize] {
        &self.replaced
    }

    /// The items solved.
    pub fn solved(&self) -> usize {
        self.outcomes.iter().filter(|o| o.solved()).count()
    }

    /// The hints taken, over all items.
    pub fn hints(&self) -> u32 {
        self.outcomes.iter().map(|o| u32::from(o.hints())).sum()
    }

    /// The wrong tries, over all items.
    pub fn attempts(&self) -> u32 {
        self.outcomes.iter().map(|o| u32::from(o.attempts())).sum()
    }

    /// The stars ([`Outcome::stars`]), over all items.
    pub fn stars(&self) -> u32 {
        self.outcomes.iter().map(|o| u32::from(o.stars())).sum()
    }
}

/// Why a pasted line gave no row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// It is not a valid code.
    Code(CodeError),
    /// A valid code, of another set (or of another version of this one).
    AnotherSet,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Code(e) => write!(f, "{e}"),
            LineError::AnotherSet => write!(f, "a code for another set"),
        }
    }
}

impl std::error::Error for LineError {}

/// A pasted line that gave no row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    line: usize,
    text: String,
    error: LineError,
}

impl Refused {
    /// The line, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The line's text, trimmed, at most 24 characters of it (and `…`).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Why it was refused.
    pub fn error(&self) -> &LineError {
        &self.error
    }
}

/// A class's results on a set, from the codes pasted by the teacher.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassTable {
    rows: Vec<Row>,
    refused: Vec<Refused>,
    solved_per_item: Vec<usize>,
}

impl ClassTable {
    /// Reads `text`, one code a line (blank lines are skipped), against
    /// `set`. A name that comes again (the same but for case) replaces the
    /// earlier code in that learner's row, which keeps its place and notes
    /// the replaced lines.
    pub fn from_codes(set: &TeacherSet, text: &str) -> ClassTable {
        let mut rows: Vec<Row> = Vec::new();
        let mut refused = Vec::new();
        let mut by_name = BTreeMap::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let result = match SetResult::parse_code(line) {
                Ok(result) if result.is_for(set) => result,
                outcome => {
                    refused.push(Refused {
                        line: n + 1,
                        text: quote(line, QUOTED),
                        error: outcome.map_or_else(LineError::Code, |_| LineError::AnotherSet),
                    });
                    continue;
                }
            };
            let row = Row {
                name: result.name,
                outcomes: result.outcomes,
                line: n + 1,
                replaced: Vec::new(),
            };
            match by_name.get(&row.name.to_lowercase()) {
                Some(&at) => {
                    let old: &mut Row = &mut rows[at];
                    let mut replaced = std::mem::take(&mut old.replaced);
                    replaced.push(old.line);
                    *old = Row { replaced, ..row };
                }
                None => {
                    by_name.insert(row.name.to_lowercase(), rows.len());
                    rows.push(row);
                }
            }
        }
        let solved_per_item = (0..set.items().len())
            .map(|i| rows.iter().filter(|r| r.outcomes[i].solved()).count())
            .collect();
        ClassTable {
            rows,
            refused,
            solved_per_item,
        }
    }

    /// One row per learner, in the order their names first came.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The lines that gave no row, in order.
    pub fn refused(&self) -> &[Refused] {
        &self.refused
    }

    /// For each item of the set, in order: how many learners solved it.
    pub fn solved_per_item(&self) -> &[usize] {
        &self.solved_per_item
    }

    /// The most stars a learner can have: three per item.
    pub fn max_stars(&self) -> u32 {
        3 * self.solved_per_item.len() as u32
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::sync::mpsc;
    use std::time::Duration;

    fn lesson(id: &str) -> Item {
        Item::Lesson(id.into())
    }

    fn puzzle(id: &str) -> Item {
        Item::Puzzle(id.into())
    }

    fn example_set() -> TeacherSet {
        TeacherSet::new(
            "Class 4B",
            vec![lesson("othello-1-2"), puzzle("wipeout-bf96bde7")],
        )
        .unwrap()
    }

    fn example_result() -> SetResult {
        SetResult::new(
            &example_set(),
            "Anna",
            vec![Outcome::new(true, 1, 2), Outcome::new(false, 0, 3)],
        )
        .unwrap()
    }

    /// A set of `n` lessons (`othello-1-1` …).
    fn set_of(n: usize) -> TeacherSet {
        let items = (1..=n).map(|i| lesson(&format!("othello-1-{i}"))).collect();
        TeacherSet::new("", items).unwrap()
    }

    /// A code of `version` with these payload symbols and a right check.
    fn code_of(version: u32, payload: &[u8]) -> String {
        let check = checksum(version, payload);
        let mut code = format!("MS{version}-");
        for &s in payload
            .iter()
            .chain(&[(check >> 5) as u8, (check & 31) as u8])
        {
            code.push(char::from(ALPHABET[usize::from(s)]));
        }
        code
    }

    /// A version-1 code of these fields (each `(value, bits)`).
    fn code_from_fields(fields: &[(u32, u32)]) -> String {
        let mut bits = BitWriter::default();
        for &(value, n) in fields {
            bits.push(value, n);
        }
        code_of(CODE_VERSION, &bits.finish())
    }

    // The link.

    #[test]
    fn the_example_link() {
        let set = example_set();
        assert_eq!(set.query(), "t=Class%204B&i=othello-1-2,p.wipeout-bf96bde7");
        assert_eq!(
            set.link(),
            "#/learn/set?t=Class%204B&i=othello-1-2,p.wipeout-bf96bde7"
        );
        assert_eq!(TeacherSet::parse_query(&set.query()), Ok(set));
    }

    #[test]
    fn titles_are_percent_encoded_and_may_be_empty() {
        let set = TeacherSet::new("Třída 4.B ~ 100%", vec![lesson("nim-1-1")]).unwrap();
        assert_eq!(
            set.query(),
            "t=T%C5%99%C3%ADda%204.B%20~%20100%25&i=nim-1-1"
        );
        assert_eq!(TeacherSet::parse_query(&set.query()), Ok(set));
        let untitled = set_of(1);
        assert_eq!(untitled.query(), "i=othello-1-1");
        assert_eq!(TeacherSet::parse_query("i=othello-1-1"), Ok(untitled));
    }

    #[test]
    fn links_are_read_leniently_where_safe() {
        let set = example_set();
        for query in [
            "?t=Class%204B&i=othello-1-2,p.wipeout-bf96bde7",
            "t=Class+4B&i=othello-1-2,p.wipeout-bf96bde7",
            "i=othello-1-2%2Cp.wipeout-bf96bde7&&t=Class%204b&lang=cs&x",
            "from=mail&t=Class 4B&i=othello-1-2,p.wipeout-bf96bde7",
        ] {
            let read = TeacherSet::parse_query(query).unwrap();
            assert_eq!(read.items(), set.items(), "{query}");
            assert_eq!(read.title().to_lowercase(), "class 4b", "{query}");
        }
        assert_eq!(
            TeacherSet::parse_query("t=%C3%A9&i=a").unwrap().title(),
            "é"
        );
    }

    #[test]
    fn every_set_error() {
        let parse = TeacherSet::parse_query;
        assert_eq!(parse(&"i=a,".repeat(1001)), Err(SetError::TooLong));
        assert_eq!(parse("i=a&i=b"), Err(SetError::RepeatedKey('i')));
        assert_eq!(parse("t=x&i=a&t=y"), Err(SetError::RepeatedKey('t')));
        for bad in ["t=%&i=a", "t=%4&i=a", "t=%zz&i=a", "t=%4g&i=a"] {
            assert_eq!(parse(bad), Err(SetError::BadEscape('t')), "{bad}");
        }
        assert_eq!(parse("i=a%2"), Err(SetError::BadEscape('i')));
        assert_eq!(parse("t=%C3&i=a"), Err(SetError::NotUtf8('t')));
        assert_eq!(parse("t=%ED%A0%80&i=a"), Err(SetError::NotUtf8('t')));
        let long = "é".repeat(81);
        assert_eq!(
            parse(&format!("t={long}&i=a")),
            Err(SetError::TitleTooLong { chars: 81 })
        );
        assert!(parse(&format!("t={}&i=a", "é".repeat(80))).is_ok());
        assert_eq!(parse("t=a%0Ab&i=a"), Err(SetError::HiddenCharacter));
        assert_eq!(parse("t=%E2%80%AEa&i=a"), Err(SetError::HiddenCharacter));
        for none in ["", "t=x", "i=", "i", "t=x&i="] {
            assert_eq!(parse(none), Err(SetError::NoItems), "{none}");
        }
        let many: Vec<String> = (0..61).map(|i| format!("a{i}")).collect();
        assert_eq!(
            parse(&format!("i={}", many.join(","))),
            Err(SetError::TooManyItems(61))
        );
        assert!(parse(&format!("i={}", many[..60].join(","))).is_ok());
        for bad in [
            "i=a,,b",
            "i=a,",
            "i=Othello-1",
            "i=p.",
            "i=x.y",
            "i=p.p.a",
            "i=a_b",
            "i=%C3%A9",
        ] {
            assert!(
                matches!(parse(bad), Err(SetError::BadId(_))),
                "{bad}: {:?}",
                parse(bad)
            );
        }
        let long_id = "a".repeat(41);
        assert_eq!(
            parse(&format!("i={long_id}")),
            Err(SetError::BadId(format!("{}…", "a".repeat(24))))
        );
        assert!(parse(&format!("i={}", "a".repeat(40))).is_ok());
        assert_eq!(parse("i=a,p.a,b,a"), Err(SetError::Duplicate(lesson("a"))));
        assert_eq!(parse("i=p.a,a,p.a"), Err(SetError::Duplicate(puzzle("a"))));
        // The constructor checks the same.
        assert_eq!(
            TeacherSet::new("", vec![lesson("a b")]),
            Err(SetError::BadId("a b".into()))
        );
        assert_eq!(TeacherSet::new("", vec![]), Err(SetError::NoItems));
        // Every message is one lowercase line.
        let errors = [
            SetError::TooLong,
            SetError::RepeatedKey('t'),
            SetError::BadEscape('t'),
            SetError::NotUtf8('t'),
            SetError::TitleTooLong { chars: 81 },
            SetError::HiddenCharacter,
            SetError::NoItems,
            SetError::TooManyItems(61),
            SetError::BadId("X".into()),
            SetError::Duplicate(puzzle("a")),
        ];
        for error in errors {
            let message = error.to_string();
            assert!(
                !message.contains('\n') && !message.ends_with('.'),
                "{message}"
            );
        }
        assert_eq!(
            SetError::Duplicate(puzzle("a")).to_string(),
            "p.a is in the set twice"
        );
    }

    // The digest.

    #[test]
    fn digests_are_fixed_and_tell_sets_apart() {
        // Pinned: a change would orphan every code handed out.
        assert_eq!(example_set().digest(), 0x7_BC3B);
        assert!(example_set().digest() < 1 << 20);
        let retitled = TeacherSet::new("Other", example_set().items().to_vec()).unwrap();
        assert_eq!(retitled.digest(), example_set().digest());
        let reordered =
            TeacherSet::new("", vec![puzzle("wipeout-bf96bde7"), lesson("othello-1-2")]).unwrap();
        let as_lesson =
            TeacherSet::new("", vec![lesson("othello-1-2"), lesson("wipeout-bf96bde7")]).unwrap();
        let split = TeacherSet::new("", vec![lesson("ab"), lesson("c")]).unwrap();
        let joined = TeacherSet::new("", vec![lesson("a"), lesson("bc")]).unwrap();
        assert_ne!(reordered.digest(), example_set().digest());
        assert_ne!(as_lesson.digest(), example_set().digest());
        assert_ne!(split.digest(), joined.digest());
        // 10 000 sets of one to four items: as many pairs share a digest
        // as 20 random bits would give (10⁴ · (10⁴ − 1) / 2 / 2²⁰ ≈ 48).
        let mut seen = BTreeSet::new();
        let mut shared = 0;
        for i in 0..10_000 {
            let items = (0..=i % 4).map(|k| lesson(&format!("s{i}-{k}"))).collect();
            let set = TeacherSet::new("", items).unwrap();
            shared += usize::from(!seen.insert(set.digest()));
        }
        assert_eq!(shared, 41);
    }

    // The code.

    #[test]
    fn the_example_code() {
        let result = example_result();
        let code = result.code();
        assert_eq!(code, "MS1-FF1V1940R485Q6WR8-HQ");
        assert_eq!(SetResult::parse_code(&code), Ok(result.clone()));
        assert!(result.is_for(&example_set()));
        assert!(!result.is_for(&set_of(2)));
        assert_eq!(result.outcomes()[0], Outcome::new(true, 1, 2));
        assert_eq!(result.name(), "Anna");
    }

    #[test]
    fn codes_are_read_leniently_where_safe() {
        let result = example_result();
        let code = result.code();
        let variants = [
            code.to_lowercase(),
            format!("  {code}\t"),
            code.replace('-', " "),
            format!("MS1-{}", code[4..].replace('0', "o").replace('1', "I")),
            format!("MS1-{}", code[4..].replace('1', "l")),
            // Grouped for reading aloud.
            "MS1 FF1V1 940R4 85Q6W R8 HQ".to_string(),
            "ms1-ffiv-194o-r485-q6wr-8-hq".to_string(),
        ];
        for variant in variants {
            assert_eq!(
                SetResult::parse_code(&variant),
                Ok(result.clone()),
                "{variant}"
            );
        }
    }

    #[test]
    fn code_lengths() {
        // Ten items, a ten-character name: 194 bits, 39 symbols.
        let set = set_of(10);
        let outcomes = vec![Outcome::new(true, 7, 15); 10];
        let ten = SetResult::new(&set, "Anna Bauer", outcomes.clone()).unwrap();
        assert_eq!(ten.code().len(), "MS1-".len() + 39 + "-CC".len());
        assert_eq!(ten.code().len(), 46);
        // An accented letter is two bytes: 202 bits, 41 symbols.
        let accented = SetResult::new(&set, "Anna Novák", outcomes).unwrap();
        assert_eq!(accented.code().chars().count(), 48);
        // The shortest and the longest codes.
        let short = SetResult::new(&set_of(1), "A", vec![Outcome::default()]).unwrap();
        assert_eq!(short.code().len(), 4 + 10 + 3);
        let name = "😀".repeat(MAX_NAME);
        let long = SetResult::new(&set_of(60), &name, vec![Outcome::default(); 60]).unwrap();
        assert_eq!(long.code().len(), 4 + 359 + 3);
        assert!(long.code().len() <= MAX_CODE);
        assert_eq!(SetResult::parse_code(&long.code()), Ok(long));
    }

    #[test]
    fn outcomes_are_capped_and_earn_stars() {
        let capped = Outcome::new(true, 200, 200);
        assert_eq!((capped.hints(), capped.attempts()), (7, 15));
        let stars = |solved, hints, attempts| Outcome::new(solved, hints, attempts).stars();
        // The lessons' rule: each hint and each wrong try costs a star.
        assert_eq!(stars(true, 0, 0), 3);
        assert_eq!(stars(true, 0, 1), 2);
        assert_eq!(stars(true, 0, 3), 1);
        assert_eq!(stars(true, 1, 0), 2);
        assert_eq!(stars(true, 1, 1), 1);
        assert_eq!(stars(true, 7, 15), 1);
        assert_eq!(stars(false, 0, 0), 0);
        for bits in 0..256 {
            assert_eq!(Outcome::from_bits(bits).bits(), bits);
        }
    }

    #[test]
    fn every_result_error() {
        let set = example_set();
        let two = || vec![Outcome::default(); 2];
        let new = |name: &str, outcomes| SetResult::new(&set, name, outcomes);
        assert_eq!(new(" \t", two()), Err(ResultError::Name(NameError::Empty)));
        assert_eq!(
            new(&"ж".repeat(41), two()),
            Err(ResultError::Name(NameError::TooLong { chars: 41 }))
        );
        assert_eq!(
            new(&format!(" {} ", "ж".repeat(40)), two())
                .unwrap()
                .name()
                .chars()
                .count(),
            40
        );
        assert_eq!(
            new("a\u{0}b", two()),
            Err(ResultError::Name(NameError::HiddenCharacter))
        );
        assert_eq!(
            new("a\u{2067}b", two()),
            Err(ResultError::Name(NameError::HiddenCharacter))
        );
        assert_eq!(
            new("a", vec![Outcome::default(); 3]),
            Err(ResultError::OutcomeCount {
                items: 2,
                outcomes: 3
            })
        );
        assert_eq!(new("  Anna ", two()).unwrap().name(), "Anna");
    }

    #[test]
    fn every_code_error() {
        let parse = SetResult::parse_code;
        let code = example_result().code();
        assert_eq!(parse(&"0".repeat(401)), Err(CodeError::TooLong));
        assert_eq!(
            parse(&format!("{code}{}", " ".repeat(400))),
            Err(CodeError::TooLong)
        );
        for not in [
            "",
            "M",
            "MX1-AAA",
            "MS-AAA",
            "MS1AAA",
            "MS1",
            "MS1234-AA",
            "MSé-",
            "ÀS1-",
        ] {
            assert_eq!(parse(not), Err(CodeError::NotACode), "{not:?}");
        }
        assert_eq!(parse("MS2-AAAA"), Err(CodeError::UnknownVersion(2)));
        assert_eq!(parse("ms0 AAAA"), Err(CodeError::UnknownVersion(0)));
        assert_eq!(
            parse("MS1-CAMU2"),
            Err(CodeError::BadCharacter { at: 8, found: 'U' })
        );
        assert_eq!(
            parse("  MS1-CAMD-é"),
            Err(CodeError::BadCharacter {
                at: 10, found: 'é'
            })
        );
        assert_eq!(parse("MS1-"), Err(CodeError::Truncated));
        assert_eq!(parse("MS1-A"), Err(CodeError::Truncated));
        assert_eq!(parse("MS1-AB"), Err(CodeError::BadChecksum));
        // A right check over a payload cut short, or one with more after it.
        assert_eq!(parse(&code_of(1, &[])), Err(CodeError::Truncated));
        assert_eq!(parse(&code_of(1, &[0; 5])), Err(CodeError::Truncated));
        let fields = |count: u32, name: &[u8], extra: &[(u32, u32)]| {
            let mut all = vec![(0xABCDE, 20), (count, 6)];
            all.extend((0..count).map(|_| (0x9F, 8)));
            all.push((name.len() as u32, 8));
            all.extend(name.iter().map(|&b| (u32::from(b), 8)));
            all.extend_from_slice(extra);
            code_from_fields(&all)
        };
        let valid = parse(&fields(3, b"Jan", &[])).unwrap();
        assert_eq!(valid.set_digest(), 0xABCDE);
        assert_eq!(valid.outcomes(), &[Outcome::new(true, 1, 15); 3]);
        assert_eq!(
            parse(&fields(3, b"Jan", &[(0, 5)])),
            Err(CodeError::ExtraData)
        );
        assert_eq!(
            parse(&fields(3, b"Jan", &[(1, 1)])),
            Err(CodeError::ExtraData)
        );
        assert_eq!(parse(&fields(0, b"Jan", &[])), Err(CodeError::ItemCount(0)));
        assert_eq!(
            parse(&fields(61, b"Jan", &[])),
            Err(CodeError::ItemCount(61))
        );
        assert_eq!(
            parse(&fields(3, &[b'J', 0xC3], &[])),
            Err(CodeError::NameNotUtf8)
        );
        assert_eq!(
            parse(&fields(3, b"", &[])),
            Err(CodeError::Name(NameError::Empty))
        );
        assert_eq!(
            parse(&fields(3, "ж".repeat(41).as_bytes(), &[])),
            Err(CodeError::Name(NameError::TooLong { chars: 41 }))
        );
        assert_eq!(
            parse(&fields(3, b"J\nan", &[])),
            Err(CodeError::Name(NameError::HiddenCharacter))
        );
        // The name's length says more bytes than there are.
        let mut cut = vec![(0xABCDE, 20), (1, 6), (0, 8), (200, 8)];
        cut.extend((0..10).map(|_| (b'a'.into(), 8)));
        assert_eq!(parse(&code_from_fields(&cut)), Err(CodeError::Truncated));
        // A version-1 payload under another version's check is refused by
        // the version first, and by the check if relabelled.
        let relabelled = code.replacen("MS1", "MS2", 1);
        assert_eq!(parse(&relabelled), Err(CodeError::UnknownVersion(2)));
        for error in [
            CodeError::TooLong,
            CodeError::NotACode,
            CodeError::UnknownVersion(2),
            CodeError::BadCharacter { at: 3, found: 'U' },
            CodeError::BadChecksum,
            CodeError::Truncated,
            CodeError::ExtraData,
            CodeError::ItemCount(61),
            CodeError::NameNotUtf8,
            CodeError::Name(NameError::Empty),
        ] {
            let message = error.to_string();
            assert!(
                !message.contains('\n') && !message.ends_with('.'),
                "{message}"
            );
        }
    }

    /// Every change of one character of `codes` to one of the characters a
    /// hand might type: (refused, read as the same result, read as another
    /// result).
    fn substitutions(codes: &[String]) -> (usize, usize, usize) {
        let mut typed: Vec<char> = ALPHABET.iter().map(|&b| char::from(b)).collect();
        typed.extend("abcdefghjkmnpqrstvwxyzILOUilou- ._".chars());
        let (mut refused, mut same, mut other) = (0, 0, 0);
        for code in codes {
            let right = SetResult::parse_code(code).unwrap();
            let chars: Vec<char> = code.chars().collect();
            for at in 0..chars.len() {
                for &c in typed.iter().filter(|&&c| c != chars[at]) {
                    let mut changed = chars.clone();
                    changed[at] = c;
                    let changed: String = changed.into_iter().collect();
                    match SetResult::parse_code(&changed) {
                        Err(_) => refused += 1,
                        Ok(read) if read == right => same += 1,
                        Ok(_) => other += 1,
                    }
                }
            }
        }
        (refused, same, other)
    }

    /// Three codes: the example, ten items with a ten-character name, and
    /// sixty items with a long Unicode name.
    fn sample_codes() -> Vec<String> {
        let ten: Vec<Outcome> = (0..10)
            .map(|i| Outcome::new(i % 3 != 0, i % 4, i * 2))
            .collect();
        let sixty: Vec<Outcome> = (0..60)
            .map(|i| Outcome::new(i % 2 == 0, i % 8, i % 16))
            .collect();
        vec![
            example_result().code(),
            SetResult::new(&set_of(10), "Anna Novák", ten)
                .unwrap()
                .code(),
            SetResult::new(&set_of(60), "Ярослава Ковальчук-Петренко", sixty)
                .unwrap()
                .code(),
        ]
    }

    #[test]
    fn every_single_character_substitution_is_caught() {
        let codes = sample_codes();
        let (refused, same, other) = substitutions(&codes);
        // "Same": another case, I or L for 1, O for 0, a space for a dash.
        assert_eq!(other, 0, "a mistyped code read as another result");
        assert_eq!((refused, same), (16_974, 251));
        println!("substitutions: {refused} refused, {same} read the same, {other} misread");
    }

    #[test]
    fn swaps_and_most_dropped_or_doubled_characters_are_caught() {
        let mut misread = [0usize; 3];
        let mut tried = [0usize; 3];
        for code in sample_codes() {
            let right = SetResult::parse_code(&code).unwrap();
            let chars: Vec<char> = code.chars().collect();
            for at in 0..chars.len() {
                let mut changes = Vec::new();
                if at + 1 < chars.len() && chars[at] != chars[at + 1] {
                    let mut swapped = chars.clone();
                    swapped.swap(at, at + 1);
                    changes.push((0, swapped));
                }
                let mut dropped = chars.clone();
                dropped.remove(at);
                changes.push((1, dropped));
                let mut doubled = chars.clone();
                doubled.insert(at, chars[at]);
                changes.push((2, doubled));
                for (kind, changed) in changes {
                    let changed: String = changed.into_iter().collect();
                    tried[kind] += 1;
                    if matches!(SetResult::parse_code(&changed), Ok(read) if read != right) {
                        misread[kind] += 1;
                    }
                }
            }
        }
        assert_eq!(tried, [253, 265, 265]);
        assert_eq!(misread, [0, 0, 0]);
    }

    // The class table.

    #[test]
    fn a_class_table() {
        let set = example_set();
        let result = |name: &str, a: Outcome, b: Outcome| {
            SetResult::new(&set, name, vec![a, b]).unwrap().code()
        };
        let clean = Outcome::new(true, 0, 0);
        let helped = Outcome::new(true, 2, 5);
        let missed = Outcome::new(false, 1, 4);
        let other_set = SetResult::new(&set_of(2), "Eve", vec![clean; 2])
            .unwrap()
            .code();
        let mut mistyped: Vec<char> = result("Dan", clean, clean).chars().collect();
        mistyped[6] = if mistyped[6] == '7' { '8' } else { '7' };
        let mistyped: String = mistyped.into_iter().collect();
        let text = [
            result("Anna", clean, missed),
            String::new(),
            result("Boris", helped, clean),
            "  \t".into(),
            other_set,
            mistyped,
            format!("  {}  ", result("anna", clean, clean).to_lowercase()),
            "this is not a code but a sentence".into(),
            result("Cleo", missed, missed),
        ]
        .join("\r\n");
        let table = ClassTable::from_codes(&set, &text);
        let rows: Vec<(&str, usize, u32, usize, &[usize])> = table
            .rows()
            .iter()
            .map(|r| (r.name(), r.solved(), r.stars(), r.line(), r.replaced()))
            .collect();
        assert_eq!(
            rows,
            vec![
                ("anna", 2, 6, 7, &[1][..]),
                ("Boris", 2, 4, 3, &[][..]),
                ("Cleo", 0, 0, 9, &[][..]),
            ]
        );
        assert_eq!(table.rows()[1].hints(), 2);
        assert_eq!(table.rows()[2].attempts(), 8);
        assert_eq!(table.solved_per_item(), &[2, 2]);
        assert_eq!(table.max_stars(), 6);
        let refused: Vec<(usize, &LineError)> = table
            .refused()
            .iter()
            .map(|r| (r.line(), r.error()))
            .collect();
        assert_eq!(
            refused,
            vec![
                (5, &LineError::AnotherSet),
                (6, &LineError::Code(CodeError::BadChecksum)),
                (8, &LineError::Code(CodeError::NotACode)),
            ]
        );
        assert_eq!(table.refused()[2].text(), "this is not a code but a…");
        assert_eq!(LineError::AnotherSet.to_string(), "a code for another set");
        // Nothing pasted: an empty table with a column per item.
        let empty = ClassTable::from_codes(&set, "");
        assert!(empty.rows().is_empty() && empty.refused().is_empty());
        assert_eq!(empty.solved_per_item(), &[0, 0]);
    }

    #[test]
    fn names_that_look_alike_are_one_learner() {
        // A code of the older app could carry a zero-width space or a
        // no-break space; a name is now kept without them, so the row of
        // "Anna" and that of "An\u{200B}na" are one row, as they look.
        let set = example_set();
        let old_code = |name: &str| {
            let mut fields = vec![
                (set.digest(), DIGEST_BITS),
                (2, COUNT_BITS),
                (0x80, 8),
                (0x80, 8),
            ];
            fields.push((name.len() as u32, 8));
            fields.extend(name.bytes().map(|b| (u32::from(b), 8)));
            code_from_fields(&fields)
        };
        let anna = SetResult::new(&set, "Anna", vec![Outcome::new(true, 0, 0); 2])
            .unwrap()
            .code();
        let text = [
            anna.clone(),
            old_code("An\u{200B}na"),
            old_code("Anna\u{00A0}\u{00A0}B"),
            old_code("Anna B"),
            old_code("\u{FEFF}anna\u{00AD}"),
        ]
        .join("\n");
        let table = ClassTable::from_codes(&set, &text);
        let rows: Vec<(&str, &[usize])> = table
            .rows()
            .iter()
            .map(|r| (r.name(), r.replaced()))
            .collect();
        assert_eq!(rows, vec![("anna", &[1, 2][..]), ("Anna B", &[3][..])]);
        assert!(table.refused().is_empty());
        // A new code never carries them.
        let made =
            SetResult::new(&set, "\u{200B}Bo\u{200D}ris ", vec![Outcome::default(); 2]).unwrap();
        assert_eq!(made.name(), "Boris");
        assert_eq!(
            SetResult::new(&set, "\u{200B}\u{2060}", vec![Outcome::default(); 2]),
            Err(ResultError::Name(NameError::Empty))
        );
    }

    // Hostile input.

    /// Runs `work` on its own thread and fails if it panics or takes more
    /// than five seconds.
    fn bounded(work: impl FnOnce() + Send + 'static) {
        let (done, finished) = mpsc::channel();
        let worker = std::thread::spawn(move || {
            work();
            let _ = done.send(());
        });
        match finished.recv_timeout(Duration::from_secs(5)) {
            Ok(()) => worker.join().expect("no panic"),
            Err(mpsc::RecvTimeoutError::Timeout) => panic!("no answer within 5 s"),
            Err(mpsc::RecvTimeoutError::Disconnected) => panic!("panicked"),
        }
    }

    #[test]
    fn huge_input_is_refused_at_once() {
        bounded(|| {
            let huge = "é".repeat(10_000_000);
            assert_eq!(TeacherSet::parse_query(&huge), Err(SetError::TooLong));
            assert_eq!(SetResult::parse_code(&huge), Err(CodeError::TooLong));
            let lines = format!("{}\n", example_result().code()).repeat(100_000);
            let table = ClassTable::from_codes(&example_set(), &lines);
            assert_eq!(table.rows().len(), 1);
            assert_eq!(table.rows()[0].replaced().len(), 99_999);
        });
    }

    /// Pieces of links and codes, and of what breaks naive parsers.
    const PIECES: &[&str] = &[
        "t=",
        "i=",
        "&",
        "=",
        "?",
        "%",
        "%4",
        "%C3",
        "%A9",
        "%C3%A9",
        "%ED%A0%80",
        "%00",
        "%2C",
        "+",
        ",",
        "p.",
        ".",
        "othello-1-2",
        "wipeout-bf96bde7",
        "a",
        "-",
        " ",
        "\n",
        "\u{0}",
        "\u{202e}",
        "é",
        "😀",
        "MS1-",
        "ms1 ",
        "MS2-",
        "MS",
        "1",
        "0",
        "I",
        "L",
        "O",
        "U",
        "Z",
        "7",
        "ZZZZZ",
        "00000",
    ];

    fn hostile_text() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            3 => prop::sample::select(PIECES).prop_map(str::to_string),
            1 => any::<char>().prop_map(|c| c.to_string()),
            1 => "[0-9A-Za-z]{1,30}",
        ];
        prop_oneof![
            3 => prop::collection::vec(piece, 0..60).prop_map(|p| p.concat()),
            1 => any::<String>(),
        ]
    }

    fn title() -> impl Strategy<Value = String> {
        prop::collection::vec(
            any::<char>().prop_filter("shown", |c| !hidden(*c)),
            0..=MAX_TITLE,
        )
        .prop_map(|c| c.into_iter().collect())
    }

    fn name() -> impl Strategy<Value = String> {
        prop::collection::vec(
            any::<char>().prop_filter("shown", |c| !hidden(*c)),
            1..=MAX_NAME,
        )
        .prop_map(|c| c.into_iter().collect::<String>())
        .prop_filter("not blank", |name| check_name(name).is_ok())
    }

    fn items() -> impl Strategy<Value = Vec<Item>> {
        prop::collection::vec((any::<bool>(), "[a-z0-9-]{1,40}"), 1..=MAX_ITEMS).prop_map(|items| {
            let mut seen = BTreeSet::new();
            items
                .into_iter()
                .map(|(p, id)| {
                    if p {
                        Item::Puzzle(id)
                    } else {
                        Item::Lesson(id)
                    }
                })
                .filter(|item| seen.insert(item.clone()))
                .collect()
        })
    }

    fn outcome() -> impl Strategy<Value = Outcome> {
        (any::<bool>(), 0..=MAX_HINTS, 0..=MAX_ATTEMPTS).prop_map(|(s, h, a)| Outcome::new(s, h, a))
    }

    proptest! {
        #[test]
        fn any_text_is_read_or_refused_quickly(text in hostile_text()) {
            bounded(move || {
                let _ = TeacherSet::parse_query(&text);
                let _ = SetResult::parse_code(&text);
                let _ = SetResult::parse_code(&format!("MS1-{text}"));
                let _ = ClassTable::from_codes(&example_set(), &text);
            });
        }

        #[test]
        fn any_payload_with_a_right_check_is_read_or_refused(
            digest in 0u32..1 << 20,
            count in 0u32..64,
            outcomes in prop::collection::vec(0u32..256, 0..64),
            length in 0u32..256,
            name in prop::collection::vec(any::<u8>(), 0..300),
            symbols in prop::collection::vec(0u8..32, 0..400),
        ) {
            let mut fields = vec![(digest, 20), (count, 6)];
            fields.extend(outcomes.iter().map(|&o| (o, 8)));
            fields.push((length, 8));
            fields.extend(name.iter().map(|&b| (u32::from(b), 8)));
            let structured = code_from_fields(&fields);
            let random = code_of(1, &symbols);
            bounded(move || {
                if let Ok(result) = SetResult::parse_code(&structured) {
                    assert_eq!(SetResult::parse_code(&result.code()), Ok(result));
                }
                let _ = SetResult::parse_code(&random);
            });
        }

        #[test]
        fn sets_read_back(title in title(), items in items()) {
            let set = TeacherSet::new(&title, items).unwrap();
            prop_assert!(set.query().chars().count() <= MAX_QUERY);
            prop_assert_eq!(TeacherSet::parse_query(&set.query()), Ok(set));
        }

        #[test]
        fn results_read_back(
            items in items(),
            name in name(),
            outcomes in prop::collection::vec(outcome(), MAX_ITEMS),
        ) {
            let set = TeacherSet::new("", items).unwrap();
            let outcomes = outcomes[..set.items().len()].to_vec();
            let result = SetResult::new(&set, &name, outcomes).unwrap();
            let code = result.code();
            prop_assert!(code.chars().count() <= 366);
            prop_assert_eq!(SetResult::parse_code(&code), Ok(result.clone()));
            let table = ClassTable::from_codes(&set, &code);
            prop_assert_eq!(table.rows()[0].outcomes(), result.outcomes());
        }

        #[test]
        fn one_changed_character_is_refused_or_harmless(
            name in name(),
            at in any::<prop::sample::Index>(),
            c in any::<char>(),
        ) {
            let set = example_set();
            let result = SetResult::new(&set, &name, vec![Outcome::new(true, 3, 9); 2]).unwrap();
            let mut chars: Vec<char> = result.code().chars().collect();
            let at = at.index(chars.len());
            chars[at] = c;
            let changed: String = chars.into_iter().collect();
            if let Ok(read) = SetResult::parse_code(&changed) {
                prop_assert_eq!(read, result);
            }
        }
    }
}
