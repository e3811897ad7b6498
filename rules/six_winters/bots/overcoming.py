"""The heuristic bot's answers during an overcome: the plan (who joins, hindrance or progress,
which dice defend), the stress dice divided and the defense chosen, tokens placed, and the
expected harm of a stress roll."""

from __future__ import annotations

import functools
import itertools
import re
from typing import Any

from dsl.runtime import Decision
from dsl.runtime import DecisionKind as LanguageDecision

from ..contracts import DecisionKind
from .knowing import Knowing, answer_to

# the prompts the bot reads, compiled once (each is matched at a decision of its kind)
_STRESS_DIE_PROMPT = re.compile(r"Who takes .+'s (\w+) stress die \(\d+ of \d+\)\?")
_RESERVE_PROMPT = re.compile(r"Reserve: who takes (.+)\?")
_DEFEND_PROMPT = re.compile(r"defend against (.+) \(defense pool \[(.*)\]\)\?")
_TOKEN_PROMPT = re.compile(r"add (\d+) progress or (\d+) hindrance to (.+)\?")


class Overcoming(Knowing):
    """Plans an overcome and answers its questions (``choose_defense``, ``choose_character`` for
    a stress die or a reserve, ``choose_token``, ``choose_stress``, ``choose_many``)."""

    def _stress_costs(
        self, obs: dict[str, Any], team: list[dict[str, Any]], kinds: list[str], harm: float
    ) -> list[float]:
        """Expected cost of a stress roll of ``kinds``, each die harmful with chance ``harm``,
        when defense cancels 0, 1, ... of the harmful ones (those nearest a condition); a
        harmful die goes to whoever has most of that stress left (a pool emptied is a
        condition)."""
        k = len(kinds)
        if harm <= 0:
            return [0.0] * (k + 1)
        condition = self.CONDITION + self.CONDITION_PER_YEAR * max(0, self._years - obs["year"])
        late = min(1.0, self._turns_left(obs) / 12)
        if self.LAST_YEAR_FADES and obs["year"] >= self._years:
            # the last year: a condition hurts only for the turns left (no year comes after)
            condition *= self._turns_left(obs) / self._turns_a_year(obs)
        key = (
            tuple(kinds),
            harm,
            condition,
            late,
            tuple((m["body"], m["psyche"]) for m in team),
            self.BODY,
            self.PSYCHE,
            self.STRESS,
        )
        if (known := self._costs.get(key)) is not None:
            return known
        if len(self._costs) > 100_000:
            self._costs.clear()
        costs = [0.0] * (k + 1)
        for mask in range(1, 1 << k):
            hurt = [kinds[i] for i in range(k) if mask >> i & 1]
            n = len(hurt)
            chance = harm**n * (1 - harm) ** (k - n)
            most = {kind: max(m[kind] for m in team) for kind in hurt}
            hurt.sort(key=lambda kind: most[kind])  # defense cancels the worst first
            for blocked in range(min(n, k)):
                left = {
                    kind: sorted((m[kind] for m in team), reverse=True) for kind in hurt[blocked:]
                }
                cost = 0.0
                for kind in hurt[blocked:]:
                    pools = left[kind]
                    weight = condition * (self.BODY if kind == "body" else self.PSYCHE)
                    if pools[0] <= 1:
                        cost += weight
                        pools[0] = 99  # refilled
                    else:
                        cost += weight * self.STRESS * late / (pools[0] - 1)
                        pools[0] -= 1
                    pools.sort(reverse=True)
                costs[blocked] += chance * cost
        self._costs[key] = costs
        return costs

    def _plan(self, obs: dict[str, Any], c: dict[str, Any], ob: dict[str, Any]) -> dict[str, Any]:
        """The best way for ``c`` (and who joins) to try ``ob`` once: hinder or progress, which
        dice to defense, and what that is worth against the stress it risks. The tokens on an
        obstacle soak its activations until the session ends or they reach its difficulty
        (then it is discarded): what a try adds is that share of a threat."""
        team = self._team(obs, c)
        ranks = [m["skills"].get(ob["skill"], 0) for m in team]
        best = max(ranks)
        harm = max(0, 6 - best) / 6
        kinds = list(ob["stress"])
        tokens = ob["progress"] + ob["hindrance"]
        acts = self._activations(obs, ob)
        difficulty = ob["difficulty"]
        threat = self._threat_weight(obs, c["location"])
        point = self.POINT * (self.FINALE_POINT if obs["year"] >= self._years else 1.0)
        urgent = 1.0 if tokens < acts else self.LATER
        # defense: the lowest dice first (a die at most one above the best skill cancels any
        # harmful stress die); for progress, the dice above their owner's skill first
        high: list[tuple[int, int]] = []
        low: list[tuple[int, int]] = []
        for i, m in enumerate(team):
            rank = ranks[i]
            for d in m["initiative"]:
                (high if d > rank else low).append((d, i))
        high.sort()
        low.sort()
        dice = len(high) + len(low)
        left = difficulty - ob["progress"]
        costs = self._stress_costs(obs, team, kinds, harm)
        # the cubes are finite: a try adds no more than the supply holds
        progress_left, hindrance_left = self._cubes_left(obs)
        best_value = -99.0
        best_plan: tuple[str, list[tuple[int, int]]] | None = None
        lowest_first = sorted(high + low)  # defense for hindrance: the lowest dice
        high_first = high + low  # defense for progress: the dice above their skill first
        # a defense die above best + 1 cancels only the harmful faces at least it: what the
        # first ``n`` dice of each order cover (summed in order, as ``sum`` would)
        covers = []
        for order in (lowest_first, high_first):
            cover: float = 0
            sums = [cover]
            for d, _i in order:
                cover += min(1.0, (7 - d) / (6 - best)) if harm else 0
                sums.append(cover)
            covers.append(sums)
        for goal in ("hinder", "progress"):
            for blocked in range(0, min(len(kinds), dice) + 1):
                if goal == "hinder":
                    pool = lowest_first[:blocked]
                    cover = covers[0][blocked]
                    added = min(dice - blocked, hindrance_left)
                    progress = 0
                    if added == 0:
                        continue
                else:
                    pool = high_first[:blocked]
                    cover = covers[1][blocked]
                    # the dice at or below their owner's skill come after the others
                    progress = len(low) - max(0, blocked - len(high))
                    progress = min(progress, progress_left)
                    if progress == 0:
                        continue
                    added = progress
                after = tokens + added
                if after >= difficulty:
                    value = threat * urgent  # discarded (or overcome)
                elif tokens < acts <= after:
                    value = threat * self.SOAK  # no threat this turn; it stays in play
                elif tokens >= acts:
                    value = threat * self.LATER * self.SOAK * (after - tokens) / difficulty
                else:
                    value = 0.0  # it still gets past its tokens
                if progress:
                    value += point * (ob["points"] + 1) * min(progress, left) / difficulty
                    if progress >= left:
                        value += point * (ob["points"] + 1)  # overcome: a card for scenes
                whole = min(int(cover), len(kinds))
                cost = costs[whole]
                if cover > whole and whole < len(kinds):
                    cost += (cover - whole) * (costs[whole + 1] - cost)
                value -= cost + self.DEFENSE_DIE * blocked
                if value > best_value:
                    best_value, best_plan = value, (goal, pool)
        if best_plan is None:
            return {"value": best_value}
        goal, pool = best_plan
        return {
            "value": best_value,
            "goal": goal,
            "defense": [team[i]["name"] for _d, i in pool],
            "faces": [d for d, _i in pool],
            "team": [m["name"] for m in team],
            "obstacle": ob["name"],
        }

    MAX_TRIES = 8  # a turn's tries at one obstacle by one character: no endless loop

    def _overcome_choice(self, obs: dict[str, Any], options: list[dict[str, Any]]) -> Any:
        """The overcome whose plan is worth most, if any is worth its stress; the character
        with the best skill for it acts (the others join)."""
        best = None
        planned: dict[tuple[str, int], dict[str, Any]] = {}
        for o in options:
            c = self._char(obs, o["character"])
            loc = self._loc(obs, c["location"]) if c else None
            if c is None or loc is None:
                continue
            key = (obs["year"], obs["season"], obs["turn"], o["character"], o["obstacle"])
            if self._tries.get(key, 0) >= self.MAX_TRIES:
                continue
            ob = loc["obstacles"][o["index"]]
            spot = (loc["name"], o["index"])
            plan = planned.get(spot)
            if plan is None:
                plan = planned[spot] = self._plan(obs, c, ob)
            if plan["value"] <= 0:
                continue
            rank = c["skills"].get(ob["skill"], 0)
            if best is None or (plan["value"], rank) > (best[0]["value"], best[1]):
                best = (plan, rank, o, ob, key)
        if best is None:
            return None
        plan, _rank, o, ob, key = best
        self._tries[key] = self._tries.get(key, 0) + 1
        self._overcoming = ob
        self._plan_now = plan
        self._defended = {}
        self._taking = {}
        return o

    @answer_to(LanguageDecision.CHOOSE_MANY)
    def _choose_many(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        if "defense" in d.prompt:
            return self._defense(obs, d, options)
        if d.prompt.startswith("Who joins "):
            plan = self._plan_now
            if plan is not None:
                return [o for o in options if o in plan["team"]]
            return options
        return options[: min(d.max_choices, max(d.min_choices, len(options)))]

    def _defense(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> list[Any]:
        """The dice the plan gives to defense (a die cancels a harmful stress die at or above
        it, and is spent whether it cancels or not)."""
        c = self._char(obs, d.who)
        plan = self._plan_now
        if c is None or plan is None:
            return []
        faces = [
            f for name, f in zip(plan["defense"], plan["faces"], strict=True) if name == c["name"]
        ]
        chosen = []
        for p in options:
            face = c["initiative"][p]
            if face in faces:
                faces.remove(face)
                chosen.append(p)
        ob = self._overcoming
        stress = list(ob["stress"]) if ob is not None else []
        at_stake = any(int(c.get(k, 0)) <= stress.count(k) for k in set(stress))
        if chosen and self.LOW_DEFENSE_AT_RISK and at_stake:
            # the stress dice could empty a pool (a condition): a 1 kept for progress defends
            # instead of a higher die (a 1 cancels any harmful stress die, a 5 only a 5 or 6)
            ones = [p for p in options if p not in chosen and c["initiative"][p] == 1]
            for p in sorted(chosen, key=lambda p: -c["initiative"][p]):
                if not ones or c["initiative"][p] == 1:
                    break
                chosen[chosen.index(p)] = ones.pop()
        self._defended[c["name"]] = [c["initiative"][p] for p in chosen]
        return chosen

    @answer_to(DecisionKind.CHOOSE_CHARACTER)
    def _choose_character(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        found = _STRESS_DIE_PROMPT.search(d.prompt)
        if found:
            return self._take_stress_die(obs, found[1], options)
        found = _RESERVE_PROMPT.search(d.prompt)
        if found:
            return self._reserve_owner(obs, found[1], options)
        return None

    def _reserve_owner(self, obs: dict[str, Any], asset: str, options: list[Any]) -> Any:
        """A reserve asset goes to the character holding fewest, then to the one whose best
        skill is the asset's (its ability helps them most)."""

        def holds(name: str) -> tuple[int, int]:
            c = self._char(obs, name)
            if c is None:
                return (99, 0)
            skill = next((a["skill"] for a in c["assets"] if a["name"] == asset), None)
            return (len(c["assets"]), -c["skills"].get(skill, 0) if skill else 0)

        return min(options, key=holds)

    def _take_stress_die(self, obs: dict[str, Any], kind: str, options: list[Any]) -> Any:
        """Teamwork: the stress dice are divided before they are rolled. A die goes to whoever
        it adds least expected harm to: the chance it shows more than their skill, less what
        their defense dice cancel, weighed by how near that pool is to a condition."""
        ob = self._overcoming
        skill = ob["skill"] if ob is not None else None
        # a die never goes to one a stress more turns into a condition (that pool at 1, no
        # defense) while a teammate has more of it left
        spare = [n for n in options if self._stress_left(obs, n, kind) > 1 or self._defended.get(n)]
        if spare and self.SPARE_LAST_POINT:
            options = spare
        # (a method, not a function of this one's: compiled, a function the key's lambda
        # calls lives in the same closure as the lambda, a cycle holding the bot and the view)
        who = min(
            options,
            key=lambda n: (
                self._harm_taken(obs, skill, n, [kind]) - self._harm_taken(obs, skill, n, []),
                -int((self._char(obs, n) or {}).get(kind, 0)),
            ),
        )
        self._taking.setdefault(who, []).append((kind, 0))
        return who

    def _stress_left(self, obs: dict[str, Any], name: str, kind: str) -> int:
        """A character's ``kind`` stress, less the dice of it taken in this overcome."""
        c = self._char(obs, name)
        taken = sum(1 for k, _ in self._taking.get(name, []) if k == kind)
        return int(c.get(kind, 0)) - taken if c is not None else 0

    def _harm_taken(self, obs: dict[str, Any], skill: Any, name: str, extra: list[str]) -> float:
        """The expected harm to ``name`` of the stress dice it takes, and ``extra`` more."""
        c = self._char(obs, name)
        if c is None:
            return 99.0
        rank = c["skills"].get(skill, 0) if skill else 0
        return _expected_harm(
            [*(k for k, _ in self._taking.get(name, [])), *extra],
            rank,
            sorted(self._defended.get(name, [])),
            {k: int(c.get(k, 0)) for k in ("body", "psyche")},
            {"body": self.BODY, "psyche": self.PSYCHE},
        )

    @answer_to(DecisionKind.CHOOSE_DEFENSE)
    def _choose_defense(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """Asked only when a card can help: a roll to see before defense (free to look), or
        stress dice coming that would hurt. A card that ignores a kind of stress at a cost
        (read from its text) is worn when that stress gets past the defense pool and what it
        costs is no condition (or the stress would be one)."""
        cards = [o for o in options if isinstance(o, dict)]
        if not cards:
            return "done"
        found = _DEFEND_PROMPT.search(d.prompt)
        c = self._char(obs, d.who)
        if not found or c is None:
            return cards[0]
        coming = [(x.split()[0], int(x.split()[1])) for x in found[1].split(", ")]
        pool = sorted(int(x) for x in found[2].split(",") if x.strip())
        left: list[tuple[str, int]] = []
        for kind, face in sorted(coming, key=lambda x: x[1]):  # the engine's way
            usable = [p for p in pool if p <= face]
            if usable:
                pool.remove(usable[0])
            else:
                left.append((kind, face))
        body = sum(1 for kind, _f in left if kind == "body")
        psyche = sum(1 for kind, _f in left if kind == "psyche")
        through = {"body": body, "psyche": psyche}
        for card in cards:
            r = self._reading(card["card"])
            if r is None or not r.ignores:
                return card
            # it ignores a kind of stress at a cost: worn when that stress gets past the
            # defense pool and the cost is no condition (or the stress would be one)
            ignored = sum(through.get(kind, 0) for kind in r.ignores)
            affordable = all(
                int(c[kind]) - through.get(kind, 0) - amount >= 1
                for kind, amount in r.costs.items()
                if kind in ("body", "psyche")
            )
            condition = any(through.get(k, 0) >= int(c[k]) for k in r.ignores if k in through)
            if ignored and (affordable or condition):
                return card
        return "done"

    @answer_to(DecisionKind.CHOOSE_TOKEN)
    def _choose_token(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        if "remove which" in d.prompt:
            return "hindrance"
        found = _TOKEN_PROMPT.search(d.prompt)
        c = self._char(obs, d.who)
        if not found or c is None:
            return "progress"
        progress, hindrance, name = int(found[1]), int(found[2]), found[3]
        loc = self._loc(obs, c["location"])
        ob = next((o for o in loc["obstacles"] if o["name"] == name), None) if loc else None
        if ob is None:
            return "progress" if progress else "hindrance"
        progress_left, hindrance_left = self._cubes_left(obs)
        progress = min(progress, progress_left)
        hindrance = min(hindrance, hindrance_left)
        return self._token_choice(obs, c, ob, progress, hindrance)

    def _token_choice(
        self,
        obs: dict[str, Any],
        c: dict[str, Any],
        ob: dict[str, Any],
        progress: int,
        hindrance: int,
    ) -> str:
        """Progress or hindrance for ``c``'s dice on ``ob`` (its tokens as they are now)."""
        name = ob["name"]
        if ob["progress"] + progress >= ob["difficulty"]:
            return "progress"  # overcome: its points for a scene, and it is gone for good
        plan = self._plan_now
        if plan is not None and plan["obstacle"] == name:
            return "progress" if plan["goal"] == "progress" and progress else "hindrance"
        key = (obs["year"], obs["season"], obs["turn"], c["name"], name)
        if progress and self._tries.get(key, 0) < self.MAX_TRIES:
            rank = c["skills"].get(ob["skill"], 0)
            left = ob["difficulty"] - ob["progress"] - progress
            # the tries left this turn likely finish it: an obstacle overcome is a point
            expected = (self.MAX_TRIES - self._tries.get(key, 0)) * len(c["initiative"]) * rank / 6
            if expected >= left and ob["progress"] + progress > self._activations(obs, ob):
                return "progress"
        if ob["progress"] + ob["hindrance"] + hindrance >= ob["difficulty"]:
            return "hindrance"  # enough tokens to discard it now
        if self._activations(obs, ob) > ob["progress"] + ob["hindrance"] + progress:
            return "hindrance"  # soak its activations: no threat next turn
        return "progress" if progress * 2 >= hindrance else "hindrance"

    @answer_to(DecisionKind.CHOOSE_STRESS)
    def _choose_stress(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        c = self._char(obs, d.who)
        if c is None:
            return options[0]
        return max(options, key=lambda kind: c.get(kind, 0))


def _expected_harm(
    kinds: list[str],
    rank: int,
    defense: list[int],
    left: dict[str, int],
    weight: dict[str, float],
) -> float:
    """Expected harm to one character of stress dice of ``kinds`` not yet rolled: over every
    roll, the dice above ``rank`` that the defense pool does not cancel each cost a stress, and
    a pool they empty costs a condition (four stress times the kind's ``weight``)."""
    if not kinds:
        return 0.0
    pools = (left.get("body", 0), left.get("psyche", 0))
    weights = (weight.get("body", 1.0), weight.get("psyche", 1.0))
    return _harm_over_rolls(tuple(kinds), rank, tuple(defense), pools, weights)


@functools.lru_cache(maxsize=100_000)  # the same few stress rolls recur all game long
def _harm_over_rolls(
    kinds: tuple[str, ...],
    rank: int,
    defense: tuple[int, ...],
    pools: tuple[int, int],
    weights: tuple[float, float],
) -> float:
    """``_expected_harm`` of hashable arguments: the body then the psyche pool and weight."""
    total = 0.0
    n = len(kinds)
    for faces in itertools.product(range(1, 7), repeat=n):
        harmful = [(f, k) for f, k in zip(faces, kinds, strict=True) if f > rank]
        if not harmful:
            continue
        blocked = _cancelled(list(defense), [f for f, _ in harmful])
        through = sorted(harmful)[blocked:]  # the lowest faces are cancelled first
        cost = 0.0
        for kind, pool, kind_weight in zip(("body", "psyche"), pools, weights, strict=True):
            hits = sum(1 for _, k in through if k == kind)
            condition = hits and hits >= pool
            cost += hits + (4 * kind_weight if condition else 0.0)
        total += cost
    return total / 6**n


def _cancelled(pool: list[int], harmful: list[int]) -> int:
    """How many of the harmful stress faces a defense pool cancels (the engine's way: the
    lowest face first, with the lowest die at most it)."""
    pool = sorted(pool)
    count = 0
    for face in sorted(harmful):
        usable = [d for d in pool if d <= face]
        if usable:
            pool.remove(usable[0])
            count += 1
    return count
