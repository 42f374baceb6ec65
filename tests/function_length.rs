//! No function in `src/` (every crate: engine, core, web app, command
//! line, server, their tests and benchmarks) is longer than 120 lines: a
//! longer one does several jobs and is split by what each part does (issue
//! 13's limit, over all of `src/` since issue 39).
//!
//! Every `fn` (free, in an `impl` or a trait, nested) is measured from its
//! `fn` keyword to its closing brace; doc comments and attributes above it
//! do not count.
#![cfg(not(target_arch = "wasm32"))]

mod source;

use std::path::{Path, PathBuf};
use syn::spanned::Spanned;
use syn::visit::Visit;

/// The longest a function may be, in lines.
const MAX_LINES: usize = 120;

/// A function too long: where it is and how long.
#[derive(Debug)]
struct Long {
    file: PathBuf,
    name: String,
    line: usize,
    lines: usize,
}

/// Collects the functions of one file that are over the limit.
struct Measure<'a> {
    file: &'a Path,
    long: Vec<Long>,
}

impl Measure<'_> {
    fn check(&mut self, name: &syn::Ident, sig: &syn::Signature, block: &syn::Block) {
        let start = sig.fn_token.span().start().line;
        let end = block.brace_token.span.close().end().line;
        let lines = end + 1 - start;
        if lines > MAX_LINES {
            self.long.push(Long {
                file: self.file.to_path_buf(),
                name: name.to_string(),
                line: start,
                lines,
            });
        }
    }
}

impl<'ast> Visit<'ast> for Measure<'_> {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.check(&f.sig.ident, &f.sig, &f.block);
        syn::visit::visit_item_fn(self, f);
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        self.check(&f.sig.ident, &f.sig, &f.block);
        syn::visit::visit_impl_item_fn(self, f);
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(block) = &f.default {
            self.check(&f.sig.ident, &f.sig, block);
        }
        syn::visit::visit_trait_item_fn(self, f);
    }
}

/// The functions over the limit in `file`.
fn long_functions(file: &Path) -> Vec<Long> {
    let syntax = source::parse(file);
    let mut measure = Measure {
        file,
        long: Vec::new(),
    };
    measure.visit_file(&syntax);
    measure.long
}

#[test]
fn no_function_is_over_120_lines() {
    let root = source::root();
    let files = source::rust_files(&root.join("src"));
    assert!(files.len() > 400, "src holds every crate's code");
    let long: Vec<String> = files
        .iter()
        .flat_map(|f| long_functions(f))
        .map(|l| {
            let file = l.file.strip_prefix(root).unwrap_or(&l.file).display();
            format!("{file}:{} `{}` is {} lines", l.line, l.name, l.lines)
        })
        .collect();
    assert!(
        long.is_empty(),
        "functions over {MAX_LINES} lines (split them by what each part does):\n{}",
        long.join("\n")
    );
}

#[test]
fn the_measure_counts_from_fn_to_the_closing_brace() {
    let body = "    let x = 1;\n".repeat(MAX_LINES - 1);
    let dir = std::env::temp_dir().join(format!("function-length-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fits = dir.join("fits.rs");
    // `fn` line + 118 body lines + closing brace = 120 lines.
    let at_limit = format!(
        "/// Doc.\nfn fits() {{\n{}}}\n",
        "    let x = 1;\n".repeat(MAX_LINES - 2)
    );
    std::fs::write(&fits, at_limit).unwrap();
    assert!(long_functions(&fits).is_empty());
    let over = dir.join("over.rs");
    let nested = format!("impl A {{\n    fn over(&self) {{\n{body}    }}\n}}\n");
    std::fs::write(&over, nested).unwrap();
    let found = long_functions(&over);
    assert_eq!(found.len(), 1);
    assert_eq!(
        (found[0].name.as_str(), found[0].line, found[0].lines),
        ("over", 2, 121)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
