"""Overcome (rules: Overcome; the stress roll, defense dice, stress, progress or hindrance,
the check, teamwork).
"""

from __future__ import annotations

from collections.abc import Generator
from itertools import combinations
from typing import Any

from dsl.runtime import Context, Decision
from dsl.runtime import DecisionKind as LanguageDecision

from .basics import (
    BEFORE_DEFENSE_VERBS,
    DEFENDING_VERBS,
    Section,
)
from .cards import Obstacle
from .contracts import DecisionKind
from .state import CharacterState, LocationState, ObstacleInPlay


class OvercomeRules(Section):
    """Overcoming an obstacle, with teamwork (``session.overcome``)."""

    def action_overcome(
        self, ctx: Context, c: CharacterState, index: int
    ) -> Generator[Decision, Any, None]:
        """The seven steps of overcoming an obstacle, with teamwork.

        A piece written as a generator (``dsl.kernel.machine``): each question is yielded, and
        the machine goes on from there with the answer, the table as the question left it (a
        teammate's tokens on the obstacle, the stress taken). Who joins and which dice go to
        defense are asked before anything changes: the piece takes its snapshot (what a copy
        or a saved game runs it again from) at its first change (``touch``, before every
        change made here directly; a roll and a card's text touch themselves), so those
        questions cost no copy at all (see ``basics._runs_a_text``)."""
        here = self.game.location(str(c.location))
        obstacle = here.obstacles[index]
        card = self.ruleset.obstacles[obstacle.name]
        if obstacle.progress >= card.difficulty:  # progress a text placed: it is taken as it is
            self.game.touch()
            self.take_obstacle(ctx, c, here, obstacle)
            return
        # anyone here may join, dice or none (one without dice may still take stress dice)
        others = [o.name for o in self.game.characters_at(here.name) if o is not c]
        team = [c]
        if others:
            joined = yield self.game.ask(
                ctx,
                LanguageDecision.CHOOSE_MANY,
                others,
                f"Who joins {c.name} against {card.name}?",
                min_choices=0,
                max_choices=len(others),
            )
            team += [self.game.character(n) for n in joined]
        # a card may have the stress dice rolled before defense is chosen (used now or earlier)
        for m in team:
            yield from self.game.abilities.defend_window(
                ctx,
                m,
                BEFORE_DEFENSE_VERBS,
                f"{m.name}: use a card before defense against {card.name}?",
            )
        flags = self.state.flags
        early = flags.get("roll stress first", 0)
        if "roll stress first" in flags:  # used up now
            self.game.touch()
            self.ops.stress_rolled_first()
        takers = (yield from self._divide_stress_dice(ctx, c, team, card)) if early else []
        faces = self.ops.roll(f"{card.name} stress", len(card.stress)) if early else []
        # 1. allocate defense
        defense: dict[str, list[int]] = {}
        for m in team:
            positions = list(range(len(m.initiative)))
            chosen = (
                (
                    yield self.game.ask(
                        ctx,
                        LanguageDecision.CHOOSE_MANY,
                        positions,
                        f"{m.name}: which initiative dice {sorted(m.initiative)} go to defense?"
                        + (f" (the stress dice show {faces})" if early else ""),
                        who=m.name,
                        min_choices=0,
                        max_choices=len(positions),
                    )
                )
                if positions
                else []
            )
            dice = [m.initiative[p] for p in sorted(chosen)]
            if dice:
                self.game.touch()
                self.ops.to_defense(m, dice)  # into the defense pool, then back to the supply
            defense[m.name] = dice
        # 2. stress roll
        if not early:
            takers = yield from self._divide_stress_dice(ctx, c, team, card)
            faces = self.ops.roll(f"{card.name} stress", len(card.stress))
        assigned: dict[str, list[tuple[str, int]]] = {m.name: [] for m in team}
        for who, kind, face in zip(takers, card.stress, faces, strict=True):
            assigned[who].append((kind, face))
        skill = card.skill
        # cards that defend, used once the member sees the stress dice coming at them
        for m in team:
            rank = m.skills.get(skill, 0)
            coming = [f"{kind} {face}" for kind, face in assigned[m.name] if face > rank]
            if coming:
                yield from self.game.abilities.defend_window(
                    ctx,
                    m,
                    DEFENDING_VERBS,
                    f"{m.name}: use a card to defend against {', '.join(coming)} "
                    f"(defense pool {sorted(defense[m.name])})?",
                )
        for m in team:
            rank = m.skills.get(skill, 0)
            # 3. spend defense: cancel as many of the dice that would cause stress as the pool
            # can; the player says which stress to take when that is a choice
            harmful = sorted((d for d in assigned[m.name] if d[1] > rank), key=lambda d: d[1])
            kept = yield from self._defend(ctx, m, harmful, defense[m.name])
            self.ops.spend_defense(m, defense[m.name])
            # 4. apply stress (a card may have this action ignore a kind of stress)
            standing = self.game.standing_flags(ctx, m) if kept else {}
            for kind, _face in kept:
                flags = self.state.flags
                ignored = flags.get(f"ignore {kind}") or flags.get(f"ignore {kind} for {m.name}")
                if not (ignored or standing.get(f"ignore {kind}")):
                    self.ops.take_stress(ctx, m, kind, 1)
        # 5. progress or hindrance
        for m in team:
            if not m.initiative:
                continue
            rank = m.skills.get(skill, 0)
            progress = sum(1 for d in m.initiative if d <= rank)
            hindrance = len(m.initiative)
            choice = yield self.game.ask(
                ctx,
                DecisionKind.CHOOSE_TOKEN,
                ["progress", "hindrance"],
                f"{m.name}: add {progress} progress or {hindrance} hindrance to {card.name}?",
                who=m.name,
            )
            amount = progress if choice == "progress" else hindrance
            self.ops.place_tokens(m, obstacle, choice, amount)
        # 6. overcome or hinder
        if obstacle.progress >= card.difficulty:
            self.take_obstacle(ctx, c, here, obstacle)
        elif obstacle.progress + obstacle.hindrance >= card.difficulty:
            hinder = yield self.game.ask(
                ctx,
                LanguageDecision.CHOOSE_OPTION,
                ["hinder", "keep"],
                f"Discard {card.name} by hindering it?",
                who=c.name,
            )
            if hinder == "hinder":
                self.ops.discard_obstacle(here, obstacle)
        # 7. reroll
        for m in team:
            self.ops.reroll_initiative(m)

    def take_obstacle(
        self, ctx: Context, c: CharacterState, here: LocationState, obstacle: ObstacleInPlay
    ) -> None:
        """Progress at or above the difficulty: the character takes the obstacle (its points
        count in a scene) and its "Overcome:" text runs."""
        card = self.ruleset.obstacles[obstacle.name]
        self.ops.overcome_obstacle(c, here, obstacle)
        self.game.run_effects(
            ctx, card.effects, "overcome", actor=c.name, location=here.name, card=card.name
        )

    def progress_placed(self, ctx: Context, uid: int) -> None:
        """A character's card added progress to an obstacle at their location: if it reached
        the difficulty, that character takes the obstacle at once (with no character to take
        it, it waits for one: the overcome action takes it)."""
        found = self.game.find_obstacle(uid)
        if found is None or ctx.actor is None:
            return
        here, obstacle = found
        c = self.game.character(ctx.actor)
        if c.location == here.name and obstacle.progress >= (
            self.ruleset.obstacles[obstacle.name].difficulty
        ):
            self.take_obstacle(ctx, c, here, obstacle)

    def _defend(
        self,
        ctx: Context,
        m: CharacterState,
        harmful: list[tuple[str, int]],
        pool: list[int],
    ) -> Generator[Decision, Any, list[tuple[str, int]]]:
        """Spend a defense pool on the stress dice that would hurt (sorted by face): each
        defense die cancels one stress die of at least its value. As many are cancelled as
        can be; when the stress left could be of different kinds, the player chooses which.
        Returns the dice not cancelled."""
        if not harmful or not pool:
            return list(harmful)
        ranked = sorted(pool)
        best: list[tuple[int, ...]] = []
        for size in range(min(len(harmful), len(ranked)), 0, -1):
            # a set of stress dice can be cancelled when its k-th lowest face is at least the
            # k-th lowest defense die
            best = [
                chosen
                for chosen in combinations(range(len(harmful)), size)
                if all(d <= harmful[i][1] for d, i in zip(ranked, chosen, strict=False))
            ]
            if best:
                break
        if not best:
            return list(harmful)
        outcomes = list(dict.fromkeys([_left_of(harmful, chosen) for chosen in best]))
        cancelled = best[0]
        if len(outcomes) > 1:
            take = yield self.game.ask(
                ctx,
                DecisionKind.CHOOSE_STRESS,
                outcomes,
                f"{m.name}: the defense pool {ranked} cancels {len(cancelled)} of "
                + ", ".join(f"{kind} {face}" for kind, face in harmful)
                + "; which stress do you take?",
                who=m.name,
            )
            cancelled = next(chosen for chosen in best if _left_of(harmful, chosen) == take)
        for i in cancelled:
            kind, face = harmful[i]
            self.ops.cancel_stress_die(m, kind, face)
        return [d for i, d in enumerate(harmful) if i not in cancelled]

    def _divide_stress_dice(
        self, ctx: Context, c: CharacterState, team: list[CharacterState], card: Obstacle
    ) -> Generator[Decision, Any, list[str]]:
        """Teamwork: who takes each stress die, divided before the dice are rolled (one of
        the team may take them all, or none); alone, ``c`` takes them."""
        if len(team) == 1:
            return [c.name] * len(card.stress)
        takers = []
        for i, kind in enumerate(card.stress):
            taker = yield self.game.ask(
                ctx,
                DecisionKind.CHOOSE_CHARACTER,
                [m.name for m in team],
                f"Who takes {card.name}'s {kind} stress die ({i + 1} of {len(card.stress)})?",
            )
            takers.append(taker)
        for who, kind in zip(takers, card.stress, strict=True):
            self.ops.assign_stress_die(who, kind)
        return takers


def _left_of(harmful: list[tuple[str, int]], chosen: tuple[int, ...]) -> str:
    """The stress left when the defense cancels the dice ``chosen``, as the player reads it (a
    function of the module: nested in ``_defend`` and called from a generator expression, it
    was, compiled, a reference cycle holding the session)."""
    return ", ".join(sorted(harmful[i][0] for i in range(len(harmful)) if i not in chosen))
