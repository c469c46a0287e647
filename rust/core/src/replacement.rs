//! Replacement effects and "can't" effects (CR 614-616): kernel objects with ids, an optional
//! source, filters on the affected entity and on the event, and a duration. The counter store
//! and the life and damage pipelines consult them; each applies to an event at most once, in
//! the default order of docs/SEMANTICS.md §10 (616.1: creation order unless reordered).

use crate::error::{overflow, refuse, Error, Reason, Result};
use crate::game::Game;
use crate::hash::combine;
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
}

pub const EFFECT_NAMES: [&str; 15] = [
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
    fn on_counters(self) -> bool {
        self.code() <= 4
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
        matches!(self.code(), 7..=13)
    }

    /// Whether its place may be chosen across the default groups (616.1): it changes how much
    /// damage is dealt, or prevents damage.
    pub fn orderable(self) -> bool {
        self.modifies_damage() || matches!(self, Effect::Prevent(_) | Effect::PreventAllBut(_))
    }

    /// Whether it changes how much damage is dealt (614.1a; applied after redirection).
    fn modifies_damage(self) -> bool {
        matches!(self, Effect::DamagePlus(_) | Effect::DamageTimes(_))
    }

    /// Whether it is used up: "the next N damage" with nothing left of N.
    pub fn used_up(self) -> bool {
        matches!(self, Effect::Prevent(Some(0)) | Effect::Redirect(Some(0)))
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
    pub fn matches_object(&self, e: &crate::game::Entity, you: Option<u32>) -> bool {
        !self.players
            && e.is_permanent()
            && (self.types.0 == 0 || e.types.intersects(self.types))
            && self.scope.includes(you, e.controller)
    }

    fn player(scope: Scope) -> Clause {
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
}

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
        }
    }

    /// Whether the effect ends when `id` leaves its zone: its source's static ability (611.3a),
    /// or the entity it affects or redirects to.
    pub(crate) fn ends_with(&self, id: u32) -> bool {
        self.source == Some(id) || self.target == Some(id) || self.to == Some(id)
    }
}

impl Game {
    /// "You" for an effect: its source's controller, or its own.
    fn effect_controller(&self, r: &ReplacementEffect) -> Option<u32> {
        match r.source {
            Some(s) => Some(self.entities[s as usize].controller),
            None => r.controller,
        }
    }

    /// Whether the effect affects that entity (a player, or a permanent).
    pub(crate) fn affects(&self, r: &ReplacementEffect, id: u32) -> bool {
        if let Some(t) = r.target {
            return t == id;
        }
        let e = &self.entities[id as usize];
        let you = self.effect_controller(r);
        let whose = if e.is_player { id } else { e.controller };
        r.affects.iter().any(|c| {
            if e.is_player {
                c.players && c.scope.includes(you, whose)
            } else {
                c.matches_object(e, you)
            }
        })
    }

    /// Whether the effect applies to damage from `source` (an object, in any zone), combat
    /// damage or not (an effect on combat damage only: "prevent all combat damage", Fog).
    pub(crate) fn applies_to_damage(
        &self,
        r: &ReplacementEffect,
        source: u32,
        combat: bool,
    ) -> bool {
        if r.by.is_some_and(|b| b != source) || r.combat && !combat {
            return false;
        }
        if r.sources.is_empty() {
            return true;
        }
        let e = &self.entities[source as usize];
        let you = self.effect_controller(r);
        r.sources.iter().any(|c| {
            (c.types.0 == 0 || e.types.intersects(c.types))
                && match c.scope {
                    Scope::Any => true,
                    Scope::You => you == Some(e.controller),
                    Scope::Opponents => you.is_some_and(|y| y != e.controller),
                }
        })
    }

    /// How much damage `source` deals to `recipient` when it would deal `d` (614.1a): every
    /// damage effect that applies, each once, in order (616.1).
    pub(crate) fn damage_to_deal(
        &self,
        source: u32,
        recipient: u32,
        mut d: u64,
        combat: bool,
    ) -> u64 {
        for r in &self.replacements {
            if d == 0 {
                break; // all of it prevented: no damage is dealt (120.8)
            }
            if !r.effect.modifies_damage()
                || r.ordered
                || !self.affects(r, recipient)
                || !self.applies_to_damage(r, source, combat)
            {
                continue;
            }
            d = match r.effect {
                Effect::DamagePlus(k) => d.saturating_add(k),
                Effect::DamageTimes(k) => d.saturating_mul(k),
                _ => d,
            };
        }
        d
    }

    /// How many counters are put when `n` of `kind` would be put on `id` (614.1a): every
    /// counter effect that applies, each once, in order (616.1); 0 means none.
    pub(crate) fn counters_to_put(&self, id: u32, kind: Kind, mut n: u64) -> u64 {
        for r in &self.replacements {
            if n == 0 {
                break;
            }
            if !r.effect.on_counters()
                || r.counter.is_some_and(|k| k != kind)
                || !self.affects(r, id)
            {
                continue;
            }
            n = match r.effect {
                Effect::CountersPlus(k) => n.saturating_add(k),
                Effect::CountersMinus(k) => n.saturating_sub(k),
                Effect::CountersTimes(k) => n.saturating_mul(k),
                Effect::CountersHalf => n / 2,
                _ => 0,
            };
        }
        n
    }

    /// Whether a "can't" effect keeps counters of `kind` off `id` (Solemnity, Melira).
    pub(crate) fn counters_forbidden(&self, id: u32, kind: Kind) -> bool {
        self.replacements.iter().any(|r| {
            r.effect == Effect::CountersCant
                && r.counter.is_none_or(|k| k == kind)
                && self.affects(r, id)
        })
    }

    /// An upper bound of what the effects can make of `total` counters or damage put by
    /// `events` events (each "plus N" once per counter kind and event, every "times N" on all).
    pub(crate) fn amplified_bound(&self, total: u128, events: usize) -> u128 {
        let mut times: u128 = 1;
        let mut plus: u128 = 0;
        for r in &self.replacements {
            match r.effect {
                Effect::CountersTimes(k) | Effect::DamageTimes(k) => {
                    times = times.saturating_mul(k as u128)
                }
                Effect::CountersPlus(k) | Effect::DamagePlus(k) => {
                    plus = plus.saturating_add(k as u128)
                }
                _ => {}
            }
        }
        // Damage, then its counters (poison and toxic, or -1/-1): each effect can act on both.
        let per_event = plus.saturating_mul(4).saturating_mul(times);
        total
            .saturating_mul(times)
            .saturating_mul(times)
            .saturating_add(per_event.saturating_mul(events as u128 + 1))
    }

    /// Whether player `p`'s life may change that way now (Sulfuric Vortex, Platinum Emperion).
    pub(crate) fn life_may_change(&self, p: u32, gain: bool) -> bool {
        !self.replacements.iter().any(|r| {
            (r.effect == Effect::LifeChangeCant || gain && r.effect == Effect::LifeGainCant)
                && self.affects(r, p)
        })
    }

    /// Whether damage from `source` to `recipient` can be prevented now (615.12).
    pub(crate) fn prevention_allowed(&self, source: u32, recipient: u32, combat: bool) -> bool {
        !self.replacements.iter().any(|r| {
            r.effect == Effect::PreventionCant
                && self.affects(r, recipient)
                && self.applies_to_damage(r, source, combat)
        })
    }

    /// Whether damage from `source` to `recipient` can be redirected now.
    pub(crate) fn redirection_allowed(&self, source: u32, recipient: u32, combat: bool) -> bool {
        !self.replacements.iter().any(|r| {
            r.effect == Effect::RedirectionCant
                && self.affects(r, recipient)
                && self.applies_to_damage(r, source, combat)
        })
    }

    /// Adds an effect made by the kernel's own calls (a prevention shield, a redirection);
    /// returns its id.
    pub(crate) fn push_effect(
        &mut self,
        effect: Effect,
        target: u32,
        by: Option<u32>,
        to: Option<u32>,
    ) -> Result<u32> {
        let id = self.next_effect_id;
        if id == u32::MAX {
            return overflow("the effect ids");
        }
        self.next_effect_id += 1;
        self.replacements
            .push(ReplacementEffect::on_object(id, effect, target, by, to));
        self.effects_changed();
        Ok(id)
    }

    /// Adds an effect (docs/SEMANTICS.md §10); returns its id. `affects` are clause texts.
    #[allow(clippy::too_many_arguments)]
    pub fn add_replacement_effect(
        &mut self,
        effect: &str,
        affects: &[String],
        sources: &[String],
        source: Option<u32>,
        controller: Option<u32>,
        counter: Option<&str>,
        amount: Option<u64>,
        combat: bool,
        until_end_of_turn: bool,
    ) -> Result<u32> {
        // The ids (source, controller), then the rules.
        if let Some(s) = source {
            self.live_object(s)?;
        }
        if let Some(p) = controller {
            self.player(p)?;
        }
        let effect = Effect::parse(effect, amount)?;
        if let Effect::Redirect(_) = effect {
            return refuse(
                Reason::Incompatible,
                "a redirection names where the damage goes: use redirect_damage",
            );
        }
        if let Some(s) = source {
            let e = &self.entities[s as usize];
            if e.zone != crate::zones::Zone::Battlefield {
                return refuse(
                    Reason::NotOnBattlefield,
                    format!(
                        "an effect's source must be on the battlefield; {s} is in the {}",
                        e.zone.as_str()
                    ),
                );
            }
        }
        if source.is_some() && controller.is_some() {
            return refuse(
                Reason::Incompatible,
                "give at most one of source= and controller= (the source's controller is \"you\")",
            );
        }
        if affects.is_empty() {
            return refuse(
                Reason::Incompatible,
                "an effect must affect something: give affects=",
            );
        }
        let allowed = self.ruleset.types();
        // "This permanent": the effect's own source (Rasputin "can't have more than seven dream
        // counters on it").
        let itself = affects.iter().any(|a| a == THIS_PERMANENT);
        if itself && (affects.len() != 1 || source.is_none()) {
            return refuse(
                Reason::Incompatible,
                "\"this permanent\" is the effect's source: give it alone, with source=",
            );
        }
        let clauses = if itself {
            Vec::new()
        } else {
            affects
                .iter()
                .map(|a| Clause::parse(a, allowed))
                .collect::<Result<Vec<_>>>()?
        };
        if !sources.is_empty() && !effect.on_damage() {
            return refuse(
                Reason::Incompatible,
                format!(
                    "{} applies to no damage: sources= is for damage effects",
                    effect.name()
                ),
            );
        }
        let source_clauses = sources
            .iter()
            .map(|t| Clause::parse_source(t, allowed))
            .collect::<Result<Vec<_>>>()?;
        if combat && !effect.on_damage() {
            return refuse(
                Reason::Incompatible,
                format!(
                    "{} applies to no damage: combat= is for damage effects",
                    effect.name()
                ),
            );
        }
        if source.is_none()
            && controller.is_none()
            && clauses
                .iter()
                .chain(&source_clauses)
                .any(|c| c.scope != Scope::Any)
        {
            return refuse(
                Reason::Incompatible,
                "\"you\" and \"opponents\" need a source= or a controller=",
            );
        }
        if counter.is_some() && !Effect::takes_counter(effect.code()) {
            return refuse(
                Reason::Incompatible,
                format!(
                    "{} applies to no counters: counter= is for counter effects",
                    effect.name()
                ),
            );
        }
        if counter.is_none() && matches!(effect, Effect::CountersLimit(_)) {
            return refuse(
                Reason::Incompatible,
                "counters_limit needs the counter= kind it limits",
            );
        }
        let counter = match counter {
            None => None,
            Some(name) => Some(self.intern_kind(name)?),
        };
        let id = self.next_effect_id;
        if id == u32::MAX {
            return overflow("the effect ids");
        }
        self.next_effect_id += 1;
        self.replacements.push(ReplacementEffect {
            id,
            effect,
            source,
            controller,
            affects: clauses,
            counter,
            sources: source_clauses,
            until_end_of_turn,
            target: if itself { source } else { None },
            by: None,
            to: None,
            combat,
            ordered: false,
        });
        self.effects_changed();
        Ok(id)
    }

    /// Ends an effect (`UnknownId` if there is none with that id).
    pub fn remove_replacement_effect(&mut self, id: u32) -> Result<()> {
        let Some(at) = self.replacements.iter().position(|r| r.id == id) else {
            return Err(Error::UnknownId(id as i128));
        };
        self.replacements.remove(at);
        self.effects_changed();
        Ok(())
    }

    /// The effects in their order.
    pub fn replacement_effects(&self) -> &[ReplacementEffect] {
        &self.replacements
    }

    /// 616.1: the affected player chooses the order; `ids` come first, in that order, the
    /// others after them as they were. Every id must exist, once. This orders the effects
    /// within each default group (docs/SEMANTICS.md §10).
    pub fn order_replacement_effects(&mut self, ids: &[u32]) -> Result<()> {
        self.check_order(ids)?;
        self.move_to_front(ids);
        Ok(())
    }

    /// 616.1 across the default groups: the effects `ids` ("that much plus N", "N times that
    /// damage", prevention) come first, in that order, and on a damage event they apply in
    /// that order before the default order of the others (a shield counter still last); this
    /// choice replaces the previous one. Every id must exist, once, and be of those kinds.
    pub fn order_replacement_effects_across_groups(&mut self, ids: &[u32]) -> Result<()> {
        self.check_order(ids)?;
        for &id in ids {
            let r = self
                .replacements
                .iter()
                .find(|r| r.id == id)
                .expect("checked");
            if !r.effect.orderable() {
                return refuse(
                    Reason::Incompatible,
                    format!(
                        "replacement effect {id} is {}: only damage_plus, damage_times, prevent \
                         and prevent_all_but are ordered across groups (616.1)",
                        r.effect.name()
                    ),
                );
            }
        }
        for r in &mut self.replacements {
            r.ordered = ids.contains(&r.id);
        }
        // Reorders and renews the effects' hash.
        self.move_to_front(ids);
        Ok(())
    }

    /// Every id an effect's, once.
    fn check_order(&self, ids: &[u32]) -> Result<()> {
        for (i, &id) in ids.iter().enumerate() {
            if !self.replacements.iter().any(|r| r.id == id) {
                return Err(Error::UnknownId(id as i128));
            }
            if ids[..i].contains(&id) {
                return refuse(
                    Reason::Duplicate,
                    format!("replacement effect {id} is given twice"),
                );
            }
        }
        Ok(())
    }

    fn move_to_front(&mut self, ids: &[u32]) {
        let mut ordered: Vec<ReplacementEffect> = ids
            .iter()
            .map(|id| {
                self.replacements
                    .iter()
                    .find(|r| r.id == *id)
                    .expect("checked")
                    .clone()
            })
            .collect();
        ordered.extend(
            self.replacements
                .iter()
                .filter(|r| !ids.contains(&r.id))
                .cloned(),
        );
        self.replacements = ordered;
        self.effects_changed();
    }

    /// The effects' part of the effects hash.
    pub(crate) fn replacement_hash(&self, mut h: u64) -> u64 {
        h = combine(h, 5);
        h = combine(h, self.next_effect_id as u64);
        for r in &self.replacements {
            h = combine(h, r.id as u64 | (r.effect.code() as u64) << 32);
            h = combine(h, r.effect.amount().unwrap_or(0));
            h = combine(h, r.source.map_or(u64::MAX, |s| s as u64));
            h = combine(h, r.controller.map_or(u64::MAX, |s| s as u64));
            h = combine(h, r.counter.map_or(u64::MAX, |k| self.kinds.name_hash(k)));
            h = combine(
                h,
                r.until_end_of_turn as u64 | (r.combat as u64) << 1 | (r.ordered as u64) << 2,
            );
            h = combine(h, r.target.map_or(u64::MAX, |s| s as u64));
            h = combine(h, r.by.map_or(u64::MAX, |s| s as u64));
            h = combine(h, r.to.map_or(u64::MAX, |s| s as u64));
            for c in &r.affects {
                h = combine(
                    h,
                    c.players as u64 | (c.types.0 as u64) << 8 | (c.scope as u64) << 24,
                );
            }
            for c in &r.sources {
                h = combine(
                    h,
                    1 << 40 | (c.types.0 as u64) << 8 | (c.scope as u64) << 24,
                );
            }
        }
        h
    }
}
