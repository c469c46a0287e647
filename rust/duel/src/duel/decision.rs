//! What is being decided (docs/DUEL.md, "Decisions"): the kind of decision, from a fixed list
//! that has room for the decisions a full card set needs (the observation's one-hot over it
//! keeps its place when one is added), and what the observation says of it: its subject (the
//! permanent or player it is about), its source (the spell or ability being cast or resolved),
//! its options and its range of numbers.

use cardstate_effects::runtime::ChoiceRequest;

use super::*;

/// The kinds of decision, in the order of the observation's one-hot. Those the duel doesn't
/// make yet are reserved, so that making them changes no observation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Decision {
    /// The player with priority acts (117).
    Priority = 0,
    /// Whether the attack candidate attacks (508.1a).
    Attack,
    /// What the blocker candidate blocks (509.1a).
    Block,
    /// A number: X (601.2b), an amount.
    Number,
    /// A target (601.2c).
    Target,
    /// Yes or no: a "may", a proliferate candidate (701.34).
    YesNo,
    /// One of the offered options: the replacement effect applied next (616.1).
    Option,
    /// The legendary permanent that stays (704.5j).
    Legend,
    /// Keep the hand or take a mulligan (103.5).
    Mulligan,
    /// A card to put on the bottom of the library (103.5).
    Bottom,
    /// A card to discard: to the maximum hand size in cleanup (514.1), or as an effect says
    /// (701.9b).
    Discard,
    /// The damage assigned to the subject in the division of an attacking creature's combat
    /// damage (510.1c, 702.19b).
    AssignDamage,
    /// A card among searched ones (701.23a), or none (701.23b); the next card surveilled into
    /// the graveyard, or none more (701.25a).
    ChooseCard,
    /// A permanent to sacrifice as a cost (701.21a, 601.2h).
    Sacrifice,
    /// No decision: the step's turn-based actions are being done.
    Begin,
    /// The game is over.
    Over,
    /// The mode of a modal spell (601.2b, 700.2a): one of the offered options.
    Mode,
    /// Reserved: the order of triggered abilities put on the stack together (603.3b).
    OrderTriggers,
    /// How a spell's cost is paid: its alternative cost or its mana cost (601.2b, 118.9).
    PayCost,
    /// Reserved: a division among targets (601.2d).
    Distribute,
}

/// The decision kinds' names, in order (`Decision as usize` indexes it).
pub const DECISION_NAMES: [&str; 20] = [
    "priority",
    "attack",
    "block",
    "number",
    "target",
    "yes_no",
    "option",
    "legend",
    "mulligan",
    "bottom",
    "discard",
    "assign_damage",
    "choose_card",
    "sacrifice",
    "begin",
    "over",
    "mode",
    "order_triggers",
    "pay_cost",
    "distribute",
];

impl Decision {
    pub fn name(self) -> &'static str {
        DECISION_NAMES[self as usize]
    }
}

/// The entity a decision is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    None,
    /// A player (0 or 1).
    Player(u32),
    /// A permanent, by kernel id.
    Permanent(u32),
}

impl Duel {
    /// The kind of decision the game waits for.
    pub fn decision(&self) -> Decision {
        match self.state.pending {
            Pending::Priority => Decision::Priority,
            Pending::Attack(_) => Decision::Attack,
            Pending::Block(_) => Decision::Block,
            Pending::ChooseX => Decision::Number,
            Pending::Target => Decision::Target,
            Pending::Resolve => match self.state.resolving.as_ref().map(|r| &r.request) {
                Some(ChoiceRequest::Amount { .. }) => Decision::Number,
                Some(ChoiceRequest::Order { .. }) => Decision::Option,
                Some(ChoiceRequest::Discard { .. }) => Decision::Discard,
                Some(ChoiceRequest::Sacrifice { .. }) => Decision::Sacrifice,
                // 701.21a: the permanent that stays of each type, as the legend rule's.
                Some(ChoiceRequest::KeepOneOfEachType { .. }) => Decision::Legend,
                Some(
                    ChoiceRequest::Search { .. }
                    | ChoiceRequest::Surveil { .. }
                    | ChoiceRequest::Scry { .. }
                    | ChoiceRequest::SeparatePiles { .. },
                ) => Decision::ChooseCard,
                // A callback never waits for a decision (the duel runs no Python).
                _ => Decision::YesNo,
            },
            Pending::Legend => Decision::Legend,
            Pending::Mulligan => Decision::Mulligan,
            Pending::Bottom => Decision::Bottom,
            Pending::Discard | Pending::DiscardCost => Decision::Discard,
            Pending::ChooseCost => Decision::PayCost,
            // 702.35a: "cast it for its madness cost or put it into your graveyard".
            Pending::Madness => Decision::YesNo,
            // 702.170a: plot the card (yes) or cast it (no).
            Pending::Plot => Decision::YesNo,
            Pending::SacrificeCost => Decision::Sacrifice,
            Pending::Order => Decision::Option,
            Pending::AssignDamage => Decision::AssignDamage,
            Pending::Sacrifice => Decision::Sacrifice,
            Pending::Mode => Decision::Mode,
            Pending::ChooseColour | Pending::ChooseType => Decision::Option,
            Pending::Begin => Decision::Begin,
            Pending::Over => Decision::Over,
        }
    }

    /// What the decision is about: the attack or block candidate, the proliferate candidate,
    /// the entity whose replacement effects are being ordered, what the damage being divided
    /// is assigned to (a blocker, or the player or planeswalker attacked).
    pub fn decision_subject(&self) -> Subject {
        let entity = match self.state.pending {
            Pending::Attack(i) | Pending::Block(i) => {
                self.state.combat.candidates.get(i as usize).copied()
            }
            Pending::Resolve => {
                let r = self.state.resolving.as_ref();
                match r.map(|r| &r.request) {
                    Some(ChoiceRequest::Order { entity, .. }) => Some(*entity),
                    _ => self.proliferate_candidate(),
                }
            }
            Pending::Order => self
                .order_choice(&mut SmallVec::new())
                .map(|(_, recipient)| recipient),
            Pending::AssignDamage => self.assignment_choice().map(|s| s.to),
            Pending::ChooseColour => self.colour_choice(),
            Pending::ChooseType => self.type_choice(),
            _ => None,
        };
        match entity {
            None => Subject::None,
            Some(id) if id < 2 => Subject::Player(id),
            Some(id) => Subject::Permanent(id),
        }
    }

    /// The card of the spell or ability being cast (its X or targets being chosen) or being
    /// resolved (a choice of its resolution), or of the attacking creature whose combat damage
    /// is being divided, if a decision is about one.
    pub fn decision_source(&self) -> Option<CardId> {
        match self.state.pending {
            Pending::ChooseX
            | Pending::Target
            | Pending::Sacrifice
            | Pending::DiscardCost
            | Pending::ChooseCost
            | Pending::SacrificeCost
            | Pending::Mode
            | Pending::Madness
            | Pending::Plot => Some(self.state.casting.card),
            Pending::Resolve => self.state.resolving.as_ref().map(|r| r.item.card),
            Pending::AssignDamage => self.assignment_choice().map(|s| self.card_of(s.attacker)),
            _ => None,
        }
        .filter(|&c| c != NO_CARD)
    }

    /// The card of each option offered (the source of each replacement effect to be ordered;
    /// `NO_CARD` for an effect without a source of the pool), into `out` (cleared first).
    pub fn decision_options(&self, out: &mut SmallVec<[CardId; 16]>) {
        out.clear();
        let mut ids = SmallVec::new();
        // 701.23a: the cards the search can find; 701.22a, 701.25a, 700.3: the cards looked
        // at, top first; 700.3: the face-up pile's cards, for the opponent choosing a pile.
        if let (
            Pending::Resolve,
            Some(
                ChoiceRequest::Search { cards, .. }
                | ChoiceRequest::Surveil { cards, .. }
                | ChoiceRequest::Scry { cards, .. }
                | ChoiceRequest::SeparatePiles { cards, .. }
                | ChoiceRequest::ChoosePile { face_up: cards, .. },
            ),
        ) = (
            self.state.pending,
            self.state.resolving.as_ref().map(|r| &r.request),
        ) {
            out.extend(cards.iter().take(16).map(|&c| c as CardId));
            return;
        }
        let offered = match self.state.pending {
            Pending::Mode => {
                // Each mode of the spell or triggered ability, by its card (700.2a).
                let c = self.state.casting.card;
                let n = self.casting_modes().len();
                out.extend(std::iter::repeat_n(
                    c,
                    n.min(actions::OPTION_SLOTS as usize),
                ));
                return;
            }
            Pending::Order => self.order_choice(&mut ids).is_some(),
            Pending::Resolve => self.resolve_order_choice(&mut ids).is_some(),
            _ => false,
        };
        if !offered {
            return;
        }
        let effects = self.state.game.replacement_effects();
        out.extend(ids.iter().map(|&id| {
            effects
                .iter()
                .find(|e| e.id == id)
                .and_then(|e| e.source)
                .map_or(NO_CARD, |s| self.card_of(s))
        }));
    }

    /// The numbers a number decision offers, lowest and highest (at most `MAX_NUMBER`).
    pub fn number_range(&self) -> Option<(u32, u32)> {
        match self.state.pending {
            Pending::ChooseX => Some((0, self.state.casting.max_x.min(actions::MAX_NUMBER))),
            Pending::Resolve => match self.state.resolving.as_ref().map(|r| &r.request) {
                Some(&ChoiceRequest::Amount { min, max }) => {
                    let cap = actions::MAX_NUMBER as u64;
                    let lo = min.min(cap);
                    Some((lo as u32, max.min(cap).max(lo) as u32))
                }
                _ => None,
            },
            Pending::AssignDamage => self.assignment_choice().map(|s| (s.lo as u32, s.hi as u32)),
            _ => None,
        }
    }
}
