"""The heuristic bot's answers between years: who rests and which condition goes first."""

from __future__ import annotations

from typing import Any

from dsl.runtime import Decision

from ..contracts import DecisionKind
from .knowing import Knowing, answer_to


class Downtime(Knowing):
    """Answers downtime (``choose_characters``, ``choose_condition``): the most hurt first."""

    # How much each condition hurts is read from its text (``CardReading.harm``): those that
    # bite at every refresh first, then those that take something at each setup, then those
    # that bite only at some locations.

    @answer_to(DecisionKind.CHOOSE_CHARACTERS)
    def _choose_characters(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """Choose Characters (between years; ``campaign_observation``): the ones whose
        conditions hurt least play, the most hurt rest (downtime removes one); then the
        better skills for the obstacles on the map."""
        sheets = obs["sheets"]
        skills = [o.get("skill") for loc in obs["map"] for o in loc["obstacles"]]

        def fitness(name: str) -> tuple[float, int, str]:
            sheet = sheets.get(name, {"conditions": [], "skills": {}})
            harm = sum(self._harm(c) for c in sheet["conditions"])
            fit = sum(sheet["skills"].get(skill, 0) for skill in skills)
            return (harm, -fit, name)

        return sorted(sorted(options, key=fitness)[: d.max_choices])

    @answer_to(DecisionKind.CHOOSE_CONDITION)
    def _choose_condition(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """Downtime: recover from the condition that hurts most."""
        return max(options, key=self._harm)
