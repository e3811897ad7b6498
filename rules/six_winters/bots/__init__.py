"""Bots for Six Winters. A bot sees a player's observation and the decision, nothing more (the
look-ahead bot of ``search_bot`` also copies the session, dealing what is hidden anew)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..search_bot import LookaheadBot
from .acting import Acting
from .uniform import RandomBot


class HeuristicBot(Acting):
    """Plays to win, and to last the campaign: an overcome costs no action point and no die but
    defense, so what it costs is stress, and stress past a pool is a condition that stays for years.
    It narrates a scene as soon as the points are there, except the first scene of the year before
    the finale, which waits for cards enough for the year (``COMMIT``). Each overcome is planned
    (``_plan``): everyone at the obstacle with dice joins (one stress roll, everyone's dice add
    tokens), hindrance or progress, and which dice go to defense, weighed in threats: a threat this
    turn (more as the pool empties, more where it would surge) and an overcome obstacle's points
    against the expected stress (a pool emptied is a condition, a body one more than a psyche one,
    any more early in the campaign) and the dice spent. An obstacle that would get past its tokens
    at the next activation gets the nearest characters with dice, who walk there first and wait for
    each other before trying; others are left until they threaten, unless progress on them is cheap.
    A stress die, divided before the roll, goes to whoever it adds least expected harm to (a pool it
    could empty counts a condition). It crafts with its highest die; takes the asset with most
    points per action point of its recipe, one in progress at a time (else dice); musters and trades
    for open slots; walks toward a scene it can score (where the characters whose cards it needs
    meet, ``_rendezvous``) or the place with most work for it. The cubes are finite: a try
    adds no more than the supply holds (an overcome's questions are asked on the table as it is
    then, a teammate's tokens on it). Cards that cost
    stress or spend themselves are used when they help (what a card costs and does is read from its
    compiled text, ``readings``, never from its name); a character does not end its turn where one
    of its conditions bites. Surges, new obstacles and threats picked by cards go where no threat
    lies; session end removes first the obstacle that comes back next year with fewest tokens;
    downtime recovers from the condition that hurts most and advances the skills of the obstacles in
    play (one that raises a skill now first); asked to choose characters (``choose_characters``),
    the most hurt rests. It never paces (a move straight back to where a character came from
    this turn), sends no stress die to a character at its last point of that stress while a
    teammate has more, defends with its 1s before a higher die when the stress dice could empty a
    pool, and once the year is won stops overcoming unless the threat pool is at risk
    (``tests/rules/six_winters/test_bot_blunders.py``). It sees only the observation. Measured
    with ``benchmarks/bench_bots.py``."""

    name = "heuristic"
    uses_observation = True


class FinaleFirstBot(HeuristicBot):
    """The heuristic bot, but the year before the finale is played for the finale: it narrates
    no scene and walks to none, so its obstacles go back to the obstacle deck and its completed
    assets start the finale in the reserve (``HeuristicBot.PREPARE``). It answers the design
    question "does giving up year 5 pay?"; the playtest report names it."""

    name = "finale-first"
    PREPARE = 1


def lookahead_bot(seed: int = 0) -> LookaheadBot:
    """The look-ahead bot (``search_bot``), its playouts played by the heuristic bot."""
    return LookaheadBot(seed, HeuristicBot)


BOTS: dict[str, Callable[[int], Any]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "finale-first": FinaleFirstBot,
    "lookahead": lookahead_bot,
}


def make_bot(name: str, seed: int = 0) -> Any:
    return BOTS[name](seed)


def default_bot(seed: int = 0) -> HeuristicBot:
    """The bot demos use: the heuristic one."""
    return HeuristicBot(seed)
