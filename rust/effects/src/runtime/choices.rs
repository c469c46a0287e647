//! The choices a resolution asks for (608.2) and their answers.

/// A choice the controller makes during resolution.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChoiceRequest {
    /// Yes or no: "you may …" (`pay_energy` 0) or "you may pay {E}×n" (`pay_energy` n).
    May { pay_energy: u64 },
    /// Proliferate (701.34): any subset of these candidates (in "mtg-2010", old 701.23a, each
    /// chosen one with the one kind of counter it gets: [`Choice::ProliferateKinds`]).
    Proliferate { candidates: Vec<u32> },
    /// A number in `min..=max` ("pay any amount of {E}").
    Amount { min: u64, max: u64 },
    /// The escape hatch: the Python callable `index` of the card must run now.
    Callback { index: u32 },
    /// 616.1: two or more replacement or prevention effects would apply to the event about to
    /// happen to `entity` (counters put on it, or damage dealt to it): `player`, its controller
    /// (or the affected player), chooses the order they apply in. `effects`: their ids in the
    /// kernel's order (at most [`MAX_ORDER`], the first ones; the others apply after them, in
    /// the kernel's order). Answered with [`Choice::Order`].
    Order {
        player: u32,
        entity: u32,
        damage: bool,
        effects: Vec<u32>,
    },
    /// 701.9b: `player` chooses `n` of the cards in its hand to discard; `hand` lists them
    /// in the host's order (a bare kernel's object ids, a duel's card ids). Answered with
    /// [`Choice::Discard`]. Not asked when the player must discard its whole hand.
    Discard { player: u32, n: u32, hand: Vec<u32> },
    /// 701.21a: `player` chooses `n` of `candidates` (its permanents the operation selects,
    /// ascending ids) to sacrifice. Answered with [`Choice::Sacrifice`]. Not asked when it must
    /// sacrifice them all.
    Sacrifice {
        player: u32,
        n: u32,
        candidates: Vec<u32>,
    },
    /// 701.23a: `player` searches its library and chooses one of `cards` (the candidates, as
    /// the host names them, equal cards once, ascending); `may_fail`: it may find nothing
    /// (701.23b: a search for a card with a stated quality). Answered with
    /// [`Choice::Search`]. Not asked when there is no candidate.
    Search {
        player: u32,
        cards: Vec<u32>,
        may_fail: bool,
    },
    /// 701.25a: `player` looks at `cards`, the top cards of its library (top first, as the
    /// host names them), and chooses any number of them to put into its graveyard; the rest
    /// stay on top in their order (the order is not chosen: docs/DUEL.md). Answered with
    /// [`Choice::Surveil`]. Not asked when its library is empty.
    Surveil { player: u32, cards: Vec<u32> },
    /// 701.22a: `player` looks at `cards`, the top cards of its library (top first, as the
    /// host names them), and chooses any number of them to put on the bottom, in the order
    /// chosen; the rest stay on top in their order. Answered with [`Choice::Scry`]. Not asked
    /// when its library is empty.
    Scry { player: u32, cards: Vec<u32> },
    /// 118.12, 701.6a: `player`, a countered-unless spell's controller, chooses whether to pay
    /// `mana` and `life` life; answered with [`Choice::May`]. The host asks only a player who
    /// can pay (119.4: life only with that much) and pays the mana on "yes"; the runtime pays
    /// the life. Not paid, the spell is countered.
    Pay {
        player: u32,
        mana: crate::facts::ManaSymbols,
        life: u64,
    },
    /// 401.4: `player`, the owner of `object` (a permanent or a graveyard card), chooses
    /// whether it goes on the top of its library (yes) or the bottom (no); answered with
    /// [`Choice::May`].
    TopOrBottom { player: u32, object: u32 },
    /// 700.3: `player` looks at `cards`, the top cards of its library (top first, as the host
    /// names them), and separates them into a face-down pile and a face-up pile. Answered with
    /// [`Choice::Piles`]. Not asked when its library is empty.
    SeparatePiles { player: u32, cards: Vec<u32> },
    /// 700.3: `player`, an opponent of the separating player, chooses the face-up pile (its
    /// cards `face_up`, top first) or the face-down pile (`face_down` cards); answered with
    /// [`Choice::May`] (yes: the face-up pile).
    ChoosePile {
        player: u32,
        face_up: Vec<u32>,
        face_down: u32,
    },
    /// 608.2d: `player`, who loses `life` life unless it sacrifices a permanent (`sacrifice`)
    /// or discards a card, chooses whether it does that (yes) rather than lose the life (or, to
    /// a sacrifice, go on to the discard, when it may); answered with [`Choice::May`]. Asked
    /// only of a player who can.
    Unless {
        player: u32,
        life: u64,
        sacrifice: bool,
    },
    /// 701.21a: `player` chooses a permanent it controls of each permanent type and sacrifices
    /// the rest: `groups` are its permanents of each type it has two or more of (artifact,
    /// battle, creature, enchantment, land, planeswalker, in that order; ascending ids; a
    /// permanent of several types is in each of their groups and may be chosen for each), one
    /// of each kept. Answered with [`Choice::Keep`]. Not asked without such a group.
    KeepOneOfEachType { player: u32, groups: Vec<Vec<u32>> },
}

/// At most this many effects are offered in one order choice (616.1; docs/DUEL.md).
pub const MAX_ORDER: usize = 8;

/// The answer to a [`ChoiceRequest`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    May(bool),
    /// The chosen candidates ("mtg", "berserk": each gets one more of each kind, 701.34a).
    Proliferate(Vec<u32>),
    /// "mtg-2010" (old 701.23a): the chosen candidates, each with the kind it gets one more of.
    ProliferateKinds(Vec<(u32, String)>),
    Amount(u64),
    /// The callback ran.
    Done,
    /// 616.1: these effects (of the request's, each once) apply first, in this order; the
    /// others of the request after them in the kernel's order (an empty order: the kernel's).
    Order(Vec<u32>),
    /// 701.9b: the hand slots (positions in the request's `hand`) of the cards discarded.
    Discard(Vec<u32>),
    /// 701.21a: the permanents sacrificed (of the request's `candidates`).
    Sacrifice(Vec<u32>),
    /// 701.23a: the card found (one of the request's `cards`), or none (701.23b).
    Search(Option<u32>),
    /// 701.25a: the positions (in the request's `cards`, top first) of the cards put into
    /// the graveyard.
    Surveil(Vec<u32>),
    /// 701.22a: the positions (in the request's `cards`, top first) of the cards put on the
    /// bottom, each beneath the ones before it.
    Scry(Vec<u32>),
    /// 700.3: the positions (in the request's `cards`, top first) of the face-up pile's cards;
    /// the others are the face-down pile.
    Piles(Vec<u32>),
    /// 701.21a: the permanent kept of each of the request's `groups`, in their order.
    Keep(Vec<u32>),
}
