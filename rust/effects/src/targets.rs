//! Filters and target legality (115, 608.2b).

use crate::model::{CombatRole, Filter, Rel};
use crate::protection::{targetable_by, Quality};
use cardstate_core::keywords::Keywords;
use cardstate_core::{Game, Zone};

/// Whether `rel` holds between `who` and the ability's controller.
#[inline]
fn relation(rel: Option<Rel>, who: u32, controller: u32) -> bool {
    match rel {
        None => true,
        Some(Rel::You) => who == controller,
        Some(Rel::Opponent) => who != controller,
    }
}

/// Whether entity `id` matches `f` for an ability of `source` controlled by `controller`:
/// a player in the game (not lost), or an object still in the filter's zone with one of its
/// types and subtypes, none of its excluded types, the right controller, every keyword it
/// asks for and none it excludes, at least its power, and one of its alternatives.
pub fn matches(game: &Game, f: &Filter, id: u32, source: Option<u32>, controller: u32) -> bool {
    matches_in(game, f, id, source, controller, InCombat::NONE)
}

/// [`matches`] of an object as it last existed on the battlefield (603.10a: a
/// leaves-the-battlefield ability looks back in time): its last known information matches,
/// though the object is gone (it left the battlefield).
pub fn matches_last_known(
    game: &Game,
    f: &Filter,
    id: u32,
    source: Option<u32>,
    controller: u32,
) -> bool {
    matches_at(game, f, id, source, controller, InCombat::NONE, true)
}

/// Which creatures are attacking and which are blocking (506.4), as the game around the kernel
/// knows them (the kernel has no combat; outside a resolution told otherwise, none are).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InCombat<'a> {
    pub attacking: &'a [u32],
    pub blocking: &'a [u32],
    /// The first object id of this turn: an object with it or a later one came to its zone
    /// this turn (400.7: each is a new object). 0 where the game has no turns.
    pub since: u32,
}

impl InCombat<'_> {
    /// No creature in combat.
    pub const NONE: InCombat<'static> = InCombat {
        attacking: &[],
        blocking: &[],
        since: 0,
    };

    fn is(&self, role: CombatRole, id: u32) -> bool {
        let attacking = self.attacking.contains(&id);
        let blocking = self.blocking.contains(&id);
        match role {
            CombatRole::Attacking => attacking,
            CombatRole::Blocking => blocking,
            CombatRole::AttackingOrBlocking => attacking || blocking,
        }
    }
}

/// [`matches`] with the creatures in combat known.
pub fn matches_in(
    game: &Game,
    f: &Filter,
    id: u32,
    source: Option<u32>,
    controller: u32,
    combat: InCombat<'_>,
) -> bool {
    matches_at(game, f, id, source, controller, combat, false)
}

/// [`matches_in`], of the object's last known information where `last_known` (a gone object).
pub(crate) fn matches_at(
    game: &Game,
    f: &Filter,
    id: u32,
    source: Option<u32>,
    controller: u32,
    combat: InCombat<'_>,
    last_known: bool,
) -> bool {
    let Ok(e) = game.entity(id) else {
        return false;
    };
    if e.is_player {
        return f.players && !e.lost && relation(f.controller, id, controller);
    }
    // A gone object's record names the zone it went to: as it last existed, it was in the
    // zone it left (the battlefield, for the dying object it is asked about).
    let zone = if e.gone && last_known {
        Zone::Battlefield
    } else {
        e.zone
    };
    f.objects
        && (!e.gone || last_known)
        && zone == f.zone
        && (f.types.0 == 0 || e.types.intersects(f.types))
        && relation(f.controller, e.controller, controller)
        && (f.keywords.is_empty() || game.keywords_at(id, e).contains(f.keywords))
        && !(f.other && Some(id) == source)
        && (f.subtypes.is_empty() || has_subtype(game, id, e, &f.subtypes))
        && !e.types.intersects(f.not_types)
        && !(f.nontoken && e.token)
        && f.name.as_deref().is_none_or(|n| *game.printed(e).name == *n)
        && (f.without.is_empty() || !game.keywords_at(id, e).intersects(f.without))
        && f.power_at_least.is_none_or(|n| {
            game.power(id)
                .ok()
                .flatten()
                .is_some_and(|p| p >= n as i128)
        })
        // 202.3: no mana cost is 0; an X counts 0 off the stack.
        && f.mana_value_at_most
            .is_none_or(|n| game.printed(e).cost.map_or(0, |c| c.base) <= n)
        && f.combat.is_none_or(|role| combat.is(role, id))
        && (f.not_subtypes.is_empty() || !has_subtype(game, id, e, &f.not_subtypes))
        && (!f.mana_value_at_most_power || mana_value_at_most_power(game, e, source))
        && f.with_counter
            .as_deref()
            .is_none_or(|k| game.count_by_name(id, k).is_ok_and(|n| n > 0))
        && (!f.put_there_this_turn || id >= combat.since)
        && (f.any_of.is_empty()
            || f.any_of
                .iter()
                .any(|alt| matches_at(game, alt, id, source, controller, combat, last_known)))
}

/// 202.3, 208.1: the object's mana value is at most the source's power (its last known power
/// if it left, 608.2h); no source, or one without a power, matches nothing.
fn mana_value_at_most_power(game: &Game, e: &cardstate_core::Entity, source: Option<u32>) -> bool {
    let power = source.and_then(|s| game.power(s).ok().flatten());
    power.is_some_and(|p| i128::from(game.printed(e).cost.map_or(0, |c| c.base)) <= p)
}

/// Whether object `id` has one of these subtypes (205.3; through layer 4, 613.1d), compared
/// by name (subtype ids are the game's own).
fn has_subtype(game: &Game, id: u32, e: &cardstate_core::Entity, names: &[Box<str>]) -> bool {
    names.iter().any(|n| {
        game.subtype_id(n)
            .is_some_and(|s| game.has_subtype_at(id, e, s))
    })
}

/// Every entity matching `f`, in id order (players first), into `out` (cleared first): the
/// legal choices for a target with that filter.
pub fn candidates(
    game: &Game,
    f: &Filter,
    source: Option<u32>,
    controller: u32,
    out: &mut Vec<u32>,
) {
    out.clear();
    for id in 0..game.num_entities() {
        if matches(game, f, id, source, controller) {
            out.push(id);
        }
    }
}

/// Whether `id` is a legal choice for target `spec` of an ability of `source` controlled by
/// `controller` (as it is put on the stack, 601.2c, and again on resolution, 608.2b): it
/// matches the filter, and it isn't a permanent with hexproof that an opponent of the
/// controller controls (702.11b) nor an opponent of the controller with hexproof (702.11d),
/// for a colourless ability (no protection from a colour refuses it: `legal_target_in` is
/// given the spell's or source's quality, 702.16b).
pub fn legal_target(
    game: &Game,
    spec: &crate::model::TargetSpec,
    id: u32,
    source: Option<u32>,
    controller: u32,
) -> bool {
    legal_target_in(
        game,
        spec,
        id,
        source,
        controller,
        InCombat::NONE,
        Quality::NONE,
    )
}

/// [`legal_target`] with the creatures in combat known, for a spell or ability of quality
/// `by` (its colours, an instant spell): a permanent with protection from it (702.16b) or,
/// from an opponent's instant, hexproof from instants (702.11d) is no legal target.
pub fn legal_target_in(
    game: &Game,
    spec: &crate::model::TargetSpec,
    id: u32,
    source: Option<u32>,
    controller: u32,
    combat: InCombat<'_>,
    by: Quality,
) -> bool {
    matches_in(game, &spec.filter, id, source, controller, combat)
        && targetable_by(game, id, controller, by)
        && game.entity(id).is_ok_and(|e| {
            if e.is_player {
                id == controller || !game.player_has_hexproof(id)
            } else {
                e.controller == controller || !game.keywords_at(id, e).contains(Keywords::HEXPROOF)
            }
        })
}
