//! Triggered abilities (603): which abilities a list of events fires.
//!
//! The kernel's events (damage, counters, zone changes) and the game's own (attacks, blocks,
//! casts, targeting, upkeep, proliferating) are both [`GameEvent`]s; a [`CardEvent`] is one of
//! them or an event of the Berserk property rules (wounds placed, wounds healed), which a Magic
//! game never has. A leaves-the-battlefield
//! ability ("dies") looks back in time (603.10a): it is read from the object's last known
//! information.

use crate::db::CardDb;
use crate::model::{CardId, Selector, TriggerEvent, Triggered};
use crate::runtime::{Ctx, Resolution, TurnHistory};
use crate::targets::{matches, matches_last_known};
use cardstate_core::{Event, EventKind, Game, Zone};
use smallvec::SmallVec;

/// Something that happened that a triggered ability may wait for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameEvent {
    /// An object entered the battlefield (its new id).
    Entered {
        object: u32,
    },
    /// A permanent was put into a graveyard from the battlefield (its old id).
    Died {
        object: u32,
    },
    Damage {
        source: u32,
        target: u32,
        amount: u64,
        combat: bool,
    },
    CountersPut {
        target: u32,
        amount: u64,
    },
    Attacks {
        attacker: u32,
    },
    BecomesBlocked {
        attacker: u32,
    },
    /// `controller` cast `spell` (601.2i); `before`: the instant and sorcery spells it had cast
    /// this turn before it, where the game counts them (Thousand-Year Storm's "each other
    /// instant and sorcery spell you've cast before it this turn"), the amount it carries.
    Cast {
        spell: u32,
        controller: u32,
        before: u32,
    },
    /// `target` became the target of a spell or ability (`by_spell`: of a spell) that `by`
    /// controls; `spell`: that spell's object on the stack ([`NO_SPELL`] for an ability).
    BecomesTarget {
        target: u32,
        by_spell: bool,
        by: u32,
        spell: u32,
    },
    Upkeep {
        player: u32,
    },
    Proliferated {
        player: u32,
    },
    /// A player gained life (119.9: one event per life gain; lifelink's is one per source).
    LifeGained {
        player: u32,
        amount: u64,
    },
    /// The beginning of combat on the player's turn (507.1).
    BeginningOfCombat {
        player: u32,
    },
    /// The beginning of the end step of the player's turn (513.1a).
    EndStep {
        player: u32,
    },
    /// A player declared `creatures` attackers, one or more (508.1).
    Attacked {
        player: u32,
        creatures: u32,
    },
    /// A player drew a card (121.2): its `nth` card this turn (0 where the game doesn't count
    /// them: no ability of its cards waits for a second card).
    Drew {
        player: u32,
        nth: u32,
    },
    // The last ones: a state's kept events hash by their variant's place, and the pinned
    // trajectories of pools without such cards stay as they were.
    /// A permanent moved from the battlefield to another zone than a graveyard (its old id):
    /// exiled, returned to a hand or a library (603.6c).
    LeftBattlefield {
        object: u32,
    },
    /// An object entered the battlefield from a kicked spell (its new id; 702.33d).
    EnteredKicked {
        object: u32,
    },
    /// A player's first life-gain event this turn (119.9; `own_turn`: during its own turn),
    /// beside its `LifeGained`: the game counts them where an ability waits for it.
    FirstLifeGain {
        player: u32,
        own_turn: bool,
    },
    /// A spell cast while another player than its controller is the active player (601.2i),
    /// beside its `Cast`: the game makes it where an ability waits for it.
    CastOnOpponentsTurn {
        spell: u32,
        controller: u32,
    },
    /// One or more +1/+1 counters were put on `target` (122.1), beside its `CountersPut`: the
    /// game makes it where an ability waits for it.
    PlusOneCountersPut {
        target: u32,
    },
    /// A player lost `amount` life (119.3; damage's loss of life too, 120.3a).
    LifeLost {
        player: u32,
        amount: u64,
    },
    /// A source `player` controls dealt `amount` noncombat damage to an opponent of theirs
    /// (120.2), beside its `Damage`: the game makes it where an ability waits for it.
    NoncombatDamageToOpponent {
        player: u32,
        amount: u64,
    },
    /// A permanent untapped (502.3, 701.26b): the game makes it where an ability waits for it.
    Untapped {
        object: u32,
    },
}

impl GameEvent {
    /// The trigger event of a kernel event, if it is one.
    pub fn from_kernel(e: &Event) -> Option<GameEvent> {
        match e.kind() {
            EventKind::ZoneChange => {
                let (from, to) = (e.zone_from()?, e.zone_to()?);
                if to == Zone::Battlefield {
                    Some(GameEvent::Entered {
                        object: e.new_id()?,
                    })
                } else if from == Zone::Battlefield && to == Zone::Graveyard {
                    Some(GameEvent::Died {
                        object: e.target()?,
                    })
                } else if from == Zone::Battlefield {
                    Some(GameEvent::LeftBattlefield {
                        object: e.target()?,
                    })
                } else {
                    None
                }
            }
            // 603.6a: an object created on the battlefield (a token) enters it.
            EventKind::Created => Some(GameEvent::Entered {
                object: e.target()?,
            }),
            EventKind::Damage => Some(GameEvent::Damage {
                source: e.source()?,
                target: e.target()?,
                amount: e.amount().unwrap_or(0),
                combat: e.combat().unwrap_or(false),
            }),
            EventKind::CountersAdded => Some(GameEvent::CountersPut {
                target: e.target()?,
                amount: e.amount().unwrap_or(0),
            }),
            EventKind::LifeGained => Some(GameEvent::LifeGained {
                player: e.target()?,
                amount: e.amount().unwrap_or(0),
            }),
            EventKind::LifeLost => Some(GameEvent::LifeLost {
                player: e.target()?,
                amount: e.amount().unwrap_or(0),
            }),
            _ => None,
        }
    }

    /// The trigger event kind, and the object or player the event is about.
    fn game_parts(self, game: &Game) -> (TriggerEvent, u32) {
        match self {
            GameEvent::Entered { object } => (TriggerEvent::Enters, object),
            GameEvent::EnteredKicked { object } => (TriggerEvent::EntersKicked, object),
            GameEvent::Died { object } => (TriggerEvent::Dies, object),
            GameEvent::LeftBattlefield { object } => (TriggerEvent::LeavesBattlefield, object),
            GameEvent::Damage {
                source,
                target,
                combat,
                ..
            } => {
                if combat && game.entity(target).is_ok_and(|e| e.is_player) {
                    (TriggerEvent::DealsCombatDamageToPlayer, source)
                } else {
                    (TriggerEvent::DealsDamage, source)
                }
            }
            GameEvent::CountersPut { target, .. } => (TriggerEvent::CountersPut, target),
            GameEvent::Attacks { attacker } => (TriggerEvent::Attacks, attacker),
            GameEvent::BecomesBlocked { attacker } => (TriggerEvent::BecomesBlocked, attacker),
            GameEvent::Cast { controller, .. } => (TriggerEvent::YouCast, controller),
            GameEvent::BecomesTarget { target, .. } => (TriggerEvent::BecomesTarget, target),
            GameEvent::Upkeep { player } => (TriggerEvent::Upkeep, player),
            GameEvent::Proliferated { player } => (TriggerEvent::YouProliferate, player),
            GameEvent::LifeGained { player, .. } => (TriggerEvent::YouGainLife, player),
            GameEvent::BeginningOfCombat { player } => (TriggerEvent::BeginningOfCombat, player),
            GameEvent::EndStep { player } => (TriggerEvent::EndStep, player),
            GameEvent::Drew { player, .. } => (TriggerEvent::YouDraw, player),
            GameEvent::Attacked { player, .. } => (TriggerEvent::YouAttack, player),
            GameEvent::FirstLifeGain { player, .. } => (TriggerEvent::YouGainLifeFirst, player),
            GameEvent::CastOnOpponentsTurn { controller, .. } => {
                (TriggerEvent::YouCastOnOpponentsTurn, controller)
            }
            GameEvent::PlusOneCountersPut { target } => (TriggerEvent::PlusOneCountersPut, target),
            GameEvent::LifeLost { player, .. } => (TriggerEvent::OpponentLosesLife, player),
            GameEvent::NoncombatDamageToOpponent { player, .. } => {
                (TriggerEvent::NoncombatDamageToOpponent, player)
            }
            GameEvent::Untapped { object } => (TriggerEvent::BecomesUntapped, object),
        }
    }

    /// The amount the event carries ("that many", "that much"): the damage dealt, the life
    /// lost or gained, the counters put; 0 for the others.
    #[inline]
    pub fn amount(self) -> u64 {
        match self {
            GameEvent::Damage { amount, .. }
            | GameEvent::CountersPut { amount, .. }
            | GameEvent::LifeGained { amount, .. }
            | GameEvent::LifeLost { amount, .. }
            | GameEvent::NoncombatDamageToOpponent { amount, .. } => amount,
            GameEvent::Cast { before, .. } => u64::from(before),
            _ => 0,
        }
    }
}

/// The `spell` of a [`GameEvent::BecomesTarget`] by an ability, or by a spell whose object
/// isn't on the stack yet.
pub const NO_SPELL: u32 = u32::MAX;

/// An event a card's triggered ability may wait for, of either game: a [`GameEvent`], or one
/// of the Berserk property rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardEvent {
    Game(GameEvent),
    /// Berserk: `amount` wounds were placed on `target` (its damage, "при ранении").
    Wounded {
        target: u32,
        amount: u64,
    },
    /// Berserk: `amount` wounds were healed on `target` ("при лечении"); "lives become X"
    /// removes wounds without healing them.
    Healed {
        target: u32,
        amount: u64,
    },
}

impl CardEvent {
    /// The trigger event of a kernel event, if it is one.
    pub fn from_kernel(e: &Event) -> Option<CardEvent> {
        match e.kind() {
            EventKind::Wounded => Some(CardEvent::Wounded {
                target: e.target()?,
                amount: e.amount().unwrap_or(0),
            }),
            EventKind::Healed => Some(CardEvent::Healed {
                target: e.target()?,
                amount: e.amount().unwrap_or(0),
            }),
            _ => GameEvent::from_kernel(e).map(CardEvent::Game),
        }
    }
}

/// What [`fired_among`] reads of an event: its trigger event kind and what it is about.
pub trait TriggerParts: Copy {
    /// The trigger event kind, and the object or player the event is about.
    fn parts(self, game: &Game) -> (TriggerEvent, u32);
    /// It is a spell's targeting ("becomes the target of a spell").
    fn by_spell(self) -> bool;
    /// The spell cast, for a cast event ("whenever you cast an instant or sorcery spell").
    fn spell_cast(self) -> Option<u32>;
    /// For a spell's targeting: the spell's controller and its object on the stack ("becomes
    /// the target of a spell an opponent controls", 702.21a).
    fn targeting(self) -> Option<(u32, u32)>;
    /// The number the event carries: for a card drawn, which card of its player's this turn
    /// it is (121.2; 0: not counted); for an attack, how many creatures attack (508.1); for a
    /// first life gain of a turn, 1 during its player's own turn.
    fn count(self) -> u32;
    /// The amount the event carries (`GameEvent::amount`): what "that many" reads.
    fn amount(self) -> u64;
    /// It is combat damage (510.2).
    fn combat(self) -> bool;
}

impl TriggerParts for GameEvent {
    #[inline]
    fn parts(self, game: &Game) -> (TriggerEvent, u32) {
        self.game_parts(game)
    }

    #[inline]
    fn by_spell(self) -> bool {
        matches!(self, GameEvent::BecomesTarget { by_spell: true, .. })
    }

    #[inline]
    fn spell_cast(self) -> Option<u32> {
        match self {
            GameEvent::Cast { spell, .. } | GameEvent::CastOnOpponentsTurn { spell, .. } => {
                Some(spell)
            }
            _ => None,
        }
    }

    #[inline]
    fn targeting(self) -> Option<(u32, u32)> {
        match self {
            GameEvent::BecomesTarget {
                by_spell: true,
                by,
                spell,
                ..
            } if spell != NO_SPELL => Some((by, spell)),
            _ => None,
        }
    }

    #[inline]
    fn count(self) -> u32 {
        match self {
            GameEvent::Drew { nth, .. } => nth,
            GameEvent::Attacked { creatures, .. } => creatures,
            GameEvent::FirstLifeGain { own_turn, .. } => u32::from(own_turn),
            _ => 0,
        }
    }

    #[inline]
    fn amount(self) -> u64 {
        GameEvent::amount(self)
    }

    #[inline]
    fn combat(self) -> bool {
        matches!(self, GameEvent::Damage { combat: true, .. })
    }
}

impl TriggerParts for CardEvent {
    fn parts(self, game: &Game) -> (TriggerEvent, u32) {
        match self {
            CardEvent::Game(e) => e.game_parts(game),
            CardEvent::Wounded { target, .. } => (TriggerEvent::Wounded, target),
            CardEvent::Healed { target, .. } => (TriggerEvent::Healed, target),
        }
    }

    fn by_spell(self) -> bool {
        matches!(self, CardEvent::Game(e) if e.by_spell())
    }

    fn spell_cast(self) -> Option<u32> {
        match self {
            CardEvent::Game(e) => e.spell_cast(),
            _ => None,
        }
    }

    fn targeting(self) -> Option<(u32, u32)> {
        match self {
            CardEvent::Game(e) => e.targeting(),
            _ => None,
        }
    }

    fn count(self) -> u32 {
        match self {
            CardEvent::Game(e) => e.count(),
            _ => 0,
        }
    }

    fn amount(self) -> u64 {
        match self {
            CardEvent::Game(e) => GameEvent::amount(e),
            CardEvent::Wounded { amount, .. } | CardEvent::Healed { amount, .. } => amount,
        }
    }

    fn combat(self) -> bool {
        matches!(self, CardEvent::Game(e) if e.combat())
    }
}

/// A triggered ability that triggered: whose, which, and what about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fired {
    /// The permanent (or, for "dies", the object's last known information) with the ability.
    pub source: u32,
    pub controller: u32,
    pub card: CardId,
    pub ability: u16,
    /// The object or player the event was about.
    pub triggering: u32,
    /// The amount the event carried, for an ability whose program reads it ("that many",
    /// `Triggered::carries_amount`); 0 otherwise.
    pub amount: u64,
}

// The amount hashed only when there is one: a duel's pinned state hashes stay.
impl std::hash::Hash for Fired {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (
            self.source,
            self.controller,
            self.card,
            self.ability,
            self.triggering,
        )
            .hash(h);
        if self.amount != 0 {
            self.amount.hash(h);
        }
    }
}

impl Fired {
    /// The resolution context (targets still to be chosen: `Ctx::with_targets`).
    pub fn ctx(&self) -> Ctx {
        Ctx::ability(self.card, self.ability, self.controller)
            .with_source(self.source)
            .with_triggering(self.triggering)
            .with_that_much(self.amount)
    }
}

/// Player-scoped events ("you cast", "your upkeep", "you proliferate", "you gain life", "the
/// beginning of combat on your turn", "your end step", "you draw a card") trigger abilities of
/// permanents that player controls (`player_event_hit`: or its opponents control).
fn player_scoped(t: TriggerEvent) -> bool {
    matches!(
        t,
        TriggerEvent::YouCast
            | TriggerEvent::Upkeep
            | TriggerEvent::YouProliferate
            | TriggerEvent::YouGainLife
            | TriggerEvent::BeginningOfCombat
            | TriggerEvent::EndStep
            | TriggerEvent::YouDraw
            | TriggerEvent::YouAttack
            | TriggerEvent::YouGainLifeFirst
            | TriggerEvent::YouCastOnOpponentsTurn
            | TriggerEvent::OpponentLosesLife
            | TriggerEvent::NoncombatDamageToOpponent
    )
}

/// Whether an ability of `controller`'s waiting for `waits` triggers on a player-scoped event
/// of `player`'s carrying `count` (`TriggerParts::count`; 121.2, 508.3d, 603.2): "an opponent
/// draws a card" on another player's draw, "your second card each turn" on its controller's
/// second card of the turn, "you attack with three or more creatures" on an attack with as
/// many, the others on its controller's.
fn player_event_hit(waits: TriggerEvent, player: u32, controller: u32, count: u32) -> bool {
    match waits {
        TriggerEvent::OpponentDraws
        | TriggerEvent::OpponentLosesLife
        | TriggerEvent::OpponentCasts => player != controller,
        TriggerEvent::YouDrawSecond => player == controller && count == 2,
        TriggerEvent::YouDrawThird => player == controller && count == 3,
        TriggerEvent::YouAttackWithThreeOrMore => player == controller && count >= 3,
        TriggerEvent::YouGainLifeFirstYourTurn => player == controller && count == 1,
        // 513.1a: "at the beginning of each end step", whoever's turn it is.
        TriggerEvent::EachEndStep => true,
        _ => player == controller,
    }
}

/// Whether an ability of `controller`'s waiting for `waits` may trigger on an event that is
/// combat damage or not (`combat`): "deals combat damage during your turn" (510.2) only on
/// combat damage dealt while `controller` is the active player; the others on any.
fn combat_on_own_turn(game: &Game, waits: TriggerEvent, combat: bool, controller: u32) -> bool {
    waits != TriggerEvent::DealsCombatDamageYourTurn || combat && game.active_player() == controller
}

/// The triggered abilities the events fire, in event order, then by source id, then by
/// ability order, appended to `out`. APNAP ordering (603.3b) is the game's.
pub fn fired(db: &CardDb, game: &Game, events: &[GameEvent], out: &mut Vec<Fired>) {
    if events.is_empty() {
        return;
    }
    let permanents = listening_permanents(db, game);
    fired_among(
        db,
        game,
        events,
        &permanents,
        &|id| db.card_of(game, id),
        out,
    );
}

/// The permanents (in id order) whose cards have triggered abilities: on the stack up to 32 of
/// them, so firing allocates nothing on a usual board.
fn listening_permanents(db: &CardDb, game: &Game) -> SmallVec<[(u32, CardId); 32]> {
    let mut permanents = SmallVec::new();
    for id in 0..game.num_entities() {
        let Ok(e) = game.entity(id) else { continue };
        let in_graveyard = !e.gone && e.zone == Zone::Graveyard;
        // An emblem's abilities function in the command zone (114.4).
        let emblem = !e.gone && e.zone == Zone::Command;
        if !(e.is_permanent() || in_graveyard && db.triggers_from_graveyard() || emblem) {
            continue;
        }
        if let Some(card) = db.card_of(game, id) {
            if db.has_triggers(card) {
                permanents.push((id, card));
            }
        }
    }
    permanents
}

/// [`fired`] of events of either game ([`CardEvent`]: Berserk's wounds placed and healed too).
pub fn fired_events(db: &CardDb, game: &Game, events: &[CardEvent], out: &mut Vec<Fired>) {
    fired_events_with_history(db, game, events, TurnHistory::default(), out);
}

/// [`fired_events`] with the turn's history the intervening "if" clauses read (603.4).
pub fn fired_events_with_history(
    db: &CardDb,
    game: &Game,
    events: &[CardEvent],
    history: TurnHistory,
    out: &mut Vec<Fired>,
) {
    if events.is_empty() {
        return;
    }
    let permanents = listening_permanents(db, game);
    fired_among_with_history(
        db,
        game,
        events,
        &permanents,
        &|id| db.card_of(game, id),
        history,
        out,
    );
}

/// [`fired`] with what the caller already knows: `permanents` are the permanents (in id
/// order) whose cards have triggered abilities, `object_card` the card of an event's own
/// object (also when it has left: "dies"). Same results, same order.
pub fn fired_among<E: TriggerParts>(
    db: &CardDb,
    game: &Game,
    events: &[E],
    permanents: &[(u32, CardId)],
    object_card: &dyn Fn(u32) -> Option<CardId>,
    out: &mut Vec<Fired>,
) {
    fired_among_with_history(
        db,
        game,
        events,
        permanents,
        object_card,
        TurnHistory::default(),
        out,
    );
}

/// [`fired_among`] with the turn's history the intervening "if" clauses read (603.4).
pub fn fired_among_with_history<E: TriggerParts>(
    db: &CardDb,
    game: &Game,
    events: &[E],
    permanents: &[(u32, CardId)],
    object_card: &dyn Fn(u32) -> Option<CardId>,
    history: TurnHistory,
    out: &mut Vec<Fired>,
) {
    // 603.10a: "whenever a creature dies" looks back in time: the objects that died in these
    // events wait for the others' deaths (and their own) as they last existed, beside the
    // permanents; merged with them in id order.
    let dies = TriggerEvent::Dies.bits();
    let mut looking_back: SmallVec<[(u32, CardId); 32]> = SmallVec::new();
    for ev in events {
        let (kind, about) = ev.parts(game);
        if kind == TriggerEvent::Dies {
            if let Some(card) =
                object_card(about).filter(|&c| db.facts(c).listens_other & dies != 0)
            {
                looking_back.push((about, card));
            }
        }
    }
    if !looking_back.is_empty() {
        looking_back.extend_from_slice(permanents);
        looking_back.sort_unstable_by_key(|p| p.0);
        looking_back.dedup_by_key(|p| p.0);
    }
    for &ev in events {
        let (kind, about) = ev.parts(game);
        let by_spell = ev.by_spell();
        let kinds = kind.bits();
        // The object's own abilities ("when ~ …"), read from its last known information
        // when it left (603.10a). 113.6: "when this permanent becomes the target" functions
        // only on the battlefield: a spell targeted on the stack (ward's, 702.21a) triggers
        // nothing of its own.
        if !player_scoped(kind)
            && (kind != TriggerEvent::BecomesTarget
                || game.entity(about).is_ok_and(|e| e.is_permanent()))
        {
            if let Some(card) = object_card(about).filter(|&c| db.listens_any(c, kinds)) {
                let controller = game.entity(about).map_or(0, |e| e.controller);
                for (i, t) in db.card(card).triggered() {
                    // 702.21a: "… a spell an opponent controls": that spell is what triggered.
                    let triggering = if t.event == TriggerEvent::BecomesTargetByOpponent {
                        match ev.targeting() {
                            Some((by, spell)) if by != controller => spell,
                            _ => continue,
                        }
                    } else {
                        about
                    };
                    if kinds & 1 << t.event as u32 != 0
                        && !t.from_graveyard
                        && !t.gained
                        && t.subject == Selector::This
                        && (!t.by_spell || by_spell)
                        && combat_on_own_turn(game, t.event, ev.combat(), controller)
                        && condition_holds(db, game, card, i, about, controller, t, history)
                    {
                        out.push(Fired {
                            source: about,
                            controller,
                            card,
                            ability: i as u16,
                            triggering,
                            amount: if t.carries_amount { ev.amount() } else { 0 },
                        });
                    }
                }
            }
        }
        // Other permanents' abilities ("whenever a creature you control …", "whenever you …"),
        // and the object's own "a creature you control" ones ("another" is the filter's).
        let look_back = kind == TriggerEvent::Dies && !looking_back.is_empty();
        let sources = if look_back {
            &looking_back[..]
        } else {
            permanents
        };
        for &(id, card) in sources {
            if !db.listens_any(card, kinds) {
                continue;
            }
            let Ok(e) = game.entity(id) else { continue };
            // A card in a graveyard: its abilities that function there (113.6k).
            let in_graveyard = !e.gone && e.zone == Zone::Graveyard;
            // An emblem's abilities function in the command zone (114.4).
            let emblem = !e.gone && e.zone == Zone::Command;
            // A source looking back is one of the objects that died (`looking_back`).
            if !(e.is_permanent() || look_back && e.gone || in_graveyard || emblem) {
                continue;
            }
            for (i, t) in db.card(card).triggered() {
                if kinds & 1 << t.event as u32 == 0
                    || (t.by_spell && !by_spell)
                    || t.from_graveyard != in_graveyard
                {
                    continue;
                }
                let hit = if player_scoped(kind) {
                    player_event_hit(t.event, about, e.controller, ev.count())
                        && match (ev.spell_cast(), &t.subject) {
                            // "Whenever you cast an instant or sorcery spell": the spell's kind.
                            (Some(spell), Selector::Each { filter }) => {
                                matches(game, filter, spell, Some(id), e.controller)
                            }
                            _ => true,
                        }
                } else {
                    match &t.subject {
                        // 603.10a: the dead object as it last existed on the battlefield.
                        Selector::Each { filter } if kind == TriggerEvent::Dies => {
                            matches_last_known(game, filter, about, Some(id), e.controller)
                        }
                        Selector::Each { filter } => {
                            matches(game, filter, about, Some(id), e.controller)
                        }
                        _ => false,
                    }
                };
                if hit
                    && combat_on_own_turn(game, t.event, ev.combat(), e.controller)
                    && condition_holds(db, game, card, i, id, e.controller, t, history)
                {
                    // "Whenever you cast …, copy it": the spell cast is what triggered it.
                    let triggering = match ev.spell_cast() {
                        Some(spell) if t.event == TriggerEvent::YouCast => spell,
                        _ => about,
                    };
                    out.push(Fired {
                        source: id,
                        controller: e.controller,
                        card,
                        ability: i as u16,
                        triggering,
                        amount: if t.carries_amount { ev.amount() } else { 0 },
                    });
                }
            }
        }
    }
}

/// The gained triggered abilities (613.1f: `Triggered::gained`, of subject "this") the events
/// fire: `gained` lists each object that gained one, with its card and the ability, in the
/// order they were gained; a permanent's ability triggers on the events about it, in event
/// order, then in that order (appended to `out`, after [`fired_among`]'s).
pub fn fired_gained<E: TriggerParts>(
    db: &CardDb,
    game: &Game,
    events: &[E],
    gained: &[(u32, CardId, u16)],
    history: TurnHistory,
    out: &mut Vec<Fired>,
) {
    for ev in events {
        let (kind, about) = ev.parts(game);
        if player_scoped(kind) {
            continue;
        }
        for &(object, card, ability) in gained {
            if object != about {
                continue;
            }
            let Ok(e) = game.entity(object) else { continue };
            if !e.is_permanent() {
                continue;
            }
            let Some(crate::model::Ability::Triggered(t)) =
                db.card(card).abilities.get(ability as usize)
            else {
                continue;
            };
            if kind.bits() & 1 << t.event as u32 != 0
                && t.gained
                && (!t.by_spell || ev.by_spell())
                && condition_holds(
                    db,
                    game,
                    card,
                    ability as usize,
                    object,
                    e.controller,
                    t,
                    history,
                )
            {
                out.push(Fired {
                    source: object,
                    controller: e.controller,
                    card,
                    ability,
                    triggering: about,
                    amount: if t.carries_amount { ev.amount() } else { 0 },
                });
            }
        }
    }
}

/// The kernel events' triggered abilities (see [`fired`]).
pub fn fired_by_kernel_events(db: &CardDb, game: &Game, events: &[Event], out: &mut Vec<Fired>) {
    // One event at a time (the same order as a converted list), with nothing collected.
    let mut converted = events.iter().filter_map(CardEvent::from_kernel).peekable();
    if converted.peek().is_none() {
        return;
    }
    let permanents = listening_permanents(db, game);
    let object_card = |id| db.card_of(game, id);
    for ev in converted {
        fired_among(db, game, &[ev], &permanents, &object_card, out);
    }
}

/// The intervening "if" (603.4) as it triggers.
#[allow(clippy::too_many_arguments)]
fn condition_holds(
    db: &CardDb,
    game: &Game,
    card: CardId,
    ability: usize,
    source: u32,
    controller: u32,
    t: &Triggered,
    history: TurnHistory,
) -> bool {
    let Some(cond) = &t.condition else {
        return true;
    };
    // Evaluated by a resolution with no targets chosen yet: a condition reads only the source,
    // its controller and counts.
    // The targets are placeholders (distinct ids no entity has, none legal), one for each of
    // the targets that aren't "up to".
    let ctx = Ctx::ability(card, ability as u16, controller)
        .with_source(source)
        .with_history(history);
    let targets = t.targets.iter().filter(|s| !s.up_to);
    let n = targets.map(|s| s.count as u32).sum::<u32>();
    let ctx = ctx.with_targets(&(0..n).map(|k| u32::MAX - k).collect::<SmallVec<[u32; 4]>>());
    match Resolution::new(db, ctx) {
        Ok(r) => r.condition_now(game, &t.targets, cond),
        Err(_) => false,
    }
}
