//! Reading the duel: its public accessors and what it asks the kernel of an object (keywords,
//! power, lethal damage, the mana a source can add).

use super::*;
use cardstate_effects::runtime::ChoiceRequest;
use cardstate_effects::CardFacts;

impl Duel {
    /// The actions taken so far, in order.
    pub fn history(&self) -> impl Iterator<Item = u32> + '_ {
        self.record.log.iter().filter_map(|op| match op {
            Op::Action(a) => Some(*a),
            _ => None,
        })
    }

    pub fn game(&self) -> &Game {
        &self.state.game
    }
    /// The cards the duel plays with.
    pub fn pool(&self) -> Pool {
        self.state.pool
    }
    pub fn seed(&self) -> u64 {
        self.record.seed
    }
    pub fn turn_limit(&self) -> u32 {
        self.state.turn_limit
    }
    pub fn turn(&self) -> u32 {
        self.state.turn
    }
    pub fn step(&self) -> Step {
        self.state.step
    }
    pub fn active_player(&self) -> u8 {
        self.state.active
    }
    pub fn pending(&self) -> Pending {
        self.state.pending
    }
    pub fn side(&self, p: usize) -> &Side {
        &self.state.sides[p]
    }
    pub fn stack(&self) -> &[StackItem] {
        &self.state.stack
    }
    pub fn combat(&self) -> &Combat {
        &self.state.combat
    }
    pub fn log(&self) -> &[Op] {
        &self.record.log
    }
    pub fn decisions(&self) -> u32 {
        self.record.decisions
    }
    pub fn is_tapped(&self, id: u32) -> bool {
        // A player is never tapped: the entity's status, without `Game::is_tapped`'s check.
        self.state.game.entity(id).is_ok_and(|e| e.tapped)
    }
    /// The most decisions a game can have: `DECISIONS_PER_TURN` per turn of the turn limit;
    /// a game that reaches it ends in a draw (docs/DUEL.md), so it is a true bound.
    pub fn max_game_length(&self) -> u32 {
        self.state.turn_limit.saturating_mul(DECISIONS_PER_TURN)
    }

    /// The variant of the rules the duel plays (its set-up).
    pub fn options(&self) -> Options {
        self.state.options
    }

    pub fn auto_pass(&self) -> bool {
        self.state.auto_pass
    }

    /// Turns automatic passing on or off (it takes effect at the next priority).
    pub fn set_auto_pass(&mut self, on: bool) {
        self.state.auto_pass = on;
        self.run();
    }

    pub fn is_terminal(&self) -> bool {
        self.state.pending == Pending::Over
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    /// The player to decide, or `TERMINAL`.
    pub fn current_player(&self) -> i32 {
        match self.state.pending {
            Pending::Over => TERMINAL,
            p => self.decider(p) as i32,
        }
    }

    fn decider(&self, p: Pending) -> u8 {
        match p {
            Pending::Attack(_) | Pending::Discard | Pending::AssignDamage => self.state.active,
            Pending::Mulligan => self.mulligan_decider(),
            Pending::Bottom => self.bottom_decider(),
            Pending::Block(_) => 1 - self.state.active,
            Pending::ChooseX
            | Pending::Target
            | Pending::Sacrifice
            | Pending::DiscardCost
            | Pending::ChooseCost
            | Pending::SacrificeCost
            | Pending::Mode
            | Pending::Madness
            | Pending::Plot => self.state.casting.player,
            Pending::Legend => self
                .legend_choice(&mut SmallVec::new())
                .unwrap_or(self.state.priority),
            Pending::ChooseColour | Pending::ChooseType => match self.state.pending {
                Pending::ChooseColour => self.colour_choice(),
                _ => self.type_choice(),
            }
            .map_or(self.state.priority, |id| {
                self.state
                    .game
                    .entity(id)
                    .map_or(self.state.priority, |e| e.controller as u8 & 1)
            }),
            Pending::Order => self
                .order_choice(&mut SmallVec::new())
                .map_or(self.state.priority, |(q, _)| q),
            Pending::Resolve => match self.resolve_order_choice(&mut SmallVec::new()) {
                Some(q) => q, // 616.1: the affected entity's controller
                None => self
                    .state
                    .resolving
                    .as_ref()
                    .map_or(self.state.priority, |r| match r.request {
                        // 701.9b: the discarding player chooses.
                        ChoiceRequest::Discard { player, .. } => player as u8,
                        // 701.21a: the sacrificing player chooses.
                        ChoiceRequest::Sacrifice { player, .. } => player as u8,
                        // 701.23a: the searching player chooses.
                        ChoiceRequest::Search { player, .. } => player as u8,
                        // 701.25a: the surveilling player chooses.
                        ChoiceRequest::Surveil { player, .. } => player as u8,
                        // 701.22a: the scrying player chooses.
                        ChoiceRequest::Scry { player, .. } => player as u8,
                        // 118.12: the player who may pay chooses.
                        ChoiceRequest::Pay { player, .. } => player as u8,
                        // 401.4: the owner chooses the top or the bottom of its library.
                        ChoiceRequest::TopOrBottom { player, .. } => player as u8,
                        // 700.3: the separating player, then the opponent choosing a pile.
                        ChoiceRequest::SeparatePiles { player, .. }
                        | ChoiceRequest::ChoosePile { player, .. } => player as u8,
                        // 608.2d: the player who loses the life unless it does something.
                        ChoiceRequest::Unless { player, .. } => player as u8,
                        // 701.21a: the player who keeps one of each type.
                        ChoiceRequest::KeepOneOfEachType { player, .. } => player as u8,
                        _ => r.item.controller,
                    }),
            },
            _ => self.state.priority,
        }
    }

    /// `[1, -1]`, `[-1, 1]`, `[0, 0]` for a draw or a game not over.
    pub fn returns(&self) -> [f64; 2] {
        match self.state.outcome {
            Some(Outcome::Winner(0)) => [1.0, -1.0],
            Some(Outcome::Winner(_)) => [-1.0, 1.0],
            _ => [0.0, 0.0],
        }
    }

    /// Player p's kernel entity: entities 0 and 1 are the players, so it is read without
    /// `Game::player`'s check that it is one (the hot reads of life, energy and a loss).
    #[inline]
    pub(super) fn player_entity(&self, p: usize) -> Option<&cardstate_core::Entity> {
        self.state.game.entity(p as u32).ok()
    }

    pub(crate) fn life(&self, p: usize) -> i64 {
        self.player_entity(p).map_or(0, |e| e.life)
    }

    /// p's energy counters (107.14).
    pub(crate) fn energy(&self, p: usize) -> u64 {
        self.state
            .game
            .count(p as u32, cardstate_core::kinds::ENERGY)
            .unwrap_or(0)
    }

    /// p's untapped mana sources by colour.
    pub fn available(&self, p: usize) -> Available {
        self.count_mana(p).0
    }

    /// p's untapped mana sources by colour, and whether the count holds while the tapped
    /// statuses and p's battlefield stay the same (`ManaMemo`: no source is a creature with
    /// summoning sickness).
    pub(super) fn count_mana(&self, p: usize) -> (Available, bool) {
        self.mana_sources(p, |_, _, _| ())
    }

    /// How much mana source `id` (of card `c`, p's) adds with its `ManaForEach` (ability `k`):
    /// one for each of p's permanents matching its filter ("Add {G} for each Elf you
    /// control"), up to 255.
    fn mana_for_each(&self, p: usize, id: u32, c: CardId, k: u16) -> u32 {
        let db = self.db();
        let Some(cardstate_effects::Ability::ManaForEach { filter }) = db
            .card(cardstate_effects::CardId(c))
            .abilities
            .get(k as usize)
        else {
            return 1;
        };
        let game = &self.state.game;
        let n = self
            .battlefield(p)
            .iter()
            .filter(|&&x| cardstate_effects::targets::matches(game, filter, x, Some(id), p as u32))
            .count();
        n.min(u8::MAX as usize) as u32
    }

    /// What p can pay spell card `c` with: `general` (p's mana, `count_mana`) and p's untapped
    /// sources whose mana may be spent only on some spells that may pay for it (106.6: "Spend
    /// this mana only to cast an Angel spell").
    #[inline]
    pub(super) fn spell_mana(&self, p: usize, c: CardId, general: Available) -> Available {
        if !general.has_restricted() {
            return general;
        }
        self.with_restricted_mana(p, c, general)
    }

    /// `spell_mana` where some of p's sources' mana may be spent only on some spells.
    #[inline(never)]
    pub(super) fn with_restricted_mana(
        &self,
        p: usize,
        c: CardId,
        general: Available,
    ) -> Available {
        let mut a = general;
        self.restricted_sources(p, c, |_, colours, card| {
            if card.mana_spend_only_chosen {
                // Counted in `general` as a source of {C}: a source of any colour here.
                a.remove(crate::mana::COLOURLESS);
            }
            a.add(colours)
        });
        a
    }

    /// p's untapped sources whose mana may be spent only on some spells (106.6) and may pay
    /// for spell card `c` (one of its subtypes is one they name; or, for a source of mana
    /// "only to cast a creature spell of the chosen type", a creature card of the type chosen
    /// for it), each with its id, colours and card, in p's permanent order. (The latter are
    /// also among p's sources for everything, of {C} only: `mana_sources`.)
    pub(super) fn restricted_sources(
        &self,
        p: usize,
        c: CardId,
        mut each: impl FnMut(u32, u8, &CardFacts),
    ) {
        let db = self.db();
        let spell = db.card(cardstate_effects::CardId(c));
        let subtypes = &spell.subtypes;
        for &id in self.battlefield(p) {
            let s = self.card_of(id);
            if s == NO_CARD || !self.state.pool.facts(s).mana_spend_only {
                continue;
            }
            let card = self.state.pool.facts(s);
            let sick = card.is(Types::CREATURE) && self.is_sick(id);
            let Some(colours) = self.source_colours(id, sick, card) else {
                continue;
            };
            let may = if card.mana_spend_only_chosen {
                spell.types.iter().any(|t| t == "creature")
                    && self
                        .chosen_type(id)
                        .is_some_and(|t| subtypes.iter().any(|x| x == t))
            } else {
                db.card(cardstate_effects::CardId(s))
                    .abilities
                    .iter()
                    .any(|a| match a {
                        cardstate_effects::Ability::Mana { spend_only_on, .. } => {
                            spend_only_on.iter().any(|t| subtypes.contains(t))
                        }
                        _ => false,
                    })
            };
            if may {
                each(id, colours, card);
            }
        }
    }

    /// The colours (a mask) among p's permanents matching the filter of source `id`'s
    /// `ManaOfEachColourAmong` (ability `k` of its card `c`): "For each color among
    /// permanents you control, add one mana of that color." (105.2: a permanent's colours are
    /// its card's mana cost's; a token's, of no cost, none).
    fn colours_among(&self, p: usize, id: u32, c: CardId, k: u16) -> u8 {
        let db = self.db();
        let Some(cardstate_effects::Ability::ManaOfEachColourAmong { filter }) = db
            .card(cardstate_effects::CardId(c))
            .abilities
            .get(k as usize)
        else {
            return 0;
        };
        let game = &self.state.game;
        self.battlefield(p)
            .iter()
            .filter(|&&x| cardstate_effects::targets::matches(game, filter, x, Some(id), p as u32))
            .map(|&x| self.card_of(x))
            .filter(|&x| x != NO_CARD)
            .fold(0, |m, x| m | self.state.pool.facts(x).colours)
    }

    /// The mana in p's pool (106.4) as sources of one colour each: they pay before any source
    /// is tapped (docs/DUEL.md, "Mana").
    #[inline]
    pub(super) fn pool_sources(&self, p: usize, mut each: impl FnMut(u8)) {
        if self.state.mana_pool.0[p & 1].iter().all(|&n| n == 0) {
            return;
        }
        for (c, &n) in self.state.mana_pool.0[p & 1].iter().enumerate() {
            for _ in 0..n {
                each(1 << c);
            }
        }
    }

    /// A mana pool changed: the mana each player has, remembered or read by the priority
    /// memos, is counted again (the kernel and the tapped statuses don't show the pools).
    pub(super) fn mana_pool_changed(&mut self) {
        for p in 0..2 {
            self.cache.mana[p].valid = false;
            for m in &mut self.cache.memo[p] {
                m.valid = false;
            }
        }
        self.cache.memo_fresh = false;
    }

    /// `count_mana`, with each untapped source's id, colours (a mask) and card given to `each`
    /// in p's permanent order.
    #[inline]
    pub(super) fn mana_sources(
        &self,
        p: usize,
        mut each: impl FnMut(u32, u8, &CardFacts),
    ) -> (Available, bool) {
        let mut a = Available::default();
        self.pool_sources(p, |m| a.add(m));
        let mut lasting = true;
        for &id in self.battlefield(p) {
            let c = self.card_of(id);
            if c == NO_CARD {
                continue;
            }
            let card = self.abilities_of(id, c);
            if card.produces == 0 {
                continue;
            }
            // Summoning sickness matters only to a creature (302.6: what it is now); whether
            // one with it adds mana can change with its haste.
            // (The entity read once for both: what it is and whether it is tapped.)
            let e = self.state.game.entity(id).ok();
            let sick = e.is_some_and(|e| e.is_permanent() && e.is_creature()) && self.is_sick(id);
            lasting &= !sick;
            let tapped = e.is_some_and(|e| e.tapped);
            if let Some(colours) = self.source_colours_tapped(id, tapped, sick, card) {
                if card.mana_spend_only {
                    // 106.6: its mana pays only some spells (`spell_mana`).
                    a.add_restricted();
                    if card.mana_spend_only_chosen {
                        // Its "{T}: Add {C}." pays for anything (Secluded Courtyard).
                        a.add(crate::mana::COLOURLESS);
                        each(id, crate::mana::COLOURLESS, card);
                    }
                    continue;
                }
                if let Some(k) = card.mana_of_each_colour {
                    // The colours change with other permanents: never remembered.
                    lasting = false;
                    let among = self.colours_among(p, id, c, k);
                    for colour in (0..5).map(|i| 1u8 << i).filter(|m| among & m != 0) {
                        a.add(colour);
                        each(id, colour, card);
                    }
                    continue;
                }
                let n = match card.mana_for_each {
                    None => 1,
                    Some(k) => {
                        // The count changes with other permanents: never remembered.
                        lasting = false;
                        self.mana_for_each(p, id, c, k)
                    }
                };
                for _ in 0..n {
                    a.add(colours);
                    each(id, colours, card);
                }
            }
        }
        (a, lasting)
    }

    /// p's mana from its memo, if the memo holds.
    #[inline]
    pub(super) fn remembered_mana(&self, p: usize) -> Option<Available> {
        let m = &self.cache.mana[p];
        let held = m.valid
            && m.taps == self.state.game.tap_changes_of(p as u32)
            && m.sources == self.cache.source_changes[p];
        // Debug builds count again: the memo must hold what a count finds.
        debug_assert!(
            !held || m.available == self.count_mana(p).0,
            "the mana memo holds"
        );
        held.then_some(m.available)
    }

    /// p's mana in `mana`, found first if it has none: from p's mana memo if it holds (marked
    /// not to be kept again: `keep_mana`), else counted.
    #[inline]
    pub(super) fn mana_into<'a>(
        &self,
        p: usize,
        mana: &'a mut Option<(Available, bool)>,
    ) -> &'a Available {
        &mana.get_or_insert_with(|| self.mana_now(p)).0
    }

    /// p's mana from its memo if it holds (marked not to be kept again), else counted: out of
    /// line, so that `mana_into` is a test inline (docs/PERFORMANCE.md, "The mana test
    /// inline").
    #[inline(never)]
    fn mana_now(&self, p: usize) -> (Available, bool) {
        match self.remembered_mana(p) {
            Some(available) => (available, false),
            None => self.count_mana(p),
        }
    }

    /// p's life and energy counters, from one read of p's entity.
    #[inline]
    pub(super) fn life_and_energy(&self, p: usize) -> (i64, u64) {
        self.player_entity(p).map_or((0, 0), |e| {
            (e.life, e.counters.get(cardstate_core::kinds::ENERGY))
        })
    }

    /// The colours (a mask) untapped source `id` can add one of now (a creature with summoning
    /// sickness, `sick`, needs haste: 302.6), given what the duel knows of it and its card (a
    /// count of all p's sources reads them once).
    #[inline]
    fn source_colours(&self, id: u32, sick: bool, card: &CardFacts) -> Option<u8> {
        self.source_colours_tapped(id, self.is_tapped(id), sick, card)
    }

    /// `source_colours`, given whether the source is tapped.
    #[inline]
    fn source_colours_tapped(
        &self,
        id: u32,
        tapped: bool,
        sick: bool,
        card: &CardFacts,
    ) -> Option<u8> {
        let colours = if card.mana_of_chosen_colour {
            // "Add one mana of the chosen color": none before one is chosen.
            self.chosen_colour(id)
        } else {
            card.produces
        };
        if colours == 0 || tapped {
            return None;
        }
        if sick && !self.has(id, Keywords::HASTE) {
            return None;
        }
        Some(colours)
    }

    /// How many times a permanent entered or left each player's battlefield (the kernel's
    /// count): what is derived from the battlefields holds while these are the same.
    #[inline]
    pub(crate) fn battlefield_changes(&self) -> [u64; 2] {
        let g = &self.state.game;
        [g.battlefield_changes_of(0), g.battlefield_changes_of(1)]
    }

    pub(super) fn keywords(&self, id: u32) -> Keywords {
        match self.state.game.entity(id) {
            Ok(e) => self.state.game.keywords_at(id, e),
            Err(_) => Keywords::EMPTY,
        }
    }

    pub(crate) fn has(&self, id: u32, k: Keywords) -> bool {
        self.keywords(id).intersects(k)
    }

    pub(super) fn is_creature(&self, id: u32) -> bool {
        self.state
            .game
            .entity(id)
            .is_ok_and(|e| e.is_permanent() && e.is_creature())
    }

    pub(super) fn power(&self, id: u32) -> u64 {
        match self.state.game.entity(id) {
            Ok(e) => self.state.game.power_at(id, e).unwrap_or(0).max(0) as u64,
            Err(_) => 0,
        }
    }

    /// Damage that is lethal to a creature now (120.6, 702.2c with a deathtouch source).
    pub(super) fn lethal(&self, id: u32, deathtouch: bool) -> u64 {
        let Ok(e) = self.state.game.entity(id) else {
            return 0;
        };
        let left = self.state.game.toughness_at(id, e).unwrap_or(0) - e.damage as i128;
        if left <= 0 {
            0
        } else if deathtouch {
            1
        } else {
            left as u64
        }
    }
}
