"""A choice made at a campaign's setup (``dsl/world/choices.py``), tried on *Beacons*, a made-up
game of keepers: "hardship is a choice of the campaign, fair for bots: gentle, fair, harsh"
is made once when the campaign starts (fair when no one chooses), read by numbers as "the
starting light of the hardship" (the value its member names) and carried to every later
session; a member no one declared, a value a member lacks and a second choosing are refused,
each in one line naming what to write."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_39_together import BEACONS as CAMPAIGN

from dsl.contract import GameSetup
from dsl.errors import UsageError
from dsl.loader import Source, check_sources, load_text
from dsl.world.choices import ChoiceError, choose, chosen
from dsl.world.game import WorldGame, new_game
from dsl.world.together import carried, carry_into
from rules.text.plugin import Engine

BEACONS = CAMPAIGN.replace(
    "value years = 3 in 1..\n",
    "value years = 3 in 1..\n"
    'hardship is a choice of the campaign, fair for bots: gentle "Gentle", fair "Fair",\n'
    '  harsh "Harsh Winter"\n'
    "value gentle starting light = 0 in 0..\n"
    "value fair starting light = 2 in 0..\n"
    "value harsh starting light = 6 in 0..\n"
    "value gentle factor = 1 in 1..\n"
    "value fair factor = 2 in 1..\n"
    "value harsh factor = 4 in 1..\n",
).replace(
    'procedure "Night" {\n',
    'procedure "Night" {\n  Kindling: play "Kindling" only if year is 1\n',
).replace("light times 2", "light times the factor of the hardship") + (
    'procedure "Kindling" {\n  Light: Set light to the starting light of the hardship.\n}\n'
)


def night(year: int, hardship: str | None = None, shine: bool = False) -> WorldGame:
    """The night of ``year``, the hardship chosen (or not) before it starts."""
    game = new_game(load_text(BEACONS), seed=3, players=1)
    if hardship is not None:
        choose(game, "hardship", hardship)
    game.state.values[""]["year"] = year
    game.pending()
    if shine:
        game.apply("Take: Shine")
    while game.pending() is not None:
        game.apply("pass")
    return game


def test_the_text_checks() -> None:
    errors = check_sources([Source("beacons.rules", BEACONS)]).diagnostics.errors
    assert not errors, [e.message for e in errors]


def test_no_one_choosing_takes_the_member_for_bots() -> None:
    game = new_game(load_text(BEACONS), seed=3, players=1)
    assert chosen(game, "hardship") == "fair"
    game.pending()
    assert game.ops.value("", "light") == 2  # the fair starting light


@pytest.mark.parametrize(("said", "light"), [("gentle", 0), ("Harsh Winter", 6), ("HARSH", 6)])
def test_the_choice_sets_the_numbers_it_governs(said: str, light: int) -> None:
    game = new_game(load_text(BEACONS), seed=3, players=1)
    choose(game, "hardship", said)  # by its word or its title, in any case
    game.pending()
    assert game.ops.value("", "light") == light


def test_the_score_reads_the_chosen_factor() -> None:
    # the last year: Shine gives 5 light (the first year's setup is not played), times the factor
    assert night(3, "gentle", shine=True).state.result["score"] == 5
    assert night(3, None, shine=True).state.result["score"] == 10
    assert night(3, "harsh", shine=True).state.result["score"] == 20


def test_the_choice_is_carried_to_every_later_session() -> None:
    first = night(1, "harsh")
    left = carried(first)
    assert left["numbers"][""]["hardship"] == 3  # harsh: the third member
    second = new_game(load_text(BEACONS), seed=4, players=1)
    carry_into(second, left)
    assert chosen(second, "hardship") == "harsh"
    second.state.values[""]["year"] = 3
    second.pending()
    assert second.ops.value("", "light") == 6  # carried, the year-1 setup not played again
    second.apply("Take: Shine")
    while second.pending() is not None:
        second.apply("pass")
    assert second.state.result["score"] == 44  # 6 + 5 light, times harsh's 4


def test_an_unknown_member_or_choice_is_refused_naming_the_members() -> None:
    game = new_game(load_text(BEACONS), seed=3, players=1)
    with pytest.raises(ChoiceError, match=r"no hardship 'cruel': choose gentle, fair or harsh$"):
        choose(game, "hardship", "cruel")
    with pytest.raises(
        ChoiceError, match=r"no choice 'weather' in this text \(its choices: hardship\)"
    ):
        choose(game, "weather", "fair")
    assert chosen(game, "hardship") == "fair"  # nothing changed


def test_the_engine_takes_the_choice_as_an_option_for_a_new_campaign_only(tmp_path: Path) -> None:
    (tmp_path / "beacons.rules").write_text(BEACONS, encoding="utf-8")
    engine = Engine(tmp_path)
    game = engine.new_game(GameSetup(seed=3, seats=1, options={"hardship": "harsh"}), None)  # type: ignore[arg-type]
    assert chosen(game, "hardship") == "harsh"
    with pytest.raises(UsageError, match="--choose hardship=cruel: no hardship 'cruel': choose"):
        engine.new_game(GameSetup(seed=3, seats=1, options={"hardship": "cruel"}), None)  # type: ignore[arg-type]
    left = carried(night(1, "harsh"))
    later = GameSetup(seed=3, seats=1, options={"hardship": "gentle"}, carried=left)
    with pytest.raises(
        UsageError, match=r"chose its hardship when it started \(harsh\), and keeps it"
    ):
        engine.new_game(later, None)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="--weather is not an option"):
        engine.new_game(GameSetup(seed=3, seats=1, options={"weather": "fair"}), None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            "fair for bots",
            "mild for bots",
            "the member for bots 'mild' is none of gentle, fair, harsh",
        ),
        (
            "of the campaign, fair",
            "of the game, fair",
            "write 'hardship is a choice of the campaign",
        ),
        (
            'gentle "Gentle", fair "Fair",\n',
            'gentle "Gentle", gentle "Fair",\n',
            "'gentle' is named twice",
        ),
        (
            "value harsh starting light = 6 in 0..\n",
            "",
            "the starting light of the hardship: harsh has no value 'harsh starting light'",
        ),
    ],
)
def test_each_declaration_is_checked_where_it_is_written(old: str, new: str, said: str) -> None:
    text = BEACONS.replace(old, new)
    assert text != BEACONS
    errors = check_sources([Source("beacons.rules", text)]).diagnostics.errors
    assert any(said in e.message for e in errors), [e.message for e in errors]
    assert all(e.span.line > 1 for e in errors)


def test_a_choice_with_one_member_is_refused() -> None:
    text = BEACONS.replace(
        'gentle "Gentle", fair "Fair",\n  harsh "Harsh Winter"\n', 'fair "Fair"\n'
    )
    errors = check_sources([Source("beacons.rules", text)]).diagnostics.errors
    assert any("give at least two after the colon" in e.message for e in errors)
