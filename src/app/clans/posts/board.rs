//! The public board post: the board's image, whose move, initiative, crystals, the
//! log of the turn that ended and the buttons; when an answer posts it
//! ([`turn_log::posts_board`]).

use super::{Boards, turn_log};
use crate::app::ids::{CustomId, Verb};
use crate::app::mention;
use crate::app::msg::{Button, Embed, File, MAX_CONTENT, MAX_FIELD, Msg, Row, Style, clip};
use crate::game::{Event, Input, Question, Seat, State};
use crate::i18n::narration::Narrator;
use crate::i18n::{self, Lang, messages as t};
use crate::render::{self, Table};
use crate::store::{Clock, Loaded, Player, Reason};

/// The most log lines a board's embed shows (the latest of its turn; Discord allows
/// 1,024 characters a field, which also bounds them).
const LAST_EVENTS: usize = 24;

/// The last of `lines` that fit in one embed field, oldest first; "…" first when
/// earlier ones were left out.
fn tail_of(lines: &[String], max: usize) -> String {
    let mut kept: Vec<&str> = Vec::new();
    let mut len = 0;
    for l in lines.iter().rev().take(LAST_EVENTS) {
        // Room for this line, its newline, and the "…" line that marks a cut.
        if len + l.chars().count() + 1 > max.saturating_sub(2) {
            break;
        }
        len += l.chars().count() + 1;
        kept.push(l);
    }
    if kept.is_empty() {
        return lines.last().map(|l| clip(l, max)).unwrap_or_default();
    }
    if kept.len() < lines.len() {
        kept.push("…");
    }
    kept.reverse();
    kept.join("\n")
}

/// `events` by the turn they belong to: `(turn, who played it, its events)`, turn 0
/// being the setup. A `TurnStarted` begins a part and is not told (the part's heading
/// says it); the events before the first belong to the turn before it, or, when no turn
/// starts among them, to `state`'s turn. So a board posted as a turn passes heads its
/// log with the turn that ended, not the one its title names.
fn by_turn<'e>(events: &'e [Event], state: &State) -> Vec<(u32, Seat, &'e [Event])> {
    let mut parts = Vec::new();
    let mut turn = (state.turn, state.active);
    if let Some(Event::TurnStarted { seat, turn: n }) = events
        .iter()
        .find(|e| matches!(e, Event::TurnStarted { .. }))
    {
        turn = (n.saturating_sub(1), crate::game::state::opp(*seat));
    }
    let mut from = 0;
    for (i, e) in events.iter().enumerate() {
        if let Event::TurnStarted { seat, turn: n } = e {
            parts.push((turn.0, turn.1, &events[from..i]));
            turn = (*n, *seat);
            from = i + 1;
        }
    }
    parts.push((turn.0, turn.1, &events[from..]));
    parts.retain(|(_, _, part)| !part.is_empty());
    parts
}

/// `lines` with each run of identical lines told once, with its count ("… ×2"): an
/// activation whose squad stays, for one, reads the same twice.
fn merge_repeats(lang: Lang, lines: Vec<String>) -> Vec<String> {
    let mut out: Vec<(String, usize)> = Vec::with_capacity(lines.len());
    for line in lines {
        match out.last_mut() {
            Some((last, n)) if *last == line => *n += 1,
            _ => out.push((line, 1)),
        }
    }
    out.into_iter()
        .map(|(line, n)| {
            if n == 1 {
                line
            } else {
                t::log_repeated(lang, line, n)
            }
        })
        .collect()
}

impl Boards {
    /// The public messages after an input, in the order they are posted: the battle
    /// picture when the input revealed battle cards or dealt a battle's damage
    /// ([`Boards::battle_post`]), then the board with the turn's log when someone new
    /// must act, a turn passed or the match ended ([`turn_log::posts_board`]); else
    /// nothing (the player's panel shows what they did). `events` are the input's,
    /// `log` the board's (every event since the previous board, from
    /// [`Following`](crate::app::clans::following::Following)); `played` who made the
    /// input and what, at `before`. A lesson match's lessons come last.
    pub(crate) async fn after_input(
        &self,
        before: &State,
        after: &Loaded,
        played: (Seat, &Input),
        events: &[Event],
        log: &[Event],
    ) -> Vec<Msg> {
        let mut posts: Vec<Msg> = self.battle_post(after, events).await.into_iter().collect();
        if turn_log::posts_board(before, &after.state) {
            let lang = self.directory.public_lang(after.info.guild).await;
            let header = match after.state.winner {
                Some(w) => self.winner_line(after, w, Reason::Win, lang).await,
                None => String::new(),
            };
            posts.push(self.board_post(after, log, &header).await);
        }
        posts.extend(self.lessons(before, after, Some(played), events).await);
        posts
    }

    /// The final post's first lines: who won and how, then the rating changes.
    pub(crate) async fn winner_line(
        &self,
        loaded: &Loaded,
        winner: Seat,
        reason: Reason,
        lang: Lang,
    ) -> String {
        let mut line = self.winner_words(&loaded.info, winner, reason, lang);
        let ratings = self.ratings.rating_line(loaded, lang).await;
        if !ratings.is_empty() {
            line.push('\n');
            line.push_str(&ratings);
        }
        if loaded.info.assisted {
            line.push('\n');
            line.push_str(&t::winner_assisted(lang));
        }
        line
    }

    /// Who won and how, from the match's seats alone (a match whose log was pruned
    /// cannot be loaded, but its result still has a winner).
    pub(crate) fn winner_words(
        &self,
        info: &crate::store::MatchInfo,
        winner: Seat,
        reason: Reason,
        lang: Lang,
    ) -> String {
        let who = |s: Seat| match info.seats[s as usize] {
            Player::User(u) => mention(u),
            p => self.directory.name_of(lang, p, s),
        };
        match reason {
            Reason::Win => t::winner_wins(lang, who(winner)),
            Reason::Resign => t::winner_resigned(lang, who(winner)),
            Reason::Timeout => t::winner_timeout(lang, who(winner)),
            Reason::Abandoned => t::winner_abandoned(lang, who(winner)),
        }
    }

    /// Public log lines (spectator-redacted) in `lang`.
    async fn narrate(&self, loaded: &Loaded, events: &[Event], lang: Lang) -> Vec<String> {
        let names = self.directory.names(loaded).await;
        let n = Narrator {
            rules: &loaded.rules,
            kinds: &loaded.state.kinds,
            names: [&names[0], &names[1]],
            lang,
        };
        let public: Vec<Event> = events.iter().map(|e| e.redact(None)).collect();
        n.lines(&public)
    }

    /// The public board post: the PNG, an embed (whose move, initiative, crystals,
    /// `events` as the log, under the turn each part belongs to) and the buttons,
    /// mentioning whoever must act.
    pub async fn board_post(&self, loaded: &Loaded, events: &[Event], header: &str) -> Msg {
        let rules = &*loaded.rules;
        let state = &loaded.state;
        let id = loaded.info.id;
        let version = loaded.info.version;
        let names = self.directory.names(loaded).await;
        let lang = self.directory.public_lang(loaded.info.guild).await;
        let view = state.view(rules, None);
        let mut logs = Vec::new();
        for (turn, seat, part) in by_turn(events, state) {
            let lines = merge_repeats(lang, self.narrate(loaded, part, lang).await);
            if lines.is_empty() {
                continue;
            }
            let heading = match turn {
                0 => t::field_setup_log(lang),
                n => t::field_turn_log(lang, n, names[seat as usize].clone()),
            };
            logs.push((heading, tail_of(&lines, MAX_FIELD)));
        }
        let pending = state.pending();
        let waiting_users: Vec<u64> = pending
            .seats
            .iter()
            .filter_map(|&s| loaded.info.seats[s as usize].user())
            .collect();
        let question = i18n::questions::question(lang, &pending.question);
        let whose = match &pending.question {
            Question::GameOver { winner } => t::board_over(lang, names[*winner as usize].clone()),
            _ => i18n::questions::who_must(lang, [&names[0], &names[1]], &pending)
                .map(|(who, count, question)| t::board_must(lang, who, count, question))
                .unwrap_or_default(),
        };
        let away: Vec<(u64, String)> = pending
            .seats
            .iter()
            .filter_map(|&s| {
                Some((
                    loaded.info.seats[s as usize].user()?,
                    names[s as usize].clone(),
                ))
            })
            .collect();
        let now = crate::store::now_ms();
        let plain = whose.clone();
        let whose = self.presence.with_away_lines(whose, &away, lang, now).await;
        let crystals = [0, 1]
            .map(|s| {
                let cs: Vec<String> = view.players[s]
                    .crystals
                    .iter()
                    .map(|c| {
                        i18n::names::crystal(lang, &rules.pack.crystals[c.crystal as usize])
                            .to_string()
                    })
                    .collect();
                t::board_crystals(
                    lang,
                    names[s].clone(),
                    cs.len(),
                    if cs.is_empty() {
                        t::none(lang)
                    } else {
                        cs.join(", ")
                    },
                )
            })
            .join("\n");
        let initiative = render::alt::capital(&render::alt::initiative(
            lang,
            [&names[0], &names[1]],
            view.token,
        ));
        // The position in words, top unit first: for whoever reads with images off,
        // and on a phone where the picture's names are small.
        let position = render::alt::zones(
            &Table {
                rules,
                theme: &self.theme,
                names: [&names[0], &names[1]],
                lang,
            },
            &view,
        )
        .into_iter()
        .zip(&view.zones)
        .filter(|(_, z)| z.squads.iter().any(|s| !s.is_empty()))
        .map(|(line, _)| line)
        .collect::<Vec<_>>()
        .join("\n");
        // Whose move is said once a post: by the line that pings them (and the image's
        // header); the field only where nobody is pinged (the AI's move, the end) or an
        // absence adds to it.
        let pinged = pending
            .seats
            .iter()
            .any(|&s| loaded.info.seats[s as usize].user().is_some());
        let mut fields = Vec::new();
        if !pinged || whose != plain {
            fields.push((t::field_whose_move(lang), clip(&whose, MAX_FIELD)));
        }
        if let Some(clock) = clock_line(lang, loaded, &pending.seats, &names) {
            fields.push((t::field_clock(lang), clock));
        }
        fields.push((t::field_initiative(lang), initiative));
        fields.push((t::field_crystals(lang), clip(&crystals, MAX_FIELD)));
        if !position.is_empty() {
            fields.push((t::field_position(lang), clip(&position, MAX_FIELD)));
        }
        fields.extend(logs);
        // Render off the async runtime.
        let rules_of_match = loaded.rules.clone();
        let theme = self.theme.clone();
        let names2 = names.clone();
        let images = self.images;
        let png = tokio::task::spawn_blocking(move || {
            if !images {
                return Err(render::RenderError::NoBattle);
            }
            let t = Table {
                rules: &rules_of_match,
                theme: &theme,
                names: [&names2[0], &names2[1]],
                lang,
            };
            // No caption: the log is the embed's, which a phone shows at full size,
            // while the image's foot shrinks to about 5 pixels a letter at 390 pixels
            // wide.
            let alt = render::alt::board(&t, &view);
            render::board(&t, &view, &[]).map(|i| (i.png, alt))
        })
        .await;
        // An attachment, not the embed's image: Discord shows an attached image in a box
        // about 550x350 on desktop, an embed's image within about 400x300, and the
        // board's names must read at that size.
        let mut files = vec![];
        match png {
            Ok(Ok((png, alt))) => {
                let name = format!("match-{id}-v{version}.png");
                files.push(File { name, png, alt });
            }
            Ok(Err(_)) if !self.images => {}
            Ok(Err(e)) => tracing::error!(match_id = id, "the board could not be drawn: {e}"),
            Err(e) => tracing::error!(match_id = id, "the board renderer failed: {e}"),
        }
        let mut content = header.to_string();
        if !waiting_users.is_empty() {
            if !content.is_empty() {
                content.push('\n');
            }
            content.push_str(&t::your_move(
                lang,
                waiting_users
                    .iter()
                    .map(|&u| mention(u))
                    .collect::<Vec<_>>()
                    .join(" "),
                waiting_users.len(),
                question,
            ));
        }
        let over = matches!(pending.question, Question::GameOver { .. });
        let rows = if over {
            vec![Row::Buttons(vec![
                Button::new(
                    CustomId::new(id, version, Verb::Rematch).render(),
                    t::button_rematch(lang),
                    Style::Success,
                ),
                Button::new(
                    CustomId::new(id, version, Verb::Analysis).render(),
                    t::button_analysis(lang),
                    Style::Secondary,
                ),
            ])]
        } else {
            let act = match pending.question {
                Question::BattleCard => t::button_battle_card(lang),
                Question::Mulligan => t::button_mulligan(lang),
                _ => t::button_take_turn(lang),
            };
            vec![Row::Buttons(vec![
                Button::new(
                    CustomId::new(id, version, Verb::Turn).render(),
                    act,
                    Style::Primary,
                ),
                Button::new(
                    CustomId::new(id, version, Verb::Hand).render(),
                    t::button_my_hand(lang),
                    Style::Secondary,
                ),
                Button::new(
                    CustomId::new(id, version, Verb::Resign).render(),
                    t::button_resign(lang),
                    Style::Danger,
                ),
                Button::new(
                    CustomId::new(id, version, Verb::Follow).render(),
                    crate::i18n::messages::follow::button_follow(lang),
                    Style::Secondary,
                ),
            ])]
        };
        Msg {
            content: clip(&content, MAX_CONTENT),
            embed: Some(Embed {
                title: t::board_title(lang, id, state.turn, names[0].clone(), names[1].clone()),
                description: String::new(),
                fields,
                image: None,
            }),
            files,
            rows,
            pings: waiting_users,
            pace_ms: 0,
            board_of: Some(id),
        }
    }
}

/// The turn clock of whoever must act, in words and as Discord timestamps (each reader
/// sees their own time zone): "Ben: move <t:..:R> (before <t:..:f>), or forfeit", or
/// that it is paused (an absence, a moderator); a daily deadline says its hour and
/// zone. `None` for a match without a forfeit, or one that is over.
fn clock_line(lang: Lang, loaded: &Loaded, acting: &[Seat], names: &[String; 2]) -> Option<String> {
    let terms = &loaded.info.terms;
    if !terms.has_forfeit()
        || loaded.info.status == crate::store::Status::Finished
        || acting.is_empty()
    {
        return None;
    }
    let who = acting
        .iter()
        .map(|&s| names[s as usize].clone())
        .collect::<Vec<_>>()
        .join(", ");
    let line = match loaded.info.deadlines.timeout_at {
        Some(at) => t::board_clock_due(lang, who, at / 1000),
        None => t::board_clock_paused(lang, who),
    };
    Some(match &terms.clock {
        Clock::Turn => line,
        Clock::Daily { hour, zone } => {
            t::clock::board_clock_daily(lang, line, format!("{hour:02}"), zone.clone())
        }
        // What the others keep in their banks (the one who acts: the line's deadline).
        Clock::Bank { .. } => {
            let banks: Vec<String> = (0..2u8)
                .filter(|s| !acting.contains(s))
                .filter_map(|s| {
                    let left = loaded.info.banks?[s as usize];
                    let minutes = u32::try_from(left / 60_000).unwrap_or(u32::MAX);
                    let duration = crate::app::duration_in(lang, minutes);
                    Some(t::clock::bank_of(lang, names[s as usize].clone(), duration))
                })
                .collect();
            if banks.is_empty() {
                line
            } else {
                t::clock::board_clock_bank(lang, line, banks.join(", "))
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rules, Setup};

    #[test]
    fn repeats_are_told_once_with_their_count() {
        let lines = ["a", "b", "b", "c", "b", "b", "b"]
            .map(String::from)
            .to_vec();
        let merged = merge_repeats(Lang::En, lines);
        assert_eq!(merged, ["a", "b ×2", "c", "b ×3"]);
    }

    #[test]
    fn a_log_is_split_by_the_turns_it_tells() {
        let rules = Rules::base();
        let setup = Setup {
            clans: [0, 1],
            seed: 1,
            mulligan: false,
        };
        let (state, opening) = State::new(&rules, setup).unwrap();
        // The opening: the setup, then turn 1 started (told by the heading alone).
        let parts = by_turn(&opening, &state);
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].0, 0);
        let paid = Event::Paid {
            seat: 1,
            amount: 1,
            token: 0,
        };
        let passed = Event::TurnPassed { to: 0 };
        let started = Event::TurnStarted { seat: 0, turn: 8 };
        let log = [paid.clone(), passed.clone(), started, paid.clone()];
        let split: Vec<(u32, Seat, usize)> = by_turn(&log, &state)
            .into_iter()
            .map(|(t, s, e)| (t, s, e.len()))
            .collect();
        assert_eq!(split, [(7, 1, 2), (8, 0, 1)]);
        // No turn starts: the log is the state's turn.
        let split = by_turn(std::slice::from_ref(&paid), &state);
        assert_eq!((split[0].0, split[0].1), (state.turn, state.active));
    }
}
