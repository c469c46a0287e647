//! The data model: compiled card definitions as the Python compiler writes them
//! (docs/CARDS.md, "The compiled form"). Parsed once; names of types, keywords and zones are
//! resolved to the kernel's bit sets while parsing, so the runtime compares integers.

use cardstate_core::Kind;
use serde::Deserialize;
use std::collections::BTreeMap;

mod berserk;
mod card;
mod costs;
mod events;
mod filter;
mod mana;
mod places;
mod rewrite;
mod targets;
mod text;
mod values;
mod walk;

pub use berserk::{BerserkCost, BerserkProperties};
pub use card::{CardDef, PoolFile};
pub use costs::{ActivationCost, RemoveCost, SacrificeCost};
pub use events::TriggerEvent;
pub use filter::{CombatRole, Filter, Rel};
pub use mana::{Colour, ManaCost};
pub use places::{Destination, LookedAtRest, PlayUntil};
pub use rewrite::Rewrite;
pub use targets::TargetSpec;
pub use values::{Amount, Condition, Selector, TurnFact};

/// A card of a [`crate::CardDb`]: its index there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId(pub u16);

/// One operation of a program (docs/CARDS.md lists them). `Test`, `May`, `MayPayEnergy` set
/// the flag that the next `JumpUnless` reads.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Op {
    PutCounters {
        on: Selector,
        counter: String,
        n: Amount,
        /// The built-in kind of that name (the same in every game), set as the database is
        /// made: the runtime then names the kind by id, not by name.
        #[serde(skip)]
        builtin: Option<Kind>,
    },
    RemoveCounters {
        of: Selector,
        counter: String,
        n: Amount,
        #[serde(skip)]
        builtin: Option<Kind>,
    },
    Proliferate,
    DealDamage {
        to: Selector,
        n: Amount,
        source: Selector,
    },
    /// "`source` deals `n` damage divided as you choose among" the entities of target `to` (a `Target` selector)
    /// (601.2d): each chosen entity is dealt its share of the division the resolution carries
    /// (`Ctx::division`, by position among that target's entities; without one, `n` split as
    /// evenly as can be, the earlier entities taking the odd points); an illegal target's share
    /// is not dealt (608.2b).
    DealDamageDivided {
        to: Selector,
        n: Amount,
        source: Selector,
    },
    /// Each selected permanent or graveyard card is moved (400.7): "return … to its owner's
    /// hand" (400.3), "exile …" (701.13), "return … from your graveyard to the battlefield".
    Move {
        what: Selector,
        to: Destination,
    },
    /// "`a` fights `b`" (701.14a): each deals damage equal to its power to the other; none
    /// is dealt if either is no longer a creature on the battlefield (701.14b).
    Fight {
        a: Selector,
        b: Selector,
    },
    /// "`source` deals damage equal to its power to `to`" (a one-sided fight, 701.14): none if
    /// the source is no longer a creature on the battlefield.
    Bite {
        source: Selector,
        to: Selector,
    },
    Destroy {
        what: Selector,
    },
    Draw {
        who: Selector,
        n: Amount,
    },
    /// Impulse draw: each of `who` exiles the top `n` cards of its library and may play them
    /// until `until` (the permission is the host's: a duel's).
    ExileTop {
        who: Selector,
        n: Amount,
        until: PlayUntil,
    },
    /// "… at the beginning of the next end step" (603.7a): creates the card's `Delayed`
    /// ability `ability`, about each object `of` selects (the object it became, if this
    /// effect moved it: 400.7); the host keeps it. `when_dies`: "When this creature dies, …".
    Delay {
        of: Selector,
        ability: u16,
        #[serde(default)]
        when_dies: bool,
    },
    /// "Return it to the battlefield with `fewer` fewer `counter` counters on it" (614.1c):
    /// each selected card in a graveyard or in exile enters under its owner's control with
    /// the counters of that kind the object it was had as it last existed (608.2h), less
    /// `fewer`.
    ReturnWithFewerCounters {
        what: Selector,
        counter: String,
        fewer: u64,
    },
    GainLife {
        who: Selector,
        n: Amount,
    },
    LoseLife {
        who: Selector,
        n: Amount,
    },
    GetEnergy {
        who: Selector,
        n: Amount,
    },
    MayPayEnergy {
        n: u64,
    },
    /// "You may pay `mana`. If you do, …" (608.2c): the controller is asked (a
    /// [`ChoiceRequest::Pay`] the host pays, or answers "no" for a player who can't pay); the
    /// flag says whether it was paid.
    ///
    /// [`ChoiceRequest::Pay`]: crate::runtime::ChoiceRequest::Pay
    MayPayMana {
        mana: ManaCost,
    },
    PayAnyEnergy,
    Pump {
        who: Selector,
        power: Amount,
        toughness: Amount,
    },
    Grant {
        who: Selector,
        keyword: String,
    },
    /// "Switch its power and toughness until end of turn" (613.4e).
    Switch {
        who: Selector,
    },
    Tap {
        what: Selector,
    },
    Untap {
        what: Selector,
    },
    /// Each selected player discards `n` cards of its choice (701.9a-b).
    Discard {
        who: Selector,
        n: Amount,
    },
    /// Each selected player sacrifices `n` of its permanents that `what` selects, of its
    /// choice (701.21a).
    Sacrifice {
        who: Selector,
        what: Selector,
        n: Amount,
    },
    CreateToken {
        card: String,
        n: Amount,
        who: Selector,
        /// "Create a tapped … token" (110.5b).
        #[serde(default)]
        tapped: bool,
    },
    /// "You get an emblem with …" (114.1, 114.2): an object of the emblem's card in the
    /// command zone, owned and controlled by the controller; its static abilities apply from
    /// there (kernel continuous effects with that "you" and no source), its triggered
    /// abilities trigger from there (114.4).
    CreateEmblem {
        card: String,
    },
    /// Each selected player mills `n` cards (701.17a): the top `n` of its library go to its
    /// graveyard (all of them if it has fewer, 701.17b).
    Mill {
        who: Selector,
        n: Amount,
    },
    /// The controller scries `n` (701.22a): it looks at the top `n` cards of its library and
    /// puts any number of them on the bottom, the rest back on top.
    Scry {
        n: Amount,
    },
    /// The controller surveils `n` (701.25a): it looks at the top `n` cards of its library
    /// and puts any number of them into its graveyard, the rest back on top.
    Surveil {
        n: Amount,
    },
    /// The controller searches its library for up to `n` cards with any of `types` (none: any
    /// type), all of `supertypes` and the mana value `mana_value` if given (none of them: any
    /// card), puts them `to` its hand or onto the battlefield (`tapped`), then shuffles
    /// (701.23a-b, 701.24a). A search for a card with a quality may find nothing (701.23b).
    Search {
        #[serde(default)]
        types: Vec<String>,
        #[serde(default)]
        supertypes: Vec<String>,
        to: Destination,
        #[serde(default)]
        tapped: bool,
        /// Up to this many cards (absent: one).
        #[serde(default = "one")]
        n: u32,
        /// Only cards of this mana value (202.3).
        #[serde(default)]
        mana_value: Option<u32>,
        /// Only cards of at most this mana value, counted as it resolves ("with mana value X
        /// or less"); printed only when set (`CardDb` fingerprint).
        #[serde(default, rename = "mana_value_at_most")]
        mana_value_up_to: Option<Amount>,
    },
    Regenerate {
        what: Selector,
    },
    CounterSpell {
        what: Selector,
    },
    /// "Counter that spell unless its controller pays `mana` / `life` life" (701.6a, 118.12):
    /// each selected spell's controller chooses whether to pay (a [`ChoiceRequest::Pay`] the
    /// host answers "no" for a player who can't pay); not paid, the spell is countered.
    ///
    /// [`ChoiceRequest::Pay`]: crate::runtime::ChoiceRequest::Pay
    CounterUnlessPays {
        what: Selector,
        mana: Option<ManaCost>,
        #[serde(default)]
        life: u64,
    },
    /// "Prevent all [combat] damage that would be dealt this turn" to what `affects` names
    /// (kernel filter texts, "you" the controller): 615.1a, until end of turn.
    PreventDamage {
        affects: Vec<String>,
        combat: bool,
    },
    May,
    Test {
        cond: Condition,
    },
    JumpUnless {
        to: u32,
    },
    Jump {
        to: u32,
    },
    /// The escape hatch: a Python callable, run only where Python is.
    Python {
        index: u32,
    },
    /// Berserk: "strength becomes n" (104.3.1).
    SetStrength {
        who: Selector,
        n: Amount,
    },
    /// Berserk: "lives become n" (104.3.1).
    SetLives {
        who: Selector,
        n: Amount,
    },
    /// Berserk: heal by n.
    Heal {
        who: Selector,
        n: Amount,
    },
    /// Berserk: remove every strength and life effect.
    RemoveEffects {
        who: Selector,
    },
    /// Berserk: the controller takes control (104.3.4).
    GainControl {
        what: Selector,
    },
    /// Berserk: becomes these types (classic 108.1–108.2).
    BecomeType {
        what: Selector,
        types: Vec<String>,
        subtypes: Option<Vec<String>>,
    },
    /// Berserk: becomes elite or ordinary (classic 108.1).
    BecomeElite {
        what: Selector,
        elite: bool,
    },
    /// Berserk: gains or loses flying (classic 108.1–108.2).
    SetFlying {
        what: Selector,
        flying: bool,
    },
    /// Berserk: draw n cards, each costing `less` less while in hand (104.3).
    DrawCheaper {
        who: Selector,
        n: Amount,
        less: u32,
    },
    /// "Add {R}{G}." as an effect (106.4): each of `who` adds `mana` (a count per colour,
    /// WUBRG) `n` times to its mana pool, which the host keeps (a duel's).
    AddMana {
        who: Selector,
        mana: [u8; 5],
        n: Amount,
    },
    /// "Then that player or that permanent's controller may pay `mana`. If the player does,
    /// they may copy this spell and may choose a new target for that copy." (707.10,
    /// 707.10c): the player `of` selects (a permanent: its controller) is asked to pay
    /// ([`ChoiceRequest::Pay`]); paid, the host puts a copy of the resolving spell on the
    /// stack under that player's control (a duel's).
    ///
    /// [`ChoiceRequest::Pay`]: crate::runtime::ChoiceRequest::Pay
    PayToCopy {
        of: Selector,
        mana: ManaCost,
        #[serde(default)]
        life: u64,
    },
    /// "Create a token that's a copy of it, except it's a Nightmare in addition to its other
    /// types. Then exile all other Nightmare tokens you control." (707.2, 707.9a, 111.1): as
    /// `CreateTokenCopy` for its controller, each token a `subtype` too (layer 4, locked in);
    /// then the controller's other tokens with that subtype are exiled.
    CreateTokenCopyExilingOthers {
        of: Selector,
        subtype: String,
    },
    /// "Create a token that's a copy of `of`" (707.2, 111.1): for each object `of` selects (as
    /// it last existed, if it left), each of `who` creates a token of its card: its copiable
    /// values are the printed card's, not its counters or the effects on it. "… except it has
    /// haste and 'At the beginning of the end step, sacrifice this token.'": `haste` until end
    /// of turn, and the card's delayed ability `sacrificed_at_end_step` about the token
    /// (603.7a).
    CreateTokenCopy {
        of: Selector,
        who: Selector,
        #[serde(default)]
        haste: bool,
        #[serde(default)]
        sacrificed_at_end_step: Option<u16>,
    },
    /// Attaches the first object `what` selects (an Aura or Equipment) to the first `to`
    /// selects (701.3a: "attach it to target creature you control", equip, 702.6a): the host
    /// keeps the link (a duel's; a bare kernel has none).
    Attach {
        what: Selector,
        to: Selector,
    },
    /// "Take an extra turn after this one." (500.7): each selected player takes one; the
    /// host keeps them (a duel's).
    ExtraTurn {
        who: Selector,
    },
    /// "Prevent all [combat] damage that would be dealt to it this turn" (615.1a).
    PreventDamageTo {
        to: Selector,
        combat: bool,
    },
    /// "… When you do, …" (603.12): the card's reflexive ability `ability` triggers now.
    Reflexive {
        ability: u16,
    },
    /// "Target creature's owner puts it on their choice of the top or bottom of their
    /// library" (401.4): the first object `what` selects, a permanent or a graveyard card, goes
    /// into its owner's library where the owner chooses (a request of that player).
    PutOnTopOrBottom {
        what: Selector,
    },
    /// "Double target creature's power until end of turn" (701.10a–b): each selected creature
    /// gets +X/+0, X its power as this resolves (a negative power, that much less).
    DoublePower {
        who: Selector,
    },
    /// "End the turn." (723.1): the host ends the turn as the resolution ends (a spell's
    /// whole effect: the compiler refuses it anywhere else).
    EndTheTurn,
    /// "Look at the top `n` cards of your library. You may put one of those cards [a card with
    /// the quality] `to` …. Put the rest `rest`." (401.4): the controller chooses up to one of
    /// the cards looked at that has any of `types` (none: any type), a power of at most
    /// `power_at_most` and a mana value of at most `mana_value_at_most`, if given; it goes `to`
    /// its hand, onto the battlefield or back on top of the library; the others go `rest`.
    LookAtTop {
        n: Amount,
        #[serde(default)]
        types: Vec<String>,
        #[serde(default)]
        power_at_most: Option<i32>,
        #[serde(default)]
        mana_value_at_most: Option<Amount>,
        to: Destination,
        rest: LookedAtRest,
        /// "Any number of" them (simplification: put there one at a time as chosen).
        #[serde(default)]
        any_number: bool,
    },
    /// "Look at the top `n` cards of your library and separate them into a face-down pile and
    /// a face-up pile. An opponent chooses one of those piles. Put that pile into your hand
    /// and the other into your graveyard." (700.3)
    SeparatePiles {
        n: Amount,
    },
    /// "Return that card to the battlefield with `n` `counter` counters on it (614.1c). It has
    /// `gains` (613.1f) and is `is_also` in addition to its other types (613.1d)" (611.2c).
    ReturnWith {
        what: Selector,
        counter: String,
        n: u64,
        gains: Vec<String>,
        is_also: Vec<String>,
    },
    /// "Double the number of each kind of counter on up to two target creatures and/or
    /// artifacts you control" (701.10e): each selected permanent gets as many of each kind of
    /// counter as it has.
    DoubleCounters {
        who: Selector,
    },
    /// "Exile the top `n` cards of your library. Choose one of them. Until `until`, you may
    /// play that card.": the controller chooses one of the top `n` cards (a search request of
    /// them); the others are exiled, then the one chosen, with the permission (the host's).
    ExileTopChooseOne {
        n: Amount,
        until: PlayUntil,
    },
    /// "Reveal cards from the top of your library until you reveal a <`types`> card. Put that
    /// card into your hand and the rest on the bottom of your library in a random order."
    /// (701.20a): with none of those types, every card revealed goes on the bottom.
    RevealUntil {
        types: Vec<String>,
    },
    /// "This creature becomes a Werewolf": `subtypes` replace its own (205.1a, 613.1d, 611.2c).
    Becomes {
        what: Selector,
        subtypes: Vec<String>,
    },
    /// "Return an instant or sorcery card from your graveyard to your hand" (not targeted).
    ReturnFromGraveyard {
        types: Vec<String>,
    },
    /// "`who` mills two cards. If two nonland cards that share a color …, repeat" (701.17a).
    MillWhileSharingColour {
        who: Selector,
    },
    /// "Each opponent reveals cards … until they reveal a land card, then puts those cards into
    /// their graveyard." (701.20a): until a card with any of `types`, that one included.
    RevealUntilIntoGraveyard {
        who: Selector,
        types: Vec<String>,
    },
    /// "If that creature would die this turn, exile it instead" (614.1a): a replacement
    /// effect on each selected permanent.
    ExileInsteadOfDying {
        what: Selector,
    },
    /// "Gain control of target creature until end of turn." (613.1b, layer 2): the host
    /// changes control of each selected permanent and gives it back at cleanup (514.2).
    GainControlUntilEndOfTurn {
        what: Selector,
    },
    /// "You may cast target Zombie creature card from your graveyard this turn.": the host
    /// lets the controller cast each selected graveyard card this turn (a duel's permission);
    /// with `flashback`, "… gains flashback until end of turn" (exiled as it leaves the stack).
    MayCastFromGraveyard {
        what: Selector,
        flashback: bool,
    },
    /// "`who` loses `n` life unless they sacrifice a <`sacrifice`> or discard a card" (608.2d).
    LoseLifeUnless {
        who: Selector,
        n: Amount,
        discard: bool,
        sacrifice: Option<Selector>,
    },
    /// "Each opponent chooses a permanent they control of each permanent type and sacrifices
    /// the rest." (701.21a).
    KeepOneOfEachType {
        who: Selector,
    },
    /// "`who` reveals their hand. You choose a non`not_types` card …" (701.20a, 701.9b).
    RevealHandChooseDiscard {
        who: Selector,
        not_types: Vec<String>,
    },
    /// "This land becomes a 3/3 creature with vigilance and all creature types. It's still a
    /// land." (205.1b, 613.1d, 613.4b, 613.1f): for as long as it stays (611.2c).
    BecomesCreature {
        what: Selector,
        power: i32,
        toughness: i32,
        keywords: Vec<String>,
        all_creature_types: bool,
    },
    /// "… and gains 'Whenever Kellan deals combat damage to a player, …'" (613.1f, 611.2c):
    /// each selected permanent gains the card's `gained` triggered ability `ability` for as
    /// long as it stays (400.7); the host keeps which objects gained it.
    GainAbility {
        what: Selector,
        ability: u16,
    },
    /// "Copy it for each …" (707.10, Thousand-Year Storm): `n` copies of the spell `of` selects
    /// first (as it last existed, if it left the stack) are put on the stack by the host under
    /// this ability's controller, each with its targets chosen anew (707.10c).
    CopySpell {
        of: Selector,
        n: Amount,
    },
}

/// Operations of one ability's program at most.
pub const MAX_OPERATIONS: usize = 1 << 16;

/// Targets one ability declares at most, the counts of its declared targets added up (a
/// resolution keeps which of them are still legal in one 64-bit set, 608.2b).
pub const MAX_TARGETS: usize = 64;

/// The modes of a modal triggered ability (700.2a): a mode decision's options at most.
pub const MAX_MODES: usize = 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    Instant,
    Sorcery,
}

#[derive(Clone, PartialEq, Eq, Deserialize)]
pub struct Triggered {
    pub event: TriggerEvent,
    /// `This`, or `Each{filter}` relative to the controller ("a creature you control").
    pub subject: Selector,
    pub by_spell: bool,
    /// The intervening "if" (603.4), checked when it triggers (the program checks it again).
    pub condition: Option<Condition>,
    pub targets: Vec<TargetSpec>,
    pub program: Vec<Op>,
    /// The ability functions while its card is in its owner's graveyard, and only there
    /// (113.6k: "return this card from your graveyard …").
    #[serde(default)]
    pub from_graveyard: bool,
    /// A modal triggered ability's modes, "choose one —" (603.3c, 700.2a): the indices of its
    /// `Mode` abilities (its own targets and program are then empty); empty otherwise.
    #[serde(default)]
    pub modes: Vec<u16>,
    /// "This ability triggers only once each turn" (603.2h): the game keeps which abilities of
    /// which objects triggered this turn.
    #[serde(default)]
    pub once_each_turn: bool,
    /// Its program reads the amount its trigger event carried ("that many", "that much": the
    /// damage dealt, the life lost; 603.2, 608.2h): the game keeps it with the ability.
    #[serde(default)]
    pub carries_amount: bool,
    /// An ability an effect grants (`Op::GainAbility`, 613.1f): it triggers only for an
    /// object that gained it (the host's), never by the card being a permanent.
    #[serde(default)]
    pub gained: bool,
}

#[derive(Clone, PartialEq, Eq, Deserialize)]
pub struct Activated {
    pub cost: ActivationCost,
    pub timing: Timing,
    pub targets: Vec<TargetSpec>,
    pub program: Vec<Op>,
    /// "Activate only once" (602.5b): once per object (400.7).
    #[serde(default)]
    pub once: bool,
    /// It functions only while its card is in its owner's graveyard (113.6k: "Return this
    /// card from your graveyard to the battlefield tapped.").
    #[serde(default)]
    pub from_graveyard: bool,
}

/// An ability of a card.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ability {
    /// What an instant or sorcery does as it resolves.
    Spell {
        targets: Vec<TargetSpec>,
        program: Vec<Op>,
    },
    Triggered(Triggered),
    /// One mode of a modal triggered ability (603.3c, 700.2a): what it does when chosen, as
    /// the ability is put on the stack; never triggered by itself.
    Mode {
        targets: Vec<TargetSpec>,
        program: Vec<Op>,
    },
    /// A delayed triggered ability (603.7a): created by an effect (`Op::Delay`), never
    /// triggered by an event of its own; its targets are none (it refers to the object the
    /// effect named, 603.7c).
    Delayed {
        targets: Vec<TargetSpec>,
        program: Vec<Op>,
    },
    Activated(Activated),
    /// A mana ability (605): the game holding the mana pool resolves it. `produces`: one
    /// symbol, or two or more colours in WUBRG order for a choice among them (106.1a).
    Mana {
        produces: String,
        cost: ActivationCost,
        /// "Spend this mana only to cast an Angel spell." (106.6): the subtypes of the spells
        /// its mana may pay for, one of them (empty: any payment).
        #[serde(default)]
        spend_only_on: Vec<String>,
        /// "Spend this mana only to cast a creature spell of the chosen type" (106.6): only
        /// for a creature spell of the creature type its card chose (`ChooseACreatureType`).
        #[serde(default)]
        spend_only_on_chosen: bool,
    },
    /// "~ enters with n counters" (614.1c).
    EntersWithCounters {
        counter: String,
        n: Amount,
    },
    /// "This creature enters with n counters on it if you cast it" (614.1c): only the
    /// permanent a resolving spell becomes gets them (not one put onto the battlefield);
    /// `kicked`: only if that spell was kicked (702.33d).
    EntersWithCountersIfCast {
        counter: String,
        n: Amount,
        #[serde(default)]
        kicked: bool,
    },
    /// "This spell costs {1} less to cast for each instant and sorcery card in your
    /// graveyard" (601.2f): its generic mana, less one per card of those `types` in its
    /// caster's graveyard as it is cast.
    CostsLessPerGraveyardCard {
        types: Vec<String>,
    },
    /// "This permanent enters tapped." (614.1d).
    EntersTapped,
    /// "Flash" (702.8a): it may be cast any time its controller could cast an instant.
    Flash,
    /// "A deck can have any number of cards named ~." (an exception to 100.2a).
    AnyNumberInDeck,
    /// "Flashback [cost]" (702.34a): it may be cast from its owner's graveyard for this mana
    /// cost, or by sacrificing permanents, rather than its mana cost (118.9); exiled as it
    /// leaves the stack.
    Flashback {
        cost: Option<ManaCost>,
        #[serde(default)]
        sacrifice: Option<SacrificeCost>,
    },
    /// "Kicker [cost]" (702.33a): an optional additional cost; `kicked_cost` is the mana cost
    /// and the kicker cost together (601.2f), what a kicked spell costs.
    Kicker {
        cost: ManaCost,
        kicked_cost: ManaCost,
        /// "If this spell was kicked, instead …": the card's `Mode` ability the kicked spell
        /// is, its targets and program instead of its `Spell`'s (702.33d).
        #[serde(default)]
        spell: Option<u16>,
    },
    /// "Madness [cost]" (702.35a): discarded, it goes to exile, and its owner may cast it for
    /// this cost (an alternative cost, 118.9) as the madness trigger resolves.
    Madness {
        cost: ManaCost,
    },
    /// "Plot [cost]" (702.170a): its owner may pay this cost and exile it from their hand (a
    /// special action, 116.2k, as a sorcery), then cast it from exile on a later turn without
    /// paying its mana cost, as a sorcery (702.170d).
    Plot {
        cost: ManaCost,
    },
    /// "As an additional cost to cast this spell, discard a card." (601.2f–h, 701.9a).
    AdditionalCost {
        discard: u32,
    },
    /// "You may sacrifice N ... rather than pay this spell's mana cost." (118.9, 601.2b).
    AlternativeCost {
        sacrifice: SacrificeCost,
    },
    /// A static replacement / "can't" effect, made live in the kernel (CR 614) while the
    /// source is on the battlefield: the kernel's effect name, clauses, counter kind, amount.
    Replacement {
        effect: String,
        affects: Vec<String>,
        counter: Option<String>,
        amount: Option<u64>,
        #[serde(default)]
        sources: Vec<String>,
    },
    /// A characteristic-changing static ability.
    Static {
        /// The kernel's continuous-effect filter texts for the ability's filters (the
        /// compiled form's `affected`, which the runtime doesn't read).
        affects: Vec<String>,
        power: i32,
        toughness: i32,
        /// Keyword name -> value (toxic's N; 1 for the others), in name order.
        gains: BTreeMap<String, u64>,
        loses: Vec<String>,
        /// Subtypes they have in addition to their other types (613.1d).
        #[serde(default)]
        is_also: Vec<String>,
    },
    /// Berserk: a static cost modifier (104.3) while the source is in play: cards in hand or in
    /// play of these subtypes and types, controlled by `controller` (relative to the source's
    /// controller as it enters; none: anyone), cost `amount` more.
    CostModifier {
        amount: i32,
        subtypes: Vec<String>,
        types: Vec<String>,
        controller: Option<Rel>,
    },
    /// Berserk: the permanents the kernel filter texts `affects` name have the game's keyword.
    HaveKeyword {
        keyword: String,
        affects: Vec<String>,
    },
    /// "{T}: Add {G} for each Elf you control." (Elvish Archdruid): the card's mana ability,
    /// of one colour, adds its mana once for each permanent its controller controls that
    /// matches `filter`.
    ManaForEach {
        filter: Filter,
    },
    /// An Aura's or Equipment's static ability (303.4, 301.5): "Equipped creature gets
    /// +N/+M and has …" — the permanent it is attached to, while it is (613.4c, 613.1f);
    /// `per`: that much for each permanent its controller controls matching the filter;
    /// `your_turn`: only during its controller's turn. The host that keeps the link applies it.
    Attached {
        power: i32,
        toughness: i32,
        /// Keyword name -> value, in name order.
        gains: BTreeMap<String, u64>,
        #[serde(default)]
        per: Option<Filter>,
        #[serde(default)]
        your_turn: bool,
    },
    /// "Enchant creature" (702.5a): an Aura spell has one target, what its filter allows
    /// (303.4a), and enters attached to it; attached to anything else, it goes to the
    /// graveyard (704.5m).
    Enchant {
        targets: Vec<TargetSpec>,
    },
    /// "This spell costs {1} less to cast for each attacking creature you control" (601.2f):
    /// its generic mana, less one per attacking creature its caster controls as it is cast.
    CostsLessPerAttackingCreature,
    /// "This spell costs {3} less to cast if it targets a tapped creature" (601.2f, after its
    /// targets are chosen, 601.2c): its generic mana, less `n` if one of its targets is tapped.
    CostsLessIfTargetsTapped {
        n: u8,
    },
    /// "If this card is in your opening hand, you may begin the game with it on the
    /// battlefield." (103.6a): the game puts it there before the first turn.
    BeginOnBattlefield,
    /// "This spell costs {1} less to cast for each Cat you control" (affinity for Cats,
    /// 702.41a) / "… if you control a Wizard" (`each` false), 601.2f: its generic mana, less one
    /// per permanent of its caster's that `filter` matches (or one if any does).
    CostsLessForPermanents {
        filter: Filter,
        each: bool,
    },
    /// "Instant and sorcery spells you cast cost {1} less to cast." (601.2f): a static ability
    /// of a permanent; each such permanent its controller controls takes {1} off the generic
    /// mana of each spell of one of `types` that player casts.
    SpellsCostLess {
        types: Vec<String>,
    },
    /// "As an additional cost to cast this spell, sacrifice a creature." (601.2f–h, 701.21a):
    /// which permanents, the caster's choice as the cost is paid.
    AdditionalSacrifice {
        sacrifice: SacrificeCost,
        /// "… sacrifice a creature or pay {3}{B}": the mana the caster may pay instead, and
        /// the mana cost with it (601.2f: what the spell costs in all then).
        #[serde(default)]
        or_pay: Option<ManaCost>,
        #[serde(default)]
        or_paid_cost: Option<ManaCost>,
    },
    /// "This spell can't be countered." (101.2, 701.6a).
    CantBeCountered,
    /// A reflexive triggered ability (603.12): it triggers as `Op::Reflexive` resolves.
    Reflexive {
        targets: Vec<TargetSpec>,
        program: Vec<Op>,
    },
    /// "This spell costs {X} less to cast, where X is the total power of creatures you
    /// control" (601.2f, Ghalta): its generic mana, less the sum of the powers of its caster's
    /// creatures as it is cast (a negative power subtracts; never below zero).
    CostsLessByTotalPower,
    /// "You may pay {B} rather than pay this spell's mana cost if there are thirteen or more
    /// creatures on the battlefield." (118.9, 601.2b): `cost` instead of its mana cost, while
    /// at least `creatures_at_least` creatures, any player's, are on the battlefield.
    AlternativeManaCost {
        cost: ManaCost,
        creatures_at_least: u32,
    },
    /// "You may cast spells as though they had flash." (702.8a, 307.1): a static ability of a
    /// permanent; its controller may cast its spells any time it could cast an instant.
    SpellsHaveFlash,
    /// "You may cast spells from your hand without paying their mana costs." (118.9, 601.2b):
    /// a static ability of a permanent; its controller's spells cast from its hand cost no
    /// mana.
    SpellsFromHandFree,
    /// "You may play an additional land on each of your turns." (305.2): a static ability of a
    /// permanent; its controller may play one more land each of its turns per such permanent.
    AdditionalLand,
    /// "Its power and toughness are each equal to the number of …" (604.3, 613.4a: layer 7a):
    /// the objects `per` matches in its zone ("you": its controller; `place`'s count).
    PowerToughnessEqualToCount {
        per: Filter,
    },
    /// "You have no maximum hand size." (402.2): its controller discards nothing to a hand
    /// size in the cleanup step (514.1) while it is on the battlefield.
    NoMaximumHandSize,
    /// "This creature doesn't untap during your untap step." (502.3): the duels' untap step
    /// leaves it tapped.
    DoesntUntap,
    /// An Aura's static ability that rewrites what the permanent it enchants is (303.4,
    /// 613.1; `Rewrite`). The host that keeps the link applies it.
    AttachedIs(Rewrite),
    /// "If an effect would create one or more tokens under your control, it creates twice that
    /// many of those tokens instead." (614.1a): a static ability of a permanent.
    TwiceAsManyTokens,
    /// "{T}: For each color among permanents you control, add one mana of that color." (Bloom
    /// Tender): the card's mana ability, of any colour, adds one mana of each colour among the
    /// permanents its controller controls that match `filter` (105.2).
    ManaOfEachColourAmong {
        filter: Filter,
    },
    /// "Each other Angel you control enters with an additional +1/+1 counter on it for each
    /// Angel you already control." (614.1c): a static ability of a permanent.
    OthersEnterWithCounters {
        what: Filter,
        counter: String,
        per: Filter,
    },
    /// "During each of your turns, you may play a land and cast a permanent spell of each
    /// permanent type from your graveyard." (Muldrotha, the Gravetide; 305.1, 601.2a): a static
    /// ability of a permanent; the duels keep which permanent types its controller used this
    /// turn.
    PlaysPermanentsFromGraveyard,
    /// "As this enters, choose a color." (614.12) and "+N/+M" to your creatures of that color.
    ChooseAColour {
        power: i32,
        toughness: i32,
    },
    /// "{T}: Add one mana of the chosen color." (its one mana ability, of any colour).
    ManaOfChosenColour,
    /// "You may cast this card from your graveyard by removing six counters from among
    /// creatures you control in addition to paying its other costs." (Quilled Greatwurm;
    /// 601.2a, 601.2f–h): the card may be cast from its owner's graveyard, `n` counters removed
    /// from among its caster's creatures as the cost is paid.
    CastFromGraveyardRemovingCounters {
        n: u8,
    },
    /// "As this enters, choose a creature type." (614.12); with `counter`, "enters with a
    /// `counter` counter on it for each creature you control of the chosen type" (614.1c) and
    /// "+N/+M" to your creatures of that type for each such counter on it; without, "+N/+M".
    ChooseACreatureType {
        #[serde(default)]
        counter: Option<String>,
        power: i32,
        toughness: i32,
    },
    /// "This creature gets +1/+1 for each creature card in your graveyard." (613.4c): a
    /// creature's static ability, +N/+M for each card of those `types` in its controller's
    /// graveyard.
    GetsPerGraveyardCard {
        types: Vec<String>,
        power: i32,
        toughness: i32,
    },
}

/// A serde default: one.
fn one() -> u32 {
    1
}
