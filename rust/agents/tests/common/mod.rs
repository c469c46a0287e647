//! Skirmish: a small two-player card game with hidden hands and libraries, for testing the
//! agents before (and beside) the duel.
//!
//! Each player has 12 life, a 14-card library in a random order (from the seed) and draws a hand
//! of 3; the starting player (0) skips its first draw. On its turn a player draws a card (none
//! if its library is empty), gets `min(turn, 6)` mana, then plays cards until it ends the turn:
//! a strike `k` (k = 1..5) costs k and deals k damage to the opponent; a mend (kind 6) costs 2
//! and gains 3 life. A player at 0 life loses; after turn 30 the game is a draw. Actions keep
//! their meaning: 0 ends the turn, `k` plays a card of kind `k`. Hands are multisets (counts), so
//! a player sees its own hand's counts, only the size of the other's, and only the sizes of the
//! libraries.
#![allow(dead_code)]

use cardstate_agents::rng::{below, rng_from};
use cardstate_agents::{SearchGame, TERMINAL_PLAYER};

pub const KINDS: usize = 7;
pub const MEND: usize = 6;
pub const DECK: [u8; 14] = [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6];
pub const TURN_LIMIT: u32 = 30;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Skirmish {
    pub life: [i32; 2],
    pub hand: [[u8; KINDS]; 2],
    pub library: [[u8; 14]; 2],
    pub library_len: [u8; 2],
    pub active: usize,
    pub mana: u32,
    pub turn: u32,
    pub over: bool,
}

fn shuffle(cards: &mut [u8], seed: u64) {
    let mut rng = rng_from(seed);
    for i in (1..cards.len()).rev() {
        let j = below(&mut rng, i + 1);
        cards.swap(i, j);
    }
}

fn cost(kind: usize) -> u32 {
    if kind == MEND {
        2
    } else {
        kind as u32
    }
}

impl Skirmish {
    pub fn new(seed: u64) -> Self {
        let mut g = Skirmish {
            life: [12, 12],
            hand: [[0; KINDS]; 2],
            library: [DECK; 2],
            library_len: [14, 14],
            active: 0,
            mana: 1,
            turn: 1,
            over: false,
        };
        shuffle(&mut g.library[0], seed);
        shuffle(&mut g.library[1], seed ^ 0x5555_5555);
        for p in 0..2 {
            for _ in 0..3 {
                g.draw(p);
            }
        }
        g
    }

    pub fn draw(&mut self, p: usize) {
        if self.library_len[p] > 0 {
            self.library_len[p] -= 1;
            let card = self.library[p][self.library_len[p] as usize];
            self.hand[p][card as usize] += 1;
        }
    }

    pub fn hand_size(&self, p: usize) -> u32 {
        self.hand[p].iter().map(|&c| u32::from(c)).sum()
    }

    /// The cards `p` can't see: its own library, and the other player's hand and library.
    fn unseen_by(&self, p: usize) -> ([u8; 14], usize, [u8; 28], usize) {
        let mut own = [0u8; 14];
        let n = self.library_len[p] as usize;
        own[..n].copy_from_slice(&self.library[p][..n]);
        own[..n].sort_unstable();
        let o = 1 - p;
        let mut other = [0u8; 28];
        let mut m = 0;
        for kind in 0..KINDS {
            for _ in 0..self.hand[o][kind] {
                other[m] = kind as u8;
                m += 1;
            }
        }
        let l = self.library_len[o] as usize;
        other[m..m + l].copy_from_slice(&self.library[o][..l]);
        m += l;
        other[..m].sort_unstable();
        (own, n, other, m)
    }

    fn end_turn(&mut self) {
        if self.turn >= TURN_LIMIT {
            self.over = true;
            return;
        }
        self.turn += 1;
        self.active = 1 - self.active;
        self.draw(self.active);
        self.mana = self.turn.min(6);
    }
}

impl SearchGame for Skirmish {
    type Belief = ();
    type Written = ();
    fn current_player(&self) -> i32 {
        if self.over {
            TERMINAL_PLAYER
        } else {
            self.active as i32
        }
    }

    fn legal_actions(&self, out: &mut Vec<u32>) {
        out.clear();
        if self.over {
            return;
        }
        out.push(0);
        for kind in 1..KINDS {
            if self.hand[self.active][kind] > 0 && cost(kind) <= self.mana {
                out.push(kind as u32);
            }
        }
    }

    fn apply_action(&mut self, action: u32) {
        assert!(!self.over, "apply_action on a finished game");
        let kind = action as usize;
        if kind == 0 {
            self.end_turn();
            return;
        }
        let p = self.active;
        assert!(
            kind < KINDS && self.hand[p][kind] > 0 && cost(kind) <= self.mana,
            "illegal"
        );
        self.hand[p][kind] -= 1;
        self.mana -= cost(kind);
        if kind == MEND {
            self.life[p] += 3;
        } else {
            self.life[1 - p] -= kind as i32;
            if self.life[1 - p] <= 0 {
                self.over = true;
            }
        }
    }

    fn is_terminal(&self) -> bool {
        self.over
    }

    fn returns(&self) -> [f64; 2] {
        if !self.over || self.life[0] > 0 && self.life[1] > 0 {
            [0.0, 0.0]
        } else if self.life[0] <= 0 {
            [-1.0, 1.0]
        } else {
            [1.0, -1.0]
        }
    }

    fn resample(&self, player: usize, seed: u64) -> Self {
        let mut g = *self;
        let (mut own, n, mut other, m) = self.unseen_by(player);
        shuffle(&mut own[..n], seed);
        shuffle(&mut other[..m], seed ^ 0xABCD);
        g.library[player][..n].copy_from_slice(&own[..n]);
        let o = 1 - player;
        let hand_size = self.hand_size(o) as usize;
        g.hand[o] = [0; KINDS];
        for &c in &other[..hand_size] {
            g.hand[o][c as usize] += 1;
        }
        let l = m - hand_size;
        g.library[o][..l].copy_from_slice(&other[hand_size..m]);
        g
    }

    fn evaluate(&self, player: usize) -> f64 {
        let d = f64::from(self.life[player] - self.life[1 - player]);
        (d / 24.0).clamp(-1.0, 1.0)
    }

    fn turn(&self) -> u32 {
        self.turn
    }
}
