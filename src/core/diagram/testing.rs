//! Reading diagrams in tests: the library's unit tests and
//! `tests/diagram.rs` (which includes this file) share these.
#![allow(dead_code)]

use super::xml::{check, Element};

/// The elements of `svg`, checked well-formed.
pub fn elements(svg: &str) -> Vec<Element> {
    check(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"))
}

/// The elements of class `class`.
pub fn with_class<'a>(elements: &'a [Element], class: &str) -> Vec<&'a Element> {
    elements
        .iter()
        .filter(|e| e.attr("class") == Some(class))
        .collect()
}

/// How many elements are of class `class`.
pub fn count_class(elements: &[Element], class: &str) -> usize {
    with_class(elements, class).len()
}

/// The contents of the `<text>` elements.
pub fn texts(elements: &[Element]) -> Vec<&str> {
    elements
        .iter()
        .filter(|e| e.name == "text")
        .map(|e| e.text.as_str())
        .collect()
}
