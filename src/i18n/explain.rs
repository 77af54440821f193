//! What each ability, signature, crystal effect and battle effect does, in the reader's
//! language: the one entry point every caller (images, `/clans card`, `/clans rules`)
//! uses, so the wording lives in one place per language.

use super::Lang;
use crate::game::pack::{Ability, CrystalEffect, Effect, Pack, Signature};

/// A battle-effect atom.
pub fn effect(_lang: Lang, e: Effect, pack: &Pack) -> String {
    e.describe(pack)
}

/// A unit's ability.
pub fn ability(_lang: Lang, a: Ability, pack: &Pack) -> String {
    a.describe(pack)
}

/// A clan's signature; `horde_limit` is the clan's Horde squad limit.
pub fn signature(_lang: Lang, s: Signature, horde_limit: Option<u8>) -> String {
    s.describe(horde_limit)
}

/// A crystal's effect for the player who holds it.
pub fn crystal(_lang: Lang, c: CrystalEffect) -> String {
    c.describe()
}
