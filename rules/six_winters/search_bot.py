"""A look-ahead bot: determinized Monte Carlo search over ``session.clone()``.

At an action or a refresh take with a real choice, the bot weighs a few candidate answers (the
heuristic bot's own and some others) by playouts: each playout copies the session, deals the
hidden part anew (the order of the asset, scene and obstacle decks below what the table shows,
and the generator's future dice), gives the candidate, lets the heuristic bot play to the end of
the turn (obstacles activated), and scores what it finds: a won session 1, a lost one 0, else
scenes, threat left, points held and conditions spared. It is a one-level search (flat Monte
Carlo: below the first answer the heuristic plays); the candidates are played on the same deals,
round after round until the playout budget is spent, and the heuristic's answer stands unless
another scores better by a margin.

Hidden information is respected by construction: the search never reads a deck's order or the
generator, it only samples them again (``determinize``); what it reads besides is what
``observation`` shows. It needs the session it plays in (``bind``), which
``chronicler simulate`` gives at each session's start; without one it plays as the heuristic.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from dsl.kernel.random import GameRandom
from dsl.runtime import Decision

from .contracts import DecisionKind

SEARCHED = frozenset({DecisionKind.CHOOSE_ACTION, DecisionKind.CHOOSE_TAKE})


def determinize(session: Any, rng: random.Random) -> Any:
    """A copy of the session whose hidden part is dealt again: the decks' order (the scene
    deck's visible top card stays) and the generator's future."""
    sim = session.clone()
    st = sim.state
    for deck in (st.asset_deck, st.obstacle_deck, st.solo_ability_deck):
        rng.shuffle(deck)
    if len(st.scene_deck) > 1:
        rest = st.scene_deck[1:]
        rng.shuffle(rest)
        st.scene_deck[1:] = rest
    st.rng = GameRandom(rng.getrandbits(63))
    return sim


class LookaheadBot:
    """Determinized Monte Carlo search with a playout budget; the heuristic bot plays the
    playouts and every question the search leaves (see the module's text)."""

    name = "lookahead"
    uses_observation = True

    def __init__(
        self,
        seed: int = 0,
        heuristic: Callable[[int], Any] | None = None,
        *,
        playouts: int = 8,
        candidates: int = 3,
    ) -> None:
        if heuristic is None:
            raise ValueError("LookaheadBot needs the heuristic bot that plays its playouts")
        self.rng = random.Random(seed)
        self.make_heuristic = heuristic
        self.heuristic = heuristic(seed)
        self.playouts = playouts
        self.candidates = candidates
        self.session: Any = None
        self.searched = 0
        self.changed = 0

    def bind(self, session: Any) -> None:
        """The session this bot is about to play (its search copies it)."""
        self.session = session
        if hasattr(self.heuristic, "bind"):
            self.heuristic.bind(session)

    def choose(self, obs: dict[str, Any] | None, decision: Decision) -> Any:
        base = self.heuristic.choose(obs, decision)
        options = list(decision.options)
        if (
            self.session is None
            or decision.kind not in SEARCHED
            or decision.max_choices > 1
            or len(options) < 2
            or self.session.pending() != decision
        ):
            return base
        others = [o for o in options if o != base]
        self.rng.shuffle(others)
        candidates = [base, *others[: self.candidates - 1]]
        best = self._search(candidates)
        self.searched += 1
        if best != base:
            self.changed += 1
        return best

    def _search(self, candidates: list[Any]) -> Any:
        """Rounds of playouts until the budget is spent: each round deals one hidden world
        and plays every candidate in it (common random numbers: the candidates are compared
        on the same luck). Another answer replaces the heuristic's only when it scores
        better by more than ``MARGIN`` on average."""
        rounds = max(1, -(-self.playouts // len(candidates)))
        total = [0.0] * len(candidates)
        for _ in range(rounds):
            world = determinize(self.session, self.rng)
            seed = self.rng.randrange(2**31)
            for i, answer in enumerate(candidates):
                total[i] += self._playout(world.clone(), answer, seed)
        best = max(range(len(candidates)), key=lambda k: (total[k], k == 0))
        if (total[best] - total[0]) / rounds > self.MARGIN:
            return candidates[best]
        return candidates[0]

    MARGIN = 0.02  # of a session's value: less is noise, the heuristic's answer stands

    def _playout(self, sim: Any, answer: Any, seed: int) -> float:
        start = (sim.state.season, sim.state.turn)
        sim.apply(answer)
        bot = self.make_heuristic(seed)
        if hasattr(bot, "bind"):
            bot.bind(sim)
        while (decision := sim.pending()) is not None:
            if (sim.state.season, sim.state.turn) != start:
                break  # the turn is over: its obstacles have activated
            sim.apply(bot.choose(sim.observation(decision.who), decision))
        return value(sim)


def value(session: Any) -> float:
    """How good a session looks for the players, 0 (lost) to 1 (won)."""
    st = session.state
    if st.result is not None:
        return 1.0 if st.result.get("result") == "won" else 0.0
    if st.lost:
        return 0.0
    rs = session.ruleset
    need = rs.value("scenes to win", 3)
    pool = max(1, rs.value("threat pool", 6))
    scenes = min(len(st.scenes_completed), need) / need
    threat = min(st.threat_pool, pool) / pool
    held = sum(
        rs.assets[a].points if a in rs.assets else 0 for c in st.characters for a in c.assets
    ) + sum(
        rs.obstacles[o].points if o in rs.obstacles else 0
        for c in st.characters
        for o in c.obstacles
    )
    conditions = sum(len(c.conditions) for c in st.characters)
    return (
        0.45 * scenes + 0.3 * threat + 0.15 * min(held, 6) / 6 + 0.1 * (1.0 / (1 + conditions))
    ) * 0.9  # below a won session's 1
