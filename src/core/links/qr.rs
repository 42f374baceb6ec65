//! A link as a QR code, drawn as one SVG path ("continue on another
//! device" of a club event's player page): each run of dark modules of a
//! row is one rectangle, so that a link of a hundred characters is a
//! path of a few kilobytes, with no image and no canvas.

use qrcodegen::{QrCode, QrCodeEcc};

/// The light border around the code, in modules (the standard's quiet
/// zone, which scanners need).
pub const QUIET: i32 = 4;

/// The QR code of `text`: its side in modules (without the quiet zone)
/// and the SVG path of its dark modules (one unit a module, from 0);
/// `None` when the text is too long for any QR code.
pub fn qr_path(text: &str) -> Option<(i32, String)> {
    // Medium correction: a code on a phone screen, scanned by another.
    // Bytes as they are: a link is lower-case, which only byte mode
    // holds (the other modes' readers are not carried).
    let code = QrCode::encode_binary(text.as_bytes(), QrCodeEcc::Medium).ok()?;
    let size = code.size();
    let mut path = String::new();
    for y in 0..size {
        let mut x = 0;
        while x < size {
            if !code.get_module(x, y) {
                x += 1;
                continue;
            }
            let start = x;
            while x < size && code.get_module(x, y) {
                x += 1;
            }
            path.push_str(&format!("M{start} {y}h{}v1H{start}z", x - start));
        }
    }
    Some((size, path))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The modules the path paints, read back from its rectangles.
    fn painted(size: i32, path: &str) -> Vec<Vec<bool>> {
        let mut grid = vec![vec![false; size as usize]; size as usize];
        for rect in path.split('M').filter(|r| !r.is_empty()) {
            let (x, rest) = rect.split_once(' ').unwrap();
            let (y, rest) = rest.split_once('h').unwrap();
            let (run, _) = rest.split_once('v').unwrap();
            let (x, y, run): (usize, usize, usize) =
                (x.parse().unwrap(), y.parse().unwrap(), run.parse().unwrap());
            for cell in &mut grid[y][x..x + run] {
                assert!(!*cell, "painted twice");
                *cell = true;
            }
        }
        grid
    }

    #[test]
    fn the_path_paints_exactly_the_codes_dark_modules() {
        let link = "https://hry.example.cz/#/event/k7qz3mfa9tbe?player=\
                    0123456789abcdef0123456789abcdef01234567";
        let (size, path) = qr_path(link).unwrap();
        let code = QrCode::encode_binary(link.as_bytes(), QrCodeEcc::Medium).unwrap();
        assert_eq!(size, code.size());
        assert!((21..=177).contains(&size));
        let grid = painted(size, &path);
        for y in 0..size {
            for x in 0..size {
                assert_eq!(
                    grid[y as usize][x as usize],
                    code.get_module(x, y),
                    "({x}, {y})"
                );
            }
        }
        // Another link, another code.
        assert_ne!(qr_path(&link.replace('0', "1")).unwrap().1, path);
    }

    #[test]
    fn a_text_too_long_for_any_code_has_none() {
        assert!(qr_path(&"x".repeat(5000)).is_none());
        assert!(qr_path("").is_some());
    }
}
