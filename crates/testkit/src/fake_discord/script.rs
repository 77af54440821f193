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
