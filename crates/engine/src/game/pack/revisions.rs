//! Every released revision of the base pack, by its hash. A match is played to its end
//! under the revision it started with (`MatchInfo::pack_hash`), as it is under its
//! rules version: a balance change must not turn a match in progress into another
//! game, nor make a finished one replay differently. New matches start on the newest
//! revision, `base.toml`; the older ones are kept, byte for byte, in
//! `assets/packs/revisions/`, each file named by its hash.
//!
//! Releasing a change to `base.toml`: copy the file as it was (`git show`) into
//! `revisions/` under its hash, add it to [`OLDER`], and set [`NEWEST`] to the new
//! hash; the test `every_released_revision_is_kept_and_parses` fails until all three
//! are done. Two revisions of the first day are not kept: the very first no longer
//! parses, and the second's file named a path of the machine it was written on.

use super::load::fnv1a;
use super::{BASE_PACK_FILE, BASE_PACK_TOML, Pack};

/// The hash of `base.toml` as released: a change to the file must keep the revision
/// it replaces (see above).
pub const NEWEST: &str = "65b915306f7aeb93";

/// The older revisions, newest first: (hash, the file's text).
pub const OLDER: &[(&str, &str)] = &[
    // 2026-11-27, pack version 5.
    (
        "d95613dad41bad40",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/packs/revisions/d95613dad41bad40.toml"
        )),
    ),
    // 2026-11-27, pack version 4.
    (
        "45136f58e92ecce8",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/packs/revisions/45136f58e92ecce8.toml"
        )),
    ),
    // 2026-11-24, pack version 3.
    (
        "534b2f0a8cb1d1c1",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/packs/revisions/534b2f0a8cb1d1c1.toml"
        )),
    ),
    // 2026-11-22, pack version 3.
    (
        "9c0a4f9fb72bfa26",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/packs/revisions/9c0a4f9fb72bfa26.toml"
        )),
    ),
    // 2026-11-22, pack version 3.
    (
        "97d5b4cd570ab07b",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/packs/revisions/97d5b4cd570ab07b.toml"
        )),
    ),
    // 2026-11-22, pack version 2.
    (
        "6b6d20ae517bc5ee",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/packs/revisions/6b6d20ae517bc5ee.toml"
        )),
    ),
    // 2026-11-22, pack version 1.
    (
        "b6357a800e18f067",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/packs/revisions/b6357a800e18f067.toml"
        )),
    ),
    // 2026-11-22, pack version 1.
    (
        "9e7a147e2e708a8d",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/packs/revisions/9e7a147e2e708a8d.toml"
        )),
    ),
    // 2026-11-22, pack version 1.
    (
        "052a44106c6ebe2e",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/packs/revisions/052a44106c6ebe2e.toml"
        )),
    ),
    // 2026-11-22, pack version 1.
    (
        "facdab395a1ff520",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/packs/revisions/facdab395a1ff520.toml"
        )),
    ),
    // 2026-11-22, pack version 1.
    (
        "7bf9dd8762674342",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/packs/revisions/7bf9dd8762674342.toml"
        )),
    ),
];

/// The hash of the newest revision (`base.toml`).
pub fn newest_hash() -> String {
    fnv1a(BASE_PACK_TOML)
}

impl Pack {
    /// The released revision of the base pack whose hash is `hash`, the newest
    /// included. `None`: no revision this build knows.
    pub fn revision(hash: &str) -> Option<Pack> {
        let (file, text) = if hash == newest_hash() {
            (BASE_PACK_FILE.to_string(), BASE_PACK_TOML)
        } else {
            let (_, text) = OLDER.iter().find(|(h, _)| *h == hash)?;
            (
                format!("crates/engine/assets/packs/revisions/{hash}.toml"),
                *text,
            )
        };
        Some(Pack::parse(&file, text).expect("every kept revision is validated by the test suite"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_released_revision_is_kept_and_parses() {
        for (hash, text) in OLDER {
            assert_eq!(fnv1a(text), *hash, "a revision's file is named by its hash");
            let pack = Pack::revision(hash).expect("a kept revision");
            assert_eq!(pack.hash, *hash);
        }
        assert_eq!(
            newest_hash(),
            NEWEST,
            "base.toml changed: keep revision {NEWEST} (git show it into \
             revisions/{NEWEST}.toml, add it to OLDER) and set NEWEST to the new hash"
        );
        assert_eq!(
            Pack::revision(&newest_hash()).unwrap().hash,
            Pack::base().hash
        );
        assert!(Pack::revision("0000000000000000").is_none());
    }
}
