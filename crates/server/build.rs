// Rebuild when a migration is added or changed: `sqlx::migrate!` embeds the folders at compile
// time, and cargo would not otherwise notice a new file.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
