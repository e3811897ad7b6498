"""A test per sheet row: every finished card of the designer's five v19.7 sheets is a card of the
text with the sheet's facts (``../shared/reference/six-winters-v19.7/`` beside the repository).

Where the text overrides a sheet, or the sheet disagrees with itself, the card file says so in a
comment and the expectation here names the card.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
# beside the repository, or beside the folder of work trees it is checked out in
SHEETS = next(
    (
        p / "shared" / "reference" / "six-winters-v19.7"
        for p in ROOT.parents
        if (p / "shared" / "reference" / "six-winters-v19.7").is_dir()
    ),
    ROOT.parent / "shared" / "reference" / "six-winters-v19.7",
)

if not SHEETS.is_dir():
    pytest.skip(
        f"the v19.7 card sheets are not beside the repository ({SHEETS})", allow_module_level=True
    )

RESOURCES = {
    "STABILITY": "stability",
    "TECHNOLOGY": "technology",
    "ESPIONAGE": "espionage",
    "MILITARY": "military",
    "DIPLOMACY": "diplomacy",
    "SORCERY": "sorcery",
}
REGIONS = {"EMPIRE": "empire", "REDBANK": "redbank", "SETTLED": "settled"}
FACES = {"ONE": 1, "TWO": 2, "THREE": 3, "FOUR": 4, "FIVE": 5, "SIX": 6}
COLOURS = {
    "W": None,
    "Y": "stability",
    "O": "technology",
    "M": "espionage",
    "G": "military",
    "L": "diplomacy",
    "B": "sorcery",
}
SKILLS = ("command", "disguise", "lore", "rapport", "combat", "tactics", "thievery", "survival")


@cache
def rows(sheet: str) -> tuple[dict[str, str], ...]:
    with (SHEETS / f"{sheet}.csv").open(encoding="utf-8-sig", newline="") as f:
        found = [r for r in csv.DictReader(f) if any((v or "").strip() for v in r.values() if v)]
    return tuple(found)


def icons(cell: str) -> list[str]:
    """The icon words of a cell, a colour code wrapped round one dropped (``OOxxTWOOO``)."""
    known = set(RESOURCES) | set(REGIONS) | set(FACES)
    out = []
    for token in re.findall(r"xx([A-Z]+)", cell or ""):
        if token not in known and token[:-2] in known:
            token = token[:-2]
        out.append(token)
    return out


def cards_named(winters: Any, kind: str, name: str) -> list[Any]:
    """The cards a sheet's name became: itself, or numbered when the sheet prints different
    cards under one name."""
    found = [c for c in winters.cards(kind) if c.name == name or c.name.startswith(f"{name} (")]
    assert found, f"no {kind} card for the sheet's {name!r}"
    return found


# --- obstacles ----------------------------------------------------------------------------------


def obstacle_facts(row: dict[str, str]) -> dict[str, Any]:
    tags = [t.strip() for t in row["tags"].split(",") if t.strip()]
    return {
        "region": REGIONS[icons(row["region"])[0]],
        "tags": [t for t in tags if t != "xxSTARTING"],
        "with location": "xxSTARTING" in tags,
        "threats": [RESOURCES[i] for i in icons(row["threats"])],
        "skill": icons(row["skill"])[0].lower(),
        "difficulty": int(row["difficulty"]),
        "dice": [FACES[i] for i in icons(row["defense"])],
        "stress": [i.lower() for i in icons(row["attack"]) if i in ("BODY", "PSYCHE")],
    }


@pytest.mark.parametrize("row", rows("obstacle-cards"), ids=lambda r: r["name"])
def test_every_obstacle_row_is_a_card_with_its_facts(winters: Any, row: dict[str, str]) -> None:
    want = obstacle_facts(row)
    season = icons(row["trigger"])[0].lower()
    matching = []
    for card in cards_named(winters, "obstacle", row["name"]):
        got = {k: card.fields.get(k) or ([] if k in ("stress", "tags") else False) for k in want}
        if got == want and season in card.fields["season"]:
            matching.append(card)
    assert len(matching) == 1, f"{row['name']}: {len(matching)} cards carry this row's facts"


def test_each_printed_copy_is_one_season_of_its_card(winters: Any) -> None:
    for card in winters.cards("obstacle"):
        assert card.fields.get("copies", 1) == len(card.fields["season"]), card.name
    copies = sum(card.fields.get("copies", 1) for card in winters.cards("obstacle"))
    assert copies == len(rows("obstacle-cards")) == 90


# --- locations and perils -----------------------------------------------------------------------


def test_every_location_row_is_a_location_or_a_peril(winters: Any) -> None:
    locations = {c.name for c in winters.cards("location")}
    perils = {c.name: c for c in winters.cards("peril")}
    for row in rows("location-cards"):
        column = icons(row["region"])[0] if icons(row["region"]) else row["region"]
        if column in REGIONS:
            assert row["name"] in locations, row["name"]
        else:  # a threat location (its resource) or the discord location
            card = perils[row["name"]]
            assert card.fields.get("threat") == RESOURCES.get(column), row["name"]
    assert len(locations) + len(perils) == len(rows("location-cards")) == 49


@pytest.mark.parametrize(
    "row",
    [r for r in rows("location-cards") if icons(r["region"])[0] in REGIONS],
    ids=lambda r: r["name"],
)
def test_a_location_has_the_sheets_region_tags_skill_and_movement(
    winters: Any, row: dict[str, str]
) -> None:
    card = winters.card(row["name"], "location")
    tags = [t.strip() for t in row["tags"].split(",") if t.strip()]
    assert card.fields["region"] == REGIONS[icons(row["region"])[0]]
    assert card.fields["tags"] == [t for t in tags if not t.startswith("xx")]
    assert bool(card.fields.get("starting")) == ("xxSTACK" in tags)
    assert card.fields["skill"] == icons(row["skill"])[0].lower()
    assert card.fields["local cost"] == int(row["lmove"])
    for column, region in (("emove", "empire"), ("rbmove", "redbank"), ("slmove", "settled")):
        cost = None if "NOMOVE" in row[column] else int(row[column].split()[0])
        assert card.fields.get(f"{region} cost") == cost, (row["name"], region)
    symbols = icons(row["symbol"])
    assert card.fields.get("produces") == next(
        (RESOURCES[s] for s in symbols if s in RESOURCES), None
    )
    assert bool(card.fields.get("port")) == ("BOAT" in symbols)
    assert bool(card.fields.get("gate")) == ("SHATTER" in symbols)


def test_whitehold_moves_only_within_the_empire(winters: Any) -> None:
    # the text's own example of a location that restricts movement
    whitehold = winters.card("Whitehold", "location")
    assert whitehold.fields.get("empire cost") is not None
    assert whitehold.fields.get("redbank cost") is None
    assert whitehold.fields.get("settled cost") is None


def test_each_threat_track_unlocks_one_peril(winters: Any) -> None:
    threats = Counter(c.fields.get("threat") for c in winters.cards("peril"))
    assert threats == Counter({r: 1 for r in RESOURCES.values()} | {None: 1})


def test_the_character_unlock_locations_are_one_a_region(winters: Any) -> None:
    # the text: Undari's Tomb (Red Bank), Pearlescent Marsh (the Settled Lands), Guild of
    # Secrets (the Empire)
    regions = {
        n: winters.card(n, "location").fields["region"]
        for n in ("Undari's Tomb", "Pearlescent Marsh", "Guild of Secrets")
    }
    assert regions == {
        "Undari's Tomb": "redbank",
        "Pearlescent Marsh": "settled",
        "Guild of Secrets": "empire",
    }


def test_obstacles_with_the_starting_icon_come_with_a_location(winters: Any) -> None:
    brought = {
        name
        for kind in ("location", "peril")
        for card in winters.cards(kind)
        for name in card.fields.get("brings") or []
    }
    flagged = {c.name for c in winters.cards("obstacle") if c.fields.get("with location")}
    # the sheet's own disagreements, each said in a comment on the obstacle's card
    assert flagged - brought == {"Tatiala's Gambit"}
    assert brought - flagged == {"Drauga", "Doom Under Sightrock"}


# --- progress cards -----------------------------------------------------------------------------


def square(g: str, f: str) -> dict[str, Any] | None:
    g, f = g.strip(), f.strip()
    if not g:
        return None
    colour, mark = g[0], g[1]
    out: dict[str, Any] = {
        "die": COLOURS[colour],
        "face": None,
        "group": None,
        "step": None,
        "start": mark == "S",
        "end": mark == "E",
    }
    if f in ("+1", "-1", "="):
        out["step"] = {"+1": 1, "-1": -1, "=": 0}[f]
    elif f:
        icon = icons(f)[0]
        if icon.startswith("W") and icon[1:] in FACES:
            out["face"] = FACES[icon[1:]]
        elif icon in FACES:
            out["face"] = FACES[icon]
        else:
            out["group"] = REGIONS[icon]
        if not f.startswith("xx"):
            out["die"] = COLOURS[f[0]]
    return out


@pytest.mark.parametrize("row", rows("progress-cards"), ids=lambda r: r["name"])
def test_every_progress_row_is_a_mission_with_its_dice_path(
    winters: Any, row: dict[str, str]
) -> None:
    card = winters.card(row["name"], "mission")
    assert card.fields["stage"] == int(row["stage"])
    assert card.fields["stars"] == row["star"].count("xxSTAR")
    assert card.fields["obstacle region"] == REGIONS[icons(row["locregion"])[0]]
    assert card.fields["obstacle resource"] == RESOURCES[icons(row["locresource"])[0]]
    reward = icons(row["reward"])
    if reward == ["INVEST"]:  # the progress wildcard
        assert card.fields.get("any reward") and not card.fields.get("reward")
    else:
        assert card.fields["reward"] == [RESOURCES[r] for r in reward]
    assert card.fields["bonus"] == [RESOURCES[r] for r in icons(row["bonus"])]
    want = [[square(row[f"g{i}{j}"], row[f"f{i}{j}"]) for j in range(1, 5)] for i in range(1, 5)]
    assert card.fields["path"] == want


def test_the_on_two_fronts_example(winters: Any) -> None:
    # the text's worked example: a Red Bank start; a 5 of any type on the diagonal, or an
    # espionage die below the start; then technology on the diagonal, or any die to the right;
    # two wildcard squares, or the diagonal, to an end fed from the Empire; military progress.
    path = winters.card("On Two Fronts", "mission").fields["path"]
    assert path[0][0]["start"] and path[0][0]["group"] == "redbank"
    assert (path[1][1]["die"], path[1][1]["face"]) == (None, 5)
    assert path[1][0]["die"] == "espionage"
    assert path[2][2]["die"] == "technology"
    assert (
        path[1][2]
        == path[2][3]
        == {
            "die": None,
            "face": None,
            "group": None,
            "step": None,
            "start": False,
            "end": False,
        }
    )
    assert path[3][3]["end"] and path[3][3]["group"] == "empire"
    assert winters.card("On Two Fronts", "mission").fields["reward"] == ["military"]


def test_stages_one_to_five(winters: Any) -> None:
    stages = Counter(c.fields["stage"] for c in winters.cards("mission"))
    assert sorted(stages) == [1, 2, 3, 4, 5]
    assert sum(stages.values()) == len(rows("progress-cards")) == 51


# --- seasonal events ----------------------------------------------------------------------------


@pytest.mark.parametrize("row", rows("seasonal_events"), ids=lambda r: r["title"])
def test_every_event_row_is_a_card_the_season_table_chooses(
    winters: Any, row: dict[str, str]
) -> None:
    season = icons(row["season"])[0].lower()
    card = winters.card(row["title"], "event")
    assert card.fields["season"] == season
    assert card.fields["symbols"] == int(row["triggers"])
    table = winters.tables[f"{season.capitalize()} events"]
    chosen = [r.result for r in table.rows if r.low == int(row["triggers"])]
    assert chosen == [row["title"]] or [getattr(c, "name", c) for c in chosen] == [row["title"]]


# --- characters ---------------------------------------------------------------------------------


@pytest.mark.parametrize("row", rows("character-abilities"), ids=lambda r: r["name"])
def test_every_character_has_the_sheets_skills_and_stress(
    winters: Any, row: dict[str, str]
) -> None:
    card = winters.card(row["name"], "character")
    assert card.fields["title"] == row["title"]
    for skill in SKILLS:
        filled = len(re.findall(r"(?<![A-Z])xxDOT(?![A-Z])", row[skill]))
        assert card.fields["skills"][skill] == filled, skill
    assert card.fields["psyche"] == FACES[icons(row["psyche"])[0]]
    assert card.fields["body"] == FACES[icons(row["body"])[0]]
    abilities = [c for c in winters.cards("ability") if c.fields["character"] == row["name"]]
    printed = [k for k in [f"base{i}" for i in range(1, 5)] + [f"ach{i}" for i in range(1, 7)]]
    assert len(abilities) == sum(1 for k in printed if row[k].strip())
    discords = [c for c in winters.cards("discord") if c.fields["character"] == row["name"]]
    assert sorted(c.fields["step"] for c in discords) == [
        i for i in range(1, 7) if row[f"dtext{i}"].strip()
    ]


def test_four_characters_start_unlocked(winters: Any) -> None:
    # the text: Fuscus, Thea, Menas and Keel; Oniri, Yasmina and Lucia are locked
    starting = {c.name for c in winters.cards("character") if c.fields.get("starting")}
    assert starting == {"Fuscus", "Thea", "Menas", "Keel"}


def test_a_change_die_ability_reads_its_faces(winters: Any) -> None:
    # the text's sample: Lucia turns a 1 into a 2
    lucia = winters.card("Lucia base 2", "ability").fields
    assert lucia["uses"] == [{"die": None, "face": 1}]
    assert lucia["gives"] == [{"die": None, "face": 2}]
    keel = winters.card("Keel base 3", "ability").fields  # Tech Split: one technology, two back
    assert keel["uses"] == [{"die": "technology", "face": None}]
    assert keel["gives"] == [{"die": "technology", "face": None}] * 2


def card_blocks(file: str, kind: str) -> dict[str, str]:
    text = (ROOT / "rules" / "six_winters_v19" / file).read_text()
    found = re.findall(rf'^{kind} "((?:[^"\\]|\\.)*)" \{{\n(.*?)^\}}', text, re.M | re.S)
    return dict(found)


def test_every_location_text_is_text_or_says_what_is_not(winters: Any) -> None:
    blocks = {**card_blocks("locations.rules", "location"), **card_blocks("perils.rules", "peril")}
    for row in rows("location-cards"):
        texts = [(row.get(k) or "").replace("##NSBP##", "").strip() for k in ("texta", "textb")]
        effects = [t for t in texts if t and not t.startswith("xxSTARTING")]
        if not effects:
            continue
        kind = "location" if icons(row["region"])[0] in REGIONS else "peril"
        card = winters.card(row["name"], kind)
        assert card.abilities or "# not text yet" in blocks[row["name"]], row["name"]
