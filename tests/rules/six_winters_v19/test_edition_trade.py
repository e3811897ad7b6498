"""Actions, Trade: an action die on an open resource action slot of the pool of the location's
resource (the slots Create Asset uses, at most the character's rank in the location's skill),
then a resource die of at most the action die's value moved into or out of that pool along the
wheel of trade, changing type and keeping its face. Sorcery dice may go to any other pool;
nothing becomes sorcery. Real cards of the v19.7 sheet: Thea (command 2, combat 0) at Ferry's
Glenn (Red Bank's middle space: stability, command) and Gray Forest (its bottom space: sorcery,
combat), the dice laid by hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from edition_session import held, hold, play_as, session
from test_edition_pool_effects import lay, pool

from dsl.loader import Source, check_sources
from dsl.world.game import WorldGame

FOLDER = Path(__file__).resolve().parents[3] / "rules" / "six_winters_v19"
GLENN = "Ferry's Glenn"  # stability
FOREST = "Gray Forest"  # sorcery
RESOURCES = ("stability", "technology", "espionage", "military", "diplomacy", "sorcery")


def at(winters: Any, where: str, dice: list[int], pools: dict[str, list[int]]) -> WorldGame:
    """Thea played by p1 at ``where``, holding ``dice``, the pools holding ``pools`` (the others
    empty)."""
    game = session(winters)
    game.pending()
    game.ops.move_pawn("p1", where)
    play_as(game, "p1", "Thea")
    hold(game, "p1", dice)
    for resource in RESOURCES:
        lay(game, resource, pools.get(resource, []))
    return game.clone()


def offered(game: WorldGame) -> list[str]:
    decision = game.pending()
    assert decision is not None and decision.kind == "action"
    return sorted(str(o) for o in decision.options if "Trade" in str(o))


def asked(game: WorldGame) -> list[Any]:
    decision = game.pending()
    assert decision is not None and decision.kind == "choose_option"
    return list(decision.options)


def test_out_of_the_locations_pool_along_the_wheel(winters: Any) -> None:
    # stability leads to technology: the die changes type, its face kept
    game = at(winters, GLENN, [2, 5], {"stability": [4, 6]})
    assert offered(game) == ["Take: Trade out of Stability"]
    game.apply("Take: Trade out of Stability")
    game.pending()
    assert pool(game, "technology") == [4]
    assert pool(game, "stability") == [6]  # no action die covers the 6
    assert held(game) == [2]  # the 5 on the slot
    assert game.ops.value("", "stability slots") == 1


def test_into_the_locations_pool_from_a_type_the_wheel_leads_to_it(winters: Any) -> None:
    # diplomacy and sorcery both lead to stability: the player chooses, then the die
    game = at(winters, GLENN, [6], {"diplomacy": [2], "sorcery": [3, 5], "technology": [1]})
    assert offered(game) == ["Take: Trade into Stability"]  # nothing to trade out of stability
    game.apply("Take: Trade into Stability")
    assert asked(game) == ["diplomacy resource dice", "sorcery resource dice"]
    game.apply("sorcery resource dice")
    assert asked(game) == [3, 5]
    game.apply(5)
    game.pending()
    assert pool(game, "stability") == [5]
    assert pool(game, "sorcery") == [3] and pool(game, "diplomacy") == [2]
    assert pool(game, "technology") == [1]  # technology leads to espionage, not stability


def test_sorcery_may_become_any_other_type(winters: Any) -> None:
    game = at(winters, FOREST, [4], {"sorcery": [4]})
    assert offered(game) == ["Take: Trade out of Sorcery"]
    game.apply("Take: Trade out of Sorcery")
    assert asked(game) == [f"{r} resource dice" for r in RESOURCES[:5]]
    game.apply("military resource dice")
    game.pending()
    assert pool(game, "military") == [4] and pool(game, "sorcery") == []


def test_nothing_becomes_sorcery(winters: Any) -> None:
    # every other pool full, an action die to cover them: still no trade at a sorcery location
    full = {r: [1] for r in RESOURCES[:5]}
    game = at(winters, FOREST, [6], full)
    assert offered(game) == []
    assert not any("sorcery" in led for led in winters.vocabulary.relations["trade"].values())


def test_a_trade_into_sorcery_is_refused_where_written() -> None:
    sources = [
        Source(str(path), path.read_text(encoding="utf-8"))
        for path in sorted(FOLDER.glob("*.rules"))
    ]
    procedure = next(s for s in sources if s.path.endswith("procedure.rules"))
    wrong = procedure.text.replace(  # the first: "Trade into Stability"
        "along trade to the stability resource dice.",
        "along trade to the sorcery resource dice.",
        1,
    )
    assert wrong != procedure.text
    sources[sources.index(procedure)] = Source(procedure.path, wrong)
    errors = check_sources(sources, str(FOLDER)).diagnostics.errors
    assert [e.message for e in errors] == ["relation trade leads nothing to sorcery"]
    line = wrong[: wrong.index("to the sorcery resource dice")].count("\n") + 1
    assert errors[0].span.line == line


@pytest.mark.parametrize(
    ("dice", "pools"),
    [
        ([1, 2], {"stability": [3, 6], "diplomacy": [4]}),  # no action die covers a die
        ([6], {}),  # no die to move
        ([], {"stability": [1]}),  # no action die
    ],
)
def test_no_die_to_move_no_trade(
    winters: Any, dice: list[int], pools: dict[str, list[int]]
) -> None:
    assert offered(at(winters, GLENN, dice, pools)) == []


def test_trade_and_create_asset_share_the_slots_up_to_the_rank(winters: Any) -> None:
    # Gray Forest asks combat, Thea's 0: slot 0 only, one resource action a turn on sorcery
    game = at(winters, FOREST, [4, 5, 6], {"sorcery": [1, 2, 3]})
    game.apply("Take: Create a Sorcery Asset")
    game.pending()
    game.apply(1)
    decision = game.pending()
    assert decision is not None
    assert not [o for o in decision.options if "Trade" in str(o) or "Asset" in str(o)]
    # Ferry's Glenn asks command, Thea's 2: three actions on the stability pool
    game = at(winters, GLENN, [6, 6, 6, 6], {"stability": [1, 1], "diplomacy": [1, 1]})
    for action in ("Trade out of Stability", "Trade into Stability", "Create a Stability Asset"):
        assert f"Take: {action}" in game.pending().options  # type: ignore[union-attr]
        game.apply(f"Take: {action}")
        game.pending()
    assert offered(game) == []
    assert game.ops.value("", "stability slots") == 3
