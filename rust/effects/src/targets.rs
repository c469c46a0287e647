//! Filters and target legality (115, 608.2b).

use crate::model::{Filter, Rel};
use cardstate_core::Game;

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
/// types, the right controller and every keyword it asks for.
pub fn matches(game: &Game, f: &Filter, id: u32, source: Option<u32>, controller: u32) -> bool {
    let Ok(e) = game.entity(id) else {
        return false;
    };
    if e.is_player {
        return f.players && !e.lost && relation(f.controller, id, controller);
    }
    f.objects
        && !e.gone
        && e.zone == f.zone
        && (f.types.0 == 0 || e.types.intersects(f.types))
        && relation(f.controller, e.controller, controller)
        && (f.keywords.is_empty() || game.keywords_at(id, e).contains(f.keywords))
        && !(f.other && Some(id) == source)
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
/// `controller` (as it is put on the stack, 601.2c, and again on resolution, 608.2b).
pub fn legal_target(
    game: &Game,
    spec: &crate::model::TargetSpec,
    id: u32,
    source: Option<u32>,
    controller: u32,
) -> bool {
    matches(game, &spec.filter, id, source, controller)
}
