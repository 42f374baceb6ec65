//! `sqlx::migrate!` reads `migrations/` while compiling: a file added there
//! must rebuild the server, not wait for an unrelated change.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
