//! The kernel's index of its zones (400.1): `Game::zone_objects` lists, for each zone and
//! controller, the live objects in id order, and stays equal to a scan of the entities through
//! creation, zone changes (400.7), state-based actions (704), tokens ceasing to exist (704.5d),
//! a change of control and a rolled-back transaction.

use cardstate_core::{CardSpec, Game, Ruleset, Zone};

fn creature(power: i64, toughness: i64, token: bool) -> CardSpec {
    CardSpec {
        types: vec!["creature".into()],
        power: Some(power),
        toughness: Some(toughness),
        token,
        ..CardSpec::default()
    }
}

/// What the index must say: the entities scanned.
fn scanned(g: &Game, zone: Zone, controller: u32) -> Vec<u32> {
    (g.num_players()..g.num_entities())
        .filter(|&id| {
            g.entity(id)
                .is_ok_and(|e| !e.gone && e.zone == zone && e.controller == controller)
        })
        .collect()
}

fn assert_index_holds(g: &Game) {
    for zone in Zone::ALL {
        for p in 0..g.num_players() {
            assert_eq!(
                g.zone_objects(zone, p),
                &scanned(g, zone, p)[..],
                "{} of player {p}",
                zone.as_str()
            );
        }
        assert!(g.zone_objects(zone, g.num_players()).is_empty());
    }
}

/// A small deterministic generator (SplitMix64), so the sequence is the same on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

#[test]
fn cr_400_1_the_zone_index_matches_the_entities_through_every_change_of_place() {
    for seed in 0..20 {
        let mut rng = Rng(seed);
        let mut g = Game::new(2, Ruleset::Mtg, seed).unwrap();
        let mut seen = Seen::new();
        for _ in 0..300 {
            let live: Vec<u32> = (g.num_players()..g.num_entities())
                .filter(|&id| g.entity(id).is_ok_and(|e| !e.gone))
                .collect();
            let any = |rng: &mut Rng| live[rng.next(live.len() as u64) as usize];
            match rng.next(7) {
                0 | 1 => {
                    let zone = Zone::ALL[rng.next(7) as usize];
                    let spec = creature(rng.next(3) as i64, rng.next(3) as i64, rng.next(4) == 0);
                    g.create(rng.next(2) as u32, zone, &spec).unwrap();
                }
                2 if !live.is_empty() => {
                    let id = any(&mut rng);
                    g.move_to(id, Zone::ALL[rng.next(7) as usize]).unwrap();
                }
                3 if !live.is_empty() => {
                    let id = any(&mut rng);
                    let _ = g.deal_damage(0, id, rng.next(3), false, true);
                }
                4 => {
                    g.check_state_based_actions().unwrap();
                }
                5 if !live.is_empty() => {
                    let id = any(&mut rng);
                    let _ = g.set_controller(id, rng.next(2) as u32);
                }
                _ => {
                    // A creation that fails half-way (the second put overflows) is rolled back
                    // whole.
                    let big = vec![("+1/+1".to_string(), u64::MAX); 2];
                    let zone = Zone::ALL[rng.next(7) as usize];
                    assert!(g
                        .create_with_counters(0, zone, &creature(1, 1, false), &big)
                        .is_err());
                }
            }
            assert_index_holds(&g);
            assert_index_holds(&Game::from_bytes(&g.to_bytes()).unwrap());
            assert_counts_name_one_list(&g, &mut seen);
        }
    }
}

/// What a count of changes was seen with: the list of that zone, by zone, player and count.
type Seen = std::collections::HashMap<(Zone, u32, u64), Vec<u32>>;

/// The same count of changes of a battlefield or a graveyard is the same list of objects
/// (`Game::battlefield_changes_of`, `Game::graveyard_changes_of`: what the game layers' caches
/// are keyed by).
fn assert_counts_name_one_list(g: &Game, seen: &mut Seen) {
    for p in 0..g.num_players() {
        for (zone, count) in [
            (Zone::Battlefield, g.battlefield_changes_of(p)),
            (Zone::Graveyard, g.graveyard_changes_of(p)),
        ] {
            let now = g.zone_objects(zone, p).to_vec();
            let first = seen.entry((zone, p, count)).or_insert_with(|| now.clone());
            assert_eq!(
                *first,
                now,
                "{} of player {p} at count {count}",
                zone.as_str()
            );
        }
    }
}
