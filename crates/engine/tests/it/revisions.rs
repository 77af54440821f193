//! The kept revisions of the card pack (`crates/engine/src/game/pack/revisions.rs`):
//! every file in `assets/packs/revisions/` is one that `OLDER` lists, under its name.

use crystal_clans_engine::game::pack::revisions::OLDER;

#[test]
fn every_file_in_revisions_is_listed() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/packs/revisions");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut listed: Vec<String> = OLDER.iter().map(|(h, _)| format!("{h}.toml")).collect();
    listed.sort();
    assert_eq!(
        files, listed,
        "every file in revisions/ is listed in OLDER, and only those"
    );
}
