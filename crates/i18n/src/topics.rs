//! What `/clans rules` answers, in the reader's language: the rules in short by topic,
//! and every ability, signature and crystal of the pack by its name, each with its
//! explanation (from `i18n::explain`) and the cards that carry it. A topic is found by
//! its name in any language the bot speaks, so a German player may ask for "Flight"
//! and an English one for "Fliegen".

use crate::cards::mark;
use crate::game::Rules;
use crate::game::pack::{Ability, Provenance};
use crate::messages::rules as t;
use crate::{Lang, explain, names};

/// A picture that explains a topic better than words (drawn by the app from a real
/// position: `app::rules_pictures`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    /// The board's zones (the text says which touch).
    Board,
    /// One unit card, its parts named in the text.
    Card,
    /// The board after an example action: the token moved by its cost.
    Initiative,
    /// A battle of an example match, worked through.
    Battle,
}

/// The rules in short: each topic's name, its one paragraph, its picture.
type Message = fn(Lang) -> String;
const GENERAL: [(Message, Message, Option<Picture>); 6] = [
    (t::topic_goal, t::topic_goal_text, None),
    (t::topic_board, t::topic_board_text, Some(Picture::Board)),
    (t::topic_card, t::topic_card_text, Some(Picture::Card)),
    (t::topic_actions, t::topic_actions_text, None),
    (t::topic_battle, t::topic_battle_text, Some(Picture::Battle)),
    (
        t::topic_initiative,
        t::topic_initiative_text,
        Some(Picture::Initiative),
    ),
];

/// How many close topics an unknown one is answered with.
const SUGGESTIONS: usize = 5;
/// Discord shows at most 25 autocomplete choices.
const CHOICES: usize = 25;

/// One thing `/clans rules` can be asked about.
#[derive(Debug, Clone)]
pub struct Topic {
    /// As a player of the answer's language would write it ("goal", "Flight", "The
    /// Broken Vessel"; "Ziel", "Fliegen").
    pub name: String,
    /// Its names in every language (the `name` among them): what a question may match.
    pub aliases: Vec<String>,
    /// The whole answer, Discord markdown.
    pub text: String,
    pub picture: Option<Picture>,
}

/// Letters and digits only, folded (`names::fold`): "Raise the Dead", "raise-the-dead"
/// and "raisethedead" are one topic, and "Ergebene Anfuhrer" finds "Ergebene Anführer".
fn key(s: &str) -> String {
    names::fold(s)
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect()
}

/// A name in every language.
fn every_language(name: impl Fn(Lang) -> String) -> Vec<String> {
    let mut out: Vec<String> = Lang::ALL.into_iter().map(name).collect();
    out.dedup();
    out
}

/// The overview: the general topics a newcomer reads first (the board's and the card's,
/// long and explained by their pictures, are asked by name: `rules-more` says so).
fn general(rules: &Rules, lang: Lang) -> String {
    GENERAL
        .iter()
        .filter(|(_, _, picture)| !matches!(picture, Some(Picture::Board | Picture::Card)))
        .map(|(name, text, picture)| general_text(rules, lang, *name, *text, *picture))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// A general topic's paragraph; the board's ends with which zones touch, read from the
/// board itself, so it is true of any board a pack brings.
fn general_text(
    rules: &Rules,
    lang: Lang,
    name: Message,
    text: Message,
    picture: Option<Picture>,
) -> String {
    let mut out = format!("**{}**: {}", name(lang), text(lang));
    if picture == Some(Picture::Board) {
        let board = &rules.board;
        for z in 0..board.zones.len() as u8 {
            let touching: Vec<String> = board
                .neighbours(z)
                .map(|n| names::zone(lang, board, n, None))
                .collect();
            out.push_str(&format!(
                "\n• {}: {}",
                names::zone(lang, board, z, None),
                touching.join(", ")
            ));
        }
    }
    out
}

/// Every topic in `lang`: the general ones, then the pack's unit abilities, signatures
/// and crystals in pack order.
pub fn all(rules: &Rules, lang: Lang) -> Vec<Topic> {
    let pack = &rules.pack;
    let mut out: Vec<Topic> = GENERAL
        .iter()
        .map(|&(name, text, picture)| Topic {
            name: name(lang),
            aliases: every_language(name),
            text: general_text(rules, lang, name, text, picture),
            picture,
        })
        .collect();
    // Unit abilities: one topic per ability, listing the cards; an ability that says
    // something different per card (Linked, Rebuild: the card they fetch) gets a line
    // per card.
    let mut abilities: Vec<Ability> = Vec::new();
    for c in &pack.cards {
        if c.ability != Ability::None && !abilities.iter().any(|a| a.name() == c.ability.name()) {
            abilities.push(c.ability);
        }
    }
    for ability in abilities {
        let cards: Vec<_> = pack
            .cards
            .iter()
            .filter(|c| c.ability.name() == ability.name())
            .collect();
        let name = names::ability(lang, ability);
        let where_ = if ability.battlefield() {
            t::rules_unit_ability_top(lang)
        } else {
            t::rules_unit_ability(lang)
        };
        let mut texts: Vec<String> = cards
            .iter()
            .map(|c| explain::ability(lang, c.ability, pack))
            .collect();
        texts.dedup();
        let mut text = format!("**{name}** ({where_})");
        if texts.len() == 1 {
            text.push_str(&format!(": {}", texts[0]));
        } else {
            text.push(':');
            for c in &cards {
                text.push_str(&format!(
                    "\n• {}: {}",
                    names::card(lang, c),
                    explain::ability(lang, c.ability, pack)
                ));
            }
        }
        let on: Vec<String> = cards
            .iter()
            .map(|c| format!("{}{}", names::card(lang, c), mark(c.provenance.ability)))
            .collect();
        text.push('\n');
        text.push_str(&t::rules_on_cards(lang, on.join(", ")));
        out.push(Topic {
            name,
            aliases: every_language(|l| names::ability(l, ability)),
            text,
            picture: None,
        });
    }
    for (ci, clan) in pack.clans.iter().enumerate() {
        let sig = clan.signature;
        let provenance = |k: &str| {
            clan.provenance
                .get(k)
                .copied()
                .unwrap_or(Provenance::Provisional)
        };
        let on: Vec<&str> = pack
            .cards
            .iter()
            .filter(|c| c.clan as usize == ci && c.signature)
            .map(|c| names::card(lang, c))
            .collect();
        let clan_name = names::clan(lang, clan);
        let where_ = if sig.battlefield() {
            t::rules_signature_top(lang, clan_name)
        } else {
            t::rules_signature_discard(lang, clan_name)
        };
        // A provisional Horde limit marks the signature as a whole: its number is in
        // the explanation.
        let marked = match clan.horde_limit {
            Some(_) if provenance("horde_limit") == Provenance::Provisional => {
                Provenance::Provisional
            }
            _ => provenance("signature"),
        };
        let name = names::signature(lang, sig);
        out.push(Topic {
            text: format!(
                "**{name}**{} ({where_}): {}\n{}",
                mark(marked),
                explain::signature(lang, sig, clan.horde_limit),
                t::rules_on_cards(lang, on.join(", "))
            ),
            name,
            aliases: every_language(|l| names::signature(l, sig)),
            picture: None,
        });
    }
    for c in &pack.crystals {
        let provenance = |k: &str| {
            c.provenance
                .get(k)
                .copied()
                .unwrap_or(Provenance::Provisional)
        };
        let name = names::crystal(lang, c).to_string();
        let cost = format!("{}{}", c.cost, mark(provenance("cost")));
        out.push(Topic {
            text: format!(
                "**{name}**{} ({}): {}",
                mark(names::crystal_name_provenance(lang, c)),
                t::rules_crystal(lang, cost),
                explain::crystal(lang, c.effect)
            ),
            name,
            aliases: every_language(|l| names::crystal(l, c).to_string()),
            picture: None,
        });
    }
    out
}

/// The answer to `/clans rules` in `lang`: every general topic without a topic, the
/// topic's text for a known one (asked by its name in any language), and otherwise
/// `Err` with a friendly refusal naming close topics.
pub fn answer(rules: &Rules, lang: Lang, topic: Option<&str>) -> Result<String, String> {
    let Some(asked) = topic else {
        return Ok(format!(
            "{}\n\n{}",
            general(rules, lang),
            t::rules_more(lang)
        ));
    };
    let topics = all(rules, lang);
    let want = key(asked);
    if let Some(t) = topics
        .iter()
        .find(|t| t.aliases.iter().any(|a| key(a) == want))
    {
        return Ok(t.text.clone());
    }
    let close: Vec<String> = closest(&topics, &want, SUGGESTIONS)
        .into_iter()
        .map(|t| format!("`{}`", t.name))
        .collect();
    let shown: String = asked.chars().take(50).collect::<String>().replace('`', "'");
    Err(t::rules_no_topic(lang, shown, close.join(", ")))
}

/// The picture that goes with the answer to `topic` (a known topic that has one).
pub fn picture(rules: &Rules, topic: Option<&str>) -> Option<Picture> {
    let want = key(topic?);
    all(rules, Lang::En)
        .into_iter()
        .find(|t| t.aliases.iter().any(|a| key(a) == want))?
        .picture
}

/// How well a topic matches `want` (a `key`), best first: one of its names starts with
/// it, contains it, or else by the smallest edit distance.
fn rank(t: &Topic, want: &str) -> usize {
    t.aliases
        .iter()
        .map(|a| {
            let k = key(a);
            if k.starts_with(want) {
                0
            } else if k.contains(want) {
                1
            } else {
                2 + strsim::levenshtein(&k, want)
            }
        })
        .min()
        .unwrap_or(usize::MAX)
}

/// The topics most like `want` (a `key`): those it starts, then those containing it,
/// then by edit distance.
fn closest<'a>(topics: &'a [Topic], want: &str, n: usize) -> Vec<&'a Topic> {
    let mut ranked: Vec<(usize, usize, &Topic)> = topics
        .iter()
        .enumerate()
        .map(|(i, t)| (rank(t, want), i, t))
        .collect();
    ranked.sort_by_key(|&(rank, i, _)| (rank, i));
    ranked.into_iter().take(n).map(|(_, _, t)| t).collect()
}

/// Autocomplete for `/clans rules`: the topics one of whose names (in any language)
/// starts with or contains what was typed so far, shown by their name in `lang`, at
/// most 25 (Discord's limit).
pub fn complete(rules: &Rules, lang: Lang, partial: &str) -> Vec<String> {
    let topics = all(rules, lang);
    let want = key(partial);
    let mut hits: Vec<(usize, usize, &Topic)> = topics
        .iter()
        .enumerate()
        .map(|(i, t)| (rank(t, &want), i, t))
        .filter(|&(rank, _, _)| rank <= 1)
        .collect();
    hits.sort_by_key(|&(rank, i, _)| (rank, i));
    hits.into_iter()
        .take(CHOICES)
        .map(|(_, _, t)| t.name.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn autocomplete_offers_flight_for_fl() {
        let rules = Rules::base();
        let got = complete(&rules, Lang::En, "fl");
        assert!(got.iter().any(|n| n == "Flight"), "{got:?}");
        let all_en = all(&rules, Lang::En);
        for n in &got {
            let t = all_en.iter().find(|t| &t.name == n).expect("a topic");
            assert!(t.aliases.iter().any(|a| key(a).contains("fl")), "{n}");
        }
        assert_eq!(
            complete(&rules, Lang::En, "").len(),
            CHOICES.min(all_en.len())
        );
        assert_eq!(complete(&rules, Lang::En, "")[0], "goal");
    }

    #[test]
    fn autocomplete_matches_both_languages_and_shows_the_readers() {
        let rules = Rules::base();
        // German names offered for German and English typing alike, and the reverse.
        assert!(complete(&rules, Lang::De, "flieg").contains(&"Fliegen".to_string()));
        assert!(complete(&rules, Lang::De, "flight").contains(&"Fliegen".to_string()));
        assert!(complete(&rules, Lang::En, "flieg").contains(&"Flight".to_string()));
        assert_eq!(complete(&rules, Lang::De, "")[0], "Ziel");
        assert!(complete(&rules, Lang::De, "anfuhrer").contains(&"Ergebene Anführer".to_string()));
        let de = complete(&rules, Lang::De, "schild");
        assert_eq!(de, ["Mygards Schild"]);
        assert_eq!(complete(&rules, Lang::En, "schild"), ["Mygard's Shield"]);
    }

    #[test]
    fn every_ability_and_signature_of_the_pack_is_a_topic_by_its_name() {
        let rules = Rules::base();
        let pack = &rules.pack;
        for lang in Lang::ALL {
            for c in &pack.cards {
                if c.ability != Ability::None {
                    let name = names::ability(lang, c.ability);
                    let text = answer(&rules, lang, Some(&name.to_lowercase())).expect(&name);
                    assert!(
                        text.contains(&explain::ability(lang, c.ability, pack)),
                        "{text}"
                    );
                    let card = names::card(lang, c);
                    assert!(text.contains(card), "{name} names {card}: {text}");
                }
            }
            for clan in &pack.clans {
                let name = names::signature(lang, clan.signature);
                let text = answer(&rules, lang, Some(&name)).expect("a signature");
                let said = explain::signature(lang, clan.signature, clan.horde_limit);
                assert!(text.contains(&said), "{text}");
            }
            for c in &pack.crystals {
                let text = answer(&rules, lang, Some(names::crystal(lang, c))).expect("a crystal");
                assert!(text.contains(&explain::crystal(lang, c.effect)), "{text}");
            }
            // Each answer fits one Discord message.
            for t in all(&rules, lang) {
                assert!(t.text.chars().count() <= 2000, "{}", t.name);
            }
            assert!(answer(&rules, lang, None).unwrap().chars().count() <= 2000);
        }
        // Written any way a player might.
        let raise = answer(&rules, Lang::En, Some("raise the dead")).unwrap();
        assert_eq!(
            answer(&rules, Lang::En, Some("Raise-The-Dead")).unwrap(),
            raise
        );
        // The general topics keep their text.
        assert!(
            answer(&rules, Lang::En, Some("goal"))
                .unwrap()
                .starts_with("**goal**: Collect 4 crystals")
        );
    }

    #[test]
    fn german_rules_topics_answer_in_german_by_either_name() {
        let rules = Rules::base();
        let basics = answer(&rules, Lang::De, None).unwrap();
        assert!(
            basics.starts_with("**Ziel**: Erbeute 4 Kristalle"),
            "{basics}"
        );
        for (name, text, picture) in GENERAL {
            // The overview holds every general topic but those asked by name.
            let by_name = matches!(picture, Some(Picture::Board | Picture::Card));
            assert_eq!(basics.contains(&text(Lang::De)), !by_name);
            assert_ne!(text(Lang::De), text(Lang::En));
            // A German topic asked by its English name is answered in German.
            assert_eq!(
                answer(&rules, Lang::De, Some(&name(Lang::En))),
                answer(&rules, Lang::De, Some(&name(Lang::De)))
            );
        }
        let flight = answer(&rules, Lang::De, Some("Flight")).unwrap();
        assert!(flight.starts_with("**Fliegen**"), "{flight}");
        assert!(flight.contains("Königin Hummel"), "{flight}");
        assert_eq!(answer(&rules, Lang::De, Some("fliegen")).unwrap(), flight);
        let horde = answer(&rules, Lang::De, Some("horde")).unwrap();
        assert!(horde.contains("Klanfähigkeit des Blutklans"), "{horde}");
    }

    #[test]
    fn an_unknown_topic_gets_close_ones() {
        let rules = Rules::base();
        let no = answer(&rules, Lang::En, Some("flihgt")).unwrap_err();
        assert!(no.contains("no rules topic `flihgt`"), "{no}");
        assert!(no.contains("`Flight`"), "{no}");
        let no = answer(&rules, Lang::En, Some("`@everyone`")).unwrap_err();
        assert!(!no.contains("`@everyone`"), "{no}");
        // In German, with the German names.
        let no = answer(&rules, Lang::De, Some("fleigen")).unwrap_err();
        assert!(no.contains("kein Regelthema"), "{no}");
        assert!(no.contains("`Fliegen`"), "{no}");
    }
}
