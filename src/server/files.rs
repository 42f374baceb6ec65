//! The static files stay inside `dist/`: before tower-http's `ServeDir`
//! opens anything, the request's path is checked ([`Root::allows`]): a
//! segment of 256 bytes or more (no file system has such a name), a NUL
//! or a `..` is answered 404, and so is a path whose file (or its `.br`
//! or `.gz` copy, or a folder's `index.html`) resolves, through a
//! symbolic link, to a place outside the folder.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The longest name of one path segment (bytes, once decoded).
const MAX_SEGMENT_BYTES: usize = 255;

/// The folder served, resolved.
#[derive(Debug, Clone)]
pub struct Root {
    dir: PathBuf,
}

impl Root {
    /// The folder `dir` (resolved now: it must exist).
    pub fn new(dir: &Path) -> std::io::Result<Root> {
        Ok(Root {
            dir: dir.canonicalize()?,
        })
    }

    /// Whether the request path `path` may be served.
    pub fn allows(&self, path: &str) -> bool {
        let Some(decoded) = percent_decoded(path) else {
            return false;
        };
        let mut file = self.dir.clone();
        for segment in decoded.split(|b| *b == b'/') {
            let bad = segment.len() > MAX_SEGMENT_BYTES || segment.contains(&0) || segment == b"..";
            if bad {
                return false;
            }
            if !segment.is_empty() && segment != b"." {
                file.push(OsStr::from_bytes(segment));
            }
        }
        let index = file.join("index.html");
        let candidates = [
            file.clone(),
            with_suffix(&file, ".br"),
            with_suffix(&file, ".gz"),
            with_suffix(&index, ".br"),
            with_suffix(&index, ".gz"),
            index,
        ];
        candidates.iter().all(|candidate| self.inside(candidate))
    }

    /// Whether `path`, if it exists, resolves to a place inside the folder.
    fn inside(&self, path: &Path) -> bool {
        match path.canonicalize() {
            Ok(real) => real.starts_with(&self.dir),
            // Missing (ServeDir answers 404), or a link to nowhere.
            Err(_) => std::fs::symlink_metadata(path).is_err(),
        }
    }
}

/// `path` with `suffix` added to its last name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// `%XX` decoded (`None` if an escape is broken).
fn percent_decoded(path: &str) -> Option<Vec<u8>> {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%' {
            let hex = std::str::from_utf8(bytes.get(at + 1..at + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            at += 3;
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    Some(out)
}

/// Middleware before the static files: a path [`Root::allows`] refuses is
/// answered 404.
pub async fn guard(State(root): State<Arc<Root>>, request: Request, next: Next) -> Response {
    if root.allows(request.uri().path()) {
        next.run(request).await
    } else {
        StatusCode::NOT_FOUND.into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_out_of_the_folder_are_refused() {
        let base = std::env::temp_dir().join(format!("mind-sports-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let dist = base.join("dist");
        std::fs::create_dir_all(dist.join("icons")).unwrap();
        std::fs::write(dist.join("index.html"), "page").unwrap();
        std::fs::write(dist.join("app.js"), "app").unwrap();
        std::fs::write(base.join("secret.txt"), "secret").unwrap();
        std::os::unix::fs::symlink(base.join("secret.txt"), dist.join("out.txt")).unwrap();
        std::os::unix::fs::symlink(&base, dist.join("up")).unwrap();
        std::os::unix::fs::symlink(base.join("secret.txt"), dist.join("app.js.br")).unwrap();
        std::os::unix::fs::symlink(dist.join("index.html"), dist.join("in.html")).unwrap();
        let root = Root::new(&dist).unwrap();
        // A way out and back in serves a file of the folder: allowed.
        for good in [
            "/",
            "/index.html",
            "/icons/",
            "/in.html",
            "/missing.js",
            "/a%20b",
            "/./index.html",
            "/up/dist/index.html",
        ] {
            assert!(root.allows(good), "{good}");
        }
        let long = format!("/{}", "a".repeat(256));
        let long_escaped = format!("/{}", "%41".repeat(256));
        for bad in [
            "/out.txt",
            "/up/secret.txt",
            "/app.js",
            "/../secret.txt",
            "/%2e%2e/secret.txt",
            "/a%00b",
            "/bad%zz",
            long.as_str(),
            long_escaped.as_str(),
        ] {
            assert!(!root.allows(bad), "{bad}");
        }
        assert!(root.allows(&format!("/{}", "a".repeat(255))));
        let _ = std::fs::remove_dir_all(&base);
    }

    proptest::proptest! {
        /// Any path: an answer, never a panic.
        #[test]
        fn arbitrary_paths(path in ".{0,600}") {
            let root = Root { dir: std::env::temp_dir() };
            let _ = root.allows(&path);
        }
    }
}
