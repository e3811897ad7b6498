"""A look-ahead bot for any game on the kernel: information-set Monte Carlo tree search.

The bot never reads what its player may not see. Before each simulated game it asks the game
for a *determinization*: a copy in which everything hidden from that player (the order of a
deck, another player's hand, a choice made face down) is drawn again at random among what is
consistent with what the player does see (``game.determinize(player, rng)``; a game with no
hidden information returns ``clone()``). One tree is grown over all the determinizations
(single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): a node's statistics are kept per
answer, an answer is tried only where it is legal in the copy at hand, and the child chosen by
UCB among the legal ones counts an availability each time it could have been chosen. A playout
from the new node is played by a fast default bot; the results per player (``returns()``, or
the winner's 1 against 0) go back up, each node scoring them for the player who decided there.

The budget is a number of playouts (repeatable with a seed) or a time in seconds.

``RootSearch`` is the cheaper look-ahead for games whose playouts are long: flat Monte Carlo at
the root of the questions it is asked to search, over the few answers a fallback bot ranks best,
with common random numbers and sequential halving (its docstring).

``InfoSetSearch`` is the tree search for such games: single-observer ISMCTS over only the
searching player's questions that matter (a tree of their information sets, keyed by their own
answers), the other questions answered by a fallback bot, and playouts cut off at a horizon
and scored by an estimate from the player's observation (its docstring).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dsl.kernel.machine import Machine


@dataclass
class _Node:
    who: str | None
    visits: int = 0
    children: dict[Any, _Node] = field(default_factory=dict)
    wins: float = 0.0  # the result for the player who chose the answer leading here
    available: int = 0  # how often this answer was legal when its parent was visited


def _key(answer: Any) -> Any:
    return tuple(answer) if isinstance(answer, list) else answer


class _Uniform:
    """The default playout: uniformly random legal answers."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, decision: Any) -> Any:
        options = list(decision.options)
        if decision.max_choices > 1 or decision.kind == "choose_many":
            high = min(decision.max_choices, len(options))
            count = self.rng.randint(decision.min_choices, high)
            return self.rng.sample(options, count)
        return options[self.rng.randrange(len(options))]


# a result is mostly winning (a tie shares it) and partly the score's place in the range, so a
# search that cannot find a win still prefers the better score
WIN_SHARE = 0.7


def _returns(game: Machine, players: list[str]) -> dict[str, float]:
    """Each player's result in 0..1: winning, and the score's place between the lowest and the
    highest score."""
    got = getattr(game, "returns", None)
    scores: dict[str, float] = dict(got()) if callable(got) else {}
    if not scores:
        return {p: 0.0 for p in players}
    low, high = min(scores.values()), max(scores.values())
    if high == low:
        return {p: 0.5 for p in scores}
    best = [p for p, s in scores.items() if s == high]
    return {
        p: WIN_SHARE * (1.0 / len(best) if p in best else 0.0)
        + (1 - WIN_SHARE) * (s - low) / (high - low)
        for p, s in scores.items()
    }


class SearchBot:
    """ISMCTS over ``clone``/``determinize``: ``playouts`` simulated games per decision, or as
    many as ``seconds`` allow. Decisions with one option are answered at once."""

    uses_observation = False

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int = 200,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: Callable[[int], Any] | None = None,
        max_depth: int = 400,
    ) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.seconds = seconds
        self.exploration = exploration
        self.max_depth = max_depth
        self.rollout_bot = rollout(seed) if rollout is not None else _Uniform(seed)
        self.game: Machine | None = None

    def bind(self, game: Machine) -> SearchBot:
        """The game the bot plays (it searches from the game's state, as its player sees it)."""
        self.game = game
        return self

    def choose(self, observation: Any, decision: Any) -> Any:
        options = list(decision.options)
        if len(options) <= 1 and decision.max_choices <= 1:
            return options[0]
        if self.game is None:
            raise RuntimeError("a SearchBot plays a game it was bound to: bot.bind(game)")
        return self.search(self.game, decision.who)

    def search(self, game: Machine, who: str | None) -> Any:
        root = _Node(who)
        players = list(getattr(game.state, "players", []))
        deadline = time.monotonic() + self.seconds if self.seconds is not None else None
        done = 0
        while True:
            if deadline is not None:
                if time.monotonic() >= deadline and done > 0:
                    break
            elif done >= self.playouts:
                break
            self._iterate(game, root, who, players)
            done += 1
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].wins))
        answer = best[0]
        return list(answer) if isinstance(answer, tuple) else answer

    def _determinize(self, game: Machine, who: str | None) -> Machine:
        sample = getattr(game, "determinize", None)
        if callable(sample):
            sampled: Machine = sample(who, self.rng)
            return sampled
        return game.clone()

    def _iterate(self, game: Machine, root: _Node, who: str | None, players: list[str]) -> None:
        copy = self._determinize(game, who)
        node = root
        path: list[_Node] = []
        depth = 0
        # selection and expansion
        while depth < self.max_depth:
            decision = copy.pending()
            if decision is None:
                break
            legal = self._answers(decision)
            for answer in legal:
                child = node.children.get(_key(answer))
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if _key(a) not in node.children]
            if untried:
                answer = untried[self.rng.randrange(len(untried))]
                child = _Node(decision.who, available=1)
                node.children[_key(answer)] = child
                copy.apply(answer)
                path.append(child)
                node = child
                break
            answer = self._ucb(node, legal)
            node = node.children[_key(answer)]
            copy.apply(answer)
            path.append(node)
            depth += 1
        # playout: a rollout bot that reads observations (a heuristic bot) is given its seat's
        reads = getattr(self.rollout_bot, "uses_observation", False)
        observe = getattr(copy, "observation", None)
        while depth < self.max_depth and (decision := copy.pending()) is not None:
            seen = observe(decision.who) if reads and callable(observe) else None
            copy.apply(self.rollout_bot.choose(seen, decision))
            depth += 1
        results = _returns(copy, players)
        root.visits += 1
        for step in path:
            step.visits += 1
            if step.who is not None:
                step.wins += results.get(step.who, 0.0)

    def _answers(self, decision: Any) -> list[Any]:
        options = list(decision.options)
        if decision.max_choices > 1 or decision.kind == "choose_many":
            # a choice of several: a handful of sampled answers stand for the whole space
            low, high = decision.min_choices, min(decision.max_choices, len(options))
            seen: dict[Any, Any] = {}
            for _ in range(6):
                count = self.rng.randint(low, high) if high >= low else low
                pick = sorted(self.rng.sample(options, count), key=options.index)
                seen.setdefault(tuple(pick), pick)
            return list(seen.values())
        return options

    def _ucb(self, node: _Node, legal: list[Any]) -> Any:
        best, best_value = legal[0], -math.inf
        for answer in legal:
            child = node.children[_key(answer)]
            value = child.wins / child.visits + self.exploration * math.sqrt(
                math.log(max(child.available, 1)) / child.visits
            )
            if value > best_value:
                best, best_value = answer, value
        return best


def margin(game: Machine, who: str | None) -> float:
    """A finished game's worth to ``who``: their score less the best of the others' (a win by
    many points worth more than a win by one, a narrow loss more than a rout)."""
    got = getattr(game, "returns", None)
    scores: dict[str, float] = dict(got()) if callable(got) else {}
    if who not in scores:
        return 0.0
    others = [s for p, s in scores.items() if p != who]
    return scores[who] - (max(others) if others else 0.0)


def _worth_searching(decision: Any, searched: Callable[[Any], bool]) -> bool:
    """A search looks ahead at one choice among two or more, of a kind it searches; every other
    question is its fallback bot's."""
    return len(decision.options) >= 2 and decision.max_choices <= 1 and searched(decision)


class RootSearch:
    """Flat Monte Carlo at the root of the questions ``searched`` picks, every other question
    answered by ``fallback``: the ``width`` answers ``fallback`` ranks best (``rank``, best
    first) are each played out over determinizations to the end of the game, every seat then
    played by a bot made by ``rollout`` (which reads the observation of the seat it plays when
    it says ``uses_observation``), and the answer whose playouts are worth most to the player
    (``value``: the score margin by default) is given.

    The budget, ``playouts`` a question (or as many as ``seconds`` allow), is spent by
    *sequential halving* (Karnin, Koren and Somekh 2013): in each round every answer still in
    the running is played out on the same determinizations with the same seeds (*common random
    numbers*: a difference between two answers is the answers', not the deal's), and the worse
    half is dropped, so the close contenders get the most playouts. A determinization is the
    game as the player may know it (``game.determinize``: what they cannot see dealt again);
    the bot never reads the game's hidden state itself."""

    uses_observation = True

    def __init__(
        self,
        seed: int = 0,
        *,
        fallback: Any,
        rollout: Callable[[int], Any],
        rank: Callable[[Any, Any], list[Any]],
        searched: Callable[[Any], bool] = lambda decision: True,
        playouts: int = 48,
        seconds: float | None = None,
        width: int = 6,
        value: Callable[[Machine, str | None], float] = margin,
    ) -> None:
        self.rng = random.Random(seed)
        self.fallback, self.rollout, self.rank = fallback, rollout, rank
        self.searched, self.value = searched, value
        self.playouts, self.seconds, self.width = playouts, seconds, width
        self.game: Machine | None = None

    def bind(self, game: Machine) -> RootSearch:
        self.game = game
        return self

    def choose(self, observation: Any, decision: Any) -> Any:
        if self.game is None or not _worth_searching(decision, self.searched):
            return self.fallback.choose(observation, decision)
        options = list(decision.options)
        ranked = [a for a in self.rank(observation, decision) if a in options][: self.width]
        if len(ranked) < 2:
            return self.fallback.choose(observation, decision)
        return self.halve(self.game, decision.who, ranked)

    def halve(self, game: Machine, who: str | None, answers: list[Any]) -> Any:
        """Sequential halving over ``answers`` from ``game`` for ``who``: the best of them."""
        alive = list(answers)
        total = {self._key(a): 0.0 for a in alive}
        count = {self._key(a): 0 for a in alive}
        rounds = max(1, math.ceil(math.log2(len(alive))))
        start = time.monotonic()
        for done in range(rounds):
            if len(alive) == 1:
                break
            each = max(1, self.playouts // (rounds * len(alive)))
            until = None if self.seconds is None else start + self.seconds * (done + 1) / rounds
            played = 0
            while (played < each) if until is None else (played == 0 or time.monotonic() < until):
                seeds = (self.rng.randrange(2**62), self.rng.randrange(2**62))
                for answer in alive:
                    total[self._key(answer)] += self.playout(game, who, answer, seeds)
                    count[self._key(answer)] += 1
                played += 1
            alive.sort(key=lambda a: -total[self._key(a)] / count[self._key(a)])
            alive = alive[: (len(alive) + 1) // 2]
        return alive[0]

    def playout(self, game: Machine, who: str | None, answer: Any, seeds: tuple[int, int]) -> float:
        """One determinization of ``game`` (dealt by the first seed), ``answer`` given, the rest
        played by the rollout bot (seeded by the second): its worth to ``who``."""
        sample = getattr(game, "determinize", None)
        copy: Machine = sample(who, random.Random(seeds[0])) if callable(sample) else game.clone()
        copy.apply(answer)
        bot = self.rollout(seeds[1])
        reads = getattr(bot, "uses_observation", False)
        observe = getattr(copy, "observation", None)
        while (decision := copy.pending()) is not None:
            seen = observe(decision.who) if reads and callable(observe) else None
            copy.apply(bot.choose(seen, decision))
        return self.value(copy, who)

    @staticmethod
    def _key(answer: Any) -> Any:
        return _key(answer)


@dataclass
class _InfoSet:
    """A node of the searching player's tree: the information set reached by their own answers
    so far (what they chose, not what the others did or the dice said)."""

    visits: int = 0
    total: float = 0.0  # the worth to the searching player of the playouts through here
    available: int = 0  # how often its answer was among the candidates when its parent was met
    children: dict[Any, _InfoSet] = field(default_factory=dict)


class InfoSetSearch:
    """Single-observer information-set Monte Carlo tree search (SO-ISMCTS: Cowling, Powley and
    Whitehouse 2012) over the questions ``searched`` picks for the searching player; every other
    question (the other players', and the player's own unsearched ones) answered by a bot made
    by ``rollout``, which reads the observation of the seat it answers for.

    Each iteration deals a *determinization* (``game.determinize``: what the player cannot see
    dealt again, the dice to come drawn afresh) and walks it down one tree. A node is keyed by
    the player's own answers so far, never by the hidden state: every determinization that
    agrees with what the player chose meets the same node. At a searched question the
    candidates are the ``width`` answers ``rank`` puts first (from the copy's observation for
    the player); a candidate not yet tried there is expanded (the best-ranked first), otherwise
    UCB picks among the candidates legal in this copy, each candidate counting an
    *availability* whenever it could have been picked (the availability-aware UCB of the paper,
    since what is legal varies between determinizations). Then the copy is played out by the
    rollout bot, either to the end (the worth is ``value``: the score margin by default) or,
    with ``horizon``, only until ``horizon`` more searched questions have been met by anyone,
    where ``estimate`` scores the player's observation of the copy. The worth is added to every
    node of the path.

    The budget is ``playouts`` iterations a question (repeatable with a seed) or as many as
    ``seconds`` allow. The tree is kept from one question to the next (the child of the answer
    given becomes the next root). With ``root_halving`` the root's answer is chosen by
    sequential halving over common random numbers instead of UCB (``_halve``), for budgets of
    a few dozen iterations. Reads no hidden state: only the copies it deals itself and their
    observations."""

    uses_observation = True

    def __init__(
        self,
        seed: int = 0,
        *,
        fallback: Any,
        rollout: Callable[[int], Any],
        rank: Callable[[Any, Any], list[Any]] | None = None,
        searched: Callable[[Any], bool] = lambda decision: True,
        playouts: int = 64,
        seconds: float | None = None,
        width: int = 4,
        horizon: int | None = None,
        estimate: Callable[[Any, str | None], float] | None = None,
        value: Callable[[Machine, str | None], float] = margin,
        exploration: float = 0.7,
        keep_tree: bool = True,
        root_halving: bool = False,
    ) -> None:
        if horizon is not None and estimate is None:
            raise ValueError("a search cut off at a horizon needs an estimate to score there")
        self.rng = random.Random(seed)
        self.fallback, self.rollout, self.searched = fallback, rollout, searched
        self.rank = rank if rank is not None else (lambda observation, decision: decision.options)
        self.playouts, self.seconds, self.width = playouts, seconds, width
        self.horizon, self.estimate, self.value = horizon, estimate, value
        self.exploration, self.keep_tree, self.root_halving = exploration, keep_tree, root_halving
        self.game: Machine | None = None
        self._next: dict[str | None, _InfoSet] = {}  # each player's kept subtree
        self._low, self._high = math.inf, -math.inf  # the worths met in this search, for UCB
        self.iterations = 0  # of the last search

    def bind(self, game: Machine) -> InfoSetSearch:
        self.game = game
        self._next = {}
        return self

    def choose(self, observation: Any, decision: Any) -> Any:
        if self.game is None or not _worth_searching(decision, self.searched):
            return self.fallback.choose(observation, decision)
        candidates = self._candidates(observation, decision)
        if len(candidates) < 2:
            return self.fallback.choose(observation, decision)
        return self.search(self.game, decision.who, candidates)

    def search(self, game: Machine, who: str | None, candidates: list[Any]) -> Any:
        """The best candidate by the tree grown from ``game`` for ``who``: the root's child
        visited most (or, with ``root_halving``, the one sequential halving keeps)."""
        root = self._next.pop(who, None) if self.keep_tree else None
        root = root if root is not None else _InfoSet()
        self._low, self._high = math.inf, -math.inf
        if self.root_halving:
            best = self._halve(game, who, root, candidates)
            self._next[who] = root.children[_key(best)]
            return best
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        done = 0
        while (
            (done < self.playouts)
            if deadline is None
            else (done == 0 or time.monotonic() < deadline)
        ):
            self.iterate(game, who, root)
            done += 1
        self.iterations = done
        tried = [a for a in candidates if _key(a) in root.children]
        if not tried:
            return candidates[0]
        best = max(
            tried,
            key=lambda a: (
                root.children[_key(a)].visits,
                root.children[_key(a)].total / max(root.children[_key(a)].visits, 1),
            ),
        )
        self._next[who] = root.children[_key(best)]
        return best

    def iterate(
        self,
        game: Machine,
        who: str | None,
        root: _InfoSet,
        first: Any = None,
        seeds: tuple[int, int] | None = None,
    ) -> float:
        """One determinization walked down the tree from ``root`` and played out: its worth.
        With ``first``, the root's answer is that one; with ``seeds``, the determinization and
        the rollout bot are seeded by them (else by the search's own generator)."""
        deal, play = seeds if seeds is not None else (None, self.rng.randrange(2**62))
        dealer = random.Random(deal) if deal is not None else self.rng
        sample = getattr(game, "determinize", None)
        copy: Machine = sample(who, dealer) if callable(sample) else game.clone()
        bot = self.rollout(play)
        reads = getattr(bot, "uses_observation", False)
        observe = getattr(copy, "observation", None)
        node, path, in_tree, beyond, cut = root, [root], True, 0, False
        if first is not None:
            node = root.children.setdefault(_key(first), _InfoSet())
            node.available += 1
            path.append(node)
            copy.apply(first)
        while (decision := copy.pending()) is not None:
            searched = len(decision.options) > 1 and self.searched(decision)
            if in_tree and searched and decision.who == who and callable(observe):
                legal = self._candidates(observe(who), decision)
                if len(legal) > 1:
                    answer, node, in_tree = self._step(node, legal)
                    path.append(node)
                    copy.apply(answer)
                    continue
            if searched and not in_tree:
                if self.horizon is not None and beyond >= self.horizon:
                    cut = True
                    break
                beyond += 1
            seen = observe(decision.who) if reads and callable(observe) else None
            copy.apply(bot.choose(seen, decision))
        if cut and self.estimate is not None and callable(observe):
            worth = self.estimate(observe(who), who)
        else:
            worth = self.value(copy, who)
        self._low, self._high = min(self._low, worth), max(self._high, worth)
        for step in path:
            step.visits += 1
            step.total += worth
        return worth

    def _halve(self, game: Machine, who: str | None, root: _InfoSet, candidates: list[Any]) -> Any:
        """The root's answer by sequential halving (H-MCTS, Pepels, Cazenave, Winands and
        Lanctot 2014): in each round every candidate still in the running is given the same
        iterations, the n-th of each on the same determinization and rollout seeds (common
        random numbers), the tree below the root grown by UCB as ever; the worse half is
        dropped. Judged by this search's iterations alone."""
        alive = list(candidates)
        total = {_key(a): 0.0 for a in alive}
        count = {_key(a): 0 for a in alive}
        rounds = max(1, math.ceil(math.log2(len(alive))))
        start, done = time.monotonic(), 0
        for spent in range(rounds):
            if len(alive) == 1:
                break
            each = max(1, self.playouts // (rounds * len(alive)))
            until = None if self.seconds is None else start + self.seconds * (spent + 1) / rounds
            played = 0
            while (played < each) if until is None else (played == 0 or time.monotonic() < until):
                seeds = (self.rng.randrange(2**62), self.rng.randrange(2**62))
                for answer in alive:
                    total[_key(answer)] += self.iterate(game, who, root, answer, seeds)
                    count[_key(answer)] += 1
                    done += 1
                played += 1
            alive.sort(key=lambda a: -total[_key(a)] / count[_key(a)])
            alive = alive[: (len(alive) + 1) // 2]
        self.iterations = done
        return alive[0]

    def _step(self, node: _InfoSet, legal: list[Any]) -> tuple[Any, _InfoSet, bool]:
        """The answer chosen at ``node`` among ``legal``, its child, and whether the walk stays
        in the tree (it leaves it on expanding)."""
        for answer in legal:
            child = node.children.get(_key(answer))
            if child is not None:
                child.available += 1
        untried = [a for a in legal if _key(a) not in node.children]
        if untried:
            child = _InfoSet(available=1)
            node.children[_key(untried[0])] = child
            return untried[0], child, False
        spread = max(self._high - self._low, 1.0) if self._high >= self._low else 1.0
        best, best_value = legal[0], -math.inf
        for answer in legal:
            child = node.children[_key(answer)]
            mean = child.total / max(child.visits, 1)
            bonus = math.sqrt(math.log(max(child.available, 1)) / max(child.visits, 1))
            if (worth := mean + self.exploration * spread * bonus) > best_value:
                best, best_value = answer, worth
        return best, node.children[_key(best)], True

    def _candidates(self, observation: Any, decision: Any) -> list[Any]:
        options = list(decision.options)
        ranked = [a for a in self.rank(observation, decision) if a in options]
        return ranked[: self.width]
