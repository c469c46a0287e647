//! What a permanent is now where an Aura rewrites it (303.4, 613.1; `Ability::AttachedIs`:
//! "Enchanted creature loses all abilities and is a green and white Citizen creature with
//! base power and toughness 1/1 named Legitimate Businessperson."): its kernel effects (layer 4
//! subtypes, layer 6, layer 7b), made with the Aura's others (`Duel::sync_attachments`); its
//! card types, set on the kernel object (layer 4, 613.1d); and the abilities the duel reads of
//! it (activated, mana, triggered, the duel's statics): none while it lost them (613.1f), but
//! a mana ability the Aura grants.

use std::sync::LazyLock;

use cardstate_core::keywords::Types;
use cardstate_core::AffectedSpec;
use cardstate_effects::model::{Ability, Rewrite};
use cardstate_effects::triggers::Fired;
use cardstate_effects::CardFacts;
use smallvec::SmallVec;

use super::Duel;
use super::NO_CARD;
use crate::cards::CardId;

/// The land types (205.3i): the subtypes a permanent that becomes a land and nothing else keeps.
const LAND_TYPES: [&str; 16] = [
    "Plains",
    "Island",
    "Swamp",
    "Mountain",
    "Forest",
    "Cave",
    "Desert",
    "Gate",
    "Lair",
    "Locus",
    "Mine",
    "Power-Plant",
    "Sphere",
    "Tower",
    "Town",
    "Urza's",
];

/// The bit of an Aura's bonus (`attach::Bonus`) that says its `AttachedIs` applies.
pub(crate) const IS_BIT: u32 = 1 << 31;

/// The colours of a compiled mana or colour text (WUBRG letters, and C: colourless, after the
/// five): a bit each.
fn colour_bits(s: &str) -> u8 {
    s.chars()
        .filter_map(|c| "WUBRGC".find(c))
        .fold(0, |m, i| m | 1 << i)
}

/// What the duel reads of an object that lost all its abilities (613.1f): no ability at all,
/// or (index 1 + i) only "{T}: Add" the mana of bit i (WUBRG, then C) an Aura grants with it.
static WITHOUT_ABILITIES: LazyLock<[CardFacts; 7]> = LazyLock::new(|| {
    std::array::from_fn(|i| CardFacts {
        produces: if i == 0 { 0 } else { 1 << (i - 1) },
        ..CardFacts::default()
    })
});

impl Duel {
    /// 604.3, 613.4a: the characteristic-defining "power and toughness are each equal to the
    /// number of …" kept current (`cardstate_effects::sync_power_toughness_counts`). Whether
    /// one changed.
    pub(crate) fn sync_power_toughness_counts(&mut self) -> bool {
        if !cardstate_effects::has_power_toughness_counts(&self.state.game) {
            return false;
        }
        let cards: SmallVec<[(u32, CardId); 4]> = self
            .state
            .game
            .continuous_effects()
            .iter()
            .filter_map(|c| c.source)
            .map(|s| (s, self.card_of(s)))
            .filter(|&(_, c)| c != NO_CARD)
            .collect();
        let db = self.db();
        cardstate_effects::sync_power_toughness_counts(db, &mut self.state.game, |_, s| {
            cards
                .iter()
                .find(|&&(x, _)| x == s)
                .map(|&(_, c)| cardstate_effects::CardId(c))
        })
        .unwrap_or(false)
    }

    /// The `AttachedIs` ability of card c, if it has one.
    pub(crate) fn attached_is(&self, c: CardId) -> Option<&'static Rewrite> {
        let card = self.db().get(cardstate_effects::CardId(c))?;
        card.abilities.iter().find_map(|a| match a {
            Ability::AttachedIs(r) => Some(r),
            _ => None,
        })
    }

    /// The `AttachedIs` abilities that apply to permanent `id` now, in attachment order (the
    /// order of their timestamps, 613.7).
    fn rewrites(&self, id: u32) -> impl Iterator<Item = &'static Rewrite> + '_ {
        self.state
            .attachments
            .0
            .iter()
            .filter(move |a| a.on == id && a.applied.2 & IS_BIT != 0)
            .filter_map(|a| self.attached_is(self.card_of(a.object)))
    }

    /// The facts the duel reads of object `id` (of card c) for its abilities: its card's, or,
    /// once it lost all abilities (613.1f), none but a mana ability an Aura grants it with that.
    #[inline]
    pub(crate) fn abilities_of(&self, id: u32, c: CardId) -> &'static CardFacts {
        if self.state.attachments.0.is_empty() || !self.state.game.has_lost_abilities(id) {
            return self.state.pool.facts(c);
        }
        self.without_abilities(id)
    }

    #[cold]
    fn without_abilities(&self, id: u32) -> &'static CardFacts {
        let mana = self
            .rewrites(id)
            .filter_map(|a| a.mana.as_deref().map(colour_bits))
            .last()
            .unwrap_or(0);
        let i = if mana == 0 {
            0
        } else {
            1 + mana.trailing_zeros() as usize
        };
        &WITHOUT_ABILITIES[i]
    }

    /// The colours of permanent `id` (of card c, of the pool) now (105.2; layer 5, 613.1e): its
    /// card's, or the latest Aura's that sets them.
    pub(crate) fn colours_of(&self, id: u32, c: CardId) -> u8 {
        let printed = self.state.pool.facts(c).colours;
        if self.state.attachments.0.is_empty() {
            return printed;
        }
        self.rewrites(id)
            .filter_map(|a| a.colours.as_deref().map(colour_bits))
            .last()
            .unwrap_or(printed)
    }

    /// The colours of entity `id` now (`colours_of` of its card): none for a player or an
    /// object of no card of the pool.
    pub(crate) fn colours_now(&self, id: u32) -> u8 {
        match self.card_of(id) {
            super::NO_CARD => 0,
            c => self.colours_of(id, c),
        }
    }

    /// The permanents whose colours an Aura sets now, and those colours (`colours_of`): what
    /// the runtime's host reads of them (`Host::colours`; others are their cards').
    pub(crate) fn rewritten_colours(&self) -> SmallVec<[(u32, u8); 2]> {
        let mut out = SmallVec::new();
        for a in self.state.attachments.0.iter() {
            if a.applied.2 & IS_BIT != 0 && !out.iter().any(|&(id, _)| id == a.on) {
                out.push((a.on, self.colours_now(a.on)));
            }
        }
        out
    }

    /// The kernel effects of `AttachedIs` `a` of Aura `object` on `to`, in layer order: the
    /// loss of all abilities (layer 6, 613.1f), the subtypes (layer 4, 613.1d: all lost, then
    /// each added; made a land and nothing else, it keeps only its land types, 205.1b), the
    /// base power and toughness (7b, 613.4b: counters and "+N/+N" effects still apply on top,
    /// 613.4c-d). They end when either leaves (611.3a).
    pub(crate) fn add_rewrite(
        &mut self,
        object: u32,
        a: &Rewrite,
        to: u32,
        out: &mut SmallVec<[u32; 4]>,
    ) {
        let Rewrite {
            loses_all_abilities,
            subtypes,
            power,
            toughness,
            ..
        } = a;
        let kept: SmallVec<[&str; 2]> = match subtypes {
            None if a.types.iter().all(|t| t == "land") && !a.types.is_empty() => {
                let now = self.state.game.subtypes(to).unwrap_or_default();
                LAND_TYPES.into_iter().filter(|t| now.contains(t)).collect()
            }
            _ => SmallVec::new(),
        };
        let relaid =
            subtypes.is_some() || !a.types.is_empty() && a.types.iter().all(|t| t == "land");
        let game = &mut self.state.game;
        let ids = [to];
        let mut add = |effect: &str, pt: (Option<i64>, Option<i64>)| {
            out.extend(
                game.add_continuous_effect(
                    effect,
                    AffectedSpec::Ids(&ids),
                    Some(object),
                    None,
                    None,
                    None,
                    pt.0,
                    pt.1,
                    false,
                )
                .ok(),
            );
        };
        if *loses_all_abilities {
            add("lose_all_abilities", (None, None));
        }
        if relaid {
            add("lose_subtypes", (None, None));
        }
        if let (Some(p), Some(t)) = (power, toughness) {
            add(
                "set_base_power_toughness",
                (Some(i64::from(*p)), Some(i64::from(*t))),
            );
        }
        for s in subtypes.iter().flatten().map(String::as_str).chain(kept) {
            out.extend(
                game.add_continuous_effect_with_subtype(
                    "add_subtype",
                    AffectedSpec::Ids(&ids),
                    Some(object),
                    None,
                    (None, None, None, None),
                    Some(s),
                    false,
                )
                .ok(),
            );
        }
    }

    /// Permanent `id`'s card types made current (layer 4, 613.1d): its printed types, or the
    /// latest Aura's that sets them. The mana and activation memos are told its abilities may
    /// have changed.
    pub(crate) fn refresh_rewritten(&mut self, id: u32) {
        let Ok(e) = self.state.game.entity(id) else {
            return;
        };
        if !e.is_permanent() {
            return;
        }
        let p = e.controller as usize & 1;
        let printed = self.state.game.printed(e).types;
        let types = self
            .rewrites(id)
            .filter(|a| !a.types.is_empty())
            .map(|a| {
                a.types
                    .iter()
                    .filter_map(|t| cardstate_core::keywords::card_type(t))
                    .fold(Types::default(), |m, t| Types(m.0 | t.0))
            })
            .last()
            .unwrap_or(printed);
        let _ = self.state.game.set_card_types(id, types);
        let changes = &mut self.cache;
        changes.source_changes[p] = changes.source_changes[p].wrapping_add(1);
        changes.activation_changes[p] = changes.activation_changes[p].wrapping_add(1);
    }

    /// Drops the triggered abilities of sources that have none (613.1f): one that lost all its
    /// abilities, or that had lost them as it left the battlefield (603.10a: its "dies"
    /// abilities look back at an object without them).
    pub(crate) fn drop_without_abilities(&mut self, out: &mut Vec<Fired>) {
        let left = std::mem::take(&mut self.state.attachments.1);
        out.retain(|f| !left.contains(&f.source) && !self.state.game.has_lost_abilities(f.source));
    }
}
