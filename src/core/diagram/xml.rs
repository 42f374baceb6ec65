//! A small XML well-formedness check, for the tests of the diagrams (the
//! command line's and the pages'): one root element, every element closed
//! in order, attributes quoted and not repeated, `&` only as a known
//! reference, no character that XML 1.0 forbids. It reads what the
//! diagrams write (no DTD, no CDATA sections) and returns the elements, so
//! a test can count circles or read the texts.

use std::fmt;

/// One element of a checked document.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Element {
    /// Its name (`svg`, `circle`…).
    pub name: String,
    /// Its attributes in document order, values with references decoded.
    pub attributes: Vec<(String, String)>,
    /// Its own character data (not its children's), references decoded.
    pub text: String,
    /// 0 for the root, 1 for its children…
    pub depth: usize,
}

impl Element {
    /// The value of attribute `name`.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why a text is not well-formed XML.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct XmlError {
    /// Where, in characters from 0.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for XmlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "character {}: {}", self.offset + 1, self.message)
    }
}

impl std::error::Error for XmlError {}

/// Whether XML 1.0 allows `c` in a document.
pub fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// Checks `text` and returns its elements in document order.
pub fn check(text: &str) -> Result<Vec<Element>, XmlError> {
    let mut parser = Parser {
        chars: text.chars().collect(),
        pos: 0,
        elements: Vec::new(),
    };
    if let Some(offset) = parser.chars.iter().position(|&c| !is_xml_char(c)) {
        return Err(XmlError {
            offset,
            message: "a character XML does not allow".into(),
        });
    }
    parser.misc()?;
    if !parser.at("<") {
        return Err(parser.error("no root element"));
    }
    parser.element(0)?;
    parser.misc()?;
    if parser.pos < parser.chars.len() {
        return Err(parser.error("text after the root element"));
    }
    Ok(parser.elements)
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    elements: Vec<Element>,
}

impl Parser {
    fn error(&self, message: &str) -> XmlError {
        XmlError {
            offset: self.pos,
            message: message.to_string(),
        }
    }

    fn at(&self, s: &str) -> bool {
        s.chars()
            .enumerate()
            .all(|(i, c)| self.chars.get(self.pos + i) == Some(&c))
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn expect(&mut self, s: &str) -> Result<(), XmlError> {
        if self.at(s) {
            self.pos += s.chars().count();
            Ok(())
        } else {
            Err(self.error(&format!("expected {s:?}")))
        }
    }

    fn spaces(&mut self) -> bool {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| matches!(c, ' ' | '\t' | '\n' | '\r'))
        {
            self.pos += 1;
        }
        self.pos > start
    }

    /// Skips up to and past `end`.
    fn skip_past(&mut self, end: &str, what: &str) -> Result<(), XmlError> {
        while self.pos < self.chars.len() {
            if self.at(end) {
                self.pos += end.chars().count();
                return Ok(());
            }
            self.pos += 1;
        }
        Err(self.error(&format!("unclosed {what}")))
    }

    /// Whitespace, comments and processing instructions (the prolog and
    /// what may follow the root).
    fn misc(&mut self) -> Result<(), XmlError> {
        loop {
            self.spaces();
            if self.at("<!--") {
                self.comment()?;
            } else if self.at("<?") {
                self.pos += 2;
                self.skip_past("?>", "processing instruction")?;
            } else {
                return Ok(());
            }
        }
    }

    fn comment(&mut self) -> Result<(), XmlError> {
        self.pos += 4;
        while self.pos < self.chars.len() {
            if self.at("--") {
                return if self.at("-->") {
                    self.pos += 3;
                    Ok(())
                } else {
                    Err(self.error("\"--\" inside a comment"))
                };
            }
            self.pos += 1;
        }
        Err(self.error("unclosed comment"))
    }

    fn name(&mut self) -> Result<String, XmlError> {
        let start = self.pos;
        let first = self
            .peek()
            .filter(|&c| c.is_alphabetic() || c == '_' || c == ':');
        if first.is_none() {
            return Err(self.error("expected a name"));
        }
        while self
            .peek()
            .is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '-' | '.'))
        {
            self.pos += 1;
        }
        Ok(self.chars[start..self.pos].iter().collect())
    }

    /// A reference after its `&`, decoded.
    fn reference(&mut self) -> Result<char, XmlError> {
        let start = self.pos;
        let Some(len) = self.chars[start..].iter().take(12).position(|&c| c == ';') else {
            return Err(self.error("\"&\" that does not start a reference"));
        };
        let body: String = self.chars[start..start + len].iter().collect();
        let c = match body.as_str() {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => body
                .strip_prefix("#x")
                .map(|hex| u32::from_str_radix(hex, 16))
                .or_else(|| body.strip_prefix('#').map(str::parse::<u32>))
                .and_then(Result::ok)
                .and_then(char::from_u32)
                .filter(|&c| is_xml_char(c)),
        };
        let c = c.ok_or_else(|| self.error(&format!("unknown reference &{body};")))?;
        self.pos = start + len + 1;
        Ok(c)
    }

    fn element(&mut self, depth: usize) -> Result<(), XmlError> {
        self.expect("<")?;
        let name = self.name()?;
        let index = self.elements.len();
        self.elements.push(Element {
            name: name.clone(),
            attributes: Vec::new(),
            text: String::new(),
            depth,
        });
        loop {
            let spaced = self.spaces();
            if self.at("/>") {
                self.pos += 2;
                return Ok(());
            }
            if self.at(">") {
                self.pos += 1;
                break;
            }
            if !spaced {
                return Err(self.error("expected a space, \">\" or \"/>\""));
            }
            let attr = self.name()?;
            self.spaces();
            self.expect("=")?;
            self.spaces();
            let quote = self
                .peek()
                .filter(|&c| c == '"' || c == '\'')
                .ok_or_else(|| self.error("expected a quoted value"))?;
            self.pos += 1;
            let mut value = String::new();
            loop {
                match self.peek() {
                    None => return Err(self.error("unclosed attribute value")),
                    Some(c) if c == quote => break,
                    Some('<') => return Err(self.error("\"<\" in an attribute value")),
                    Some('&') => {
                        self.pos += 1;
                        value.push(self.reference()?);
                    }
                    Some(c) => {
                        value.push(c);
                        self.pos += 1;
                    }
                }
            }
            self.pos += 1;
            let attributes = &mut self.elements[index].attributes;
            if attributes.iter().any(|(n, _)| *n == attr) {
                return Err(self.error(&format!("attribute {attr} repeated")));
            }
            attributes.push((attr, value));
        }
        loop {
            match self.peek() {
                None => return Err(self.error(&format!("<{name}> is not closed"))),
                Some('<') if self.at("</") => {
                    self.pos += 2;
                    let end = self.name()?;
                    if end != name {
                        return Err(self.error(&format!("</{end}> closes <{name}>")));
                    }
                    self.spaces();
                    return self.expect(">");
                }
                Some('<') if self.at("<!--") => self.comment()?,
                Some('<') if self.at("<?") => {
                    self.pos += 2;
                    self.skip_past("?>", "processing instruction")?;
                }
                Some('<') if self.at("<!") => {
                    return Err(self.error("CDATA and declarations are not read here"))
                }
                Some('<') => self.element(depth + 1)?,
                Some('&') => {
                    self.pos += 1;
                    let c = self.reference()?;
                    self.elements[index].text.push(c);
                }
                Some(c) => {
                    if self.at("]]>") {
                        return Err(self.error("\"]]>\" in text"));
                    }
                    self.elements[index].text.push(c);
                    self.pos += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_documents_are_read() {
        let doc = "<?xml version=\"1.0\"?>\n<!-- c --><svg a='1' b=\"x &amp; &#60;\">\
                   <title>T &lt;1&gt; &#x41;</title><g><circle r=\"2\"/></g></svg>\n";
        let elements = check(doc).unwrap();
        let names: Vec<&str> = elements.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["svg", "title", "g", "circle"]);
        assert_eq!(elements[0].attr("b"), Some("x & <"));
        assert_eq!(elements[1].text, "T <1> A");
        assert_eq!(elements[3].depth, 2);
    }

    #[test]
    fn bad_documents_are_refused() {
        for bad in [
            "",
            "text",
            "<a>",
            "<a></b>",
            "<a><b></a></b>",
            "<a x=1/>",
            "<a x=\"1\" x=\"2\"/>",
            "<a x=\"<\"/>",
            "<a>&</a>",
            "<a>&bogus;</a>",
            "<a>&#0;</a>",
            "<a>\u{1}</a>",
            "<a/><b/>",
            "<a/>text",
            "<a x=\"1\"y=\"2\"/>",
            "<a><!-- x -- y --></a>",
            "<a><![CDATA[x]]></a>",
            "<1a/>",
        ] {
            assert!(check(bad).is_err(), "{bad:?}");
        }
    }
}
