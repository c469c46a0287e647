//! Mana (106, 107.4, 202): costs with generic, coloured and X symbols, and the automatic,
//! deterministic payment rule of docs/DUEL.md ("Mana").

/// The five colours, in WUBRG order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Colour {
    White = 0,
    Blue = 1,
    Black = 2,
    Red = 3,
    Green = 4,
}

pub const COLOUR_SYMBOLS: [char; 5] = ['W', 'U', 'B', 'R', 'G'];

impl Colour {
    pub const ALL: [Colour; 5] = [
        Colour::White,
        Colour::Blue,
        Colour::Black,
        Colour::Red,
        Colour::Green,
    ];

    pub fn from_symbol(c: char) -> Option<Colour> {
        COLOUR_SYMBOLS
            .iter()
            .position(|&s| s == c)
            .map(|i| Colour::ALL[i])
    }

    /// The colour a basic land type taps for (305.6).
    pub fn of_basic_land_type(subtype: &str) -> Option<Colour> {
        Some(match subtype {
            "Plains" => Colour::White,
            "Island" => Colour::Blue,
            "Swamp" => Colour::Black,
            "Mountain" => Colour::Red,
            "Forest" => Colour::Green,
            _ => return None,
        })
    }
}

/// A mana cost (202.1): generic mana, coloured symbols per colour, X symbols (107.3), hybrid
/// symbols (107.4e) and Phyrexian symbols (107.4f).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ManaCost {
    pub generic: u8,
    pub coloured: [u8; 5],
    /// How many X symbols (107.3: X is chosen when casting; each X costs X).
    pub x: u8,
    /// Hybrid symbols: the two colours of each (up to 4).
    pub hybrid: [(u8, u8); 4],
    pub num_hybrid: u8,
    /// Phyrexian symbols per colour (pay that colour or 2 life).
    pub phyrexian: [u8; 5],
}

/// How a cost is paid: mana of each colour for the coloured, hybrid and Phyrexian symbols,
/// generic mana (any colour), and life for Phyrexian symbols paid with life.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    pub coloured: [u32; 5],
    pub generic: u32,
    pub life: u32,
}

impl ManaCost {
    /// Parses printed symbols such as `"{1}{G}"`, `"{X}{R}"`, `"3"` or `""` (no cost).
    pub fn parse(text: &str) -> Result<ManaCost, String> {
        let mut c = ManaCost::default();
        let t = text.trim();
        if t.is_empty() {
            return Ok(c);
        }
        if let Ok(n) = t.parse::<u8>() {
            c.generic = n;
            return Ok(c);
        }
        let mut rest = t;
        while !rest.is_empty() {
            let Some(stripped) = rest.strip_prefix('{') else {
                return Err(format!("bad mana cost {text:?}"));
            };
            let Some(end) = stripped.find('}') else {
                return Err(format!("bad mana cost {text:?}"));
            };
            let sym = &stripped[..end];
            rest = &stripped[end + 1..];
            if let Ok(n) = sym.parse::<u8>() {
                c.generic = c
                    .generic
                    .checked_add(n)
                    .ok_or_else(|| format!("mana cost {text:?} is too large"))?;
            } else if sym == "X" {
                c.x += 1;
            } else if let Some((a, b)) = sym.split_once('/') {
                let col = |t: &str| {
                    t.chars()
                        .next()
                        .filter(|_| t.len() == 1)
                        .and_then(Colour::from_symbol)
                };
                match (col(a), col(b), b) {
                    (Some(ca), _, "P") => c.phyrexian[ca as usize] += 1,
                    (Some(ca), Some(cb), _) if (c.num_hybrid as usize) < c.hybrid.len() => {
                        c.hybrid[c.num_hybrid as usize] = (ca as u8, cb as u8);
                        c.num_hybrid += 1;
                    }
                    _ => return Err(format!("unsupported mana symbol {{{sym}}} in {text:?}")),
                }
            } else if let Some(col) = sym
                .chars()
                .next()
                .filter(|_| sym.len() == 1)
                .and_then(Colour::from_symbol)
            {
                c.coloured[col as usize] += 1;
            } else {
                return Err(format!("unsupported mana symbol {{{sym}}} in {text:?}"));
            }
        }
        Ok(c)
    }

    /// Mana value with X = 0 (202.3; a hybrid or Phyrexian symbol counts one, 202.2d).
    pub fn mana_value(&self) -> u32 {
        self.generic as u32
            + self.coloured.iter().map(|&n| n as u32).sum::<u32>()
            + self.num_hybrid as u32
            + self.phyrexian.iter().map(|&n| n as u32).sum::<u32>()
    }

    /// The total to pay for a given X.
    pub fn total(&self, x: u32) -> u32 {
        self.mana_value() + self.x as u32 * x
    }
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
    pub fn plan(&self, cost: &ManaCost, x: u32, life: i64) -> Option<Plan> {
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
        let generic = cost.generic as u32 + cost.x as u32 * x;
        if left.iter().sum::<u32>() < generic {
            return None;
        }
        plan.generic = generic;
        Some(plan)
    }

    pub fn can_pay(&self, cost: &ManaCost, x: u32, life: i64) -> bool {
        // Without hybrid and Phyrexian symbols the plan is each colour's symbols from its
        // sources and the generic mana from the rest: checked without making it (the test
        // at every priority; `plan` pays).
        if cost.num_hybrid == 0 && cost.phyrexian == [0; 5] {
            let mut left = 0;
            for (&have, &need) in self.0.iter().zip(&cost.coloured) {
                if have < need as u32 {
                    return false;
                }
                left += have - need as u32;
            }
            return life >= 0 && left >= cost.generic as u32 + cost.x as u32 * x;
        }
        self.plan(cost, x, life).is_some()
    }

    /// The largest X payable (None if not even X = 0 is).
    pub fn max_x(&self, cost: &ManaCost, life: i64) -> Option<u32> {
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

    #[test]
    fn parses_printed_costs_202_1() {
        let c = ManaCost::parse("{2}{G}{G}").unwrap();
        assert_eq!(c.generic, 2);
        assert_eq!(c.coloured[Colour::Green as usize], 2);
        assert_eq!(c.mana_value(), 4);
        let x = ManaCost::parse("{X}{R}").unwrap();
        assert_eq!((x.x, x.mana_value(), x.total(3)), (1, 1, 4));
        assert!(ManaCost::parse("{Q}").is_err());
        assert_eq!(ManaCost::parse("").unwrap(), ManaCost::default());
    }

    #[test]
    fn payability_counts_colours_and_total() {
        let a = Available([0, 0, 0, 1, 2]);
        assert!(a.can_pay(&ManaCost::parse("{1}{G}{G}").unwrap(), 0, 20));
        assert!(!a.can_pay(&ManaCost::parse("{R}{R}").unwrap(), 0, 20));
        assert_eq!(a.max_x(&ManaCost::parse("{X}{R}").unwrap(), 20), Some(2));
        assert_eq!(a.max_x(&ManaCost::parse("{X}{X}").unwrap(), 20), Some(1));
    }

    #[test]
    fn hybrid_and_phyrexian_symbols_107_4e_107_4f() {
        let ram = ManaCost::parse("{R/G}{R/G}{R/G}").unwrap();
        assert_eq!(ram.mana_value(), 3);
        assert!(Available([0, 0, 0, 1, 2]).can_pay(&ram, 0, 20));
        assert!(!Available([0, 0, 0, 1, 1]).can_pay(&ram, 0, 20));
        let gambit = ManaCost::parse("{3}{U/P}").unwrap();
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
            let cost = ManaCost::parse(text).unwrap();
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
        use Colour::*;
        // Three forests and a mountain: {1}{G} taps two forests, not the mountain.
        let s = [(Green, true), (Green, true), (Red, true), (Green, true)];
        let mut out = Vec::new();
        let plan = |a: [u32; 5], c: &str| Available(a).plan(&ManaCost::parse(c).unwrap(), 0, 20);
        choose_sources(&s, &plan([0, 0, 0, 1, 3], "{1}{G}").unwrap(), &mut out);
        assert_eq!(out, vec![0, 1]);
        // Lands before creatures for coloured symbols.
        let s = [(Green, false), (Green, true)];
        choose_sources(&s, &plan([0, 0, 0, 0, 2], "{G}").unwrap(), &mut out);
        assert_eq!(out, vec![1]);
    }
}
