//! The built-in pool parses, has at least 30 cards and ready 40-card decks.
use cardstate_effects::{CardDb, Colour};

#[test]
fn the_pool_has_thirty_cards_with_oracle_text_and_forty_card_decks() {
    let db = CardDb::pool();
    assert!(db.len() >= 30, "{} cards", db.len());
    for name in ["infect", "proliferate", "energy"] {
        let deck = db.deck(name).unwrap();
        assert_eq!(deck.len(), 40, "{name}");
    }
    let bolt = db.card(db.lookup("Lightning Bolt").unwrap());
    assert_eq!(
        bolt.oracle_text,
        "Lightning Bolt deals 3 damage to any target."
    );
    assert_eq!(bolt.cost.as_ref().unwrap().coloured[Colour::R.index()], 1);
    let ballista = db.card(db.lookup("Walking Ballista").unwrap());
    assert_eq!(ballista.cost.as_ref().unwrap().x, 2);
    let gambit = db.card(db.lookup("Tezzeret's Gambit").unwrap());
    assert_eq!(gambit.cost.as_ref().unwrap().phyrexian, vec![Colour::U]);
    assert_eq!(gambit.cost.as_ref().unwrap().mana_value, 4);
    assert!(db.lookup("Black Lotus").is_err());
}

#[test]
fn cards_create_kernel_objects_with_their_characteristics() {
    let db = CardDb::pool();
    let mut g = cardstate_core::Game::new(2, cardstate_core::Ruleset::Mtg, 0).unwrap();
    let id = db.lookup("Vampire Nighthawk").unwrap();
    let x = g
        .create(0, cardstate_core::Zone::Battlefield, db.spec(id))
        .unwrap();
    assert_eq!(g.power(x).unwrap(), Some(2));
    assert_eq!(g.toughness(x).unwrap(), Some(3));
    assert!(g.has_keyword(x, "lifelink").unwrap());
    assert_eq!(db.card_of(&g, x), Some(id));
}
