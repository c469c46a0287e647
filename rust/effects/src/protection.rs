//! Protection (702.16) and hexproof from a quality (702.11d): what a permanent with them
//! refuses of an object with the stated quality. The kernel keeps them as keywords
//! ("protection from red", "protection from everything", "hexproof from instants"); the
//! duels ask here where targets (702.16b), blocks (702.16f), attachments (702.16c–d) and
//! damage (702.16e) are decided, giving the colours the other object has now.

use crate::db::CardDb;
use cardstate_core::keywords::{Keywords, Types};
use cardstate_core::Game;

/// What protection and "hexproof from" ask of an object (702.16a, 702.11d): its colours
/// (105.2: a bit per colour in WUBRG order, none for a colourless object) and whether it is
/// an instant spell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Quality {
    pub colours: u8,
    pub instant: bool,
}

impl Quality {
    /// A colourless object that is no instant spell: what no colour's protection refuses.
    pub const NONE: Quality = Quality {
        colours: 0,
        instant: false,
    };

    /// The quality of card `card`'s spell or of an ability whose source has `colours`: an
    /// instant spell is one of the card's spell ability (`spell`) of an instant card.
    pub fn of(db: &CardDb, card: crate::CardId, colours: u8, spell: bool) -> Quality {
        Quality {
            colours,
            instant: spell && db.facts(card).types.contains(Types::INSTANT),
        }
    }
}

/// 702.16a, 702.16j: whether permanent `id` has protection from an object of `colours` now
/// (from one of its colours, or from everything: every object, colourless too).
pub fn protected_from(game: &Game, id: u32, colours: u8) -> bool {
    let Ok(e) = game.entity(id) else {
        return false;
    };
    if e.is_player {
        return false;
    }
    let k = game.keywords_at(id, e);
    k.intersects(Keywords::PROTECTION_FROM_EVERYTHING)
        || k.intersects(Keywords::protection_from_colours(colours))
}

/// 702.16b, 702.16j, 702.11d: whether a spell or ability of quality `by` controlled by
/// `controller` may target entity `id`: not a permanent with protection from it, nor, for an
/// instant spell, a permanent with hexproof from instants an opponent of `controller`
/// controls.
pub fn targetable_by(game: &Game, id: u32, controller: u32, by: Quality) -> bool {
    let Ok(e) = game.entity(id) else {
        return false;
    };
    if e.is_player {
        return true;
    }
    if protected_from(game, id, by.colours) {
        return false;
    }
    !(by.instant
        && e.controller != controller
        && game
            .keywords_at(id, e)
            .intersects(Keywords::HEXPROOF_FROM_INSTANTS))
}

/// 702.16e, 702.16j: whether damage from `source` (of `colours`) to `recipient` is prevented
/// by the recipient's protection: damage that can't be prevented (615.12) isn't.
pub fn prevents_damage(
    game: &Game,
    source: u32,
    colours: u8,
    recipient: u32,
    combat: bool,
) -> bool {
    protected_from(game, recipient, colours) && game.prevention_allowed(source, recipient, combat)
}

/// 702.16f, 702.16j: whether attacking creature `attacker` may be blocked by a creature of
/// `colours`.
pub fn blockable_by(game: &Game, attacker: u32, colours: u8) -> bool {
    !protected_from(game, attacker, colours)
}

/// 702.16c–d, 702.16j: whether an Aura or Equipment of `colours` may be attached to
/// permanent `id` (one already attached that may not falls off as a state-based action,
/// 704.5m–n).
pub fn attachable(game: &Game, id: u32, colours: u8) -> bool {
    !protected_from(game, id, colours)
}
