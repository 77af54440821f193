//! The orders of a squad's cards: listed (`for_each_order`), counted (`order_count`)
//! and picked by index (`pick_order`), alike cards (same kind and owner) swapped
//! counting once, as the module above says of every choice.

use super::likeness;
use crate::game::state::{CardId, Cards, SQUAD_CAPACITY, State};
use arrayvec::ArrayVec;

/// Calls `f` with every distinct order of `cards` (orders that differ only by swapping
/// alike cards count once). At each position the candidates are the unused cards in
/// their given order, skipping a card when an alike one comes earlier among them.
pub(in crate::game) fn for_each_order(state: &State, cards: &[CardId], mut f: impl FnMut(Cards)) {
    fn rec(cards: &[CardId], keys: &[u8], used: u32, cur: &mut Cards, f: &mut impl FnMut(Cards)) {
        if cur.len() == cards.len() {
            f(*cur);
            return;
        }
        let mut seen = 0u32;
        for i in 0..cards.len() {
            if used & (1 << i) != 0 || seen & (1 << keys[i]) != 0 {
                continue;
            }
            seen |= 1 << keys[i];
            cur.push(cards[i]);
            rec(cards, keys, used | (1 << i), cur, f);
            cur.pop();
        }
    }
    let cards = &cards[..cards.len().min(SQUAD_CAPACITY)];
    // Two or three cards read off the table `pick_order` reads (the search lists a
    // squad's orders at every reorder node it visits).
    if let Some(orders) = short_orders(state, cards) {
        for order in orders {
            f(listed_order(cards, order));
        }
        return;
    }
    let keys = order_keys(state, cards);
    rec(cards, &keys, 0, &mut Cards::new(), &mut f);
}

/// The table of the distinct orders of two or three cards (`ORDERS_OF_TWO`,
/// `ORDERS_OF_THREE`), by their keys (as `order_keys` gives them) compared directly:
/// nearly every reorder, and the general keys' lists were half its cost. `None` for
/// other lengths.
fn short_orders(state: &State, cards: &[CardId]) -> Option<&'static [[u8; 3]]> {
    let like = |i: usize| likeness(state, cards[i]);
    match cards.len() {
        2 => {
            let k1 = usize::from(like(1) != like(0));
            Some(ORDERS_OF_TWO[k1])
        }
        3 => {
            let (a, b, c) = (like(0), like(1), like(2));
            let k1 = usize::from(b != a);
            let k2 = if c == a {
                0
            } else if c == b {
                k1
            } else {
                k1 + 1
            };
            Some(ORDERS_OF_THREE[3 * k1 + k2])
        }
        _ => None,
    }
}

/// One of the distinct orders of `cards`, as `for_each_order` lists them, picked by
/// index without building the others: `pick` gets their number (n! over the product
/// of the factorials of the counts of alike cards) and returns an index below it
/// (`None` if it does not). At each position, whole blocks of orders (one per
/// candidate) are skipped until the index falls in one; once a card of a kind with
/// `c` of the `r` remaining cards takes the position, `total * c / r` of the `total`
/// orders are left, so no factorials after the first count. Two or three cards, the
/// most a squad holds outside a Horde, read their orders off a table instead.
pub(in crate::game) fn pick_order(
    state: &State,
    cards: &[CardId],
    pick: impl FnOnce(usize) -> usize,
) -> Option<Cards> {
    let cards = &cards[..cards.len().min(SQUAD_CAPACITY)];
    if let Some(orders) = short_orders(state, cards) {
        let order = orders.get(pick(orders.len()))?;
        return Some(listed_order(cards, order));
    }
    let keys = order_keys(state, cards);
    let mut counts = [0u32; SQUAD_CAPACITY];
    for &key in &keys {
        counts[key as usize] += 1;
    }
    let mut total = multinomial(keys.len() as u32, counts.iter().copied().filter(|&n| n > 1));
    let mut k = pick(total);
    if k >= total {
        return None;
    }
    let mut used = 0u32;
    let mut out = Cards::new();
    while out.len() < cards.len() {
        let remaining = cards.len() - out.len();
        let mut seen = 0u32;
        let mut chosen = None;
        for i in 0..cards.len() {
            if used & (1 << i) != 0 || seen & (1 << keys[i]) != 0 {
                continue;
            }
            seen |= 1 << keys[i];
            let block = total * counts[keys[i] as usize] as usize / remaining;
            if k < block {
                chosen = Some((i, block));
                break;
            }
            k -= block;
        }
        let (i, block) = chosen.expect("k is below the number of orders");
        used |= 1 << i;
        counts[keys[i] as usize] -= 1;
        total = block;
        out.push(cards[i]);
    }
    Some(out)
}

/// How many distinct orders `cards` has: how many `for_each_order` lists.
pub(in crate::game) fn order_count(state: &State, cards: &[CardId]) -> usize {
    let keys = order_keys(state, cards);
    let mut counts = [0u32; SQUAD_CAPACITY];
    for &key in &keys {
        counts[key as usize] += 1;
    }
    multinomial(keys.len() as u32, counts.iter().copied().filter(|&n| n > 1))
}

/// One small number per card, alike cards (same kind and owner) sharing theirs:
/// 0, 1, ... in order of first appearance, so sets of them are bit masks and counts
/// of them an array (at most `SQUAD_CAPACITY` cards).
fn order_keys(state: &State, cards: &[CardId]) -> ArrayVec<u8, SQUAD_CAPACITY> {
    // `likeness` of the cards that got key 0, 1, ...
    let mut firsts: ArrayVec<u16, SQUAD_CAPACITY> = ArrayVec::new();
    let mut keys: ArrayVec<u8, SQUAD_CAPACITY> = ArrayVec::new();
    for &c in cards.iter().take(SQUAD_CAPACITY) {
        let like = likeness(state, c);
        let key = match firsts.iter().position(|&f| f == like) {
            Some(k) => k,
            None => {
                firsts.push(like);
                firsts.len() - 1
            }
        };
        keys.push(key as u8);
    }
    keys
}

/// 0! to 16!: a squad's orders are counted at every reorder.
const FACTORIALS: [u64; SQUAD_CAPACITY + 1] = {
    let mut f = [1u64; SQUAD_CAPACITY + 1];
    let mut n = 1;
    while n <= SQUAD_CAPACITY {
        f[n] = f[n - 1] * n as u64;
        n += 1;
    }
    f
};

/// The distinct orders of two cards, as `for_each_order` lists them, by the second
/// card's key (`order_keys`; the first one's is 0): positions into the cards, the
/// third one unused (rows of three, as in `ORDERS_OF_THREE`).
const ORDERS_OF_TWO: [&[[u8; 3]]; 2] = [&[[0, 1, 0]], &[[0, 1, 0], [1, 0, 0]]];

/// The same for three cards, by the keys of the second and third cards as
/// `3 * k1 + k2`. Pattern 2 (keys 0, 0, 2) cannot occur.
const ORDERS_OF_THREE: [&[[u8; 3]]; 6] = [
    &[[0, 1, 2]],
    &[[0, 1, 2], [0, 2, 1], [2, 0, 1]],
    &[],
    &[[0, 1, 2], [0, 2, 1], [1, 0, 2]],
    &[[0, 1, 2], [1, 0, 2], [1, 2, 0]],
    &[
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ],
];

/// A row of the short orders' tables (`short_orders`) as the cards it puts in order.
/// The table reads were cheaper than the general count's divisions and
/// data-dependent branches, most of the cost of a reorder question.
fn listed_order(cards: &[CardId], order: &[u8; 3]) -> Cards {
    order[..cards.len()]
        .iter()
        .map(|&i| cards[usize::from(i)])
        .collect()
}

/// n! / (c1! c2! ...) for counts summing to n (n is at most 16, so it fits).
fn multinomial(n: u32, counts: impl Iterator<Item = u32>) -> usize {
    let mut total = FACTORIALS[n as usize];
    for c in counts {
        total /= FACTORIALS[c as usize];
    }
    total as usize
}

/// Whether the squad can be put in more than one order (two units that are not alike).
pub(in crate::game) fn has_several_orders(state: &State, squad: &[CardId]) -> bool {
    // The top unit's likeness once, not once per unit (asked before every reorder).
    let Some(&top) = squad.first() else {
        return false;
    };
    let top = likeness(state, top);
    squad[1..].iter().any(|&c| likeness(state, c) != top)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::choice::tests::position;

    /// Same kind and owner.
    fn alike(state: &State, a: CardId, b: CardId) -> bool {
        likeness(state, a) == likeness(state, b)
    }

    #[test]
    fn picked_order_is_the_listed_order_at_that_index() {
        let (_, state) = position();
        let draw = &state.players[1].draw;
        for cards in [&draw[..1], &draw[..3], &draw[4..9], &draw[..7]] {
            let mut listed = Vec::new();
            for_each_order(&state, cards, |o| listed.push(o));
            for k in 0..listed.len() {
                let mut asked = None;
                let picked = pick_order(&state, cards, |n| {
                    asked = Some(n);
                    k
                });
                assert_eq!(asked, Some(listed.len()), "number of orders of {cards:?}");
                assert_eq!(order_count(&state, cards), listed.len(), "{cards:?}");
                assert_eq!(picked.as_ref(), Some(&listed[k]), "order #{k} of {cards:?}");
            }
            assert_eq!(
                pick_order(&state, cards, |n| n),
                None,
                "an index past the end"
            );
        }
        let mut seven = 0;
        for_each_order(&state, &draw[..7], |_| seven += 1);
        assert!(seven < 5040, "some of the seven cards are alike");
    }

    /// Every order of `cards` picked one by one is the one listed at that index.
    fn assert_picks_match_the_list(state: &State, cards: &[CardId]) {
        let mut listed = Vec::new();
        for_each_order(state, cards, |o| listed.push(o));
        for (k, order) in listed.iter().enumerate() {
            let picked = pick_order(state, cards, |n| {
                assert_eq!(n, listed.len(), "number of orders of {cards:?}");
                k
            });
            assert_eq!(picked.as_ref(), Some(order), "order #{k} of {cards:?}");
        }
        assert_eq!(pick_order(state, cards, |n| n), None, "past the end");
    }

    #[test]
    fn the_table_of_short_orders_lists_what_the_walk_lists() {
        let (_, state) = position();
        let pile: Vec<CardId> = state.players[0].draw.iter().copied().collect();
        let copies = |of: CardId| -> Vec<CardId> {
            pile.iter()
                .copied()
                .filter(|&c| alike(&state, of, c))
                .collect()
        };
        let a = *pile
            .iter()
            .max_by_key(|&&c| copies(c).len())
            .expect("a full pile");
        let twins = copies(a);
        assert!(twins.len() >= 2, "a deck holds two copies of a card");
        let b = *pile.iter().find(|&&c| !alike(&state, a, c)).unwrap();
        let c = *pile
            .iter()
            .find(|&&c| !alike(&state, a, c) && !alike(&state, b, c))
            .unwrap();
        // Every pattern of likeness of two and three cards: all apart, a pair in each
        // place, all alike (the deck has three copies of its commonest card).
        let mut pool = vec![twins[0], twins[1], b, c];
        pool.extend(twins.get(2));
        for &x in &pool {
            for &y in pool.iter().filter(|&&y| y != x) {
                assert_picks_match_the_list(&state, &[x, y]);
                for &z in pool.iter().filter(|&&z| z != x && z != y) {
                    assert_picks_match_the_list(&state, &[x, y, z]);
                }
            }
        }
    }
}
