//! Fuzz target for the decoder (`Game::from_bytes`, docs/FORMAT.md).
//!
//! Any input must either be refused with an error or decode to a game that round-trips: encoding
//! it and decoding again gives an equal game with the same hash, and encoding that gives the
//! same bytes. A panic, an abort (e.g. a huge allocation), a timeout or a failed assertion is a
//! bug in the decoder.
#![no_main]

use cardstate_core::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(g) = Game::from_bytes(data) else {
        return;
    };
    assert_eq!(
        g.hash(),
        g.recompute_hash(),
        "decoded hash is not the from-scratch hash"
    );
    let bytes = g.to_bytes();
    let again = Game::from_bytes(&bytes).expect("the encoding of a decoded game must decode");
    assert!(again == g, "decode(encode(g)) != g");
    assert_eq!(
        again.hash(),
        g.hash(),
        "decode(encode(g)) hashes differently"
    );
    assert_eq!(
        again.to_bytes(),
        bytes,
        "encode(decode(encode(g))) != encode(g)"
    );
});
