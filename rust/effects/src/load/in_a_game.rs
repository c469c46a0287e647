//! The kernel's own checks of each card, in a scratch game of its own.

use crate::berserk;
use crate::db::CardDb;
use crate::error::{Error, Result};
use crate::model::{Ability, Op};
use crate::place::{ability_enters, entry_rank};
use crate::runtime::{grant, prevent_damage};
use cardstate_core::{CardSpec, Game, Ruleset, Zone};

/// The kernel's own checks, in a scratch game per card: placing it on the battlefield (each
/// ability that acts as it enters on its own, so a refusal names it), and each program's
/// prevention effects and keyword grants.
pub(super) fn check_in_a_game(db: &CardDb) -> Result<()> {
    let subject = CardSpec {
        name: "a creature to grant keywords to".into(),
        types: vec!["creature".into()],
        power: Some(1),
        toughness: Some(1),
        ..CardSpec::default()
    };
    let berserk_subject = CardSpec {
        name: "a creature to grant keywords to".into(),
        types: vec!["creature".into()],
        strength: Some(1),
        lives: Some(1),
        ..CardSpec::default()
    };
    for (id, c) in db.cards() {
        let named = |field: &str| {
            let field = field.to_string();
            move |e: Error| Error::Invalid(format!("card {:?}: {field}: {e}", c.name))
        };
        // A card of each game in a game of its own (`berserk::check_game`).
        let ruleset = if db.is_berserk(id) {
            Ruleset::Berserk
        } else {
            Ruleset::Mtg
        };
        let mut game = Game::new(2, ruleset, 0)?;
        let obj = db
            .create_object(&mut game, id, false, 0, Zone::Battlefield)
            .map_err(named("characteristics"))?;
        berserk::keywords_enter(&mut game, db.berserk(id), obj)
            .map_err(named("berserk.keywords"))?;
        for rank in 0..3 {
            for (i, a) in c.abilities.iter().enumerate() {
                if entry_rank(a) == Some(rank) {
                    ability_enters(&mut game, obj, a, 0, Default::default())
                        .map_err(named(&format!("abilities[{i}]")))?;
                }
            }
        }
        let subject = if db.is_berserk(id) {
            &berserk_subject
        } else {
            &subject
        };
        let creature = game.create(0, Zone::Battlefield, subject)?;
        for (i, a) in c.abilities.iter().enumerate() {
            let program: &[Op] = match a {
                Ability::Spell { program, .. }
                | Ability::Mode { program, .. }
                | Ability::Delayed { program, .. }
                | Ability::Reflexive { program, .. } => program,
                Ability::Triggered(t) => &t.program,
                Ability::Activated(a) => &a.program,
                _ => continue,
            };
            for (pc, op) in program.iter().enumerate() {
                let field = format!("abilities[{i}].program[{pc}]");
                match op {
                    Op::PreventDamage { affects, combat } => {
                        prevent_damage(&mut game, affects, *combat, 0).map_err(named(&field))?
                    }
                    Op::Grant { keyword, .. } => {
                        grant(&mut game, &[creature], keyword).map_err(named(&field))?
                    }
                    _ => {}
                }
            }
        }
    }
    Ok(())
}
