//! DuelBatch against independent duels, refused actions, opponents and seats.

use std::time::Duration;

use cardstate_agents::rng::derive;
use cardstate_agents::{Agent, AnyAgent, RandomAgent};
use cardstate_duel::rng::SplitMix;
use cardstate_duel::{CardId, Duel, Pool, NUM_ACTIONS};
use cardstate_envs::{
    game_seed, ActionError, DuelBatch, Opponent, Outputs, Seat, LEAST_GAMES_PER_THREAD,
    SPIN_AFTER_STEP,
};

const LIMIT: u32 = 40;

fn decks() -> (Pool, Vec<CardId>, Vec<CardId>) {
    let db = cardstate_effects::CardDb::pool();
    let names: Vec<&String> = db.decks().keys().collect();
    let deck = |n: &str| Pool::builtin().registered_deck(n).unwrap();
    (
        Pool::builtin(),
        deck(names[0]),
        deck(names[names.len() - 1]),
    )
}

struct Buffers {
    obs: Vec<f32>,
    masks: Vec<bool>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
}

impl Buffers {
    fn new(b: &DuelBatch) -> Buffers {
        let n = b.len();
        Buffers {
            obs: vec![f32::NAN; n * b.observation_len()],
            masks: vec![true; n * NUM_ACTIONS as usize],
            rewards: vec![f32::NAN; n],
            dones: vec![true; n],
        }
    }
    fn out(&mut self) -> Outputs<'_> {
        Outputs {
            observations: &mut self.obs,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            dones: &mut self.dones,
        }
    }
}

fn mask_of(d: &Duel) -> Vec<bool> {
    let mut legal = Vec::new();
    d.legal_actions(&mut legal);
    let mut m = vec![false; NUM_ACTIONS as usize];
    for a in legal {
        m[a as usize] = true;
    }
    m
}

fn obs_of(d: &Duel) -> Vec<f32> {
    let mut o = vec![0.0; d.observation_len()];
    d.observation(d.current_player() as usize, &mut o);
    o
}

/// A uniformly random legal action from a mask row.
fn pick(mask: &[bool], rng: &mut SplitMix) -> i64 {
    let legal: Vec<usize> = (0..mask.len()).filter(|&a| mask[a]).collect();
    legal[rng.below(legal.len() as u32) as usize] as i64
}

#[test]
fn equals_independent_duels_stepped_with_the_same_actions() {
    let (t, d0, d1) = decks();
    let n = 5;
    let mut b = DuelBatch::new(t, &d0, &d1, n, 11, LIMIT, None).unwrap();
    let mut buf = Buffers::new(&b);
    b.reset(None, buf.out());
    // A game with no decision at all is skipped, as the batch skips it.
    let fresh = |i: usize, e: &mut u64| loop {
        let d = Duel::new(t, &d0, &d1, game_seed(11, i as u64, *e), LIMIT).unwrap();
        if !d.is_terminal() {
            return d;
        }
        *e += 1;
    };
    let mut episodes = vec![0u64; n];
    let mut duels: Vec<Duel> = (0..n).map(|i| fresh(i, &mut episodes[i])).collect();
    let (k, len) = (NUM_ACTIONS as usize, b.observation_len());
    let mut rng = SplitMix::new(5);
    let mut ended = 0;
    for _ in 0..1500 {
        for i in 0..n {
            assert_eq!(&buf.obs[i * len..(i + 1) * len], &obs_of(&duels[i])[..]);
            assert_eq!(&buf.masks[i * k..(i + 1) * k], &mask_of(&duels[i])[..]);
            assert_eq!(b.current_player(i), duels[i].current_player());
            assert_eq!(b.episode(i), episodes[i]);
        }
        let actions: Vec<i64> = (0..n)
            .map(|i| pick(&buf.masks[i * k..(i + 1) * k], &mut rng))
            .collect();
        b.step(&actions, buf.out()).unwrap();
        for i in 0..n {
            let actor = duels[i].current_player() as usize;
            duels[i].apply_action(actions[i] as u32).unwrap();
            if duels[i].is_terminal() {
                assert!(buf.dones[i]);
                assert_eq!(buf.rewards[i], duels[i].returns()[actor] as f32);
                episodes[i] += 1;
                duels[i] = fresh(i, &mut episodes[i]);
                ended += 1;
            } else {
                assert!(!buf.dones[i]);
                assert_eq!(buf.rewards[i], 0.0);
            }
        }
    }
    assert!(ended > 0, "some games ended and restarted");
}

#[test]
fn refused_actions_change_nothing() {
    let (t, d0, d1) = decks();
    let mut b = DuelBatch::new(t, &d0, &d1, 3, 2, LIMIT, None).unwrap();
    let mut buf = Buffers::new(&b);
    b.reset(None, buf.out());
    let k = NUM_ACTIONS as usize;
    let legal: Vec<i64> = (0..3)
        .map(|i| pick(&buf.masks[i * k..(i + 1) * k], &mut SplitMix::new(1)))
        .collect();
    let illegal = (0..k)
        .find(|&a| !buf.masks[k + a])
        .expect("some action is illegal") as i64;
    let before: Vec<u64> = (0..3).map(|i| b.duel(i).state_hash()).collect();
    let (obs, masks) = (buf.obs.clone(), buf.masks.clone());
    let cases = [
        (
            vec![legal[0], legal[1]],
            ActionError::Length {
                expected: 3,
                got: 2,
            },
        ),
        (
            vec![legal[0], -1, legal[2]],
            ActionError::OutOfRange {
                index: 1,
                action: -1,
            },
        ),
        (
            vec![legal[0], legal[1], NUM_ACTIONS as i64],
            ActionError::OutOfRange {
                index: 2,
                action: NUM_ACTIONS as i64,
            },
        ),
        (
            vec![legal[0], illegal, legal[2]],
            ActionError::Illegal {
                index: 1,
                action: illegal,
                player: b.current_player(1),
            },
        ),
    ];
    for (actions, want) in cases {
        assert_eq!(b.step(&actions, buf.out()), Err(want.clone()));
        assert!(!want.to_string().is_empty());
        let after: Vec<u64> = (0..3).map(|i| b.duel(i).state_hash()).collect();
        assert_eq!(after, before);
        assert_eq!(buf.obs, obs);
        assert_eq!(buf.masks, masks);
    }
    b.step(&legal, buf.out()).unwrap();
}

#[test]
fn an_opponent_leaves_the_caller_only_its_own_seat() {
    let (t, d0, d1) = decks();
    let n = 6;
    let opp = Opponent {
        agent: AnyAgent::Random(RandomAgent::new(3)),
        learner: Seat::Alternate,
    };
    let mut b = DuelBatch::new(t, &d0, &d1, n, 9, LIMIT, Some(opp)).unwrap();
    let mut buf = Buffers::new(&b);
    b.reset(None, buf.out());
    let k = NUM_ACTIONS as usize;
    let mut rng = SplitMix::new(8);
    let (mut ended, mut results) = (0, [0u32; 3]);
    for _ in 0..3000 {
        for i in 0..n {
            let seat = ((i as u64 + b.episode(i)) % 2) as i32;
            assert_eq!(b.current_player(i), seat, "game {i}");
        }
        let actions: Vec<i64> = (0..n)
            .map(|i| pick(&buf.masks[i * k..(i + 1) * k], &mut rng))
            .collect();
        b.step(&actions, buf.out()).unwrap();
        for i in 0..n {
            if buf.dones[i] {
                ended += 1;
                results[(buf.rewards[i] + 1.0) as usize] += 1;
            } else {
                assert_eq!(buf.rewards[i], 0.0);
            }
        }
    }
    assert!(ended > n, "games ended and restarted ({ended})");
    assert!(results[0] > 0 && results[2] > 0, "{results:?}");
}

#[test]
fn the_opponent_plays_as_a_playout_would() {
    // The opponent's stream starts as `playout` starts a seat's: derive(game seed, seat).
    let (t, d0, d1) = decks();
    let opp = Opponent {
        agent: AnyAgent::Random(RandomAgent::new(4)),
        learner: Seat::Fixed(1),
    };
    let mut b = DuelBatch::new(t, &d0, &d1, 1, 21, LIMIT, Some(opp)).unwrap();
    let mut buf = Buffers::new(&b);
    b.reset(None, buf.out());
    let mut d = Duel::new(t, &d0, &d1, game_seed(21, 0, 0), LIMIT).unwrap();
    let mut agent = RandomAgent::new(4);
    Agent::<Duel>::begin_game(&mut agent, derive(game_seed(21, 0, 0), 0));
    let mut rng = SplitMix::new(2);
    let k = NUM_ACTIONS as usize;
    loop {
        while d.current_player() == 0 {
            let a = agent.act(&d);
            d.apply_legal(a);
        }
        if d.is_terminal() {
            break;
        }
        assert_eq!(b.duel(0).state_hash(), d.state_hash());
        let a = pick(&buf.masks[..k], &mut rng);
        b.step(&[a], buf.out()).unwrap();
        d.apply_action(a as u32).unwrap();
        if buf.dones[0] {
            while d.current_player() == 0 {
                let a = agent.act(&d);
                d.apply_legal(a);
            }
            assert!(d.is_terminal());
            assert_eq!(buf.rewards[0], d.returns()[1] as f32);
            break;
        }
    }
}

#[test]
fn reset_replays_the_same_games() {
    let (t, d0, d1) = decks();
    let mut b = DuelBatch::new(t, &d0, &d1, 4, 3, LIMIT, None).unwrap();
    let mut buf = Buffers::new(&b);
    let k = NUM_ACTIONS as usize;
    let mut run = |b: &mut DuelBatch, seed: Option<u64>| {
        b.reset(seed, buf.out());
        let mut rng = SplitMix::new(1);
        let mut trace = Vec::new();
        for _ in 0..200 {
            let actions: Vec<i64> = (0..4)
                .map(|i| pick(&buf.masks[i * k..(i + 1) * k], &mut rng))
                .collect();
            b.step(&actions, buf.out()).unwrap();
            trace.push((
                actions,
                buf.obs
                    .iter()
                    .fold(0u32, |s, x| s.wrapping_add(x.to_bits())),
            ));
        }
        trace
    };
    let first = run(&mut b, None);
    assert_eq!(run(&mut b, None), first);
    assert_ne!(run(&mut b, Some(4)), first);
    assert_eq!(b.seed(), 4);
}

#[test]
fn bad_settings_are_refused() {
    let (t, d0, d1) = decks();
    assert!(DuelBatch::new(t, &d0, &d1, 0, 0, LIMIT, None).is_err());
    assert!(DuelBatch::new(t, &d0, &d1, 1, 0, 0, None).is_err());
    assert!(DuelBatch::new(t, &[9999], &d1, 1, 0, LIMIT, None).is_err());
    let opp = Opponent {
        agent: AnyAgent::Random(RandomAgent::new(0)),
        learner: Seat::Fixed(2),
    };
    assert!(DuelBatch::new(t, &d0, &d1, 1, 0, LIMIT, Some(opp)).is_err());
}

#[test]
fn decks_that_give_no_choice_are_refused() {
    // No lands and nothing castable, seven cards and no mulligans: every game ends by 704.5b
    // (the second player's first draw) without a decision.
    let t = cardstate_duel::testing::pool(vec![cardstate_duel::testing::card(
        "Test Giant",
        &["creature"],
        &[],
        "{5}",
        Some((5, 5)),
        &[],
    )]);
    let deck = vec![0; 7];
    let fast = cardstate_duel::Options::FAST;
    let e = DuelBatch::with_options(t, &deck, &deck, 1, 0, LIMIT, fast, None)
        .err()
        .expect("refused");
    assert!(e.to_string().contains("no choice"), "{e}");
}

#[test]
fn a_batch_can_move_to_another_thread() {
    fn send<T: Send>() {}
    send::<DuelBatch>();
}

/// A step writes only what changed when it writes into the buffer it wrote last; into any
/// other buffer (here one full of NaN) it writes every entry: both give the same outputs.
#[test]
fn a_step_into_another_buffer_writes_it_whole() {
    let (t, d0, d1) = decks();
    let n = 4;
    let mut same = DuelBatch::new(t, &d0, &d1, n, 3, LIMIT, None).unwrap();
    let mut other = DuelBatch::new(t, &d0, &d1, n, 3, LIMIT, None).unwrap();
    let mut kept = Buffers::new(&same);
    let mut swapped = [Buffers::new(&other), Buffers::new(&other)];
    same.reset(None, kept.out());
    other.reset(None, swapped[0].out());
    let k = NUM_ACTIONS as usize;
    let mut rng = SplitMix::new(9);
    for step in 1..300 {
        let actions: Vec<i64> = (0..n)
            .map(|i| pick(&kept.masks[i * k..(i + 1) * k], &mut rng))
            .collect();
        same.step(&actions, kept.out()).unwrap();
        let buf = &mut swapped[step % 2];
        buf.obs.fill(f32::NAN);
        other.step(&actions, buf.out()).unwrap();
        assert!(kept
            .obs
            .iter()
            .zip(&buf.obs)
            .all(|(a, b)| a.to_bits() == b.to_bits()));
        assert_eq!(kept.masks, buf.masks);
        assert_eq!(kept.dones, buf.dones);
    }
}

#[test]
fn a_batch_too_large_for_memory_is_refused_before_any_game_is_made() {
    let (t, d0, d1) = decks();
    let e = DuelBatch::new(t, &d0, &d1, usize::MAX / 2, 0, LIMIT, None)
        .err()
        .expect("refused");
    assert_eq!(e, cardstate_envs::BatchError::NoRoom);
}

/// Steps batches of `n` games on 1, 2, 3 and `n + 1` threads with the same actions (with an
/// opponent if `opponent`), resetting them midway with a new seed: every output is the same,
/// whatever the workers' spin.
fn threads_change_nothing(n: usize, opponent: bool) {
    let (t, d0, d1) = decks();
    let opp = || {
        opponent.then(|| Opponent {
            agent: AnyAgent::Random(RandomAgent::new(4)),
            learner: Seat::Alternate,
        })
    };
    // The workers asleep between steps, spinning (set before or after the threads) through
    // part of the pause or all of it.
    let threads = [
        (1, None),
        (2, Some(Duration::from_millis(5))),
        (3, None),
        (n + 1, Some(Duration::ZERO)),
    ];
    let mut batches: Vec<DuelBatch> = threads
        .iter()
        .enumerate()
        .map(|(i, &(th, spin))| {
            let mut b = DuelBatch::new(t, &d0, &d1, n, 21, LIMIT, opp()).unwrap();
            assert_eq!(b.spin(), SPIN_AFTER_STEP);
            let spin = spin.unwrap_or(SPIN_AFTER_STEP);
            if i % 2 == 0 {
                b.set_spin(spin);
                b.set_threads(th).unwrap();
            } else {
                b.set_threads(th).unwrap();
                b.set_spin(spin);
            }
            b.set_least_games_per_thread(1).unwrap();
            assert_eq!((b.threads(), b.spin()), (th, spin));
            assert_eq!(b.stepping_threads(), th.min(n));
            b
        })
        .collect();
    let mut bufs: Vec<Buffers> = batches.iter().map(Buffers::new).collect();
    for (b, buf) in batches.iter_mut().zip(&mut bufs) {
        b.reset(None, buf.out());
    }
    let k = NUM_ACTIONS as usize;
    let mut rng = SplitMix::new(6);
    let mut ended = 0;
    for step in 0..600 {
        if step == 300 {
            for (b, buf) in batches.iter_mut().zip(&mut bufs) {
                b.reset(Some(77), buf.out());
            }
        }
        for (b, buf) in batches.iter().zip(&bufs).skip(1) {
            assert_eq!(
                buf.obs,
                bufs[0].obs,
                "observations on {} threads",
                b.threads()
            );
            assert_eq!(buf.masks, bufs[0].masks);
            assert_eq!(buf.rewards, bufs[0].rewards);
            assert_eq!(buf.dones, bufs[0].dones);
            for i in 0..n {
                assert_eq!(b.duel(i).state_hash(), batches[0].duel(i).state_hash());
                assert_eq!(b.episode(i), batches[0].episode(i));
            }
        }
        ended += bufs[0].dones.iter().filter(|&&d| d).count();
        let actions: Vec<i64> = (0..n)
            .map(|i| pick(&bufs[0].masks[i * k..(i + 1) * k], &mut rng))
            .collect();
        for (b, buf) in batches.iter_mut().zip(&mut bufs) {
            b.step(&actions, buf.out()).unwrap();
        }
    }
    assert!(ended > 0, "games ended and restarted");
}

#[test]
fn the_games_are_the_same_on_any_number_of_threads() {
    threads_change_nothing(7, false);
    threads_change_nothing(1, false);
}

#[test]
fn the_games_are_the_same_on_any_number_of_threads_with_an_opponent() {
    threads_change_nothing(5, true);
}

#[test]
fn a_step_uses_a_thread_only_for_enough_games() {
    let (t, d0, d1) = decks();
    for (n, threads, least, stepping) in [
        (16, 2, LEAST_GAMES_PER_THREAD, 1),
        (63, 2, 32, 1),
        (64, 2, 32, 2),
        (64, 4, 32, 2),
        (100, 4, 25, 4),
        (100, 4, 1, 4),
        (3, 4, 1, 3),
    ] {
        let mut b = DuelBatch::new(t, &d0, &d1, n, 21, LIMIT, None).unwrap();
        b.set_threads(threads).unwrap();
        b.set_least_games_per_thread(least).unwrap();
        assert_eq!(
            (b.threads(), b.stepping_threads()),
            (threads, stepping),
            "{n} games"
        );
    }
    let mut b = DuelBatch::new(t, &d0, &d1, 64, 21, LIMIT, None).unwrap();
    b.set_threads(2).unwrap();
    assert!(b.set_least_games_per_thread(0).is_err());
    assert_eq!(
        b.stepping_threads(),
        2,
        "the refusal kept the least games a thread"
    );
}

#[test]
fn no_threads_is_refused_and_changes_nothing() {
    let (t, d0, d1) = decks();
    let mut b = DuelBatch::new(t, &d0, &d1, 2, 0, LIMIT, None).unwrap();
    b.set_threads(2).unwrap();
    assert!(b.set_threads(0).is_err());
    assert_eq!(b.threads(), 2);
}

/// The policy of the tests below: the largest legal id.
fn last_legal(mask: &[bool]) -> i64 {
    mask.iter().rposition(|&m| m).unwrap() as i64
}

/// Asks `last_legal` for every game waiting for the policy until none is.
fn answer_policy(b: &mut DuelBatch) -> usize {
    let (len, k) = (b.observation_len(), NUM_ACTIONS as usize);
    let mut calls = 0;
    while !b.policy_games().is_empty() {
        let w = b.policy_games().len();
        let (mut obs, mut masks) = (vec![f32::NAN; w * len], vec![true; w * k]);
        b.write_policy_inputs(&mut obs, &mut masks);
        for (j, &i) in b.policy_games().iter().enumerate() {
            assert_eq!(masks[j * k..(j + 1) * k], mask_of(b.duel(i as usize))[..]);
            assert_eq!(obs[j * len..(j + 1) * len], obs_of(b.duel(i as usize))[..]);
        }
        let actions: Vec<i64> = masks.chunks(k).map(last_legal).collect();
        b.apply_policy_actions(&actions).unwrap();
        calls += 1;
    }
    calls
}

#[test]
fn a_policy_opponent_plays_the_other_seat_as_by_hand() {
    let (t, d0, d1) = decks();
    let n = 4;
    let mut b = DuelBatch::new(t, &d0, &d1, n, 13, 8, None).unwrap();
    b.set_policy_opponent(Seat::Alternate).unwrap();
    let mut buf = Buffers::new(&b);
    b.start_reset(None);
    answer_policy(&mut b);
    b.finish(true, buf.out());
    let mut episodes = vec![0u64; n];
    let seat = |i: usize, e: u64| ((i as u64 + e) % 2) as i32;
    // Game i's current episode played by hand: the policy's seat by `last_legal`, skipping an
    // episode that ends before the caller's first decision.
    let play_policy = |d: &mut Duel, me: i32| {
        while !d.is_terminal() && d.current_player() != me {
            let a = last_legal(&mask_of(d));
            d.apply_action(a as u32).unwrap();
        }
    };
    let fresh = |i: usize, episodes: &mut Vec<u64>| loop {
        let mut d = Duel::new(t, &d0, &d1, game_seed(13, i as u64, episodes[i]), 8).unwrap();
        play_policy(&mut d, seat(i, episodes[i]));
        if !d.is_terminal() {
            return d;
        }
        episodes[i] += 1;
    };
    let mut duels: Vec<Duel> = (0..n).map(|i| fresh(i, &mut episodes)).collect();
    let k = NUM_ACTIONS as usize;
    let (mut rng, mut ended, mut calls) = (SplitMix::new(5), 0, 0);
    for _ in 0..300 {
        for i in 0..n {
            assert_eq!(b.episode(i), episodes[i]);
            assert_eq!(b.current_player(i), seat(i, episodes[i]));
            assert_eq!(buf.masks[i * k..(i + 1) * k], mask_of(&duels[i])[..]);
            assert_eq!(b.duel(i).state_hash(), duels[i].state_hash());
        }
        let actions: Vec<i64> = (0..n)
            .map(|i| pick(&buf.masks[i * k..(i + 1) * k], &mut rng))
            .collect();
        b.start_step(&actions).unwrap();
        calls += answer_policy(&mut b);
        b.finish(false, buf.out());
        for i in 0..n {
            let me = seat(i, episodes[i]);
            duels[i].apply_action(actions[i] as u32).unwrap();
            play_policy(&mut duels[i], me);
            if duels[i].is_terminal() {
                assert!(buf.dones[i]);
                assert_eq!(buf.rewards[i], duels[i].returns()[me as usize] as f32);
                episodes[i] += 1;
                duels[i] = fresh(i, &mut episodes);
                ended += 1;
            } else {
                assert!(!buf.dones[i]);
                assert_eq!(buf.rewards[i], 0.0);
            }
        }
    }
    assert!(
        ended > n && calls > 0,
        "{ended} games ended, {calls} policy calls"
    );
}

#[test]
fn a_policy_batch_needs_a_reset_and_refuses_bad_answers() {
    let (t, d0, d1) = decks();
    let mut b = DuelBatch::new(t, &d0, &d1, 3, 2, LIMIT, None).unwrap();
    b.set_policy_opponent(Seat::Fixed(0)).unwrap();
    assert_eq!(b.start_step(&[0, 0, 0]), Err(ActionError::NeedsReset));
    let mut buf = Buffers::new(&b);
    assert_eq!(b.step(&[0, 0, 0], buf.out()), Err(ActionError::NeedsReset));
    b.start_reset(None);
    answer_policy(&mut b);
    b.finish(true, buf.out());
    let k = NUM_ACTIONS as usize;
    // Step until the policy is asked, then answer wrongly: refused, nothing played.
    let mut rng = SplitMix::new(3);
    loop {
        let actions: Vec<i64> = (0..3)
            .map(|i| pick(&buf.masks[i * k..(i + 1) * k], &mut rng))
            .collect();
        b.start_step(&actions).unwrap();
        if !b.policy_games().is_empty() {
            break;
        }
        b.finish(false, buf.out());
    }
    let w = b.policy_games().len();
    let hashes: Vec<u64> = (0..3).map(|i| b.duel(i).state_hash()).collect();
    assert!(matches!(
        b.apply_policy_actions(&vec![0; w + 1]),
        Err(ActionError::Length { .. })
    ));
    assert!(matches!(
        b.apply_policy_actions(&vec![NUM_ACTIONS as i64; w]),
        Err(ActionError::OutOfRange { .. })
    ));
    assert_eq!(
        (0..3).map(|i| b.duel(i).state_hash()).collect::<Vec<_>>(),
        hashes
    );
    // The step is unfinished: the next is refused until a reset.
    assert_eq!(b.start_step(&[0, 0, 0]), Err(ActionError::NeedsReset));
    b.start_reset(None);
    answer_policy(&mut b);
    b.finish(true, buf.out());
    assert!(b
        .check(
            &(0..3)
                .map(|i| last_legal(&buf.masks[i * k..(i + 1) * k]))
                .collect::<Vec<_>>()
        )
        .is_ok());
}

#[test]
fn a_batch_has_one_opponent() {
    let (t, d0, d1) = decks();
    let opp = Opponent {
        agent: AnyAgent::Random(RandomAgent::new(0)),
        learner: Seat::Fixed(0),
    };
    let mut b = DuelBatch::new(t, &d0, &d1, 1, 0, LIMIT, Some(opp)).unwrap();
    assert!(b.set_policy_opponent(Seat::Fixed(0)).is_err());
    let mut b = DuelBatch::new(t, &d0, &d1, 1, 0, LIMIT, None).unwrap();
    assert!(b.set_policy_opponent(Seat::Fixed(2)).is_err());
    assert!(!b.has_policy_opponent());
}
