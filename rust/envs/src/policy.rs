//! A batch whose other seat is played by a policy outside it (a Python function in the binding:
//! a frozen copy of the learner, say), asked for all its games' actions at once.
//!
//! A step is then several calls, so that the caller can ask its policy between them:
//! [`DuelBatch::start_step`] (or [`DuelBatch::start_reset`]) plays every game on until the
//! caller or the policy is to decide; while [`DuelBatch::policy_games`] is not empty,
//! [`DuelBatch::write_policy_inputs`] writes those games' observations and masks for the
//! policy's seat and [`DuelBatch::apply_policy_actions`] plays its answers (and on again);
//! [`DuelBatch::finish`] writes the step's outputs. The games move on the caller's thread;
//! the outputs are written on the batch's threads.
//!
//! The rules of an episode are those of a batch with an agent opponent: the caller's seat by
//! [`Seat`], an episode that ends before the caller's first decision is skipped (at most
//! `MAX_SKIPS` in a row), and a step's reward is the caller's return when its episode ends.

use cardstate_duel::{Duel, NUM_ACTIONS};

use crate::batch::{
    ActionError, BatchError, DuelBatch, Outputs, PolicyTurn, Seat, Setup, Slot, MAX_SKIPS,
};

impl Setup {
    /// Game i's episode starts: its caller's seat, nothing seen.
    fn start_episode(&self, i: usize, slot: &mut Slot) {
        slot.learner = self.learner_seat(i, slot.episode).unwrap_or(0);
        slot.turn.seen = false;
        slot.turn.waiting = false;
    }

    /// Plays game i on until the caller or the policy is to decide. An episode that ends is
    /// reported if the caller decided in it (its return, done), else skipped; the next begins.
    fn advance(&self, i: usize, slot: &mut Slot) {
        loop {
            let p = slot.duel.current_player();
            if p >= 0 {
                let caller = p == slot.learner as i32;
                slot.turn.seen |= caller;
                slot.turn.waiting = !caller;
                return;
            }
            if slot.turn.seen {
                slot.turn.reward = slot.duel.returns()[slot.learner as usize] as f32;
                slot.turn.done = true;
                slot.turn.skips = 0;
            } else {
                slot.turn.skips += 1;
                if slot.turn.skips >= MAX_SKIPS {
                    // Decks that never give the caller a choice: the game stays ended and
                    // `check` refuses every action for it.
                    slot.turn.waiting = false;
                    return;
                }
            }
            slot.episode += 1;
            slot.duel = self.fresh(i, slot.episode);
            self.start_episode(i, slot);
        }
    }
}

impl DuelBatch {
    /// From now on a policy outside the batch plays the seat that isn't `learner`'s; the
    /// batch needs [`DuelBatch::start_reset`] before its first step. Not with an agent
    /// opponent.
    pub fn set_policy_opponent(&mut self, learner: Seat) -> Result<(), BatchError> {
        if self.has_opponent() {
            return Err(cardstate_duel::DuelError(
                "a batch has one opponent: an agent or a policy, not both".into(),
            )
            .into());
        }
        if let Seat::Fixed(s) = learner {
            if s > 1 {
                return Err(cardstate_duel::DuelError(format!(
                    "the learner's seat must be 0 or 1, not {s}"
                ))
                .into());
            }
        }
        self.setup.policy = Some(learner);
        self.ready = false;
        self.waiting.clear();
        Ok(())
    }

    /// Whether a policy outside the batch plays the other seat.
    pub fn has_policy_opponent(&self) -> bool {
        self.setup.policy.is_some()
    }

    /// Every game starts again from episode 0 (with a new `seed` if given) and plays on until
    /// the caller or the policy is to decide; then answer the policy and [`DuelBatch::finish`]
    /// with `reset` true.
    pub fn start_reset(&mut self, seed: Option<u64>) {
        assert!(
            self.has_policy_opponent(),
            "start_reset is for a policy opponent"
        );
        if let Some(s) = seed {
            self.setup.seed = s;
        }
        let setup = &self.setup;
        for (i, slot) in self.slots.iter_mut().enumerate() {
            slot.episode = 0;
            slot.duel = setup.fresh(i, 0);
            slot.turn = PolicyTurn::default();
            setup.start_episode(i, slot);
            setup.advance(i, slot);
        }
        self.ready = false;
        self.note_waiting();
    }

    /// Applies `actions[i]` to game i for the caller (checked first: a refusal changes
    /// nothing) and plays every game on until the caller or the policy is to decide.
    pub fn start_step(&mut self, actions: &[i64]) -> Result<(), ActionError> {
        assert!(
            self.has_policy_opponent(),
            "start_step is for a policy opponent"
        );
        self.check(actions)?;
        self.ready = false;
        let setup = &self.setup;
        for (i, (slot, &a)) in self.slots.iter_mut().zip(actions).enumerate() {
            slot.turn.reward = 0.0;
            slot.turn.done = false;
            slot.duel.apply_legal(a as u32);
            setup.advance(i, slot);
        }
        self.note_waiting();
        Ok(())
    }

    fn note_waiting(&mut self) {
        self.waiting.clear();
        let waiting = self
            .slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.turn.waiting);
        self.waiting.extend(waiting.map(|(i, _)| i as u32));
    }

    /// The games waiting for the policy's decision, ascending (none: the step can finish).
    pub fn policy_games(&self) -> &[u32] {
        &self.waiting
    }

    /// Writes the observation and the legal-action mask of each game waiting for the policy,
    /// for its player to act (the policy's seat), row j for `policy_games()[j]`: the first
    /// `k` rows of `observations` (`observation_len()` each) and `masks` (`NUM_ACTIONS` each).
    pub fn write_policy_inputs(&self, observations: &mut [f32], masks: &mut [bool]) {
        let (len, k) = (self.observation_len(), NUM_ACTIONS as usize);
        let n = self.waiting.len();
        assert!(
            observations.len() >= n * len && masks.len() >= n * k,
            "policy buffers"
        );
        let mut legal = Vec::with_capacity(k);
        let rows = observations
            .chunks_exact_mut(len)
            .zip(masks.chunks_exact_mut(k));
        for (&i, (obs, mask)) in self.waiting.iter().zip(rows) {
            let duel = &self.slots[i as usize].duel;
            duel.observation(duel.current_player() as usize, obs);
            duel.legal_actions(&mut legal);
            mask.fill(false);
            for &a in &legal {
                mask[a as usize] = true;
            }
        }
    }

    /// Whether `actions` (one per game of [`DuelBatch::policy_games`]) would be accepted: the
    /// errors name the game by its index in the batch.
    pub fn check_policy_actions(&self, actions: &[i64]) -> Result<(), ActionError> {
        if actions.len() != self.waiting.len() {
            return Err(ActionError::Length {
                expected: self.waiting.len(),
                got: actions.len(),
            });
        }
        let mut legal = Vec::new();
        for (&i, &a) in self.waiting.iter().zip(actions) {
            let index = i as usize;
            if !(0..NUM_ACTIONS as i64).contains(&a) {
                return Err(ActionError::OutOfRange { index, action: a });
            }
            let duel: &Duel = &self.slots[index].duel;
            duel.legal_actions(&mut legal);
            if !legal.contains(&(a as u32)) {
                return Err(ActionError::Illegal {
                    index,
                    action: a,
                    player: duel.current_player(),
                });
            }
        }
        Ok(())
    }

    /// Plays the policy's `actions` (one per game of [`DuelBatch::policy_games`], checked
    /// first: a refusal changes nothing, and leaves the step unfinished) and every game on
    /// until the caller or the policy is to decide again.
    pub fn apply_policy_actions(&mut self, actions: &[i64]) -> Result<(), ActionError> {
        self.check_policy_actions(actions)?;
        let setup = &self.setup;
        for (&i, &a) in self.waiting.iter().zip(actions) {
            let slot = &mut self.slots[i as usize];
            slot.duel.apply_legal(a as u32);
            setup.advance(i as usize, slot);
        }
        self.note_waiting();
        Ok(())
    }

    /// Writes the step's outputs once no game waits for the policy: each game's observation
    /// and mask for the caller, the caller's return if its episode ended in the step, and
    /// whether it did (`reset`: zeros and no dones, the observations written whole).
    pub fn finish(&mut self, reset: bool, out: Outputs<'_>) {
        assert!(self.waiting.is_empty(), "the policy has games to decide");
        let at = out.observations.as_ptr() as usize;
        let same_buffer = !reset && self.written == Some(at);
        self.each_game(&[], out, |_, g, _| {
            *g.reward = if reset { 0.0 } else { g.slot.turn.reward };
            *g.done = !reset && g.slot.turn.done;
            g.write(same_buffer);
        });
        self.written = Some(at);
        self.ready = true;
    }
}
