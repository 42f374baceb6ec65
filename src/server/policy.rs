//! The static files' caching policy, kept apart from the network code so
//! that it is tested without a socket.

/// A year: what a file whose name carries its content hash may be cached for.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Everything else (the page, the service worker, the unhashed worker
/// files, the manifest and icons) is revalidated on each load, so that a
/// new build is seen at once.
const REVALIDATE: &str = "no-cache";

/// The extensions `make build` writes compressed copies of: their responses
/// depend on `Accept-Encoding`.
const COMPRESSED: [&str; 6] = ["wasm", "js", "css", "html", "svg", "webmanifest"];

/// The caching headers for a successful response to `path`.
pub fn headers_for(path: &str) -> Vec<(&'static str, &'static str)> {
    let name = path.rsplit('/').next().unwrap_or_default();
    let name = if name.is_empty() { "index.html" } else { name };
    let mut headers = vec![(
        "cache-control",
        if has_content_hash(name) {
            IMMUTABLE
        } else {
            REVALIDATE
        },
    )];
    let extension = name.rsplit_once('.').map_or("", |(_, e)| e);
    if COMPRESSED.contains(&extension) {
        headers.push(("vary", "accept-encoding"));
    }
    headers
}

/// Whether a file name carries Trunk's content hash: a dash, then the hash
/// in hex, then `.` or `_` (`app-0123456789abcdef_bg.wasm`,
/// `main-fedcba9876543210.css`). Trunk prints the 64-bit hash without
/// leading zeros, so it may be shorter than 16 digits; fewer than 12 (one
/// build in 65 536) are not taken for a hash, and that file is merely
/// revalidated, never cached wrongly.
pub fn has_content_hash(name: &str) -> bool {
    name.match_indices('-').any(|(at, _)| {
        let rest = &name.as_bytes()[at + 1..];
        let digits = rest.iter().take_while(|b| b.is_ascii_hexdigit()).count();
        (MIN_HASH_DIGITS..=16).contains(&digits) && matches!(rest.get(digits), Some(b'.' | b'_'))
    })
}

/// The fewest hex digits taken for a content hash.
const MIN_HASH_DIGITS: usize = 12;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_files_are_immutable_and_the_rest_revalidated() {
        for hashed in [
            "/app-0123456789abcdef_bg.wasm",
            "/app-0123456789abcdef.js",
            "/main-fedcba9876543210.css",
            "/app-2163d18708b5110_bg.wasm",
        ] {
            assert_eq!(headers_for(hashed)[0].1, IMMUTABLE, "{hashed}");
        }
        for plain in [
            "/",
            "/index.html",
            "/sw.js",
            "/worker.js",
            "/worker_bg.wasm",
            "/manifest.webmanifest",
            "/icons/icon-192.png",
            "/app-0123456789abcdeg.js",
            "/app-123.js",
            "/icons/icon-192.png",
            "/app-0123456789abcdef0.js",
        ] {
            assert_eq!(headers_for(plain)[0].1, REVALIDATE, "{plain}");
        }
    }

    #[test]
    fn compressible_files_vary_on_accept_encoding() {
        assert!(headers_for("/").contains(&("vary", "accept-encoding")));
        assert!(headers_for("/worker_bg.wasm").contains(&("vary", "accept-encoding")));
        assert!(!headers_for("/icons/icon-512.png").contains(&("vary", "accept-encoding")));
    }

    proptest::proptest! {
        /// Any request path: an answer, never a panic.
        #[test]
        fn arbitrary_paths(path in ".*") {
            let headers = headers_for(&path);
            proptest::prop_assert!(matches!(headers[0].1, IMMUTABLE | REVALIDATE));
        }
    }
}
