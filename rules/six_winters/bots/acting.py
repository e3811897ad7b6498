"""The heuristic bot's choice of action on its turn: narrate, overcome, move, craft, muster,
trade or play a card, built on the answers of every other module."""

from __future__ import annotations

from typing import Any

from dsl.runtime import Decision

from ..contracts import DecisionKind
from .cards import CardUse
from .crafting import Crafting
from .downtime import Downtime
from .knowing import answer_to
from .moving import Moving
from .overcoming import Overcoming


class Acting(Overcoming, Moving, CardUse, Crafting, Downtime):
    """Picks the action of a turn (``choose_action``), never pacing back to where a character
    came from this turn with nothing done there."""

    @answer_to(DecisionKind.CHOOSE_ACTION)
    def _choose_action(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """The action to take (``_pick_action``), never a move straight back to where the
        character came from this turn with nothing done there (pacing A to B to A)."""
        turn = (obs["year"], obs["season"], obs["turn"])
        came = self._came_from
        if came and self.NO_PACING:
            options = [
                o
                for o in options
                if not (
                    isinstance(o, dict)
                    and o["act"] == "move"
                    and came.get(o["character"]) == (turn, o["to"])
                )
            ]
        answer = self._pick_action(obs, d, options)
        if isinstance(answer, dict) and (who := answer.get("character")) is not None:
            c = self._char(obs, who)
            if answer["act"] == "move" and c is not None:
                came[who] = (turn, c["location"])
            else:
                came.pop(who, None)
        return answer

    def _pick_action(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        by_act: dict[str, list[dict[str, Any]]] = {}
        for o in options:
            if isinstance(o, dict):
                by_act.setdefault(o["act"], []).append(o)
        first = by_act.get  # first(act, []): the options of an act (no function of its own)

        if (narrated := self._narrate_now(obs, first("narrate", []))) is not None:
            return narrated
        turn = (obs["year"], obs["season"], obs["turn"])
        rushing = self.RUSH_DANGER and (obs["year"] > 1 or obs["threat_pool"] <= 3)
        duties = self._duties(obs) if rushing else {}
        # overcoming spends no die (only defense does): try it before crafting spends one;
        # not where a teammate is on the way (one stress roll for both)
        coming = {
            where
            for name, where in duties.items()
            if (c := self._char(obs, name)) is not None and c["location"] != where
        }
        tries = [o for o in first("overcome", []) if self._where(obs, o) not in coming]
        if tries and self.REST_WHEN_WON and self._year_won(obs) and not self._pool_at_risk(obs):
            tries = []  # the year is won: an overcome risks conditions to gain nothing
        if (tried := self._overcome_choice(obs, tries)) is not None:
            return tried
        if self.MEET_FIRST and (obs["year"] >= self._years or self.MEET_ALWAYS):
            # the finale: a scene the party's cards reach, where everyone it needs can be this
            # turn, comes before errands to obstacles; whoever is there waits
            meet = self._rendezvous(obs)
            if meet is not None:
                place, team, _steps = meet
                dist = self._distances(obs, [place])
                walkers = [c for c in obs["characters"] if c["name"] in team]
                if all(dist.get(c["location"], 99) <= c["action_points"] for c in walkers):
                    for move in first("move", []):
                        if (
                            move["character"] in team
                            and not move.get("by")
                            and dist.get(move["to"], 99)
                            < dist.get(self._where(obs, move) or "", 99)
                        ):
                            return move
                    waiting = {c["name"] for c in walkers if c["location"] == place}
                    duties = {n: w for n, w in duties.items() if n not in waiting}
                    by_act["move"] = [o for o in first("move", []) if o["character"] not in waiting]
        # an obstacle about to move or place a threat, within reach this turn: whoever is
        # sent there goes first, and keeps its dice for it
        for name, where in duties.items():
            if where in self._visited.get((*turn, name), ()):
                continue  # it left there this turn with nothing more to do: no pacing back
            step = self._step_toward(obs, first("move", []), name, where)
            if step is not None:
                self._visited.setdefault((*turn, name), set()).add(str(step["from"]))
                return step["move"]
        crafts = [o for o in first("craft", []) if o["character"] not in duties]
        if crafts:
            return max(crafts, key=lambda o: o["die"])
        # the first that helps (the tests read the view only: no need to try the others)
        for o in first("asset", []):
            if self._card_helps(obs, o):
                return o
        for o in first("muster", []):
            c = self._char(obs, o["character"])
            if c is not None and self._fits(obs, c, o["resource"]):
                return o
        for o in first("trade", []):
            c = self._char(obs, o["character"])
            if c is not None and self._fits(obs, c, o["get"]) and self._spare(obs, c, o):
                return o
        for o in first("ability", []):
            if self._moves_anywhere(o["card"]) and (ride := self._ride_to(obs, o)) is not None:
                self._riding = ride
                return o
        # (worked out after the moving cards: what they look at is the view only)
        target = self._move_target(obs, first("move", []))
        if target is None:
            for o in first("ability", []):
                if not self._moves_anywhere(o["card"]) and self._ability_helps(obs, o):
                    return o
            # a character never walks back to a place it left this turn (no pacing to and fro)
            moves = [
                o
                for o in first("move", [])
                if o["to"] not in self._visited.get((*turn, o["character"]), ())
            ]
            target = self._move_to_work(obs, moves)
        if target is not None:
            c = self._char(obs, target["character"])
            if c is not None and c["location"] is not None:
                self._visited.setdefault((*turn, c["name"]), set()).add(c["location"])
            return target
        if (leave := self._leave_blight(obs, first("move", []))) is not None:
            return leave
        if (spend := self._spend_surplus(obs, by_act, turn)) is not None:
            return spend
        return "done"

    def _narrate_now(self, obs: dict[str, Any], narrate: list[dict[str, Any]]) -> Any:
        """A scene narrated now, unless the year is won, a card is being prepared or held."""
        if not narrate or self._year_won(obs) or self._preparing(obs) or self._holding(obs):
            return None
        if obs["year"] >= self._years:
            # the finale is won by any three scenes: the cheapest first leaves the most
            # points for the next
            need = {scene["name"]: scene["points"] for scene in obs["scenes"]}
            return min(narrate, key=lambda o: (need.get(o["scene"], 99), -len(o["participants"])))
        return max(narrate, key=lambda o: len(o["participants"]))

    RUSH_DANGER = True

    def _where(self, obs: dict[str, Any], option: dict[str, Any]) -> str | None:
        c = self._char(obs, option["character"])
        return c["location"] if c else None

    def _duties(self, obs: dict[str, Any]) -> dict[str, str]:
        """Who goes where this turn: to each obstacle that would get past its tokens at the
        next activation (the costliest threat first), the nearest character with dice and the
        action points to get there, the better skill among the nearest; a character already
        there with dice stays."""
        if not any(self._cubes_left(obs)):
            return {}  # every cube lies on obstacles: no try can add a token
        danger = sorted(
            (
                (-self._threat_weight(obs, loc["name"]), loc["name"], ob["skill"])
                for loc in obs["locations"]
                for ob in loc["obstacles"]
                if ob["progress"] + ob["hindrance"] < self._activations(obs, ob)
            ),
        )
        duties: dict[str, str] = {}
        for _weight, where, skill in danger:
            if where in duties.values() or len(duties) == len(obs["characters"]):
                continue
            dist = self._distances(obs, [where])
            able = [
                (dist[c["location"]], -c["skills"].get(skill, 0), c["name"])
                for c in obs["characters"]
                if c["initiative"]
                and c["name"] not in duties
                and c["location"] in dist
                and dist[c["location"]] <= c["action_points"]
            ]
            if able:
                able.sort()
                duties[able[0][2]] = where
                if self.GANG_UP:
                    for _d, _r, name in able[1:]:
                        duties[name] = where
        return duties
