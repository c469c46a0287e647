//! The lists and pools the duel's state keeps beside the kernel, the sides, the stack and
//! combat: the mana pools (106.4), the cards exiled until a permanent leaves (610.3), the extra
//! turns (500.7), the delayed and once-each-turn triggers (603.7a, 603.2h), the cards that may
//! be played from exile or were plotted, and the turn's history. Each is hashed only when it
//! holds something, so the pinned hashes of pools without it stay.

use cardstate_effects::triggers::Fired;
use smallvec::SmallVec;

/// Cards exiled until a permanent leaves the battlefield (610.3): (the permanent, the card's
/// object in exile); hashed only when there are some (the pinned hashes of pools without them
/// stay).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExiledUntilList(pub Vec<(u32, u32)>);

impl std::hash::Hash for ExiledUntilList {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            (8u8, &self.0).hash(h);
        }
    }
}

/// Each player's mana pool (106.4): a count per colour (WUBRG); hashed only when some mana is
/// in it (the pinned hashes of pools without effects that add mana stay).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ManaPool(pub [[u8; 5]; 2]);

impl ManaPool {
    /// Whether every pool is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().flatten().all(|&n| n == 0)
    }

    /// `player` adds `mana` (a count per colour) to its pool (counted up to 255 each: the
    /// reference duel counts the same way).
    pub(crate) fn add(&mut self, player: usize, mana: [u64; 5]) {
        for (k, n) in self.0[player & 1].iter_mut().zip(mana) {
            *k = (*k as u64).saturating_add(n).min(u8::MAX as u64) as u8;
        }
    }
}

impl std::hash::Hash for ManaPool {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.is_empty() {
            (7u8, self.0).hash(h);
        }
    }
}

/// The abilities that trigger only once each turn that triggered this turn (603.2h): each as
/// its object and ability index; hashed only when there are some (the pinned hashes stay).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FiredOnce(pub SmallVec<[(u32, u16); 2]>);

impl std::hash::Hash for FiredOnce {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            self.0.hash(h);
        }
    }
}

/// The extra turns to take (500.7): the player of each, in the order they were created (the
/// last one is taken first); hashed only when there are some (the pinned hashes stay).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExtraTurns(pub SmallVec<[u8; 2]>);

impl std::hash::Hash for ExtraTurns {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            self.0.hash(h);
        }
    }
}

/// The delayed triggered abilities waiting for the beginning of the next end step (603.7a):
/// each as it will trigger (its source, controller, card, ability and the object it refers
/// to); hashed only when there are some (the pinned hashes of pools without them stay).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DelayedList(pub Vec<Fired>);

impl std::hash::Hash for DelayedList {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            self.0.hash(h);
        }
    }
}

/// A card in exile its player may play (impulse draw: 305.1, 601.2 as from the hand): its
/// object, its player, and the last turn it may.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MayPlay {
    pub object: u32,
    pub player: u8,
    pub until: u32,
}

/// The cards in exile their players may play, in the order they were exiled, and the graveyard
/// cards they may cast this turn by a permission; hashed only when there are some (the pinned
/// hashes of pools without impulse draw stay).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MayPlayList(pub Vec<MayPlay>);

impl std::hash::Hash for MayPlayList {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            self.0.hash(h);
        }
    }
}

/// A plotted card (702.170a): its object in exile, its owner, and the turn it was plotted (it
/// may be cast on a later turn, 702.170d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Plotted {
    pub object: u32,
    pub player: u8,
    pub turn: u32,
}

/// The plotted cards in exile; hashed only when there are some (the pinned hashes of pools
/// without plot stay).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlottedList(pub Vec<Plotted>);

impl std::hash::Hash for PlottedList {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            self.0.hash(h);
        }
    }
}

/// The turn's history (`cardstate_effects::TurnHistory`), the cards each player drew this
/// turn (121.2, counted only for a pool whose cards wait for a second card drawn) and the
/// life-gain events of each player this turn (119.9, counted only for a pool whose cards wait
/// for a first one) and the instant and sorcery spells each player cast this turn (counted
/// only for a pool whose cards read them: Thousand-Year Storm), hashed only when there is
/// some: a duel of a pool whose cards don't read them keeps none, and its pinned hashes stay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct History(
    pub(crate) cardstate_effects::TurnHistory,
    pub(crate) [u8; 2],
    pub(crate) [u8; 2],
    pub(crate) [u8; 2],
);

impl std::hash::Hash for History {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if self.0 != cardstate_effects::TurnHistory::default() {
            self.0.hash(h);
        }
        if self.1 != [0; 2] {
            self.1.hash(h);
        }
        if self.2 != [0; 2] {
            (2u8, self.2).hash(h);
        }
        if self.3 != [0; 2] {
            (3u8, self.3).hash(h);
        }
    }
}

/// The permanents whose control changed until end of turn (613.1b): (the permanent, the player
/// who controlled it before), in the order the changes happened; each still on the battlefield
/// returns to that player at cleanup (514.2). Hashed only when there are some.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ControlUntilCleanup(pub SmallVec<[(u32, u32); 2]>);

impl std::hash::Hash for ControlUntilCleanup {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            (9u8, &self.0).hash(h);
        }
    }
}

/// The graveyard cards that gained flashback until end of turn (702.34a: "… gains flashback
/// until end of turn. The flashback cost is equal to that card's mana cost."), each with a
/// permission of `MayPlayList` this turn; hashed only when there are some.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FlashbackGranted(pub SmallVec<[u32; 2]>);

impl std::hash::Hash for FlashbackGranted {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            (10u8, &self.0).hash(h);
        }
    }
}

/// The exiled cards the controller of a resolving ability may cast without paying their mana
/// costs ("exile the top card of each player's library, then you may cast any number of spells
/// from among those cards without paying their mana costs", Etali, Primal Storm), in the order
/// exiled, that player, and whether one of them is being cast; hashed only when there are some.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FreeCasts {
    pub objects: smallvec::SmallVec<[u32; 2]>,
    pub player: u8,
    pub casting: bool,
}

impl std::hash::Hash for FreeCasts {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.objects.is_empty() || self.casting {
            (12u8, &self.objects[..], self.player, self.casting).hash(h);
        }
    }
}

/// The permanent types, in the order "of each permanent type" picks a card's (Muldrotha, the
/// Gravetide: "If a card has multiple permanent types, choose one as you play it." The duels
/// choose the first not used yet): bit i of `GraveyardTypesPlayed` is the i-th.
pub const PERMANENT_TYPES: [cardstate_core::keywords::Types; 6] = {
    use cardstate_core::keywords::Types;
    [
        Types::ARTIFACT,
        Types::CREATURE,
        Types::ENCHANTMENT,
        Types::LAND,
        Types::PLANESWALKER,
        Types::BATTLE,
    ]
};

/// The permanent types (bits in the order of `PERMANENT_TYPES`) the active player used this
/// turn to play a land or cast a permanent spell from its graveyard by "you may play a land
/// and cast a permanent spell of each permanent type from your graveyard" (Muldrotha, the
/// Gravetide); hashed only when there are some.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GraveyardTypesPlayed(pub u8);

impl std::hash::Hash for GraveyardTypesPlayed {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if self.0 != 0 {
            (11u8, self.0).hash(h);
        }
    }
}

/// The permanents that gained a triggered ability for as long as they stay (613.1f, 611.2c:
/// Kellan, Planar Trailblazer's "… and gains 'Whenever Kellan deals combat damage to a player,
/// …'"): (the object, its card, the card's `gained` ability), in the order they gained them; an
/// object that left the battlefield is a new object (400.7) and is dropped. Hashed only when
/// there are some.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GainedAbilities(pub SmallVec<[(u32, cardstate_effects::CardId, u16); 2]>);

impl std::hash::Hash for GainedAbilities {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            (12u8, &self.0).hash(h);
        }
    }
}

/// A list of the duel's state hashed only when it holds something, so that a state without
/// such entries hashes as it did before the list existed (the pinned games' digests).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HashedWhenAny<T>(pub Vec<T>);

impl<T> Default for HashedWhenAny<T> {
    fn default() -> Self {
        HashedWhenAny(Vec::new())
    }
}

impl<T: std::hash::Hash> std::hash::Hash for HashedWhenAny<T> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if !self.0.is_empty() {
            self.0.hash(h);
        }
    }
}
