//! A refusal to parse compiled card data, named by the card and the field.

use crate::error::Error;

/// A parse error naming the card (by its name where the text has one) and the field.
pub(super) fn parse_error(text: &str, e: serde_path_to_error::Error<serde_json::Error>) -> Error {
    use serde_path_to_error::Segment;
    let segments: Vec<&Segment> = e.path().iter().collect();
    let path = |rest: &[&Segment]| {
        let mut out = String::new();
        for s in rest {
            if !out.is_empty() && !matches!(s, Segment::Seq { .. }) {
                out.push('.');
            }
            out += &s.to_string();
        }
        out
    };
    let inner = e.inner();
    match segments.as_slice() {
        [Segment::Map { key }, Segment::Seq { index }, rest @ ..] if key == "cards" => {
            let who = card_name(text, *index)
                .map_or_else(|| format!("cards[{index}]"), |n| format!("card {n:?}"));
            let field = if rest.is_empty() {
                "card".to_string()
            } else {
                path(rest)
            };
            Error::Invalid(format!("{who}: {field}: bad compiled card data: {inner}"))
        }
        [] => Error::Invalid(format!("bad compiled card data: {inner}")),
        all => Error::Invalid(format!("{}: bad compiled card data: {inner}", path(all))),
    }
}

/// The name of card `index` of a compiled form's text, if the text has one there (read with
/// everything else skipped, so the bad value elsewhere doesn't hide it).
fn card_name(text: &str, index: usize) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Names {
        cards: Vec<Name>,
    }
    #[derive(serde::Deserialize)]
    struct Name {
        name: Option<String>,
    }
    let names: Names = serde_json::from_str(text).ok()?;
    names.cards.into_iter().nth(index)?.name
}
