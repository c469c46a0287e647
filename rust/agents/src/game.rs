//! The interface a game offers the agents.

/// `current_player()` once the game is over (OpenSpiel's `kTerminalPlayerId`): the duel's
/// constant, defined once in `cardstate_duel`.
pub use cardstate_duel::TERMINAL as TERMINAL_PLAYER;

/// A two-player, zero-sum, turn-based game with hidden information, as the agents search it.
///
/// Contract (the agents rely on it):
/// - Deterministic: a state and an action determine the next state (chance, such as the order of
///   a library, is part of the state, fixed by its seed).
/// - `legal_actions` writes ascending action ids into `out` (cleared first); it is non-empty
///   whenever the game is not terminal.
/// - `returns` is `[1, -1]`, `[-1, 1]` or `[0, 0]` once terminal.
/// - `resample(player, seed)` keeps everything `player` can see and deals everything else again
///   consistently with what it has seen, reading nothing of the true hidden cards: two states
///   that differ only in what `player` can't see give the same resample for the same seed.
/// - `evaluate(player)` is a heuristic value of the state for `player` in `[-1, 1]`, zero-sum
///   (`evaluate(1 - p) == -evaluate(p)`), reading only what both players can see.
/// - `observation(player, out)` writes only what `player` can see (a game without observations
///   keeps the defaults: length 0, and evaluators that read observations can't search it);
///   every legal action id is below `num_distinct_actions()` (the width of a legal mask; 0 for
///   a game that declares none, which only the built-in rollouts can search).
pub trait SearchGame: Clone {
    /// What a searching player may believe about the cards it can't see, to deal them from
    /// ([`SearchGame::resample_believing_into`]; the duel's: a prior over the opponent's deck).
    /// `()` for a game whose deals need nothing more than what the player has seen.
    type Belief: Clone + std::fmt::Debug + Send + Sync;
    /// The player to decide (0 or 1), or [`TERMINAL_PLAYER`] once the game is over.
    fn current_player(&self) -> i32;
    /// The legal actions (ascending ids) into `out`, which is cleared first.
    fn legal_actions(&self, out: &mut Vec<u32>);
    /// Applies a legal action.
    fn apply_action(&mut self, action: u32);
    /// Whether the game is over.
    fn is_terminal(&self) -> bool;
    /// Each player's result once terminal (`[0, 0]` before).
    fn returns(&self) -> [f64; 2];
    /// A copy in which everything `player` can't see is dealt again from `seed`.
    fn resample(&self, player: usize, seed: u64) -> Self;
    /// Like [`SearchGame::resample`] into an existing state (reusing its buffers where the game
    /// can).
    fn resample_into(&self, player: usize, seed: u64, out: &mut Self) {
        *out = self.resample(player, seed);
    }
    /// Like [`SearchGame::resample_into`], dealing what `player` can't see from `belief`
    /// instead of from what the game's set-up says (still reading none of the true hidden
    /// cards). A game without beliefs deals as `resample_into`.
    fn resample_believing_into(
        &self,
        player: usize,
        seed: u64,
        belief: &Self::Belief,
        out: &mut Self,
    ) {
        let _ = belief;
        self.resample_into(player, seed, out)
    }
    /// The heuristic value of this state for `player`, in `[-1, 1]`.
    fn evaluate(&self, player: usize) -> f64;
    /// The turn number (1 for the first turn), for reporting game lengths.
    fn turn(&self) -> u32;
    /// The number of distinct action ids: the width of a legal-action mask (0: undeclared).
    fn num_distinct_actions(&self) -> usize {
        0
    }
    /// The length of an observation (0: the game has none).
    fn observation_len(&self) -> usize {
        0
    }
    /// Writes what `player` sees into `out` (length [`SearchGame::observation_len`]).
    fn observation(&self, player: usize, out: &mut [f32]) {
        let _ = (player, out);
    }
    /// What [`SearchGame::observation_over`] knows of the observation it last wrote into a
    /// buffer (`()` for a game that writes its observations whole).
    type Written: Clone + Default + Send + std::fmt::Debug;
    /// Writes what `player` sees into `out` over the observation `written` describes (a
    /// default one: a buffer of zeros) and updates `written`: the same floats as
    /// [`SearchGame::observation`], for a game that can write only what changed.
    fn observation_over(&self, player: usize, out: &mut [f32], written: &mut Self::Written) {
        let _ = written;
        self.observation(player, out)
    }
}
