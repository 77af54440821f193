//! `crystal-clans-tools bench engine` with a counting global allocator, so the report also
//! gives heap allocations per random game. A separate binary because counting costs
//! an atomic add per allocation, which the bot should not pay.
//!
//! cargo run --release -p crystal-clans-testkit --example bench_engine -- [SECONDS]
//!
//! `-- games N` instead plays exactly N random games (seed 7, every clan pair) and
//! prints their summary and allocations: a fixed workload for instruction counts,
//! `valgrind --tool=callgrind --toggle-collect='crystal_clans_engine::selfplay::run_with*'`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; the counter is
// the only addition.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract, passed on as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` through `alloc`/`realloc` above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as for `dealloc`; the caller upholds `realloc`'s contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn main() {
    if std::env::args().nth(1).as_deref() == Some("games") {
        let games = std::env::args()
            .nth(2)
            .and_then(|s| s.parse().ok())
            .unwrap_or(800);
        let rules = crystal_clans::game::Rules::base();
        let pairs = crystal_clans::selfplay::all_pairs(&rules);
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let s = crystal_clans::selfplay::run(&rules, games, 7, &pairs, false);
        let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
        println!(
            "{} games, {} finished, {} errors, {:.1} inputs a game, {:.1} allocations a game",
            s.games,
            s.finished,
            s.errors.len(),
            s.average_inputs,
            allocations as f64 / games as f64
        );
        return;
    }
    let seconds = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3.0);
    let count = || ALLOCATIONS.load(Ordering::Relaxed);
    let report = crystal_clans_testkit::bench::engine::engine_counting(seconds, Some(&count));
    println!(
        "{}",
        serde_json::to_string_pretty(&report).expect("a JSON value prints")
    );
}
