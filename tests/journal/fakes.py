"""A fake of ``engine.play_campaign`` for the journal's tests: events and states in the engine's
documented shapes (docs/design/engine-api.md), made up here, with no rules behind them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from dsl.compiler import CompiledCard
from dsl.runtime import Span
from journal.catalogue import Catalogue
from rules.six_winters.engine import load_ruleset

SCENES = [
    ("Gather at the Lantern Market", "Giant's Gate", "charm", 4),
    ("Chart the Old Rift", "Boar's Rift", "lore", 5),
    ("Hold the Eastern Pass", "Eastkeep", "steel", 6),
    ("Mend the Broken Mill", "Yearly Field", "command", 3),
    ("Shadow the Envoy", "Boar's Peak", "shadow", 4),
    ("Win the Archery Contest", "Giant's Gate", "edge", 5),
]
CARDS = [
    ("Copper Lantern", "asset", 2),
    ("Rope and Hook", "asset", 1),
    ("Old Map", "asset", 3),
    ("Marsh Wraith", "obstacle", 1),
    ("Toll Collector", "obstacle", 2),
]
SCHEMES = [
    "Sow Discord",
    "Raise the Levy",
    "Poison the Wells",
    "Burn the Granaries",
    "Bribe the Council",
    "The Last Winter",
]
CHARACTERS = ["Parin", "Kanun", "Fuscus"]
MAP = [
    ("Yearly Field", 0, 0, None),
    ("Eastkeep", 1, 0, "empire"),
    ("Boar's Peak", 0, 1, "brightdune"),
    ("Giant's Gate", -1, 0, "brightdune"),
    ("Boar's Rift", -1, -1, "settled"),
]


@dataclass(frozen=True)
class Event:
    kind: str
    data: dict[str, Any]


@dataclass
class FakeSession:
    events: list[Event] = field(default_factory=list)


HERE = Span("<fake>", 1, 1, 1, 1)


def _card(kind: str, name: str, *printed: str, **fields: Any) -> CompiledCard:
    """A card in the shape the language compiles card text to (``dsl.compiler``)."""
    shown = tuple((key, str(value)) for key, value in fields.items() if not isinstance(value, dict))
    return CompiledCard(kind, name, fields, (), HERE, field_text=shown, printed=printed)


def fake_catalogue() -> Catalogue:
    cat = Catalogue(region_names={"empire": "the Empire", "brightdune": "Brightdune"})
    for name, location, skill, points in SCENES:
        cat.cards[name] = _card(
            "scene",
            name,
            f"Epilogue: Add a card to the deck ({location}).",
            skill=skill,
            points=points,
        )
    # An epilogue with a choice: the journal asks which was taken.
    cat.cards["Chart the Old Rift"] = _card(
        "scene",
        "Chart the Old Rift",
        'Epilogue: Choose one:\n"Stay": Add a card.\n"Abandon": Add another card.',
        skill="lore",
        points=5,
    )
    # A finale scene: the journal counts year 6's finale scenes by their card.
    cat.cards["Hold the Last Gate"] = _card(
        "scene", "Hold the Last Gate", skill="command", points=5, finale=True
    )
    for name, kind, points in CARDS:
        cat.cards[name] = _card(kind, name, points=points, skill="lore")
    for name, _x, _y, region in MAP:
        cat.cards[name] = _card("location", name, **({"region": region} if region else {}))
    for name in SCHEMES:
        cat.cards[name] = _card("scheme", name)
    for name in CHARACTERS:
        skills = {s: 1 for s in ("edge", "steel", "shadow", "charm", "command", "lore")}
        cat.cards[name] = _card("character", name, title=f"{name} of Brightdune", skills=skills)
        cat.character_skills[name] = dict(skills)
    for card in cat.cards.values():
        cat.of_kind[(card.kind, card.name.casefold())] = card
    cat.starting_map = tuple((n, x, y) for n, x, y, _r in MAP)
    cat.skills = ("edge", "steel", "shadow", "charm", "command", "lore")
    cat.card_kinds = ("asset", "obstacle", "event", "location", "scene", "scheme", "character")
    # Fate and score titles: the tables the real card text declares (looked up, not copied).
    cat.ruleset = SimpleNamespace(by_count=load_ruleset().by_count)
    return cat


def play_campaign(seed: int = 1, scenes_per_year: int = 3) -> Iterator[tuple[dict, FakeSession]]:
    """Six years of made-up play: (campaign state after the year, session with its events)."""
    rng = random.Random(seed)
    skills = {
        c: {s: 1 for s in ("edge", "steel", "shadow", "charm", "command", "lore")}
        for c in CHARACTERS
    }
    threats = {name: 0 for name, *_ in MAP}
    finale = 0
    for year in range(1, 7):
        chars = rng.sample(CHARACTERS, 2)
        events = [
            Event(
                "session_started",
                {
                    "year": year,
                    "scheme": SCHEMES[year - 1],
                    "characters": chars,
                    "seed": seed * 10 + year,
                    "solo": False,
                    "threat_pool": 6,
                },
            )
        ]
        events.append(Event("turn_started", {"season": "spring", "turn": 1}))
        done = rng.randint(2, scenes_per_year)
        for number in range(done):
            scene, location, skill, points = SCENES[(year + number) % len(SCENES)]
            played = rng.sample(CARDS, 2)
            advances = []
            for c in chars:
                skills[c][skill] += 1
                advances.append({"character": c, "skill": skill, "new_rank": skills[c][skill]})
            events.append(
                Event("threat_placed", {"location": location, "surge": False, "pool_left": 5})
            )
            threats[location] += 1
            events.append(
                Event(
                    "scene_completed",
                    {
                        "scene": scene,
                        "location": location,
                        "participants": chars,
                        "cards_played": [
                            {"card": n, "kind": k, "points": p, "character": chars[i % 2]}
                            for i, (n, k, p) in enumerate(played)
                        ],
                        "skill_match_points": 1,
                        "points_needed": points,
                        "epilogue_choice": "Stay" if number % 2 == 0 else None,
                        "skill": skill,
                        "advances": advances,
                    },
                )
            )
        if year == 6:
            finale = done
        if rng.random() < 0.3:
            events.append(
                Event(
                    "condition_taken",
                    {"character": chars[0], "condition": "Twisted Knee", "roll": 3},
                )
            )
        result = "won" if done >= 3 else "lost"
        events.append(
            Event(
                "session_ended",
                {
                    "result": result,
                    "reason": "three scenes" if result == "won" else "time ran out",
                    "scenes_completed": done,
                    "threat_left": 4,
                },
            )
        )
        state = {
            "year": year + 1,
            "map": [
                {
                    "name": n,
                    "position": [x, y],
                    "region": r,
                    "developed": n == "Eastkeep" and year > 2,
                    "threats": threats[n],
                    "obstacles": ["Marsh Wraith"] if n == "Boar's Rift" else [],
                }
                for n, x, y, r in MAP
            ],
            "decks": {"asset": [c for c, k, _ in CARDS if k == "asset"]},
            "reserve": ["Old Map"],
            "sheets": {
                c: {"skills": dict(skills[c]), "advances": {}, "conditions": []} for c in CHARACTERS
            },
        }
        if year == 6:
            state["finale_scenes_completed"] = finale
        yield state, FakeSession(events)
