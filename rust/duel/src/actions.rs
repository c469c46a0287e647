//! The fixed action id space of schema 2 (docs/DUEL.md, "Actions"). An id names a thing of the
//! game relative to the deciding player — a verb, a player, a hand slot, a permanent slot, a
//! stack slot, a graveyard or exile slot, an offered option, a number, or an activation — and
//! means the same in every state; the decision being made (`Duel::decision`) says what is
//! decided about it. The space is fixed by the schema, not by the card pool.

/// Hand slots (the canonical hand order: ascending card id).
pub const HAND_SLOTS: u32 = 16;
/// Permanent slots of a player (its permanents in the order they entered).
pub const PERMANENT_SLOTS: u32 = 24;
/// Activated abilities per permanent ("ability k": those that are not mana abilities).
pub const ABILITIES: u32 = 4;
/// Stack slots (from the bottom).
pub const STACK_SLOTS: u32 = 8;
/// Graveyard slots of a player (in the order the cards were put there).
pub const GRAVEYARD_SLOTS: u32 = 16;
/// Exile slots of a player (in the order the cards were put there).
pub const EXILE_SLOTS: u32 = 8;
/// Options a decision can offer.
pub const OPTION_SLOTS: u32 = 16;
/// The largest number that can be chosen (X, an amount).
pub const MAX_NUMBER: u32 = 30;
/// Replacement and prevention effects one order decision offers (616.1): the first ones in
/// the kernel's order (the card runtime offers as many during a resolution).
pub const ORDER_SLOTS: u32 = 8;

/// Priority: pass. Multi-select decisions: done.
pub const PASS: u32 = 0;
/// A "may", a proliferate candidate; later: keep a hand, pay an optional cost.
pub const YES: u32 = 1;
/// The opposite of yes; attack or block: this creature doesn't.
pub const NO: u32 = 2;
/// Target or choose yourself.
pub const SELF: u32 = 3;
/// Target or choose your opponent; attack: the candidate attacks the opponent.
pub const OPPONENT: u32 = 4;
/// Hand slot i: priority, play or cast it.
pub const HAND: u32 = 5;
/// Your permanent slot j: target it; the legend rule (704.5j), keep it.
pub const MINE: u32 = HAND + HAND_SLOTS;
/// Your opponent's permanent slot j: target it; block: block the attacker in it.
pub const THEIRS: u32 = MINE + PERMANENT_SLOTS;
/// Stack slot s from the bottom: target the spell in it.
pub const STACK: u32 = THEIRS + PERMANENT_SLOTS;
/// Your graveyard slot g.
pub const MY_GRAVEYARD: u32 = STACK + STACK_SLOTS;
/// Your opponent's graveyard slot g.
pub const THEIR_GRAVEYARD: u32 = MY_GRAVEYARD + GRAVEYARD_SLOTS;
/// Your exile slot e.
pub const MY_EXILE: u32 = THEIR_GRAVEYARD + GRAVEYARD_SLOTS;
/// The k-th offered option: the replacement effect applied next (616.1).
pub const OPTION: u32 = MY_EXILE + EXILE_SLOTS;
/// The number n (0 to `MAX_NUMBER`): X, an amount.
pub const NUMBER: u32 = OPTION + OPTION_SLOTS;
/// Activate ability k of your permanent slot j: `ACTIVATE + ABILITIES * j + k`.
pub const ACTIVATE: u32 = NUMBER + MAX_NUMBER + 1;
/// The size of the action space.
pub const NUM_ACTIONS: u32 = ACTIVATE + PERMANENT_SLOTS * ABILITIES;

const _: () = assert!(NUM_ACTIONS == 260, "schema 2 has 260 actions");

/// An action id decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Pass,
    Yes,
    No,
    /// The deciding player.
    SelfPlayer,
    /// The deciding player's opponent.
    Opponent,
    /// Hand slot i.
    Hand(u32),
    /// Permanent slot j of the deciding player.
    Mine(u32),
    /// Permanent slot j of the opponent.
    Theirs(u32),
    /// Stack slot s from the bottom.
    Stack(u32),
    MyGraveyard(u32),
    TheirGraveyard(u32),
    MyExile(u32),
    /// The k-th offered option.
    Option(u32),
    /// The number n.
    Number(u32),
    /// Ability k of the deciding player's permanent slot j.
    Activate(u32, u32),
}

impl Action {
    pub fn decode(a: u32) -> Option<Action> {
        Some(match a {
            PASS => Action::Pass,
            YES => Action::Yes,
            NO => Action::No,
            SELF => Action::SelfPlayer,
            OPPONENT => Action::Opponent,
            _ if a < MINE => Action::Hand(a - HAND),
            _ if a < THEIRS => Action::Mine(a - MINE),
            _ if a < STACK => Action::Theirs(a - THEIRS),
            _ if a < MY_GRAVEYARD => Action::Stack(a - STACK),
            _ if a < THEIR_GRAVEYARD => Action::MyGraveyard(a - MY_GRAVEYARD),
            _ if a < MY_EXILE => Action::TheirGraveyard(a - THEIR_GRAVEYARD),
            _ if a < OPTION => Action::MyExile(a - MY_EXILE),
            _ if a < NUMBER => Action::Option(a - OPTION),
            _ if a < ACTIVATE => Action::Number(a - NUMBER),
            _ if a < NUM_ACTIONS => {
                let i = a - ACTIVATE;
                Action::Activate(i / ABILITIES, i % ABILITIES)
            }
            _ => return None,
        })
    }

    pub fn encode(self) -> u32 {
        match self {
            Action::Pass => PASS,
            Action::Yes => YES,
            Action::No => NO,
            Action::SelfPlayer => SELF,
            Action::Opponent => OPPONENT,
            Action::Hand(i) => HAND + i,
            Action::Mine(j) => MINE + j,
            Action::Theirs(j) => THEIRS + j,
            Action::Stack(s) => STACK + s,
            Action::MyGraveyard(g) => MY_GRAVEYARD + g,
            Action::TheirGraveyard(g) => THEIR_GRAVEYARD + g,
            Action::MyExile(e) => MY_EXILE + e,
            Action::Option(k) => OPTION + k,
            Action::Number(n) => NUMBER + n,
            Action::Activate(j, k) => ACTIVATE + ABILITIES * j + k,
        }
    }
}

/// The id ranges of the action space, in order: (name, first id, how many). docs/DUEL.md's
/// table lists each.
pub const RANGES: [(&str, u32, u32); 15] = [
    ("PASS", PASS, 1),
    ("YES", YES, 1),
    ("NO", NO, 1),
    ("SELF", SELF, 1),
    ("OPPONENT", OPPONENT, 1),
    ("HAND", HAND, HAND_SLOTS),
    ("MINE", MINE, PERMANENT_SLOTS),
    ("THEIRS", THEIRS, PERMANENT_SLOTS),
    ("STACK", STACK, STACK_SLOTS),
    ("MY_GRAVEYARD", MY_GRAVEYARD, GRAVEYARD_SLOTS),
    ("THEIR_GRAVEYARD", THEIR_GRAVEYARD, GRAVEYARD_SLOTS),
    ("MY_EXILE", MY_EXILE, EXILE_SLOTS),
    ("OPTION", OPTION, OPTION_SLOTS),
    ("NUMBER", NUMBER, MAX_NUMBER + 1),
    ("ACTIVATE", ACTIVATE, PERMANENT_SLOTS * ABILITIES),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_round_trips() {
        for a in 0..NUM_ACTIONS {
            assert_eq!(Action::decode(a).unwrap().encode(), a);
        }
        assert_eq!(Action::decode(NUM_ACTIONS), None);
    }

    #[test]
    fn the_ranges_cover_the_space_once_in_order() {
        let mut next = 0;
        for (name, first, n) in RANGES {
            assert_eq!(first, next, "{name}");
            next += n;
        }
        assert_eq!(next, NUM_ACTIONS);
    }
}
