// The store embeds the top-level `migrations/` with `sqlx::migrate!`; rebuild when a migration is added
// or changed (cargo does not see files read by a macro).
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
