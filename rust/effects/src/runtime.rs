//! Resolving a compiled program on the kernel, resumably (608.2).
//!
//! A [`Resolution`] is a program counter over the flat program of one ability, a flag (set by
//! `may`, `may_pay_energy`, `test`, read by `jump_unless`) and the amount of {E} paid. `run`
//! executes until the program ends ([`Step::Done`]) or a choice is needed
//! ([`Step::Choice`]); the caller answers with [`Resolution::answer`] and runs again.

use crate::db::CardDb;
use crate::error::{invalid, Error, Result};
use crate::model::{Ability, Amount, CardId, Condition, Op, Selector, TargetSpec, MAX_TARGETS};
use crate::targets::matches;
use cardstate_core::kinds::{self, KindRef};
use cardstate_core::limits;
use cardstate_core::AffectedSpec;
use cardstate_core::{Game, Kind, Zone};
use cardstate_core::{ProliferateChoice, ProliferateForm};
use smallvec::SmallVec;

/// What the game around the kernel does for the runtime: hidden zones and tapping live there
/// (a duel keeps libraries as lists; a bare kernel keeps them as objects).
pub trait Host {
    /// `player` draws `n` cards; returns how many of them couldn't be drawn (empty library).
    fn draw(&mut self, game: &mut Game, player: u32, n: u64) -> Result<u64>;
    /// Taps (`tapped`) or untaps a permanent.
    fn set_tapped(&mut self, game: &mut Game, id: u32, tapped: bool) -> Result<()>;
}

/// The bare kernel as host: a library is the library objects of its owner, the lowest id on
/// top (docs/CARDS.md); tapping is the kernel's tapped status.
#[derive(Clone, Copy, Debug, Default)]
pub struct KernelHost;

impl Host for KernelHost {
    fn draw(&mut self, game: &mut Game, player: u32, n: u64) -> Result<u64> {
        for k in 0..n {
            match top_of_library(game, player) {
                Some(card) => {
                    game.move_to(card, Zone::Hand)?;
                }
                None => return Ok(n - k),
            }
        }
        Ok(0)
    }

    fn set_tapped(&mut self, game: &mut Game, id: u32, tapped: bool) -> Result<()> {
        if tapped {
            game.tap(id)?;
        } else {
            game.untap(id)?;
        }
        Ok(())
    }
}

/// Chosen targets, in declaration order (target i with count c takes c entries).
pub type Targets = SmallVec<[u32; 4]>;

/// What a resolution is about.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ctx {
    pub card: CardId,
    /// Index of the ability in the card's `abilities`.
    pub ability: u16,
    /// The source object (the spell on the stack, the permanent), if there is one.
    pub source: Option<u32>,
    pub controller: u32,
    pub targets: Targets,
    pub x: u64,
    /// The object or player the trigger event was about.
    pub triggering: Option<u32>,
}

impl Ctx {
    /// The spell ability of `card` (an instant or sorcery) controlled by `controller`.
    pub fn spell(db: &CardDb, card: CardId, controller: u32) -> Result<Ctx> {
        let Some((i, _, _)) = db.card(card).spell() else {
            return invalid(format!(
                "card {:?} has no spell ability (it is not an instant or a sorcery)",
                db.card(card).name
            ));
        };
        Ok(Ctx::ability(card, i as u16, controller))
    }

    pub fn ability(card: CardId, ability: u16, controller: u32) -> Ctx {
        Ctx {
            card,
            ability,
            source: None,
            controller,
            targets: Targets::new(),
            x: 0,
            triggering: None,
        }
    }

    pub fn with_source(mut self, source: u32) -> Ctx {
        self.source = Some(source);
        self
    }

    pub fn with_targets(mut self, targets: &[u32]) -> Ctx {
        self.targets = Targets::from_slice(targets);
        self
    }

    pub fn with_x(mut self, x: u64) -> Ctx {
        self.x = x;
        self
    }

    pub fn with_triggering(mut self, who: u32) -> Ctx {
        self.triggering = Some(who);
        self
    }
}

/// The declared targets and the program of an ability with one (spell, triggered, activated).
pub fn program_of(db: &CardDb, card: CardId, ability: u16) -> Result<(&[TargetSpec], &[Op])> {
    let def = db
        .get(card)
        .ok_or_else(|| Error::Invalid(format!("unknown card id {}", card.0)))?;
    match def.abilities.get(ability as usize) {
        Some(Ability::Spell { targets, program }) => Ok((targets, program)),
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
    /// Everything but the reused buffer.
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
    }
}

impl Eq for Resolution {}

impl std::hash::Hash for Resolution {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.standing().hash(h);
    }
}

impl Resolution {
    /// A resolution of `ctx`'s ability; checks the number of targets against its declaration.
    pub fn new(db: &CardDb, ctx: Ctx) -> Result<Resolution> {
        let (specs, _) = program_of(db, ctx.card, ctx.ability)?;
        let wanted: usize = specs.iter().map(|t| t.count as usize).sum();
        if ctx.targets.len() != wanted {
            return invalid(format!(
                "{:?} needs {wanted} target(s), got {}",
                db.card(ctx.card).name,
                ctx.targets.len()
            ));
        }
        if wanted > MAX_TARGETS {
            return invalid(format!("at most {MAX_TARGETS} targets"));
        }
        let mut at = 0;
        for t in specs {
            let chosen = &ctx.targets[at..at + t.count as usize];
            for (k, a) in chosen.iter().enumerate() {
                if chosen[..k].contains(a) {
                    return invalid(format!(
                        "{a} is chosen twice for one target of {:?} (115.3)",
                        db.card(ctx.card).name
                    ));
                }
            }
            at += t.count as usize;
        }
        Ok(Resolution {
            ctx,
            pc: 0,
            flag: false,
            that_much: 0,
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
            (Some(ChoiceRequest::May { .. }), Choice::May(_)) => true,
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
            self.started = true;
            self.legal = self.check_targets(game, specs);
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
            if let Err(e) = self.apply_answer(game, &req, &answer) {
                self.pending = Some(req);
                return Err(e);
            }
            // An order is chosen before the event: the operation goes on (at `at`).
            if !matches!(req, ChoiceRequest::Order { .. }) {
                self.pc += 1;
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
            Choice::Done => {}
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

    /// Which target entries are legal now (115, 608.2b).
    fn check_targets(&self, game: &Game, specs: &[TargetSpec]) -> u64 {
        let mut legal = 0u64;
        let mut at = 0usize;
        for t in specs {
            for k in 0..t.count as usize {
                let id = self.ctx.targets[at + k];
                if matches(game, &t.filter, id, self.ctx.source, self.ctx.controller) {
                    legal |= 1 << (at + k);
                }
            }
            at += t.count as usize;
        }
        legal
    }

    /// Executes one operation; returns a request when it needs a choice (pc stays on it).
    fn exec<H: Host + ?Sized>(
        &mut self,
        game: &mut Game,
        db: &CardDb,
        host: &mut H,
        specs: &[TargetSpec],
        op: &Op,
    ) -> Result<Option<ChoiceRequest>> {
        let me = self.ctx.controller;
        match op {
            Op::PutCounters {
                on,
                counter,
                n,
                builtin,
            } => {
                // An order choice (616.1) stops the operation at an entity: the amount and
                // the entities stay as they were when it began.
                if self.at == 0 {
                    self.op_n = self.amount(game, specs, n)?;
                    self.select(game, specs, on);
                }
                let n = self.op_n;
                while (self.at as usize) < self.scratch.len() {
                    let id = self.scratch[self.at as usize];
                    if n > 0 && live(game, id) {
                        let kind = kind_ref(counter, *builtin);
                        if let Some(req) = self.order_due(game, id, Some(kind), 0) {
                            return Ok(Some(req));
                        }
                        let put = game.add_counters(id, kind, n);
                        self.order_applied(game);
                        if let Err(e) = put {
                            self.at = 0;
                            return Err(e.into());
                        }
                    }
                    self.order_applied(game);
                    self.at += 1;
                }
                self.at = 0;
            }
            Op::RemoveCounters {
                of,
                counter,
                n,
                builtin,
            } => {
                let n = self.amount(game, specs, n)?;
                self.select(game, specs, of);
                for i in 0..self.scratch.len() {
                    let id = self.scratch[i];
                    if live(game, id) {
                        game.remove_counters(id, kind_ref(counter, *builtin), n)?;
                    }
                }
            }
            Op::Proliferate => {
                // A fixed answer of every candidate or none ("mtg" form): applied at once,
                // without the request (the same as answering with the list).
                let every_kind = game.ruleset().proliferate_form() == ProliferateForm::EveryKind;
                match self.fixed_proliferate {
                    Some(all) if every_kind => {
                        if all {
                            game.proliferate_all(me)?;
                        } else {
                            game.proliferate(me, &[])?;
                        }
                        self.outcome.proliferated = true;
                    }
                    _ => {
                        return Ok(Some(self.request(ChoiceRequest::Proliferate {
                            candidates: game.proliferate_candidates(),
                        })))
                    }
                }
            }
            Op::DealDamage { to, n, source } => {
                // As putting counters: an order choice (616.1) stops it at an entity.
                if self.at == 0 {
                    self.op_n = self.amount(game, specs, n)?;
                    self.select(game, specs, source);
                    let Some(&src) = self.scratch.first() else {
                        return invalid(format!(
                            "{:?} deals damage but has no source object: give the resolution \
                             a source",
                            db.card(self.ctx.card).name
                        ));
                    };
                    self.op_src = src;
                    self.select(game, specs, to);
                }
                let (n, src) = (self.op_n, self.op_src);
                while (self.at as usize) < self.scratch.len() {
                    let id = self.scratch[self.at as usize];
                    if n > 0 && live(game, id) {
                        if let Some(req) = self.order_due(game, id, None, src) {
                            return Ok(Some(req));
                        }
                        let dealt = game.deal_damage(src, id, n, false, true);
                        self.order_applied(game);
                        if let Err(e) = dealt {
                            self.at = 0;
                            return Err(e.into());
                        }
                    }
                    self.order_applied(game);
                    self.at += 1;
                }
                self.at = 0;
            }
            Op::Destroy { what } => {
                self.select(game, specs, what);
                for i in 0..self.scratch.len() {
                    let id = self.scratch[i];
                    if is_permanent(game, id) {
                        game.destroy(id)?;
                    }
                }
            }
            Op::Draw { who, n } => {
                let n = self.amount(game, specs, n)?;
                self.select(game, specs, who);
                for i in 0..self.scratch.len() {
                    let p = self.scratch[i];
                    if n > 0 && is_player(game, p) && host.draw(game, p, n)? > 0 {
                        self.outcome.empty_draws |= 1 << (p % 64);
                    }
                }
            }
            Op::GainLife { who, n } | Op::LoseLife { who, n } => {
                let gain = matches!(op, Op::GainLife { .. });
                let n = self.amount(game, specs, n)?;
                self.select(game, specs, who);
                for i in 0..self.scratch.len() {
                    let p = self.scratch[i];
                    if is_player(game, p) {
                        if gain {
                            game.gain_life(p, n)?;
                        } else {
                            game.lose_life(p, n)?;
                        }
                    }
                }
            }
            Op::GetEnergy { who, n } => {
                let n = self.amount(game, specs, n)?;
                self.select(game, specs, who);
                for i in 0..self.scratch.len() {
                    let p = self.scratch[i];
                    if n > 0 && is_player(game, p) {
                        game.add_counters(p, kinds::ENERGY, n)?;
                    }
                }
            }
            Op::MayPayEnergy { n } => {
                // Seed 002: one optional payment; not offered to a player who can't pay.
                if game.count(me, kinds::ENERGY)? < *n {
                    self.flag = false;
                } else {
                    return Ok(Some(self.request(ChoiceRequest::May { pay_energy: *n })));
                }
            }
            Op::PayAnyEnergy => {
                let max = game.count(me, kinds::ENERGY)?;
                if max == 0 {
                    self.that_much = 0;
                } else {
                    return Ok(Some(self.request(ChoiceRequest::Amount { min: 0, max })));
                }
            }
            Op::Pump {
                who,
                power,
                toughness,
            } => {
                let p = self.amount(game, specs, power)?;
                let t = self.amount(game, specs, toughness)?;
                let (p, t) = (signed(p)?, signed(t)?);
                self.select(game, specs, who);
                let ids = self.locked_in(game);
                // 611.2c: the set is locked in now; layer 7c until end of turn.
                if !ids.is_empty() && (p != 0 || t != 0) {
                    game.add_continuous_effect(
                        "modify_power_toughness",
                        AffectedSpec::Ids(&ids),
                        None,
                        None,
                        None,
                        None,
                        Some(p),
                        Some(t),
                        true,
                    )?;
                }
            }
            Op::Grant { who, keyword } => {
                self.select(game, specs, who);
                let ids = self.locked_in(game);
                if !ids.is_empty() {
                    grant(game, &ids, keyword)?;
                }
            }
            Op::Switch { who } => {
                self.select(game, specs, who);
                let ids = self.locked_in(game);
                // 611.2c, layer 7e until end of turn.
                if !ids.is_empty() {
                    game.add_continuous_effect(
                        "switch_power_toughness",
                        AffectedSpec::Ids(&ids),
                        None,
                        None,
                        None,
                        None,
                        None,
                        None,
                        true,
                    )?;
                }
            }
            Op::Tap { what } | Op::Untap { what } => {
                let tapped = matches!(op, Op::Tap { .. });
                self.select(game, specs, what);
                for i in 0..self.scratch.len() {
                    let id = self.scratch[i];
                    if is_permanent(game, id) {
                        host.set_tapped(game, id, tapped)?;
                    }
                }
            }
            Op::Regenerate { what } => {
                self.select(game, specs, what);
                for i in 0..self.scratch.len() {
                    let id = self.scratch[i];
                    if is_permanent(game, id) {
                        game.regenerate(id)?;
                    }
                }
            }
            Op::CreateToken { card, n, who } => {
                let n = self.amount(game, specs, n)?;
                let token = db.lookup(card)?;
                self.select(game, specs, who);
                let players = self.scratch.iter().filter(|&&p| is_player(game, p)).count();
                room_for_tokens(game, card, n, players)?;
                for i in 0..self.scratch.len() {
                    let p = self.scratch[i];
                    if is_player(game, p) {
                        for _ in 0..n {
                            db.create_object(game, token, true, p, Zone::Battlefield)?;
                        }
                    }
                }
            }
            Op::PreventDamage { affects, combat } => {
                prevent_damage(game, affects, *combat, self.ctx.controller)?;
            }
            Op::CounterSpell { what } => {
                self.select(game, specs, what);
                for i in 0..self.scratch.len() {
                    let id = self.scratch[i];
                    if game
                        .entity(id)
                        .is_ok_and(|e| !e.gone && e.zone == Zone::Stack)
                    {
                        game.move_to(id, Zone::Graveyard)?;
                    }
                }
            }
            Op::May => return Ok(Some(self.request(ChoiceRequest::May { pay_energy: 0 }))),
            Op::Test { cond } => self.flag = self.condition(game, specs, cond)?,
            Op::JumpUnless { to } => {
                if !self.flag {
                    self.pc = *to;
                    return Ok(None);
                }
            }
            Op::Jump { to } => {
                self.pc = *to;
                return Ok(None);
            }
            Op::Python { index } => {
                if !self.callbacks {
                    return Err(Error::PythonEffect(db.card(self.ctx.card).name.clone()));
                }
                return Ok(Some(
                    self.request(ChoiceRequest::Callback { index: *index }),
                ));
            }
        }
        self.pc += 1;
        Ok(None)
    }

    fn request(&mut self, req: ChoiceRequest) -> ChoiceRequest {
        req
    }

    /// The permanents among the selected entities (`scratch`), each once, in order: the set an
    /// "until end of turn" effect locks in as it begins (611.2c).
    fn locked_in(&self, game: &Game) -> SmallVec<[u32; 4]> {
        let mut ids: SmallVec<[u32; 4]> = SmallVec::new();
        for &id in &self.scratch {
            if is_permanent(game, id) && !ids.contains(&id) {
                ids.push(id);
            }
        }
        ids
    }

    /// The selected entities into `scratch`.
    fn select(&mut self, game: &Game, specs: &[TargetSpec], s: &Selector) {
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        self.select_into(game, specs, s, &mut out);
        self.scratch = out;
    }

    fn select_into(
        &self,
        game: &Game,
        specs: &[TargetSpec],
        s: &Selector,
        out: &mut SmallVec<[u32; 8]>,
    ) {
        let me = self.ctx.controller;
        match s {
            Selector::This => out.extend(self.ctx.source),
            Selector::You => out.push(me),
            Selector::EachOpponent => {
                out.extend(
                    game.players()
                        .filter(|&p| p != me && game.entity(p).is_ok_and(|e| !e.lost)),
                );
            }
            Selector::Triggering => out.extend(self.ctx.triggering),
            Selector::Target { i } => {
                let at: usize = specs[..*i as usize].iter().map(|t| t.count as usize).sum();
                for k in at..at + specs[*i as usize].count as usize {
                    if self.legal & (1 << k) != 0 {
                        out.push(self.ctx.targets[k]);
                    }
                }
            }
            Selector::Each { filter } => {
                for id in 0..game.num_entities() {
                    if matches(game, filter, id, self.ctx.source, me) {
                        out.push(id);
                    }
                }
            }
        }
    }

    fn amount(&self, game: &Game, specs: &[TargetSpec], a: &Amount) -> Result<u64> {
        Ok(match a {
            Amount::Const { n } => *n,
            Amount::X => self.ctx.x,
            Amount::ThatMuch => self.that_much,
            Amount::Counters { of, counter } => {
                let mut sel = SmallVec::new();
                self.select_into(game, specs, of, &mut sel);
                match sel.first() {
                    Some(&id) => game.count_by_name(id, counter.as_str())?,
                    None => 0,
                }
            }
            Amount::Count { of } => {
                let mut sel = SmallVec::new();
                self.select_into(game, specs, of, &mut sel);
                sel.len() as u64
            }
        })
    }

    /// A condition as it stands now (an intervening "if" as the ability triggers).
    pub(crate) fn condition_now(&self, game: &Game, specs: &[TargetSpec], c: &Condition) -> bool {
        self.condition(game, specs, c).unwrap_or(false)
    }

    fn condition(&self, game: &Game, specs: &[TargetSpec], c: &Condition) -> Result<bool> {
        match c {
            Condition::AtLeast { amount, n } => {
                Ok(i128::from(self.amount(game, specs, amount)?) >= i128::from(*n))
            }
        }
    }
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

/// A counter kind by id when it is a built-in one (valid in every game), else by name.
#[inline]
fn kind_ref(name: &str, builtin: Option<Kind>) -> KindRef<'_> {
    match builtin {
        Some(k) => KindRef::Kind(k),
        None => KindRef::Name(name),
    }
}

/// Grants `keyword` to the permanents `ids` until end of turn (611.2c: the set locked in as the
/// effect begins; layer 6; toxic is toxic 1).
pub(crate) fn grant(game: &mut Game, ids: &[u32], keyword: &str) -> Result<()> {
    game.add_continuous_effect(
        "add_keyword",
        AffectedSpec::Ids(ids),
        None,
        None,
        Some(keyword),
        None,
        None,
        None,
        true,
    )?;
    Ok(())
}

/// "Prevent all [combat] damage that would be dealt this turn" to what `affects` names (kernel
/// filter texts, "you" being `controller`): a prevention effect until end of turn (615.1a,
/// 514.2).
pub(crate) fn prevent_damage(
    game: &mut Game,
    affects: &[String],
    combat: bool,
    controller: u32,
) -> Result<()> {
    game.add_replacement_effect(
        "prevent",
        affects,
        &[],
        None,
        Some(controller),
        None,
        None,
        combat,
        true,
    )?;
    Ok(())
}

/// `Ok` if `n` tokens for each of `players` players keep the game within the kernel's entity
/// limit; an overflow, before any is made, otherwise (so an amount far beyond any game's size
/// is refused instead of allocating until memory runs out).
fn room_for_tokens(game: &Game, card: &str, n: u64, players: usize) -> Result<()> {
    let wanted = u128::from(n) * players as u128;
    let room = limits::MAX_ENTITIES as u128 - u128::from(game.num_entities());
    if wanted > room {
        return Err(Error::Kernel(cardstate_core::Error::Overflow(format!(
            "creating {n} {card:?} token(s) for {players} player(s) would take the game past \
             {} entities",
            limits::MAX_ENTITIES
        ))));
    }
    Ok(())
}

fn signed(n: u64) -> Result<i64> {
    i64::try_from(n).map_err(|_| Error::Kernel(cardstate_core::Error::Overflow("amount".into())))
}

fn live(game: &Game, id: u32) -> bool {
    game.entity(id).is_ok_and(|e| !e.gone)
}

fn is_player(game: &Game, id: u32) -> bool {
    game.entity(id).is_ok_and(|e| e.is_player)
}

fn is_permanent(game: &Game, id: u32) -> bool {
    game.entity(id).is_ok_and(|e| e.is_permanent())
}

/// The top card of a player's library: the lowest live id there (docs/CARDS.md).
pub fn top_of_library(game: &Game, player: u32) -> Option<u32> {
    (0..game.num_entities()).find(|&id| {
        game.entity(id)
            .is_ok_and(|e| !e.is_player && !e.gone && e.zone == Zone::Library && e.owner == player)
    })
}

/// Resolves with fixed answers: every "may" `yes`, proliferate choosing `proliferate(…)` of the
/// candidates (in "mtg-2010" each chosen one gets one more of its kind with the smallest name,
/// code-point order), amounts the maximum. For tests, benchmarks and simple engines.
pub fn resolve_with(
    game: &mut Game,
    db: &CardDb,
    ctx: Ctx,
    may: bool,
    proliferate: &mut dyn FnMut(&[u32]) -> Vec<u32>,
) -> Result<Outcome> {
    drive(game, db, &mut Resolution::new(db, ctx)?, may, proliferate)
}

/// `resolve_with` choosing every proliferate candidate (`all`) or none: the same result, with
/// no list of candidates made or checked in the "mtg" form (`Game::proliferate_all`).
pub fn resolve_fixed(
    game: &mut Game,
    db: &CardDb,
    ctx: Ctx,
    may: bool,
    all: bool,
) -> Result<Outcome> {
    let mut r = Resolution::new(db, ctx)?;
    r.fixed_proliferate = Some(all);
    drive(game, db, &mut r, may, &mut |c| {
        if all {
            c.to_vec()
        } else {
            Vec::new()
        }
    })
}

fn drive(
    game: &mut Game,
    db: &CardDb,
    r: &mut Resolution,
    may: bool,
    proliferate: &mut dyn FnMut(&[u32]) -> Vec<u32>,
) -> Result<Outcome> {
    loop {
        let choice = match r.advance(game, db, &mut KernelHost)? {
            None => return Ok(r.outcome),
            Some(ChoiceRequest::May { .. }) => Choice::May(may),
            Some(ChoiceRequest::Proliferate { candidates }) => {
                let chosen = proliferate(candidates);
                if game.ruleset().proliferate_form() == ProliferateForm::OneKind {
                    Choice::ProliferateKinds(smallest_kinds(game, &chosen))
                } else {
                    Choice::Proliferate(chosen)
                }
            }
            Some(ChoiceRequest::Amount { max, .. }) => Choice::Amount(*max),
            Some(ChoiceRequest::Callback { .. }) => {
                return Err(Error::PythonEffect(db.card(r.ctx.card).name.clone()))
            }
            // Not asked (`order_effects` is off): the kernel's order.
            Some(ChoiceRequest::Order { .. }) => Choice::Order(Vec::new()),
        };
        r.answer(choice)?;
    }
}

/// Each of `chosen` with the name of its counter kind that comes first in code-point order
/// (an entity without counters is left out).
fn smallest_kinds(game: &Game, chosen: &[u32]) -> Vec<(u32, String)> {
    chosen
        .iter()
        .filter_map(|&id| {
            let e = game.entity(id).ok()?;
            let name = e.counters.iter().map(|(k, _)| game.kind_name(k)).min()?;
            Some((id, name.to_string()))
        })
        .collect()
}

/// Pays the costs of activated ability `ability` of `card` that the runtime knows (602.2b):
/// {E} from the controller, counters removed from the source, sacrificing the source; all or
/// nothing (`CannotPay` and nothing changed). Mana and {T} are the game's.
pub fn pay_costs(
    game: &mut Game,
    db: &CardDb,
    card: CardId,
    ability: u16,
    source: u32,
    controller: u32,
) -> Result<()> {
    let def = db
        .get(card)
        .ok_or_else(|| Error::Invalid(format!("unknown card id {}", card.0)))?;
    let Some(Ability::Activated(a)) = def.abilities.get(ability as usize) else {
        return invalid(format!(
            "ability {ability} of {:?} is not an activated ability",
            def.name
        ));
    };
    let cost = &a.cost;
    game.player(controller)?;
    game.live_object(source)?;
    let energy = game.count(controller, kinds::ENERGY)?;
    if energy < cost.energy {
        return Err(cardstate_core::Error::CannotPay(format!(
            "can't pay {} {{E}}: player {controller} has {energy}",
            cost.energy
        ))
        .into());
    }
    if let Some(r) = &cost.remove_counters {
        let have = game.count_by_name(source, r.counter.as_str())?;
        if have < r.n {
            return Err(cardstate_core::Error::CannotPay(format!(
                "can't remove {} {} counters: {source} has {have}",
                r.n, r.counter
            ))
            .into());
        }
    }
    if cost.sacrifice && !is_permanent(game, source) {
        return invalid(format!(
            "{source} is not a permanent: it can't be sacrificed"
        ));
    }
    if cost.energy > 0 {
        game.pay_energy(controller, cost.energy)?;
    }
    if let Some(r) = &cost.remove_counters {
        game.pay_counters(source, r.counter.as_str(), r.n)?;
    }
    if cost.sacrifice {
        game.move_to(source, Zone::Graveyard)?;
    }
    Ok(())
}
