//! Scripting matches through the fake: which move a scripted player makes.

/// A legal choice (an index into `legal`) that keeps a scripted match moving towards a
/// winner: a score or an invasion when offered (without them, a spread of choices can
/// walk units around for ever), battles when offered, activations often, otherwise a
/// spread of the choices by `step`.
pub fn lively_pick(legal: &[crate::game::Input], step: usize) -> usize {
    use crate::game::Input;
    let first = |f: fn(&Input) -> bool| legal.iter().position(f);
    if let Some(i) = first(|i| matches!(i, Input::Score(_)))
        .or_else(|| first(|i| matches!(i, Input::Invade)))
        .or_else(|| first(|i| *i == Input::Battle(true)))
    {
        return i;
    }
    if !step.is_multiple_of(3)
        && let Some(i) = legal.iter().position(|i| matches!(i, Input::Activate(_)))
    {
        return i;
    }
    (step * 7 + 3) % legal.len()
}

/// The choice of a newcomer in `/clans learn` who does only what the lessons say
/// (`app::learn::lessons`): take a crystal when the panel offers one; on an action,
/// activate a squad (the first offered), or when none can be, summon as many units as
/// one summon takes; move the whole squad into a zone that touches it,
/// where an enemy squad or an empty crystal zone waits if one does (else out of its
/// home, onwards); battle when asked;
/// anything the lessons do not speak of (a battle card, an order, a draw) is the
/// panel's first option. An index into `state.legal(rules, seat)`.
pub fn learner_pick(
    rules: &crate::game::Rules,
    state: &crate::game::State,
    seat: crate::game::Seat,
) -> usize {
    use crate::game::board::ZoneKind;
    use crate::game::{Input, Question};
    let legal = state.legal(rules, seat);
    let first = |f: &dyn Fn(&Input) -> bool| legal.iter().position(f);
    if let Some(i) =
        first(&|i| matches!(i, Input::Score(_))).or_else(|| first(&|i| *i == Input::Battle(true)))
    {
        return i;
    }
    let summon = || {
        legal
            .iter()
            .enumerate()
            .filter_map(|(i, input)| match input {
                Input::Summon(cs) => Some((cs.len(), std::cmp::Reverse(i))),
                _ => None,
            })
            .max()
            .map(|(_, std::cmp::Reverse(i))| i)
    };
    match state.pending().question {
        Question::Action => first(&|i| matches!(i, Input::Activate(_)))
            .or_else(summon)
            .unwrap_or(0),
        Question::Move { zone } => {
            let whole = state.squad(zone, seat).len();
            let inviting = |to: u8| {
                !state.squad(to, 1 - seat).is_empty()
                    || (rules.board.zones[to as usize].kind == ZoneKind::Crystal
                        && state.squad(to, seat).is_empty())
            };
            let home = |to: u8| rules.board.zones[to as usize].seat == Some(seat);
            let whole_to = |want: &dyn Fn(u8) -> bool| {
                first(
                    &|i| matches!(i, Input::Move { cards, to } if cards.len() == whole && want(*to)),
                )
            };
            whole_to(&inviting)
                .or_else(|| whole_to(&|to| !home(to)))
                .or_else(|| first(&|i| matches!(i, Input::Stay)))
                .unwrap_or(0)
        }
        _ => 0,
    }
}
