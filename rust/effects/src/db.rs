//! The card database: compiled definitions by id and name, the kernel's creation specs, decks.
//! A database is made only from checked definitions (`crate::load`: `CardDb::from_json`,
//! `CardDb::new`, `CardDb::pool`).

use crate::checked::Checks;
use crate::error::{invalid, Result};
use crate::facts::CardFacts;
use crate::model::{Ability, Amount, BerserkProperties, CardDef, CardId, Op};
use cardstate_core::{CardSpec, CostSpec, Game, Zone};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Compiled cards, looked up by [`CardId`] or name, and decks by name.
#[derive(Clone, Debug)]
pub struct CardDb {
    cards: Vec<CardDef>,
    /// Per card, its Berserk properties (none: a Magic card).
    berserk: Vec<Option<BerserkProperties>>,
    specs: Vec<CardSpec>,
    /// The same, for a token copy of the card ("create a token": 111.1).
    token_specs: Vec<CardSpec>,
    by_name: FxHashMap<Box<str>, CardId>,
    decks: BTreeMap<String, Vec<String>>,
    /// Per card: bit `TriggerEvent as u32` set when one of its triggered abilities waits for it.
    listens: Vec<u64>,
    /// Per card, its description as last checked by a game (`CardDb::create_object`).
    checks: Checks,
    /// Per card, what a game layer reads of it again and again (`crate::facts`).
    facts: Vec<CardFacts>,
    /// The kernel its games start from, made on first use (`crate::start`).
    pub(crate) start: OnceLock<crate::start::Start>,
    /// A hash of the cards and decks, the same on every machine (`CardDb::fingerprint`).
    fingerprint: u64,
    /// An ability of a card reads the turn's history (`Amount::ThisTurn`, 603.4).
    reads_history: bool,
    /// A target of a card asks for a card put into its zone this turn (400.7).
    reads_put_there_this_turn: bool,
    /// An ability of a card waits for a player's second card drawn in a turn (121.2).
    counts_draws: bool,
    /// An ability of a card waits for a player's first life gain of a turn (119.9).
    counts_life_gains: bool,
    /// A "whenever you cast" ability of a card reads the instant and sorcery spells its
    /// controller cast before the spell this turn (Thousand-Year Storm).
    counts_instant_and_sorcery_casts: bool,
    /// An ability of a card waits for +1/+1 counters put on an object (122.1).
    listens_plus_one_counters: bool,
    /// An ability of a card triggers only once each turn (603.2h).
    once_each_turn: bool,
    /// A card has flashback (702.34a): it may be cast from a graveyard.
    casts_from_graveyard: bool,
    /// A card is a permanent that makes spells its controller casts cost less (601.2f).
    reduces_spells: bool,
    /// A card is a permanent whose controller may cast spells as though they had flash
    /// (702.8a).
    grants_flash: bool,
    /// A card is a permanent whose controller may cast spells from its hand without paying
    /// their mana costs (118.9).
    grants_free_casts: bool,
    /// A card exiles cards its controller may play (impulse draw).
    plays_from_exile: bool,
    /// A card lets its controller play an additional land each turn (305.2).
    grants_lands: bool,
    /// The events abilities that function from a graveyard wait for (113.6k), a bit each.
    graveyard_listens: u64,
    /// An ability of a card waits for noncombat damage to an opponent (120.2).
    listens_noncombat_damage: bool,
    /// A card says "You have no maximum hand size." (402.2).
    lifts_hand_size: bool,
    /// A card doubles the tokens created under its controller's control (614.1a).
    doubles_tokens: bool,
    /// A card gives other permanents entering counters (614.1c: Giada, Font of Hope).
    adds_counters_to_others: bool,
}

impl CardDb {
    /// The database of these definitions, already checked (`crate::load`): names unique,
    /// programs well formed, decks naming known cards. An error names a card whose facts
    /// don't fit their fixed-size forms (`crate::facts`).
    pub(crate) fn assemble(
        mut cards: Vec<CardDef>,
        berserk: Vec<Option<BerserkProperties>>,
        by_name: FxHashMap<Box<str>, CardId>,
        decks: BTreeMap<String, Vec<String>>,
    ) -> Result<CardDb> {
        for c in &mut cards {
            name_builtin_kinds(c);
        }
        let specs: Vec<CardSpec> = cards
            .iter()
            .zip(&berserk)
            .map(|(c, b)| match b {
                Some(b) => crate::berserk::spec(c, b),
                None => spec_of(c),
            })
            .collect();
        let token_specs = specs
            .iter()
            .map(|s| CardSpec {
                token: true,
                ..s.clone()
            })
            .collect();
        let listens = cards
            .iter()
            .map(|c| {
                c.triggered()
                    .fold(0u64, |m, (_, t)| m | 1 << t.event as u32)
            })
            .collect();
        let facts = cards
            .iter()
            .map(|c| {
                CardFacts::of(c)
                    .map_err(|e| crate::Error::Invalid(format!("card {:?}: {e}", c.name)))
            })
            .collect::<Result<Vec<_>>>()?;
        let fingerprint = {
            use std::hash::{Hash, Hasher};
            // SipHash with fixed keys over the definitions' full text: the same on every
            // machine and run.
            #[allow(deprecated)]
            let mut h = std::hash::SipHasher::new();
            // A mana ability's `spend_only_on` is read only when set, as `model/text.rs` writes
            // the structs' added fields (a derived enum's text can't leave a field out): a pool
            // without it keeps its fingerprint.
            let cards = format!("{cards:?}")
                .replace(", spend_only_on: []", "")
                .replace(", spend_only_on_chosen: false", "")
                .replace(", mana_value_up_to: None", "");
            format!("{cards}{decks:?}").hash(&mut h);
            // (A pool of Magic cards only hashes as before Berserk cards existed.)
            if berserk.iter().any(Option::is_some) {
                format!("{berserk:?}").hash(&mut h);
            }
            h.finish()
        };
        let this_turn = |a: &Amount| matches!(a, Amount::ThisTurn { .. });
        let reads_history = cards.iter().any(|c| c.any_amount(&this_turn));
        let counts_draws = cards.iter().any(|c| {
            c.triggered().any(|(_, t)| {
                matches!(
                    t.event,
                    crate::model::TriggerEvent::YouDrawSecond
                        | crate::model::TriggerEvent::YouDrawThird
                )
            })
        });
        let counts_life_gains = cards.iter().any(|c| {
            c.triggered().any(|(_, t)| {
                matches!(
                    t.event,
                    crate::model::TriggerEvent::YouGainLifeFirst
                        | crate::model::TriggerEvent::YouGainLifeFirstYourTurn
                )
            })
        });
        let reads_put_there_this_turn = cards.iter().any(|c| c.targets_put_there_this_turn());
        let counts_instant_and_sorcery_casts = cards.iter().any(|c| {
            c.triggered()
                .any(|(_, t)| t.event == crate::model::TriggerEvent::YouCast && t.carries_amount)
        });
        let listens_plus_one_counters = cards.iter().any(|c| {
            c.triggered()
                .any(|(_, t)| t.event == crate::model::TriggerEvent::PlusOneCountersPut)
        });
        let once_each_turn = cards
            .iter()
            .any(|c| c.triggered().any(|(_, t)| t.once_each_turn));
        let listens_noncombat_damage = cards.iter().any(|c| {
            c.triggered()
                .any(|(_, t)| t.event == crate::model::TriggerEvent::NoncombatDamageToOpponent)
        });
        let lifts_hand_size = facts.iter().any(|f| f.no_maximum_hand_size);
        let doubles_tokens = facts.iter().any(|f| f.twice_as_many_tokens);
        let adds_counters_to_others = cards.iter().any(|c| {
            c.abilities
                .iter()
                .any(|a| matches!(a, Ability::OthersEnterWithCounters { .. }))
        });
        // The events abilities that function from a graveyard wait for (113.6k).
        let graveyard_listens = cards
            .iter()
            .flat_map(|c| c.triggered())
            .filter(|(_, t)| t.from_graveyard)
            .fold(0u64, |bits, (_, t)| bits | 1 << t.event as u32);
        let casts_from_graveyard = facts.iter().any(|f| {
            f.flashback.is_some()
                || f.graveyard_ability.is_some()
                || f.plays_permanents_from_graveyard
                || f.graveyard_cast_counters > 0
        }) || cards.iter().any(CardDef::permits_graveyard_casts);
        let reduces_spells = facts.iter().any(|f| f.spells_cost_less.0 != 0);
        let grants_flash = facts.iter().any(|f| f.spells_have_flash);
        let grants_free_casts = facts.iter().any(|f| f.spells_from_hand_free);
        let plays_from_exile = cards.iter().any(CardDef::exiles_to_play);
        let grants_lands = facts.iter().any(|f| f.additional_land);
        Ok(CardDb {
            grants_lands,
            graveyard_listens,
            plays_from_exile,
            casts_from_graveyard,
            reduces_spells,
            grants_flash,
            grants_free_casts,
            facts,
            fingerprint,
            reads_history,
            reads_put_there_this_turn,
            counts_draws,
            counts_life_gains,
            counts_instant_and_sorcery_casts,
            listens_plus_one_counters,
            listens_noncombat_damage,
            lifts_hand_size,
            doubles_tokens,
            adds_counters_to_others,
            once_each_turn,
            start: OnceLock::new(),
            checks: Checks::new(cards.len()),
            cards,
            berserk,
            specs,
            token_specs,
            by_name,
            decks,
            listens,
        })
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn card(&self, id: CardId) -> &CardDef {
        &self.cards[id.0 as usize]
    }

    /// A Berserk card's properties (none for a Magic card).
    #[inline]
    pub fn berserk(&self, id: CardId) -> Option<&BerserkProperties> {
        self.berserk.get(id.0 as usize)?.as_ref()
    }

    /// Whether the card is a Berserk card (it plays only in a "berserk" game).
    #[inline]
    pub fn is_berserk(&self, id: CardId) -> bool {
        self.berserk(id).is_some()
    }

    /// The card plays in `game`: a Berserk card in a "berserk" game, a Magic card in a Magic
    /// one (`crate::berserk::check_game`).
    #[inline]
    pub fn check_game(&self, card: CardId, game: &Game) -> Result<()> {
        crate::berserk::check_game(&self.card(card).name, self.is_berserk(card), game)
    }

    /// The three strike values (weak, medium, strong) of classic Berserk creature `id`, its
    /// strength effects counted (`crate::berserk::strikes`); None when it is not a card of
    /// this database with three strike values, or has no strength now.
    pub fn strikes(&self, game: &Game, id: u32) -> Result<Option<[i128; 3]>> {
        game.strength(id)?; // an unknown id or a player: the kernel's error
        let printed = self
            .card_of(game, id)
            .and_then(|c| self.berserk(c))
            .and_then(|b| b.strikes);
        match printed {
            Some(printed) => crate::berserk::strikes(printed, game, id),
            None => Ok(None),
        }
    }

    /// A hash of the cards and decks, the same on every machine: equal databases have equal
    /// fingerprints (a game's hash reads it).
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    fn start(&self) -> &crate::start::Start {
        self.start
            .get_or_init(|| crate::start::Start::of(self.specs.iter()))
    }

    /// A new two-player Magic game (seed 0) whose subtype table names every subtype of this
    /// database's cards: copy it to start a game (`crate::start`).
    pub fn starting_game(&self) -> &Game {
        &self.start().game
    }

    /// The card's description checked against `starting_game` (none if the kernel refuses
    /// it): `Game::create_checked` makes its object in any game descended from that one.
    pub fn checked(&self, card: CardId) -> Option<&cardstate_core::CheckedCard> {
        self.start().checked.get(card.0 as usize)?.as_ref()
    }

    /// What a game layer reads of the card again and again (`crate::facts`).
    #[inline]
    pub fn facts(&self, id: CardId) -> &CardFacts {
        &self.facts[id.0 as usize]
    }

    pub fn get(&self, id: CardId) -> Option<&CardDef> {
        self.cards.get(id.0 as usize)
    }

    /// Whether the card has a triggered ability waiting for `event`.
    #[inline]
    pub fn listens(&self, id: CardId, event: crate::model::TriggerEvent) -> bool {
        self.listens[id.0 as usize] & (1 << event as u32) != 0
    }

    /// Whether the card has a triggered ability waiting for one of the events `bits`
    /// (`TriggerEvent::bits`).
    #[inline]
    pub fn listens_any(&self, id: CardId, bits: u64) -> bool {
        self.listens[id.0 as usize] & bits != 0
    }

    /// Whether an ability of a card waits for a player's second card drawn in a turn (121.2):
    /// a game counts the cards drawn each turn only for such a pool.
    #[inline]
    pub fn counts_draws(&self) -> bool {
        self.counts_draws
    }

    /// Whether an ability of a card waits for a player's first life gain of a turn ("for the
    /// first time each turn", 119.9): a game counts each player's life gains only then.
    pub fn counts_life_gains(&self) -> bool {
        self.counts_life_gains
    }

    /// Whether a "whenever you cast" ability of a card reads how many instant and sorcery
    /// spells its controller cast before the spell this turn: a game counts them only then.
    pub fn counts_instant_and_sorcery_casts(&self) -> bool {
        self.counts_instant_and_sorcery_casts
    }

    /// Whether an ability of a card waits for +1/+1 counters put on an object (122.1): a game
    /// makes the event only then.
    pub fn listens_plus_one_counters(&self) -> bool {
        self.listens_plus_one_counters
    }

    /// Whether an ability of a card waits for noncombat damage to an opponent (120.2): a game
    /// makes the event only then.
    pub fn listens_noncombat_damage(&self) -> bool {
        self.listens_noncombat_damage
    }

    /// Whether a card says "You have no maximum hand size." (402.2): a game looks for one in
    /// the cleanup step only then.
    pub fn lifts_hand_size(&self) -> bool {
        self.lifts_hand_size
    }

    /// Whether a card gives other permanents entering counters (614.1c): a permanent's
    /// entering looks at the others only then.
    pub fn adds_counters_to_others(&self) -> bool {
        self.adds_counters_to_others
    }

    /// How many tokens an effect creates under player `p`'s control when it would create `n`
    /// (614.1a): twice as many for each permanent of `p`'s whose card says so (Doubling
    /// Season; two: four times as many), saturating.
    pub fn tokens_created(&self, game: &cardstate_core::Game, p: u32, n: u64) -> u64 {
        if !self.doubles_tokens {
            return n;
        }
        game.zone_objects(cardstate_core::Zone::Battlefield, p)
            .iter()
            .filter(|&&id| {
                self.card_of(game, id)
                    .is_some_and(|c| self.facts(c).twice_as_many_tokens)
            })
            .fold(n, |n, _| n.saturating_mul(2))
    }

    /// Whether an ability of a card triggers only once each turn (603.2h): a game keeps which
    /// triggered this turn only then.
    pub fn once_each_turn(&self) -> bool {
        self.once_each_turn
    }

    /// Whether the ability `ability` of `card` triggers only once each turn (603.2h).
    pub fn triggers_once_each_turn(&self, card: CardId, ability: u16) -> bool {
        matches!(
            self.card(card).abilities.get(ability as usize),
            Some(crate::model::Ability::Triggered(t)) if t.once_each_turn
        )
    }

    /// Whether a card is a permanent that makes spells its controller casts cost less
    /// ("Instant and sorcery spells you cast cost {1} less to cast", 601.2f).
    #[inline]
    pub fn reduces_spells(&self) -> bool {
        self.reduces_spells
    }

    /// Whether a card is a permanent whose controller may cast spells as though they had
    /// flash (702.8a).
    #[inline]
    pub fn grants_flash(&self) -> bool {
        self.grants_flash
    }

    /// Whether a card is a permanent whose controller may cast spells from its hand without
    /// paying their mana costs (118.9).
    #[inline]
    pub fn grants_free_casts(&self) -> bool {
        self.grants_free_casts
    }

    /// Whether a card lets its controller play an additional land each turn (305.2).
    #[inline]
    pub fn grants_lands(&self) -> bool {
        self.grants_lands
    }

    /// Whether an ability of a card reads the turn's history (morbid, raid, 603.4): a game
    /// keeps the history only for such a pool.
    #[inline]
    pub fn reads_history(&self) -> bool {
        self.reads_history
    }

    /// Whether a target of a card asks for a card put into its zone this turn (400.7): a game
    /// layer keeps the turn's first object id only for such a pool.
    #[inline]
    pub fn reads_put_there_this_turn(&self) -> bool {
        self.reads_put_there_this_turn
    }

    /// Whether a card has flashback (702.34a), an ability that functions from a graveyard
    /// (113.6k) or lets cards be played from one (Muldrotha, the Gravetide): a game layer
    /// looks at the graveyards for spells to cast and abilities to activate only for such a
    /// pool.
    #[inline]
    pub fn casts_from_graveyard(&self) -> bool {
        self.casts_from_graveyard
    }

    /// Whether a card exiles cards its controller may play (impulse draw): a game layer looks
    /// at the exiles for cards to play only for such a pool.
    #[inline]
    pub fn plays_from_exile(&self) -> bool {
        self.plays_from_exile
    }

    /// The events (bits of `TriggerEvent`) abilities that function from a graveyard wait for
    /// (113.6k); none for most pools.
    #[inline]
    pub fn graveyard_listens(&self) -> u64 {
        self.graveyard_listens
    }

    /// Whether a card has a triggered ability that functions from a graveyard (113.6k).
    #[inline]
    pub fn triggers_from_graveyard(&self) -> bool {
        self.graveyard_listens != 0
    }

    /// Whether the card has triggered abilities.
    #[inline]
    pub fn has_triggers(&self, id: CardId) -> bool {
        self.listens[id.0 as usize] != 0
    }

    /// The kernel's description of the card, for `Game::create`.
    pub fn spec(&self, id: CardId) -> &CardSpec {
        &self.specs[id.0 as usize]
    }

    /// The kernel's description of a token copy of the card (111.1), for `Game::create`.
    pub fn token_spec(&self, id: CardId) -> &CardSpec {
        &self.token_specs[id.0 as usize]
    }

    pub fn id(&self, name: &str) -> Option<CardId> {
        self.by_name.get(name).copied()
    }

    /// The card of that name (`Invalid` naming it if unknown).
    pub fn lookup(&self, name: &str) -> Result<CardId> {
        self.id(name)
            .map_or_else(|| invalid(format!("unknown card {name:?}")), Ok)
    }

    pub fn cards(&self) -> impl Iterator<Item = (CardId, &CardDef)> {
        self.cards
            .iter()
            .enumerate()
            .map(|(i, c)| (CardId(i as u16), c))
    }

    /// Decks by name: 40 card names each for the built-in pool.
    pub fn decks(&self) -> &BTreeMap<String, Vec<String>> {
        &self.decks
    }

    /// A deck's cards as ids.
    pub fn deck(&self, name: &str) -> Result<Vec<CardId>> {
        let Some(names) = self.decks.get(name) else {
            return invalid(format!(
                "unknown deck {name:?}; decks: {}",
                self.decks.keys().cloned().collect::<Vec<_>>().join(", ")
            ));
        };
        Ok(names.iter().map(|n| self.by_name[n.as_str()]).collect())
    }

    /// Creates an object of `card` (a token copy of it if `token`, 111.1) for `controller` in
    /// `zone`, as `Game::create` of its description would, without checking the description
    /// again where a game already did (`crate::checked`); returns its id. A card of the other
    /// game than `game`'s is refused (`crate::berserk::check_game`).
    pub fn create_object(
        &self,
        game: &mut Game,
        card: CardId,
        token: bool,
        controller: u32,
        zone: Zone,
    ) -> Result<u32> {
        self.check_game(card, game)?;
        let spec = if token {
            self.token_spec(card)
        } else {
            self.spec(card)
        };
        Ok(self
            .checks
            .create(game, card.0 as usize, token, spec, controller, zone)?)
    }

    /// The card an object of a game is (by its name), if it is a card of this database.
    pub fn card_of(&self, game: &cardstate_core::Game, id: u32) -> Option<CardId> {
        let e = game.entity(id).ok()?;
        if e.is_player {
            return None;
        }
        self.id(&game.printed(e).name)
    }
}

fn spec_of(c: &CardDef) -> CardSpec {
    let cost = c.cost.as_ref().map(|m| {
        if m.x == 0 {
            CostSpec::Fixed(m.mana_value as i64)
        } else {
            let mut terms: Vec<String> = Vec::new();
            if m.mana_value > 0 {
                terms.push(m.mana_value.to_string());
            }
            terms.extend(std::iter::repeat_n("X".to_string(), m.x as usize));
            CostSpec::Text(terms.join("+"))
        }
    });
    CardSpec {
        name: c.name.clone(),
        types: c.types.clone(),
        supertypes: c.supertypes.clone(),
        subtypes: c.subtypes.clone(),
        keywords: c.keywords.iter().map(|(k, v)| (k.clone(), *v)).collect(),
        power: c.power.map(i64::from),
        toughness: c.toughness.map(i64::from),
        loyalty: c.loyalty.map(i64::from),
        cost,
        ..CardSpec::default()
    }
}

/// Sets the built-in kind of each counter name its programs put or remove.
fn name_builtin_kinds(c: &mut CardDef) {
    for a in &mut c.abilities {
        let program = match a {
            Ability::Spell { program, .. }
            | Ability::Mode { program, .. }
            | Ability::Delayed { program, .. }
            | Ability::Reflexive { program, .. } => program,
            Ability::Triggered(t) => &mut t.program,
            Ability::Activated(a) => &mut a.program,
            _ => continue,
        };
        for op in program {
            if let Op::PutCounters {
                counter, builtin, ..
            }
            | Op::RemoveCounters {
                counter, builtin, ..
            } = op
            {
                *builtin = cardstate_core::kinds::builtin(counter);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardstate_core::Ruleset;

    /// Every card of the pool and its token copy, made from the kept check in two games whose
    /// subtype names came in different orders (the second game can't reuse the first's check),
    /// is the object `Game::create` of its description makes: the same game, bytes and events.
    #[test]
    fn an_object_made_from_a_kept_check_is_the_object_create_makes() {
        let db = CardDb::pool();
        let squirrel = CardSpec {
            name: "Squirrel".into(),
            types: vec!["creature".into()],
            subtypes: vec!["Squirrel".into()],
            power: Some(1),
            toughness: Some(1),
            ..CardSpec::default()
        };
        for squirrel_first in [false, true] {
            let mut a = Game::new(2, Ruleset::Mtg, 0).unwrap();
            let mut b = Game::new(2, Ruleset::Mtg, 0).unwrap();
            if squirrel_first {
                a.create(0, Zone::Library, &squirrel).unwrap();
                b.create(0, Zone::Library, &squirrel).unwrap();
            }
            for round in 0..2 {
                for i in 0..db.len() {
                    let card = CardId(i as u16);
                    for token in [false, true] {
                        let spec = if token {
                            db.token_spec(card)
                        } else {
                            db.spec(card)
                        };
                        let zone = [Zone::Battlefield, Zone::Hand][round];
                        let x = db.create_object(&mut a, card, token, 1, zone).unwrap();
                        let y = b.create(1, zone, spec).unwrap();
                        assert_eq!(x, y);
                    }
                }
            }
            assert!(a == b);
            assert_eq!(a.hash(), b.hash());
            assert_eq!(a.to_bytes(), b.to_bytes());
            assert_eq!(a.events(), b.events());
        }
    }

    #[test]
    fn a_bad_controller_is_refused_and_nothing_changes() {
        let db = CardDb::pool();
        let mut g = Game::new(2, Ruleset::Mtg, 0).unwrap();
        let before = g.clone();
        assert!(db
            .create_object(&mut g, CardId(0), false, 7, Zone::Battlefield)
            .is_err());
        assert!(g == before);
        assert_eq!(g.to_bytes(), before.to_bytes());
    }
}
