//! Information-set Monte Carlo tree search (single-observer ISMCTS with UCT).
//!
//! Each iteration samples one state consistent with the bot's view (see
//! `determinize.rs`: the opponent's hand, both draw orders, an unrevealed battle card,
//! the crystal deck, the RNG), then walks the tree from the root with that state:
//!
//! - A node is a sequence of decisions from the current question. Its edges are keyed
//!   by what an answer means (`key.rs`), so the same decision in different samples
//!   shares its statistics. Which answers exist depends on the sample, so every arm
//!   counts how often it was available, and UCB uses that count (ISMCTS).
//! - **Simultaneous secret choices** (both seats picking battle cards or mulligans)
//!   are decoupled: each waiting seat picks from its own bandit at the node, without
//!   seeing the other's pick, and the pair leads to the child. The opponent's pick is
//!   thus chosen as if unseen, and the search cannot read it.
//! - **Progressive widening.** A node offers a seat only as many answers as the
//!   square root of its visits allows (times `Params::widening`); the next one added
//!   is the untried answer the static evaluation likes best once the action it
//!   belongs to has played out (its prior). A summon alone can offer dozens of
//!   answers, and trying each once before any twice (the search of commit 8aee4f0,
//!   `BASELINE`) spent most of a decision's iterations at the first levels; widening
//!   lets the promising lines go deeper.
//! - When an arm is added the tree grows by one node, then the rollout policy
//!   (`policy.rs`: the cheap choice, but an activated squad looks one action ahead for
//!   its move and battle) plays on for a while and the static evaluation scores the
//!   result (an exact 1/0 if the match ended). Both seats' arms on the path are updated,
//!   each with its own seat's reward.
//!
//! The answer played is the root arm tried most often. The search stops at its
//! iteration budget or its time budget, whichever comes first.

use super::determinize::Sampler;
use super::seen::{NO_ARM, Seen};
use super::{Bot, Budget, eval, key, policy};
use crate::game::rng::{below, shuffle};
use crate::game::{CardId, Input, Rules, Seat, State, View};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use std::sync::LazyLock;
use std::time::Instant;

/// Search parameters besides the budget.
#[derive(Debug, Clone, Copy)]
pub struct Params {
    /// UCB exploration constant (rewards are in 0..1).
    pub exploration: f32,
    /// Answers the default policy plays after the tree before the evaluation.
    pub rollout_inputs: u32,
    /// Progressive widening: at most `widening * sqrt(visits + 1)` answers tried at a
    /// node, the next one chosen by the static evaluation (0: off).
    pub widening: f32,
    /// Rollouts look one action ahead for an activated squad's move and battle
    /// (`policy::playout`).
    pub squad_lookahead: bool,
    /// A decision (`Bot::decide`) stops once its most tried answer leads every other
    /// by more than the iterations left: none can overtake it, so the answer is the
    /// one the whole budget would choose. The later iterations are the dearest (the
    /// tree is deepest), and a normal decision spent about a third of its time after the
    /// answer was settled. Ratings (a hint, the analysis) spend the whole budget.
    pub stop_when_decided: bool,
}

pub const PARAMS: Params = Params {
    widening: 1.0,
    exploration: 0.4,
    rollout_inputs: 10,
    squad_lookahead: true,
    stop_when_decided: true,
};

/// Today's search spending its whole budget on every decision, as it did before
/// `stop_when_decided`: what the early stop is measured against (`mcts-full`).
pub const FULL_BUDGET: Params = Params {
    stop_when_decided: false,
    ..PARAMS
};

/// The search of commit 8aee4f0: every answer tried once before any is tried again,
/// in random order, a wider exploration, and rollouts of the cheap choice only.
pub const BASELINE: Params = Params {
    widening: 0.0,
    exploration: 0.7,
    rollout_inputs: 10,
    squad_lookahead: false,
    stop_when_decided: false,
};

#[derive(Debug, Clone)]
struct Arm {
    key: u64,
    visits: u32,
    reward: f32,
    avail: u32,
}

#[derive(Debug, Clone, Default)]
struct Node {
    /// Per seat, the answers tried at this node.
    arms: [Vec<Arm>; 2],
    /// Children by the joint key of the answers given.
    children: Vec<(u64, u32)>,
    /// Per seat, the visits of the node's arms in total.
    visits: [u32; 2],
    /// Per seat, every answer seen at this node, by key (`seen.rs`).
    seen: [Seen; 2],
}

pub struct MctsBot {
    rng: Pcg32,
    budget: Budget,
    params: Params,
    name: String,
    last_iterations: u64,
}

impl MctsBot {
    pub fn new(seed: u64, budget: Budget) -> MctsBot {
        MctsBot {
            rng: Pcg32::seed_from_u64(seed),
            budget,
            params: PARAMS,
            name: "mcts".into(),
            last_iterations: 0,
        }
    }

    pub fn with_name(mut self, name: String) -> MctsBot {
        self.name = name;
        self
    }

    pub fn with_params(mut self, params: Params) -> MctsBot {
        self.params = params;
        self
    }

    /// Chooses one of `legal` (each with its key) for the seat at `node` (UCB over the
    /// arms available in this sample; an untried one first). Returns the arm, the
    /// answer and whether the arm is new.
    fn select(
        &mut self,
        rules: &Rules,
        node: &mut Node,
        seat: Seat,
        state: &State,
        (legal, keys): (&[Input], &[u64]),
        avail_idx: &mut Vec<(usize, usize)>,
    ) -> (usize, usize, bool) {
        let node_visits = node.visits[seat as usize];
        node.visits[seat as usize] += 1;
        // Unique to this call at this node and seat, never 0 (a new answer's stamp).
        let stamp = node_visits + 1;
        let arms = &mut node.arms[seat as usize];
        let seen = &mut node.seen[seat as usize];
        let mut untried: arrayvec::ArrayVec<(usize, u64), 64> = arrayvec::ArrayVec::new();
        let mut untried_count = 0u32;
        let mut best = (f32::NEG_INFINITY, usize::MAX, 0usize);
        // First pass: availability, and the untried answers.
        avail_idx.clear();
        for (li, &k) in keys.iter().enumerate() {
            let at = seen.find_or_add(k, keys.len());
            let e = &mut seen[at];
            if e.stamp == stamp {
                continue;
            }
            e.stamp = stamp;
            if e.arm != NO_ARM {
                arms[e.arm as usize].avail += 1;
                avail_idx.push((e.arm as usize, li));
                continue;
            }
            // Reservoir sampling over the untried answers.
            untried_count += 1;
            if untried.len() < untried.capacity() {
                untried.push((li, k));
            } else {
                let j = below(&mut self.rng, untried_count) as usize;
                if j < untried.len() {
                    // Out of the sample: a later duplicate counts as new again.
                    if let Some(out) = seen.find(untried[j].1) {
                        seen[out].stamp = 0;
                    }
                    untried[j] = (li, k);
                }
            }
        }
        // Progressive widening: a node grows an arm while it has fewer than
        // `widening * sqrt(visits)` (the game's wide action choices would otherwise
        // spend a decision's budget trying each summon once), the most promising first.
        let widen = self.params.widening > 0.0;
        let limit = if widen {
            (self.params.widening * ((node_visits + 1) as f32).sqrt()).ceil() as usize
        } else {
            usize::MAX
        };
        if !untried.is_empty() && (avail_idx.len() < limit || avail_idx.is_empty()) {
            let (li, k) = if widen && untried.len() > 1 {
                // One stream for every answer priced here, so they are compared on
                // the same luck (common random numbers, as greedy does).
                let stream = self.rng.next_u64();
                let mut best = (f32::NEG_INFINITY, 0usize);
                for (j, &(li, k)) in untried.iter().enumerate() {
                    let e = seen.find(k).expect("every answer offered is seen");
                    let mut v = seen[e].prior;
                    if v.is_nan() {
                        v = prior(rules, state, seat, &legal[li], stream, &mut self.rng);
                        seen[e].prior = v;
                    }
                    if v > best.0 {
                        best = (v, j);
                    }
                }
                untried[best.1]
            } else {
                untried[below(&mut self.rng, untried.len() as u32) as usize]
            };
            arms.push(Arm {
                key: k,
                visits: 0,
                reward: 0.0,
                avail: 1,
            });
            let e = seen.find(k).expect("every answer offered is seen");
            seen[e].arm = (arms.len() - 1) as u32;
            return (arms.len() - 1, li, true);
        }
        let c = self.params.exploration;
        for &(ai, li) in avail_idx.iter() {
            let a = &arms[ai];
            let n = a.visits.max(1) as f32;
            let ucb = a.reward / n + c * (ln(a.avail) / n).sqrt();
            if ucb > best.0 {
                best = (ucb, ai, li);
            }
        }
        (best.1, best.2, false)
    }

    /// Runs the search and returns the root statistics of `me` (key, visits, mean);
    /// `until_decided`: stops once the most tried answer is settled
    /// (`Params::stop_when_decided`).
    fn search(
        &mut self,
        rules: &Rules,
        sampler: &Sampler,
        me: Seat,
        until_decided: bool,
    ) -> (Vec<(u64, u32, f32)>, u64) {
        let deal = |rng: &mut Pcg32, s: &mut State| sampler.deal(rng, s);
        // The sampler keeps everything the seat sees, so its answers are the same in
        // every sample.
        self.search_from(rules, sampler.base(), &deal, me, true, until_decided)
    }

    /// The same search from a known position: the post-game analysis (`analysis.rs`),
    /// where every card's place is known (hands, battle cards) but not what was still to
    /// come. Each iteration starts from `state` with both draw piles and the crystal
    /// deck shuffled and the generator reseeded, so a chance to win is a chance over
    /// the draws a player could not know, not a replay of the ones that came. Returns
    /// the root statistics of `me` (key, visits, mean reward) and the iterations run.
    pub fn search_known(
        &mut self,
        rules: &Rules,
        state: &State,
        me: Seat,
    ) -> (Vec<(u64, u32, f32)>, u64) {
        // The future dealt anew reorders the draw piles: the seat's answers are the
        // same in every iteration unless she is looking at the top of one (Inform).
        let in_draw = |c: &CardId| state.players.iter().any(|p| p.draw.contains(c));
        let fixed_root = !state.peek(me).iter().any(in_draw);
        self.search_from(rules, state, &unknown_future, me, fixed_root, false)
    }

    /// The search. Each iteration starts from a copy of `base` that `deal` completes (a
    /// sample of the hidden cards, or the known state's future), written over the last
    /// iteration's state: a new state each time was an allocation and a free. With
    /// `fixed_root`, `me`'s answers at the root are the same in every iteration, and
    /// are listed and keyed once: the root's are the widest lists of the tree. With
    /// `until_decided`, it stops as soon as `me`'s most tried answer at the root can
    /// no longer be overtaken.
    fn search_from(
        &mut self,
        rules: &Rules,
        base: &State,
        deal: &dyn Fn(&mut Pcg32, &mut State),
        me: Seat,
        fixed_root: bool,
        until_decided: bool,
    ) -> (Vec<(u64, u32, f32)>, u64) {
        let start = Instant::now();
        let mut nodes: Vec<Node> = vec![Node::default()];
        let mut path: Vec<(usize, [Option<usize>; 2])> = Vec::new();
        // Buffers every step of every iteration reuses: the legal answers of each
        // seat, the events of an answer, the arms available at a node.
        let mut legal: [Vec<Input>; 2] = [Vec::new(), Vec::new()];
        let mut keys: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
        let mut root: Option<(Vec<Input>, Vec<u64>)> = None;
        let mut events = Vec::new();
        let mut avail = Vec::new();
        let mut iterations = 0u64;
        let mut state = base.clone();
        while iterations < self.budget.iterations as u64 {
            if let Some(t) = self.budget.time
                && iterations > 0
                && start.elapsed() >= t
            {
                break;
            }
            // Every 16 iterations: the look over the root's arms costs less than
            // the iterations it would save by looking each time.
            if until_decided
                && iterations.is_multiple_of(16)
                && settled(
                    &nodes[0].arms[me as usize],
                    self.budget.iterations as u64 - iterations,
                )
            {
                break;
            }
            iterations += 1;
            state.clone_from(base);
            deal(&mut self.rng, &mut state);
            path.clear();
            let mut node = 0usize;
            while state.winner.is_none() {
                let seats = state.waiting();
                let mut picks: [Option<(usize, Input, u64)>; 2] = [None, None];
                let mut grew = false;
                let mut joint = 0xcbf2_9ce4_8422_2325u64;
                for &seat in &seats {
                    let (legal, keys) = match &mut root {
                        Some((fixed, keys)) if node == 0 && seat == me => {
                            if cfg!(debug_assertions) {
                                state.legal_into(rules, seat, &mut legal[seat as usize]);
                                assert_eq!(
                                    legal[seat as usize], *fixed,
                                    "the root's answers moved"
                                );
                                let keyer = key::Keys::new(&state);
                                let now = fixed.iter().map(|i| keyer.key(i));
                                assert!(now.eq(keys.iter().copied()), "the root's keys moved");
                            }
                            (&*fixed, &*keys)
                        }
                        _ => {
                            let (legal, keys) =
                                (&mut legal[seat as usize], &mut keys[seat as usize]);
                            state.legal_into(rules, seat, legal);
                            let keyer = key::Keys::new(&state);
                            keys.clear();
                            keys.extend(legal.iter().map(|i| keyer.key(i)));
                            if fixed_root && node == 0 && seat == me {
                                root = Some((legal.clone(), keys.clone()));
                            }
                            (&*legal, &*keys)
                        }
                    };
                    let n = &mut nodes[node];
                    let (ai, li, new) =
                        self.select(rules, n, seat, &state, (legal, keys), &mut avail);
                    let k = n.arms[seat as usize][ai].key;
                    grew |= new;
                    joint = (joint ^ k ^ (seat as u64 + 1)).wrapping_mul(0x0000_0100_0000_01b3);
                    picks[seat as usize] = Some((ai, legal[li], k));
                }
                for (n, &seat) in seats.iter().enumerate() {
                    if let Some((_, input, _)) = &picks[seat as usize] {
                        events.clear();
                        if n == 0 {
                            // `legal` offered it in this very state.
                            state.apply_legal_into(rules, seat, input, &mut events);
                        } else {
                            // Checked: the second of two secret answers was offered
                            // before the first was applied.
                            state
                                .apply_into(rules, seat, input, &mut events)
                                .expect("a legal input is accepted");
                        }
                    }
                }
                path.push((node, picks.map(|p| p.map(|(ai, _, _)| ai))));
                let child = nodes[node]
                    .children
                    .iter()
                    .find(|(k, _)| *k == joint)
                    .map(|&(_, c)| c as usize);
                node = match child {
                    Some(c) => c,
                    None => {
                        nodes.push(Node::default());
                        let c = nodes.len() - 1;
                        nodes[node].children.push((joint, c as u32));
                        grew = true;
                        c
                    }
                };
                if grew {
                    break;
                }
            }
            if state.winner.is_none() {
                policy::playout(
                    rules,
                    &mut state,
                    &mut self.rng,
                    self.params.rollout_inputs,
                    self.params.squad_lookahead,
                );
            }
            let r0 = eval::value(rules, &state, 0);
            for (n, arms) in &path {
                for (seat, arm) in arms.iter().enumerate() {
                    if let Some(ai) = *arm {
                        let a = &mut nodes[*n].arms[seat][ai];
                        a.visits += 1;
                        a.reward += if seat == 0 { r0 } else { 1.0 - r0 };
                    }
                }
            }
        }
        let root = nodes[0].arms[me as usize]
            .iter()
            .map(|a| (a.key, a.visits, a.reward / a.visits.max(1) as f32))
            .collect();
        (root, iterations)
    }
}

impl Bot for MctsBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(&mut self, rules: &Rules, view: &View, legal: &[Input]) -> Input {
        self.last_iterations = 0;
        if legal.len() == 1 {
            return legal[0];
        }
        match self.rated(rules, view, legal, true).first() {
            Some(best) => best.input,
            None => legal[policy::pick(legal, &mut self.rng)],
        }
    }

    fn last_iterations(&self) -> u64 {
        self.last_iterations
    }
}

/// One of a seat's answers as the search rated it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rated {
    pub input: Input,
    /// How many of the search's iterations tried it (the search's choice is the most
    /// tried).
    pub visits: u32,
    /// Its mean reward for the seat: the search's chance to win after it.
    pub mean: f32,
}

impl MctsBot {
    /// The search `decide` runs, from what `view` shows (hidden cards sampled, never
    /// read), with its rating of each answer it tried, its choice first (most tried,
    /// then best mean), after the whole budget. A hint shows the first with its
    /// chance. Empty when the view cannot be sampled.
    pub fn rate(&mut self, rules: &Rules, view: &View, legal: &[Input]) -> Vec<Rated> {
        self.rated(rules, view, legal, false)
    }

    /// `rate`, stopped early once the choice is settled if `until_decided` (and the
    /// parameters allow it): the other ratings are then those of fewer iterations.
    fn rated(
        &mut self,
        rules: &Rules,
        view: &View,
        legal: &[Input],
        until_decided: bool,
    ) -> Vec<Rated> {
        let Ok(sampler) = Sampler::new(rules, view) else {
            return Vec::new();
        };
        let me = sampler.seat();
        let until_decided = until_decided && self.params.stop_when_decided;
        let (root, iterations) = self.search(rules, &sampler, me, until_decided);
        self.last_iterations = iterations;
        // The keys of the seat's own answers are the same in every sample.
        let probe = sampler.sample(&mut Pcg32::seed_from_u64(0));
        let keys = key::Keys::new(&probe);
        let mut out: Vec<(usize, Rated)> = root
            .iter()
            .enumerate()
            .filter_map(|(i, &(k, visits, mean))| {
                let input = *legal.iter().find(|l| keys.key(l) == k)?;
                let rated = Rated {
                    input,
                    visits,
                    mean,
                };
                Some((i, rated))
            })
            .collect();
        // Of equal arms the later one first, as the search always chose (`max_by`).
        out.sort_by(|(i, a), (j, b)| {
            (b.visits.cmp(&a.visits))
                .then(b.mean.total_cmp(&a.mean))
                .then(j.cmp(i))
        });
        out.into_iter().map(|(_, r)| r).collect()
    }
}

/// `ln(n)`, the same value as `(n as f32).ln()`: read from a table for the counts most
/// arms have. The selection takes one for every answer available at every node it
/// passes, and the library's logarithm was a hundredth of the search.
fn ln(n: u32) -> f32 {
    static TABLE: LazyLock<Vec<f32>> =
        LazyLock::new(|| (0..4096u32).map(|n| (n as f32).ln()).collect());
    match TABLE.get(n as usize) {
        Some(&v) => v,
        None => (n as f32).ln(),
    }
}

/// Whether the most tried of `arms` is chosen whatever `left` more iterations do: each
/// iteration adds one visit to one of the seat's arms at the root, so no other arm can
/// gain more than `left`, and a lead of more than that cannot be caught even on the
/// mean that breaks ties in visits.
fn settled(arms: &[Arm], left: u64) -> bool {
    let (mut first, mut second) = (0u32, 0u32);
    for a in arms {
        if a.visits > first {
            second = first;
            first = a.visits;
        } else if a.visits > second {
            second = a.visits;
        }
    }
    u64::from(first - second) > left
}

/// How promising `input` looks to `seat` before it is tried: the static evaluation
/// once the action it belongs to has played out (the default policy finishes it from
/// `stream`, as greedy's lookahead does), with a tiny random part so that equal answers
/// come in random order. Most answers change nothing the evaluation sees until their
/// action ends (an activation, a move into a zone, the offer of a battle: what they are
/// worth is the battle after them), so the evaluation right after the answer ranked
/// them by chance. Finishing the action made the search win 10 points more often
/// against greedy at 300 iterations and 2.6 points at 2,000 (docs/balance.md, "Fifth
/// round").
fn prior(
    rules: &Rules,
    state: &State,
    seat: Seat,
    input: &Input,
    stream: u64,
    rng: &mut Pcg32,
) -> f32 {
    policy::played_out_legal(rules, state, seat, input, stream)
        + 1e-4 * (rng.next_u32() as f32 / u32::MAX as f32)
}

/// What nobody could know at the time dealt anew on `s`, a copy of the known state:
/// the order of both draw piles and of the crystal deck, and the generator that will
/// shuffle later.
fn unknown_future(rng: &mut Pcg32, s: &mut State) {
    s.rng = Pcg32::seed_from_u64(rng.next_u64());
    for p in &mut s.players {
        shuffle(rng, &mut p.draw);
    }
    shuffle(rng, &mut s.crystal_deck);
}
