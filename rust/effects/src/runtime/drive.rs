//! Driving a resolution to its end with fixed answers (tests, benchmarks, simple engines), the
//! top of a bare kernel's library, and paying an activated ability's costs.

use super::{Choice, ChoiceRequest, Ctx, KernelHost, Outcome, Resolution};
use crate::db::CardDb;
use crate::error::{invalid, Error, Result};
use crate::model::{Ability, CardId};
use cardstate_core::kinds;
use cardstate_core::ProliferateForm;
use cardstate_core::{Game, Zone};

use super::helpers::is_permanent;

/// The top card of a player's library: the lowest live id there (docs/CARDS.md).
pub fn top_of_library(game: &Game, player: u32) -> Option<u32> {
    (0..game.num_entities()).find(|&id| {
        game.entity(id)
            .is_ok_and(|e| !e.is_player && !e.gone && e.zone == Zone::Library && e.owner == player)
    })
}

/// Resolves with fixed answers: every "may" `yes`, proliferate choosing `proliferate(…)` of the
/// candidates (in "mtg-2010" each chosen one gets one more of its kind with the smallest name,
/// code-point order), amounts the maximum. For tests, benchmarks and simple engines.
pub fn resolve_with(
    game: &mut Game,
    db: &CardDb,
    ctx: Ctx,
    may: bool,
    proliferate: &mut dyn FnMut(&[u32]) -> Vec<u32>,
) -> Result<Outcome> {
    drive(game, db, &mut Resolution::new(db, ctx)?, may, proliferate)
}

/// `resolve_with` choosing every proliferate candidate (`all`) or none: the same result, with
/// no list of candidates made or checked in the "mtg" form (`Game::proliferate_all`).
pub fn resolve_fixed(
    game: &mut Game,
    db: &CardDb,
    ctx: Ctx,
    may: bool,
    all: bool,
) -> Result<Outcome> {
    let mut r = Resolution::new(db, ctx)?;
    r.fixed_proliferate = Some(all);
    drive(game, db, &mut r, may, &mut |c| {
        if all {
            c.to_vec()
        } else {
            Vec::new()
        }
    })
}

fn drive(
    game: &mut Game,
    db: &CardDb,
    r: &mut Resolution,
    may: bool,
    proliferate: &mut dyn FnMut(&[u32]) -> Vec<u32>,
) -> Result<Outcome> {
    loop {
        let choice = match r.advance(game, db, &mut KernelHost)? {
            None => return Ok(r.outcome),
            Some(ChoiceRequest::May { .. }) => Choice::May(may),
            Some(ChoiceRequest::Proliferate { candidates }) => {
                let chosen = proliferate(candidates);
                if game.ruleset().proliferate_form() == ProliferateForm::OneKind {
                    Choice::ProliferateKinds(smallest_kinds(game, &chosen))
                } else {
                    Choice::Proliferate(chosen)
                }
            }
            Some(ChoiceRequest::Amount { max, .. }) => Choice::Amount(*max),
            Some(ChoiceRequest::Callback { .. }) => {
                return Err(Error::PythonEffect(db.card(r.ctx.card).name.clone()))
            }
            // Not asked (`order_effects` is off): the kernel's order.
            Some(ChoiceRequest::Order { .. }) => Choice::Order(Vec::new()),
            // Fixed answers: the first cards of the hand (701.9b).
            Some(ChoiceRequest::Discard { n, .. }) => Choice::Discard((0..*n).collect()),
            // Fixed answers: the first candidates (701.21a).
            Some(ChoiceRequest::Sacrifice { n, candidates, .. }) => {
                Choice::Sacrifice(candidates[..*n as usize].to_vec())
            }
            // Fixed answers: the first candidate (701.23a).
            Some(ChoiceRequest::Search { cards, .. }) => Choice::Search(cards.first().copied()),
            // Fixed answers: every card stays on top (701.25a).
            Some(ChoiceRequest::Surveil { .. }) => Choice::Surveil(Vec::new()),
            // Fixed answers: every card stays on top (701.22a).
            Some(ChoiceRequest::Scry { .. }) => Choice::Scry(Vec::new()),
            // Fixed answers: not paid (a bare game has no mana sources; 118.12).
            Some(ChoiceRequest::Pay { .. }) => Choice::May(false),
            // Fixed answers: the bottom (401.4).
            Some(ChoiceRequest::TopOrBottom { .. }) => Choice::May(false),
            // Fixed answers: every card face down, and that pile chosen (700.3).
            Some(ChoiceRequest::SeparatePiles { .. }) => Choice::Piles(Vec::new()),
            Some(ChoiceRequest::ChoosePile { .. }) => Choice::May(false),
            // Fixed answers: the punished player loses the life (608.2d).
            Some(ChoiceRequest::Unless { .. }) => Choice::May(false),
            // Fixed answers: the first permanent of each type kept (701.21a).
            Some(ChoiceRequest::KeepOneOfEachType { groups, .. }) => {
                Choice::Keep(groups.iter().map(|g| g[0]).collect())
            }
        };
        r.answer(choice)?;
    }
}

/// Each of `chosen` with the name of its counter kind that comes first in code-point order
/// (an entity without counters is left out).
fn smallest_kinds(game: &Game, chosen: &[u32]) -> Vec<(u32, String)> {
    chosen
        .iter()
        .filter_map(|&id| {
            let e = game.entity(id).ok()?;
            let name = e.counters.iter().map(|(k, _)| game.kind_name(k)).min()?;
            Some((id, name.to_string()))
        })
        .collect()
}

/// Pays the costs of activated ability `ability` of `card` that the runtime knows (602.2b):
/// {E} from the controller, counters removed from the source, sacrificing the source; all or
/// nothing (`CannotPay` and nothing changed). Mana and {T} are the game's.
pub fn pay_costs(
    game: &mut Game,
    db: &CardDb,
    card: CardId,
    ability: u16,
    source: u32,
    controller: u32,
) -> Result<()> {
    let def = db
        .get(card)
        .ok_or_else(|| Error::Invalid(format!("unknown card id {}", card.0)))?;
    let Some(Ability::Activated(a)) = def.abilities.get(ability as usize) else {
        return invalid(format!(
            "ability {ability} of {:?} is not an activated ability",
            def.name
        ));
    };
    let cost = &a.cost;
    game.player(controller)?;
    game.live_object(source)?;
    let energy = game.count(controller, kinds::ENERGY)?;
    if energy < cost.energy {
        return Err(cardstate_core::Error::CannotPay(format!(
            "can't pay {} {{E}}: player {controller} has {energy}",
            cost.energy
        ))
        .into());
    }
    if let Some(r) = &cost.remove_counters {
        let have = game.count_by_name(source, r.counter.as_str())?;
        if have < r.n {
            return Err(cardstate_core::Error::CannotPay(format!(
                "can't remove {} {} counters: {source} has {have}",
                r.n, r.counter
            ))
            .into());
        }
    }
    if let Some(n) = cost.loyalty.filter(|&n| n < 0) {
        // 606.4: "−N:" needs N loyalty counters.
        let have = game.count(source, kinds::LOYALTY)?;
        if have < n.unsigned_abs() {
            return Err(cardstate_core::Error::CannotPay(format!(
                "can't remove {} loyalty counters: {source} has {have}",
                n.unsigned_abs()
            ))
            .into());
        }
    }
    if cost.sacrifice && !is_permanent(game, source) {
        return invalid(format!(
            "{source} is not a permanent: it can't be sacrificed"
        ));
    }
    if cost.energy > 0 {
        game.pay_energy(controller, cost.energy)?;
    }
    if let Some(r) = &cost.remove_counters {
        game.pay_counters(source, r.counter.as_str(), r.n)?;
    }
    match cost.loyalty {
        // 606.4: a loyalty ability's cost puts on or removes loyalty counters.
        Some(n) if n > 0 => game.add_counters_as_cost(source, kinds::LOYALTY, n.unsigned_abs())?,
        Some(n) if n < 0 => game.pay_counters(source, kinds::LOYALTY, n.unsigned_abs())?,
        _ => {}
    }
    if cost.sacrifice {
        game.move_to(source, Zone::Graveyard)?;
    }
    Ok(())
}
