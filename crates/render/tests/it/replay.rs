//! Match replays (`crates/render/src/replay.rs`): one frame per turn and per battle, nothing
//! hidden in them, and the spectator's view only.

use crystal_clans_engine::game::{Event, Input, Rules, Seat, Setup, State};
use crystal_clans_engine::selfplay::random_inputs;
use crystal_clans_render::replay::{self, Story};
use crystal_clans_render::samples as replay_samples;
use crystal_clans_render::{RenderError, Table, Theme};

/// The table every replay here is drawn at: Ana and Max, in English.
fn table<'a>(rules: &'a Rules, theme: &'a Theme) -> Table<'a> {
    Table {
        rules,
        theme,
        names: ["Ana", "Max"],
        lang: crystal_clans_i18n::Lang::En,
    }
}

fn story_from(rules: &Rules, state: State, opening: &[Event], inputs: &[(Seat, Input)]) -> Story {
    Story::replay(rules, state, opening, inputs.iter().map(|(s, i)| (*s, i))).expect("replays")
}

/// The frames of a GIF as stored (each the rectangle it changes), and the decoder's
/// screen size and loop setting.
fn decode(gif: &[u8]) -> (u16, u16, gif::Repeat, Vec<gif::Frame<'static>>) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut dec = opts.read_info(gif).expect("a GIF");
    let mut frames = vec![];
    while let Some(f) = dec.read_next_frame().expect("a frame") {
        frames.push(f.clone());
    }
    (dec.width(), dec.height(), dec.repeat(), frames)
}

/// A short random game that ends with a winner and has at least one battle: its
/// setup, inputs and every event.
fn short_finished_game(rules: &Rules) -> (Setup, Vec<(Seat, Input)>, Vec<Event>) {
    for seed in 0..500u64 {
        let setup = Setup {
            clans: [(seed % 6) as u8, (seed / 6 % 6) as u8],
            seed,
            mulligan: false,
        };
        let inputs = random_inputs(rules, setup.clone(), seed, |s| s.turn > 24).expect("plays");
        let (mut state, mut log) = State::new(rules, setup.clone()).unwrap();
        for (seat, input) in &inputs {
            log.extend(state.apply(rules, *seat, input).unwrap());
        }
        let battles = log
            .iter()
            .filter(|e| matches!(e, Event::BattleEnded { .. }))
            .count();
        if state.winner.is_some() && battles > 0 {
            return (setup, inputs, log);
        }
    }
    panic!("no short finished game with a battle in 500 seeds");
}

#[test]
fn a_replay_has_one_frame_per_turn_and_one_per_battle() {
    let rules = Rules::base();
    let theme = Theme::default();
    let t = table(&rules, &theme);
    let (setup, inputs, log) = short_finished_game(&rules);
    let (state, opening) = State::new(&rules, setup).unwrap();
    let story = story_from(&rules, state, &opening, &inputs);
    let turns = log
        .iter()
        .filter(|e| matches!(e, Event::TurnStarted { .. }))
        .count();
    let battles = log
        .iter()
        .filter(|e| matches!(e, Event::BattleEnded { .. }))
        .count();
    assert_eq!((story.turns(), story.battles()), (turns, battles));

    let r = replay::replay(&t, &story).expect("draws");
    let (w, h, repeat, frames) = decode(&r.gif);
    assert_eq!(
        frames.len(),
        turns + battles,
        "one frame per turn and per battle"
    );
    assert_eq!(r.frames, frames.len());
    assert_eq!((w as u32, h as u32), (replay::FRAME_W, replay::FRAME_H));
    assert_eq!(repeat, gif::Repeat::Infinite);
    // After the first frame, each holds only what changed, over the previous one.
    assert_eq!((frames[0].width, frames[0].height), (w, h));
    assert!(frames[1..].iter().all(|f| f.transparent.is_some()));
    // Captions: each turn's number in order, the battles', and the winner at the end.
    let mut turn = 0;
    for c in &r.captions {
        let n: u32 = c
            .strip_prefix("Turn ")
            .and_then(|s| s.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("a caption without its turn: {c}"));
        assert!(n >= turn, "turns in order: {c}");
        turn = n;
    }
    assert_eq!(
        r.captions
            .iter()
            .filter(|c| c.contains("battle in"))
            .count(),
        battles
    );
    assert!(
        r.captions.last().unwrap().ends_with("wins!"),
        "{:?}",
        r.captions.last()
    );
}

/// Swaps two hidden cards of different kinds in a draw pile of `state` (the
/// `k`-th candidate pair, counted from the bottom, where cards wait longest).
fn swap_hidden(rules: &Rules, state: &State, k: usize) -> Option<State> {
    let mut pairs = vec![];
    for seat in 0..2 {
        let draw = &state.players[seat].draw;
        let n = draw.len();
        for i in (0..n).rev() {
            for j in (0..i).rev() {
                if state.kinds[draw[i] as usize] != state.kinds[draw[j] as usize] {
                    pairs.push((seat, i, j));
                }
            }
        }
    }
    let &(seat, i, j) = pairs.get(k)?;
    let mut swapped = state.clone();
    swapped.players[seat].draw.swap(i, j);
    assert_ne!(
        swapped.view(rules, Some(seat as Seat)),
        swapped.view(rules, None),
        "a seat's view is not the spectator's"
    );
    Some(swapped)
}

/// Replays `inputs` on both states; true when every input is legal in both and the
/// spectator sees the same after each (the two matches differ in hidden cards only).
fn same_in_public(rules: &Rules, a: &State, b: &State, inputs: &[(Seat, Input)]) -> bool {
    let (mut a, mut b) = (a.clone(), b.clone());
    for (seat, input) in inputs {
        let (ea, eb) = (a.apply(rules, *seat, input), b.apply(rules, *seat, input));
        let (Ok(ea), Ok(eb)) = (ea, eb) else {
            return false;
        };
        let public = |es: Vec<Event>| es.iter().map(|e| e.redact(None)).collect::<Vec<_>>();
        if public(ea) != public(eb) || a.view(rules, None) != b.view(rules, None) {
            return false;
        }
    }
    true
}

#[test]
fn matches_that_differ_only_in_hidden_cards_give_identical_replays() {
    let rules = Rules::base();
    let theme = Theme::default();
    let t = table(&rules, &theme);
    let setup = Setup {
        clans: [4, 1],
        seed: 11,
        mulligan: false,
    };
    let inputs = random_inputs(&rules, setup.clone(), 11, |s| s.turn > 8).unwrap();
    let (a, opening) = State::new(&rules, setup).unwrap();
    // Another match: the same deal but for two cards' places in a draw pile, which
    // nobody sees during these inputs (the spectator's view agrees after each).
    let b = (0..200)
        .filter_map(|k| swap_hidden(&rules, &a, k))
        .find(|b| same_in_public(&rules, &a, b, &inputs))
        .expect("a swap of hidden cards that stays hidden");
    assert_ne!(
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&b).unwrap(),
        "the two matches differ"
    );
    let ra = replay::replay(&t, &story_from(&rules, a, &opening, &inputs)).unwrap();
    let rb = replay::replay(&t, &story_from(&rules, b, &opening, &inputs)).unwrap();
    assert!(ra.frames >= 8, "{} frames", ra.frames);
    assert!(ra.gif == rb.gif, "the replays differ");
}

#[test]
fn a_replay_refuses_a_players_view() {
    let rules = Rules::base();
    let theme = Theme::default();
    let t = table(&rules, &theme);
    let setup = Setup {
        clans: [0, 1],
        seed: 3,
        mulligan: false,
    };
    let (state, opening) = State::new(&rules, setup).unwrap();
    let mut story = story_from(&rules, state.clone(), &opening, &[]);
    assert_eq!(story.scenes.len(), 1, "a match with no input: its opening");
    story.scenes[0].view = state.view(&rules, Some(0));
    assert!(matches!(
        replay::replay(&t, &story),
        Err(RenderError::NotPublic)
    ));
}

/// A match far past the turn limit (an older match, or one of two colluding players
/// before it): its replay shows a sample within the frame and byte caps, says where it
/// skipped, and holds a bounded number of frames however long the match is. Small caps
/// keep the test quick; `bench render --long-turns` measures Discord's.
#[test]
fn a_long_match_replays_within_the_frame_and_byte_caps() {
    let rules = Rules::base();
    let theme = Theme::default();
    let t = table(&rules, &theme);
    let story = replay_samples::long_story(&rules, 1_500);
    assert_eq!(story.turns(), 1_500);
    let limits = replay::Limits {
        frames: 40,
        battles: 10,
        bytes: 700_000,
    };
    let shown = replay::shown(&story, limits);
    assert_eq!(shown.len(), limits.frames);
    assert_eq!(
        (shown[0], *shown.last().unwrap()),
        (0, story.scenes.len() - 1),
        "the first and the last scene are always shown"
    );
    let battles = |i: &&usize| matches!(story.scenes[**i].kind, replay::SceneKind::Battle(_));
    assert_eq!(shown.iter().filter(battles).count(), limits.battles);

    let r = replay::replay_within(&t, &story, limits).expect("draws");
    assert!(r.gif.len() <= limits.bytes, "{} bytes", r.gif.len());
    let (_, _, _, frames) = decode(&r.gif);
    assert_eq!(frames.len(), r.frames);
    assert_eq!(r.frames + r.skipped, story.scenes.len());
    assert!(r.most_frames_held <= replay::PALETTE_FRAMES + 1);
    // Each gap is named in the caption after it, after the turn, and the gaps add up.
    let named: usize = r
        .captions
        .iter()
        .filter_map(|c| {
            let note = c.split(" · ").nth(1)?;
            note.strip_suffix(" frames skipped")
                .or_else(|| note.strip_suffix(" frame skipped"))
        })
        .map(|n| n.parse::<usize>().expect("a count"))
        .sum();
    assert_eq!(named, r.skipped);
    let last = r.captions.last().unwrap();
    assert!(last.starts_with("Turn 1500 "), "{last}");

    // Past what shows anyway, the bytes' cap leaves out frames too, and holds.
    let tight = replay::Limits {
        bytes: 420_000,
        ..limits
    };
    let squeezed = replay::replay_within(&t, &story, tight).expect("draws");
    assert!(
        squeezed.gif.len() <= tight.bytes,
        "{} bytes",
        squeezed.gif.len()
    );
    assert!(squeezed.frames < r.frames, "{} frames", squeezed.frames);
    assert_eq!(squeezed.frames + squeezed.skipped, story.scenes.len());
}

#[test]
fn a_story_without_a_scene_gives_a_gif_without_a_frame() {
    let rules = Rules::base();
    let theme = Theme::default();
    let t = table(&rules, &theme);
    let story = Story {
        kinds: vec![],
        scenes: vec![],
    };
    let r = replay::replay(&t, &story).expect("draws");
    assert_eq!((r.frames, r.skipped), (0, 0));
    assert!(decode(&r.gif).3.is_empty());
}
