//! Targets (115, 601.2c): what an ability declares, which entity a target action names, whether
//! a target has a legal choice, the legal choices offered one at a time, and a choice made.

use cardstate_core::keywords::Types;
use cardstate_core::Zone;
use cardstate_effects::model::TargetSpec;
use cardstate_effects::protection::Quality;
use cardstate_effects::runtime::program_of;
use cardstate_effects::targets::{self, InCombat};
use cardstate_effects::triggers::{GameEvent, NO_SPELL};

use crate::actions::{self, Action, GRAVEYARD_SLOTS, PERMANENT_SLOTS, STACK_SLOTS};
use crate::cards::CardId;
use crate::duel::{Casting, Duel, ItemKind, Pending};
use smallvec::SmallVec;

impl Duel {
    /// The targets an ability declares.
    pub(crate) fn target_specs(&self, card: CardId, ability: Option<u16>) -> &'static [TargetSpec] {
        match ability {
            Some(a) => program_of(self.db(), cardstate_effects::CardId(card), a)
                .map(|(t, _)| t)
                .unwrap_or(&[]),
            // 303.4a: an Aura spell targets what it will enchant.
            None => self
                .db()
                .get(cardstate_effects::CardId(card))
                .and_then(|d| {
                    d.abilities.iter().find_map(|a| match a {
                        cardstate_effects::Ability::Enchant { targets } => Some(&targets[..]),
                        _ => None,
                    })
                })
                .unwrap_or(&[]),
        }
    }

    /// How many targets the declared targets need in all.
    pub(crate) fn targets_needed(specs: &[TargetSpec]) -> usize {
        specs.iter().map(|t| t.count as usize).sum()
    }

    /// The entity action `a` names for `player` as a target (docs/DUEL.md, "Actions"):
    /// yourself, your opponent, a permanent slot of yours or of your opponent's, a spell's
    /// stack slot from the bottom, a card's graveyard slot of yours or of your opponent's; None
    /// for any other action or an empty slot.
    pub fn target_entity(&self, player: usize, a: u32) -> Option<u32> {
        match Action::decode(a)? {
            Action::SelfPlayer => Some(player as u32),
            Action::Opponent => Some(1 - player as u32),
            Action::Mine(j) => self.battlefield(player).get(j as usize).copied(),
            Action::Theirs(j) => self.battlefield(1 - player).get(j as usize).copied(),
            Action::Stack(s) => self
                .state
                .stack
                .get(s as usize)
                .filter(|it| it.kind == ItemKind::Spell)
                .map(|it| it.object),
            Action::MyGraveyard(g) => self.graveyard(player).get(g as usize).copied(),
            Action::TheirGraveyard(g) => self.graveyard(1 - player).get(g as usize).copied(),
            _ => None,
        }
    }

    /// What protection and "hexproof from" ask of card c's spell (702.16b, 702.11d): its
    /// card's colours, and whether it is an instant.
    pub(crate) fn spell_quality(&self, c: CardId) -> Quality {
        let f = self.state.pool.facts(c);
        Quality {
            colours: f.colours,
            instant: f.types.contains(Types::INSTANT),
        }
    }

    /// What protection asks of an ability of object `source` (702.16b): its colours now.
    pub(crate) fn source_quality(&self, source: u32) -> Quality {
        Quality {
            colours: self.colours_now(source),
            instant: false,
        }
    }

    /// Whether spec `spec` has a legal choice among the target slots (players, permanents,
    /// spells on the stack, cards in graveyards) other than `gone`.
    fn has_target(
        &self,
        p: usize,
        spec: &TargetSpec,
        src: Option<u32>,
        gone: Option<u32>,
        by: Quality,
    ) -> bool {
        let (attacking, blocking) = self.in_combat();
        let combat = InCombat {
            attacking: &attacking,
            blocking: &blocking,
            since: self.state.history.0.first_object,
        };
        let legal = |id: u32| {
            targets::legal_target_in(&self.state.game, spec, id, src, p as u32, combat, by)
        };
        let ok = |id: u32| Some(id) != gone && legal(id);
        let player = p;
        let ps = PERMANENT_SLOTS as usize;
        (spec.filter.players && (ok(0) || ok(1)))
            || self.battlefield(player).iter().take(ps).any(|&id| ok(id))
            || self
                .battlefield(1 - player)
                .iter()
                .take(ps)
                .any(|&id| ok(id))
            || self
                .state
                .stack
                .iter()
                .take(STACK_SLOTS as usize)
                .any(|it| it.kind == ItemKind::Spell && ok(it.object))
            || (spec.filter.zone == Zone::Graveyard
                && [player, 1 - player].iter().any(|&side| {
                    self.graveyard(side)
                        .iter()
                        .take(GRAVEYARD_SLOTS as usize)
                        .any(|&id| ok(id))
                }))
    }

    /// Whether every declared target has a legal choice (601.2c; distinct choices for one
    /// target of count > 1 aren't checked ahead); an "up to N" target needs none (zero of
    /// them is a choice).
    pub(crate) fn targets_available(
        &self,
        player: usize,
        specs: &[TargetSpec],
        source: Option<u32>,
        gone: Option<u32>,
        by: Quality,
    ) -> bool {
        specs
            .iter()
            .all(|s| s.up_to || self.has_target(player, s, source, gone, by))
    }

    /// Whether card c's spell has targets to choose (601.2c) other than `gone`: for a modal
    /// spell, the targets of one of its modes (601.2b, 700.2a: only such a mode can be chosen).
    pub(crate) fn spell_targets_available(&self, p: usize, c: CardId, gone: Option<u32>) -> bool {
        let card = self.state.pool.facts(c);
        if card.modes.is_empty() {
            let by = self.spell_quality(c);
            return self.targets_available(p, self.target_specs(c, card.spell), None, gone, by);
        }
        card.modes.iter().any(|&m| {
            let by = self.spell_quality(c);
            self.targets_available(p, self.target_specs(c, Some(m)), None, gone, by)
        })
    }

    /// Whether entity `id` is a tapped permanent (what "targets a tapped creature" asks of a
    /// target, 601.2f; the spell's target is a creature already).
    pub(crate) fn is_tapped_permanent(&self, id: u32) -> bool {
        self.state
            .game
            .entity(id)
            .is_ok_and(|e| e.is_permanent() && e.tapped)
    }

    /// Whether the spell being cast must target a tapped permanent to be paid for (601.2f
    /// after 601.2c): it costs less if it does, it can't be paid without that, and none of
    /// the targets chosen so far is one.
    pub(crate) fn must_target_tapped(&self) -> bool {
        let cs = &self.state.casting;
        if cs.kind != ItemKind::Spell
            || self.state.pool.facts(cs.card).costs_less_if_targets_tapped == 0
        {
            return false;
        }
        let p = cs.player as usize;
        let chosen = &cs.targets[..cs.num_targets as usize];
        let unreduced = self.reduced_cost(p, cs.card, self.unreduced_cost(), false);
        !chosen.iter().any(|&id| self.is_tapped_permanent(id))
            && !self.spell_mana(p, cs.card, self.available(p)).can_pay(
                &unreduced,
                cs.x,
                self.life(p),
            )
    }

    /// Whether card c's spell can target a tapped permanent (its reduction's condition,
    /// 601.2f) among the permanent slots, with every other target it declares available.
    pub(crate) fn tapped_spell_target_available(&self, p: usize, c: CardId) -> bool {
        let specs = self.target_specs(c, self.state.pool.facts(c).spell);
        let (attacking, blocking) = self.in_combat();
        let combat = InCombat {
            attacking: &attacking,
            blocking: &blocking,
            since: self.state.history.0.first_object,
        };
        let ps = PERMANENT_SLOTS as usize;
        let by = self.spell_quality(c);
        self.targets_available(p, specs, None, None, by)
            && specs.iter().any(|s| {
                [p, 1 - p].iter().any(|&side| {
                    self.battlefield(side).iter().take(ps).any(|&id| {
                        self.is_tapped_permanent(id)
                            && targets::legal_target_in(
                                &self.state.game,
                                s,
                                id,
                                None,
                                p as u32,
                                combat,
                                by,
                            )
                    })
                })
            })
    }

    /// The creatures attacking and those blocking (506.4), as filters read them: empty outside
    /// combat.
    pub(crate) fn in_combat(&self) -> (SmallVec<[u32; 8]>, SmallVec<[u32; 8]>) {
        let c = &self.state.combat;
        let attacking = c.attackers.iter().map(|a| a.id).collect();
        let blocking = c.blocks.iter().map(|&(b, _)| b).collect();
        (attacking, blocking)
    }

    /// The declared target the next choice is for: it, and where the entities chosen for it
    /// begin among the targets chosen (601.2c: the places of an "up to N" target left unchosen
    /// are `Casting::skipped`).
    fn next_target_spec(&self) -> Option<(&'static TargetSpec, usize)> {
        let cs = &self.state.casting;
        let place = cs.num_targets as usize + cs.skipped as usize;
        let mut start = 0;
        for s in self.target_specs(cs.card, cs.ability) {
            if place < start + s.count as usize {
                // Places are skipped only when a target is done with: none of this one's.
                return Some((s, start - cs.skipped as usize));
            }
            start += s.count as usize;
        }
        None
    }

    /// The legal targets for the next target being chosen, as actions, into `out`: PASS first
    /// for an "up to N" target (choose no more for it, 601.2c); an entity chosen for this
    /// target already, or for an earlier one of the ability when this is one of its "other"
    /// targets (115.3), is not offered again.
    pub(crate) fn legal_target_slots(&self, out: &mut Vec<u32>) {
        let cs = &self.state.casting;
        let Some((spec, start)) = self.next_target_spec() else {
            return;
        };
        let i = cs.num_targets as usize;
        if spec.up_to {
            out.push(actions::PASS);
        }
        let source = (cs.kind != ItemKind::Spell).then_some(cs.source);
        let by = match source {
            Some(s) => self.source_quality(s),
            None => self.spell_quality(cs.card),
        };
        let p = cs.player as usize;
        let (attacking, blocking) = self.in_combat();
        let combat = InCombat {
            attacking: &attacking,
            blocking: &blocking,
            since: self.state.history.0.first_object,
        };
        let earlier = if spec.distinct { 0 } else { start };
        // 601.2f: a spell payable only with its reduction for a tapped target is offered
        // only tapped ones.
        let only_tapped = self.must_target_tapped();
        // "From a single graveyard": after the first, only cards of its owner's graveyard.
        let owner = |id: u32| self.state.game.entity(id).map_or(u32::MAX, |e| e.owner);
        let graveyard_of = (spec.single_graveyard && i > start).then(|| owner(cs.targets[start]));
        // "Attached to that creature": only what is attached to the first target chosen.
        let attached_to = spec.attached_to_first_target.then(|| cs.targets[0]);
        let mut offer = |a: u32, id: u32| {
            let taken = cs.targets[earlier..i].contains(&id);
            if !taken
                && graveyard_of.is_none_or(|o| owner(id) == o)
                && attached_to.is_none_or(|to| self.state.attachments.attached_to(id) == Some(to))
                && (!only_tapped || self.is_tapped_permanent(id))
                && targets::legal_target_in(
                    &self.state.game,
                    spec,
                    id,
                    source,
                    p as u32,
                    combat,
                    by,
                )
            {
                out.push(a);
            }
        };
        // The actions in order (`target_entity`), only those that name something.
        let ps = PERMANENT_SLOTS;
        offer(actions::SELF, p as u32);
        offer(actions::OPPONENT, 1 - p as u32);
        for (side, first) in [(p, actions::MINE), (1 - p, actions::THEIRS)] {
            let battlefield = self.battlefield(side);
            for (j, &id) in battlefield.iter().take(ps as usize).enumerate() {
                offer(first + j as u32, id);
            }
        }
        for (j, it) in self
            .state
            .stack
            .iter()
            .take(STACK_SLOTS as usize)
            .enumerate()
        {
            if it.kind == ItemKind::Spell {
                offer(actions::STACK + j as u32, it.object);
            }
        }
        if spec.filter.zone == Zone::Graveyard {
            for (side, first) in [
                (p, actions::MY_GRAVEYARD),
                (1 - p, actions::THEIR_GRAVEYARD),
            ] {
                let graveyard = self.graveyard(side);
                for (g, &id) in graveyard.iter().take(GRAVEYARD_SLOTS as usize).enumerate() {
                    offer(first + g as u32, id);
                }
            }
        }
    }

    /// The next target is chosen (601.2c); the last one completes the casting or activation.
    pub(crate) fn choose_target(&mut self, a: u32) {
        let p = self.state.casting.player as usize;
        let id = self.target_entity(p, a).expect("a legal target");
        let i = self.state.casting.num_targets as usize;
        self.state.casting.targets[i] = id;
        self.state.casting.num_targets += 1;
        // The spell's object is made as the casting completes (`BecomesTarget::spell` then).
        self.state.events.push(GameEvent::BecomesTarget {
            target: id,
            by_spell: self.state.casting.kind == ItemKind::Spell,
            by: p as u32,
            spell: NO_SPELL,
        });
        self.next_target();
    }

    /// No more entities for the "up to N" target being chosen (601.2c): its places left are
    /// skipped, and so are those of every later "up to" target.
    pub(crate) fn end_up_to_target(&mut self) {
        let cs = &self.state.casting;
        let place = cs.num_targets as usize + cs.skipped as usize;
        let mut end = 0;
        for s in self.target_specs(cs.card, cs.ability) {
            end += s.count as usize;
            if place < end {
                break;
            }
        }
        let cs = &mut self.state.casting;
        cs.skipped += (end - place) as u8;
        cs.up_to_ended = true;
        self.next_target();
    }

    /// Asks for the next target, or completes the casting or activation when every place is
    /// chosen or skipped (after an "up to" target left short, later ones are skipped).
    fn next_target(&mut self) {
        loop {
            let cs = &self.state.casting;
            if cs.num_targets as usize + cs.skipped as usize >= cs.targets_needed as usize {
                return self.complete_casting();
            }
            match self.next_target_spec() {
                Some((s, _)) if s.up_to && cs.up_to_ended => {
                    let n = s.count;
                    self.state.casting.skipped += n;
                }
                _ => break,
            }
        }
        self.ask_target();
    }

    /// Asks for the next target — or, for an activated ability whose cost took the last legal
    /// choice, ends the activation: the duel pays an activation's costs before its targets are
    /// chosen (simplification: 602.2b chooses them first, 601.2c, then pays, 601.2h), so a
    /// Treasure sacrificed for its mana or the source sacrificed may have been the only
    /// target. It ends as the ability would on resolution with its targets illegal (608.2b):
    /// its costs stay paid, nothing else happens, and its controller receives priority.
    pub(crate) fn ask_target(&mut self) {
        self.state.pending = Pending::Target;
        if self.state.casting.kind != ItemKind::Activated {
            return;
        }
        let mut options = Vec::new();
        self.legal_target_slots(&mut options);
        if options.is_empty() {
            let p = self.state.casting.player;
            self.state.casting = Casting::default();
            self.give_priority(p);
        }
    }
}
