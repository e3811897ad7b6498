"""Every card whose text does something has a test here: a new card without one fails loudly.

The cards come from the compiled ruleset (rules/six_winters/*.rules): any card with an ability,
a "May ..." permission or a "May not ..." restriction, and every location with a text on either
side (a port, a portal, an entry cost, a muster permission, a dice text, a triggered text). A
card counts as tested when the module for its kind names it (in double quotes, as a string).
"""

from pathlib import Path

HERE = Path(__file__).parent

MODULES = {
    "asset": "test_asset_cards.py",
    "obstacle": "test_obstacle_cards.py",
    "event": "test_event_cards.py",
    "scene": "test_scene_epilogues.py",
    "scheme": "test_scheme_cards.py",
    "ability": "test_ability_cards.py",
    "condition": "test_condition_cards.py",
    "location": "test_location_cards.py",
}


def _does_something(card) -> bool:
    return bool(
        getattr(card, "abilities", ())
        or getattr(card, "permissions", ())
        or getattr(card, "restrictions", ())
    )


def _location_has_text(location) -> bool:
    sides = [s for s in (location.base, location.developed) if s is not None]
    return any(
        s.effects
        or s.permissions
        or s.musters
        or s.no_trade
        or s.no_muster
        or s.entry_cost
        or s.port_cost is not None
        or s.portal_cost is not None
        or s.portal_stress_cost is not None
        for s in sides
    )


def cards_with_text(ruleset) -> list[tuple[str, str]]:
    compiled = ruleset.compiled
    out = []
    for kind in MODULES:
        if kind == "location":
            out += [
                ("location", n) for n, loc in ruleset.locations.items() if _location_has_text(loc)
            ]
            continue
        for card in compiled.cards(kind):
            developed = (getattr(card, "blocks", None) or {}).values()
            if _does_something(card) or any(_does_something(b) for b in developed):
                out.append((kind, card.name))
    return out


def test_the_ruleset_has_cards_with_text_of_every_kind(cards):
    kinds = {kind for kind, _ in cards_with_text(cards)}
    assert kinds == set(MODULES)
    assert len(cards_with_text(cards)) > 100


def test_every_card_with_an_ability_or_effect_has_a_test(cards):
    sources = {kind: (HERE / module).read_text() for kind, module in MODULES.items()}
    missing = [
        f"{kind} {name!r}" for kind, name in cards_with_text(cards) if name not in sources[kind]
    ]
    assert not missing, f"{len(missing)} cards without a test: " + ", ".join(missing)
