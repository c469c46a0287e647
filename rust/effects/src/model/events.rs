//! The events triggered abilities wait for (603.2), as the compiled form names them.

use serde::Deserialize;

/// The events triggered abilities wait for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerEvent {
    Enters,
    Dies,
    Attacks,
    BecomesBlocked,
    DealsCombatDamageToPlayer,
    DealsDamage,
    YouCast,
    CountersPut,
    YouProliferate,
    Upkeep,
    BecomesTarget,
    /// Berserk: wounds are placed on it ("при ранении").
    Wounded,
    /// Berserk: wounds are healed on it ("при лечении").
    Healed,
    /// "Whenever you gain life": each life-gain event of its controller's (119.9).
    YouGainLife,
    /// "At the beginning of combat on your turn" (507.1).
    BeginningOfCombat,
    /// "At the beginning of your end step" (513.1a).
    EndStep,
    /// "Whenever you draw a card": each card its controller draws (121.2).
    YouDraw,
    /// "Whenever you draw your second card each turn": the second card its controller draws
    /// in a turn (121.2), whoever's turn it is.
    YouDrawSecond,
    /// "Whenever an opponent draws a card": each card another player draws (121.2).
    OpponentDraws,
    /// "Whenever you attack": its controller declares one or more attackers (508.1, 508.3d).
    YouAttack,
    /// "Whenever you attack with three or more creatures" (508.3d).
    YouAttackWithThreeOrMore,
    /// "When ~ leaves the battlefield": it moves from the battlefield to any other zone (dying
    /// included), read from its last known information (603.6c, 603.10a).
    LeavesBattlefield,
    /// "When this creature enters, if it was kicked": it entered from a kicked spell (702.33d).
    EntersKicked,
    /// "When you draw your third card in a turn" (121.2), whoever's turn it is.
    YouDrawThird,
    /// "Whenever this permanent becomes the target of a spell an opponent controls" (ward's
    /// trigger, 702.21a): what triggered is that spell.
    BecomesTargetByOpponent,
    /// "Whenever you gain life for the first time each turn" (119.9): its controller's first
    /// life-gain event of a turn, whoever's turn it is.
    YouGainLifeFirst,
    /// "Whenever you gain life for the first time during each of your turns": its controller's
    /// first life-gain event of a turn of its own.
    YouGainLifeFirstYourTurn,
    /// "Whenever you cast a spell during an opponent's turn" (601.2i): its controller casts a
    /// spell while another player is the active player.
    YouCastOnOpponentsTurn,
    /// "Whenever one or more +1/+1 counters are put on …" (122.1): each putting of +1/+1
    /// counters on the object, however many.
    PlusOneCountersPut,
    /// "Whenever an opponent loses life" (119.3): each life-loss event of another player's
    /// (damage's included, 120.3a); the event carries the life lost ("that much").
    OpponentLosesLife,
    /// "Whenever a source you control deals noncombat damage to an opponent" (120.2): the
    /// game makes the event beside the damage's; it carries the damage dealt ("that many").
    NoncombatDamageToOpponent,
    /// "At the beginning of each end step" (513.1a): every end step, whoever's turn it is.
    EachEndStep,
    /// "Whenever an opponent casts a spell" (601.2i): another player casts a spell; what
    /// triggered is that player.
    OpponentCasts,
    /// "Whenever a creature you control deals combat damage during your turn" (510.2): combat
    /// damage the subject deals to anything while its controller is the active player; the
    /// event carries the damage dealt ("that many").
    DealsCombatDamageYourTurn,
    /// "Whenever equipped creature becomes untapped" (502.3, 701.26b): the object untaps, in
    /// its controller's untap step or by an effect; the game makes the event where an ability
    /// waits for it.
    BecomesUntapped,
}

impl TriggerEvent {
    /// The bits (`1 << event`) of the events abilities wait for that an event of this kind
    /// may be: a card drawn is "you draw a card" to its drawer's abilities, "your second card
    /// each turn" when it is that, and "an opponent draws a card" to the other players'; an
    /// attack is "you attack", and "with three or more creatures" when it is that; dying is
    /// leaving the battlefield too.
    #[inline]
    pub const fn bits(self) -> u64 {
        match self {
            TriggerEvent::YouDraw => {
                1 << TriggerEvent::YouDraw as u32
                    | 1 << TriggerEvent::YouDrawSecond as u32
                    | 1 << TriggerEvent::YouDrawThird as u32
                    | 1 << TriggerEvent::OpponentDraws as u32
            }
            TriggerEvent::Dies => {
                1 << TriggerEvent::Dies as u32 | 1 << TriggerEvent::LeavesBattlefield as u32
            }
            // A kicked permanent's entering is an entering too.
            TriggerEvent::EntersKicked => {
                1 << TriggerEvent::Enters as u32 | 1 << TriggerEvent::EntersKicked as u32
            }
            TriggerEvent::YouAttack => {
                1 << TriggerEvent::YouAttack as u32
                    | 1 << TriggerEvent::YouAttackWithThreeOrMore as u32
            }
            // Becoming the target of an opponent's spell is becoming a target too.
            TriggerEvent::BecomesTarget => {
                1 << TriggerEvent::BecomesTarget as u32
                    | 1 << TriggerEvent::BecomesTargetByOpponent as u32
            }
            // The beginning of a player's end step is the beginning of an end step (513.1a).
            TriggerEvent::EndStep => {
                1 << TriggerEvent::EndStep as u32 | 1 << TriggerEvent::EachEndStep as u32
            }
            // A spell cast is "you cast" to its caster's abilities, "an opponent casts" to the
            // other players' (601.2i).
            TriggerEvent::YouCast => {
                1 << TriggerEvent::YouCast as u32 | 1 << TriggerEvent::OpponentCasts as u32
            }
            // A first life gain of a turn is one of the player's own turns or not.
            TriggerEvent::YouGainLifeFirst => {
                1 << TriggerEvent::YouGainLifeFirst as u32
                    | 1 << TriggerEvent::YouGainLifeFirstYourTurn as u32
            }
            // Combat damage, to a player or not, is combat damage during someone's turn (the
            // ability tests that it is combat damage, on its controller's turn).
            TriggerEvent::DealsCombatDamageToPlayer | TriggerEvent::DealsDamage => {
                1 << self as u32 | 1 << TriggerEvent::DealsCombatDamageYourTurn as u32
            }
            e => 1 << e as u32,
        }
    }
}
