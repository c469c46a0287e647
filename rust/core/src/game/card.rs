//! A card's description for `create` (SEMANTICS §3) and its validation into printed
//! characteristics.

use super::{Cost, Game, Printed};
use crate::error::{overflow, refuse, Error, Reason, Result};
use crate::keywords::{self, card_type, supertype, Keywords, Supertypes, Types};

/// A card's description for `create` (SEMANTICS §3), not yet validated.
#[derive(Clone, Debug, Default)]
pub struct CardSpec {
    pub name: String,
    pub types: Vec<String>,
    /// Supertypes (205.4): `legendary`, `basic`, `ongoing`, `snow`, `world`.
    pub supertypes: Vec<String>,
    pub subtypes: Vec<String>,
    /// Keyword and its value (1 for plain keywords).
    pub keywords: Vec<(String, i64)>,
    pub power: Option<i64>,
    pub toughness: Option<i64>,
    pub loyalty: Option<i64>,
    pub defense: Option<i64>,
    pub cost: Option<CostSpec>,
    pub strength: Option<i64>,
    pub lives: Option<i64>,
    pub movement: Option<i64>,
    pub flying: bool,
    pub elite: bool,
    /// A token (111.1): it ceases to exist outside the battlefield (704.5d).
    pub token: bool,
}

#[derive(Clone, Debug)]
pub enum CostSpec {
    Fixed(i64),
    Text(String),
}

impl Game {
    /// Validates a card description into printed characteristics.
    pub fn validate_card(&mut self, spec: &CardSpec) -> Result<Printed> {
        let allowed = self.ruleset.types();
        let mut types = Types::default();
        for t in &spec.types {
            match card_type(t) {
                Some(ty) if allowed.contains(ty) => types.0 |= ty.0,
                _ => {
                    return refuse(
                        Reason::UnknownName,
                        format!(
                            "unknown type {t:?} in the {} ruleset; valid types: {}",
                            self.ruleset.as_str(),
                            allowed.names().collect::<Vec<_>>().join(", ")
                        ),
                    )
                }
            }
        }
        let mut supertypes = Supertypes::EMPTY;
        for t in &spec.supertypes {
            match supertype(t).filter(|_| self.ruleset.is_magic()) {
                Some(st) => supertypes.0 |= st.0,
                None => {
                    let valid = if self.ruleset.is_magic() {
                        keywords::SUPERTYPE_NAMES.join(", ")
                    } else {
                        "none".to_string()
                    };
                    return refuse(
                        Reason::UnknownName,
                        format!(
                            "unknown supertype {t:?} in the {} ruleset; valid supertypes: {valid}",
                            self.ruleset.as_str()
                        ),
                    );
                }
            }
        }
        crate::limits::check_name_length(&spec.name, "the card name")?;
        for s in &spec.subtypes {
            if s.is_empty() {
                return refuse(Reason::BadName, "a subtype must be a non-empty name");
            }
            crate::limits::check_name_length(s, "a subtype")?;
        }
        let mut kw = Keywords::EMPTY;
        let mut toxic: u32 = 0;
        for (name, v) in &spec.keywords {
            let Some(k) = keywords::keyword(name) else {
                return Err(keywords::unknown(name));
            };
            if k == Keywords::TOXIC {
                if *v < 1 {
                    return refuse(
                        Reason::BelowMinimum,
                        format!("toxic needs a value of at least 1, got {v}"),
                    );
                }
                toxic = u32::try_from(*v)
                    .ok()
                    .and_then(|v| toxic.checked_add(v))
                    .ok_or_else(|| Error::Overflow("toxic value too large".into()))?;
            } else if *v != 1 {
                return refuse(
                    Reason::BadAmount,
                    format!("{name} is not a valued keyword; its value must be 1"),
                );
            }
            kw = kw.union(k);
        }
        if spec.flying {
            kw = kw.union(Keywords::FLYING);
        }
        let signed = |what: &str, v: Option<i64>| -> Result<Option<i32>> {
            match v {
                None => Ok(None),
                Some(v) if !crate::limits::stat_ok(v) => overflow(what),
                Some(v) => Ok(Some(v as i32)),
            }
        };
        let unsigned = |what: &str, v: Option<i64>| -> Result<Option<i32>> {
            match v {
                Some(v) if v < 0 => refuse(
                    Reason::BelowMinimum,
                    format!("{what} must be at least 0, got {v}"),
                ),
                v => signed(what, v),
            }
        };
        let cost = match &spec.cost {
            None => None,
            Some(CostSpec::Fixed(n)) => {
                let n = unsigned("cost", Some(*n))?.unwrap_or(0);
                Some(Cost {
                    base: n as u32,
                    xs: 0,
                })
            }
            Some(CostSpec::Text(t)) => Some(Cost::parse(t)?),
        };
        let power = signed("power", spec.power)?;
        let toughness = signed("toughness", spec.toughness)?;
        let loyalty = unsigned("loyalty", spec.loyalty)?.map(|v| v as u32);
        let defense = unsigned("defense", spec.defense)?.map(|v| v as u32);
        let strength = unsigned("strength", spec.strength)?;
        let lives = unsigned("lives", spec.lives)?;
        let movement = unsigned("movement", spec.movement)?;
        // Interned last, once everything is valid.
        let subtypes = self.intern_subtypes(&spec.subtypes);
        Ok(Printed {
            name: spec.name.as_str().into(),
            types,
            supertypes,
            subtypes,
            keywords: kw,
            toxic,
            power,
            toughness,
            loyalty,
            defense,
            cost,
            strength,
            lives,
            movement,
            elite: spec.elite,
            token: spec.token,
            hash: 0,
            fresh_chars: 0,
        }
        .finish(&self.subtype_names))
    }
}
