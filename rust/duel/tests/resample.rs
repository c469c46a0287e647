//! Determinization (docs/DUEL.md, "Hidden information and `resample`"): `resample_into` equals
//! `resample`, deals exactly what the player can't see, and reuses the zones' buffers.

use cardstate_duel::{Duel, Pool};

fn pool_duel(seed: u64) -> Duel {
    let db = cardstate_effects::CardDb::pool();
    let ids = |name: &str| -> Vec<u16> { db.deck(name).unwrap().iter().map(|c| c.0).collect() };
    Duel::new(Pool::builtin(), &ids("infect"), &ids("energy"), seed, 40).unwrap()
}

/// The states of a seeded random game, every few decisions.
fn states(seed: u64) -> Vec<Duel> {
    let mut d = pool_duel(seed);
    let mut rng = cardstate_duel::rng::SplitMix::new(seed);
    let mut legal = Vec::new();
    let mut out = vec![d.clone()];
    let mut n = 0;
    while !d.is_terminal() {
        d.legal_actions(&mut legal);
        d.apply_action(legal[rng.below(legal.len() as u32) as usize])
            .unwrap();
        n += 1;
        if n % 7 == 0 {
            out.push(d.clone());
        }
    }
    out
}

fn counts(cards: &[u16], n: usize) -> Vec<u32> {
    let mut c = vec![0; n];
    for &x in cards {
        c[x as usize] += 1;
    }
    c
}

#[test]
fn resample_into_equals_resample_for_both_players_through_games() {
    let mut out = pool_duel(99);
    for seed in 0..3 {
        for (i, d) in states(seed).iter().enumerate() {
            for p in 0..2 {
                let s = 1000 * seed + i as u64;
                d.resample_into(p, s, &mut out);
                let fresh = d.resample(p, s);
                assert_eq!(out.state_hash(), fresh.state_hash());
                assert_eq!(out.to_bytes(), fresh.to_bytes());
            }
        }
    }
}

/// Whether each player's unseen counts add up to its hidden zones' sizes: in every state,
/// also while a spell is being cast (X, targets: the card is seen from the start, 601.2a).
fn counts_consistent(d: &Duel) -> bool {
    (0..2).all(|p| {
        let s = d.side(p);
        s.unseen.iter().map(|&k| usize::from(k)).sum::<usize>() == s.hand.len() + s.library.len()
    })
}

#[test]
fn resample_deals_only_what_the_player_cannot_see() {
    let all = states(5);
    assert!(all.iter().all(counts_consistent));
    for (i, d) in all.iter().enumerate() {
        for p in 0..2 {
            let r = d.resample(p, i as u64);
            let n = d.pool().len();
            let (me, opp) = (r.side(p), r.side(1 - p));
            // p's hand is kept; its library holds the same cards, in some order.
            assert_eq!(me.hand, d.side(p).hand);
            assert_eq!(
                counts(&me.library, n),
                counts(&d.side(p).library, n),
                "p's library contents"
            );
            // The opponent's hidden zones keep their sizes and are dealt from its unseen cards.
            let q = d.side(1 - p);
            assert_eq!(opp.hand.len(), q.hand.len());
            assert_eq!(opp.library.len(), q.library.len());
            assert!(
                opp.hand.windows(2).all(|w| w[0] <= w[1]),
                "canonical hand order"
            );
            let mut dealt: Vec<u16> = opp.hand.to_vec();
            dealt.extend_from_slice(&opp.library);
            let unseen: Vec<u32> = q.unseen.iter().map(|&k| u32::from(k)).collect();
            assert_eq!(counts(&dealt, n), unseen);
            // What p sees is unchanged.
            let mut a = vec![0.0; d.observation_len()];
            let mut b = a.clone();
            d.observation(p, &mut a);
            r.observation(p, &mut b);
            assert_eq!(a, b);
        }
    }
}

#[test]
fn resample_in_place_reuses_the_zones_buffers() {
    let d = states(3)[4].clone();
    let mut out = d.resample(0, 1);
    out.resample_in_place(0, 2);
    let buffers = |x: &Duel| [0, 1].map(|p| (x.side(p).library.as_ptr(), x.side(p).hand.as_ptr()));
    let before = buffers(&out);
    for s in 3..50 {
        out.resample_in_place(0, s);
        assert_eq!(buffers(&out), before, "a zone was reallocated");
    }
}

/// A prior over the pool: `weight` for each card named, 0 for the others.
fn prior(weights: &[(&str, u32)]) -> cardstate_duel::Prior {
    let pool = Pool::builtin();
    let mut w = vec![0; pool.len()];
    for &(name, k) in weights {
        w[pool.by_name(name).unwrap() as usize] = k;
    }
    cardstate_duel::Prior::new(pool, &w).unwrap()
}

#[test]
fn a_prior_deals_the_opponents_hidden_cards_and_nothing_else() {
    let burn = prior(&[("Lightning Bolt", 1), ("Mountain", 3)]);
    let (bolt, mountain) = (
        Pool::builtin().by_name("Lightning Bolt").unwrap(),
        Pool::builtin().by_name("Mountain").unwrap(),
    );
    for (i, d) in states(5).iter().enumerate() {
        for p in 0..2 {
            let r = d.resample_from(p, i as u64, &burn);
            let (mine, theirs) = (r.side(p), r.side(1 - p));
            assert_eq!(mine.hand, d.side(p).hand, "p's own hand is kept");
            assert_eq!(theirs.hand.len(), d.side(1 - p).hand.len());
            assert_eq!(theirs.library.len(), d.side(1 - p).library.len());
            assert!(theirs
                .hand
                .iter()
                .chain(theirs.library.iter())
                .all(|&c| c == bolt || c == mountain));
            let mut into = d.clone();
            d.resample_from_into(p, i as u64, &burn, &mut into);
            assert_eq!(into.to_bytes(), r.to_bytes());
            assert_eq!(into.state_hash(), r.state_hash());
            // The bytes replay the prior.
            let back = Duel::from_bytes(Pool::builtin(), &r.to_bytes()).unwrap();
            assert_eq!(back.state_hash(), r.state_hash());
        }
    }
}

#[test]
fn a_prior_is_refused_when_it_deals_nothing_or_does_not_fit_the_pool() {
    let pool = Pool::builtin();
    assert!(cardstate_duel::Prior::new(pool, &vec![0; pool.len()]).is_err());
    assert!(cardstate_duel::Prior::new(pool, &[1, 2]).is_err());
    let mut big = vec![0; pool.len()];
    big[0] = u32::MAX;
    big[1] = 1;
    assert!(cardstate_duel::Prior::new(pool, &big).is_err());
}
