//! The card database: compiled definitions by id and name, the kernel's creation specs, decks.

use crate::checked::Checks;
use crate::error::{invalid, Result};
use crate::facts::CardFacts;
use crate::model::{
    Ability, Amount, CardDef, CardId, Condition, Op, PoolFile, Selector, TargetSpec,
};
use cardstate_core::{CardSpec, CostSpec};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The compiled pool, generated from python/cardstate/cards/pool.py by
/// `python -m cardstate.cards.generate` (a test fails if it is out of date).
pub const POOL_JSON: &str = include_str!("../pool.json");

/// The version of the compiled form this runtime reads.
pub const FORMAT_VERSION: u32 = 1;

/// Compiled cards, looked up by [`CardId`] or name, and decks by name.
#[derive(Clone, Debug)]
pub struct CardDb {
    cards: Vec<CardDef>,
    specs: Vec<CardSpec>,
    /// The same, for a token copy of the card ("create a token": 111.1).
    token_specs: Vec<CardSpec>,
    by_name: FxHashMap<Box<str>, CardId>,
    decks: BTreeMap<String, Vec<String>>,
    /// Per card: bit `TriggerEvent as u16` set when one of its triggered abilities waits for it.
    listens: Vec<u16>,
    /// Per card, its description as last checked by a game (`CardDb::create_object`).
    pub(crate) checks: Checks,
    /// Per card, what a game layer reads of it again and again (`crate::facts`).
    facts: Vec<CardFacts>,
    /// The kernel its games start from, made on first use (`crate::start`).
    pub(crate) start: OnceLock<crate::start::Start>,
    /// A hash of the cards and decks, the same on every machine (`CardDb::fingerprint`).
    fingerprint: u64,
}

impl CardDb {
    /// The built-in pool (parsed once; no Python needed).
    pub fn pool() -> &'static CardDb {
        static POOL: OnceLock<CardDb> = OnceLock::new();
        POOL.get_or_init(|| CardDb::from_json(POOL_JSON).expect("the committed pool.json is valid"))
    }

    /// Reads a compiled form (as `cardstate.cards.compile.pool_json` writes it), checking it.
    pub fn from_json(text: &str) -> Result<CardDb> {
        let file: PoolFile = serde_json::from_str(text)
            .map_err(|e| crate::Error::Invalid(format!("bad compiled card data: {e}")))?;
        if file.version != FORMAT_VERSION {
            return invalid(format!(
                "compiled card data of version {}, this runtime reads version {FORMAT_VERSION}",
                file.version
            ));
        }
        CardDb::new(file.cards, file.decks)
    }

    /// A database of these cards and decks, checked (names unique, programs well formed, decks
    /// naming known cards).
    pub fn new(mut cards: Vec<CardDef>, decks: BTreeMap<String, Vec<String>>) -> Result<CardDb> {
        if cards.len() > u16::MAX as usize {
            return invalid("too many cards");
        }
        let mut by_name = FxHashMap::default();
        for (i, c) in cards.iter().enumerate() {
            if by_name
                .insert(c.name.as_str().into(), CardId(i as u16))
                .is_some()
            {
                return invalid(format!("card {:?}: name: defined twice", c.name));
            }
        }
        for c in &cards {
            check_card(c, &by_name)?;
        }
        for (deck, names) in &decks {
            for n in names {
                if !by_name.contains_key(n.as_str()) {
                    return invalid(format!("deck {deck:?}: unknown card {n:?}"));
                }
            }
        }
        for c in &mut cards {
            name_builtin_kinds(c);
        }
        let specs: Vec<CardSpec> = cards.iter().map(spec_of).collect();
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
                    .fold(0u16, |m, (_, t)| m | 1 << t.event as u16)
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
            format!("{cards:?}{decks:?}").hash(&mut h);
            h.finish()
        };
        Ok(CardDb {
            facts,
            fingerprint,
            start: OnceLock::new(),
            checks: Checks::new(cards.len()),
            cards,
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

    /// A hash of the cards and decks, the same on every machine: equal databases have equal
    /// fingerprints (a game's hash reads it).
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
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
        self.listens[id.0 as usize] & (1 << event as u16) != 0
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

    /// The card an object of a game is (by its name), if it is a card of this database.
    pub fn card_of(&self, game: &cardstate_core::Game, id: u32) -> Option<CardId> {
        let e = game.entity(id).ok()?;
        if e.is_player {
            return None;
        }
        self.id(&game.printed(e).name)
    }
}

/// The decks of the built-in pool.
pub fn decks() -> &'static BTreeMap<String, Vec<String>> {
    CardDb::pool().decks()
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

/// Programs well formed: jumps in range, targets declared, tokens known.
fn check_card(c: &CardDef, names: &FxHashMap<Box<str>, CardId>) -> Result<()> {
    for (i, a) in c.abilities.iter().enumerate() {
        let (targets, program): (&[TargetSpec], &[Op]) = match a {
            Ability::Spell { targets, program } => (targets, program),
            Ability::Triggered(t) => (&t.targets, &t.program),
            Ability::Activated(a) => (&a.targets, &a.program),
            Ability::EntersWithCounters { n, .. } => {
                check_amount(c, i, n, 0)?;
                continue;
            }
            _ => continue,
        };
        if let Ability::Triggered(t) = a {
            if let Some(cond) = &t.condition {
                check_condition(c, i, cond, targets.len())?;
            }
        }
        for t in targets {
            if t.count == 0 {
                return invalid(format!(
                    "card {:?}: abilities[{i}]: a target count of 0",
                    c.name
                ));
            }
        }
        for op in program {
            let bad_jump = |to: u32| to as usize > program.len();
            let ok = match op {
                Op::Jump { to } | Op::JumpUnless { to } => !bad_jump(*to),
                Op::CreateToken { card, .. } => names.contains_key(card.as_str()),
                Op::Python { .. } => c.python,
                _ => true,
            };
            if !ok {
                return invalid(format!(
                    "card {:?}: abilities[{i}]: bad operation {op:?}",
                    c.name
                ));
            }
            for_each_selector(op, &mut |s| check_selector(c, i, s, targets.len()))?;
        }
    }
    Ok(())
}

fn check_selector(c: &CardDef, i: usize, s: &Selector, n_targets: usize) -> Result<()> {
    match s {
        Selector::Target { i: t } if *t as usize >= n_targets => invalid(format!(
            "card {:?}: abilities[{i}]: target {t} but {n_targets} declared",
            c.name
        )),
        _ => Ok(()),
    }
}

fn check_amount(c: &CardDef, i: usize, a: &Amount, n_targets: usize) -> Result<()> {
    match a {
        Amount::Counters { of, .. } | Amount::Count { of } => check_selector(c, i, of, n_targets),
        _ => Ok(()),
    }
}

fn check_condition(c: &CardDef, i: usize, cond: &Condition, n_targets: usize) -> Result<()> {
    match cond {
        Condition::AtLeast { amount, .. } => check_amount(c, i, amount, n_targets),
    }
}

/// Sets the built-in kind of each counter name its programs put or remove.
fn name_builtin_kinds(c: &mut CardDef) {
    for a in &mut c.abilities {
        let program = match a {
            Ability::Spell { program, .. } => program,
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

/// Calls `f` on every selector an operation uses (amounts' included).
fn for_each_selector(op: &Op, f: &mut dyn FnMut(&Selector) -> Result<()>) -> Result<()> {
    let amount = |a: &Amount, f: &mut dyn FnMut(&Selector) -> Result<()>| match a {
        Amount::Counters { of, .. } | Amount::Count { of } => f(of),
        _ => Ok(()),
    };
    match op {
        Op::PutCounters { on: s, n, .. }
        | Op::RemoveCounters { of: s, n, .. }
        | Op::Draw { who: s, n }
        | Op::GainLife { who: s, n }
        | Op::LoseLife { who: s, n }
        | Op::GetEnergy { who: s, n }
        | Op::CreateToken { who: s, n, .. } => {
            f(s)?;
            amount(n, f)
        }
        Op::DealDamage { to, n, source } => {
            f(to)?;
            f(source)?;
            amount(n, f)
        }
        Op::Pump {
            who,
            power,
            toughness,
        } => {
            f(who)?;
            amount(power, f)?;
            amount(toughness, f)
        }
        Op::Destroy { what: s }
        | Op::Grant { who: s, .. }
        | Op::Tap { what: s }
        | Op::Untap { what: s }
        | Op::Regenerate { what: s }
        | Op::CounterSpell { what: s } => f(s),
        Op::Test {
            cond: Condition::AtLeast { amount: a, .. },
        } => amount(a, f),
        _ => Ok(()),
    }
}
