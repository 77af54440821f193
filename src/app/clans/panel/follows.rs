//! What follows a move, said on its confirmation before the player commits to it: the
//! turn ends (and who takes it, with how much initiative), a battle follows (where),
//! the player acts again, or someone must answer a question. Worked out by playing the
//! move on a copy of the match: the engine is pure, so the copy tells exactly what the
//! real move will do. Only what becomes public at once is said (whose turn, the
//! initiative, a battle's zone), never a card the move would draw.

use super::Players;
use crate::game::{Input, Question, Rules, Seat, State};
use crate::i18n::messages::panel as p;
use crate::i18n::{Lang, questions};

/// The consequence of `seat` answering `input`, in a sentence; `None` when the engine
/// refuses it (a stale choice: the click is answered as such).
pub fn follows(
    lang: Lang,
    players: Players,
    rules: &Rules,
    state: &State,
    seat: Seat,
    input: &Input,
) -> Option<String> {
    let mut after = state.clone();
    after.apply(rules, seat, input).ok()?;
    let name = |s: Seat| match players {
        Some(names) => names[s as usize & 1].to_string(),
        None => crate::render::words::player(lang, s),
    };
    if after.winner == Some(seat) {
        return Some(p::follows_win(lang));
    }
    if let (Some(b), None) = (&after.battle, &state.battle) {
        return Some(p::follows_battle(
            lang,
            super::zone(lang, players, rules, b.zone, seat),
        ));
    }
    if after.active != state.active && after.winner.is_none() {
        let next = after.active;
        return Some(p::follows_turn_ends(
            lang,
            name(next),
            after.initiative(next).max(0),
        ));
    }
    let pending = after.pending();
    if matches!(pending.question, Question::GameOver { .. }) {
        return None;
    }
    let names = [name(0), name(1)];
    let (who, count, question) = questions::who_must(lang, [&names[0], &names[1]], &pending)?;
    Some(match pending.seats.as_slice() {
        [s] if *s == seat && pending.question == Question::Action => p::follows_again(
            lang,
            crate::render::alt::initiative_of(lang, [&names[0], &names[1]], after.token, seat),
        ),
        [s] if *s == seat => p::follows_you(lang, question),
        _ => p::follows_question(lang, who, count, question),
    })
}
