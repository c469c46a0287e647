//! Resolving a compiled program on the kernel, resumably (608.2).
//!
//! A [`Resolution`] is a program counter over the flat program of one ability, a flag (set by
//! `may`, `may_pay_energy`, `test`, read by `jump_unless`) and the amount of {E} paid. `run`
//! executes until the program ends ([`Step::Done`]) or a choice is needed
//! ([`Step::Choice`]); the caller answers with [`Resolution::answer`] and runs again.

use crate::db::CardDb;
use crate::error::{invalid, Error, Result};
use crate::model::{Ability, CardId, Op, TargetSpec, MAX_TARGETS};
use crate::protection::Quality;
use crate::targets::legal_target_in;
use cardstate_core::kinds::KindRef;
use cardstate_core::Game;
use cardstate_core::ProliferateChoice;
use smallvec::SmallVec;

mod choices;
mod ctx;
mod drive;
mod helpers;
mod history;
mod host;
mod ops;
mod select;

pub use choices::{Choice, ChoiceRequest, MAX_ORDER};
pub use ctx::{Ctx, Targets};
pub use drive::{pay_costs, resolve_fixed, resolve_with, top_of_library};
pub(crate) use helpers::{grant, prevent_damage};
pub use history::TurnHistory;
pub use host::{zone_cards, Host, KernelHost};

/// The declared targets and the program of an ability with one (spell, triggered, activated,
/// a mode of a modal trigger).
pub fn program_of(db: &CardDb, card: CardId, ability: u16) -> Result<(&[TargetSpec], &[Op])> {
    let def = db
        .get(card)
        .ok_or_else(|| Error::Invalid(format!("unknown card id {}", card.0)))?;
    match def.abilities.get(ability as usize) {
        Some(
            Ability::Spell { targets, program }
            | Ability::Mode { targets, program }
            | Ability::Delayed { targets, program }
            | Ability::Reflexive { targets, program },
        ) => Ok((targets, program)),
        Some(Ability::Triggered(t)) => Ok((&t.targets, &t.program)),
        Some(Ability::Activated(a)) => Ok((&a.targets, &a.program)),
        Some(_) => invalid(format!(
            "ability {ability} of {:?} has no effect to resolve (a mana or static ability)",
            def.name
        )),
        None => invalid(format!(
            "{:?} has {} abilities, not {}",
            def.name,
            def.abilities.len(),
            ability as usize + 1
        )),
    }
}

/// The exceptions of a token copy ("… except it has haste and 'At the beginning of the end
/// step, sacrifice this token.'", 707.9b): haste until end of turn, and the card's delayed
/// ability that sacrifices it (603.7a).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TokenCopyExceptions {
    pub(crate) haste: bool,
    pub(crate) sacrificed_at_end_step: Option<u16>,
}

/// How a resolution ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// 608.2b: every target was illegal, so it did nothing.
    pub fizzled: bool,
    /// Players (bit per id) who had to draw from an empty library (704.5b is the game's).
    pub empty_draws: u64,
    /// The controller proliferated (for "whenever you proliferate").
    pub proliferated: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Done(Outcome),
    Choice(ChoiceRequest),
}

/// One resolution of one ability; see the module documentation. Equal and hashed by where it
/// stands (its reused buffer left out).
#[derive(Clone, Debug)]
pub struct Resolution {
    pub ctx: Ctx,
    pc: u32,
    flag: bool,
    that_much: u64,
    /// The life lost by this resolution's `lose_life` operations so far ("the life lost this
    /// way", 119.3).
    life_lost: u64,
    /// The cards discarded by this resolution's `discard` operations so far ("If you do",
    /// 608.2c).
    cards_discarded: u64,
    /// The permanents sacrificed by this resolution's `sacrifice` operations so far ("If you
    /// do", 608.2c).
    permanents_sacrificed: u64,
    excess_damage: u64, // 120.10, by this resolution's `deal_damage` operations so far
    started: bool,
    done: bool,
    /// Bit i: target entry i is still legal (608.2b).
    legal: u64,
    pending: Option<ChoiceRequest>,
    answer: Option<Choice>,
    outcome: Outcome,
    /// Python callbacks are answered by the caller (otherwise a Python effect is an error).
    pub callbacks: bool,
    /// `resolve_fixed`'s proliferate answer (true: every candidate), applied without a request.
    fixed_proliferate: Option<bool>,
    scratch: SmallVec<[u32; 8]>,
    /// 616.1: the order of the replacement effects of a counter or damage event is asked
    /// ([`ChoiceRequest::Order`]); without it the kernel's order applies (docs/CARDS.md).
    pub order_effects: bool,
    /// The entity of the current operation (put counters, deal damage) whose event is next:
    /// an order choice stops there, and the operation goes on from there.
    at: u32,
    /// The amount and the damage source of the current operation, as they were when the
    /// operation began.
    op_n: u64,
    op_src: u32,
    /// The order for the event of entity `at` was chosen (applied in the kernel); a damage
    /// order marks the effects (`order_replacement_effects_across_groups`).
    ordered: Option<bool>,
}

impl Resolution {
    /// Everything but the reused buffer, the life lost and the cards discarded (compared by
    /// `eq`; each hashed only when there is some, so a resolution that has none hashes as it did
    /// before there were such registers: a duel's pinned state hashes stay).
    #[allow(clippy::type_complexity)]
    fn standing(
        &self,
    ) -> (
        &Ctx,
        (u32, bool, u64, bool, bool, u64),
        (&Option<ChoiceRequest>, &Option<Choice>, &Outcome, bool),
        (Option<bool>, bool, u32, u64, u32, Option<bool>),
    ) {
        (
            &self.ctx,
            (
                self.pc,
                self.flag,
                self.that_much,
                self.started,
                self.done,
                self.legal,
            ),
            (&self.pending, &self.answer, &self.outcome, self.callbacks),
            (
                self.fixed_proliferate,
                self.order_effects,
                self.at,
                self.op_n,
                self.op_src,
                self.ordered,
            ),
        )
    }
}

impl PartialEq for Resolution {
    fn eq(&self, other: &Resolution) -> bool {
        self.standing() == other.standing()
            && self.life_lost == other.life_lost
            && self.cards_discarded == other.cards_discarded
            && self.permanents_sacrificed == other.permanents_sacrificed
            && self.excess_damage == other.excess_damage
    }
}

impl Eq for Resolution {}

impl std::hash::Hash for Resolution {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.standing().hash(h);
        if self.life_lost != 0 {
            self.life_lost.hash(h);
        }
        if self.cards_discarded != 0 {
            self.cards_discarded.hash(h);
        }
        if self.permanents_sacrificed != 0 {
            (1u8, self.permanents_sacrificed).hash(h);
        }
        if self.excess_damage != 0 {
            (2u8, self.excess_damage).hash(h);
        }
    }
}

impl Resolution {
    /// A resolution of `ctx`'s ability; checks the number of targets against its declaration.
    pub fn new(db: &CardDb, ctx: Ctx) -> Result<Resolution> {
        let (specs, _) = program_of(db, ctx.card, ctx.ability)?;
        let name = &db.card(ctx.card).name;
        check_target_count(specs, ctx.targets.len(), name)?;
        for (i, t) in specs.iter().enumerate() {
            let (at, n) = target_span(specs, ctx.targets.len(), i);
            let chosen = &ctx.targets[at..at + n];
            for (k, a) in chosen.iter().enumerate() {
                if chosen[..k].contains(a) {
                    return invalid(format!(
                        "{a} is chosen twice for one target of {name:?} (115.3)"
                    ));
                }
                if t.distinct && ctx.targets[..at].contains(a) {
                    return invalid(format!(
                        "{name:?}: {a}, chosen for an earlier target, is chosen for one of its \
                         other targets (115.3)"
                    ));
                }
            }
        }
        Ok(Resolution {
            pc: 0,
            flag: false,
            that_much: ctx.that_much,
            ctx,
            life_lost: 0,
            cards_discarded: 0,
            permanents_sacrificed: 0,
            excess_damage: 0,
            started: false,
            done: false,
            legal: 0,
            pending: None,
            answer: None,
            outcome: Outcome::default(),
            callbacks: false,
            fixed_proliferate: None,
            scratch: SmallVec::new(),
            order_effects: false,
            at: 0,
            op_n: 0,
            op_src: 0,
            ordered: None,
        })
    }

    /// The choice waiting for an answer, if any.
    pub fn pending(&self) -> Option<&ChoiceRequest> {
        self.pending.as_ref()
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Answers the pending choice (checked against it; applied by the next `run`).
    pub fn answer(&mut self, choice: Choice) -> Result<()> {
        let ok = match (&self.pending, &choice) {
            (
                Some(
                    ChoiceRequest::May { .. }
                    | ChoiceRequest::Pay { .. }
                    | ChoiceRequest::TopOrBottom { .. }
                    | ChoiceRequest::ChoosePile { .. }
                    | ChoiceRequest::Unless { .. },
                ),
                Choice::May(_),
            ) => true,
            (Some(ChoiceRequest::Proliferate { candidates }), Choice::Proliferate(ids)) => {
                if let Some(bad) = not_a_candidate(candidates, ids.iter().copied()) {
                    return invalid(format!("{bad} is not a proliferate candidate"));
                }
                true
            }
            (Some(ChoiceRequest::Proliferate { candidates }), Choice::ProliferateKinds(pairs)) => {
                if let Some(bad) = not_a_candidate(candidates, pairs.iter().map(|(i, _)| *i)) {
                    return invalid(format!("{bad} is not a proliferate candidate"));
                }
                true
            }
            (Some(ChoiceRequest::Amount { min, max }), Choice::Amount(n)) => {
                if n < min || n > max {
                    return invalid(format!("the amount must be in {min}..={max}, got {n}"));
                }
                true
            }
            (Some(ChoiceRequest::Callback { .. }), Choice::Done) => true,
            (Some(ChoiceRequest::Order { effects, .. }), Choice::Order(ids)) => {
                for (i, id) in ids.iter().enumerate() {
                    if !effects.contains(id) {
                        return invalid(format!(
                            "{id} is not one of the replacement effects to order ({effects:?})"
                        ));
                    }
                    if ids[..i].contains(id) {
                        return invalid(format!("replacement effect {id} is given twice"));
                    }
                }
                true
            }
            (Some(ChoiceRequest::Discard { n, hand, .. }), Choice::Discard(slots)) => {
                if slots.len() != *n as usize {
                    return invalid(format!("{n} cards are discarded, not {}", slots.len()));
                }
                for (i, &s) in slots.iter().enumerate() {
                    if s as usize >= hand.len() {
                        return invalid(format!("no hand slot {s} of {}", hand.len()));
                    }
                    if slots[..i].contains(&s) {
                        return invalid(format!("hand slot {s} is given twice"));
                    }
                }
                true
            }
            (Some(ChoiceRequest::KeepOneOfEachType { groups, .. }), Choice::Keep(ids)) => {
                if ids.len() != groups.len() {
                    return invalid(format!(
                        "one permanent is kept of each of {} types, not {}",
                        groups.len(),
                        ids.len()
                    ));
                }
                if let Some((g, id)) = groups.iter().zip(ids).find(|(g, id)| !g.contains(id)) {
                    return invalid(format!("{id} is not one of the permanents {g:?}"));
                }
                true
            }
            (Some(ChoiceRequest::Sacrifice { n, candidates, .. }), Choice::Sacrifice(ids)) => {
                if ids.len() != *n as usize {
                    return invalid(format!("{n} permanents are sacrificed, not {}", ids.len()));
                }
                for (i, id) in ids.iter().enumerate() {
                    if !candidates.contains(id) {
                        return invalid(format!("{id} is not a permanent that can be sacrificed"));
                    }
                    if ids[..i].contains(id) {
                        return invalid(format!("permanent {id} is given twice"));
                    }
                }
                true
            }
            (
                Some(ChoiceRequest::Search {
                    cards, may_fail, ..
                }),
                Choice::Search(found),
            ) => {
                match found {
                    Some(c) if !cards.contains(c) => {
                        return invalid(format!("{c} is not a card the search can find"))
                    }
                    None if !may_fail => {
                        return invalid("a search for any card finds one (701.23b)")
                    }
                    _ => {}
                }
                true
            }
            (Some(ChoiceRequest::Surveil { cards, .. }), Choice::Surveil(positions))
            | (Some(ChoiceRequest::Scry { cards, .. }), Choice::Scry(positions))
            | (Some(ChoiceRequest::SeparatePiles { cards, .. }), Choice::Piles(positions)) => {
                for (i, &k) in positions.iter().enumerate() {
                    if k as usize >= cards.len() {
                        return invalid(format!("no card {k} of the {} looked at", cards.len()));
                    }
                    if positions[..i].contains(&k) {
                        return invalid(format!("card {k} is given twice"));
                    }
                }
                true
            }
            (None, _) => return invalid("no choice is pending"),
            _ => false,
        };
        if !ok {
            return invalid(format!(
                "{choice:?} doesn't answer {:?}",
                self.pending.as_ref().expect("pending")
            ));
        }
        self.answer = Some(choice);
        Ok(())
    }

    /// Runs until the end or the next choice, with the bare kernel as host.
    pub fn run(&mut self, game: &mut Game, db: &CardDb) -> Result<Step> {
        self.run_with(game, db, &mut KernelHost)
    }

    /// Runs until the end or the next choice; draws and tapping go to `host`.
    pub fn run_with<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
    ) -> Result<Step> {
        Ok(match self.advance(game, db, host)? {
            None => Step::Done(self.outcome),
            Some(req) => Step::Choice(req.clone()),
        })
    }

    /// Runs until the end (`None`) or the next choice (the pending request, borrowed: a
    /// caller that answers in Rust copies nothing).
    fn advance<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
    ) -> Result<Option<&ChoiceRequest>> {
        if self.done {
            return Ok(None);
        }
        let (specs, program) = program_of(db, self.ctx.card, self.ctx.ability)?;
        if !self.started {
            game.player(self.ctx.controller)?;
            db.check_game(self.ctx.card, game)?;
            self.started = true;
            self.legal = self.check_targets(game, db, host, specs);
            // 608.2b: if all its targets are illegal, it doesn't resolve.
            if !self.ctx.targets.is_empty() && self.legal == 0 {
                self.done = true;
                self.outcome.fizzled = true;
                return Ok(None);
            }
        }
        if let Some(req) = self.pending.take() {
            let Some(answer) = self.answer.take() else {
                return Ok(Some(self.pending.insert(req)));
            };
            if matches!(
                req,
                ChoiceRequest::Discard { .. }
                    | ChoiceRequest::Sacrifice { .. }
                    | ChoiceRequest::Search { .. }
                    | ChoiceRequest::Surveil { .. }
                    | ChoiceRequest::Scry { .. }
                    | ChoiceRequest::Pay { .. }
                    | ChoiceRequest::TopOrBottom { .. }
                    | ChoiceRequest::SeparatePiles { .. }
                    | ChoiceRequest::ChoosePile { .. }
                    | ChoiceRequest::Unless { .. }
                    | ChoiceRequest::KeepOneOfEachType { .. }
            ) {
                // The operation discards the chosen cards through the host as it goes on.
                self.answer = Some(answer);
            } else {
                if let Err(e) = self.apply_answer(game, &req, &answer) {
                    self.pending = Some(req);
                    return Err(e);
                }
                // An order is chosen before the event: the operation goes on (at `at`).
                if !matches!(req, ChoiceRequest::Order { .. }) {
                    self.pc += 1;
                }
            }
        }
        while (self.pc as usize) < program.len() {
            let op = &program[self.pc as usize];
            if let Some(req) = self.exec(game, db, host, specs, op)? {
                return Ok(Some(self.pending.insert(req)));
            }
        }
        self.done = true;
        Ok(None)
    }

    fn apply_answer(
        &mut self,
        game: &mut Game,
        req: &ChoiceRequest,
        answer: &Choice,
    ) -> Result<()> {
        let me = self.ctx.controller;
        match answer {
            Choice::May(yes) => {
                if let ChoiceRequest::May { pay_energy } = req {
                    if *yes && *pay_energy > 0 {
                        game.pay_energy(me, *pay_energy)?;
                    }
                }
                self.flag = *yes;
            }
            // The kernel refuses a choice of the other form than its ruleset's.
            Choice::Proliferate(ids) => {
                game.proliferate_choice(me, ProliferateChoice::EveryKind(ids))?;
                self.outcome.proliferated = true;
            }
            Choice::ProliferateKinds(pairs) => {
                let pairs: SmallVec<[(u32, &str); 8]> =
                    pairs.iter().map(|(id, k)| (*id, k.as_str())).collect();
                game.proliferate_choice(me, ProliferateChoice::OneKind(&pairs))?;
                self.outcome.proliferated = true;
            }
            Choice::Amount(n) => {
                game.pay_energy(me, *n)?;
                self.that_much = *n;
            }
            // Discarded by the operation itself, through the host.
            Choice::Done
            | Choice::Discard(_)
            | Choice::Sacrifice(_)
            | Choice::Search(_)
            | Choice::Surveil(_)
            | Choice::Scry(_)
            | Choice::Piles(_)
            | Choice::Keep(_) => {}
            Choice::Order(ids) => {
                if let ChoiceRequest::Order {
                    effects, damage, ..
                } = req
                {
                    let mut order: SmallVec<[u32; MAX_ORDER]> = ids.iter().copied().collect();
                    order.extend(effects.iter().copied().filter(|e| !ids.contains(e)));
                    // The request's effects, each once: the kernel orders them (616.1).
                    if *damage {
                        game.order_replacement_effects_across_groups(&order)?;
                    } else {
                        game.order_replacement_effects(&order)?;
                    }
                    self.ordered = Some(*damage);
                }
            }
        }
        Ok(())
    }

    /// 616.1: the order choice due before the event of `id` (counters of a kind put on it,
    /// `Some(kind)`; damage from `source` dealt to it, `None`), if the order is asked, not yet
    /// chosen, and two or more effects would apply (the kernel's rule: `to_order_on_counters`,
    /// `to_order_on_damage`). A game with fewer than two effects is answered at once.
    fn order_due(
        &self,
        game: &Game,
        id: u32,
        counters: Option<KindRef<'_>>,
        source: u32,
    ) -> Option<ChoiceRequest> {
        // The cheap test first: most events have no order to ask.
        if !self.order_effects || self.ordered.is_some() || game.replacement_effects().len() < 2 {
            return None;
        }
        // A kind no effect names yet (not interned): only the effects on every kind apply.
        let counters = counters.map(|k| match k {
            KindRef::Kind(k) => Some(k),
            KindRef::Name(name) => game.kinds().lookup(name),
        });
        let mut effects = Vec::new();
        let mut applicable = 0;
        for r in game.replacement_effects() {
            let applies = match counters {
                Some(kind) => game.to_order_on_counters(r, id, kind),
                None => game.to_order_on_damage(r, source, id, false),
            };
            if applies {
                applicable += 1;
                if effects.len() < MAX_ORDER {
                    effects.push(r.id);
                }
            }
        }
        if applicable < 2 {
            return None;
        }
        let e = game.entity(id).ok()?;
        Some(ChoiceRequest::Order {
            player: if e.is_player { id } else { e.controller },
            entity: id,
            damage: counters.is_none(),
            effects,
        })
    }

    /// After the event: the order was for that event only (a damage order's marks are
    /// cleared, as after combat damage).
    fn order_applied(&mut self, game: &mut Game) {
        if self.ordered.take() == Some(true) {
            // Clearing the marks names no effect: it can't fail.
            let _ = game.order_replacement_effects_across_groups(&[]);
        }
    }

    /// Which target entries are legal now (115, 608.2b; 702.11b); one "attached to that
    /// creature" is attached to the first entity chosen (the host's attachments).
    /// A target with protection from the spell or the ability's source now, or hexproof from
    /// instants against an opponent's instant, isn't legal (702.16b, 702.11d).
    fn check_targets<H: Host + ?Sized>(
        &self,
        game: &Game,
        db: &CardDb,
        host: &H,
        specs: &[TargetSpec],
    ) -> u64 {
        let card = self.ctx.card;
        let colours = match self.ctx.source {
            Some(s) => host.colours(game, db, s),
            None => db.facts(card).colours,
        };
        let spell = db
            .card(card)
            .spell()
            .is_some_and(|(i, _, _)| i == self.ctx.ability as usize);
        let by = Quality::of(db, card, colours, spell);
        let mut legal = 0u64;
        for (i, t) in specs.iter().enumerate() {
            let (at, n) = target_span(specs, self.ctx.targets.len(), i);
            for k in at..at + n {
                let id = self.ctx.targets[k];
                let (source, me) = (self.ctx.source, self.ctx.controller);
                let attached = !t.attached_to_first_target
                    || host.attached_to(id) == self.ctx.targets.first().copied();
                if attached && legal_target_in(game, t, id, source, me, self.ctx.combat(), by) {
                    legal |= 1 << k;
                }
            }
        }
        legal
    }
}

/// Whether `given` chosen entities fit the declared targets (601.2c): at least what the
/// targets that aren't "up to N" need, at most what all of them take.
fn check_target_count(specs: &[TargetSpec], given: usize, name: &str) -> Result<()> {
    let total = |up_to: bool| -> usize {
        specs
            .iter()
            .filter(|t| t.up_to == up_to)
            .map(|t| t.count as usize)
            .sum()
    };
    let (required, optional) = (total(false), total(true));
    if given < required || given > required + optional {
        let wanted = if optional == 0 {
            required.to_string()
        } else {
            format!("{required} to {}", required + optional)
        };
        return invalid(format!("{name:?} needs {wanted} target(s), got {given}"));
    }
    if given > MAX_TARGETS {
        return invalid(format!("at most {MAX_TARGETS} targets"));
    }
    Ok(())
}

/// Where declared target `i`'s entries are among `given` chosen entities: (start, how many).
/// Each target takes its count, in declaration order, except that an "up to N" target takes
/// only as many as are left over once every other target has its count (601.2c).
pub(crate) fn target_span(specs: &[TargetSpec], given: usize, i: usize) -> (usize, usize) {
    let required: usize = specs
        .iter()
        .filter(|t| !t.up_to)
        .map(|t| t.count as usize)
        .sum();
    let mut extra = given.saturating_sub(required);
    let mut at = 0;
    for (k, t) in specs.iter().enumerate() {
        let mut n = t.count as usize;
        if t.up_to {
            n = n.min(extra);
            extra -= n;
        }
        if k == i {
            return (at, n);
        }
        at += n;
    }
    (at, 0)
}

/// The first of `ids` that is not among `candidates` (in id order, as the kernel gives them).
/// Chosen ids usually come in that order too: one walk, each a binary search otherwise.
fn not_a_candidate(candidates: &[u32], ids: impl Iterator<Item = u32>) -> Option<u32> {
    let mut at = 0;
    for id in ids {
        match candidates
            .get(at..)
            .and_then(|rest| rest.iter().position(|&c| c >= id))
        {
            Some(k) if candidates[at + k] == id => at += k + 1,
            _ if candidates.binary_search(&id).is_ok() => {}
            _ => return Some(id),
        }
    }
    None
}
