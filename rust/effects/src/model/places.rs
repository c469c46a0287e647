//! Where operations put the cards they move, and until when an exiled card may be played.

use serde::Deserialize;

/// Where a `Move` puts what it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Destination {
    /// Its owner's hand (400.3).
    Hand,
    /// The battlefield, under its owner's control (a card from a graveyard).
    Battlefield,
    /// Exile (701.13).
    Exile,
    /// The battlefield tapped, under its owner's control (a card from a graveyard: "return
    /// this card from your graveyard to the battlefield tapped").
    BattlefieldTapped,
    /// A search's only: the top of the library, after the shuffle ("then shuffle and put that
    /// card on top", 701.23a, 701.24a).
    LibraryTop,
    /// Exile "until this permanent leaves the battlefield" (610.3: the host returns it).
    ExileUntilSourceLeaves,
    /// A move's only: the bottom of its owner's library (401.4: "put target attacking creature
    /// on the bottom of its owner's library").
    LibraryBottom,
    /// A move's only: the battlefield under the control of the effect's controller (a card
    /// from any graveyard: "put all creature cards from all graveyards onto the battlefield
    /// under your control", 110.2).
    BattlefieldUnderYourControl,
}

/// Until when a player may play the cards an impulse draw exiled (`Op::ExileTop`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayUntil {
    /// "Until end of turn, you may play that card."
    EndOfTurn,
    /// "You may play it until the end of your next turn": that player's next turn.
    EndOfNextTurn,
    /// "… then you may cast any number of spells from among those cards without paying their
    /// mana costs." (Etali, Primal Storm): the ability's controller, now (`Host::exile_top_cast_free`).
    CastFree,
}

/// Where the cards looked at but not chosen go (`Op::LookAtTop`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LookedAtRest {
    /// Their owner's graveyard, top first.
    Graveyard,
    /// "Put the rest on the bottom of your library in a random order."
    LibraryBottom,
}
