//! What a game reads of a card again and again — its types, keywords, mana cost in a fixed-size
//! form, the mana it can add, which of its abilities a game layer offers — found once from the
//! compiled definition as the database is made (`CardDb::facts`). The one card model: a game
//! layer reads these and the definition, and parses nothing again.

use crate::model::{Ability, Amount, CardDef, Colour, ManaCost, Op, Selector};
use cardstate_core::keywords::{self, Keywords, Supertypes, Types};
use smallvec::SmallVec;

/// Hybrid symbols a cost may have (107.4e).
pub const MAX_HYBRID: usize = 8;

/// A mana cost (202.1) as fixed-size counts: generic mana, coloured symbols per colour in WUBRG
/// order, colourless symbols (107.4c), X symbols (107.3), hybrid symbols (107.4e: the two colours
/// of each) and Phyrexian symbols per colour (107.4f: that colour or 2 life).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ManaSymbols {
    pub generic: u32,
    pub coloured: [u8; 5],
    pub colourless: u8,
    pub x: u8,
    pub hybrid: [(u8, u8); MAX_HYBRID],
    pub num_hybrid: u8,
    pub phyrexian: [u8; 5],
}

impl ManaSymbols {
    /// The compiled cost's symbols; an error names what doesn't fit the fixed-size form.
    pub fn of(cost: &ManaCost) -> Result<ManaSymbols, String> {
        if cost.hybrid.len() > MAX_HYBRID {
            return Err(format!(
                "{} hybrid symbols; a cost holds at most {MAX_HYBRID}",
                cost.hybrid.len()
            ));
        }
        let mut m = ManaSymbols {
            generic: cost.generic,
            coloured: cost.coloured,
            colourless: cost.colourless,
            x: cost.x,
            num_hybrid: cost.hybrid.len() as u8,
            ..ManaSymbols::default()
        };
        for (slot, [a, b]) in m.hybrid.iter_mut().zip(&cost.hybrid) {
            *slot = (a.index() as u8, b.index() as u8);
        }
        for c in &cost.phyrexian {
            let n = &mut m.phyrexian[c.index()];
            *n = n
                .checked_add(1)
                .ok_or_else(|| "more than 255 Phyrexian symbols of one colour".to_string())?;
        }
        Ok(m)
    }

    /// Mana value with X = 0 (202.3; a hybrid or Phyrexian symbol counts one, 202.2d).
    pub fn mana_value(&self) -> u32 {
        self.generic
            + self.coloured.iter().map(|&n| n as u32).sum::<u32>()
            + self.colourless as u32
            + self.num_hybrid as u32
            + self.phyrexian.iter().map(|&n| n as u32).sum::<u32>()
    }

    /// Whether it has any hybrid or Phyrexian symbol (a payment with a choice of colour).
    pub fn has_alternatives(&self) -> bool {
        self.num_hybrid > 0 || self.phyrexian != [0; 5]
    }
}

/// What a game layer reads of one card.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardFacts {
    pub types: Types,
    pub supertypes: Supertypes,
    pub keywords: Keywords,
    /// Its mana cost (none: the zero cost of a land or a token, 202.1b).
    pub cost: ManaSymbols,
    /// Its mana value (202.3, X = 0).
    pub mana_value: u32,
    /// Its colours (105.2, 202.2: of its cost's coloured, hybrid and Phyrexian symbols), a bit
    /// per colour in WUBRG order.
    pub colours: u8,
    /// Printed power, toughness and loyalty.
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    pub loyalty: Option<u32>,
    /// The colours its mana ability can add, a bit per colour in WUBRG order, and
    /// [`COLOURLESS`] for colourless mana ("{T}: Add {C}.", 106.1b) (0: none).
    pub produces: u8,
    /// Its mana ability's cost sacrifices it ("{T}, Sacrifice this artifact: Add one mana of
    /// any color": a Treasure, 111.10a): the source is gone once it pays.
    pub mana_sacrifice: bool,
    /// Every ability can run without Python (a card with a Python effect can't be played by
    /// a Rust-only game layer).
    pub runnable: bool,
    /// The ability index of an instant's or sorcery's spell ability (its first).
    pub spell: Option<u16>,
    /// The ability indices of its spell abilities when it has two or more: the modes of a
    /// modal spell, "Choose one —" (700.2a); empty otherwise.
    pub modes: SmallVec<[u16; 2]>,
    /// Its activated abilities that are not mana abilities and can run without Python, by
    /// ability index: a game layer's "ability k" counts these.
    pub activated: SmallVec<[u16; 3]>,
    /// The mana part of each of those abilities' costs.
    pub activation_mana: SmallVec<[ManaSymbols; 3]>,
    /// Its activated ability that functions only from its owner's graveyard (113.6k), by
    /// ability index, and the mana it costs.
    pub graveyard_ability: Option<u16>,
    pub graveyard_activation_mana: ManaSymbols,
    /// One of those abilities costs {T}, counters or another permanent to sacrifice, or has
    /// targets: whether it can be activated depends on more than its controller's mana, life
    /// and energy.
    pub activation_reads_kernel: bool,
    /// The trigger events its triggered abilities wait for (a bit per `TriggerEvent`): about
    /// itself or its controller ("when ~ …", "whenever you …") in `listens`, about other
    /// objects ("whenever a creature you control …") in `listens_other`.
    pub listens: u64,
    pub listens_other: u64,
    /// One of its triggered abilities functions from its owner's graveyard (113.6k).
    pub triggers_from_graveyard: bool,
    /// It has flash (702.8a): it may be cast any time its controller could cast an instant.
    pub flash: bool,
    /// "A deck can have any number of cards named ~." (100.2a's exception).
    pub any_number_in_deck: bool,
    /// Its flashback cost's mana (702.34a; none for a flashback cost that sacrifices): it may
    /// be cast from its owner's graveyard for it.
    pub flashback: Option<ManaSymbols>,
    /// The ability index of its flashback cost's sacrifice, if it has one (702.34a, 701.21a).
    pub flashback_sacrifice: Option<u16>,
    /// The ability index of its alternative cost (118.9: sacrificing permanents).
    pub alternative: Option<u16>,
    /// The ability index of its additional cost of sacrificing permanents (601.2f–h).
    pub additional_sacrifice: Option<u16>,
    /// What it costs when the mana its additional cost allows instead of the sacrifice is paid
    /// ("sacrifice a creature or pay {3}{B}": the mana cost and that, 601.2f).
    pub or_paid_cost: Option<ManaSymbols>,
    /// What it costs kicked (702.33a: its mana cost and its kicker cost, 601.2f).
    pub kicked_cost: Option<ManaSymbols>,
    /// The ability index of the spell a kicked spell is instead of its own ("If this spell was
    /// kicked, instead …", 702.33d).
    pub kicked_spell: Option<u16>,
    /// The cards its caster discards as an additional cost (601.2f–h, 701.9a).
    pub discard_cost: u8,
    /// The card types whose cards in its caster's graveyard each make it cost {1} less to cast
    /// (601.2f); empty: none.
    pub costs_less_per_graveyard: Types,
    /// The ability index of its cost reduction for its caster's permanents (601.2f, 702.41a).
    pub costs_less_for_permanents: Option<u16>,
    /// The card types of the spells its controller casts that it (a permanent) makes cost {1}
    /// less (601.2f); empty: none.
    pub spells_cost_less: Types,
    /// The ability index of its madness (702.35a), and its madness cost.
    pub madness: Option<u16>,
    pub madness_cost: ManaSymbols,
    /// Its plot cost (702.170a): paid to exile it from its owner's hand, to be cast later.
    pub plot: Option<ManaSymbols>,
    /// The ability index of its `ManaForEach`: its mana ability adds its mana once for each
    /// permanent of its controller's matching that filter (Elvish Archdruid).
    pub mana_for_each: Option<u16>,
    /// The ability index of its `ManaOfEachColourAmong`: its mana ability adds one mana of
    /// each colour among its controller's permanents matching that filter (Bloom Tender).
    pub mana_of_each_colour: Option<u16>,
    /// "As this artifact enters, choose a color. / Creatures you control of the chosen color
    /// get +N/+M." (`ChooseAColour`): the bonus (614.12, 607.2).
    pub chooses_colour: Option<(i32, i32)>,
    /// Its mana ability adds only the colour it chose (`ManaOfChosenColour`).
    pub mana_of_chosen_colour: bool,
    /// "As this enters, choose a creature type." (`ChooseACreatureType`, 614.12, 607.2): the
    /// bonus to its controller's creatures of that type (for each of its counters when
    /// `chooses_type_counters`).
    pub chooses_type: Option<(i32, i32)>,
    /// Its `ChooseACreatureType` names a counter: it enters with one for each creature its
    /// controller controls of the chosen type, and the bonus is for each of them.
    pub chooses_type_counters: bool,
    /// Its mana may be spent only on a creature spell of the type it chose (106.6).
    pub mana_spend_only_chosen: bool,
    /// "This creature gets +1/+1 for each creature card in your graveyard." (613.4c,
    /// `GetsPerGraveyardCard`): the bonus for each card of `gets_per_graveyard_types` in its
    /// controller's graveyard.
    pub gets_per_graveyard: Option<(i32, i32)>,
    pub gets_per_graveyard_types: Types,
    /// Its mana may be spent only on some spells (106.6: "Spend this mana only to cast an
    /// Angel spell"): which, its mana ability's `spend_only_on`.
    pub mana_spend_only: bool,
    /// An Aura (702.5a): as a spell it has a target, what it will enchant (303.4a).
    pub enchant: bool,
    /// "This spell costs {1} less to cast for each attacking creature you control" (601.2f).
    pub costs_less_per_attacker: bool,
    /// "This spell costs {3} less to cast if it targets a tapped creature" (601.2f): that
    /// much generic mana less; 0: none.
    pub costs_less_if_targets_tapped: u8,
    /// It may begin the game on the battlefield from its owner's opening hand (103.6a).
    pub begins_on_battlefield: bool,
    /// "You may play an additional land on each of your turns." (305.2).
    pub additional_land: bool,
    /// "This creature doesn't untap during your untap step." (502.3).
    pub doesnt_untap: bool,
    /// "During each of your turns, you may play a land and cast a permanent spell of each
    /// permanent type from your graveyard." (Muldrotha, the Gravetide), while it is on the
    /// battlefield.
    pub plays_permanents_from_graveyard: bool,
    /// "You may cast this card from your graveyard by removing six counters from among
    /// creatures you control in addition to paying its other costs." (Quilled Greatwurm): the
    /// counters removed; 0 without such an ability.
    pub graveyard_cast_counters: u8,
    /// "This spell can't be countered." (101.2, 701.6a).
    pub cant_be_countered: bool,
    /// "You have no maximum hand size." (402.2), while it is on the battlefield.
    pub no_maximum_hand_size: bool,
    /// "If an effect would create one or more tokens under your control, it creates twice that
    /// many of those tokens instead." (614.1a), while it is on the battlefield.
    pub twice_as_many_tokens: bool,
    /// Its programs read the excess damage dealt (120.10): only then do its resolutions count
    /// it (a resolution's register, hashed when not 0: the other cards' states hash as before).
    pub counts_excess_damage: bool,
    /// "This spell costs {X} less to cast, where X is the total power of creatures you
    /// control" (601.2f).
    pub costs_less_by_total_power: bool,
    /// "You may pay {B} rather than pay this spell's mana cost if there are thirteen or more
    /// creatures on the battlefield" (118.9): that mana, and how many creatures it needs.
    pub alternative_mana: Option<(ManaSymbols, u32)>,
    /// "You may cast spells as though they had flash." (702.8a): a permanent's.
    pub spells_have_flash: bool,
    /// "You may cast spells from your hand without paying their mana costs." (118.9): a
    /// permanent's.
    pub spells_from_hand_free: bool,
}

impl CardFacts {
    /// The facts of a definition; an error names what the fixed-size forms can't hold.
    pub fn of(def: &CardDef) -> Result<CardFacts, String> {
        let mut f = CardFacts {
            counts_excess_damage: def.any_amount(&|a| matches!(a, Amount::ExcessDamage)),
            ..CardFacts::default()
        };
        for n in &def.types {
            f.types.0 |= keywords::card_type(n)
                .ok_or_else(|| format!("unknown type {n:?}"))?
                .0;
        }
        for n in &def.supertypes {
            f.supertypes.0 |= keywords::supertype(n)
                .ok_or_else(|| format!("unknown supertype {n:?}"))?
                .0;
        }
        for n in def.keywords.keys() {
            f.keywords = f
                .keywords
                .union(keywords::keyword(n).ok_or_else(|| format!("unknown keyword {n:?}"))?);
        }
        if let Some(c) = &def.cost {
            f.cost = ManaSymbols::of(c).map_err(|e| format!("cost: {e}"))?;
            f.mana_value = c.mana_value;
            for (i, (&n, p)) in c.coloured.iter().zip(&f.cost.phyrexian).enumerate() {
                if n > 0 || *p > 0 {
                    f.colours |= 1 << i;
                }
            }
            for [a, b] in &c.hybrid {
                f.colours |= 1 << a.index() | 1 << b.index();
            }
        }
        (f.power, f.toughness, f.loyalty) = (def.power, def.toughness, def.loyalty);
        let runnable = |program: &[Op]| !program.iter().any(|o| matches!(o, Op::Python { .. }));
        f.runnable = !def.python;
        for (i, a) in def.abilities.iter().enumerate() {
            match a {
                Ability::Spell { program, .. } => {
                    if let Some(first) = f.spell {
                        if f.modes.is_empty() {
                            f.modes.push(first);
                        }
                        f.modes.push(i as u16);
                    } else {
                        f.spell = Some(i as u16);
                    }
                    f.runnable &= runnable(program);
                }
                Ability::Mode { program, .. }
                | Ability::Delayed { program, .. }
                | Ability::Reflexive { program, .. } => f.runnable &= runnable(program),
                Ability::Triggered(t) => {
                    f.runnable &= runnable(&t.program);
                    f.triggers_from_graveyard |= t.from_graveyard;
                    if t.subject == Selector::This {
                        f.listens |= 1 << t.event as u32;
                    } else {
                        f.listens_other |= 1 << t.event as u32;
                    }
                }
                Ability::Activated(x) if x.from_graveyard && runnable(&x.program) => {
                    // 113.6k: only from its owner's graveyard, by its graveyard slot.
                    f.graveyard_ability = Some(i as u16);
                    if let Some(m) = &x.cost.mana {
                        f.graveyard_activation_mana =
                            ManaSymbols::of(m).map_err(|e| format!("abilities[{i}]: cost: {e}"))?;
                    }
                }
                Ability::Activated(x) if runnable(&x.program) => {
                    f.activated.push(i as u16);
                    let mana = match &x.cost.mana {
                        Some(m) => {
                            ManaSymbols::of(m).map_err(|e| format!("abilities[{i}]: cost: {e}"))?
                        }
                        None => ManaSymbols::default(),
                    };
                    f.activation_mana.push(mana);
                    f.activation_reads_kernel |= x.cost.tap
                        || x.cost.remove_counters.is_some()
                        || x.cost.loyalty.is_some()
                        || x.cost.sacrifice_another.is_some()
                        || x.cost.tap_untapped.is_some()
                        || !x.targets.is_empty();
                }
                Ability::Mana {
                    produces,
                    cost,
                    spend_only_on,
                    spend_only_on_chosen,
                } => {
                    f.mana_spend_only |= !spend_only_on.is_empty() || *spend_only_on_chosen;
                    f.mana_spend_only_chosen |= *spend_only_on_chosen;
                    f.produces |= colours_of(produces);
                    f.mana_sacrifice |= cost.sacrifice;
                }
                Ability::ManaForEach { .. } => f.mana_for_each = Some(i as u16),
                Ability::ManaOfEachColourAmong { .. } => f.mana_of_each_colour = Some(i as u16),
                Ability::ChooseAColour { power, toughness } => {
                    f.chooses_colour = Some((*power, *toughness))
                }
                Ability::ManaOfChosenColour => f.mana_of_chosen_colour = true,
                Ability::ChooseACreatureType {
                    counter,
                    power,
                    toughness,
                } => {
                    f.chooses_type = Some((*power, *toughness));
                    f.chooses_type_counters = counter.is_some();
                }
                Ability::Flash => f.flash = true,
                Ability::CantBeCountered => f.cant_be_countered = true,
                Ability::NoMaximumHandSize => f.no_maximum_hand_size = true,
                Ability::TwiceAsManyTokens => f.twice_as_many_tokens = true,
                Ability::AnyNumberInDeck => f.any_number_in_deck = true,
                Ability::Flashback { cost, sacrifice } => {
                    f.flashback = Some(match cost {
                        Some(m) => {
                            ManaSymbols::of(m).map_err(|e| format!("abilities[{i}]: {e}"))?
                        }
                        None => ManaSymbols::default(),
                    });
                    f.flashback_sacrifice = sacrifice.as_ref().map(|_| i as u16);
                }
                Ability::AlternativeCost { .. } => f.alternative = Some(i as u16),
                Ability::AlternativeManaCost {
                    cost,
                    creatures_at_least,
                } => {
                    let m = ManaSymbols::of(cost).map_err(|e| format!("abilities[{i}]: {e}"))?;
                    f.alternative_mana = Some((m, *creatures_at_least));
                }
                Ability::AdditionalSacrifice { or_paid_cost, .. } => {
                    f.additional_sacrifice = Some(i as u16);
                    if let Some(m) = or_paid_cost {
                        f.or_paid_cost =
                            Some(ManaSymbols::of(m).map_err(|e| format!("abilities[{i}]: {e}"))?);
                    }
                }
                Ability::Madness { cost } => {
                    f.madness = Some(i as u16);
                    f.madness_cost =
                        ManaSymbols::of(cost).map_err(|e| format!("abilities[{i}]: {e}"))?;
                }
                Ability::Plot { cost } => {
                    f.plot =
                        Some(ManaSymbols::of(cost).map_err(|e| format!("abilities[{i}]: {e}"))?);
                }
                Ability::AdditionalCost { discard } => {
                    f.discard_cost = (*discard).min(u8::MAX as u32) as u8
                }
                Ability::Enchant { .. } => f.enchant = true,
                Ability::CostsLessPerAttackingCreature => f.costs_less_per_attacker = true,
                Ability::CostsLessByTotalPower => f.costs_less_by_total_power = true,
                Ability::SpellsHaveFlash => f.spells_have_flash = true,
                Ability::SpellsFromHandFree => f.spells_from_hand_free = true,
                Ability::CostsLessIfTargetsTapped { n } => f.costs_less_if_targets_tapped = *n,
                Ability::BeginOnBattlefield => f.begins_on_battlefield = true,
                Ability::AdditionalLand => f.additional_land = true,
                Ability::DoesntUntap => f.doesnt_untap = true,
                Ability::PlaysPermanentsFromGraveyard => f.plays_permanents_from_graveyard = true,
                Ability::CastFromGraveyardRemovingCounters { n } => f.graveyard_cast_counters = *n,
                Ability::CostsLessForPermanents { .. } => {
                    f.costs_less_for_permanents = Some(i as u16)
                }
                Ability::SpellsCostLess { types } => {
                    for t in types {
                        f.spells_cost_less.0 |= keywords::card_type(t)
                            .ok_or_else(|| format!("unknown type {t:?}"))?
                            .0;
                    }
                }
                Ability::GetsPerGraveyardCard {
                    types,
                    power,
                    toughness,
                } => {
                    f.gets_per_graveyard = Some((*power, *toughness));
                    for t in types {
                        f.gets_per_graveyard_types.0 |= keywords::card_type(t)
                            .ok_or_else(|| format!("unknown type {t:?}"))?
                            .0;
                    }
                }
                Ability::CostsLessPerGraveyardCard { types } => {
                    for t in types {
                        f.costs_less_per_graveyard.0 |= keywords::card_type(t)
                            .ok_or_else(|| format!("unknown type {t:?}"))?
                            .0;
                    }
                }
                Ability::Kicker {
                    kicked_cost, spell, ..
                } => {
                    f.kicked_cost = Some(
                        ManaSymbols::of(kicked_cost).map_err(|e| format!("abilities[{i}]: {e}"))?,
                    );
                    f.kicked_spell = *spell;
                }
                _ => {}
            }
        }
        Ok(f)
    }

    /// Whether it has triggered abilities.
    #[inline]
    pub fn triggers(&self) -> bool {
        self.listens | self.listens_other != 0
    }

    #[inline]
    pub fn is(&self, t: Types) -> bool {
        self.types.intersects(t)
    }

    #[inline]
    pub fn is_land(&self) -> bool {
        self.is(Types::LAND)
    }

    /// A permanent card (110.4a): it resolves onto the battlefield.
    #[inline]
    pub fn is_permanent(&self) -> bool {
        !self.is(Types(Types::INSTANT.0 | Types::SORCERY.0))
    }

    /// The one colour its mana ability adds, if it adds exactly one.
    #[inline]
    pub fn single_colour(&self) -> Option<Colour> {
        (self.produces.count_ones() == 1 && self.produces != COLOURLESS)
            .then(|| Colour::ALL[self.produces.trailing_zeros() as usize])
    }
}

/// The bit of colourless mana in a source's mask (106.1b, 107.4c: "{T}: Add {C}."), after the
/// five colours' bits.
pub const COLOURLESS: u8 = 1 << 5;

/// The colours a mana ability's printed symbols add ("{G}", "{W}{U}" for either): a bit per
/// colour in WUBRG order, and [`COLOURLESS`] for "{C}".
fn colours_of(produces: &str) -> u8 {
    produces
        .chars()
        .filter_map(|c| "WUBRGC".find(c))
        .fold(0, |m, i| m | 1 << i)
}
