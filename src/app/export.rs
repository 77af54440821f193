//! `/clans export`: a match's public record, as a text file (every public action in the
//! log's words, numbered, under its turn) and as JSON (the same actions as the engine's
//! events, as a spectator sees them), sent privately to the asker.
//!
//! Who may have it: a player of the match, at any time; anyone in the server where it
//! was played, once it has ended (an unknown match and one the asker may not see get
//! the same answer, as a replay's). Built only from the events redacted for a spectator
//! (`Event::redact(None)`): no hand, no secret battle card before its reveal, no deck
//! order, no seed, no raw input. A player's own secrets are left out too: the record is
//! the public one, whoever asks.

use super::msg::{File, Msg};
use super::replay::Replays;
use super::{Outcome, Place};
use crate::game::{Event, Rules, Seat, Setup, State};
use crate::i18n::Lang;
use crate::i18n::messages::log as lt;
use crate::i18n::narration::Narrator;
use crate::store::{MatchId, Status, StoreError, StoredInput};
use serde::Serialize;

/// One input's public part: its number in the log, the turn it was made in, who made
/// it, and what a spectator saw (the log's lines, the redacted events).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Step {
    pub n: usize,
    pub turn: u32,
    /// `None`: the deal, before anyone acted.
    pub seat: Option<Seat>,
    pub lines: Vec<String>,
    pub events: Vec<Event>,
}

/// A match's public record.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Record {
    #[serde(rename = "match")]
    pub match_id: MatchId,
    pub players: [String; 2],
    pub clans: [String; 2],
    /// "win", "resign", "timeout", "abandoned" (`None`: still being played).
    pub result: Option<&'static str>,
    /// The seat that won.
    pub winner: Option<Seat>,
    pub steps: Vec<Step>,
}

/// The public record of a match set up with `setup` whose inputs in force are
/// `inputs`, narrated in `lang` with the players' `names`. Pure: the same match gives
/// the same record.
pub fn record(
    rules: &Rules,
    setup: Setup,
    version: u32,
    inputs: &[StoredInput],
    names: [&str; 2],
    lang: Lang,
) -> Result<(State, Vec<Step>), String> {
    let (mut state, opening) = State::new_under(rules, setup, version)?;
    let narrate = |state: &State, events: &[Event]| -> (Vec<String>, Vec<Event>) {
        let public: Vec<Event> = events.iter().map(|e| e.redact(None)).collect();
        let n = Narrator {
            rules,
            kinds: &state.kinds,
            names,
            lang,
        };
        (n.lines(&public), public)
    };
    let (lines, events) = narrate(&state, &opening);
    let mut steps = vec![Step {
        n: 0,
        turn: state.turn,
        seat: None,
        lines,
        events,
    }];
    for (i, inp) in inputs.iter().enumerate() {
        let turn = state.turn;
        let events = state
            .apply(rules, inp.seat, &inp.input)
            .map_err(|e| format!("input #{}: {e}", inp.seq))?;
        let (lines, events) = narrate(&state, &events);
        steps.push(Step {
            n: i + 1,
            turn,
            seat: Some(inp.seat),
            lines,
            events,
        });
    }
    Ok((state, steps))
}

impl Record {
    /// The text file: a heading, the result, then every public action, numbered by the
    /// input that made it (0: the deal; an input that showed a spectator nothing is
    /// left out, its number skipped).
    pub fn text(&self, lang: Lang) -> String {
        use crate::i18n::messages::export as t;
        let mut out = vec![t::export_heading(
            lang,
            self.match_id,
            self.players[0].clone(),
            self.clans[0].clone(),
            self.players[1].clone(),
            self.clans[1].clone(),
        )];
        out.push(match (self.result, self.winner) {
            (None, _) => t::export_running(lang),
            (Some(how), Some(w)) => t::export_won(lang, self.players[w as usize].clone(), how),
            (Some(_), None) => t::export_no_winner(lang),
        });
        out.push(String::new());
        // The log's own lines say when a turn starts ("Turn 3: Ben to act.").
        for s in &self.steps {
            for line in &s.lines {
                out.push(format!("{}. {line}", s.n));
            }
        }
        out.join("\n") + "\n"
    }
}

impl Replays {
    /// `/clans export match:N`: the record as two files, privately.
    pub async fn export(&self, match_id: MatchId, user: u64, place: Place) -> Outcome {
        use crate::i18n::messages::export as t;
        let lang = self.directory.user_lang(user).await;
        let unknown = || Outcome::private(lt::replay_unknown(lang, match_id));
        let loaded = match self.store.load(match_id).await {
            Ok(l) => l,
            Err(StoreError::NotFound(_)) => return unknown(),
            Err(e) => return Outcome::private(self.faults.told(lang, Some(match_id), &e)),
        };
        let player = super::clans::seat_of(&loaded, user).is_some();
        let home = place.guild.is_some() && place.guild == loaded.info.guild;
        if !player && !home {
            return unknown();
        }
        let finished = loaded.info.status == Status::Finished;
        if !player && !finished {
            return Outcome::private(t::export_still_playing(lang, match_id));
        }
        let inputs = match self.store.inputs(match_id).await {
            Ok(i) => i,
            Err(e) => return Outcome::private(self.faults.told(lang, Some(match_id), &e)),
        };
        let result = match self.store.result(match_id).await {
            Ok(r) => r,
            Err(e) => return Outcome::private(self.faults.told(lang, Some(match_id), &e)),
        };
        let names = self.directory.names(&loaded).await;
        let clans = [0, 1].map(|s| self.directory.clan_name(lang, loaded.info.setup.clans[s]));
        let rules = loaded.rules.clone();
        let setup = loaded.info.setup.clone();
        let version = loaded.info.rules_version;
        let built = {
            let names = names.clone();
            tokio::task::spawn_blocking(move || {
                record(
                    &rules,
                    setup,
                    version,
                    &inputs,
                    [&names[0], &names[1]],
                    lang,
                )
            })
            .await
        };
        let steps = match built {
            Ok(Ok((_, steps))) => steps,
            Ok(Err(e)) => {
                tracing::error!(match_id, "the export could not replay the match: {e}");
                return Outcome::private(t::export_failed(lang, match_id));
            }
            Err(e) => {
                tracing::error!(match_id, "the export failed: {e}");
                return Outcome::private(t::export_failed(lang, match_id));
            }
        };
        let record = Record {
            match_id,
            players: names,
            clans,
            result: result.as_ref().map(|r| r.reason.as_str()),
            winner: result.as_ref().and_then(|r| r.winner),
            steps,
        };
        let json = serde_json::to_vec_pretty(&record).unwrap_or_default();
        let text = record.text(lang);
        Outcome {
            reply: Some(Msg {
                files: vec![
                    File {
                        name: format!("match-{match_id}.txt"),
                        png: text.into_bytes(),
                        alt: t::export_alt_text(lang, match_id),
                    },
                    File {
                        name: format!("match-{match_id}.json"),
                        png: json,
                        alt: t::export_alt_json(lang, match_id),
                    },
                ],
                ..Msg::text(t::export_done(lang, match_id, record.steps.len() - 1))
            }),
            ..Outcome::default()
        }
    }
}
