//! Placing a card and firing its triggers allocate nothing per call of their own once a game's
//! buffers are warm. Counted by an instrumented global allocator; one test, since the count is
//! the whole process's.
//!
//! Placing reuses the card's printed characteristics as the game checked them the first time
//! (`CardDb::create_object`), where `Game::create` of the card's description allocates them
//! anew; entering with counters, the created event and the card's lookups allocate nothing.
use cardstate_core::{Game, Ruleset, Zone};
use cardstate_effects::{fired, fired_by_kernel_events, place, CardDb, CardId, GameEvent};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// (new blocks, blocks grown) while `f` runs.
fn allocations<T>(f: impl FnOnce() -> T) -> (usize, usize) {
    let region = Region::new(GLOBAL);
    f();
    let change = region.change();
    (change.allocations, change.reallocations)
}

#[test]
fn placing_a_card_and_firing_its_triggers_allocate_nothing_of_their_own() {
    let db = CardDb::pool();
    let card = |name| db.lookup(name).unwrap();
    let (bear, ballista, skinrender, myr) = (
        card("Grizzly Bears"),
        card("Walking Ballista"),
        card("Skinrender"),
        card("Ichorclaw Myr"),
    );
    let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
    // Warm: an object of each card, the counter kind Walking Ballista enters with, the log.
    for c in [bear, ballista, skinrender, myr] {
        place(db, &mut g, c, 0, Zone::Battlefield, 1).unwrap();
    }
    g.clear_events();
    let mut out = Vec::with_capacity(16);

    // 2 players and 4 objects: 24 more stay within the first chunk of 32 entities.
    let cards: [(CardId, u64); 3] = [(bear, 0), (ballista, 2), (skinrender, 0)];
    for k in 0..4 {
        for (c, x) in cards {
            let (created, _) = allocations(|| g.create(k % 2, Zone::Library, db.spec(c)).unwrap());
            assert!(created > 0, "create allocates the printed characteristics");
            let (placed, _) =
                allocations(|| place(db, &mut g, c, k % 2, Zone::Battlefield, x).unwrap());
            assert_eq!(placed, 0, "{:?}: place allocated", c);
        }
    }
    assert_eq!(g.num_entities(), 30);
    assert_eq!(
        g.count_by_name(9, "+1/+1").unwrap(),
        2,
        "Walking Ballista, X = 2"
    );

    // "When Skinrender enters the battlefield…" (603.6a): the kernel's events of the objects
    // placed, and a game event (Ichorclaw Myr becomes blocked).
    let firing = allocations(|| {
        fired_by_kernel_events(db, &g, g.events(), &mut out);
        fired(
            db,
            &g,
            &[GameEvent::BecomesBlocked { attacker: 5 }],
            &mut out,
        );
    });
    assert_eq!(firing, (0, 0), "firing triggers allocated");
    let skinrenders = out.iter().filter(|f| f.card == skinrender).count();
    assert_eq!(skinrenders, 4, "{out:?}");
    assert!(
        out.iter().any(|f| f.card == myr && f.source == 5),
        "{out:?}"
    );
}
