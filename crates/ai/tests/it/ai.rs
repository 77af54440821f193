//! The AI: sampled states agree with the view, bots play whole games, the search never
//! reads hidden cards, budgets hold, tournaments run. CI-sized.

use crystal_clans_ai::determinize::Sampler;
use crystal_clans_ai::tournament::{self, Config};
use crystal_clans_ai::{
    BeginnerBot, Bot, BotSpec, Budget, GreedyBot, Level, MctsBot, RandomBot, Search, decide_for,
    policy,
};
use crystal_clans_engine::game::state::opp;
use crystal_clans_engine::game::{Input, Question, Rules, Seat, Setup, State};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use std::time::{Duration, Instant};

pub(crate) fn budget(iterations: u32) -> Budget {
    Budget {
        iterations,
        time: None,
    }
}

/// Positions from random play, with and without the mulligan, including battles with
/// a committed card on one side.
pub(crate) fn positions(rules: &Rules, n: usize) -> Vec<(State, Seat)> {
    let mut out = crystal_clans_ai::positions::sample(rules, n, 3);
    let mut rng = Pcg32::seed_from_u64(9);
    for g in 0..n as u64 {
        let setup = Setup {
            clans: [(g % 6) as u8, ((g / 6 + 2) % 6) as u8],
            seed: 100 + g,
            mulligan: g % 3 == 0,
        };
        let (mut state, _) = State::new(rules, setup).unwrap();
        let mut steps = 0;
        while state.winner.is_none() && steps < 400 {
            let p = state.pending();
            // Both seats waiting on a secret choice: the first answers, the second is asked.
            if p.seats.len() == 2 && steps % 2 == 0 {
                let legal = state.legal(rules, p.seats[0]);
                let i = policy::pick(&legal, &mut rng);
                state.apply(rules, p.seats[0], &legal[i]).unwrap();
                if state.legal(rules, p.seats[1]).len() > 1 {
                    out.push((state.clone(), p.seats[1]));
                }
            }
            if !policy::step(rules, &mut state, &mut rng) {
                break;
            }
            steps += 1;
            // Questions that show hidden cards (Inform, Spy, The Bitter Blessing).
            let q = state.pending().question;
            if matches!(
                q,
                Question::Inform | Question::Spy | Question::OpponentDiscard
            ) {
                out.push((state.clone(), state.pending().seats[0]));
            }
            if steps % 37 == 0 {
                let seat = state.pending().seats.first().copied();
                if let Some(seat) = seat {
                    out.push((state.clone(), seat));
                }
            }
        }
    }
    out
}

#[test]
fn samples_agree_with_the_view() {
    let rules = Rules::base();
    let mut rng = Pcg32::seed_from_u64(1);
    let mut battle_hidden = 0;
    let mut mulligans = 0;
    let mut peeks = 0;
    let pos = positions(&rules, 24);
    assert!(pos.len() > 100, "{}", pos.len());
    for (state, seat) in &pos {
        let view = state.view(&rules, Some(*seat));
        let sampler = Sampler::new(&rules, &view).expect("a view is consistent");
        if let Some(b) = &view.battle
            && b.chosen[opp(*seat) as usize]
            && !b.revealed
        {
            battle_hidden += 1;
        }
        if view.pending.question == Question::Mulligan {
            mulligans += 1;
        }
        if !view.peek.is_empty() {
            peeks += 1;
        }
        for _ in 0..3 {
            let s = sampler.sample(&mut rng);
            assert_eq!(s.view(&rules, Some(*seat)), view);
            assert_eq!(s.legal(&rules, *seat), state.legal(&rules, *seat));
            // Sampled states play on like real ones.
            let mut s = s;
            policy::playout(&rules, &mut s, &mut rng, 50, true);
        }
    }
    assert!(
        battle_hidden > 0,
        "no position with a committed hidden battle card"
    );
    assert!(mulligans > 0, "no mulligan position");
    assert!(peeks > 0, "no position with peeked cards");
    println!(
        "{} positions, {battle_hidden} hidden battle cards, {mulligans} mulligans, {peeks} peeks",
        pos.len()
    );
}

/// A position where seat 0 must pick a battle card after seat 1 committed hers.
fn battle_position(rules: &Rules) -> State {
    let mut rng = Pcg32::seed_from_u64(5);
    for g in 0..200 {
        let setup = Setup {
            clans: [(g % 6) as u8, ((g + 1) % 6) as u8],
            seed: g,
            mulligan: false,
        };
        let (mut state, _) = State::new(rules, setup).unwrap();
        while state.winner.is_none() {
            let p = state.pending();
            if p.question == Question::BattleCard && p.seats == vec![0, 1] {
                let legal = state.legal(rules, 1);
                state.apply(rules, 1, &legal[0]).unwrap();
                if state.legal(rules, 0).len() >= 3 && state.players[1].hand.len() >= 3 {
                    return state;
                }
                continue;
            }
            policy::step(rules, &mut state, &mut rng);
        }
    }
    panic!("no battle position found");
}

/// The same position with every card seat 0 cannot see moved around: seat 1's hand
/// swapped with cards of her draw pile and her committed battle card, both draw orders
/// changed, the crystal deck reordered, a new RNG.
fn twin(rules: &Rules, state: &State) -> State {
    let mut t = state.clone();
    let kinds = &state.kinds;
    let them = &mut t.players[1];
    // Swap hand cards with draw cards of other kinds.
    for h in 0..them.hand.len() {
        if let Some(d) = (0..them.draw.len())
            .find(|&d| kinds[them.draw[d] as usize] != kinds[them.hand[h] as usize])
        {
            std::mem::swap(&mut them.hand[h], &mut them.draw[d]);
        }
    }
    them.draw.reverse();
    let committed = t.battle.as_ref().unwrap().cards[1].unwrap();
    // Swap the committed battle card with a hand card of another kind, so the twin's
    // battle really differs (the first hand card may be of the same kind).
    let h = (0..them.hand.len())
        .find(|&h| kinds[them.hand[h] as usize] != kinds[committed as usize])
        .expect("the battle position has a hand card of another kind");
    let swapped = them.hand[h];
    them.hand[h] = committed;
    t.battle.as_mut().unwrap().cards[1] = Some(swapped);
    t.players[0].draw.reverse();
    t.crystal_deck.reverse();
    t.rng = Pcg32::seed_from_u64(12345);
    let _ = rules;
    t
}

#[test]
fn bots_never_peek() {
    let rules = Rules::base();
    let state = battle_position(&rules);
    let other = twin(&rules, &state);
    assert_ne!(state, other);
    assert_ne!(state.players[1].hand, other.players[1].hand);
    assert_ne!(state.battle, other.battle);
    // What seat 0 may see is identical...
    assert_eq!(state.view(&rules, Some(0)), other.view(&rules, Some(0)));
    assert_eq!(state.legal(&rules, 0), other.legal(&rules, 0));
    // ...so every bot decides the same, for the same seed.
    let bots: Vec<fn() -> Box<dyn Bot>> = vec![
        || Box::new(RandomBot::new(3)),
        || Box::new(GreedyBot::new(3)),
        || Box::new(BeginnerBot::new(3)),
        || Box::new(MctsBot::new(3, budget(300))),
    ];
    for make in bots {
        let mut a = make();
        let mut b = make();
        let mut answers = (vec![], vec![]);
        for _ in 0..3 {
            answers.0.push(decide_for(a.as_mut(), &rules, &state, 0));
            answers.1.push(decide_for(b.as_mut(), &rules, &other, 0));
        }
        assert_eq!(answers.0, answers.1, "{}", a.name());
    }
    // The twin really differs where it matters: the battle's outcome can differ.
    let mut x = state.clone();
    let mut y = other.clone();
    let pick = state.legal(&rules, 0)[0];
    x.apply(&rules, 0, &pick).unwrap();
    y.apply(&rules, 0, &pick).unwrap();
    assert_ne!(x, y);
}

#[test]
fn every_bot_plays_whole_games() {
    let rules = Rules::base();
    let pairs: [[BotSpec; 2]; 4] = [
        [BotSpec::Random, BotSpec::Greedy],
        [BotSpec::Beginner, BotSpec::Greedy],
        [
            BotSpec::Greedy,
            BotSpec::parse("mcts:20", Level::Normal).unwrap(),
        ],
        [
            BotSpec::parse("mcts:20", Level::Normal).unwrap(),
            BotSpec::Random,
        ],
    ];
    for (i, [a, b]) in pairs.iter().enumerate() {
        let mut bots = [a.build(i as u64), b.build(i as u64 + 100)];
        let setup = Setup {
            clans: [i as u8, (i as u8 + 3) % 6],
            seed: 40 + i as u64,
            mulligan: i == 1,
        };
        let (state, inputs, stats) = tournament::play(&rules, setup, &mut bots).unwrap();
        assert!(
            state.winner.is_some(),
            "{} vs {}: no winner",
            a.label(),
            b.label()
        );
        assert!(inputs > 10 && stats[0].decisions > 0 && stats[1].decisions > 0);
    }
}

#[test]
fn decisions_keep_their_budget() {
    let rules = Rules::base();
    let pos = crystal_clans_ai::positions::sample(&rules, 6, 11);
    // Time first: a huge iteration budget, a small time budget.
    let limit = Duration::from_millis(40);
    for (i, (state, seat)) in pos.iter().enumerate() {
        let mut bot = MctsBot::new(
            i as u64,
            Budget {
                iterations: 1_000_000,
                time: Some(limit),
            },
        );
        let t = Instant::now();
        decide_for(&mut bot, &rules, state, *seat);
        let took = t.elapsed();
        // The clock is read before every iteration (one takes well under a millisecond,
        // even unoptimized); the margin is for a loaded CI machine descheduling us.
        assert!(took < limit + Duration::from_millis(250), "{took:?}");
        assert!(bot.last_iterations() >= 1);
    }
    // Iterations first.
    let (state, seat) = &pos[0];
    let mut bot = MctsBot::new(1, budget(25));
    decide_for(&mut bot, &rules, state, *seat);
    assert_eq!(bot.last_iterations(), 25);
    // The levels' budgets: the default decides in under a second.
    let normal = Level::default().budget();
    assert_eq!(Level::default(), Level::Normal);
    assert!(normal.time.unwrap() < Duration::from_secs(1));
    for l in Level::ALL {
        assert!(l.budget().time.is_some() && l.budget().iterations > 0);
    }
}

/// A small tournament: every pairing of `clans` (mirrors too), on 2 threads.
fn tiny_config(bots: [BotSpec; 2], games: u64, seed: u64, clans: Vec<u8>) -> Config {
    Config {
        bots,
        games,
        from: 0,
        seed,
        clans,
        mirrors: true,
        focus: None,
        threads: 2,
        mulligan: false,
        bot_seed: 0,
    }
}

#[test]
fn a_tiny_tournament_prints_its_table() {
    let rules = Rules::base();
    let cfg = tiny_config([BotSpec::Greedy, BotSpec::Random], 8, 5, vec![0, 4]);
    let records = tournament::run(&rules, &cfg, &|_, _| {});
    assert_eq!(records.len(), 8);
    assert!(
        records
            .iter()
            .all(|r| r.error.is_none() && r.winner.is_some())
    );
    // Deterministic for a seed.
    let again = tournament::run(&rules, &cfg, &|_, _| {});
    let summary = |rs: &[tournament::GameRecord]| -> Vec<_> {
        rs.iter()
            .map(|r| (r.winner, r.inputs, r.clans, r.a_seat))
            .collect()
    };
    assert_eq!(summary(&records), summary(&again));
    let table = tournament::report(&rules, &cfg, &records, 1.0);
    println!("{table}");
    for needle in [
        "win rate of A (greedy)",
        "first player wins",
        "game length",
        "ms/decision",
        "clan vs clan",
        "flower",
        "blood",
    ] {
        assert!(table.contains(needle), "missing `{needle}` in\n{table}");
    }
    assert_eq!(tournament::wilson(0, 0), (0.0, 1.0));
    let (lo, hi) = tournament::wilson(8, 10);
    assert!(
        (lo - 0.490).abs() < 0.01 && (hi - 0.943).abs() < 0.01,
        "{lo} {hi}"
    );
}

#[test]
fn tournament_pairings_leave_out_mirrors_or_focus_on_one_clan() {
    let mut cfg = tiny_config([BotSpec::Random, BotSpec::Random], 40, 9, vec![0, 2, 4]);
    assert_eq!(cfg.pairings().len(), 9);
    cfg.mirrors = false;
    let no_mirrors = cfg.pairings();
    assert_eq!(no_mirrors.len(), 6);
    assert!(no_mirrors.iter().all(|[a, b]| a != b));
    // Focus: the clan against each other clan, in both orders, and nothing else.
    cfg.focus = Some(4);
    let focus = cfg.pairings();
    assert_eq!(focus, vec![[0, 4], [2, 4], [4, 0], [4, 2]]);
    let records = tournament::run(&Rules::base(), &cfg, &|_, _| {});
    assert_eq!(records.len(), 40);
    // Every game has the focus clan on one side; each pairing gets both seat orders.
    assert!(
        records
            .iter()
            .all(|r| r.clans.contains(&4) && r.clans[0] != r.clans[1])
    );
    for pair in &focus {
        for seat in 0..2 {
            let n = records
                .iter()
                .filter(|r| r.clans == *pair && r.a_seat == seat)
                .count();
            assert_eq!(n, 5, "{pair:?} with A in seat {seat}");
        }
    }
    let table = tournament::report(&Rules::base(), &cfg, &records, 1.0);
    assert!(table.contains("only blood against the others"), "{table}");
}

#[test]
fn tournament_plans_a_pack_file_and_refuses_bad_arguments() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cc-tournament-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let args = |pack: Option<std::path::PathBuf>, focus: Option<&str>| tournament::Args {
        bots: "random,random".into(),
        games: 4,
        seed: 1,
        clans: Some("flower,stone".into()),
        level: "fast".into(),
        threads: Some(1),
        mulligan: false,
        time_limits: false,
        no_mirrors: true,
        focus: focus.map(str::to_string),
        pack,
        bot_seed: 0,
        results: None,
        from: 0,
    };
    let good = dir.join("pack.toml");
    std::fs::write(&good, crystal_clans_engine::game::pack::BASE_PACK_TOML).unwrap();
    let mut with_results = args(Some(good), Some("stone"));
    with_results.results = Some(dir.join("results.csv"));
    let plan = with_results.plan().unwrap();
    assert_eq!(plan.results, Some(dir.join("results.csv")));
    let records = tournament::run(&plan.rules, &plan.config, &|_, _| {});
    assert!(records.iter().all(|r| r.error.is_none()));
    let csv = tournament::results_csv(&plan.rules, &records);
    assert_eq!(csv.lines().count(), 1 + 4, "{csv}");
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "[pack]\nid = 3\n").unwrap();
    assert!(args(Some(bad), None).plan().is_err());
    let missing = args(Some(dir.join("missing.toml")), None)
        .plan()
        .unwrap_err();
    assert!(missing.contains("cannot read the file"), "{missing}");
    // A focus clan that is not played, and a single clan without mirrors.
    assert_eq!(
        args(None, Some("water")).plan().unwrap_err(),
        "--focus `water` is not one of the clans played"
    );
    let mut lone = args(None, None);
    lone.clans = Some("water".into());
    assert_eq!(
        lone.plan().unwrap_err(),
        "no clan pairings to play: name two clans or allow mirror matches"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--bot-seed` plays the same deals again with bots that choose differently, and
/// `--results` writes a line per game, so that two runs compare game by game (is a loss
/// the deal's, or a decision's?).
#[test]
fn bot_seed_replays_the_same_deals_with_other_choices() {
    let rules = Rules::base();
    let mut cfg = tiny_config([BotSpec::Greedy, BotSpec::Random], 8, 5, vec![0, 4]);
    let pairings = cfg.pairings();
    let deals = |cfg: &Config| -> Vec<Setup> {
        (0..cfg.games)
            .map(|g| tournament::Dealt::new(cfg, &pairings, g).setup)
            .collect()
    };
    let trace = |rs: &[tournament::GameRecord]| -> Vec<_> {
        rs.iter().map(|r| (r.winner, r.inputs)).collect()
    };
    let first = tournament::run(&rules, &cfg, &|_, _| {});
    let dealt = deals(&cfg);
    cfg.bot_seed = 7;
    assert_eq!(deals(&cfg), dealt, "the deals stay those of the seed");
    let other = tournament::run(&rules, &cfg, &|_, _| {});
    assert_ne!(trace(&first), trace(&other), "the bots chose differently");
    assert_eq!(
        trace(&other),
        trace(&tournament::run(&rules, &cfg, &|_, _| {})),
        "and deterministically"
    );

    let csv = tournament::results_csv(&rules, &first);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "game,a_clan,b_clan,a_seat,first,winner,turns,answers"
    );
    assert_eq!(lines.len(), 1 + first.len());
    for (line, r) in lines[1..].iter().zip(&first) {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), 8, "{line}");
        assert_eq!(fields[0], r.index.to_string());
        assert_eq!(fields[1], rules.pack.clans[r.clans[0] as usize].id);
        assert_eq!(fields[3], (r.a_seat + 1).to_string());
        let winner = match r.winner {
            Some(0) => "A",
            Some(_) => "B",
            None => "",
        };
        assert_eq!(fields[5], winner, "{line}");
        assert_eq!(fields[7], r.inputs.to_string());
    }
}

#[test]
fn mcts_beats_random() {
    let rules = Rules::base();
    let cfg = tiny_config(
        [
            BotSpec::parse("mcts:40", Level::Normal).unwrap(),
            BotSpec::Random,
        ],
        10,
        2,
        (0..6).collect(),
    );
    let records = tournament::run(&rules, &cfg, &|_, _| {});
    let wins = records.iter().filter(|r| r.winner == Some(0)).count();
    assert!(wins >= 8, "mcts won {wins} of 10");
}

#[test]
fn bot_specs_parse() {
    assert_eq!(BotSpec::parse("random", Level::Normal), Ok(BotSpec::Random));
    assert_eq!(BotSpec::parse("greedy", Level::Normal), Ok(BotSpec::Greedy));
    assert_eq!(
        BotSpec::parse("mcts", Level::Fast),
        Ok(BotSpec::mcts(Level::Fast))
    );
    assert_eq!(
        BotSpec::parse("mcts:hard", Level::Fast).unwrap().label(),
        "mcts:hard"
    );
    let n = BotSpec::parse("mcts:500", Level::Normal).unwrap();
    assert_eq!(n.without_time_limit(), n);
    assert!(BotSpec::parse("mcts:silly", Level::Normal).is_err());
    // The baseline search under the same budgets.
    let base = BotSpec::parse("mcts0", Level::Normal).unwrap();
    assert_eq!(base, BotSpec::mcts_with(Level::Normal, Search::Baseline));
    assert_eq!(base.label(), "mcts0:normal");
    assert_eq!(
        BotSpec::parse("mcts0:300", Level::Normal).unwrap().label(),
        "mcts0:300"
    );
    assert!(BotSpec::parse("mcts0:silly", Level::Normal).is_err());
    // Today's search without its early stop.
    let full = BotSpec::parse("mcts-full:normal", Level::Fast).unwrap();
    assert_eq!(full, BotSpec::mcts_with(Level::Normal, Search::FullBudget));
    assert_eq!(full.label(), "mcts-full:normal");
    assert!(BotSpec::parse("alphazero", Level::Normal).is_err());
    // The beginner by its own name, as an mcts level, or as the level of a bare mcts.
    for (spec, level) in [
        ("beginner", Level::Normal),
        ("mcts:beginner", Level::Normal),
        ("mcts", Level::Beginner),
    ] {
        assert_eq!(BotSpec::parse(spec, level), Ok(BotSpec::Beginner), "{spec}");
    }
    assert_eq!(BotSpec::Beginner.label(), "beginner");
    assert_eq!(BotSpec::mcts(Level::Beginner).build(1).name(), "beginner");
    assert!(
        BotSpec::parse("mcts:silly", Level::Normal)
            .unwrap_err()
            .contains("beginner")
    );
}

/// AI seats are stored by their level's index in `Level::ALL`: the indices of the
/// levels that were released never change, a new one is appended. `LADDER` orders
/// every level once, weakest first.
#[test]
fn levels_keep_their_stored_index() {
    let stored = [
        (0, Level::Easy, "easy"),
        (1, Level::Normal, "normal"),
        (2, Level::Hard, "hard"),
        (3, Level::Fast, "fast"),
        (4, Level::Beginner, "beginner"),
    ];
    assert_eq!(Level::ALL.len(), stored.len());
    for (i, level, name) in stored {
        assert_eq!(Level::ALL[i], level);
        assert_eq!(level.index() as usize, i);
        assert_eq!(Level::parse(name), Some(level));
    }
    for level in Level::ALL {
        assert_eq!(Level::LADDER.iter().filter(|&&l| l == level).count(), 1);
    }
    assert_eq!(Level::LADDER[0], Level::Beginner);
    assert_eq!(Level::LADDER[4], Level::Hard);
}

/// The beginner answers with one of the legal inputs, the same one for the same seed
/// and view, and a whole game between two beginners replays exactly.
#[test]
fn the_beginner_plays_legal_inputs_and_is_deterministic_for_its_seed() {
    let rules = Rules::base();
    let mut differ = 0;
    for (i, (state, seat)) in positions(&rules, 24).iter().enumerate() {
        let legal = state.legal(&rules, *seat);
        if legal.is_empty() {
            continue;
        }
        let a = decide_for(&mut BeginnerBot::new(i as u64), &rules, state, *seat);
        let b = decide_for(&mut BeginnerBot::new(i as u64), &rules, state, *seat);
        assert!(legal.contains(&a), "{a:?} is not legal");
        assert_eq!(a, b);
        let other = decide_for(&mut BeginnerBot::new(i as u64 + 1000), &rules, state, *seat);
        assert!(legal.contains(&other));
        differ += usize::from(other != a);
    }
    // The noise makes another seed choose otherwise now and then.
    assert!(differ > 0);
    let game = || {
        let mut bots = [BotSpec::Beginner.build(7), BotSpec::Beginner.build(8)];
        let setup = Setup {
            clans: [1, 4],
            seed: 70,
            mulligan: true,
        };
        let (state, inputs, _) = tournament::play(&rules, setup, &mut bots).unwrap();
        (state, inputs)
    };
    let (first, n) = game();
    assert!(first.winner.is_some() && n > 10);
    assert_eq!(game(), (first, n));
}

/// A smoke test of the beginner's strength (the measured rates are in docs/balance.md,
/// "The ladder"): it beats random, and greedy beats it.
#[test]
fn the_beginner_beats_random_and_loses_to_greedy() {
    let rules = Rules::base();
    let clans = vec![0, 2, 4];
    let vs_random = tournament::run(
        &rules,
        &tiny_config([BotSpec::Beginner, BotSpec::Random], 12, 11, clans.clone()),
        &|_, _| {},
    );
    let won =
        |records: &[tournament::GameRecord]| records.iter().filter(|r| r.winner == Some(0)).count();
    assert!(
        won(&vs_random) >= 9,
        "beginner won {} of 12 against random",
        won(&vs_random)
    );
    let vs_greedy = tournament::run(
        &rules,
        &tiny_config([BotSpec::Beginner, BotSpec::Greedy], 12, 11, clans),
        &|_, _| {},
    );
    assert!(
        won(&vs_greedy) <= 6,
        "beginner won {} of 12 against greedy",
        won(&vs_greedy)
    );
}

#[test]
fn bots_are_send() {
    fn is_send<T: Send>(_: &T) {}
    let b: Box<dyn Bot> = BotSpec::mcts(Level::Normal).build(1);
    is_send(&b);
}

/// Regression (Shift loop): two Shapeshifters could summon each other through Shift for
/// a net 0 initiative, and bots did so for ever. The engine no longer offers the swap,
/// and bots in that position finish their turn.
#[test]
fn shift_loop_is_gone_and_bots_end_their_turn() {
    use crystal_clans_engine::game::state::{Step, Via};
    let rules = Rules::base();
    let water = rules.pack.clan_index("water").unwrap();
    let shifter = rules.pack.kind_by_name("Shapeshifters").unwrap();
    let setup = Setup {
        clans: [water, water],
        seed: 1,
        mulligan: false,
    };
    let (mut s, _) = State::new(&rules, setup).unwrap();
    let ids: Vec<u8> = (0..27u8)
        .filter(|&c| s.kinds[c as usize] == shifter)
        .collect();
    let zone = rules.board.crystal_zones[0];
    for p in &mut s.players {
        p.hand.retain(|c| !ids.contains(c));
        p.draw.retain(|c| !ids.contains(c));
    }
    s.squads.squad_mut(zone, 0).push(ids[0]);
    s.players[0].hand.push(ids[1]);
    s.active = 0;
    s.first_player = Some(0);
    s.token = 0;
    s.agenda = vec![Step::ChooseAction];
    let loop_input = Input::SummonTo {
        cards: [ids[1]].into_iter().collect(),
        zone,
        via: Via::Shift,
    };
    assert!(!s.legal(&rules, 0).contains(&loop_input));
    assert!(s.clone().apply(&rules, 0, &loop_input).is_err());

    // Whole bots: the turn ends.
    let bots: Vec<Box<dyn Bot>> = vec![
        Box::new(GreedyBot::new(1)),
        Box::new(MctsBot::new(1, budget(200))),
    ];
    for mut bot in bots {
        let mut state = s.clone();
        let mut answers = 0;
        while state.turn == s.turn && state.winner.is_none() && answers < 200 {
            let seat = state.pending().seats[0];
            let input = decide_for(bot.as_mut(), &rules, &state, seat);
            state.apply(&rules, seat, &input).unwrap();
            answers += 1;
        }
        assert!(answers < 200, "{} never ended its turn", bot.name());
    }
}

/// The position of the engine's scenario `order_death_last_rites_first`: seat 0, the
/// active player, must choose which of two death triggers (Last Rites, Reapers)
/// resolves first.
fn ordering_position() -> (Rules, State) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/tests/scenarios/order_death_last_rites_first.toml"
    );
    let sc = crystal_clans_engine::scenario::load(path).expect("the scenario loads");
    (sc.rules, sc.start)
}

/// Both bots answer the simultaneous-effects question (rules version 6) like any
/// other, from what the seat may see: states sampled from the view keep the waiting
/// triggers and are valid positions, every bot's answer is one of the legal ones, and
/// a twin that differs only in the opponent's hidden cards gets the same answers.
#[test]
fn bots_order_simultaneous_triggers() {
    let (rules, state) = ordering_position();
    assert_eq!(state.pending().question, Question::OrderTriggers);
    assert_eq!(state.pending().seats, vec![0]);
    let legal = state.legal(&rules, 0);
    assert_eq!(legal.len(), 2, "{legal:?}");
    let view = state.view(&rules, Some(0));
    let sampler = Sampler::new(&rules, &view).expect("the view can be sampled");
    let mut rng = Pcg32::seed_from_u64(4);
    for _ in 0..20 {
        let sample = sampler.sample(&mut rng);
        assert_eq!(sample.agenda, state.agenda);
        sample
            .validate(&rules)
            .expect("a sample is a valid position");
        assert_eq!(sample.legal(&rules, 0), legal);
    }
    // Seat 1's hand and draw pile swapped: nothing seat 0 may see changes.
    let mut other = state.clone();
    let them = &mut other.players[1];
    std::mem::swap(&mut them.hand, &mut them.draw);
    other.rng = Pcg32::seed_from_u64(777);
    assert_ne!(state, other);
    assert_eq!(view, other.view(&rules, Some(0)));
    let bots: Vec<fn() -> Box<dyn Bot>> = vec![|| Box::new(GreedyBot::new(8)), || {
        Box::new(MctsBot::new(8, budget(400)))
    }];
    for make in bots {
        let (mut a, mut b) = (make(), make());
        for _ in 0..3 {
            let answer = decide_for(a.as_mut(), &rules, &state, 0);
            assert!(legal.contains(&answer), "{}: {answer:?}", a.name());
            assert_eq!(
                answer,
                decide_for(b.as_mut(), &rules, &other, 0),
                "{}",
                a.name()
            );
            let mut after = state.clone();
            after
                .apply(&rules, 0, &answer)
                .expect("a legal answer is accepted");
        }
    }
}
