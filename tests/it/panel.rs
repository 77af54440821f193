//! The private panel's walk (src/app/clans/panel.rs): from the first step, every legal input
//! of the position is reachable by clicks and selects, every screen keeps Discord's
//! limits, actions are confirmed with their cost, and hands of more than 25 cards work,
//! in English and in German (whose labels are longer).

use crystal_clans::app::clans::panel::{self, Nav, Panel};
use crystal_clans::app::ids::{CustomId, Verb};
use crystal_clans::app::msg::Row;
use crystal_clans::game::rng::below;
use crystal_clans::game::{Question, Rules, Setup, State};
use crystal_clans::i18n::{Lang, messages::panel as p};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::collections::BTreeSet;

pub const MATCH: i64 = 12_345;
pub const VERSION: i64 = 678;

/// The panel of `seat` in `lang`, as the app draws it.
/// The players as the walker's panels name them: one of the longest display names the
/// bot keeps (32 characters), shortened as the bot shortens it in a panel, so a home
/// named by its owner must still fit every label.
pub fn players() -> panel::Players<'static> {
    static NAMES: std::sync::LazyLock<[String; 2]> = std::sync::LazyLock::new(|| {
        panel::panel_names(&["Ana".into(), "Maximilian von Sternenberg-Kraus".into()])
    });
    Some([NAMES[0].as_str(), NAMES[1].as_str()])
}

pub fn screen(
    lang: Lang,
    rules: &Rules,
    state: &State,
    seat: u8,
    choices: &[panel::Choice],
    nav: Nav,
) -> panel::Screen {
    let panel = Panel {
        lang,
        players: players(),
        rules,
        state,
        seat,
        match_id: MATCH,
        version: VERSION,
        choices,
        // As against the AI: every screen must keep its limits with the Hint button.
        hints: true,
    };
    panel::step(&panel, nav)
}

/// Every limit of a screen, that no label or option is cut (the ellipsis `clip` puts
/// where it cuts) and that no two read the same.
pub fn check(screen: &panel::Screen, at: &str) {
    assert!(!screen.rows.is_empty(), "{at} is a dead end");
    assert!(screen.rows.len() <= 5, "{at}: {} rows", screen.rows.len());
    assert!(
        screen.prompt.chars().count() <= 1500,
        "{at}: {}",
        screen.prompt
    );
    let cut = |s: &str| s.ends_with('…');
    let mut texts = BTreeSet::new();
    for row in &screen.rows {
        match row {
            Row::Buttons(bs) => {
                assert!((1..=5).contains(&bs.len()));
                for b in bs {
                    assert!(b.label.chars().count() <= 80, "{at}: {}", b.label);
                    assert!(!cut(&b.label), "{at}: cut `{}`", b.label);
                    assert!(b.id.len() <= 100, "{}", b.id);
                    assert!(texts.insert(b.label.clone()), "{at}: two `{}`", b.label);
                }
            }
            Row::Select(s) => {
                assert!((1..=25).contains(&s.options.len()), "{at}");
                assert!(s.id.len() <= 100, "{}", s.id);
                assert!(s.placeholder.chars().count() <= 150, "{}", s.placeholder);
                assert!(s.min_values >= 1 && s.min_values <= s.max_values);
                assert!(s.max_values as usize <= s.options.len(), "{at}");
                for o in &s.options {
                    assert!(o.label.chars().count() <= 100, "{at}: {}", o.label);
                    assert!(o.description.chars().count() <= 100, "{}", o.description);
                    assert!(!cut(&o.label) && !cut(&o.description), "{at}: cut {o:?}");
                    assert!(o.value.len() <= 100);
                    assert!(texts.insert(o.label.clone()), "{at}: two `{}`", o.label);
                }
            }
        }
    }
}

/// A count said in the singular's place ("1 crystals", "1 Karten"): every count must
/// take its language's plural.
fn singular_with_plural(text: &str) -> Option<String> {
    let plurals = [
        "crystals",
        "cards",
        "units",
        "turns",
        "points",
        "days",
        "hours",
        "battles",
        "Kristalle",
        "Karten",
        "Einheiten",
        "Züge",
        "Punkte",
        "Tage",
        "Stunden",
        "Kämpfe",
    ];
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || "()[],.:;·".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    words
        .windows(2)
        .find(|w| w[0] == "1" && plurals.contains(&w[1]))
        .map(|w| w.join(" "))
}

/// What a newcomer needs on a screen: a heading that asks what the screen asks, each
/// option with its facts (a hand card's cost and numbers, a battle card's effects), no
/// description repeating its label, and counts in their plural.
fn check_words(
    screen: &panel::Screen,
    lang: Lang,
    state: &State,
    choices: &[panel::Choice],
    nav: Nav,
) {
    let at = format!("{lang:?} {nav:?}");
    let mut texts = vec![screen.prompt.clone()];
    let question = state.pending().question;
    for row in &screen.rows {
        match row {
            Row::Buttons(bs) => texts.extend(bs.iter().map(|b| b.label.clone())),
            Row::Select(sel) => {
                texts.push(sel.placeholder.clone());
                for o in &sel.options {
                    assert_ne!(
                        o.label, o.description,
                        "{at}: a description repeats its label"
                    );
                    // Interchangeable copies are counted, not numbered
                    // (regression: "Risen Thralls (your discard pile, #2)").
                    assert!(!o.label.contains('#'), "{at}: a copy numbered: {}", o.label);
                    texts.push(format!("{} {}", o.label, o.description));
                }
                // The summon's menu: each unit with what it costs and does.
                if sel.placeholder == p::select_summon(lang, sel.max_values as u32) {
                    let costs = p::fact_unit(lang, 0, 0, 0);
                    let costs = costs.split(' ').next().unwrap();
                    for o in &sel.options {
                        assert!(
                            o.description.starts_with(costs),
                            "{at}: a unit without its cost: {o:?}"
                        );
                    }
                }
            }
        }
    }
    let all = texts.join("\n");
    if let Some(bad) = singular_with_plural(&all) {
        panic!("{at}: `{bad}` in {all}");
    }
    // A sentence's full stop before a list's semicolon (regression: a crystal's
    // effect joined to its cost, "gain 3 initiative.; costs 7 initiative").
    assert!(!all.contains(".;"), "{at}: `.;` in {all}");
    // A battle card's choice says both its effects, on its button or above.
    if question == Question::BattleCard {
        let side = p::fact_battle_card(lang, "", "", "");
        let left = side
            .trim_start_matches(':')
            .split_whitespace()
            .next()
            .unwrap();
        let cards = choices.len();
        assert!(
            all.matches(left).count() >= cards,
            "{at}: {cards} battle cards, not each with its effects: {all}"
        );
    }
    // The first screen of an action that offers several kinds asks what the player does.
    let kinds = panel::categories(choices).len();
    if nav == Nav::Overview && question == Question::Action && kinds > 1 {
        let first_line = screen.prompt.lines().find(|l| !l.is_empty()).unwrap_or("");
        assert!(
            screen.prompt.contains(&p::prompt_what(lang)),
            "{at}: headed `{first_line}` while it offers {kinds} kinds of action"
        );
    }
}

/// The values a walk submits to a card multi-select: each card alone, and the cards of
/// every legal choice of its category (on a page, those of the choices that agree with
/// the cards already chosen on the other pages).
fn submissions(
    choices: &[panel::Choice],
    arg: &str,
    nav_base: Option<(u64, usize)>,
) -> Vec<Vec<usize>> {
    let cat: usize = arg[1..].split('.').next().unwrap().parse().unwrap();
    let name = panel::categories(choices)[cat];
    let mut out = vec![];
    for c in choices.iter().filter(|c| c.category == name) {
        if !matches!(c.part, panel::Part::Set { .. }) {
            continue;
        }
        let picks = panel::picks(choices, c.index);
        match nav_base {
            None => out.push(picks),
            Some((base, page)) => {
                let on = |i: &usize| *i / 25 == page;
                let others: u64 = picks.iter().filter(|i| !on(i)).fold(0, |s, i| s | 1 << i);
                let mask: u64 = ((1u64 << 25) - 1) << (25 * page);
                if others == base & !mask {
                    out.push(picks.into_iter().filter(on).collect());
                }
            }
        }
    }
    out.retain(|v| !v.is_empty());
    out.sort();
    out.dedup();
    out
}

/// Walks every screen reachable from the overview in `lang`; returns the inputs it can
/// commit and the number of screens, checking each screen on the way.
fn walk_in(
    lang: Lang,
    rules: &Rules,
    state: &State,
    seat: u8,
) -> (BTreeSet<usize>, usize, Vec<panel::Screen>) {
    let choices = panel::choices(lang, players(), rules, state, seat);
    let mut todo = vec![Nav::Overview];
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut committed = BTreeSet::new();
    let mut screens = vec![];
    while let Some(nav) = todo.pop() {
        if !seen.insert(nav.arg()) {
            continue;
        }
        let screen = screen(lang, rules, state, seat, &choices, nav);
        check(&screen, &format!("{nav:?}"));
        check_words(&screen, lang, state, &choices, nav);
        let mut follow = |id: &str, values: &[String]| {
            let cid = CustomId::parse(id).expect("our own id");
            assert_eq!((cid.match_id, cid.version), (MATCH, VERSION));
            match cid.verb {
                Verb::Input => {
                    let arg = values.first().cloned().or(cid.arg).unwrap();
                    committed.insert(arg.parse::<usize>().unwrap());
                }
                Verb::Turn => todo.push(Nav::parse(cid.arg.as_deref(), values)),
                // A hint is answered beside the panel (tests/it/discord_e2e/hints.rs).
                Verb::Hint => {}
                // The notes form is a modal beside the panel (tests/it/discord_notes.rs).
                Verb::Notes => {}
                v => panic!("unexpected verb {v:?}"),
            }
        };
        for row in &screen.rows {
            match row {
                Row::Buttons(bs) => bs.iter().for_each(|b| follow(&b.id, &[])),
                Row::Select(s)
                    if s.max_values > 1 || s.id.contains(":turn:m") || s.id.contains(":turn:p") =>
                {
                    let arg = CustomId::parse(&s.id).unwrap().arg.unwrap();
                    // A paged select (`p<cat>.<cards of other pages>.<page>`) adds to the
                    // cards chosen on the other pages.
                    let base = arg.strip_prefix('p').map(|rest| {
                        let mut it = rest.split('.').skip(1);
                        let base = u64::from_str_radix(it.next().unwrap(), 16).unwrap();
                        (base, it.next().unwrap().parse().unwrap())
                    });
                    for o in &s.options {
                        follow(&s.id, std::slice::from_ref(&o.value));
                    }
                    for picks in submissions(&choices, &arg, base) {
                        assert!(picks.len() <= s.max_values as usize, "{nav:?}: {picks:?}");
                        let values: Vec<String> = picks.iter().map(usize::to_string).collect();
                        follow(&s.id, &values);
                    }
                }
                Row::Select(s) => s
                    .options
                    .iter()
                    .for_each(|o| follow(&s.id, std::slice::from_ref(&o.value))),
            }
        }
        screens.push(screen);
    }
    (committed, seen.len(), screens)
}

/// [`walk_in`] in both languages: the same inputs and the same number of screens
/// (German labels are longer, but cut to the same limits); returns the English walk.
fn walk(rules: &Rules, state: &State, seat: u8) -> (BTreeSet<usize>, usize, Vec<panel::Screen>) {
    let en = walk_in(Lang::En, rules, state, seat);
    let de = walk_in(Lang::De, rules, state, seat);
    assert_eq!((&en.0, en.1), (&de.0, de.1), "German walks like English");
    en
}

fn all_indices(rules: &Rules, state: &State, seat: u8) -> BTreeSet<usize> {
    (0..state.legal(rules, seat).len()).collect()
}

/// A new match played (first legal answers) up to its first action question.
fn first_action(rules: &Rules, setup: Setup) -> State {
    let (mut s, _) = State::new(rules, setup).unwrap();
    while s.pending().question != Question::Action {
        let seat = s.waiting()[0];
        let l = s.legal(rules, seat);
        s.apply(rules, seat, &l[0]).unwrap();
    }
    s
}

/// Positions of random games, every question on the way.
#[test]
fn every_legal_input_is_reachable_through_the_walk() {
    let rules = Rules::base();
    let mut rng = Pcg32::seed_from_u64(5);
    let mut positions = 0;
    let mut confirmed = 0;
    for game in 0..6u64 {
        let setup = Setup {
            clans: [(game % 6) as u8, ((game + 2) % 6) as u8],
            seed: game,
            mulligan: game % 2 == 0,
        };
        let (mut state, _) = State::new(&rules, setup).unwrap();
        for step in 0..400 {
            if state.winner.is_some() {
                break;
            }
            let seat = state.waiting()[0];
            let legal = state.legal(&rules, seat);
            if step % 3 == 0 {
                let (committed, _, screens) = walk(&rules, &state, seat);
                assert_eq!(
                    committed,
                    all_indices(&rules, &state, seat),
                    "{:?}",
                    state.pending()
                );
                positions += 1;
                if panel::confirms(&state.pending().question) && legal.len() > 1 {
                    // Actions commit only from a confirmation that names the cost.
                    let (_, _, german) = walk_in(Lang::De, &rules, &state, seat);
                    for (lang, screens) in [(Lang::En, &screens), (Lang::De, &german)] {
                        let confirm = p::prompt_confirm(lang, "");
                        let cost = p::choice_cost(lang, 0, "");
                        let cost = cost.split(' ').next().unwrap();
                        let confirms: Vec<_> = screens
                            .iter()
                            .filter(|s| {
                                s.prompt
                                    .lines()
                                    .next()
                                    .is_some_and(|l| l.ends_with(confirm.trim_start_matches('*')))
                            })
                            .collect();
                        assert!(!confirms.is_empty(), "{lang:?}");
                        assert!(confirms.iter().all(|s| s.prompt.contains(cost)));
                        // Each confirmation says what follows the move, on its own line.
                        assert!(
                            confirms.iter().all(|s| s.prompt.lines().count() >= 2),
                            "{lang:?}: {:?}",
                            confirms.iter().map(|s| &s.prompt).collect::<Vec<_>>()
                        );
                    }
                    confirmed += 1;
                }
            }
            let i = below(&mut rng, legal.len() as u32) as usize;
            state.apply(&rules, seat, &legal[i]).unwrap();
        }
    }
    assert!(positions > 200 && confirmed > 50, "{positions} {confirmed}");
}

/// A summon of the same cards to several zones is two steps: the cards, then where.
#[test]
fn summons_with_several_destinations_ask_where() {
    let rules = Rules::base();
    let water = rules.pack.clan_index("water").unwrap();
    let setup = Setup {
        clans: [water, water],
        seed: 3,
        mulligan: false,
    };
    let mut s = first_action(&rules, setup);
    // Seat to act gets a Shapeshifters (Shift) standing in a crystal zone.
    let seat = s.active;
    let shifter = rules.pack.kind_by_name("Shapeshifters").unwrap();
    let c = (0..54u8)
        .find(|&c| s.kinds[c as usize] == shifter && s.players[seat as usize].draw.contains(&c))
        .expect("a Shapeshifters in the draw pile");
    s.players[seat as usize].draw.retain(|x| *x != c);
    s.squads
        .squad_mut(rules.board.crystal_zones[0], seat)
        .push(c);
    s.token = if seat == 0 { -5 } else { 5 };
    s.validate(&rules).unwrap();
    let (committed, screens, shown) = walk(&rules, &s, seat);
    assert_eq!(committed, all_indices(&rules, &s, seat));
    assert!(screens > 3);
    assert!(
        shown.iter().any(|s| s.prompt.contains("where to?")),
        "no destination step: {:?}",
        shown.iter().map(|s| &s.prompt).collect::<Vec<_>>()
    );
}

/// A hand of more than 25 cards: the summons (hundreds of choices) and the battle card
/// choice still fit Discord's limits, and every choice is reachable.
#[test]
fn hands_bigger_than_25_cards_still_work() {
    let rules = Rules::base();
    let setup = Setup {
        clans: [1, 4],
        seed: 9,
        mulligan: false,
    };
    let mut s = first_action(&rules, setup);
    let seat = s.active as usize;
    let draw: Vec<u8> = std::mem::take(&mut s.players[seat].draw).to_vec();
    s.players[seat].hand.extend(draw);
    assert!(s.players[seat].hand.len() > 25);
    s.validate(&rules).unwrap();
    let (committed, screens, _) = walk(&rules, &s, seat as u8);
    assert_eq!(committed, all_indices(&rules, &s, seat as u8));
    assert!(committed.len() > 100, "{}", committed.len());
    assert!(screens > 5);
    // Copies of a card in the hand are counted on the first and are "more of it" after.
    let (_, _, drawn) = walk_in(Lang::En, &rules, &s, seat as u8);
    let labels: Vec<&str> = drawn
        .iter()
        .flat_map(|sc| &sc.rows)
        .filter_map(|r| match r {
            Row::Select(sel) => Some(sel.options.iter().map(|o| o.label.as_str())),
            _ => None,
        })
        .flatten()
        .collect();
    let hand = p::panel_place_your_hand(Lang::En);
    for label in [
        p::card_copies(Lang::En, 3, hand.as_str()),
        p::card_copy(Lang::En, 2, hand.as_str()),
        p::card_copy(Lang::En, 3, hand.as_str()),
    ] {
        assert!(
            labels.iter().any(|l| l.ends_with(&format!("({label})"))),
            "no `{label}` in {labels:?}"
        );
    }

    // Battle cards: every card of the big hand can be picked.
    let other = 1 - seat;
    let zone = rules.board.crystal_zones[1];
    for (sq, p) in [(seat, 0usize), (other, 1)] {
        let c = if p == 0 {
            s.players[sq].hand.pop().unwrap()
        } else {
            s.players[sq].draw.pop().unwrap()
        };
        s.squads.squad_mut(zone, sq as u8).push(c);
    }
    s.validate(&rules).unwrap();
    let mut b = s.clone();
    b.token = if seat == 0 { -4 } else { 4 };
    let act = b
        .legal(&rules, seat as u8)
        .into_iter()
        .find(|i| *i == crystal_clans::game::Input::Activate(zone))
        .expect("the squad can activate");
    b.apply(&rules, seat as u8, &act).unwrap();
    for _ in 0..10 {
        if b.pending().question == Question::BattleCard {
            break;
        }
        let who = b.waiting()[0];
        let l = b.legal(&rules, who);
        let pick = l
            .iter()
            .position(|i| *i == crystal_clans::game::Input::Battle(true))
            .or_else(|| {
                l.iter()
                    .position(|i| *i == crystal_clans::game::Input::Stay)
            })
            .unwrap_or(0);
        b.apply(&rules, who, &l[pick]).unwrap();
    }
    assert_eq!(b.pending().question, Question::BattleCard);
    assert!(b.waits_for(seat as u8));
    let legal = b.legal(&rules, seat as u8);
    // One choice per kind of card in the hand (copies are the same pick).
    let kinds: BTreeSet<_> = b.players[seat]
        .hand
        .iter()
        .map(|&c| b.kinds[c as usize])
        .collect();
    assert!(b.players[seat].hand.len() > 25);
    assert_eq!(legal.len(), kinds.len());
    let (reached, _, _) = walk(&rules, &b, seat as u8);
    assert_eq!(reached.len(), legal.len());
}

/// Regression: 15 panels offered two buttons with one label (two "Dandelion Knights
/// (3/3)" in one squad). Choices of the same card kind in different places now say where
/// each card is, so every choice of every random position reads differently.
#[test]
fn regression_two_choices_never_share_a_label() {
    let rules = Rules::base();
    let mut rng = Pcg32::seed_from_u64(15);
    let mut told_apart = 0;
    for game in 0..40u64 {
        let setup = Setup {
            clans: [(game % 6) as u8, ((game / 6) % 6) as u8],
            seed: game,
            mulligan: false,
        };
        let (mut state, _) = State::new(&rules, setup).unwrap();
        while state.winner.is_none() {
            let seat = state.waiting()[0];
            for lang in Lang::ALL {
                let choices = panel::choices(lang, players(), &rules, &state, seat);
                let mut shown = BTreeSet::new();
                for c in &choices {
                    assert!(
                        shown.insert(c.label.clone()),
                        "two choices read `{}` in {:?}",
                        c.label,
                        state.pending()
                    );
                    told_apart += usize::from(
                        c.label.contains(" squad)")
                            || c.label.contains("pile)")
                            || c.label.contains(" Trupp im ")
                            || c.label.contains("stapel"),
                    );
                }
            }
            let legal = state.legal(&rules, seat);
            let i = below(&mut rng, legal.len() as u32) as usize;
            state.apply(&rules, seat, &legal[i]).unwrap();
        }
    }
    assert!(
        told_apart > 0,
        "no position had two choices that read the same"
    );
}

/// German labels are longer than English ones: with every card of every clan in hand
/// (so the longest German names are summoned, listed and told apart), every German
/// screen still keeps Discord's limits and reaches every choice.
#[test]
fn german_labels_with_every_card_in_hand_keep_discords_limits() {
    let rules = Rules::base();
    let longest = rules
        .pack
        .cards
        .iter()
        .map(|c| {
            crystal_clans::i18n::names::card(Lang::De, c)
                .chars()
                .count()
        })
        .max()
        .unwrap();
    assert!(
        longest > 20,
        "the longest German name has {longest} characters"
    );
    for clans in [[0, 2], [3, 5]] {
        let setup = Setup {
            clans,
            seed: 4,
            mulligan: false,
        };
        let mut s = first_action(&rules, setup);
        let seat = s.active as usize;
        let draw: Vec<u8> = std::mem::take(&mut s.players[seat].draw).to_vec();
        s.players[seat].hand.extend(draw);
        s.validate(&rules).unwrap();
        let (committed, _, _) = walk_in(Lang::De, &rules, &s, seat as u8);
        assert_eq!(committed, all_indices(&rules, &s, seat as u8));
    }
}

/// The question of simultaneous effects (rules version 6) is asked as a player thinks
/// of it: one button per effect, "Resolve first:" and what triggered it (the
/// destroyed unit and its ability), in both languages, every answer reachable; never
/// the engine's list of steps.
#[test]
fn simultaneous_effects_are_asked_by_what_triggered_them() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/engine/tests/scenarios/order_death_last_rites_first.toml"
    );
    let sc = crystal_clans::scenario::load(path).expect("the scenario loads");
    let (rules, state) = (&sc.rules, &sc.start);
    assert_eq!(state.pending().question, Question::OrderTriggers);
    let (committed, _, _) = walk(rules, state, 0);
    assert_eq!(committed, all_indices(rules, state, 0));
    for (lang, first) in [
        (Lang::En, "Resolve first: "),
        (Lang::De, "Zuerst abhandeln: "),
    ] {
        let (_, _, screens) = walk_in(lang, rules, state, 0);
        let labels: Vec<String> = screens
            .iter()
            .flat_map(|s| s.rows.iter())
            .flat_map(|r| match r {
                Row::Buttons(bs) => bs.iter().map(|b| b.label.clone()).collect::<Vec<_>>(),
                Row::Select(s) => s.options.iter().map(|o| o.label.clone()).collect(),
            })
            .filter(|l| l.starts_with(first))
            .collect();
        let name = |card: &str, ability| {
            let def = &rules.pack.cards[rules.pack.kind_by_name(card).unwrap() as usize];
            (
                crystal_clans::i18n::names::card(lang, def).to_string(),
                crystal_clans::i18n::names::ability(lang, ability),
            )
        };
        use crystal_clans::game::pack::Ability;
        for (card, ability) in [
            name("Boneknife Cultists", Ability::ReanimateOnDeath),
            name("Ancestral Knights", Ability::Reapers),
        ] {
            assert!(
                labels
                    .iter()
                    .any(|l| l.contains(&card) && l.contains(&ability)),
                "{lang:?}: no choice names {card} ({ability}): {labels:?}"
            );
        }
        assert_eq!(labels.len(), 2, "{lang:?}: {labels:?}");
    }
}

/// "Why can't I…?" (issue 50): the action's first screen offers it exactly when
/// something is blocked, and its screen gives each blocked wish its rule, in both
/// languages, with a way back; never a list of failures on the first screen itself.
#[test]
fn why_cant_i_explains_what_the_action_screen_does_not_offer() {
    use crystal_clans::game::{Why, Wish};
    let rules = Rules::base();
    let mut rng = Pcg32::seed_from_u64(50);
    let mut explained = BTreeSet::new();
    for game in 0..8u64 {
        let setup = Setup {
            clans: [(game % 6) as u8, ((game + 1) % 6) as u8],
            seed: game,
            mulligan: false,
        };
        let (mut state, _) = State::new(&rules, setup).unwrap();
        while state.winner.is_none() {
            let seat = state.waiting()[0];
            if state.pending().question == Question::Action {
                let blocked = state.blocked(&rules, seat);
                for lang in Lang::ALL {
                    let choices = panel::choices(lang, players(), &rules, &state, seat);
                    let first = screen(lang, &rules, &state, seat, &choices, Nav::Overview);
                    let label = p::button_why_not(lang);
                    let offered = first.rows.iter().any(|r| match r {
                        Row::Buttons(bs) => bs.iter().any(|b| b.label == label),
                        _ => false,
                    });
                    if first.rows.len() < 5 {
                        assert_eq!(offered, !blocked.is_empty(), "{blocked:?}");
                    }
                    assert!(!first.prompt.contains(&p::why_not_heading(lang)));
                    let why = screen(lang, &rules, &state, seat, &choices, Nav::WhyNot);
                    check(&why, "why not");
                    for (wish, reason) in &blocked {
                        if let Wish::Summon(c) = wish {
                            let def = state.card(&rules, *c);
                            let name = crystal_clans::i18n::names::card(lang, def);
                            assert!(why.prompt.contains(name), "{name} in {}", why.prompt);
                        }
                        if let Why::Initiative { cost, .. } = reason {
                            assert!(why.prompt.contains(&cost.to_string()), "{}", why.prompt);
                        }
                        explained.insert(format!("{:?}", std::mem::discriminant(reason)));
                    }
                    if blocked.is_empty() {
                        assert_eq!(why.prompt, p::why_not_nothing(lang));
                    }
                }
            }
            let legal = state.legal(&rules, seat);
            let i = below(&mut rng, legal.len() as u32) as usize;
            state.apply(&rules, seat, &legal[i]).unwrap();
        }
    }
    // Crystal zones, the opponent's home and (rarely in random play) the initiative.
    assert!(explained.len() >= 2, "{explained:?}");
}
