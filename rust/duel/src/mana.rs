//! Mana (106, 107.4, 202, 601.2g–h): what a player's untapped sources can pay, exactly, and the
//! automatic, deterministic payment rule of docs/DUEL.md ("Mana"). Costs are the card model's
//! (`cardstate_effects::ManaSymbols`); a source adds one mana of one of the colours of its mask
//! (`CardFacts::produces`, a bit per colour in WUBRG order, or colourless mana: `COLOURLESS`,
//! 106.1b, which pays only generic mana).
//!
//! A cost is payable when some assignment pays it (601.2g–h): each coloured symbol a source
//! that can add its colour, each hybrid symbol (107.4e) a source of either colour, each
//! Phyrexian symbol (107.4f) a source of its colour or 2 life (119.4: only with that much life),
//! each generic mana any other source, every source used once. With the Phyrexian symbols paid
//! with life chosen, that is a bipartite matching of the symbols to the sources, which exists
//! exactly when Hall's condition holds: for every set U of colours, the symbols whose colours all
//! lie in U are at most the sources that can add a colour of U (a source of colourless mana
//! adds none: it counts only for the generic mana; the symbols' neighbourhoods
//! depend only on their colours, so checking the 31 sets U checks every set of symbols), and
//! the sources number at least the symbols and the generic mana together.

pub use cardstate_effects::facts::COLOURLESS;
pub use cardstate_effects::{Colour, ManaSymbols};

/// All five colours (a mask).
const ALL_COLOURS: usize = 31;

/// How a cost is paid, beyond which sources: the Phyrexian symbols paid with 2 life each (by
/// colour), the life that is, and the generic mana (X included).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    pub phyrexian_life: [u8; 5],
    pub life: u32,
    pub generic: u32,
}

/// The total to pay for a cost with a given X (107.3: each X costs X).
pub fn total(cost: &ManaSymbols, x: u32) -> u32 {
    cost.mana_value() + cost.x as u32 * x
}

/// The untapped mana sources of a player, counted by the colours each can add (its mask).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Available {
    /// Sources by mask; entry 0 (no colour: not a source) counts the sources of two or more
    /// colours, with which alone the exact check is needed.
    by_mask: [u16; 32],
    /// Sources that add only colourless mana (106.1b): they pay generic mana only.
    colourless: u16,
    /// Sources whose mana may be spent only on some spells (106.6): counted apart, paying
    /// nothing here (`Duel::spell_mana` adds those a spell may be paid with).
    restricted: u16,
}

/// `Available::by_mask`'s entry of the sources of several colours.
const MULTI: usize = 0;

impl Available {
    /// Single-colour sources: `counts[c]` of colour c (WUBRG).
    pub fn of_colours(counts: [u32; 5]) -> Available {
        let mut a = Available::default();
        for (c, &n) in counts.iter().enumerate() {
            for _ in 0..n {
                a.add(1 << c);
            }
        }
        a
    }

    /// Sources by their masks.
    pub fn of_masks(masks: &[u8]) -> Available {
        let mut a = Available::default();
        for &m in masks {
            a.add(m);
        }
        a
    }

    /// One more source, of the colours of `mask` (none: not a source; only [`COLOURLESS`]: a
    /// source of colourless mana; a colour and colourless: a source of that colour, since
    /// any source pays generic mana).
    #[inline]
    pub fn add(&mut self, mask: u8) {
        let m = mask as usize & ALL_COLOURS;
        if m == 0 {
            if mask & COLOURLESS != 0 {
                self.colourless = self.colourless.saturating_add(1);
            }
            return;
        }
        self.by_mask[m] = self.by_mask[m].saturating_add(1);
        if several(m) {
            self.by_mask[MULTI] = self.by_mask[MULTI].saturating_add(1);
        }
    }

    /// One more source whose mana may be spent only on some spells (106.6): counted, paying
    /// nothing.
    #[inline]
    pub fn add_restricted(&mut self) {
        self.restricted = self.restricted.saturating_add(1);
    }

    /// Whether some source's mana may be spent only on some spells (106.6).
    #[inline]
    pub fn has_restricted(&self) -> bool {
        self.restricted > 0
    }

    /// One source of the colours of `mask` fewer, if there is one.
    #[inline]
    pub fn remove(&mut self, mask: u8) {
        let m = mask as usize & ALL_COLOURS;
        if m == 0 && mask & COLOURLESS != 0 {
            self.colourless = self.colourless.saturating_sub(1);
        }
        if m != 0 && self.by_mask[m] > 0 {
            self.by_mask[m] -= 1;
            if several(m) {
                self.by_mask[MULTI] -= 1;
            }
        }
    }

    /// The sources that add only colour `c`.
    #[inline]
    pub fn single(&self, c: usize) -> u32 {
        self.by_mask[1 << c] as u32
    }

    /// How many sources can add two or more colours.
    #[inline]
    fn multi(&self) -> u32 {
        self.by_mask[MULTI] as u32
    }

    pub fn total(&self) -> u32 {
        self.by_mask[1..].iter().map(|&n| n as u32).sum::<u32>() + self.colourless as u32
    }

    /// Whether the sources pay `cost` with X = `x` and `life` to spend: some assignment pays it
    /// (the module's documentation).
    #[inline]
    pub fn can_pay(&self, cost: &ManaSymbols, x: u32, life: i64) -> bool {
        if cost.colourless > 0 {
            return self.can_pay_colourless(cost, x, life);
        }
        self.can_pay_coloured(cost, x, life)
    }

    /// `can_pay` of a cost with {C} symbols (107.4c), out of line: no cost of most pools has
    /// one, and a `can_pay` that called itself was never inlined (docs/PERFORMANCE.md, "The
    /// mana test inline").
    #[cold]
    #[inline(never)]
    fn can_pay_colourless(&self, cost: &ManaSymbols, x: u32, life: i64) -> bool {
        self.after_colourless(cost)
            .is_some_and(|(rest, cost)| rest.can_pay_coloured(&cost, x, life))
    }

    /// `can_pay` of a cost without {C} symbols.
    #[inline]
    fn can_pay_coloured(&self, cost: &ManaSymbols, x: u32, life: i64) -> bool {
        let generic = cost.generic + cost.x as u32 * x;
        if self.multi() == 0 && !cost.has_alternatives() {
            // Single-colour sources and no choice of colour: each colour's symbols from its
            // sources and the generic mana from the rest (the test at every priority).
            let mut left = self.colourless as u32;
            for (c, &need) in cost.coloured.iter().enumerate() {
                let have = self.single(c);
                if have < need as u32 {
                    return false;
                }
                left += have - need as u32;
            }
            return left >= generic;
        }
        self.can_pay_exactly(cost, generic, life)
    }

    /// `can_pay` with a choice to make: sources of several colours, hybrid or Phyrexian
    /// symbols. More Phyrexian symbols paid with life only ever helps: the most life allows.
    #[inline(never)]
    fn can_pay_exactly(&self, cost: &ManaSymbols, generic: u32, life: i64) -> bool {
        let total = self.total();
        let mut found = false;
        splits(
            cost.phyrexian,
            life_payments(cost, life),
            &mut |life_paid| {
                found = self.pays(&Demand::of(cost, life_paid, generic), total);
                found
            },
        );
        found
    }

    /// How the sources pay `cost` with X = `x` and `life` to spend, if they can: the fewest
    /// Phyrexian symbols paid with life (mana before life), and of those the first in WUBRG order
    /// (docs/DUEL.md, "Mana").
    pub fn plan(&self, cost: &ManaSymbols, x: u32, life: i64) -> Option<Plan> {
        if cost.colourless > 0 {
            let (rest, cost) = self.after_colourless(cost)?;
            return rest.plan(&cost, x, life);
        }
        let generic = cost.generic + cost.x as u32 * x;
        if self.multi() == 0 && !cost.has_alternatives() {
            return self.can_pay(cost, x, life).then_some(Plan {
                phyrexian_life: [0; 5],
                life: 0,
                generic,
            });
        }
        let total = self.total();
        for k in 0..=life_payments(cost, life) {
            let mut plan = None;
            splits(cost.phyrexian, k, &mut |life_paid| {
                if self.pays(&Demand::of(cost, life_paid, generic), total) {
                    plan = Some(Plan {
                        phyrexian_life: life_paid,
                        life: 2 * k,
                        generic,
                    });
                }
                plan.is_some()
            });
            if plan.is_some() {
                return plan;
            }
        }
        None
    }

    /// The largest X payable (None if not even X = 0 is): every Phyrexian symbol that life
    /// allows paid with life, the rest of the sources for X.
    pub fn max_x(&self, cost: &ManaSymbols, life: i64) -> Option<u32> {
        if !self.can_pay(cost, 0, life) {
            return None;
        }
        if cost.x == 0 {
            return Some(0);
        }
        let by_mana = cost.coloured.iter().map(|&n| n as u32).sum::<u32>()
            + cost.num_hybrid as u32
            + cost.phyrexian.iter().map(|&n| n as u32).sum::<u32>()
            - life_payments(cost, life);
        Some((self.total() - by_mana - cost.generic - cost.colourless as u32) / cost.x as u32)
    }

    /// 107.4c: "{C}" is paid only with colourless mana: the sources left once the sources of
    /// colourless mana pay the cost's {C} symbols, and the cost without them (None: too few).
    fn after_colourless(&self, cost: &ManaSymbols) -> Option<(Available, ManaSymbols)> {
        let colourless = self.colourless.checked_sub(cost.colourless as u16)?;
        let rest = Available {
            colourless,
            ..*self
        };
        let cost = ManaSymbols {
            colourless: 0,
            ..*cost
        };
        Some((rest, cost))
    }

    /// Hall's condition for `demand` on these sources (`total` of them).
    fn pays(&self, demand: &Demand, total: u32) -> bool {
        if demand.symbols() + demand.generic > total {
            return false;
        }
        if self.multi() == 0 && demand.num_hybrid == 0 {
            // One colour per source and per symbol: each colour's symbols from its sources.
            return (0..5).all(|c| demand.single[c] <= self.single(c));
        }
        // within[v]: the sources whose colours all lie in v (sums over subsets), so that the
        // sources that can add a colour of U are total - within[not U], less the sources of
        // colourless mana (they add no colour).
        let mut within = [0u32; 32];
        for (m, w) in within.iter_mut().enumerate().skip(1) {
            *w = self.by_mask[m] as u32;
        }
        for b in 0..5 {
            for m in 0..32 {
                if m & 1 << b != 0 {
                    within[m] += within[m ^ 1 << b];
                }
            }
        }
        let coloured = total - self.colourless as u32;
        (1..32usize).all(|u| demand.within(u) <= coloured - within[ALL_COLOURS & !u])
    }
}

/// How many Phyrexian symbols of `cost` life can pay: 2 life each, only with that much life
/// (119.4).
fn life_payments(cost: &ManaSymbols, life: i64) -> u32 {
    let symbols: u32 = cost.phyrexian.iter().map(|&n| n as u32).sum();
    symbols.min((life.max(0) / 2).min(u32::MAX as i64) as u32)
}

/// Calls `f` with each way of paying `k` of the Phyrexian symbols `phyrexian` (by colour) with
/// life, the most life for W first, then U, and so on (WUBRG), until `f` returns true.
fn splits(phyrexian: [u8; 5], k: u32, f: &mut impl FnMut([u8; 5]) -> bool) {
    // One way only: none, or all of them, paid with life (most costs: at most one symbol).
    if k == 0 {
        f([0; 5]);
        return;
    }
    if k == phyrexian.iter().map(|&n| n as u32).sum::<u32>() {
        f(phyrexian);
        return;
    }
    fn go(
        phyrexian: &[u8; 5],
        c: usize,
        left: u32,
        d: &mut [u8; 5],
        f: &mut impl FnMut([u8; 5]) -> bool,
    ) -> bool {
        if c == 5 {
            return left == 0 && f(*d);
        }
        let after: u32 = phyrexian[c + 1..].iter().map(|&n| n as u32).sum();
        let most = left.min(phyrexian[c] as u32);
        for n in (left.saturating_sub(after)..=most).rev() {
            d[c] = n as u8;
            if go(phyrexian, c + 1, left - n, d, f) {
                return true;
            }
        }
        false
    }
    go(&phyrexian, 0, k, &mut [0; 5], f);
}

/// The symbols a cost leaves to mana: one-colour symbols by colour (coloured symbols and the
/// Phyrexian ones not paid with life), hybrid symbols by their two colours (a mask), and the
/// generic mana.
#[derive(Clone, Copy, Debug)]
struct Demand {
    single: [u32; 5],
    hybrid: [u8; cardstate_effects::facts::MAX_HYBRID],
    num_hybrid: usize,
    generic: u32,
}

impl Demand {
    fn of(cost: &ManaSymbols, life_paid: [u8; 5], generic: u32) -> Demand {
        let mut d = Demand {
            single: [0; 5],
            hybrid: [0; cardstate_effects::facts::MAX_HYBRID],
            num_hybrid: cost.num_hybrid as usize,
            generic,
        };
        for (c, (single, &paid)) in d.single.iter_mut().zip(&life_paid).enumerate() {
            *single =
                cost.coloured[c] as u32 + (cost.phyrexian[c] - paid.min(cost.phyrexian[c])) as u32;
        }
        for (h, &(a, b)) in d.hybrid.iter_mut().zip(&cost.hybrid[..d.num_hybrid]) {
            *h = 1 << a | 1 << b;
        }
        d
    }

    fn symbols(&self) -> u32 {
        self.single.iter().sum::<u32>() + self.num_hybrid as u32
    }

    /// The symbols whose colours all lie in `u`.
    fn within(&self, u: usize) -> u32 {
        let mut n = 0;
        for c in 0..5 {
            if u & 1 << c != 0 {
                n += self.single[c];
            }
        }
        n + self.hybrid[..self.num_hybrid]
            .iter()
            .filter(|&&h| h as usize & !u == 0)
            .count() as u32
    }
}

/// The most sources a payment chooses among (a player controls fewer).
pub const MAX_SOURCES: usize = 512;

/// Chooses which sources pay `cost` with X = `x` by `plan` (docs/DUEL.md, "Mana"): `sources`
/// are (mask, is a land), first the mana in the player's pool (106.4: one entry per mana, of
/// one colour each; `pool` of them), then its permanents in their order; their indices go to
/// `out`. The mana in the pool pays first: each symbol and each generic mana by the first
/// mana of the pool that can pay it. The symbols are paid in order — coloured symbols
/// (WUBRG), hybrid symbols (as printed), the Phyrexian symbols paid with mana (WUBRG), then
/// the generic mana — each by the first source in this order that leaves the rest payable,
/// after each {C} symbol (107.4c) by the first source of colourless mana only:
///
/// - a coloured or Phyrexian symbol: sources that add fewer colours first, lands before
///   creatures, then permanent order;
/// - a hybrid symbol: first the sources that can add the colour with more unused sources
///   that can add it (ties: its first colour), then as above;
/// - each generic mana: a source of colourless mana only (106.1b: it pays nothing else), lands
///   before creatures, then permanent order; then a single-colour source of the colour with
///   the most unused
///   single-colour sources (ties: WUBRG order), lands before creatures, then permanent order,
///   so scarce colours stay untapped; with none left, the sources of more colours, fewest
///   colours first, lands before creatures, then permanent order.
///
/// Every choice leaves the rest payable, so a payable plan is always paid.
pub fn choose_sources(
    sources: &[(u8, bool)],
    pool: usize,
    cost: &ManaSymbols,
    x: u32,
    plan: &Plan,
    out: &mut Vec<usize>,
) {
    out.clear();
    let sources = &sources[..sources.len().min(MAX_SOURCES)];
    let first = |sources: &[(u8, bool)], used: &Used, fits: &dyn Fn(u8) -> bool| {
        first(sources, pool, used, fits)
    };
    let mut used = Used::default();
    // 107.4c: the {C} symbols first, each by a source of colourless mana only.
    for _ in 0..cost.colourless {
        match first(sources, &used, &|m| m == COLOURLESS) {
            Some(i) => {
                used.set(i);
                out.push(i);
            }
            None => return,
        }
    }
    let generic = cost.generic + cost.x as u32 * x;
    let multi = sources
        .iter()
        .any(|&(m, _)| several(m as usize & ALL_COLOURS));
    if !multi && cost.num_hybrid == 0 {
        // One colour per source and per symbol: each symbol the first source of its colour
        // (lands before creatures), which always leaves the rest payable.
        for c in 0..5 {
            let by_mana = cost.coloured[c] + cost.phyrexian[c] - plan.phyrexian_life[c];
            for _ in 0..by_mana {
                match first(sources, &used, &|m| m == 1 << c) {
                    Some(i) => {
                        used.set(i);
                        out.push(i);
                    }
                    None => return,
                }
            }
        }
    } else if !pay_symbols(sources, pool, cost, plan, generic, &mut used, out) {
        return;
    }
    for _ in 0..generic {
        // 106.4: the mana in the pool pays first.
        if let Some(i) = (0..pool.min(sources.len())).find(|&i| !used.get(i)) {
            used.set(i);
            out.push(i);
            continue;
        }
        // 106.1b: colourless mana pays generic mana only, so it pays that first.
        if let Some(i) = first(sources, &used, &|m| m == COLOURLESS) {
            used.set(i);
            out.push(i);
            continue;
        }
        let mut singles = [0u32; 5];
        for (i, &(m, _)) in sources.iter().enumerate().skip(pool) {
            let m = m as usize & ALL_COLOURS;
            if !used.get(i) && m != 0 && !several(m) {
                singles[m.trailing_zeros() as usize] += 1;
            }
        }
        let best = (0..5).max_by_key(|&c| (singles[c], std::cmp::Reverse(c)));
        let pick = match best {
            Some(c) if singles[c] > 0 => first(sources, &used, &|m| m == 1 << c),
            _ => first(sources, &used, &|m| m != 0),
        };
        let Some(i) = pick else {
            return;
        };
        used.set(i);
        out.push(i);
    }
}

/// Whether a mask has two or more colours.
#[inline]
fn several(m: usize) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// How many colours each mask has.
const COLOURS_OF: [u8; 32] = {
    let mut n = [0u8; 32];
    let mut m = 0;
    while m < 32 {
        n[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    n
};

/// The sources a payment has used, a bit each.
#[derive(Default)]
struct Used([u64; MAX_SOURCES / 64]);

impl Used {
    fn get(&self, i: usize) -> bool {
        self.0[i / 64] & 1 << (i % 64) != 0
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
}

/// The first unused source whose mask `fits`: the mana in the pool (the first `pool`
/// sources) first (106.4), then sources that add fewer colours first (colourless mana, none),
/// lands before creatures, then permanent order.
fn first(
    sources: &[(u8, bool)],
    pool: usize,
    used: &Used,
    fits: &dyn Fn(u8) -> bool,
) -> Option<usize> {
    let pool = pool.min(sources.len());
    if let Some(i) = (0..pool).find(|&i| !used.get(i) && fits(sources[i].0)) {
        return Some(i);
    }
    // One walk keeping the best so far by (colours, not a land); a later source wins only
    // with a smaller key, so of equals the first in permanent order stays.
    let mut best = None;
    let mut best_key = u8::MAX;
    for (i, &(m, is_land)) in sources.iter().enumerate().skip(pool) {
        let key = COLOURS_OF[m as usize & ALL_COLOURS] << 1 | u8::from(!is_land);
        if key < best_key && !used.get(i) && fits(m) {
            best = Some(i);
            best_key = key;
            if key == 0 {
                break;
            }
        }
    }
    best
}

/// The symbols paid with mana, with a choice to make (sources of several colours, hybrid
/// symbols): each by the first source (`choose_sources`' order) that leaves the rest payable.
/// Returns whether every symbol was paid.
fn pay_symbols(
    sources: &[(u8, bool)],
    pool: usize,
    cost: &ManaSymbols,
    plan: &Plan,
    generic: u32,
    used: &mut Used,
    out: &mut Vec<usize>,
) -> bool {
    let mut left = Available::default();
    for (i, &(m, _)) in sources.iter().enumerate() {
        if !used.get(i) {
            left.add(m);
        }
    }
    let mut demand = Demand::of(cost, plan.phyrexian_life, generic);
    // The symbols paid with mana, in order: each the mask of the colours that pay it, and
    // whether it is hybrid.
    let mut symbols = smallvec::SmallVec::<[(u8, bool); 16]>::new();
    for c in 0..5 {
        symbols.extend((0..cost.coloured[c]).map(|_| (1u8 << c, false)));
    }
    symbols.extend(
        demand.hybrid[..demand.num_hybrid]
            .iter()
            .map(|&h| (h, true)),
    );
    for c in 0..5 {
        let by_mana = demand.single[c] - cost.coloured[c] as u32;
        symbols.extend((0..by_mana).map(|_| (1u8 << c, false)));
    }
    let mut hybrid_paid = 0;
    for &(symbol, hybrid) in &symbols {
        // The symbol leaves the demand; a source is taken if the rest stays payable.
        let preferred = if hybrid {
            demand.hybrid.copy_within(1..demand.num_hybrid, 0);
            demand.num_hybrid -= 1;
            let (a, b) = cost.hybrid[hybrid_paid];
            hybrid_paid += 1;
            let can_add = |c: u8| {
                (0..sources.len())
                    .filter(|&i| !used.get(i) && sources[i].0 & 1 << c != 0)
                    .count()
            };
            1u8 << if can_add(b) > can_add(a) { b } else { a }
        } else {
            demand.single[symbol.trailing_zeros() as usize] -= 1;
            symbol
        };
        let total = left.total() - 1;
        let payable = |m: u8| {
            let mut rest = left;
            rest.remove(m);
            rest.pays(&demand, total)
        };
        let chosen =
            first(sources, pool, used, &|m| m & preferred != 0 && payable(m)).or_else(|| {
                first(sources, pool, used, &|m| {
                    m & preferred == 0 && m & symbol != 0 && payable(m)
                })
            });
        // The plan is payable, so some source pays (else the sources are not what it read).
        let Some(i) = chosen else {
            return false;
        };
        used.set(i);
        left.remove(sources[i].0);
        out.push(i);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::symbols;

    #[test]
    fn parses_printed_costs_202_1() {
        let c = symbols("{2}{G}{G}");
        assert_eq!(c.generic, 2);
        assert_eq!(c.coloured[Colour::G.index()], 2);
        assert_eq!(c.mana_value(), 4);
        let x = symbols("{X}{R}");
        assert_eq!((x.x, x.mana_value(), total(&x, 3)), (1, 1, 4));
        assert!(crate::testing::try_symbols("{Q}").is_err());
        assert_eq!(symbols(""), ManaSymbols::default());
    }

    #[test]
    fn payability_counts_colours_and_total() {
        let a = Available::of_colours([0, 0, 0, 1, 2]);
        assert!(a.can_pay(&symbols("{1}{G}{G}"), 0, 20));
        assert!(!a.can_pay(&symbols("{R}{R}"), 0, 20));
        assert_eq!(a.max_x(&symbols("{X}{R}"), 20), Some(2));
        assert_eq!(a.max_x(&symbols("{X}{X}"), 20), Some(1));
    }

    #[test]
    fn hybrid_and_phyrexian_symbols_107_4e_107_4f() {
        let ram = symbols("{R/G}{R/G}{R/G}");
        assert_eq!(ram.mana_value(), 3);
        assert!(Available::of_colours([0, 0, 0, 1, 2]).can_pay(&ram, 0, 20));
        assert!(!Available::of_colours([0, 0, 0, 1, 1]).can_pay(&ram, 0, 20));
        let gambit = symbols("{3}{U/P}");
        let p = Available::of_colours([0, 0, 0, 3, 0])
            .plan(&gambit, 0, 20)
            .unwrap();
        assert_eq!((p.life, p.generic), (2, 3), "no blue source: 2 life");
        let p = Available::of_colours([0, 1, 0, 3, 0])
            .plan(&gambit, 0, 20)
            .unwrap();
        assert_eq!(p.life, 0, "mana before life");
        assert!(
            Available::of_colours([0, 0, 0, 3, 0])
                .plan(&gambit, 0, 1)
                .is_none(),
            "119.4"
        );
    }

    #[test]
    fn tezzerets_gambit_with_an_island_two_swamps_and_20_life_107_4f_601_2g_h() {
        // {3}{U/P}: the Island can't pay both {U/P} and a generic mana with the Swamps, so the
        // Phyrexian symbol is paid with 2 life and the three lands pay {3}.
        let gambit = symbols("{3}{U/P}");
        let a = Available::of_colours([0, 1, 2, 0, 0]);
        assert!(a.can_pay(&gambit, 0, 20));
        let p = a.plan(&gambit, 0, 20).unwrap();
        assert_eq!(
            (p.life, p.phyrexian_life, p.generic),
            (2, [0, 1, 0, 0, 0], 3)
        );
        let island_swamps = [(2u8, true), (4, true), (4, true)];
        let mut out = Vec::new();
        choose_sources(&island_swamps, 0, &gambit, 0, &p, &mut out);
        out.sort_unstable();
        assert_eq!(out, vec![0, 1, 2], "the three lands pay {{3}}");
        assert!(!a.can_pay(&gambit, 0, 1), "119.4: with 1 life, not payable");
        assert!(Available::of_colours([0, 1, 3, 0, 0])
            .plan(&gambit, 0, 20)
            .is_some_and(|p| p.life == 0));
    }

    #[test]
    fn a_dual_source_pays_the_colour_it_alone_can_give() {
        // {W}{U} with a W/U dual and a Plains: the dual must pay {U}.
        let wu = 0b00011u8;
        let sources = [(wu, true), (1, true)];
        let cost = symbols("{W}{U}");
        let a = Available::of_masks(&[wu, 1]);
        let p = a.plan(&cost, 0, 20).unwrap();
        let mut out = Vec::new();
        choose_sources(&sources, 0, &cost, 0, &p, &mut out);
        assert_eq!(out, vec![1, 0], "the Plains for {{W}}, the dual for {{U}}");
        assert!(!Available::of_masks(&[wu, wu]).can_pay(&symbols("{W}{U}{B}"), 0, 20));
        assert!(Available::of_masks(&[wu, 0b00110]).can_pay(&symbols("{W}{B}"), 0, 20));
        assert!(!Available::of_masks(&[wu, 0b00011]).can_pay(&symbols("{B}"), 0, 20));
    }

    #[test]
    fn colourless_mana_pays_only_generic_mana_and_pays_it_first_106_1b() {
        // A Mountain and Rogue's Passage ({T}: Add {C}.): {1}{R} is payable, {R}{R} isn't.
        let a = Available::of_masks(&[1 << 3, COLOURLESS]);
        assert_eq!(a.total(), 2);
        assert!(a.can_pay(&symbols("{1}{R}"), 0, 20));
        assert!(!a.can_pay(&symbols("{R}{R}"), 0, 20));
        assert!(!Available::of_masks(&[0b00011, COLOURLESS]).can_pay(&symbols("{W}{U}"), 0, 20));
        assert_eq!(a.max_x(&symbols("{X}{R}"), 20), Some(1));
        // {1}: the colourless source pays, the Mountain stays untapped.
        let sources = [(1 << 3, true), (COLOURLESS, true)];
        let cost = symbols("{1}");
        let p = a.plan(&cost, 0, 20).unwrap();
        let mut out = Vec::new();
        choose_sources(&sources, 0, &cost, 0, &p, &mut out);
        assert_eq!(out, vec![1]);
        let mut rest = a;
        rest.remove(COLOURLESS);
        assert_eq!(rest, Available::of_colours([0, 0, 0, 1, 0]));
        // 107.4c: {C} only by colourless mana, paid first.
        let c = symbols("{C}{R}");
        assert!(a.can_pay(&c, 0, 20));
        assert!(!Available::of_colours([1, 1, 1, 1, 1]).can_pay(&symbols("{C}"), 0, 20));
        assert!(!a.can_pay(&symbols("{C}{C}"), 0, 20));
        assert_eq!(a.max_x(&symbols("{X}{C}"), 20), Some(1));
        let p = a.plan(&c, 0, 20).unwrap();
        choose_sources(&sources, 0, &c, 0, &p, &mut out);
        assert_eq!(out, vec![1, 0]);
    }

    /// Every source a symbol or a generic mana, the Phyrexian symbols paid with life in every
    /// way life allows: whether some assignment pays (the brute force `can_pay` must equal).
    fn brute_force(masks: &[u8], cost: &ManaSymbols, x: u32, life: i64) -> bool {
        if cost.colourless > 0 {
            return false;
        }
        let mut symbols: Vec<(u8, bool)> = Vec::new(); // (colours, Phyrexian)
        for c in 0..5 {
            symbols.extend((0..cost.coloured[c]).map(|_| (1u8 << c, false)));
            symbols.extend((0..cost.phyrexian[c]).map(|_| (1u8 << c, true)));
        }
        for &(a, b) in &cost.hybrid[..cost.num_hybrid as usize] {
            symbols.push((1 << a | 1 << b, false));
        }
        let generic = cost.generic + cost.x as u32 * x;
        fn go(
            symbols: &[(u8, bool)],
            masks: &[u8],
            used: &mut Vec<bool>,
            life_left: i64,
            life_paid: i64,
            generic: u32,
        ) -> bool {
            let Some((&(colours, phyrexian), rest)) = symbols.split_first() else {
                let free = used.iter().filter(|&&u| !u).count() as u32;
                return free >= generic;
            };
            if phyrexian
                && life_left >= life_paid + 2
                && go(rest, masks, used, life_left, life_paid + 2, generic)
            {
                return true;
            }
            for i in 0..masks.len() {
                if !used[i] && masks[i] & colours != 0 {
                    used[i] = true;
                    let ok = go(rest, masks, used, life_left, life_paid, generic);
                    used[i] = false;
                    if ok {
                        return true;
                    }
                }
            }
            false
        }
        go(
            &symbols,
            masks,
            &mut vec![false; masks.len()],
            life,
            0,
            generic,
        )
    }

    #[test]
    fn can_pay_is_whether_some_assignment_pays_601_2g_h() {
        let costs = [
            "",
            "3",
            "{G}",
            "{1}{G}{G}",
            "{X}{R}",
            "{2}{W}{U}",
            "{R/G}{R/G}",
            "{3}{U/P}",
            "{B/P}{B/P}",
            "{X}{X}{G}",
            "{W/U}{U/B}{B/W}",
            "{G/P}{R/G}",
            "{1}{W/P}{U/P}",
            "{U}{U/B}{B/P}",
        ];
        // Boards of up to four sources among these masks: single colours, duals, three colours,
        // all five.
        let masks = [
            1u8, 2, 4, 8, 16, 0b00011, 0b00110, 0b11000, 0b10001, 0b00111, 31,
        ];
        let mut rng = crate::rng::SplitMix::new(7);
        for text in costs {
            let cost = symbols(text);
            for _ in 0..400 {
                let n = rng.below(5) as usize;
                let board: Vec<u8> = (0..n)
                    .map(|_| masks[rng.below(masks.len() as u32) as usize])
                    .collect();
                let a = Available::of_masks(&board);
                for (x, life) in [(0, 20), (1, 20), (2, 1), (0, 2), (0, 3), (0, 0), (0, -1)] {
                    let exact = brute_force(&board, &cost, x, life);
                    assert_eq!(
                        a.can_pay(&cost, x, life),
                        exact,
                        "{text} on {board:?}, x {x}, life {life}"
                    );
                    let plan = a.plan(&cost, x, life);
                    assert_eq!(plan.is_some(), exact, "{text} on {board:?}: a plan");
                    if let Some(plan) = plan {
                        // The sources chosen pay it: one each, the right colours.
                        let sources: Vec<(u8, bool)> =
                            board.iter().map(|&m| (m, rng.below(2) == 0)).collect();
                        let mut out = Vec::new();
                        choose_sources(&sources, 0, &cost, x, &plan, &mut out);
                        let needed = total(&cost, x) as usize
                            - plan
                                .phyrexian_life
                                .iter()
                                .map(|&n| n as usize)
                                .sum::<usize>();
                        assert_eq!(out.len(), needed, "{text} on {board:?}: every mana");
                        let chosen: Vec<u8> = out.iter().map(|&i| board[i]).collect();
                        let mut paid = cost;
                        for c in 0..5 {
                            paid.phyrexian[c] -= plan.phyrexian_life[c];
                        }
                        assert!(brute_force(&chosen, &paid, x, 0), "{text} on {board:?}");
                    }
                }
                let most = (0..=12).rev().find(|&x| brute_force(&board, &cost, x, 20));
                assert_eq!(
                    a.max_x(&cost, 20),
                    most.map(|x| if cost.x == 0 { 0 } else { x }),
                    "{text} on {board:?}: the largest X"
                );
            }
        }
    }

    #[test]
    fn the_mana_in_the_pool_pays_first_106_4() {
        let (g, r) = (1u8 << Colour::G.index(), 1u8 << Colour::R.index());
        // {G} in the pool, then a Mountain and a Forest: {1}{G} spends the pool's {G} and the
        // Mountain (the generic mana: the Forest stays, the only green left).
        let s = [(g, true), (r, true), (g, true)];
        let cost = symbols("{1}{G}");
        let plan = Available::of_masks(&[g, r, g]).plan(&cost, 0, 20).unwrap();
        let mut out = Vec::new();
        choose_sources(&s, 1, &cost, 0, &plan, &mut out);
        assert_eq!(out, vec![0, 1]);
        // {R} in the pool pays the generic mana before any land.
        let s = [(r, true), (g, true), (g, true)];
        choose_sources(&s, 1, &cost, 0, &plan, &mut out);
        assert_eq!(out, vec![1, 0]);
    }

    #[test]
    fn generic_keeps_the_scarce_colour() {
        let (g, r) = (1u8 << Colour::G.index(), 1u8 << Colour::R.index());
        // Three forests and a mountain: {1}{G} taps two forests, not the mountain.
        let s = [(g, true), (g, true), (r, true), (g, true)];
        let mut out = Vec::new();
        let cost = symbols("{1}{G}");
        let plan = Available::of_colours([0, 0, 0, 1, 3])
            .plan(&cost, 0, 20)
            .unwrap();
        choose_sources(&s, 0, &cost, 0, &plan, &mut out);
        assert_eq!(out, vec![0, 1]);
        // Lands before creatures for coloured symbols.
        let s = [(g, false), (g, true)];
        let cost = symbols("{G}");
        let plan = Available::of_colours([0, 0, 0, 0, 2])
            .plan(&cost, 0, 20)
            .unwrap();
        choose_sources(&s, 0, &cost, 0, &plan, &mut out);
        assert_eq!(out, vec![1]);
    }
}
