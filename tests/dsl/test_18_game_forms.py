"""The forms a GM-run game needed (docs/language.md): ``stats are reservoirs``, signed values,
``note`` lines that hold any punctuation, keywords such as ``for`` in a ``do`` step, the ``offer``
step (``only if``, ``again until done``, ``one must be taken``), questions answered with free
text, and the kernel's state hooks generated for a flat dataclass state. Each on a small game of
its own: a market where a buyer spends coins."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dsl.formatter import format_text
from dsl.kernel import Event, Frame, GameRandom, IllegalMove, Machine
from dsl.kernel.flat import FlatState, StateNotFlat, plain_fields
from dsl.kernel.text import TextDecision, TextKind, ask_text
from dsl.loader import check_ruleset, load_ruleset
from dsl.printer import render_phase
from dsl.procedure import ProcedureWalker
from dsl.runtime import Context

PRIMITIVES = """
def if_a_coin_is_left(game):
    return game.state.coins >= 1


def if_milk_is_affordable(game):
    return game.state.coins >= 2


def step_buy_bread(game):
    game.state.coins -= 1
    game.state.basket.append("bread")


def step_buy_milk(game):
    game.state.coins -= 2
    game.state.basket.append("milk")


def step_pay_the_toll_for_the_bridge(game):
    game.state.coins -= 1
    game.emit("toll paid")


def step_name_the_stall(game):
    game.push_run("name_stall")


def step_haggle(game):
    game.emit("haggled")


def step_walk_home(game):
    game.emit("home")


def prompt_shop(game):
    return f"{game.state.coins} coins left: buy what?"
"""

HEADER = """ruleset "Market" version "1"
primitives "market_primitives"
stats are reservoirs of characters: nerve, patience
alias NRV = nerve
value haggle = -1  # a disadvantage, as a rulebook writes it
value friend = +1
"""

PROCEDURE = """procedure "Market Day" {
  Bridge: do pay the toll for the bridge
  Shop: offer buy bread only if a coin is left, or buy milk only if milk is affordable,
        again until done
  Stall: offer name the stall
  Haggle: offer haggle, or walk home, one must be taken
  note In our reading (a house rule; see page 2) - milk costs 2: bread 1
}
"""


@dataclass
class MarketState:
    coins: int
    rng: GameRandom
    basket: list[str] = field(default_factory=list)
    stall: str | None = None
    frames: list[Frame] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    dice_script: list[int] = field(default_factory=list)
    table_dice: bool = False
    over: bool = False


class Market(FlatState, ProcedureWalker, Machine):
    state_type = MarketState

    def __init__(self, ruleset: Any, state: MarketState) -> None:
        super().__init__(state)
        self.ruleset = ruleset
        self.procedure = ruleset.procedure

    def op_name_stall(self, ctx: Context) -> None:
        self.state.stall = ask_text(ctx, "Name the stall", max_length=12)


def _folder(tmp_path: Path, procedure: str = PROCEDURE, header: str = HEADER) -> Path:
    (tmp_path / "market_primitives.py").write_text(PRIMITIVES)
    (tmp_path / "ruleset.rules").write_text(header)
    (tmp_path / "procedure.rules").write_text(procedure)
    return tmp_path


def _market(tmp_path: Path, coins: int = 4) -> Market:
    game = Market(load_ruleset(_folder(tmp_path)), MarketState(coins, GameRandom(1)))
    game.start_phase("Market Day")
    return game


def _errors(tmp_path: Path, old: str, new: str) -> list[str]:
    folder = _folder(tmp_path, PROCEDURE.replace(old, new, 1))
    return [
        f"{Path(d.span.file).name}:{d.span.line}:{d.span.column}: {d.message}"
        for d in check_ruleset(folder).diagnostics.errors
    ]


# ---- stats and signed values


def test_stats_are_reservoirs_of_their_own_words_with_aliases(tmp_path: Path) -> None:
    vocabulary = load_ruleset(_folder(tmp_path)).vocabulary
    stats = vocabulary.category("stats")
    assert stats is not None and stats.shape == "reservoirs" and stats.owner == "characters"
    assert vocabulary.members("stats") == ["nerve", "patience"]
    assert vocabulary.member("stats", "NRV") == "nerve"
    assert vocabulary.member("stats", "Patience") == "patience"
    assert vocabulary.of_shape("dice") == [] and vocabulary.member("stats", "luck") is None


def test_a_value_is_written_with_its_sign(tmp_path: Path) -> None:
    values = load_ruleset(_folder(tmp_path)).values
    assert values["haggle"] == -1 and values["friend"] == 1


def test_the_formatter_keeps_stats_and_signs_as_written() -> None:
    assert format_text(HEADER) == (HEADER, [])


# ---- notes and words


def test_a_note_holds_any_punctuation_and_is_printed_as_written(tmp_path: Path) -> None:
    phase = load_ruleset(_folder(tmp_path)).procedure.phase("Market Day")
    assert phase.notes == ("In our reading (a house rule; see page 2) - milk costs 2: bread 1",)


def test_a_do_step_may_hold_the_grammars_own_words(tmp_path: Path) -> None:
    game = _market(tmp_path)
    game.pending()
    assert game.events[0].kind == "toll paid" and game.state.coins == 3


# ---- offer steps


def test_an_offer_asked_again_until_done_offers_only_what_its_condition_allows(
    tmp_path: Path,
) -> None:
    game = _market(tmp_path, coins=4)  # 3 after the toll
    asked = game.pending()
    assert asked.kind == "offer" and asked.options == ("buy bread", "buy milk", "done")
    assert asked.prompt == "3 coins left: buy what?"  # the module's prompt_shop words it
    game.apply("buy milk")
    assert game.pending().options == ("buy bread", "done")  # 1 coin: no milk
    game.apply("buy bread")
    # no coin left: nothing to offer, the step ends without a question
    assert game.pending().options == ("name the stall", "pass")
    assert game.state.basket == ["milk", "bread"]


def test_done_ends_an_offer_asked_again(tmp_path: Path) -> None:
    game = _market(tmp_path, coins=9)
    game.pending()
    game.apply("buy bread")
    game.apply("done")
    assert game.pending().options == ("name the stall", "pass")
    assert game.state.coins == 7


def test_an_offer_asked_once_takes_one_answer_or_pass(tmp_path: Path) -> None:
    game = _market(tmp_path, coins=1)  # nothing left to shop with after the toll
    asked = game.pending()
    assert asked.options == ("name the stall", "pass") and asked.prompt == "Stall?"
    game.apply("pass")
    assert game.state.stall is None
    assert game.pending().options == ("haggle", "walk home")  # one must be taken: no pass
    with pytest.raises(IllegalMove):
        game.apply("pass")
    game.apply("walk home")
    assert game.pending() is None and game.events[-1].kind == "home"


def test_an_offer_step_prints_as_written(tmp_path: Path) -> None:
    phase = load_ruleset(_folder(tmp_path)).procedure.phase("Market Day")
    assert render_phase(phase).splitlines()[1:5] == [
        "1. Bridge: Pay the toll for the bridge.",
        "2. Shop: Offer buy bread only if a coin is left, or buy milk only if milk is "
        "affordable, again until done.",
        "3. Stall: Offer name the stall.",
        "4. Haggle: Offer haggle, or walk home, one must be taken.",
    ]


def test_the_formatter_keeps_an_offer_step() -> None:
    assert format_text(PROCEDURE) == (PROCEDURE, [])


def test_an_unknown_offer_condition_is_named_with_its_place(tmp_path: Path) -> None:
    assert _errors(tmp_path, "only if a coin is left", "only if a coin is lft") == [
        "procedure.rules:3:33: unknown condition 'a coin is lft': the primitives module has no "
        "function if_a_coin_is_lft(); did you mean 'a coin is left'?"
    ]


def test_an_offer_named_like_the_answer_that_ends_the_step_is_refused(tmp_path: Path) -> None:
    errors = _errors(tmp_path, "offer haggle,", "offer haggle, or done,")
    assert errors[0] == (
        'procedure.rules:6:28: "done" is the answer that ends an offer step: name the offer '
        "otherwise"
    )


def test_an_offer_written_twice_is_refused(tmp_path: Path) -> None:
    assert _errors(tmp_path, "or walk home", "or haggle") == [
        'procedure.rules:6:28: "haggle" is offered twice (first at line 6)'
    ]


# ---- free text


def test_a_free_text_answer_is_checked_for_length_and_characters(tmp_path: Path) -> None:
    game = _market(tmp_path, coins=1)
    game.pending()
    game.apply("name the stall")
    asked = game.pending()
    assert isinstance(asked, TextDecision) and asked.kind == TextKind.WRITE
    for bad, why in [
        ("", "empty"),
        ("The Thirteenth Loaf", "at most 12"),
        ("Loaf 13", "is not allowed"),
        ("<b>Loaf</b>", "is not allowed"),
        (7, "is text"),
    ]:
        with pytest.raises(IllegalMove, match=why):
            game.apply(bad)
    assert game.pending() == asked  # nothing recorded
    game.apply("  Ann's   Loaves ")
    game.pending()
    assert game.state.stall == "Ann's Loaves"


# ---- the state hooks, generated


def test_a_flat_state_round_trips_through_json_at_a_question(tmp_path: Path) -> None:
    game = _market(tmp_path, coins=6)
    game.pending()
    game.apply("buy bread")
    asked = game.pending()
    ruleset = game.ruleset
    copy = Market.from_json(ruleset, game.to_json())
    assert copy.pending() == asked
    assert json.loads(copy.to_json()) == json.loads(game.to_json())
    for g in (game, copy):
        g.apply("buy milk")
        g.apply("done")
        g.apply("name the stall")
        g.apply("Bo")
        g.pending()
    assert copy.state.basket == game.state.basket == ["bread", "milk"]
    assert copy.state.stall == game.state.stall == "Bo"


def test_a_clone_goes_its_own_way(tmp_path: Path) -> None:
    game = _market(tmp_path, coins=6)
    game.pending()
    twin = game.clone()
    twin.apply("buy milk")
    twin.pending()
    assert game.state.basket == [] and twin.state.basket == ["milk"]


def test_a_state_that_is_not_flat_is_refused_naming_its_field() -> None:
    @dataclass
    class Bag:
        seen: set[str]
        rng: Any
        frames: list[Frame]
        events: list[Event]
        answers: list[Any]

    with pytest.raises(StateNotFlat, match=r"Bag.seen is set\[str\]"):
        plain_fields(Bag)
    assert plain_fields(MarketState) == (
        "coins",
        "basket",
        "stall",
        "dice_script",
        "table_dice",
        "over",
    )


@given(st.text(max_size=60))
def test_any_text_is_either_a_tidy_legal_name_or_refused_saying_why(text: str) -> None:
    decision = TextDecision(TextKind.WRITE, None, "Name it", (), max_length=20)
    try:
        name = decision.check(text)
    except ValueError as refused:
        assert str(refused).startswith("Name it: ")
        return
    assert 1 <= len(name) <= 20 and name == " ".join(name.split())
    assert decision.check(name) == name  # a legal answer stays legal as recorded


def test_an_offer_step_is_one_question_not_one_for_each_thing(tmp_path: Path) -> None:
    primitives = PRIMITIVES + "\n\ndef each_coin(game):\n    return [1, 2]\n"
    folder = _folder(
        tmp_path, PROCEDURE.replace("Stall: offer", "Stall: for each coin in order, offer", 1)
    )
    (folder / "market_primitives.py").write_text(primitives)
    errors = [
        f"{d.span.line}:{d.span.column}: {d.message}"
        for d in check_ruleset(folder).diagnostics.errors
    ]
    assert errors == ["5:10: an offer step is one question: it cannot be asked for each coin"]


def test_an_offer_whose_primitive_takes_a_thing_is_refused(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "market_primitives.py").write_text(
        PRIMITIVES.replace("def step_haggle(game):", "def step_haggle(game, price):")
    )
    errors = [
        f"{d.span.line}:{d.span.column}: {d.message}"
        for d in check_ruleset(folder).diagnostics.errors
    ]
    assert errors == [
        "6:17: step primitive 'haggle' takes a thing: an offer's primitive takes only the game"
    ]
