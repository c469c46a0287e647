//! Applying actions and playing the game on: priority passing (117), the steps and their
//! turn-based actions (500–514), the next turn, drawing (121), state-based actions (704) and the
//! end of the game (104).

use super::*;

impl Duel {
    /// Applies a legal action; an illegal one is an error and changes nothing.
    pub fn apply_action(&mut self, a: u32) -> Result<(), DuelError> {
        let mut legal = std::mem::take(&mut self.scratch.actions);
        self.legal_actions(&mut legal);
        let ok = legal.binary_search(&a).is_ok();
        self.scratch.actions = legal;
        if !ok {
            return err(match self.state.pending {
                Pending::Over => format!("action {a} is illegal: the game is over"),
                _ => format!("action {a} is not legal now"),
            });
        }
        self.apply_legal(a);
        Ok(())
    }

    /// Applies an action known to be legal (search: skips the check).
    pub fn apply_legal(&mut self, a: u32) {
        self.cache.memo_fresh = false;
        // A pass changes nothing a memo reads, but as it ends a step or resolves (counted
        // there); any other decision may change anything.
        if self.state.pending != Pending::Priority || a != actions::PASS {
            self.cache.changes += 1;
        }
        self.record.log.push(Op::Action(a));
        self.record.decisions += 1;
        if self.record.decisions >= self.max_game_length() {
            // The decision cap (docs/DUEL.md): the game is a draw.
            self.state.outcome = Some(Outcome::Draw);
            self.state.pending = Pending::Over;
            return;
        }
        match (self.state.pending, Action::decode(a)) {
            (Pending::Priority, Some(Action::Pass)) => self.pass_priority(),
            (Pending::Priority, Some(Action::Hand(i))) => {
                let p = self.state.priority as usize;
                let c = self.state.sides[p].hand[i as usize];
                self.cast_or_plot(p, i as usize, c);
            }
            (Pending::Priority, Some(Action::MyGraveyard(g))) => {
                let p = self.state.priority as usize;
                let id = self.graveyard(p)[g as usize];
                let c = self.card_of(id);
                if self.may_play(p, id) || self.graveyard_type_to_play(p, id) != 0 {
                    self.begin_play_permitted(p, id);
                } else if self.state.pool.facts(c).graveyard_ability.is_some() {
                    self.begin_activate_from_graveyard(p, g as usize);
                } else if self.state.pool.facts(c).graveyard_cast_counters > 0 {
                    self.begin_cast_removing_counters(p, id);
                } else {
                    self.begin_flashback(p, g as usize);
                }
            }
            (Pending::Priority, Some(Action::MyExile(e))) => {
                let p = self.state.priority as usize;
                self.begin_play_from_exile(p, e as usize);
            }
            (Pending::Priority, Some(Action::Activate(j, k))) => {
                let p = self.state.priority as usize;
                self.begin_activate(p, j as usize, k as usize);
            }
            (Pending::Attack(i), Some(Action::Opponent)) => {
                let id = self.state.combat.candidates[i as usize];
                let target = 1 - self.state.active as u32;
                self.state.combat.attackers.push(Attacker {
                    id,
                    target,
                    blocked: false,
                });
                self.next_attack(i);
            }
            (Pending::Attack(i), Some(Action::Theirs(j))) => {
                // 508.1b: the planeswalker in the defending player's permanent slot j.
                let id = self.state.combat.candidates[i as usize];
                let target = self.battlefield(1 - self.state.active as usize)[j as usize];
                self.state.combat.attackers.push(Attacker {
                    id,
                    target,
                    blocked: false,
                });
                self.next_attack(i);
            }
            (Pending::Attack(i), Some(Action::No)) => self.next_attack(i),
            (Pending::Block(i), Some(Action::Theirs(j))) => {
                // The attacker in the attacking player's permanent slot j.
                let id = self.battlefield(self.state.active as usize)[j as usize];
                let a = self
                    .state
                    .combat
                    .attackers
                    .iter()
                    .position(|x| x.id == id)
                    .expect("a legal block names an attacker");
                let b = self.state.combat.candidates[i as usize];
                self.state.combat.blocks.push((b, a as u8));
                self.state.combat.attackers[a].blocked = true;
                self.next_block(i);
            }
            (Pending::Block(i), Some(Action::No)) => self.next_block(i),
            (Pending::ChooseX, Some(Action::Number(n))) => {
                if self.state.casting.kind == ItemKind::Activated {
                    // 601.2b, 602.2b: X announced, the ability's costs are paid.
                    self.activate_with_x(n);
                } else {
                    self.state.casting.x = n;
                    self.start_targets();
                }
            }
            (Pending::Target, Some(Action::Pass)) => self.end_up_to_target(),
            (Pending::Target, Some(_)) => self.choose_target(a),
            (Pending::Resolve, Some(Action::Yes)) => self.resolve_decision(Some(true), None),
            (Pending::Resolve, Some(Action::No)) => self.resolve_decision(Some(false), None),
            (Pending::Resolve, Some(Action::Number(n))) => self.resolve_decision(None, Some(n)),
            (Pending::Resolve, Some(Action::Option(k))) => self.resolve_order(k as usize),
            (Pending::Resolve, Some(Action::Hand(i))) => self.resolve_discard(i),
            (Pending::Resolve, Some(Action::Mine(j))) => self.resolve_sacrifice(j),
            (Pending::Legend, Some(Action::Mine(j))) => self.keep_legend(j as usize),
            (Pending::Mulligan, Some(Action::Yes)) => self.declare_mulligan(true),
            (Pending::Mulligan, Some(Action::No)) => self.declare_mulligan(false),
            (Pending::Bottom, Some(Action::Hand(i))) => self.put_on_bottom(i as usize),
            (Pending::Discard, Some(Action::Hand(i))) => self.discard_to_hand_size(i as usize),
            (Pending::DiscardCost, Some(Action::Hand(i))) => self.discard_for_cost(i as usize),
            (Pending::Madness, Some(Action::Yes)) if self.state.free_casts.casting => {
                self.cast_free()
            }
            (Pending::Madness, Some(Action::No)) if self.state.free_casts.casting => {
                self.decline_free_cast()
            }
            (Pending::Madness, Some(Action::Yes)) => self.cast_with_madness(),
            (Pending::Madness, Some(Action::No)) => self.madness_to_graveyard(),
            (Pending::Plot, Some(Action::Yes)) => self.plot(),
            (Pending::Plot, Some(Action::No)) => {
                let (p, c) = (self.state.casting.player as usize, self.state.casting.card);
                self.state.casting = Casting::default();
                let slot = self.state.sides[p].hand.iter().position(|&h| h == c);
                self.begin_cast(p, slot.expect("the card chosen is in hand"), c);
            }
            (Pending::ChooseCost, Some(Action::Yes)) => self.choose_cost(true),
            (Pending::ChooseCost, Some(Action::No)) => self.choose_cost(false),
            (Pending::SacrificeCost, Some(Action::Mine(j))) => self.sacrifice_for_cost(j as usize),
            (Pending::Order, Some(Action::Option(k))) => self.choose_order(k as usize),
            (Pending::AssignDamage, Some(Action::Number(n))) => self.assign(n as u64),
            (Pending::Sacrifice, Some(Action::Mine(j))) => self.sacrifice_another(j as usize),
            (Pending::Mode, Some(Action::Option(k))) => self.choose_mode(k as usize),
            (Pending::ChooseColour, Some(Action::Option(k))) if k < 5 => {
                self.choose_colour(k as u8)
            }
            (Pending::ChooseType, Some(Action::Option(k))) => self.choose_type(k as usize),
            _ => {}
        }
        self.run();
    }

    /// Plays the game until a decision is needed or it is over. A run is everything that
    /// happens between two decisions, so a run that resolves `MANDATORY_LOOP_RESOLUTIONS`
    /// spells and abilities is a loop of mandatory actions: the game is a draw (104.4b).
    pub(super) fn run(&mut self) {
        self.cache.memo_fresh = false;
        let mut resolutions = 0u32;
        loop {
            match self.state.pending {
                Pending::Over => return,
                Pending::Begin => self.begin_step(),
                Pending::Priority => {
                    // 117.5: state-based actions before a player would receive priority.
                    self.check_state_based_actions();
                    if self.state.pending != Pending::Priority {
                        return;
                    }
                    // 603.3: triggered abilities go on the stack before priority (and, 610.3a,
                    // a card exiled until a permanent leaves returns first, when it has left).
                    if (!self.state.events.is_empty()
                        || !self.state.trigger_queue.is_empty()
                        || !self.state.exiled_until.0.is_empty())
                        && self.put_triggers_on_stack()
                    {
                        return;
                    }
                    let p = self.state.priority as usize;
                    // Pass alone is no choice.
                    if self.refresh_memo(p) > 1 || !self.state.auto_pass {
                        self.cache.memo_fresh = true;
                        return;
                    }
                    // Nothing to do but pass: pass without a decision (docs/DUEL.md).
                    if self.state.passes == 1 && !self.state.stack.is_empty() {
                        // This pass resolves the top of the stack.
                        resolutions += 1;
                        if resolutions >= MANDATORY_LOOP_RESOLUTIONS {
                            // 104.4b: a loop of mandatory actions is a draw.
                            self.state.outcome = Some(Outcome::Draw);
                            self.state.pending = Pending::Over;
                            return;
                        }
                    }
                    self.pass_priority();
                }
                _ => return,
            }
        }
    }

    pub(crate) fn give_priority(&mut self, p: u8) {
        self.state.priority = p;
        self.state.passes = 0;
        self.state.pending = Pending::Priority;
    }

    /// 117.3d, 117.4, 405.5, 500.2.
    #[inline]
    fn pass_priority(&mut self) {
        self.state.passes += 1;
        if self.state.passes < 2 {
            self.state.priority ^= 1;
            return;
        }
        // Most passes only give the other player priority: that is inline, the rest out of
        // line.
        self.all_passed();
    }

    /// 117.4: all players passed in succession.
    #[inline(never)]
    fn all_passed(&mut self) {
        self.state.passes = 0;
        if let Some(top) = self.state.stack.pop() {
            self.cache.changes += 1;
            // 117.3b: the active player receives priority after resolution.
            self.resolve(top);
        } else {
            self.end_step();
        }
    }

    /// The step ends (500.2); the mana pools empty (106.4, 500.4).
    fn end_step(&mut self) {
        use Step::*;
        self.empty_mana_pools();
        let next = match self.state.step {
            Untap => Upkeep,
            Upkeep => Draw,
            Draw => Main1,
            Main1 => BeginCombat,
            BeginCombat => DeclareAttackers,
            DeclareAttackers if self.state.combat.attackers.is_empty() => EndCombat, // 508.8
            DeclareAttackers => DeclareBlockers,
            DeclareBlockers if self.first_strike_step() => FirstStrikeDamage, // 510.4
            DeclareBlockers | FirstStrikeDamage => CombatDamage,
            CombatDamage => EndCombat,
            EndCombat => Main2,
            Main2 => End,
            End | Cleanup => Cleanup,
        };
        if self.state.step == EndCombat {
            // 511.3: creatures stop being attacking and blocking creatures (a filter of
            // creatures in combat read them, 506.4: the memos of legal actions are rechecked).
            if !self.state.combat.attackers.is_empty() {
                self.cache.changes += 1;
            }
            self.state.combat.attackers.clear();
            self.state.combat.blocks.clear();
            self.state.combat.attackable = 0;
            self.state.combat.menace = 0;
            self.state.combat.assigned.clear();
        }
        self.state.step = next;
        self.state.pending = Pending::Begin;
    }

    /// The turn-based actions at the start of a step, then priority (or the next decision).
    fn begin_step(&mut self) {
        let a = self.state.active as usize;
        match self.state.step {
            Step::Untap => {
                self.cache.changes += 1;
                // 502.3: untap; 302.6: what the active player controls is no longer new.
                let bf = self.state.game.zone_objects(Zone::Battlefield, a as u32);
                let sick = &mut self.state.sick;
                sick.retain(|id| bf.binary_search(id).is_err());
                // Most permanents are untapped already: a read, not the checked change. 502.3:
                // one that "doesn't untap during your untap step" stays tapped.
                let tapped: SmallVec<[u32; 16]> = bf
                    .iter()
                    .copied()
                    .filter(|&id| self.state.game.entity(id).is_ok_and(|e| e.tapped))
                    .filter(|&id| {
                        let c = self.card_of(id);
                        c == NO_CARD || !self.abilities_of(id, c).doesnt_untap
                    })
                    .collect();
                for &id in &tapped {
                    let _ = self.state.game.untap(id);
                }
                self.note_untapped(&tapped);
                self.state.sides[a].lands_played = 0;
                // "During each of your turns": a new turn, no permanent type used yet.
                self.state.graveyard_types_played = GraveyardTypesPlayed::default();
                // 502.4: no priority in the untap step.
                self.state.step = Step::Upkeep;
            }
            Step::Upkeep => {
                // 503.1a: "at the beginning of your upkeep" triggers.
                self.note_if_listened(GameEvent::Upkeep {
                    player: self.state.active as u32,
                });
                self.give_priority(self.state.active);
            }
            Step::BeginCombat => {
                // 507.1: "at the beginning of combat on your turn" triggers.
                self.note_if_listened(GameEvent::BeginningOfCombat {
                    player: self.state.active as u32,
                });
                self.give_priority(self.state.active);
            }
            Step::End => {
                // 513.1a: "at the beginning of your end step" triggers.
                self.note_if_listened(GameEvent::EndStep {
                    player: self.state.active as u32,
                });
                if !self.state.delayed.0.is_empty() {
                    self.trigger_delayed();
                }
                self.give_priority(self.state.active);
            }
            Step::Draw => {
                // 103.8a: the starting player skips the draw of the first turn.
                if self.state.turn > 1 {
                    self.cache.changes += 1;
                    if self.draw(a) {
                        self.note_drew(a);
                    }
                }
                self.give_priority(self.state.active);
            }
            Step::DeclareAttackers => {
                // The candidates in the permanent slots (a blocker names an attacker by its
                // slot: docs/DUEL.md).
                let mut candidates = std::mem::take(&mut self.state.combat.candidates);
                candidates.clear();
                candidates.extend(
                    self.battlefield(a)
                        .iter()
                        .take(actions::PERMANENT_SLOTS as usize)
                        .filter(|&&id| self.can_attack(id)),
                );
                self.state.combat.candidates = candidates;
                if self.state.combat.candidates.is_empty() {
                    self.give_priority(self.state.active);
                } else {
                    self.find_attackable();
                    self.state.pending = Pending::Attack(0);
                }
            }
            Step::DeclareBlockers => {
                let mut candidates = std::mem::take(&mut self.state.combat.candidates);
                candidates.clear();
                candidates.extend(self.battlefield(1 - a).iter().filter(|&&b| {
                    self.state
                        .combat
                        .attackers
                        .iter()
                        .any(|x| self.can_block(b, x.id))
                }));
                self.state.combat.candidates = candidates;
                if self.state.combat.candidates.is_empty() {
                    self.give_priority(self.state.active);
                } else {
                    self.find_menace();
                    self.state.pending = Pending::Block(0);
                }
            }
            Step::FirstStrikeDamage | Step::CombatDamage => self.begin_damage_step(),
            Step::Cleanup => {
                self.cache.changes += 1;
                // 514.1: the active player discards down to its maximum hand size, a card at a
                // time, each its choice (`discard_to_hand_size`).
                // 402.2: a player with no maximum hand size discards nothing.
                if self.state.sides[a].hand.len() > MAX_HAND_SIZE && !self.no_maximum_hand_size(a) {
                    self.state.pending = Pending::Discard;
                    return;
                }
                // 514.2: damage wears off, "until end of turn" effects end.
                self.state.dies_triggers.0.clear();
                if !self.state.gained_abilities.0.is_empty() {
                    // 400.7: an object that left is gone, with what it gained.
                    let game = &self.state.game;
                    let gained = &mut self.state.gained_abilities.0;
                    gained.retain(|g| game.entity(g.0).is_ok_and(|e| e.is_permanent()));
                }
                if std::mem::take(&mut self.cache.cleanup_due) {
                    self.state.game.cleanup();
                    self.cache.sba_due = true;
                }
                if !self.state.control_until_cleanup.0.is_empty() {
                    self.end_control_until_cleanup();
                }
                let performed = self.check_state_based_actions();
                if self.state.pending != Pending::Begin {
                    return;
                }
                // 514.3a: state-based actions performed or abilities triggered give the
                // active player priority; once all pass with the stack empty, another
                // cleanup step begins (`end_step`).
                self.collect_triggers();
                if performed || !self.state.trigger_queue.is_empty() {
                    self.give_priority(self.state.active);
                    return;
                }
                self.next_turn();
            }
            _ => self.give_priority(self.state.active),
        }
    }

    /// "End the turn." (723.1) as the resolution of `item` ends: every object on the stack is
    /// exiled — the resolving spell, the spells below it; the abilities cease to exist
    /// (723.1a) — creatures are removed from combat (723.1b), and the game skips to the cleanup
    /// step (723.1d), the mana pools emptying as the step ends (500.4); no player receives
    /// priority. The state-based actions (723.1c) are the cleanup step's check (514.3): what
    /// ending the turn changes, no such action looks at.
    #[inline(never)]
    pub(super) fn end_the_turn(&mut self, item: StackItem) {
        self.cache.changes += 1;
        let below = std::mem::take(&mut self.state.stack);
        for it in std::iter::once(item).chain(below) {
            let on_stack = self
                .state
                .game
                .entity(it.object)
                .is_ok_and(|e| !e.gone && e.zone == Zone::Stack);
            if it.kind == ItemKind::Spell
                && on_stack
                && self.state.game.move_to(it.object, Zone::Exile).is_ok()
            {
                self.absorb_events();
            }
        }
        self.state.combat.attackers.clear();
        self.state.combat.blocks.clear();
        self.state.combat.attackable = 0;
        self.state.combat.menace = 0;
        self.state.combat.assigned.clear();
        self.empty_mana_pools();
        self.state.step = Step::Cleanup;
        self.state.pending = Pending::Begin;
    }

    /// 514.1: the active player discards the card of its hand slot `slot`; the cleanup step
    /// goes on (another discard while its hand is larger than its maximum hand size).
    #[inline(never)]
    fn discard_to_hand_size(&mut self, slot: usize) {
        let a = self.state.active as usize;
        let c = self.hand_mut(a).remove(slot);
        self.discard_card(a, c);
        self.state.pending = Pending::Begin;
    }

    /// A combat damage step begins (510): the attacking player divides its creatures' damage
    /// (510.1c), the order of the effects on the damage is chosen (616.1), then the damage is
    /// dealt and the active player receives priority (510.3).
    #[inline(never)]
    fn begin_damage_step(&mut self) {
        if self.assignment_due() {
            self.state.pending = Pending::AssignDamage;
        } else if self.order_due() {
            self.state.pending = Pending::Order;
        } else {
            self.cache.changes += 1;
            self.combat_damage_step();
            self.order_chosen();
            self.give_priority(self.state.active);
        }
    }

    /// The mana pools empty (106.4, 500.4): at the end of each step and phase.
    fn empty_mana_pools(&mut self) {
        if !self.state.mana_pool.is_empty() {
            self.state.mana_pool = Default::default();
            self.mana_pool_changed();
        }
    }

    fn next_turn(&mut self) {
        if self.state.turn >= self.state.turn_limit {
            // The turn limit ends the game in a draw (docs/DUEL.md).
            self.state.outcome = Some(Outcome::Draw);
            self.state.pending = Pending::Over;
            return;
        }
        // 106.4, 500.4: the cleanup step's end empties the mana pools too.
        self.empty_mana_pools();
        self.state.turn += 1;
        // 500.7: an extra turn is taken directly after this one, the most recently created
        // first.
        let next = match self.state.extra_turns.0.pop() {
            Some(p) => p,
            None => self.state.active ^ 1,
        };
        self.make_active(next);
        if !self.state.may_play.0.is_empty() || !self.state.plotted.0.is_empty() {
            self.drop_spent_permissions();
        }
        // The history is this turn's (603.4), and so are the abilities that triggered once
        // this turn (603.2h).
        self.state.history = Default::default();
        if self.state.pool.db().reads_put_there_this_turn() {
            // 400.7: the objects made from now on came to their zones this turn.
            self.state.history.0.first_object = self.state.game.num_entities();
        }
        self.state.fired_once.0.clear();
        self.state.loyalty_used.0.clear(); // 606.3: "each turn"
        self.state.step = Step::Untap;
        self.state.pending = Pending::Begin;
    }

    /// Player `p`'s turn begins (102.1): the duel's and the kernel's active player, which
    /// "during your turn" reads (611.3a).
    pub(super) fn make_active(&mut self, p: u8) {
        self.state.active = p;
        // A duel's game has two players: `p` (0 or 1) is one of them.
        let made = self.state.game.set_active_player(u32::from(p));
        debug_assert!(made.is_ok());
    }

    /// Draws a card (121.1): whether there was one; from an empty library, remembers it for
    /// 704.5b.
    pub(super) fn draw(&mut self, p: usize) -> bool {
        match self.state.sides[p].draw_top() {
            Some(c) => {
                insert_sorted(self.hand_mut(p), c);
                true
            }
            None => {
                self.state.sides[p].drew_from_empty = true;
                // 704.5b: a state-based action is due.
                self.cache.sba_due = true;
                false
            }
        }
    }

    /// 704: the kernel's actions, and 704.5b for players who drew from an empty library; the
    /// game ends when a player has lost (104.2a; both at once is a draw, 104.4a). First each
    /// player with a legend-rule choice to make makes it (704.5j: `Pending::Legend`; the check
    /// goes on after the last). Returns whether the kernel performed any action (each makes
    /// an event).
    #[inline]
    pub(super) fn check_state_based_actions(&mut self) -> bool {
        // Most checks find nothing due: that test is inline, the check out of line. A draw from
        // an empty library makes one due (`draw`; the runtime's draws are in a resolution,
        // which makes one due).
        debug_assert!(
            self.cache.sba_due
                || !(self.state.sides[0].drew_from_empty || self.state.sides[1].drew_from_empty),
            "704.5b is due"
        );
        // Attachments are checked at every check: what their effects give can change with
        // the turn (Quick-Draw Katana's "during your turn").
        if self.cache.sba_due
            || !self.state.attachments.0.is_empty()
            || self.pool_chooses_colours()
            || cardstate_effects::has_power_toughness_counts(&self.state.game)
        {
            return self.perform_state_based_actions();
        }
        false
    }

    #[inline(never)]
    fn perform_state_based_actions(&mut self) -> bool {
        self.cache.changes += 1;
        let drew = [
            self.state.sides[0].drew_from_empty,
            self.state.sides[1].drew_from_empty,
        ];
        let h = self.state.game.hash_unmixed();
        if Some(h) != self.cache.sba_hash && self.legend_choice(&mut SmallVec::new()).is_some() {
            self.state.pending = Pending::Legend;
            return false;
        }
        if self.pool_chooses_colours() {
            if self.colour_choice().is_some() {
                self.state.pending = Pending::ChooseColour;
                return false;
            }
            if self.type_choice_due() {
                self.state.pending = Pending::ChooseType;
                return false;
            }
            self.sync_chosen_colours();
            self.sync_chosen_types();
            self.sync_counted_bonuses();
        }
        self.cache.sba_due = false;
        // 704.5m-n first, then the kernel's; each of the kernel's actions may make an
        // attachment illegal (704.3: checked again until none is performed).
        let mut performed = !self.state.attachments.0.is_empty() && self.sync_attachments();
        // 604.3, 613.4a: the characteristic-defining counts as they are now, before each check.
        self.sync_power_toughness_counts();
        while Some(self.state.game.hash_unmixed()) != self.cache.sba_hash {
            let before = self.state.game.events().len();
            if self.state.legend_keep.is_empty() {
                let _ = self.state.game.run_state_based_actions();
            } else {
                let _ = self
                    .state
                    .game
                    .check_state_based_actions_keeping(&self.state.legend_keep, |_, _| ());
                self.state.legend_keep.clear();
            }
            let kernel = self.state.game.events().len() > before;
            performed |= kernel;
            // Most checks perform nothing and leave no event to follow.
            if !self.state.game.events().is_empty() {
                self.absorb_events();
            }
            self.cache.sba_hash = Some(self.state.game.hash_unmixed());
            if !kernel {
                break;
            }
            let counted = self.sync_power_toughness_counts();
            if self.state.attachments.0.is_empty() && !counted {
                break;
            }
            if !self.state.attachments.0.is_empty() {
                performed |= self.sync_attachments();
            }
        }
        let mut drew = drew;
        for (p, drew) in drew.iter_mut().enumerate() {
            // 704.5b: not a player who can't lose (104.3); the attempt was since this check.
            if *drew && !self.state.game.can_lose(p as u32).unwrap_or(true) {
                *drew = false;
                self.state.sides[p].drew_from_empty = false;
            }
        }
        let has_lost = |p: usize| self.player_entity(p).is_some_and(|e| e.lost);
        let lost = [drew[0] || has_lost(0), drew[1] || has_lost(1)];
        self.end_if_lost(lost);
        performed
    }

    fn end_if_lost(&mut self, lost: [bool; 2]) {
        self.state.outcome = match lost {
            [true, true] => Some(Outcome::Draw),
            [true, false] => Some(Outcome::Winner(1)),
            [false, true] => Some(Outcome::Winner(0)),
            [false, false] => return,
        };
        self.state.pending = Pending::Over;
    }
}
