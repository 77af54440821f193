//! The names of the pack's things in the reader's language: a German name where the
//! pack has one (`name_de`, from the German edition), else the pack's own name. Names
//! are proper nouns, so a thing without a German name keeps its English one.

use super::Lang;
use crate::game::pack::{CardDef, CrystalDef};

/// A card's name in `lang`.
pub fn card(lang: Lang, def: &CardDef) -> &str {
    match (lang, &def.name_de) {
        (Lang::De, Some(de)) => de,
        _ => &def.name,
    }
}

/// A crystal's name in `lang`.
pub fn crystal(lang: Lang, def: &CrystalDef) -> &str {
    match (lang, &def.name_de) {
        (Lang::De, Some(de)) => de,
        _ => &def.name,
    }
}
