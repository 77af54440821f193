//! What `/clans rules` answers: the rules in short by topic, and every ability,
//! signature and crystal of the pack by its name, each with its explanation (from
//! `game::explain`) and the cards that carry it.

use crate::cards::mark;
use crate::game::Rules;
use crate::game::pack::{Ability, Provenance};

/// The rules in short. Each topic is one paragraph.
const GENERAL: &[(&str, &str)] = &[
    (
        "goal",
        "Collect 4 crystals, or leave your opponent unable to stop you. Each turn you spend \
         initiative: the token on the track moves towards your opponent as you pay, and you \
         keep acting while it stays on your side or the middle.",
    ),
    (
        "actions",
        "An action is one of: summon up to 3 units into your home zone, activate a squad \
         (reorder, move, maybe battle), take a face-up crystal while you control two crystal \
         zones, replenish (pay 3, discard, draw up to 5), or invade the enemy home.",
    ),
    (
        "battle",
        "When your activated squad shares a zone with an enemy squad you may battle. Both \
         players secretly pick a battle card from hand; the cards are revealed together, \
         their styles decide whose left effect triggers (bold beats guarded beats tricky \
         beats bold), then the squads deal damage.",
    ),
    (
        "initiative",
        "Everything costs initiative. Paying moves the token towards the opponent; once it \
         is on her side of the track, she acts next.",
    ),
];

/// How many close topics an unknown one is answered with.
const SUGGESTIONS: usize = 5;
/// Discord shows at most 25 autocomplete choices.
const CHOICES: usize = 25;

/// One thing `/clans rules` can be asked about.
#[derive(Debug, Clone)]
pub struct Topic {
    /// As a player would write it ("goal", "Flight", "The Broken Vessel").
    pub name: String,
    /// The whole answer, Discord markdown.
    pub text: String,
}

/// Letters and digits only, lowercased: "Raise the Dead", "raise-the-dead" and
/// "raisethedead" are one topic.
fn key(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Every topic: the general ones, then the pack's unit abilities, signatures and
/// crystals in pack order.
pub fn all(rules: &Rules) -> Vec<Topic> {
    let pack = &rules.pack;
    let mut out: Vec<Topic> = GENERAL
        .iter()
        .map(|(k, v)| Topic {
            name: k.to_string(),
            text: format!("**{k}**: {v}"),
        })
        .collect();
    // Unit abilities: one topic per name, listing the cards; an ability that says
    // something different per card (Linked, Rebuild: the card they fetch) gets a line
    // per card.
    let mut names: Vec<&'static str> = Vec::new();
    for c in &pack.cards {
        if c.ability != Ability::None && !names.contains(&c.ability.name()) {
            names.push(c.ability.name());
        }
    }
    for name in names {
        let cards: Vec<_> = pack
            .cards
            .iter()
            .filter(|c| c.ability.name() == name)
            .collect();
        let ability = cards[0].ability;
        let where_ = if ability.battlefield() {
            "unit ability, works only on a squad's top unit"
        } else {
            "unit ability"
        };
        let mut texts: Vec<String> = cards.iter().map(|c| c.ability.describe(pack)).collect();
        texts.dedup();
        let mut text = format!("**{name}** ({where_})");
        if texts.len() == 1 {
            text.push_str(&format!(": {}", texts[0]));
        } else {
            text.push(':');
            for c in &cards {
                text.push_str(&format!("\n• {}: {}", c.name, c.ability.describe(pack)));
            }
        }
        let on: Vec<String> = cards
            .iter()
            .map(|c| format!("{}{}", c.name, mark(c.provenance.ability)))
            .collect();
        text.push_str(&format!("\nOn: {}.", on.join(", ")));
        out.push(Topic {
            name: name.to_string(),
            text,
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
            .map(|c| c.name.as_str())
            .collect();
        let where_ = if sig.battlefield() {
            "works only on a squad's top unit"
        } else {
            "works from the discard pile"
        };
        // A provisional Horde limit marks the signature as a whole: its number is in
        // the explanation.
        let marked = match clan.horde_limit {
            Some(_) if provenance("horde_limit") == Provenance::Provisional => {
                Provenance::Provisional
            }
            _ => provenance("signature"),
        };
        out.push(Topic {
            name: sig.name().to_string(),
            text: format!(
                "**{}**{} (the {} signature, {where_}): {}\nOn: {}.",
                sig.name(),
                mark(marked),
                clan.name,
                sig.describe(clan.horde_limit),
                on.join(", ")
            ),
        });
    }
    for c in &pack.crystals {
        let provenance = |k: &str| {
            c.provenance
                .get(k)
                .copied()
                .unwrap_or(Provenance::Provisional)
        };
        out.push(Topic {
            name: c.name.clone(),
            text: format!(
                "**{}**{} (crystal, cost {}{}): {}",
                c.name,
                mark(provenance("name")),
                c.cost,
                mark(provenance("cost")),
                c.effect.describe()
            ),
        });
    }
    out
}

/// The answer to `/clans rules`: every general topic without a topic, the topic's text
/// for a known one, and otherwise `Err` with a friendly refusal naming close topics.
pub fn answer(rules: &Rules, topic: Option<&str>) -> Result<String, String> {
    let Some(asked) = topic else {
        let mut text = GENERAL
            .iter()
            .map(|(k, v)| format!("**{k}**: {v}"))
            .collect::<Vec<_>>()
            .join("\n\n");
        text.push_str(
            "\n\nAny ability, signature or crystal by its name too: `/clans rules Flight`.",
        );
        return Ok(text);
    };
    let topics = all(rules);
    let want = key(asked);
    if let Some(t) = topics.iter().find(|t| key(&t.name) == want) {
        return Ok(t.text.clone());
    }
    let close: Vec<String> = closest(&topics, &want, SUGGESTIONS)
        .into_iter()
        .map(|t| format!("`{}`", t.name))
        .collect();
    let shown: String = asked.chars().take(50).collect::<String>().replace('`', "'");
    Err(format!(
        "There is no rules topic `{shown}`. Close ones: {}. `/clans rules` alone gives the basics.",
        close.join(", ")
    ))
}

/// The topics most like `want` (a `key`): those it starts, then those containing it,
/// then by edit distance.
fn closest<'a>(topics: &'a [Topic], want: &str, n: usize) -> Vec<&'a Topic> {
    let mut ranked: Vec<(usize, usize, &Topic)> = topics
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let k = key(&t.name);
            let rank = if k.starts_with(want) {
                0
            } else if k.contains(want) {
                1
            } else {
                2 + strsim::levenshtein(&k, want)
            };
            (rank, i, t)
        })
        .collect();
    ranked.sort_by_key(|&(rank, i, _)| (rank, i));
    ranked.into_iter().take(n).map(|(_, _, t)| t).collect()
}

/// Autocomplete for `/clans rules`: the topics whose names start with or contain what
/// was typed so far, at most 25 (Discord's limit).
pub fn complete(rules: &Rules, partial: &str) -> Vec<String> {
    let topics = all(rules);
    let want = key(partial);
    let mut hits: Vec<(bool, usize, &Topic)> = topics
        .iter()
        .enumerate()
        .filter_map(|(i, t)| {
            let k = key(&t.name);
            if k.starts_with(&want) {
                Some((false, i, t))
            } else if k.contains(&want) {
                Some((true, i, t))
            } else {
                None
            }
        })
        .collect();
    hits.sort_by_key(|&(inner, i, _)| (inner, i));
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
        let got = complete(&rules, "fl");
        assert!(got.iter().any(|n| n == "Flight"), "{got:?}");
        assert!(got.iter().all(|n| key(n).contains("fl")), "{got:?}");
        assert_eq!(complete(&rules, "").len(), CHOICES.min(all(&rules).len()));
        assert_eq!(complete(&rules, "")[0], "goal");
    }

    #[test]
    fn every_ability_and_signature_of_the_pack_is_a_topic_by_its_name() {
        let rules = Rules::base();
        for c in &rules.pack.cards {
            if c.ability != Ability::None {
                let name = c.ability.name();
                let text = answer(&rules, Some(&name.to_lowercase())).expect(name);
                assert!(text.contains(&c.ability.describe(&rules.pack)), "{text}");
                assert!(text.contains(&c.name), "{name} names {}: {text}", c.name);
            }
        }
        for clan in &rules.pack.clans {
            let text = answer(&rules, Some(clan.signature.name())).expect("a signature");
            assert!(text.contains(&clan.signature.describe(clan.horde_limit)));
        }
        for c in &rules.pack.crystals {
            let text = answer(&rules, Some(&c.name)).expect("a crystal");
            assert!(text.contains(&c.effect.describe()), "{text}");
        }
        // Written any way a player might.
        let raise = answer(&rules, Some("raise the dead")).unwrap();
        assert_eq!(answer(&rules, Some("Raise-The-Dead")).unwrap(), raise);
        // Each answer fits one Discord message.
        for t in all(&rules) {
            assert!(t.text.chars().count() <= 2000, "{}", t.name);
        }
        assert!(answer(&rules, None).unwrap().chars().count() <= 2000);
        // The general topics keep their text.
        assert!(
            answer(&rules, Some("goal"))
                .unwrap()
                .starts_with("**goal**: Collect 4 crystals")
        );
    }

    #[test]
    fn an_unknown_topic_gets_close_ones() {
        let rules = Rules::base();
        let no = answer(&rules, Some("flihgt")).unwrap_err();
        assert!(no.contains("no rules topic `flihgt`"), "{no}");
        assert!(no.contains("`Flight`"), "{no}");
        let no = answer(&rules, Some("`@everyone`")).unwrap_err();
        assert!(!no.contains("`@everyone`"), "{no}");
    }
}
