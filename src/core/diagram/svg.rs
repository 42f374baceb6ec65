//! Writing SVG: one element per line, attributes in the order written,
//! every text and attribute value escaped. Coordinates are whole units of
//! the drawing's `viewBox`, so the output is the same on every platform.

use std::fmt::Write as _;

use super::{MAX_SIZE_PX, MIN_SIZE_PX};

/// The fonts asked for (the first found is used; all have the digits and
/// the Latin letters the diagrams write).
const FONTS: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// `text` made safe as XML character data or a quoted attribute value:
/// `&`, `<`, `>`, `"` and `'` written as references, characters that XML
/// 1.0 does not allow at all (most control characters, U+FFFE, U+FFFF)
/// replaced by U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if super::xml::is_xml_char(c) => out.push(c),
            _ => out.push('\u{FFFD}'),
        }
    }
    out
}

/// The width of `text` at font size `size`, estimated (sans-serif figures
/// and letters are about 0.6 em wide on average).
pub fn text_width(text: &str, size: i32) -> i32 {
    let chars = i32::try_from(text.chars().count()).unwrap_or(i32::MAX / 1024);
    chars.saturating_mul(size).saturating_mul(3) / 5
}

/// A drawing being written.
pub struct Svg {
    out: String,
}

impl Svg {
    /// Starts a drawing of `width` × `height` units shown `size_px` pixels
    /// wide (clamped), with its title and a white background.
    pub fn new(width: i32, height: i32, size_px: u32, title: &str) -> Svg {
        let width = width.max(1);
        let height = height.max(1);
        let px = i64::from(size_px.clamp(MIN_SIZE_PX, MAX_SIZE_PX));
        let height_px = ((px * i64::from(height) + i64::from(width) / 2) / i64::from(width)).max(1);
        let mut out = String::new();
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" \
             width=\"{px}\" height=\"{height_px}\" role=\"img\" font-family=\"{FONTS}\">\n\
             <title>{}</title>\n",
            escape(title)
        );
        let mut svg = Svg { out };
        svg.tag("rect")
            .num("width", width)
            .num("height", height)
            .attr("fill", "#ffffff")
            .end();
        svg
    }

    /// Starts an element.
    pub fn tag(&mut self, name: &'static str) -> Tag<'_> {
        self.out.push('<');
        self.out.push_str(name);
        Tag {
            out: &mut self.out,
            name,
        }
    }

    /// Closes a group opened with [`Tag::open`].
    pub fn close(&mut self, name: &'static str) {
        let _ = writeln!(self.out, "</{name}>");
    }

    /// Writes `content` centred on (`x`, `y`) (vertically by its figures'
    /// height), at font size `size`, in `fill`, bold when `bold`.
    pub fn text(&mut self, x: i32, y: i32, size: i32, fill: &str, bold: bool, content: &str) {
        self.text_anchored(x, y, size, fill, bold, "middle", content);
    }

    /// Writes `content` with its `anchor` (`start`, `middle`, `end`) at `x`,
    /// vertically centred on `y`.
    #[allow(clippy::too_many_arguments)]
    pub fn text_anchored(
        &mut self,
        x: i32,
        y: i32,
        size: i32,
        fill: &str,
        bold: bool,
        anchor: &str,
        content: &str,
    ) {
        // The baseline sits 0.35 em below the middle of the figures.
        let baseline = y + size * 7 / 20;
        let mut tag = self.tag("text");
        tag = tag.num("x", x).num("y", baseline).num("font-size", size);
        if bold {
            tag = tag.attr("font-weight", "bold");
        }
        tag.attr("text-anchor", anchor)
            .attr("fill", fill)
            .content(content);
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>");
        self.out
    }
}

/// An element being written: attributes, then [`Tag::end`] (empty),
/// [`Tag::content`] (text) or [`Tag::open`] (children follow).
pub struct Tag<'a> {
    out: &'a mut String,
    name: &'static str,
}

impl Tag<'_> {
    /// An attribute, escaped.
    pub fn attr(self, name: &str, value: &str) -> Self {
        let _ = write!(self.out, " {name}=\"{}\"", escape(value));
        self
    }

    /// A numeric attribute.
    pub fn num(self, name: &str, value: i32) -> Self {
        let _ = write!(self.out, " {name}=\"{value}\"");
        self
    }

    /// Ends an empty element.
    pub fn end(self) {
        self.out.push_str("/>\n");
    }

    /// Ends the element with `text` (escaped) as its content.
    pub fn content(self, text: &str) {
        let _ = writeln!(self.out, ">{}</{}>", escape(text), self.name);
    }

    /// Ends the start tag; children follow, then [`Svg::close`].
    pub fn open(self) {
        self.out.push_str(">\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;"
        );
        assert_eq!(
            escape("a\u{0}b\u{1b}c\td\u{FFFF}"),
            "a\u{FFFD}b\u{FFFD}c\td\u{FFFD}"
        );
        assert_eq!(escape("Misère – ×"), "Misère – ×");
    }

    #[test]
    fn a_drawing_is_one_well_formed_svg() {
        let mut svg = Svg::new(200, 100, 400, "a <title>");
        svg.tag("g").attr("fill", "#000").open();
        svg.tag("circle")
            .num("cx", 5)
            .num("cy", 5)
            .num("r", 2)
            .end();
        svg.text(10, 10, 20, "#000", true, "1 & 2");
        svg.close("g");
        let text = svg.finish();
        assert!(text.contains("viewBox=\"0 0 200 100\" width=\"400\" height=\"200\""));
        assert!(text.contains("<title>a &lt;title&gt;</title>"));
        assert!(text.contains(">1 &amp; 2</text>"));
        super::super::xml::check(&text).unwrap();
    }

    #[test]
    fn sizes_are_clamped_and_heights_rounded() {
        let text = Svg::new(300, 100, 1, "").finish();
        assert!(text.contains("width=\"16\" height=\"5\""), "{text}");
        let text = Svg::new(300, 100, u32::MAX, "").finish();
        assert!(text.contains("width=\"8192\" height=\"2731\""), "{text}");
        let text = Svg::new(1000, 1, 16, "").finish();
        assert!(text.contains("height=\"1\""), "{text}");
    }
}
