//! The replacement and "can't" effects the game holds (CR 614-616): what each does, its
//! filters and duration, as data. The rules that apply them are `crate::replacement`.

use crate::error::{overflow, refuse, Error, Reason, Result};
use crate::keywords::{card_type, Types};
use crate::kinds::Kind;

/// What an effect does to the event it applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// "That many plus N" counters (Hardened Scales, Winding Constrictor).
    CountersPlus(u64),
    /// "That many minus N" counters (Vizier of Remedies).
    CountersMinus(u64),
    /// "N times that many" counters (Doubling Season, Corpsejack Menace, Vorinclex).
    CountersTimes(u64),
    /// "Half that many, rounded down" (Vorinclex, for opponents).
    CountersHalf,
    /// Counters can't be put (Solemnity, Melira).
    CountersCant,
    /// Life can't be gained (Sulfuric Vortex).
    LifeGainCant,
    /// A life total can't change (Platinum Emperion).
    LifeChangeCant,
    /// Damage can't be prevented (615.12).
    PreventionCant,
    /// "It deals that much damage plus N instead" (Torbran, Thane of Red Fell).
    DamagePlus(u64),
    /// "It deals N times that damage instead" (Gratuitous Violence: double).
    DamageTimes(u64),
    /// "Prevent the next N damage" (what is left of N), or all damage (`None`) (615.1).
    Prevent(Option<u64>),
    /// "Prevent all but N of that damage" (615.1).
    PreventAllBut(u64),
    /// "The next N damage (all of the next damage if `None`) is dealt to `to` instead"
    /// (614.9); what is left of N.
    Redirect(Option<u64>),
    /// Damage can't be redirected.
    RedirectionCant,
    /// "It can't have more than N counters of that kind on it" (704.5r: the excess is removed
    /// by state-based actions; Rasputin Dreamweaver).
    CountersLimit(u64),
    /// "They enter tapped" (614.1d, 614.12: Authority of the Consuls' "Creatures your
    /// opponents control enter tapped"): a permanent it affects enters the battlefield tapped.
    EntersTapped,
    /// "If it would die, exile it instead" (614.1a: Fiery Annihilation's "If that creature would
    /// die this turn, exile it instead"): a permanent it affects that would be put into a
    /// graveyard from the battlefield is put into exile instead.
    ExileInsteadOfDying,
    /// "You can't lose the game" (104.3, Herald of Eternal Dawn): a player it affects doesn't
    /// lose by the state-based actions (704.5a, 704.5b, 704.5c).
    LosingCant,
    /// "You have hexproof" (702.11d, Crystal Barricade): a player it affects can't be the
    /// target of spells or abilities that player's opponents control.
    Hexproof,
    /// "Prevent all noncombat damage that would be dealt to other creatures you control"
    /// (615.1, Crystal Barricade): all noncombat damage that would be dealt to what it affects,
    /// its own source excepted ("other": not the permanent whose ability it is).
    PreventNoncombatOther,
}

pub const EFFECT_NAMES: [&str; 20] = [
    "counters_plus",
    "counters_minus",
    "counters_times",
    "counters_half",
    "counters_cant",
    "life_gain_cant",
    "life_change_cant",
    "prevention_cant",
    "damage_plus",
    "damage_times",
    "prevent",
    "prevent_all_but",
    "redirect",
    "redirection_cant",
    "counters_limit",
    "enters_tapped",
    "exile_instead_of_dying",
    "losing_cant",
    "hexproof",
    "prevent_noncombat_other",
];

/// The `affects` text for the effect's own source.
pub const THIS_PERMANENT: &str = "this permanent";

/// Largest amount an effect may carry ("plus N", "N times").
pub const MAX_EFFECT_AMOUNT: u64 = (1 << 31) - 1;

impl Effect {
    pub fn code(self) -> u8 {
        match self {
            Effect::CountersPlus(_) => 0,
            Effect::CountersMinus(_) => 1,
            Effect::CountersTimes(_) => 2,
            Effect::CountersHalf => 3,
            Effect::CountersCant => 4,
            Effect::LifeGainCant => 5,
            Effect::LifeChangeCant => 6,
            Effect::PreventionCant => 7,
            Effect::DamagePlus(_) => 8,
            Effect::DamageTimes(_) => 9,
            Effect::Prevent(_) => 10,
            Effect::PreventAllBut(_) => 11,
            Effect::Redirect(_) => 12,
            Effect::RedirectionCant => 13,
            Effect::CountersLimit(_) => 14,
            Effect::EntersTapped => 15,
            Effect::ExileInsteadOfDying => 16,
            Effect::LosingCant => 17,
            Effect::Hexproof => 18,
            Effect::PreventNoncombatOther => 19,
        }
    }

    pub fn name(self) -> &'static str {
        EFFECT_NAMES[self.code() as usize]
    }

    pub fn amount(self) -> Option<u64> {
        match self {
            Effect::CountersPlus(n)
            | Effect::CountersMinus(n)
            | Effect::CountersTimes(n)
            | Effect::DamagePlus(n)
            | Effect::DamageTimes(n)
            | Effect::PreventAllBut(n)
            | Effect::CountersLimit(n) => Some(n),
            Effect::Prevent(n) | Effect::Redirect(n) => n,
            _ => None,
        }
    }

    /// The effect of that code (or name) with that amount, checked.
    pub fn build(code: u8, amount: Option<u64>) -> Result<Effect> {
        let needs = Effect::takes_amount(code);
        let name = EFFECT_NAMES.get(code as usize).copied().unwrap_or("?");
        if Effect::may_take_amount(code) {
            // "The next N damage" or all of it.
            return match amount {
                Some(0) => refuse(
                    Reason::BelowMinimum,
                    format!("{name} needs an amount of at least 1, got 0"),
                ),
                _ if code == 10 => Ok(Effect::Prevent(amount)),
                _ => Ok(Effect::Redirect(amount)),
            };
        }
        let n = match (needs, amount) {
            (true, None) => return refuse(Reason::BadAmount, format!("{name} needs an amount")),
            (false, Some(_)) => {
                return refuse(Reason::BadAmount, format!("{name} takes no amount"))
            }
            (true, Some(n)) => {
                let least = if code == 2 || code == 9 { 2 } else { 1 };
                if n < least {
                    return refuse(
                        Reason::BelowMinimum,
                        format!("{name} needs an amount of at least {least}, got {n}"),
                    );
                }
                if n > MAX_EFFECT_AMOUNT {
                    return overflow(&format!("the amount of {name}"));
                }
                n
            }
            (false, None) => 0,
        };
        Ok(match code {
            0 => Effect::CountersPlus(n),
            1 => Effect::CountersMinus(n),
            2 => Effect::CountersTimes(n),
            3 => Effect::CountersHalf,
            4 => Effect::CountersCant,
            5 => Effect::LifeGainCant,
            6 => Effect::LifeChangeCant,
            7 => Effect::PreventionCant,
            8 => Effect::DamagePlus(n),
            9 => Effect::DamageTimes(n),
            11 => Effect::PreventAllBut(n),
            13 => Effect::RedirectionCant,
            14 => Effect::CountersLimit(n),
            15 => Effect::EntersTapped,
            16 => Effect::ExileInsteadOfDying,
            17 => Effect::LosingCant,
            18 => Effect::Hexproof,
            19 => Effect::PreventNoncombatOther,
            _ => {
                return refuse(
                    Reason::UnknownName,
                    format!("unknown replacement effect code {code}"),
                )
            }
        })
    }

    pub fn parse(name: &str, amount: Option<u64>) -> Result<Effect> {
        match EFFECT_NAMES.iter().position(|n| *n == name) {
            Some(code) => Effect::build(code as u8, amount),
            None => refuse(
                Reason::UnknownName,
                format!(
                    "unknown replacement effect {name:?}; valid effects: {}",
                    EFFECT_NAMES.join(", ")
                ),
            ),
        }
    }

    /// Whether it changes what putting counters does (614.1a).
    pub(crate) fn on_counters(self) -> bool {
        self.code() <= 4
    }

    /// Whether it changes how many counters are put (614.1a): "that many plus N", "minus N",
    /// "N times that many", "half that many" (616.1 orders those).
    pub fn modifies_counters(self) -> bool {
        self.code() <= 3
    }

    /// Whether the effect of that code may name a counter kind (`counter=`).
    pub fn takes_counter(code: u8) -> bool {
        code <= 4 || code == 14
    }

    /// Whether the effect of that code carries an amount.
    pub fn takes_amount(code: u8) -> bool {
        matches!(code, 0..=2 | 8 | 9 | 11 | 14)
    }

    /// Whether the effect of that code carries an amount or none ("the next N", or all).
    pub fn may_take_amount(code: u8) -> bool {
        matches!(code, 10 | 12)
    }

    /// Whether it applies to damage events (and so may have source filters).
    pub fn on_damage(self) -> bool {
        matches!(self.code(), 7..=13 | 19)
    }

    /// Whether its place may be chosen across the default groups (616.1): it changes how much
    /// damage is dealt, prevents damage or redirects it.
    pub fn orderable(self) -> bool {
        self.modifies_damage()
            || matches!(
                self,
                Effect::Prevent(_)
                    | Effect::PreventAllBut(_)
                    | Effect::Redirect(_)
                    | Effect::PreventNoncombatOther
            )
    }

    /// Whether it changes how much damage is dealt (614.1a; applied after redirection).
    pub(crate) fn modifies_damage(self) -> bool {
        matches!(self, Effect::DamagePlus(_) | Effect::DamageTimes(_))
    }

    /// Whether it is used up: "the next N damage" with nothing left of N.
    pub fn used_up(self) -> bool {
        matches!(self, Effect::Prevent(Some(0)) | Effect::Redirect(Some(0)))
    }
}

/// Which kinds of effects a list holds, a bit per `Effect::code`: derived from the game's list
/// (`Game::effect_kinds`), so that an event's pipeline skips the effects that can't apply to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct EffectKinds(u32);

impl EffectKinds {
    /// The effects on putting counters (`Effect::on_counters`).
    pub(crate) const COUNTERS: EffectKinds = EffectKinds::codes(0, 4);
    /// "Life can't be gained", "can't change" (`Game::life_may_change`).
    pub(crate) const LIFE: EffectKinds = EffectKinds::codes(5, 6);
    /// The effects on damage events (`Effect::on_damage`).
    pub(crate) const DAMAGE: EffectKinds =
        EffectKinds(EffectKinds::codes(7, 13).0 | EffectKinds::codes(19, 19).0);
    /// Counter limits (704.5r).
    pub(crate) const COUNTERS_LIMIT: EffectKinds = EffectKinds::codes(14, 14);
    /// "They enter tapped" (614.12).
    pub(crate) const ENTERS_TAPPED: EffectKinds = EffectKinds::codes(15, 15);
    /// "If it would die, exile it instead" (614.1a).
    pub(crate) const EXILE_INSTEAD_OF_DYING: EffectKinds = EffectKinds::codes(16, 16);
    /// "You can't lose the game" (104.3).
    pub(crate) const LOSING_CANT: EffectKinds = EffectKinds::codes(17, 17);
    /// "You have hexproof" (702.11d).
    pub(crate) const HEXPROOF: EffectKinds = EffectKinds::codes(18, 18);
    /// "Plus N" and "N times" (`Game::amplified_bound`).
    pub(crate) const AMPLIFYING: EffectKinds =
        EffectKinds(1 << 0 | 1 << 2 | EffectKinds::codes(8, 9).0);

    /// The codes `first..=last`.
    const fn codes(first: u8, last: u8) -> EffectKinds {
        EffectKinds(((1u64 << (last + 1)) - (1u64 << first)) as u32)
    }

    pub(crate) fn of(effects: &[ReplacementEffect]) -> EffectKinds {
        EffectKinds(effects.iter().fold(0, |k, r| k | 1 << r.effect.code()))
    }

    /// Whether some effect of these kinds is among them.
    #[inline]
    pub(crate) fn any(self, kinds: EffectKinds) -> bool {
        self.0 & kinds.0 != 0
    }

    pub(crate) fn union(self, other: EffectKinds) -> EffectKinds {
        EffectKinds(self.0 | other.0)
    }
}

/// Whose entities a clause names, relative to the effect's controller ("you").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Scope {
    Any = 0,
    You = 1,
    Opponents = 2,
}

impl Scope {
    /// Whether an entity of player `whose` is in scope, "you" being `you`.
    #[inline]
    pub fn includes(self, you: Option<u32>, whose: u32) -> bool {
        match self {
            Scope::Any => true,
            Scope::You => you == Some(whose),
            Scope::Opponents => you.is_some_and(|y| y != whose),
        }
    }
}

/// One part of what an effect affects: players, or permanents (of some types; no type: any).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clause {
    pub players: bool,
    pub types: Types,
    pub scope: Scope,
}

impl Clause {
    /// Parses "players", "you", "opponents", "permanents", "creatures", "artifacts you control",
    /// "permanents opponents control"... (the plural of a card type of the ruleset).
    pub fn parse(text: &str, allowed: Types) -> Result<Clause> {
        let (what, scope) = if let Some(w) = text.strip_suffix(" you control") {
            (w, Scope::You)
        } else if let Some(w) = text.strip_suffix(" opponents control") {
            (w, Scope::Opponents)
        } else {
            match text {
                "players" => return Ok(Clause::player(Scope::Any)),
                "you" => return Ok(Clause::player(Scope::You)),
                "opponents" => return Ok(Clause::player(Scope::Opponents)),
                _ => (text, Scope::Any),
            }
        };
        let types = if what == "permanents" {
            Types::default()
        } else {
            match what.strip_suffix('s').and_then(card_type) {
                Some(t) if allowed.contains(t) => t,
                _ => {
                    return refuse(
                        Reason::UnknownName,
                        format!(
                            "unknown filter {text:?}: expected players, you, opponents, or \
                         permanents or a plural card type (creatures, artifacts...), optionally \
                         followed by \"you control\" or \"opponents control\""
                        ),
                    )
                }
            }
        };
        Ok(Clause {
            players: false,
            types,
            scope,
        })
    }

    /// A source filter: `"sources"`, or a plural card type (`"creatures"`, `"instants"`,
    /// `"sorceries"`), optionally followed by " you control" or " opponents control".
    pub fn parse_source(text: &str, allowed: Types) -> Result<Clause> {
        let at = text
            .find(" you control")
            .or_else(|| text.find(" opponents control"));
        let (what, suffix) = match at {
            Some(at) => (&text[..at], &text[at..]),
            None => (text, ""),
        };
        let what = match what {
            "sources" => "permanents",
            "sorceries" => "sorcerys",
            "permanents" | "players" | "you" | "opponents" => "?",
            w => w,
        };
        let bad = || {
            Error::refused(
                Reason::UnknownName,
                format!(
                    "unknown source filter {text:?}: expected sources or a plural card type \
                 (creatures, instants, sorceries...), optionally followed by \"you control\" \
                 or \"opponents control\""
                ),
            )
        };
        let c = Clause::parse(&format!("{what}{suffix}"), allowed).map_err(|_| bad())?;
        if c.players {
            return Err(bad());
        }
        Ok(c)
    }

    /// The source filter as text (what `parse_source` reads).
    pub fn describe_source(&self) -> String {
        let what = match self.types.names().next() {
            Some("sorcery") => "sorceries".to_string(),
            Some(t) => format!("{t}s"),
            None => "sources".to_string(),
        };
        match self.scope {
            Scope::Any => what,
            Scope::You => format!("{what} you control"),
            Scope::Opponents => format!("{what} opponents control"),
        }
    }

    /// Whether a permanent (`e`, an object on the battlefield) matches this clause of
    /// permanents, "you" being `you`.
    #[inline]
    pub fn matches_object(&self, e: &super::Entity, you: Option<u32>) -> bool {
        !self.players
            && e.is_permanent()
            && (self.types.0 == 0 || e.types.intersects(self.types))
            && self.scope.includes(you, e.controller)
    }

    pub(crate) fn player(scope: Scope) -> Clause {
        Clause {
            players: true,
            types: Types::default(),
            scope,
        }
    }

    /// The clause as text (what `parse` reads).
    pub fn describe(&self) -> String {
        if self.players {
            return match self.scope {
                Scope::Any => "players",
                Scope::You => "you",
                Scope::Opponents => "opponents",
            }
            .to_string();
        }
        let what = match self.types.names().next() {
            Some(t) => format!("{t}s"),
            None => "permanents".to_string(),
        };
        match self.scope {
            Scope::Any => what,
            Scope::You => format!("{what} you control"),
            Scope::Opponents => format!("{what} opponents control"),
        }
    }
}

/// A replacement, prevention or "can't" effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplacementEffect {
    pub id: u32,
    pub effect: Effect,
    /// The permanent whose static ability it is: it ends when that leaves the battlefield, and
    /// "you" is that permanent's controller.
    pub source: Option<u32>,
    /// "You" when there is no source.
    pub controller: Option<u32>,
    pub affects: Vec<Clause>,
    /// Counter effects: only this kind (any if None).
    pub counter: Option<Kind>,
    /// Damage effects: the sources it applies to (objects in any zone, last known information
    /// included; none: every source).
    pub sources: Vec<Clause>,
    pub until_end_of_turn: bool,
    /// The one entity it affects, instead of `affects` (a prevention shield on it, damage to it
    /// redirected): it ends when that entity leaves its zone.
    pub target: Option<u32>,
    /// Damage effects: only damage from this object (any zone, last known information).
    pub by: Option<u32>,
    /// A redirection's new recipient (it ends when that leaves the battlefield).
    pub to: Option<u32>,
    /// Damage effects: only combat damage (510.2: "prevent all combat damage", Fog).
    pub combat: bool,
    /// 616.1: its place among the effects on a damage event was chosen across the default
    /// groups (`order_replacement_effects_across_groups`): it applies, in the list's order
    /// among such effects, before the default order of the others.
    pub ordered: bool,
    /// "You": `source`'s controller, or `controller`. Kept with the effect so the test of an
    /// event's effects reads no other entity; set as the effect is added or read back and when
    /// its source changes control (`Game::set_controller`); the effect ends when its source
    /// leaves the battlefield.
    pub(crate) you: Derived<Option<u32>>,
    /// `affects` as bits (`AffectsBits::of`), set as the effect is made.
    pub(crate) affects_bits: Derived<AffectsBits>,
}

/// An effect's `affects` clauses as bits, so that the test of an effect against an event's
/// entity is one AND: for each way the entity can stand to "you" (`Stance`), the bits of what
/// the clauses name: players (`PLAYERS`), permanents (`PERMANENTS`), or permanents of the
/// card types of the low 16 bits (`Types`). `AffectedEntity` holds an entity's bits.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct AffectsBits([u32; 3]);

/// How an affected entity stands to an effect's "you": there is no "you", the entity is
/// "you" or yours, or it is an opponent or an opponent's.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Stance {
    NoYou = 0,
    Yours = 1,
    Opponents = 2,
}

impl Stance {
    #[inline]
    fn of(you: Option<u32>, whose: u32) -> Stance {
        match you {
            None => Stance::NoYou,
            Some(y) if y == whose => Stance::Yours,
            Some(_) => Stance::Opponents,
        }
    }
}

impl AffectsBits {
    const PERMANENTS: u32 = 1 << 16;
    const PLAYERS: u32 = 1 << 17;

    pub(crate) fn of(clauses: &[Clause]) -> AffectsBits {
        let mut bits = [0; 3];
        for c in clauses {
            let what = if c.players {
                Self::PLAYERS
            } else if c.types.0 == 0 {
                Self::PERMANENTS
            } else {
                c.types.0 as u32
            };
            // A "you" and an entity's player standing that way to it.
            for (stance, you, whose) in [
                (Stance::NoYou, None, 0),
                (Stance::Yours, Some(0), 0),
                (Stance::Opponents, Some(0), 1),
            ] {
                if c.scope.includes(you, whose) {
                    bits[stance as usize] |= what;
                }
            }
        }
        AffectsBits(bits)
    }
}

/// What the effects' `affects` bits test of an entity an event would affect, read once per
/// event: its id, whose it is (a player's own, an object's controller's) and its bits
/// (`AffectsBits`: a player, or a permanent and its types; an object in another zone has
/// none).
#[derive(Clone, Copy, Debug)]
pub(crate) struct AffectedEntity {
    pub(crate) id: u32,
    whose: u32,
    bits: u32,
}

impl AffectedEntity {
    #[inline]
    pub(crate) fn of(id: u32, e: &super::Entity) -> AffectedEntity {
        let (whose, bits) = if e.is_player {
            (id, AffectsBits::PLAYERS)
        } else if e.is_permanent() {
            (e.controller, e.types.0 as u32 | AffectsBits::PERMANENTS)
        } else {
            (e.controller, 0)
        };
        AffectedEntity { id, whose, bits }
    }
}

/// A value computed from the rest of the state and kept beside it for speed: not part of the
/// state, so `==` ignores it (what it is computed from is compared) and nothing hashes or
/// writes it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Derived<T>(pub(crate) T);

impl<T> PartialEq for Derived<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for Derived<T> {}

impl ReplacementEffect {
    /// A "this turn" effect on one object (514.2: a prevention shield or a redirection), as the
    /// API makes it and version-2 bytes hold it.
    pub(crate) fn on_object(
        id: u32,
        effect: Effect,
        target: u32,
        by: Option<u32>,
        to: Option<u32>,
    ) -> ReplacementEffect {
        ReplacementEffect {
            id,
            effect,
            source: None,
            controller: None,
            affects: Vec::new(),
            counter: None,
            sources: Vec::new(),
            until_end_of_turn: true,
            target: Some(target),
            by,
            to,
            combat: false,
            ordered: false,
            you: Derived(None),
            affects_bits: Derived(AffectsBits::default()),
        }
    }

    /// Whether the effect affects entity `a` (a player, or a permanent), "you" being `you`.
    #[inline]
    pub(crate) fn affects(&self, a: AffectedEntity, you: Option<u32>) -> bool {
        if let Some(t) = self.target {
            return t == a.id;
        }
        self.affects_bits.0 .0[Stance::of(you, a.whose) as usize] & a.bits != 0
    }

    /// `affects` read from the clauses (what the bits are checked against).
    pub(crate) fn affects_as_written(&self, id: u32, e: &super::Entity, you: Option<u32>) -> bool {
        if let Some(t) = self.target {
            return t == id;
        }
        let whose = if e.is_player { id } else { e.controller };
        self.affects.iter().any(|c| {
            if e.is_player {
                c.players && c.scope.includes(you, whose)
            } else {
                c.matches_object(e, you)
            }
        })
    }

    /// Whether the effect ends when `id` leaves its zone: its source's static ability (611.3a),
    /// or the entity it affects or redirects to.
    pub(crate) fn ends_with(&self, id: u32) -> bool {
        self.source == Some(id) || self.target == Some(id) || self.to == Some(id)
    }
}
