//! Fuzz target for the duel's decoder (`Duel::from_bytes`, docs/DUEL.md "Bytes").
//!
//! Any input must either be refused with an error or replay to a duel whose own bytes replay to
//! the same state (the same hash and the same bytes again), and that plays on: a few legal
//! actions apply. A panic, an abort, a timeout (replaying is linear in the input's length) or a
//! failed assertion is a bug.
#![no_main]

use cardstate_duel::{Duel, Pool};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let table = Pool::builtin();
    let Ok(mut d) = Duel::from_bytes(table.clone(), data) else {
        return;
    };
    let bytes = d.to_bytes();
    let again = Duel::from_bytes(table.clone(), &bytes).expect("a duel's own bytes must replay");
    assert_eq!(
        again.state_hash(),
        d.state_hash(),
        "replayed to another state"
    );
    assert_eq!(again.to_bytes(), bytes, "bytes of the replay differ");
    let mut legal = Vec::new();
    for i in 0..8usize {
        if d.is_terminal() {
            break;
        }
        d.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "a duel not over has a legal action");
        d.apply_action(legal[i * 7 % legal.len()])
            .expect("a legal action applies");
    }
    let bytes = d.to_bytes();
    let again = Duel::from_bytes(table, &bytes).expect("a duel's own bytes must replay");
    assert_eq!(
        again.state_hash(),
        d.state_hash(),
        "replayed to another state"
    );
});
