//! Actions and the board in words.

use std::fmt::Write;

use crate::actions::{Action, NUM_ACTIONS};
use crate::duel::resolving::LookedAt;
use crate::duel::{Decision, Duel, Pending};
use crate::CardId;

impl Duel {
    fn name_of(&self, id: u32) -> &str {
        let c = self.card_of(id);
        if c == crate::duel::NO_CARD {
            return "?";
        }
        self.state.pool.name(c)
    }

    /// A player or an object in words.
    fn entity_name(&self, id: u32) -> String {
        if id < 2 {
            format!("player {id}")
        } else {
            self.name_of(id).to_string()
        }
    }

    /// The action in words, in the current state: its first word is one of pass, play, cast,
    /// activate, target, attack, block, proliferate, choose, keep, mulligan, put, discard,
    /// apply, assign, sacrifice, yes, no. An action that means nothing in this decision is named by its
    /// place in the action space.
    pub fn action_to_string(&self, a: u32) -> String {
        let Some(act) = Action::decode(a) else {
            return format!("no such action {a}");
        };
        let me = self.current_player().max(0) as usize;
        let pending = self.state.pending;
        let asked = match pending {
            Pending::Attack(i) | Pending::Block(i) => {
                self.state.combat.candidates.get(i as usize).copied()
            }
            _ => None,
        };
        if pending == Pending::Target {
            if let Some(id) = self.target_entity(self.state.casting.player as usize, a) {
                return format!("target {} ({id})", self.entity_name(id));
            }
        }
        match (pending, act) {
            (Pending::Mulligan, Action::Yes) => return "keep your hand".into(),
            (Pending::Resolve, Action::Yes | Action::No)
                if self.top_or_bottom_object().is_some() =>
            {
                let id = self.top_or_bottom_object().unwrap_or(0);
                let name = self.entity_name(id);
                return if act == Action::Yes {
                    format!("yes, put {name} ({id}) on top of your library")
                } else {
                    format!("no, put {name} ({id}) on the bottom of your library")
                };
            }
            // 608.2d: the punished player sacrifices or discards (YES), or doesn't (NO).
            (Pending::Resolve, Action::Yes | Action::No) if self.unless().is_some() => {
                let (life, sacrifice) = self.unless().unwrap_or_default();
                let what = if sacrifice {
                    "sacrifice a permanent"
                } else {
                    "discard a card"
                };
                return if act == Action::Yes {
                    format!("yes, {what} rather than lose {life} life")
                } else {
                    format!("no, don't {what}")
                };
            }
            // 700.3: the opponent chooses the face-up pile (YES) or the face-down one (NO).
            (Pending::Resolve, Action::Yes | Action::No) if self.piles().is_some() => {
                let (up, down) = self.piles().unwrap_or_default();
                if act == Action::No {
                    return format!("no, choose the face-down pile ({down} cards)");
                }
                let mut s = String::from("yes, choose the face-up pile (");
                for (i, &c) in up.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    let _ = write!(s, "{sep}{}", self.state.pool.name(c as CardId));
                }
                s.push(')');
                return s;
            }
            (Pending::Madness, Action::Yes | Action::No) if self.state.free_casts.casting => {
                let name = self.state.pool.name(self.state.casting.card);
                return if act == Action::Yes {
                    format!("yes, cast {name} without paying its mana cost")
                } else {
                    format!("no, don't cast {name}")
                };
            }
            (Pending::Madness, Action::Yes | Action::No) => {
                let name = self.state.pool.name(self.state.casting.card);
                return if act == Action::Yes {
                    format!("yes, cast {name} for its madness cost")
                } else {
                    format!("no, put {name} into your graveyard")
                };
            }
            (Pending::Plot, Action::Yes | Action::No) => {
                let name = self.state.pool.name(self.state.casting.card);
                return if act == Action::Yes {
                    format!("yes, plot {name}")
                } else {
                    format!("no, cast {name}")
                };
            }
            (Pending::ChooseCost, Action::Yes | Action::No) => {
                let facts = self.state.pool.facts(self.state.casting.card);
                let kicker = facts.kicked_cost.is_some();
                if facts.or_paid_cost.is_some() {
                    return match act {
                        Action::Yes => "yes, sacrifice for the additional cost",
                        _ => "no, pay its mana instead",
                    }
                    .into();
                }
                return match (act, kicker) {
                    (Action::Yes, false) => "yes, pay the alternative cost",
                    (_, false) => "no, pay the mana cost",
                    (Action::Yes, true) => "yes, pay the kicker cost",
                    (_, true) => "no, don't pay the kicker cost",
                }
                .into();
            }
            (Pending::Mode, Action::Option(k)) => {
                let c = self.state.casting.card;
                if (k as usize) < self.casting_modes().len() {
                    let name = self.state.pool.name(c);
                    return format!("choose mode {k} of {name}");
                }
            }
            (Pending::Sacrifice | Pending::SacrificeCost | Pending::Resolve, Action::Mine(j)) => {
                if let Some(&id) = self.battlefield(me).get(j as usize) {
                    // 701.21a: a permanent kept of a type (the rest are sacrificed).
                    if self.decision() == Decision::Legend {
                        return format!("keep {} ({id})", self.entity_name(id));
                    }
                    return format!("sacrifice {} ({id})", self.entity_name(id));
                }
            }
            (Pending::Mulligan, Action::No) => return "mulligan".into(),
            // 701.23a-b: the card the search finds, or none.
            (Pending::Resolve, Action::Option(k)) if self.decision() == Decision::ChooseCard => {
                let mut cards = smallvec::SmallVec::new();
                self.decision_options(&mut cards);
                if let Some(&c) = cards.get(k as usize) {
                    let name = self.state.pool.name(c);
                    return match self.looking_at_top() {
                        Some(LookedAt::Graveyard) => {
                            format!("put {name} into your graveyard (option {k})")
                        }
                        Some(LookedAt::Bottom) => {
                            format!("put {name} on the bottom of your library (option {k})")
                        }
                        Some(LookedAt::FaceUpPile) => {
                            format!("put {name} into the face-up pile (option {k})")
                        }
                        None => format!("find {name} (option {k})"),
                    };
                }
            }
            (Pending::Resolve, Action::No) if self.decision() == Decision::ChooseCard => {
                return match self.looking_at_top() {
                    Some(LookedAt::FaceUpPile) => "put the rest into the face-down pile".into(),
                    Some(_) => "keep the rest on top".into(),
                    None => "find nothing".into(),
                };
            }
            (Pending::Bottom | Pending::Discard | Pending::DiscardCost, Action::Hand(i)) => {
                if let Some(&c) = self.state.sides[me].hand.get(i as usize) {
                    let name = self.state.pool.name(c);
                    return if pending == Pending::Bottom {
                        format!("put {name} on the bottom of your library (hand slot {i})")
                    } else {
                        format!("discard {name} (hand slot {i})")
                    };
                }
            }
            _ => {}
        }
        match act {
            Action::Pass => "pass".into(),
            Action::Yes => match self.proliferate_candidate() {
                Some(id) => format!("proliferate {} ({id})", self.entity_name(id)),
                None => "yes".into(),
            },
            Action::No => match (self.proliferate_candidate(), pending, asked) {
                (Some(id), _, _) => format!("no proliferate {} ({id})", self.entity_name(id)),
                (None, Pending::Attack(_), Some(id)) => {
                    format!("no attack with {} ({id})", self.name_of(id))
                }
                (None, Pending::Block(_), Some(id)) => {
                    format!("no block with {} ({id})", self.name_of(id))
                }
                _ => "no".into(),
            },
            Action::SelfPlayer => "target yourself".into(),
            Action::Opponent => match (pending, asked) {
                (Pending::Attack(_), Some(id)) => {
                    format!("attack with {} ({id})", self.name_of(id))
                }
                _ => "target your opponent".into(),
            },
            Action::Hand(i) => match self.state.sides[me].hand.get(i as usize) {
                Some(&c) if self.decision() == Decision::Discard => {
                    format!("discard {} (hand slot {i})", self.state.pool.name(c))
                }
                Some(&c) => {
                    let card = self.state.pool.facts(c);
                    let verb = if card.is_land() { "play" } else { "cast" };
                    format!("{verb} {} (hand slot {i})", self.state.pool.name(c))
                }
                None => format!("cast hand slot {i}"),
            },
            Action::Mine(j) => match (pending, self.battlefield(me).get(j as usize)) {
                (Pending::Legend, Some(&id)) => format!("keep {} ({id})", self.name_of(id)),
                _ => format!("target your permanent slot {j}"),
            },
            Action::Theirs(j) => {
                let theirs = self.battlefield(1 - me).get(j as usize).copied();
                let attacker =
                    theirs.filter(|&id| self.state.combat.attackers.iter().any(|x| x.id == id));
                match (pending, asked, attacker, theirs) {
                    (Pending::Block(_), Some(b), Some(att), _) => format!(
                        "block {} ({att}) with {} ({b})",
                        self.name_of(att),
                        self.name_of(b)
                    ),
                    (Pending::Attack(_), Some(c), _, Some(pw)) if self.can_be_attacked(pw) => {
                        format!(
                            "attack {} ({pw}) with {} ({c})",
                            self.name_of(pw),
                            self.name_of(c)
                        )
                    }
                    _ => format!("target your opponent's permanent slot {j}"),
                }
            }
            Action::Stack(s) => format!("target stack slot {s}"),
            Action::MyGraveyard(g) => match self.graveyard(me).get(g as usize) {
                // A card its player may cast from there by a permission.
                Some(&id)
                    if pending == Pending::Priority
                        && (self.may_play(me, id) || self.graveyard_type_to_play(me, id) != 0) =>
                {
                    let how = if self.state.flashback_granted.0.contains(&id) {
                        " with flashback"
                    } else {
                        ""
                    };
                    let verb = if self.state.pool.facts(self.card_of(id)).is_land() {
                        "play"
                    } else {
                        "cast"
                    };
                    format!("{verb} {}{how} (graveyard slot {g})", self.name_of(id))
                }
                Some(&id)
                    if pending == Pending::Priority
                        && self
                            .state
                            .pool
                            .facts(self.card_of(id))
                            .graveyard_ability
                            .is_some() =>
                {
                    format!("activate {} (graveyard slot {g})", self.name_of(id))
                }
                Some(&id) if pending == Pending::Priority => {
                    // "You may cast this card from your graveyard by removing … counters"
                    // (its own permission) is no flashback.
                    let how = if self
                        .state
                        .pool
                        .facts(self.card_of(id))
                        .graveyard_cast_counters
                        > 0
                    {
                        ""
                    } else {
                        " with flashback"
                    };
                    format!("cast {}{how} (graveyard slot {g})", self.name_of(id))
                }
                _ => format!("target your graveyard slot {g}"),
            },
            Action::TheirGraveyard(g) => format!("target your opponent's graveyard slot {g}"),
            Action::MyExile(e) => match self.exile(me).get(e as usize) {
                Some(&id) if pending == Pending::Priority => {
                    let land = self.card_of(id) != crate::duel::NO_CARD
                        && self.state.pool.facts(self.card_of(id)).is_land();
                    let verb = if land { "play" } else { "cast" };
                    format!("{verb} {} (exile slot {e})", self.name_of(id))
                }
                _ => format!("target your exile slot {e}"),
            },
            Action::Option(k) if pending == Pending::ChooseType => {
                let id = self.type_choice();
                match id.and_then(|id| Some((id, *self.type_options(id).get(k as usize)?))) {
                    Some((id, name)) => format!("choose {name} for {} ({id})", self.name_of(id)),
                    None => format!("choose option {k}"),
                }
            }
            Action::Option(k) if pending == Pending::ChooseColour && k < 5 => {
                match self.colour_choice() {
                    Some(id) => format!(
                        "choose {} for {} ({id})",
                        super::chosen::COLOUR_NAMES[k as usize],
                        self.name_of(id)
                    ),
                    None => format!("choose option {k}"),
                }
            }
            Action::Option(k) => {
                let mut ids = smallvec::SmallVec::<[u32; 8]>::new();
                let chosen = match pending {
                    Pending::Order => self.order_choice(&mut ids).is_some(),
                    Pending::Resolve => self.resolve_order_choice(&mut ids).is_some(),
                    _ => false,
                };
                match ids.get(k as usize) {
                    Some(&id) if chosen => format!(
                        "apply {} (replacement effect {id}) next",
                        self.effect_name(id)
                    ),
                    _ => format!("choose option {k}"),
                }
            }
            Action::Number(n) => match self.assignment_choice() {
                Some(s) => format!(
                    "assign {n} damage from {} ({}) to {} ({})",
                    self.name_of(s.attacker),
                    s.attacker,
                    self.entity_name(s.to),
                    s.to
                ),
                None => format!("choose {n}"),
            },
            Action::Activate(j, k) => match self.battlefield(me).get(j as usize) {
                Some(&id) if pending == Pending::Priority => format!(
                    "activate {} ({id}) ability {k} (permanent slot {j})",
                    self.name_of(id)
                ),
                Some(&id) => format!(
                    "activate ability {k} of {} ({id}, permanent slot {j})",
                    self.name_of(id)
                ),
                None => format!("activate ability {k} of permanent slot {j}"),
            },
        }
    }

    /// The legal action whose words are `s`, or any action whose words are `s`.
    pub fn string_to_action(&self, s: &str) -> Option<u32> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        legal
            .iter()
            .copied()
            .find(|&a| self.action_to_string(a) == s)
            .or_else(|| (0..NUM_ACTIONS).find(|&a| self.action_to_string(a) == s))
    }

    /// A readable board (both hands shown).
    pub fn board(&self) -> String {
        self.board_for(None)
    }

    /// The board as `viewer` sees it (the opponent's hand as its size only), or everything.
    pub fn board_for(&self, viewer: Option<usize>) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "turn {}/{} ({}), player {} active, {}",
            self.state.turn,
            self.state.turn_limit,
            self.state.step.name(),
            self.state.active,
            match self.state.pending {
                Pending::Over => match self.state.outcome {
                    Some(crate::duel::Outcome::Winner(p)) => format!("over: player {p} wins"),
                    _ => "over: draw".into(),
                },
                _ => format!("player {} to decide", self.current_player()),
            }
        );
        for p in 0..2 {
            let side = &self.state.sides[p];
            let poison = self
                .state
                .game
                .count(p as u32, cardstate_core::kinds::POISON)
                .unwrap_or(0);
            let _ = writeln!(
                s,
                "player {p}: life {}, poison {poison}, library {}, hand {}",
                self.state.game.life(p as u32).unwrap_or(0),
                side.library.len(),
                side.hand.len()
            );
            let hand: Vec<&str> = side.hand.iter().map(|&c| self.state.pool.name(c)).collect();
            if viewer.is_none_or(|v| v == p) {
                let _ = writeln!(s, "  hand: {}", hand.join(", "));
            } else {
                let _ = writeln!(s, "  hand: {} cards", hand.len());
            }
            let mut perms = Vec::new();
            for &id in self.battlefield(p) {
                let e = self.state.game.entity(id).expect("a permanent");
                let mut t = format!("{} ({id})", self.name_of(id));
                if let (Some(pw), Some(tg)) = self.state.game.power_toughness_at(id, e) {
                    let _ = write!(t, " {pw}/{tg}");
                }
                if e.damage > 0 {
                    let _ = write!(t, " damage {}", e.damage);
                }
                for (k, n) in e.counters.iter() {
                    let _ = write!(t, " [{} {n}]", self.state.game.kind_name(k));
                }
                if e.tapped {
                    t.push_str(" tapped");
                }
                if self.is_sick(id) {
                    t.push_str(" new");
                }
                if let Some(to) = self.state.attachments.attached_to(id) {
                    let _ = write!(t, " attached to {to}");
                }
                perms.push(t);
            }
            let _ = writeln!(s, "  battlefield: {}", perms.join(", "));
            let gy: Vec<&str> = self
                .graveyard(p)
                .iter()
                .map(|&id| self.name_of(id))
                .collect();
            let _ = writeln!(s, "  graveyard: {}", gy.join(", "));
        }
        if !self.state.stack.is_empty() {
            let st: Vec<String> = self
                .state
                .stack
                .iter()
                .map(|it| {
                    format!(
                        "{} (player {})",
                        self.state.pool.name(it.card),
                        it.controller
                    )
                })
                .collect();
            let _ = writeln!(s, "stack (bottom first): {}", st.join(", "));
        }
        s
    }
}
