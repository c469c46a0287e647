//! Small reads and checks the operations share.

use crate::error::{Error, Result};
use cardstate_core::kinds::KindRef;
use cardstate_core::limits;
use cardstate_core::AffectedSpec;
use cardstate_core::{Game, Kind};

/// A counter kind by id when it is a built-in one (valid in every game), else by name.
#[inline]
pub(crate) fn kind_ref(name: &str, builtin: Option<Kind>) -> KindRef<'_> {
    match builtin {
        Some(k) => KindRef::Kind(k),
        None => KindRef::Name(name),
    }
}

/// Grants `keyword` to the permanents `ids` until end of turn (611.2c: the set locked in as the
/// effect begins; layer 6; toxic is toxic 1).
pub(crate) fn grant(game: &mut Game, ids: &[u32], keyword: &str) -> Result<()> {
    game.add_continuous_effect(
        "add_keyword",
        AffectedSpec::Ids(ids),
        None,
        None,
        Some(keyword),
        None,
        None,
        None,
        true,
    )?;
    Ok(())
}

/// "Prevent all [combat] damage that would be dealt this turn" to what `affects` names (kernel
/// filter texts, "you" being `controller`): a prevention effect until end of turn (615.1a,
/// 514.2).
pub(crate) fn prevent_damage(
    game: &mut Game,
    affects: &[String],
    combat: bool,
    controller: u32,
) -> Result<()> {
    game.add_replacement_effect(
        "prevent",
        affects,
        &[],
        None,
        Some(controller),
        None,
        None,
        combat,
        true,
    )?;
    Ok(())
}

/// `Ok` if `n` tokens for each of `players` players keep the game within the kernel's entity
/// limit; an overflow, before any is made, otherwise (so an amount far beyond any game's size
/// is refused instead of allocating until memory runs out).
pub(crate) fn room_for_tokens(game: &Game, card: &str, n: u64, players: usize) -> Result<()> {
    let wanted = u128::from(n) * players as u128;
    let room = limits::MAX_ENTITIES as u128 - u128::from(game.num_entities());
    if wanted > room {
        return Err(Error::Kernel(cardstate_core::Error::Overflow(format!(
            "creating {n} {card:?} token(s) for {players} player(s) would take the game past \
             {} entities",
            limits::MAX_ENTITIES
        ))));
    }
    Ok(())
}

pub(crate) fn signed(n: u64) -> Result<i64> {
    i64::try_from(n).map_err(|_| Error::Kernel(cardstate_core::Error::Overflow("amount".into())))
}

pub(crate) fn live(game: &Game, id: u32) -> bool {
    game.entity(id).is_ok_and(|e| !e.gone)
}

pub(crate) fn is_player(game: &Game, id: u32) -> bool {
    game.entity(id).is_ok_and(|e| e.is_player)
}

pub(crate) fn is_permanent(game: &Game, id: u32) -> bool {
    game.entity(id).is_ok_and(|e| e.is_permanent())
}
