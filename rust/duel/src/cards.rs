//! What the duel reads of a card: a table built once from a card database and shared by every
//! copy of a duel (cloning a duel clones a pointer to it).

use cardstate_core::keywords::Keywords;
use cardstate_core::CardSpec;

use crate::mana::{Colour, ManaCost};

/// A card's index in its table (the duel's card id).
pub type CardId = u16;

/// Card types the duel's rules look at.
pub mod types {
    pub const ARTIFACT: u16 = 1 << 0;
    pub const CREATURE: u16 = 1 << 2;
    pub const ENCHANTMENT: u16 = 1 << 3;
    pub const INSTANT: u16 = 1 << 4;
    pub const LAND: u16 = 1 << 6;
    pub const PLANESWALKER: u16 = 1 << 7;
    pub const SORCERY: u16 = 1 << 8;
}

/// Keywords the duel's combat reads (bits of the kernel's `Keywords`, checked by a test).
pub mod kw {
    use cardstate_core::keywords::Keywords;
    pub const FLYING: Keywords = Keywords(1 << 0);
    pub const FIRST_STRIKE: Keywords = Keywords(1 << 1);
    pub const DOUBLE_STRIKE: Keywords = Keywords(1 << 2);
    pub const DEATHTOUCH: Keywords = Keywords(1 << 3);
    pub const DEFENDER: Keywords = Keywords(1 << 5);
    pub const HASTE: Keywords = Keywords(1 << 7);
    pub const MENACE: Keywords = Keywords(1 << 12);
    pub const REACH: Keywords = Keywords(1 << 13);
    pub const TRAMPLE: Keywords = Keywords(1 << 16);
    pub const VIGILANCE: Keywords = Keywords(1 << 17);
}

/// One card as the duel sees it.
#[derive(Clone, Debug)]
pub struct Card {
    pub name: Box<str>,
    /// Kernel type bits (`types::*`).
    pub types: u16,
    pub cost: ManaCost,
    pub keywords: Keywords,
    /// The colour of mana its `{T}` mana ability adds (basic land types, 305.6, or a printed
    /// "{T}: Add {C}").
    pub mana: Option<Colour>,
    /// What the kernel creates for it.
    pub spec: CardSpec,
    /// The duel can run all its abilities (docs/DUEL.md: a card with an effect the runtime
    /// can't run without Python can't be cast).
    pub supported: bool,
    /// The ability index of an instant's or sorcery's spell ability.
    pub spell: Option<u16>,
    /// Ability indices of its activated abilities that aren't mana abilities ("ability k").
    pub activated: Vec<u16>,
    /// The mana part of each of those abilities' costs.
    pub activation_mana: Vec<ManaCost>,
    /// One of those abilities has a {T} or counter cost or targets: whether it can be
    /// activated depends on more than its controller's mana, life and energy (what the
    /// priority memo holds by).
    pub activation_reads_kernel: bool,
    /// It has triggered abilities.
    pub triggers: bool,
    /// The trigger events its triggered abilities wait for (bit per `TriggerEvent`, in
    /// declaration order): about itself ("when ~ …", and the player-scoped "whenever you …")
    /// in `listens`, about other objects ("whenever a creature you control …") in
    /// `listens_other`.
    pub listens: u16,
    pub listens_other: u16,
}

impl Card {
    pub fn is(&self, t: u16) -> bool {
        self.types & t != 0
    }
    pub fn is_land(&self) -> bool {
        self.is(types::LAND)
    }
    /// A permanent card (110.4): it resolves onto the battlefield.
    pub fn is_permanent(&self) -> bool {
        !self.is(types::INSTANT | types::SORCERY)
    }
}

/// The cards a duel can use, by id, with lookup by name.
#[derive(Clone, Debug, Default)]
pub struct CardTable {
    pub cards: Vec<Card>,
    /// The card database whose programs the effects runtime runs (same ids); none for tables
    /// of vanilla test cards.
    pub db: Option<&'static cardstate_effects::CardDb>,
}

impl CardTable {
    pub fn len(&self) -> usize {
        self.cards.len()
    }
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
    pub fn get(&self, id: CardId) -> &Card {
        &self.cards[id as usize]
    }
    pub fn by_name(&self, name: &str) -> Option<CardId> {
        self.cards
            .iter()
            .position(|c| &*c.name == name)
            .map(|i| i as CardId)
    }
    /// A deck's cards by name (an error names the first unknown card).
    pub fn deck(&self, names: &[&str]) -> Result<Vec<CardId>, String> {
        names
            .iter()
            .map(|n| self.by_name(n).ok_or_else(|| format!("unknown card {n:?}")))
            .collect()
    }

    /// Adds a card built from kernel-style characteristics (used by the pool adapter and tests).
    pub fn push(&mut self, card: Card) -> CardId {
        self.cards.push(card);
        (self.cards.len() - 1) as CardId
    }
}

impl CardTable {
    /// The duel's view of a card database (same ids: card i of the table is card i of `db`).
    pub fn from_db(db: &'static cardstate_effects::CardDb) -> Result<CardTable, String> {
        let mut t = CardTable::default();
        for (_, def) in db.cards() {
            t.push(Card::from_def(db, def)?);
        }
        t.db = Some(db);
        Ok(t)
    }

    /// A registered deck of the built-in pool, as card ids of `pool()` (its table has the
    /// pool database's ids).
    pub fn pool_deck(name: &str) -> Result<Vec<CardId>, String> {
        let db = cardstate_effects::CardDb::pool();
        Ok(db
            .deck(name)
            .map_err(|e| e.to_string())?
            .iter()
            .map(|c| c.0)
            .collect())
    }

    /// The built-in pool's table (built once).
    pub fn pool() -> std::sync::Arc<CardTable> {
        static POOL: std::sync::OnceLock<std::sync::Arc<CardTable>> = std::sync::OnceLock::new();
        POOL.get_or_init(|| {
            std::sync::Arc::new(
                CardTable::from_db(cardstate_effects::CardDb::pool()).expect("the pool is valid"),
            )
        })
        .clone()
    }
}

impl Card {
    fn from_def(
        db: &cardstate_effects::CardDb,
        def: &cardstate_effects::model::CardDef,
    ) -> Result<Card, String> {
        let mut t = 0u16;
        for n in &def.types {
            t |= cardstate_core::keywords::card_type(n)
                .ok_or_else(|| format!("card {:?}: unknown type {n:?}", def.name))?
                .0;
        }
        let mut k = Keywords::EMPTY;
        for n in def.keywords.keys() {
            k = k.union(
                cardstate_core::keywords::keyword(n)
                    .ok_or_else(|| format!("card {:?}: unknown keyword {n:?}", def.name))?,
            );
        }
        let cost = match &def.cost {
            Some(c) => ManaCost::parse(&c.text).map_err(|e| format!("card {:?}: {e}", def.name))?,
            None => ManaCost::default(),
        };
        let mana = def
            .produces()
            .and_then(|p| p.trim_matches(|c| c == '{' || c == '}').chars().next())
            .and_then(Colour::from_symbol);
        let id = db.id(&def.name).expect("a card of the database");
        use cardstate_effects::model::{Ability, Op};
        let runnable = |program: &[Op]| !program.iter().any(|o| matches!(o, Op::Python { .. }));
        let supported = !def.python
            && def.abilities.iter().all(|a| match a {
                // Static abilities go live in the kernel as the permanent enters (611.3a).
                Ability::Spell { program, .. } => runnable(program),
                Ability::Triggered(t) => runnable(&t.program),
                _ => true,
            });
        let mut activated = Vec::new();
        let mut activation_mana = Vec::new();
        let mut activation_reads_kernel = false;
        let mut spell = None;
        let mut triggers = false;
        let mut listens = 0u16;
        let mut listens_other = 0u16;
        for (i, a) in def.abilities.iter().enumerate() {
            match a {
                Ability::Activated(x) if runnable(&x.program) => {
                    activated.push(i as u16);
                    let m = match &x.cost.mana {
                        Some(m) => ManaCost::parse(&m.text)
                            .map_err(|e| format!("card {:?}: {e}", def.name))?,
                        None => ManaCost::default(),
                    };
                    activation_mana.push(m);
                    activation_reads_kernel |=
                        x.cost.tap || x.cost.remove_counters.is_some() || !x.targets.is_empty();
                }
                Ability::Spell { .. } => spell = Some(i as u16),
                Ability::Triggered(x) => {
                    triggers = true;
                    if x.subject == cardstate_effects::Selector::This {
                        listens |= 1 << (x.event as u16);
                    } else {
                        listens_other |= 1 << (x.event as u16);
                    }
                }
                _ => {}
            }
        }
        Ok(Card {
            supported,
            spell,
            activated,
            activation_mana,
            activation_reads_kernel,
            triggers,
            listens,
            listens_other,
            name: def.name.as_str().into(),
            types: t,
            cost,
            keywords: k,
            mana,
            spec: db.spec(id).clone(),
        })
    }
}

/// Builds a `Card` from characteristics (a plain vanilla card; abilities come from the effects
/// runtime).
pub fn card(
    name: &str,
    type_names: &[&str],
    subtypes: &[&str],
    cost: &str,
    power_toughness: Option<(i64, i64)>,
    keywords: &[(&str, i64)],
) -> Card {
    let mut t = 0u16;
    for n in type_names {
        let bit = cardstate_core::keywords::TYPE_NAMES
            .iter()
            .position(|x| x == n)
            .expect("a known card type");
        t |= 1 << bit;
    }
    let mut k = Keywords::EMPTY;
    for (n, _) in keywords {
        k = k.union(cardstate_core::keywords::keyword(n).expect("a known keyword"));
    }
    let cost = ManaCost::parse(cost).expect("a valid mana cost");
    let mana = subtypes.iter().find_map(|s| Colour::of_basic_land_type(s));
    let spec = CardSpec {
        name: name.to_string(),
        types: type_names.iter().map(|s| s.to_string()).collect(),
        subtypes: subtypes.iter().map(|s| s.to_string()).collect(),
        keywords: keywords.iter().map(|(n, v)| (n.to_string(), *v)).collect(),
        power: power_toughness.map(|p| p.0),
        toughness: power_toughness.map(|p| p.1),
        cost: Some(cardstate_core::CostSpec::Fixed(cost.mana_value() as i64)),
        ..CardSpec::default()
    };
    Card {
        supported: true,
        spell: None,
        activated: Vec::new(),
        activation_mana: Vec::new(),
        activation_reads_kernel: false,
        triggers: false,
        listens: 0,
        listens_other: 0,
        name: name.into(),
        types: t,
        cost,
        keywords: k,
        mana,
        spec,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyword_bits_match_the_kernel() {
        use cardstate_core::keywords::keyword;
        assert_eq!(keyword("flying"), Some(kw::FLYING));
        assert_eq!(keyword("first strike"), Some(kw::FIRST_STRIKE));
        assert_eq!(keyword("double strike"), Some(kw::DOUBLE_STRIKE));
        assert_eq!(keyword("deathtouch"), Some(kw::DEATHTOUCH));
        assert_eq!(keyword("defender"), Some(kw::DEFENDER));
        assert_eq!(keyword("haste"), Some(kw::HASTE));
        assert_eq!(keyword("menace"), Some(kw::MENACE));
        assert_eq!(keyword("reach"), Some(kw::REACH));
        assert_eq!(keyword("trample"), Some(kw::TRAMPLE));
        assert_eq!(keyword("vigilance"), Some(kw::VIGILANCE));
    }

    #[test]
    fn the_pool_converts() {
        let t = CardTable::pool();
        let f = t.get(t.by_name("Forest").unwrap());
        assert_eq!(f.mana, Some(Colour::Green));
        assert!(f.is_land());
        let elves = t.get(t.by_name("Llanowar Elves").unwrap());
        assert_eq!(elves.mana, Some(Colour::Green));
        let ram = t.get(t.by_name("Boggart Ram-Gang").unwrap());
        assert_eq!(ram.cost.num_hybrid, 3);
        let ballista = t.get(t.by_name("Walking Ballista").unwrap());
        assert_eq!(ballista.cost.x, 2);
    }

    #[test]
    fn type_bits_match_the_kernel() {
        use cardstate_core::keywords::card_type;
        assert_eq!(card_type("creature").unwrap().0, types::CREATURE);
        assert_eq!(card_type("land").unwrap().0, types::LAND);
        assert_eq!(card_type("instant").unwrap().0, types::INSTANT);
        assert_eq!(card_type("sorcery").unwrap().0, types::SORCERY);
        assert_eq!(card_type("artifact").unwrap().0, types::ARTIFACT);
    }
}
