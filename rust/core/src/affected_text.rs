//! The texts of what a continuous effect affects (docs/SEMANTICS.md §11): `"this"`, filter
//! clauses of permanents with their subtype, "other" and quality, `"this while <filter>"`,
//! `"this while <condition>"` and `"<filter> while <condition>"` (611.3a), read into
//! [`Affected`] and written back.

use crate::error::{refuse, Error, Reason, Result};
use crate::game::continuous_effect::split_subtype;
use crate::game::continuous_effect::value_err;
use crate::game::{Affected, Clause, Condition, FilterClause, Game, Scope, With};

impl Game {
    /// `"this"`, or filter clauses of permanents ("creatures you control", "creatures your
    /// opponents control", "other creatures you control", "Zombie creatures you control": a
    /// subtype before the plural type, 205.3), each "other" or not. A subtype new to the game
    /// is interned once every text is known good.
    pub(crate) fn parse_affected(
        &mut self,
        texts: &[String],
        source: Option<u32>,
        controller: Option<u32>,
    ) -> Result<Affected> {
        if texts.is_empty() {
            return value_err("an effect must affect something: give affected=");
        }
        if texts.len() == 1 && texts[0] == "this" {
            if source.is_none() {
                return value_err("\"this\" needs a source=");
            }
            return Ok(Affected::This);
        }
        // "this while 7 or more cards in your graveyard", "this while 3 or more +1/+1
        // counters on it": the source, as long as the condition holds.
        if let Some(condition) = texts
            .first()
            .filter(|_| texts.len() == 1)
            .and_then(|t| t.strip_prefix("this while "))
            .map(parse_condition)
            .transpose()?
            .flatten()
        {
            if source.is_none() {
                return value_err("\"this while\" needs a source=");
            }
            return Ok(Affected::ThisIf(condition));
        }
        // "creatures you control with a +1/+1 counter while your turn": the filter, as long
        // as the condition holds (each text names the same one).
        if let Some((rest, condition)) = texts
            .first()
            .filter(|t| !t.starts_with("this while "))
            .and_then(|t| t.rsplit_once(" while "))
        {
            let Some(condition) = parse_condition(condition)? else {
                return value_err(format!(
                    "{:?}: \"<filter> while <condition>\" takes a condition",
                    texts[0]
                ));
            };
            let mut filters = Vec::with_capacity(texts.len());
            filters.push(rest.to_string());
            for t in &texts[1..] {
                match t.rsplit_once(" while ") {
                    Some((f, c)) if parse_condition(c)? == Some(condition) => {
                        filters.push(f.to_string())
                    }
                    _ => {
                        return value_err(format!(
                            "{t:?}: every filter of a conditional effect names its condition"
                        ))
                    }
                }
            }
            if source.is_none() {
                return value_err("\"<filter> while <condition>\" needs a source=");
            }
            return match self.parse_affected(&filters, source, controller)? {
                Affected::Filter(clauses) => Ok(Affected::FilterIf(condition, clauses)),
                _ => value_err(format!(
                    "{:?}: \"while\" follows a filter of permanents",
                    texts[0]
                )),
            };
        }
        // "this while artifacts you control": the source, as long as its controller controls
        // such a permanent.
        if let Some(rest) = texts
            .first()
            .and_then(|t| t.strip_prefix("this while "))
            .filter(|_| texts.len() == 1)
        {
            if source.is_none() {
                return value_err("\"this while\" needs a source=");
            }
            return match self.parse_affected(&[rest.to_string()], source, controller)? {
                Affected::Filter(clauses) => Ok(Affected::ThisWhile(clauses)),
                _ => value_err(format!(
                    "{rest:?}: \"this while\" takes a filter of permanents"
                )),
            };
        }
        let allowed = self.ruleset.types();
        let mut parsed: Vec<(Clause, Option<&str>, bool, Option<With>)> =
            Vec::with_capacity(texts.len());
        for t in texts {
            let (rest, other) = match t.strip_prefix("other ") {
                Some(rest) => (rest, true),
                None => (t.as_str(), false),
            };
            let (rest, with) = split_with(rest)?;
            let (subtype, rest) = split_subtype(rest);
            // "your opponents control" is how cards say it.
            let rest = rest.replace(" your opponents control", " opponents control");
            let c = Clause::parse(&rest, allowed).map_err(|e| match subtype {
                Some(_) => Error::refused(
                    Reason::UnknownName,
                    format!(
                        "unknown filter {t:?}: a subtype comes before a plural card type \
                         (\"Zombie creatures you control\")"
                    ),
                ),
                None => e,
            })?;
            if c.players {
                return value_err(format!(
                    "{t:?}: continuous effects affect permanents, not players"
                ));
            }
            if let Some(s) = subtype {
                if s.is_empty() {
                    return refuse(Reason::BadName, "a subtype must be a non-empty name");
                }
                crate::limits::check_name_length(s, "a subtype")?;
            }
            parsed.push((c, subtype, other, with));
        }
        if source.is_none() && parsed.iter().any(|p| p.2) {
            return value_err("\"other\" needs a source=");
        }
        if source.is_none()
            && controller.is_none()
            && parsed.iter().any(|p| p.0.scope != Scope::Any)
        {
            return value_err("\"you\" and \"opponents\" need a source= or a controller=");
        }
        let clauses = parsed
            .into_iter()
            .map(|(clause, subtype, other, with)| FilterClause {
                clause,
                subtype: subtype.map(|s| self.intern_subtypes(&[s])[0]),
                other,
                with,
            })
            .collect();
        Ok(Affected::Filter(clauses))
    }

    /// The affected filter as texts (what `add_continuous_effect` reads: "other " and the
    /// subtype's name first where they apply), or `None` for a locked-in set.
    pub fn describe_affected(&self, a: &Affected) -> Option<Vec<String>> {
        match a {
            Affected::This => Some(vec!["this".to_string()]),
            Affected::ThisWhile(clauses) => Some(
                clauses
                    .iter()
                    .map(|k| format!("this while {}", self.describe_clause(k)))
                    .collect(),
            ),
            Affected::Filter(clauses) => {
                Some(clauses.iter().map(|k| self.describe_clause(k)).collect())
            }
            Affected::ThisIf(condition) => Some(vec![format!(
                "this while {}",
                describe_condition(*condition)
            )]),
            Affected::FilterIf(condition, clauses) => Some(
                clauses
                    .iter()
                    .map(|k| {
                        format!(
                            "{} while {}",
                            self.describe_clause(k),
                            describe_condition(*condition)
                        )
                    })
                    .collect(),
            ),
            Affected::Fixed(_) => None,
        }
    }

    /// One filter clause as text ("other " and the subtype's name first where they apply).
    fn describe_clause(&self, k: &FilterClause) -> String {
        let mut text = String::new();
        if k.other {
            text.push_str("other ");
        }
        if let Some(s) = k.subtype {
            text.push_str(self.subtype_name(s));
            text.push(' ');
        }
        text.push_str(&k.clause.describe());
        match k.with {
            Some(With::Counter(kind)) => text.push_str(&format!(
                " with a {} counter",
                crate::kinds::builtin_name(kind)
            )),
            Some(With::Keyword(kw)) => {
                text.push_str(" with ");
                text.push_str(kw.names().next().unwrap_or_default());
            }
            None => {}
        }
        text
    }
}

/// A filter text's quality, split off its end: " with a +1/+1 counter" (a built-in kind),
/// " with flying" (a keyword).
fn split_with(text: &str) -> Result<(&str, Option<With>)> {
    let Some(at) = text.find(" with ") else {
        return Ok((text, None));
    };
    let (rest, quality) = (&text[..at], &text[at + " with ".len()..]);
    if let Some(kind) = quality
        .strip_prefix("a ")
        .and_then(|q| q.strip_suffix(" counter"))
    {
        return match crate::kinds::builtin(kind) {
            Some(k) => Ok((rest, Some(With::Counter(k)))),
            None => value_err(format!(
                "{text:?}: \"with a <kind> counter\" takes a built-in counter kind"
            )),
        };
    }
    match crate::keywords::keyword(quality) {
        Some(k) => Ok((rest, Some(With::Keyword(k)))),
        None => Err(crate::keywords::unknown(quality)),
    }
}

/// A static ability's condition as text ("7 or more cards in your graveyard", "3 or more
/// +1/+1 counters on it"), or `None` for another text (a filter of "this while").
fn parse_condition(text: &str) -> Result<Option<Condition>> {
    if text == "untapped" {
        return Ok(Some(Condition::Untapped));
    }
    if text == "your turn" {
        return Ok(Some(Condition::YourTurn));
    }
    let Some((n, rest)) = text.split_once(" or more ") else {
        return Ok(None);
    };
    let Ok(n) = n.parse::<u32>() else {
        return Ok(None);
    };
    if rest == "cards in your graveyard" {
        return Ok(Some(Condition::GraveyardAtLeast(n)));
    }
    if rest == "life" {
        return Ok(Some(Condition::LifeAtLeast(n)));
    }
    match rest.strip_suffix(" counters on it") {
        Some(kind) => match crate::kinds::builtin(kind) {
            Some(k) => Ok(Some(Condition::CountersAtLeast(k, n))),
            None => value_err(format!(
                "{text:?}: \"N or more <kind> counters on it\" takes a built-in counter kind"
            )),
        },
        None => value_err(format!(
            "unknown condition {text:?}: \"N or more cards in your graveyard\", \"N or more \
             <kind> counters on it\", \"N or more life\", \"untapped\" or \"your turn\""
        )),
    }
}

/// The text of a condition (what `parse_condition` reads).
fn describe_condition(condition: Condition) -> String {
    match condition {
        Condition::GraveyardAtLeast(n) => format!("{n} or more cards in your graveyard"),
        Condition::CountersAtLeast(kind, n) => {
            format!(
                "{n} or more {} counters on it",
                crate::kinds::builtin_name(kind)
            )
        }
        Condition::Untapped => "untapped".to_string(),
        Condition::YourTurn => "your turn".to_string(),
        Condition::LifeAtLeast(n) => format!("{n} or more life"),
    }
}

/// A condition as (tag, built-in kind, N): what the bytes and the hash hold.
pub(crate) fn condition_parts(condition: Condition) -> (u8, u16, u32) {
    match condition {
        Condition::GraveyardAtLeast(n) => (0, 0, n),
        Condition::CountersAtLeast(kind, n) => (1, kind.0, n),
        Condition::Untapped => (2, 0, 0),
        Condition::YourTurn => (3, 0, 0),
        Condition::LifeAtLeast(n) => (4, 0, n),
    }
}

/// A condition's parts in one number (what the hash holds).
pub(crate) fn condition_bits(condition: Condition) -> u64 {
    let (tag, kind, n) = condition_parts(condition);
    (tag as u64) << 40 | (kind as u64) << 32 | n as u64
}

/// A filter's quality as (tag, code): a built-in kind's id or a keyword's bits.
pub(crate) fn with_parts(with: With) -> (u8, u32) {
    match with {
        With::Counter(kind) => (1, kind.0 as u32),
        With::Keyword(k) => (2, k.0),
    }
}
