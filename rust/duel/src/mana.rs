//! Mana (106, 107.4, 202): what a player's untapped sources can pay, and the automatic,
//! deterministic payment rule of docs/DUEL.md ("Mana"). Costs are the card model's
//! (`cardstate_effects::ManaSymbols`).

pub use cardstate_effects::{Colour, ManaSymbols};

/// How a cost is paid: mana of each colour for the coloured, hybrid and Phyrexian symbols,
/// generic mana (any colour), and life for Phyrexian symbols paid with life.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    pub coloured: [u32; 5],
    pub generic: u32,
    pub life: u32,
}

/// The total to pay for a cost with a given X (107.3: each X costs X).
pub fn total(cost: &ManaSymbols, x: u32) -> u32 {
    cost.mana_value() + cost.x as u32 * x
}

/// The untapped mana sources of a player, counted by colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Available(pub [u32; 5]);

impl Available {
    pub fn total(&self) -> u32 {
        self.0.iter().sum()
    }

    /// How the sources pay `cost` with X = `x` and `life` to spend, if they can (each source
    /// adds one mana of one colour). Hybrid symbols take the colour with more sources left;
    /// Phyrexian symbols take mana of their colour when a source is left, else 2 life (119.4:
    /// only with that much life). Documented in docs/DUEL.md, "Mana".
    // The colours index three parallel arrays.
    #[allow(clippy::needless_range_loop)]
    pub fn plan(&self, cost: &ManaSymbols, x: u32, life: i64) -> Option<Plan> {
        if cost.colourless > 0 {
            // 107.4c: only colourless mana pays {C}, and no source of the duel adds it.
            return None;
        }
        let mut left = self.0;
        let mut plan = Plan::default();
        for c in 0..5 {
            let need = cost.coloured[c] as u32;
            if left[c] < need {
                return None;
            }
            left[c] -= need;
            plan.coloured[c] += need;
        }
        for &(a, b) in &cost.hybrid[..cost.num_hybrid as usize] {
            let (a, b) = (a as usize, b as usize);
            let c = if left[b] > left[a] { b } else { a };
            if left[c] == 0 {
                return None;
            }
            left[c] -= 1;
            plan.coloured[c] += 1;
        }
        for c in 0..5 {
            for _ in 0..cost.phyrexian[c] {
                if left[c] > 0 {
                    left[c] -= 1;
                    plan.coloured[c] += 1;
                } else {
                    plan.life += 2;
                }
            }
        }
        if plan.life as i64 > life {
            return None;
        }
        let generic = cost.generic + cost.x as u32 * x;
        if left.iter().sum::<u32>() < generic {
            return None;
        }
        plan.generic = generic;
        Some(plan)
    }

    pub fn can_pay(&self, cost: &ManaSymbols, x: u32, life: i64) -> bool {
        // Without hybrid and Phyrexian symbols the plan is each colour's symbols from its
        // sources and the generic mana from the rest: checked without making it (the test
        // at every priority; `plan` pays).
        if !cost.has_alternatives() && cost.colourless == 0 {
            let mut left = 0;
            for (&have, &need) in self.0.iter().zip(&cost.coloured) {
                if have < need as u32 {
                    return false;
                }
                left += have - need as u32;
            }
            return life >= 0 && left >= cost.generic + cost.x as u32 * x;
        }
        self.plan(cost, x, life).is_some()
    }

    /// The largest X payable (None if not even X = 0 is).
    pub fn max_x(&self, cost: &ManaSymbols, life: i64) -> Option<u32> {
        let p = self.plan(cost, 0, life)?;
        if cost.x == 0 {
            return Some(0);
        }
        let used: u32 = p.coloured.iter().sum::<u32>() + p.generic;
        Some((self.total() - used) / cost.x as u32)
    }
}

/// Chooses which sources to tap for a plan (docs/DUEL.md, "Mana"): `sources` are (colour, is
/// a land) in the player's permanent order; their indices go to `out`. Coloured mana first,
/// WUBRG, each from the first untapped source of its colour (lands before creatures); then
/// generic mana, each from a source of the colour with the most untapped sources left (lands
/// before creatures, ties to WUBRG order), so scarce colours stay untapped.
pub fn choose_sources(sources: &[(Colour, bool)], plan: &Plan, out: &mut Vec<usize>) {
    out.clear();
    let mut used = [false; 64];
    let n = sources.len().min(64);
    let take = |want: Option<Colour>, used: &mut [bool; 64], out: &mut Vec<usize>| {
        for land_pass in [true, false] {
            for i in 0..n {
                let (c, land) = sources[i];
                if !used[i] && land == land_pass && want.is_none_or(|w| w == c) {
                    used[i] = true;
                    out.push(i);
                    return;
                }
            }
        }
    };
    for col in Colour::ALL {
        for _ in 0..plan.coloured[col as usize] {
            take(Some(col), &mut used, out);
        }
    }
    for _ in 0..plan.generic {
        let mut left = [0u32; 5];
        for i in 0..n {
            if !used[i] {
                left[sources[i].0 as usize] += 1;
            }
        }
        let best = (0..5).max_by_key(|&c| (left[c], std::cmp::Reverse(c)));
        match best {
            Some(c) if left[c] > 0 => take(Some(Colour::ALL[c]), &mut used, out),
            _ => take(None, &mut used, out),
        }
    }
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
        let a = Available([0, 0, 0, 1, 2]);
        assert!(a.can_pay(&symbols("{1}{G}{G}"), 0, 20));
        assert!(!a.can_pay(&symbols("{R}{R}"), 0, 20));
        assert_eq!(a.max_x(&symbols("{X}{R}"), 20), Some(2));
        assert_eq!(a.max_x(&symbols("{X}{X}"), 20), Some(1));
    }

    #[test]
    fn hybrid_and_phyrexian_symbols_107_4e_107_4f() {
        let ram = symbols("{R/G}{R/G}{R/G}");
        assert_eq!(ram.mana_value(), 3);
        assert!(Available([0, 0, 0, 1, 2]).can_pay(&ram, 0, 20));
        assert!(!Available([0, 0, 0, 1, 1]).can_pay(&ram, 0, 20));
        let gambit = symbols("{3}{U/P}");
        let p = Available([0, 0, 0, 3, 0]).plan(&gambit, 0, 20).unwrap();
        assert_eq!((p.life, p.generic), (2, 3), "no blue source: 2 life");
        let p = Available([0, 1, 0, 3, 0]).plan(&gambit, 0, 20).unwrap();
        assert_eq!(p.life, 0);
        assert!(
            Available([0, 0, 0, 3, 0]).plan(&gambit, 0, 1).is_none(),
            "119.4"
        );
    }

    #[test]
    fn can_pay_is_whether_there_is_a_plan() {
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
        ];
        for text in costs {
            let cost = symbols(text);
            for n in 0..3u32.pow(5) {
                let a = Available(std::array::from_fn(|c| n / 3u32.pow(c as u32) % 3));
                for (x, life) in [(0, 20), (1, 20), (2, 1), (0, 0), (0, -1)] {
                    assert_eq!(
                        a.can_pay(&cost, x, life),
                        a.plan(&cost, x, life).is_some(),
                        "{text} with {a:?}, x {x}, life {life}"
                    );
                }
            }
        }
    }

    #[test]
    fn generic_keeps_the_scarce_colour() {
        let (green, red) = (Colour::G, Colour::R);
        // Three forests and a mountain: {1}{G} taps two forests, not the mountain.
        let s = [(green, true), (green, true), (red, true), (green, true)];
        let mut out = Vec::new();
        let plan = |a: [u32; 5], c: &str| Available(a).plan(&symbols(c), 0, 20);
        choose_sources(&s, &plan([0, 0, 0, 1, 3], "{1}{G}").unwrap(), &mut out);
        assert_eq!(out, vec![0, 1]);
        // Lands before creatures for coloured symbols.
        let s = [(green, false), (green, true)];
        choose_sources(&s, &plan([0, 0, 0, 0, 2], "{G}").unwrap(), &mut out);
        assert_eq!(out, vec![1]);
    }
}
