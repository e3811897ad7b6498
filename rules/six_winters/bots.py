"""Bots for Six Winters. A bot sees a player's observation and the decision, nothing more (the
look-ahead bot of ``search_bot`` also copies the session, dealing what is hidden anew)."""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections.abc import Callable
from typing import Any, TypeVar

from dsl.runtime import Decision
from dsl.runtime import DecisionKind as LanguageDecision

from .contracts import DecisionKind
from .readings import CardReading, readings
from .search_bot import LookaheadBot


class RandomBot:
    """Uniform over the legal options (a uniform subset size for multiple choices)."""

    name = "random"
    uses_observation = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._bits = self.rng.getrandbits

    def choose(self, observation: dict[str, Any] | None, decision: Decision) -> Any:
        options = decision.options
        if decision.kind == "choose_many" or decision.max_choices > 1:
            high = min(decision.max_choices, len(options))
            count = self.rng.randint(decision.min_choices, high)
            return self.rng.sample(list(options), count)
        return options[self._below(len(options))]

    def _below(self, n: int) -> int:
        """``rng.randrange(n)`` as the standard library draws it (``Random._randbelow``: the
        fewest bits that hold ``n``, drawn again while too big), the same numbers without its
        argument checks: the random bot answers some two hundred decisions a session."""
        if n <= 0:
            raise ValueError(f"empty range for randrange() (0, {n}, {n})")
        bits = self._bits
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r


# HeuristicBot._stress_costs's answers, by what they are worked out from
_COSTS: dict[tuple[Any, ...], list[float]] = {}

# The heuristic bot's answer to each kind of decision, registered by ``_answer_to`` naming the
# kind (a kind with none gets the first option, or the fewest of several).
_ANSWERING: dict[str, Callable[..., Any]] = {}
_Answer = TypeVar("_Answer", bound=Callable[..., Any])


def _answer_to(kind: str) -> Callable[[_Answer], _Answer]:
    def register(fn: _Answer) -> _Answer:
        if kind in _ANSWERING:
            raise ValueError(f"two answers to {kind} decisions")
        _ANSWERING[kind] = fn
        return fn

    return register


class _ByName:
    """Items of a view's list found by name, through an index made once per list (the first
    item of a name wins)."""

    __slots__ = ("index", "items")

    def __init__(self) -> None:
        self.items: Any = None
        self.index: dict[Any, dict[str, Any]] = {}

    def find(self, items: Any, name: Any) -> dict[str, Any] | None:
        if items is not self.items:
            index: dict[Any, dict[str, Any]] = {}
            for item in items:
                index.setdefault(item["name"], item)
            self.items, self.index = items, index
        return self.index.get(name)


class HeuristicBot:
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

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._tries: dict[tuple[Any, ...], int] = {}
        self._visited: dict[tuple[Any, ...], set[str]] = {}
        self._came_from: dict[str, tuple[Any, Any]] = {}  # character -> (turn, place it left)
        self._overcoming: dict[str, Any] | None = None  # the obstacle of the last overcome
        self._plan_now: dict[str, Any] | None = None  # how the last overcome is played
        self._ahead: tuple[Any, Any, tuple[int, dict[str, int]]] | None = None  # _threats_ahead
        self._on_table: tuple[Any, tuple[int, int]] | None = None  # cubes on obstacles
        self._meeting: tuple[Any, tuple[str, list[str], int] | None] | None = None  # _rendezvous
        self._steps: dict[tuple[Any, ...], dict[str, int]] = {}  # _distances, by map and targets
        self._defended: dict[str, list[int]] = {}  # defense dice given, by character
        self._taking: dict[str, list[tuple[str, int]]] = {}  # stress dice taken, by character
        self._pools: dict[tuple[str, str], int] = {}  # the most stress seen, by character
        self._pooled: Any = None  # the view's list of characters ``_pools`` last read
        # _stress_costs, remembered (arithmetic on what the key holds: shared by every bot)
        self._costs: dict[tuple[Any, ...], list[float]] = _COSTS
        self._riding: str | None = None  # where the moving card just played should go
        self._read: dict[str, CardReading] | None = None  # the cards' readings (``bind``)
        self._years = 6  # the campaign's length (the declared ``years``, read at ``bind``)
        self._scenes_to_win = 3  # the declared ``scenes to win``, read at ``bind``
        # the progress and hindrance cubes in the game (declared ``... tokens``, read at ``bind``)
        self._token_count = {"progress": 12, "hindrance": 12}
        # the view's characters and locations by name, kept with the list they index (_char)
        self._chars = _ByName()
        self._locs = _ByName()
        self._by_skill: tuple[Any, dict[Any, int]] | None = None  # scenes a skill (_activations)
        self._words: tuple[Any, tuple[int, list[tuple[str, set[str]]]]] | None = None  # _map_words
        self._maps: dict[tuple[Any, ...], int] = {}  # each map seen, numbered (_map_words)
        self._places: dict[tuple[Any, ...], list[str]] = {}  # _scene_places, by map and scene
        self._bare: tuple[Any, Any, list[str]] | None = None  # _dangerous_places
        self._at_keys: dict[int, tuple[Any, tuple[Any, ...]]] = {}  # _at_key, by list shown
        self._slots_here: tuple[Any, dict[Any, list[list[Any]]]] | None = None  # _open_slots
        self._own: dict[str, tuple[Any, list[Any]]] = {}  # _own_slots, by character
        self._map_dice: tuple[Any, Any] | None = None  # _on_the_map, of a list of locations

    def bind(self, session: Any) -> None:
        """The session this bot is about to play: its ruleset's cards are read from their text."""
        self._read = readings(session.ruleset)
        self._steps = {}  # another session: another map
        self._words, self._maps, self._places = None, {}, {}
        self._at_keys = {}
        self._years = session.ruleset.value("years", self._years)
        self._scenes_to_win = session.ruleset.value("scenes to win", self._scenes_to_win)
        for kind in self._token_count:
            self._token_count[kind] = session.ruleset.value(f"{kind} tokens", 12)

    def _reading(self, name: str) -> CardReading | None:
        """What the text of card ``name`` says (``readings``); the bundled Six Winters text
        when the bot was given no session (``bind``)."""
        if self._read is None:
            from .session import load_ruleset

            self._read = readings(load_ruleset())
        return self._read.get(name)

    def _moves_anywhere(self, name: str) -> bool:
        r = self._reading(name)
        return r is not None and r.moves_anywhere

    def _harm(self, condition: str) -> float:
        """How much a condition hurts (read from its text; 3 when the text is unknown)."""
        r = self._reading(condition)
        return r.harm if r is not None else 3.0

    # -- helpers over the observation

    def _char(self, obs: dict[str, Any], name: str | None) -> dict[str, Any] | None:
        """The character ``name`` of the view (the first so named; a view whose characters
        have not changed shows the same list again: its index is kept)."""
        chars = obs["characters"]
        by_name = self._chars
        if chars is by_name.items:  # ``_ByName.find`` in line: called thousands of times a game
            return by_name.index.get(name)
        return by_name.find(chars, name)

    def _loc(self, obs: dict[str, Any], name: str | None) -> dict[str, Any] | None:
        """The location ``name`` of the view (as ``_char``)."""
        locs = obs["locations"]
        by_name = self._locs
        if locs is by_name.items:
            return by_name.index.get(name)
        return by_name.find(locs, name)

    def choose(self, obs: dict[str, Any] | None, decision: Decision) -> Any:
        assert obs is not None
        chars = obs.get("characters", ())
        if chars is not self._pooled:  # a list seen already adds nothing (views keep it)
            self._pooled = chars
            pools = self._pools
            for c in chars:
                name = c["name"]
                body = int(c["body"])
                if body > pools.get((name, "body"), 0):
                    pools[(name, "body")] = body
                psyche = int(c["psyche"])
                if psyche > pools.get((name, "psyche"), 0):
                    pools[(name, "psyche")] = psyche
        if decision.kind != "choose_target":
            self._riding = None  # only the question right after a moving card is its own
        handler = _ANSWERING.get(decision.kind)
        options = list(decision.options)
        if handler is not None:
            answer = handler(self, obs, decision, options)
            if answer is not None:
                return answer
        if decision.kind == "choose_many" or decision.max_choices > 1:
            return options[: decision.min_choices]
        return options[0]

    @_answer_to(DecisionKind.CHOOSE_ACTION)
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

    NO_PACING = True  # no move straight back to the place left this turn
    REST_WHEN_WON = True  # no overcome once the year is won, unless the pool is at risk
    LOW_DEFENSE_AT_RISK = True  # a condition at stake: the lowest dice defend
    SPARE_LAST_POINT = True  # no stress die to one at its last point while a teammate has more

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

    def _pool_at_risk(self, obs: dict[str, Any]) -> bool:
        """The threats the next activation would place could empty the pool (the year is
        lost whatever scenes were completed)."""
        return obs["threat_pool"] <= self._threats_ahead(obs)[0] + 1

    def _year_won(self, obs: dict[str, Any]) -> bool:
        """A year before the finale with its three scenes completed: a scene more wins nothing
        this year, and spends cards that would start next year in the reserve and a scene
        next year's three could use (the cheaper scenes are left in the deck). Measured over
        campaigns 200-599 against narrating every scene the points reach: years 3, 4 and 5 won
        +15, +11 and +6 points more often, year 1 alike."""
        return obs["year"] < self._years and len(obs["scenes_completed"]) >= self._scenes_to_win

    # The year before the finale, its first scene is narrated only while the party holds the
    # points of the three scenes the year needs (``COMMIT`` of the cheapest ones visible, less
    # the skill matches; a scene not yet drawn counts ``UNSEEN_SCENE``): cards spent on a year
    # that is then lost win nothing, and the finale starts with what they were (obstacles back
    # in the deck it draws from, assets in the reserve). Once a scene is completed the year is
    # played on as any other. Measured on the year-5 campaigns 0-999 of the heuristic bot
    # (years 5 and 6 played again, paired by campaign): the finale +7.6 points [+4.2, +11.0]
    # (20.3% to 27.9%), year 5 -1.2 [-4.4, +2.0]. Holding before every scene of the year: the
    # finale +9.4 but year 5 -3.0 [-6.2, +0.2]; with a commitment of 1.0, +14.4 and -5.4
    # [-8.7, -2.1]; narrating anyway in the last turns gave back most of the finale's gain.
    COMMIT = 0.8
    COMMIT_YEARS = 1  # how many years before the finale hold their cards so
    UNSEEN_SCENE = 6  # the points of a scene still to be drawn

    def _holding(self, obs: dict[str, Any]) -> bool:
        """Whether the party keeps its cards rather than narrate (see COMMIT)."""
        if (
            obs["scenes_completed"]
            or not self._years - self.COMMIT_YEARS <= obs["year"] < self._years
        ):
            return False
        cards = [card for c in obs["characters"] for card in (*c["assets"], *c["obstacles"])]
        held = sum(card["points"] for card in cards)
        left = self._scenes_to_win - len(obs["scenes_completed"])
        costs = sorted(
            max(0, s["points"] - sum(1 for card in cards if card.get("skill") == s["skill"]))
            for s in obs["scenes"]
        )
        costs += [self.UNSEEN_SCENE] * max(0, left - len(costs))
        return held < self.COMMIT * sum(costs[:left])

    # Abilities whose text moves their character to any location (``moves_anywhere``): played
    # only to reach a place worth more than walking there costs, and sent there (not to the
    # first location asked about).

    def _ride_to(self, obs: dict[str, Any], option: dict[str, Any]) -> str | None:
        """Where a moving card should take its character: a scene the party can score, else an
        obstacle about to get past its tokens (with dice to meet it), else where the character
        has most work; only when that is two or more steps away (walking costs less)."""
        c = self._char(obs, option["character"])
        if c is None or c["location"] is None:
            return None
        here = self._distances(obs, [c["location"]])
        far = [name for name, d in here.items() if d >= 2]
        scenes = [name for name in self._scene_targets(obs) if name in far]
        if scenes:
            return max(scenes, key=lambda name: here[name])  # the most steps saved
        if c["initiative"]:
            for loc in obs["locations"]:
                if loc["name"] in far and any(self._dangerous(obs, o) for o in loc["obstacles"]):
                    return str(loc["name"])
        now = self._work_value(
            obs, c, self._loc(obs, c["location"]) or {"dice": [], "produces": [], "obstacles": []}
        )
        best = max(
            (loc for loc in obs["locations"] if loc["name"] in far),
            key=lambda loc: self._work_value(obs, c, loc),
            default=None,
        )
        if best is not None and self._work_value(obs, c, best) >= now + 1.0:
            return str(best["name"])
        return None

    def _spend_surplus(
        self, obs: dict[str, Any], by_act: dict[str, list[dict[str, Any]]], turn: tuple[Any, ...]
    ) -> Any:
        """Before the turn ends: action points the refresh would lose to the cap (above the
        maximum less a turn's gain) go to a muster or a trade for an open recipe slot of the
        party, else to steps toward a place that produces what a slot needs."""
        keep = obs.get("action_points_max", 8) - obs.get("action_points_per_turn", 4)
        rich = {c["name"] for c in obs["characters"] if c["action_points"] > keep}
        if not rich:
            return None
        wanted = {
            slot[0]
            for c in obs["characters"]
            for asset in c["in_progress"]
            for slot, filled in zip(asset["recipe"], asset["slots"], strict=True)
            if filled is None
        }
        any_slot = None in wanted
        for o in by_act.get("muster", []):
            if o["character"] in rich and (any_slot or o["resource"] in wanted):
                return o
        if wanted:  # dice of what is made here trade (two for one) into what a slot needs
            for o in by_act.get("muster", []):
                if o["character"] in rich:
                    return o
        for o in by_act.get("trade", []):
            c = self._char(obs, o["character"])
            if (
                c is not None
                and o["character"] in rich
                and (any_slot or o["get"] in wanted)
                and self._spare(obs, c, o)
            ):
                return o
        producing = [
            loc["name"] for loc in obs["locations"] if any_slot or set(loc["produces"]) & wanted
        ]
        if not producing:
            return None
        dist = self._distances(obs, producing)
        for o in by_act.get("move", []):
            c = self._char(obs, o["character"])
            if c is None or o["character"] not in rich or o.get("by"):
                continue
            if o["to"] in self._visited.get((*turn, c["name"]), set()):
                continue
            if dist.get(o["to"], 99) < dist.get(c["location"], 99):
                self._visited.setdefault((*turn, c["name"]), set()).add(c["location"])
                return o
        return None

    # How much each condition hurts is read from its text (``CardReading.harm``): those that
    # bite at every refresh first, then those that take something at each setup, then those
    # that bite only at some locations.

    @_answer_to(DecisionKind.CHOOSE_CHARACTERS)
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

    @_answer_to(DecisionKind.CHOOSE_CONDITION)
    def _choose_condition(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """Downtime: recover from the condition that hurts most."""
        return max(options, key=self._harm)

    def _leave_blight(self, obs: dict[str, Any], moves: list[dict[str, Any]]) -> Any:
        """A character does not end the turn where one of its conditions bites at the refresh
        (a condition whose text loses something "if at" a location of some tags): a step to a
        neighbour where none does."""
        for move in moves:
            c = self._char(obs, move["character"])
            here = self._loc(obs, c["location"]) if c else None
            dest = self._loc(obs, move["to"])
            if c is None or here is None or dest is None or move.get("by"):
                continue
            bites = {
                tag
                for name in c["conditions"]
                if (r := self._reading(name)) is not None
                for tag in r.bites_at
            }
            if bites & set(here["tags"]) and not bites & set(dest["tags"]):
                return move
        return None

    # Cards whose use costs stress, spends the card or needs a target: what a player reads on
    # them (``readings``). Used when it helps, not whenever it can be.
    def _card_helps(self, obs: dict[str, Any], option: dict[str, Any]) -> bool:
        c = self._char(obs, option["character"])
        r = self._reading(option["card"])
        if c is None:
            return False
        if r is None:
            return True
        if r.ignores:
            return False  # it defends inside an overcome, where it is offered
        for kind, amount in r.costs.items():
            if kind in ("body", "psyche") and not (int(c[kind]) >= 3 and int(c[kind]) > amount):
                return False  # the stress it costs would bring a condition near
        return self._effect_helps(obs, c, r)

    def _effect_helps(self, obs: dict[str, Any], c: dict[str, Any], r: CardReading) -> bool:
        """Whether what a card does (``r``) has something to act on now: an obstacle it places
        progress on here, one it discards (that threatens), stress to recover, dice wanted."""
        here = self._loc(obs, c["location"])
        obstacles = here["obstacles"] if here else []
        if r.progress_on is not None:
            return any(self._answers(o, r.progress_on) for o in obstacles)
        if r.discards is not None:
            return any(
                self._answers(o, r.discards) and self._dangerous(obs, o)
                for loc in obs["locations"]
                for o in loc["obstacles"]
            )
        if "initiative die" in r.gains:
            return len(c["initiative"]) < 2
        if r.recovers:
            kinds = [k for k in r.recovers if k in ("body", "psyche")]
            if r.recovers_here:
                return any(
                    o["location"] == c["location"] and int(o[k]) < self._most(o["name"], k)
                    for o in obs["characters"]
                    for k in kinds
                )
            if not r.reusable:  # spent once: kept until the pool is about to empty
                return any(int(c[k]) <= 1 for k in kinds)
            return any(int(c[k]) < self._most(c["name"], k) for k in kinds)
        return True

    @staticmethod
    def _answers(ob: dict[str, Any], words: frozenset[str]) -> bool:
        """Whether an obstacle answers to a card's words: its skill or one of its tags."""
        folded = {w.casefold() for w in words}
        return str(ob["skill"]).casefold() in folded or any(
            t.casefold() in folded for t in ob["tags"]
        )

    def _most(self, name: str, kind: str) -> int:
        """The most of a stress this bot has seen a character hold (its starting pool)."""
        return self._pools.get((name, kind), 0)

    # -- overcoming: stress is what it costs (no action point, no die but defense)

    # The overcome planner's weights, in threats (a threat placed with a full pool is 1; one
    # nearer the end of the pool weighs more). A condition stays for years (a downtime removes
    # one), so it weighs more early in the campaign; a stress point short of a condition weighs
    # its share of one, less late in the session (pools refill next year); a die given to
    # defense is spent; a point of an overcome obstacle is a scene's worth shared.
    CONDITION = 0.5
    CONDITION_PER_YEAR = 0.2  # more per campaign year still to play
    STRESS = 0.5  # times the condition, shared over the stress left
    DEFENSE_DIE = 0.6
    # the body conditions (lose an action point or an initiative die at every refresh, or a
    # body at setup) hurt more than the psyche ones (ruleset.rules' condition tables)
    BODY = 2.0
    PSYCHE = 0.5
    POINT = 0.8
    # The finale (the last year) is won by three scenes of nine points or so, and the party
    # gathers about half of that: an obstacle overcome (its points, and one more where its
    # skill matches a scene) is worth three times as much, and a threat a fifth, while the
    # pool can spare it (of 200 finale years, 37 were lost with all six threats left). A
    # threat that would empty the pool loses the year: ``LAST_THREAT``.
    FINALE_POINT = 3.0
    FINALE_THREAT = 0.2
    LAST_THREAT = 10.0
    LATER = 0.0  # work on an obstacle that does not threaten this turn: it could wait
    SOAK = 0.7  # tokens that soak this turn's activations: it stays, to be dealt with later

    SEASONS = ("spring", "summer", "fall", "winter")

    def _team(self, obs: dict[str, Any], c: dict[str, Any]) -> list[dict[str, Any]]:
        """Who overcomes with ``c``: it and everyone beside it with initiative dice (they join:
        one stress roll, everyone's dice add tokens)."""
        return [c] + [
            o
            for o in obs["characters"]
            if o["name"] != c["name"] and o["location"] == c["location"] and o["initiative"]
        ]

    LAST_YEAR_FADES = True

    def _turns_a_year(self, obs: dict[str, Any]) -> int:
        return max(1, len(self.SEASONS) * obs["turns_in_season"])

    def _turns_left(self, obs: dict[str, Any]) -> int:
        season = self.SEASONS.index(obs["season"]) if obs["season"] in self.SEASONS else 0
        per = obs["turns_in_season"]
        return (len(self.SEASONS) - 1 - season) * per + per - obs["turn"] + 1

    def _threat_weight(self, obs: dict[str, Any], where: str | None) -> float:
        """What a threat placed at ``where`` costs: the pool's last tokens weigh most, and a
        threat where one lies surges (one more)."""
        pool = max(1, obs["threat_pool"])
        loc = self._loc(obs, where)
        surge = loc is not None and loc["threats"]
        finale = obs["year"] >= self._years
        if finale and self.THREATS_AHEAD:
            # the other obstacles that get past their tokens at the same activation take their
            # threats from the same pool, and a second threat at a location surges
            total, here = self._threats_ahead(obs)
            others = max(0, total - 1)
            surge = surge or (where is not None and here.get(where, 0) > 1)
            pool = max(1, pool - others)
        weight = 6 / pool
        if surge:
            weight += 6 / max(1, pool - 1)
        if finale:  # the finale: see FINALE_THREAT
            if pool <= 1 + bool(surge):
                return max(weight, self.LAST_THREAT)
            weight *= self.FINALE_THREAT
        return weight

    THREATS_AHEAD = True

    def _threats_ahead(self, obs: dict[str, Any]) -> tuple[int, dict[str, int]]:
        """The threats the next activation would place if nothing is done: one for each
        obstacle its activations get past (two where a threat lies: a surge), and how many
        such obstacles lie at each location (worked out once per list of locations and of
        scenes: views keep them while they do not change)."""
        locs, scenes = obs["locations"], obs["scenes"]
        kept = self._ahead
        if kept is not None and kept[0] is locs and kept[1] is scenes:
            return kept[2]
        total = 0
        here: dict[str, int] = {}
        for loc in obs["locations"]:
            for ob in loc["obstacles"]:
                if self._activations(obs, ob) > ob["progress"] + ob["hindrance"]:
                    total += 1 + (1 if loc["threats"] or here.get(loc["name"]) else 0)
                    here[loc["name"]] = here.get(loc["name"], 0) + 1
        self._ahead = (locs, scenes, (total, here))
        return total, here

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

    def _dangerous(self, obs: dict[str, Any], ob: dict[str, Any]) -> bool:
        """Its next activation would get past its tokens (a move, then a threat)."""
        return self._activations(obs, ob) > ob["progress"] + ob["hindrance"]

    def _work_value(self, obs: dict[str, Any], c: dict[str, Any], loc: dict[str, Any]) -> float:
        """What a character could do at a location: open slots its dice or production fill,
        and obstacles it can add progress to with its skill."""
        slots = self._own_slots(c)
        value = 0.0
        for slot in slots:
            if any(slot[0] in (None, die[0]) and slot[1] in (None, die[1]) for die in loc["dice"]):
                value += 1.0
            elif slot[0] is None or slot[0] in loc["produces"]:
                value += 0.5
        for ob in loc["obstacles"]:
            rank = c["skills"].get(ob["skill"], 0)
            if rank >= 3 or (rank >= 2 and ob["progress"] > 0):
                value += ob["points"] + rank / 3
        return value

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

    GANG_UP = True

    def _step_toward(
        self, obs: dict[str, Any], moves: list[dict[str, Any]], name: str, where: str
    ) -> dict[str, Any] | None:
        """A plain move of ``name`` one step nearer ``where`` (none when there)."""
        c = self._char(obs, name)
        if c is None or c["location"] == where:
            return None
        dist = self._distances(obs, [where])
        now = dist.get(c["location"], 99)
        for move in moves:
            if move["character"] == name and not move.get("by") and dist.get(move["to"], 99) < now:
                return {"move": move, "from": c["location"]}
        return None

    def _move_to_work(self, obs: dict[str, Any], moves: list[dict[str, Any]]) -> Any:
        """A step toward the location where the character has most to do, when here it has
        little (several moves away: the plain neighbour check misses it)."""
        best = None
        best_gain = 0.0
        values: dict[str, dict[str, float]] = {}  # per character: work value per location
        from_here: dict[str, dict[str, int]] = {}
        for move in moves:
            c = self._char(obs, move["character"])
            if c is None or move.get("by") or c["action_points"] < 2:
                continue
            if c["name"] not in values:
                values[c["name"]] = {
                    loc["name"]: self._work_value(obs, c, loc) for loc in obs["locations"]
                }
                from_here[c["name"]] = self._distances(obs, [c["location"]])
            value = values[c["name"]]
            now = value.get(c["location"], 0.0)
            here = from_here[c["name"]]
            there = self._distances(obs, [move["to"]])
            for name, v in value.items():
                d_here, d_there = here.get(name, 99), there.get(name, 99)
                if v <= now or d_there >= d_here or d_here > 4:
                    continue
                gain = (v - now) / (1 + d_there)
                if gain > best_gain:
                    best, best_gain = move, gain
        return best

    def _ability_helps(self, obs: dict[str, Any], option: dict[str, Any]) -> bool:
        """Use an ability when dice lie here that no open slot takes (something to work on);
        one that acts on an obstacle only when one it names is here."""
        c = self._char(obs, option["character"])
        loc = self._loc(obs, c["location"]) if c else None
        if c is None or loc is None:
            return False
        r = self._reading(option["card"])
        if r is not None and (r.progress_on is not None or r.discards is not None):
            return self._effect_helps(obs, c, r)  # never played with nothing to act on
        slots = self._open_slots(obs, c)
        idle = [
            die
            for die in loc["dice"]
            if not any(s[0] in (None, die[0]) and s[1] in (None, die[1]) for s in slots)
        ]
        return bool(idle and slots) or bool(loc["obstacles"])

    def _open_slots(self, obs: dict[str, Any], c: dict[str, Any]) -> list[list[Any]]:
        """The empty recipe slots of every asset made by the character or one beside it
        (worked out once per list of characters and location; the caller does not change
        the list)."""
        chars = obs["characters"]
        kept = self._slots_here
        if kept is None or kept[0] is not chars:
            kept = self._slots_here = (chars, {})
        where = c["location"]
        known = kept[1].get(where)
        if known is not None:
            return known
        slots = []
        for other in chars:
            if other["location"] != where:
                continue
            for asset in other["in_progress"]:
                for slot, filled in zip(asset["recipe"], asset["slots"], strict=True):
                    if filled is None:
                        slots.append(slot)
        kept[1][where] = slots
        return slots

    def _own_slots(self, c: dict[str, Any]) -> list[Any]:
        """The empty recipe slots of the character's own assets in progress (kept with the
        character's view; the caller does not change the list)."""
        kept = self._own.get(c["name"])
        if kept is None or kept[0] is not c:
            slots = [
                slot
                for asset in c["in_progress"]
                for slot, filled in zip(asset["recipe"], asset["slots"], strict=True)
                if filled is None
            ]
            kept = self._own[c["name"]] = (c, slots)
        return kept[1]

    def _fits(self, obs: dict[str, Any], c: dict[str, Any], resource: str) -> bool:
        return any(slot[0] in (None, resource) for slot in self._open_slots(obs, c))

    def _spare(self, obs: dict[str, Any], c: dict[str, Any], trade: dict[str, Any]) -> bool:
        """The two dice given are wanted by no open slot."""
        loc = self._loc(obs, c["location"])
        if loc is None:
            return False
        given = [loc["dice"][i] for i in trade["give"]]
        slots = self._open_slots(obs, c)
        return not any(
            slot[0] in (None, die[0]) and slot[1] in (None, die[1])
            for die in given
            for slot in slots
        )

    def _scene_targets(self, obs: dict[str, Any]) -> list[str]:
        """Locations where a scene could be narrated with the points the party holds."""
        cards = [card for c in obs["characters"] for card in (*c["assets"], *c["obstacles"])]
        points = sum(card["points"] for card in cards)
        names: list[str] = []
        for scene in obs["scenes"]:
            matches = sum(1 for card in cards if card.get("skill") == scene["skill"])
            if points + matches < scene["points"]:
                continue
            names += self._scene_places(obs, scene)
        return names

    def _scene_places(self, obs: dict[str, Any], scene: dict[str, Any]) -> list[str]:
        """The locations a scene may be narrated at (its first alternative found on the map);
        worked out once per map and scene text (``_map_words``; the caller does not change
        the list)."""
        map_id, named = self._map_words(obs)
        key = (map_id, self._at_key(scene))
        known = self._places.get(key)
        if known is not None:
            return known
        found: list[str] = []
        for alternative in scene["at"]:
            words = {w.casefold() for w in alternative}
            found = [name for name, known_as in named if words & known_as]
            if found:
                break
        self._places[key] = found
        return found

    def _at_key(self, scene: dict[str, Any]) -> tuple[tuple[str, ...], ...]:
        """A scene's places (its ``at``) as a key; kept by the list shown (a scene's printed
        facts are shown as the same list at every view of a session)."""
        at = scene["at"]
        kept = self._at_keys.get(id(at))
        if kept is None or kept[0] is not at:
            if len(self._at_keys) > 1_000:  # a bot played session after session unbound
                self._at_keys.clear()
            kept = self._at_keys[id(at)] = (at, tuple(map(tuple, at)))
        return kept[1]

    def _map_words(self, obs: dict[str, Any]) -> tuple[int, list[tuple[str, set[str]]]]:
        """The map as ``_scene_places`` reads it: a number for each different map (the
        locations' names, regions and tags) and each location's name with the words it answers
        to (folded); worked out once per list of locations."""
        locs = obs["locations"]
        kept = self._words
        if kept is None or kept[0] is not locs:
            named = [
                (
                    loc["name"],
                    {loc["name"].casefold(), str(loc["region"]).casefold()}
                    | {t.casefold() for t in loc["tags"]},
                )
                for loc in locs
            ]
            signature = tuple((loc["name"], loc["region"], *loc["tags"]) for loc in locs)
            map_id = self._maps.setdefault(signature, len(self._maps))
            kept = self._words = (locs, (map_id, named))
        return kept[1]

    def _rendezvous(self, obs: dict[str, Any]) -> tuple[str, list[str], int] | None:
        """Where the party meets to narrate a scene its cards reach: one location of the
        scene, the characters whose cards (and skill matches) reach its points, and the most
        steps one of them has to walk; the nearest meeting first, then the fewest walkers.
        Each walking to the nearest place of the scene alone could part two characters who
        need each other's cards. Worked out once a view."""
        kept = self._meeting
        if kept is not None and kept[0] is obs:
            return kept[1]
        # most of the time the whole party's cards, each one a skill match, reach no scene
        points = 0
        for c in obs["characters"]:
            for card in c["assets"]:
                points += card["points"] + 1
            for card in c["obstacles"]:
                points += card["points"] + 1
        meet = None
        for scene in obs["scenes"]:
            if points >= scene["points"]:
                meet = self._meeting_place(obs)
                break
        self._meeting = (obs, meet)
        return meet

    def _meeting_place(self, obs: dict[str, Any]) -> tuple[str, list[str], int] | None:
        chars = [c for c in obs["characters"] if c["location"] is not None]
        points = 0
        skills: list[str | None] = []
        for c in chars:
            for card in c["assets"]:
                points += card["points"]
                skills.append(card.get("skill"))
            for card in c["obstacles"]:
                points += card["points"]
                skills.append(card.get("skill"))
        scenes = [s for s in obs["scenes"] if points + skills.count(s["skill"]) >= s["points"]]
        if not scenes:
            return None
        held = [  # each character: its card points and skills
            (
                c,
                sum(card["points"] for card in (*c["assets"], *c["obstacles"])),
                [card.get("skill") for card in (*c["assets"], *c["obstacles"])],
            )
            for c in chars
        ]
        teams = []  # each team: its names, locations, card points and skills
        for size in range(1, len(chars) + 1):
            for team in itertools.combinations(held, size):
                teams.append(
                    (
                        [c["name"] for c, _p, _s in team],
                        [c["location"] for c, _p, _s in team],
                        sum(p for _c, p, _s in team),
                        [skill for _c, _p, s in team for skill in s],
                    )
                )
        # the map's steps are the same both ways: one walk out from each character's place
        steps_from = {
            where: self._distances(obs, [where]) for where in {c["location"] for c in chars}
        }
        best: tuple[tuple[int, int], str, list[str]] | None = None
        for scene in scenes:
            fit = [
                team for team in teams if team[2] + team[3].count(scene["skill"]) >= scene["points"]
            ]
            for place in self._scene_places(obs, scene):
                for names, places, _points, _skills in fit:
                    steps = 0  # the most one of the team walks (``max`` in line: no generator)
                    for where in places:
                        walk = steps_from[where].get(place, 99)
                        if walk > steps:
                            steps = walk
                    key = (steps, len(names))
                    if best is None or key < best[0]:
                        best = (key, place, names)
        if best is None:
            return None
        return best[1], best[2], best[0][0]

    MEET_FIRST = True
    MEET_ALWAYS = False

    def _move_target(self, obs: dict[str, Any], moves: list[dict[str, Any]]) -> Any:
        """Toward a scene the party can score (where its team meets, ``_rendezvous``); else
        toward an obstacle about to get past its tokens; else toward dice for an unfinished
        asset."""
        if not self._preparing(obs) and (meet := self._rendezvous(obs)) is not None:
            place, team, _steps = meet
            dist = self._distances(obs, [place])
            for move in moves:
                c = self._char(obs, move["character"])
                if c is None or c["name"] not in team or move.get("by") == "portal":
                    continue
                if dist.get(move["to"], 99) < dist.get(c["location"], 99):
                    return move
        bare = self._dangerous_places(obs)
        if bare:
            dist = self._distances(obs, bare)
            for move in moves:
                c = self._char(obs, move["character"])
                if c is None or len(c["initiative"]) < 2 or move.get("by"):
                    continue
                if dist.get(move["to"], 99) < dist.get(c["location"], 99):
                    return move
        for move in moves:
            c = self._char(obs, move["character"])
            if c is None or c["action_points"] < 3 or move.get("by"):
                continue
            here = self._loc(obs, c["location"])
            dest = self._loc(obs, move["to"])
            if here is None or dest is None:
                continue
            if self._useful_dice(c, dest) > self._useful_dice(c, here):
                return move
        return None

    def _dangerous_places(self, obs: dict[str, Any]) -> list[str]:
        """The locations with an obstacle whose next activation would get past its tokens
        (``_dangerous``), in the map's order; worked out once per list of locations and of scenes
        (views keep them while they do not change; the caller does not change the list)."""
        locs, scenes = obs["locations"], obs["scenes"]
        kept = self._bare
        if kept is None or kept[0] is not locs or kept[1] is not scenes:
            bare = [
                loc["name"]
                for loc in locs
                if any(self._dangerous(obs, o) for o in loc["obstacles"])
            ]
            kept = self._bare = (locs, scenes, bare)
        return kept[2]

    def _distances(self, obs: dict[str, Any], targets: list[str]) -> dict[str, int]:
        """Steps from the nearest of ``targets`` to every location (kept while the map keeps
        its locations: a location added makes another map; the caller does not change it)."""
        locations = obs["locations"]
        key = (len(locations), locations[-1]["name"] if locations else "", *targets)
        known = self._steps.get(key)
        if known is None:
            known = self._steps[key] = self._walk(obs, targets)
        return known

    @staticmethod
    def _walk(obs: dict[str, Any], targets: list[str]) -> dict[str, int]:
        adjacent = {loc["name"]: loc["adjacent"] for loc in obs["locations"]}
        dist = {t: 0 for t in targets}
        frontier = list(targets)
        while frontier:
            nxt = []
            for name in frontier:
                for other in adjacent.get(name, []):
                    if other not in dist:
                        dist[other] = dist[name] + 1
                        nxt.append(other)
            frontier = nxt
        return dist

    def _useful_dice(self, c: dict[str, Any], loc: dict[str, Any]) -> int:
        count = 0
        dice = loc["dice"]
        if dice:
            for slot in self._own_slots(c):
                if any((slot[0] in (None, die[0])) and (slot[1] in (None, die[1])) for die in dice):
                    count += 1
        return count + len(loc["produces"])

    @_answer_to(DecisionKind.CHOOSE_TAKE)
    def _choose_take(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        c = self._char(obs, d.who)
        if c is None:
            return options[0]
        assets = [o for o in options if o.startswith("asset:")]
        obstacles = any(loc["obstacles"] for loc in obs["locations"])
        want = self.MIN_DICE + (self.MORE_DICE if obstacles else 0)
        if (
            "initiative" in options
            and len(c["initiative"]) < want
            and (c["in_progress"] or not assets)
        ):
            return "initiative"
        if len(c["in_progress"]) < self.MAX_IN_PROGRESS and assets:
            staging = {a["name"]: a for a in obs["asset_staging"]}
            return max(assets, key=lambda o: self._asset_worth(obs, c, staging.get(o[6:], {})))
        if "initiative" in options:
            return "initiative"
        return options[0]

    MIN_DICE = 2
    MORE_DICE = 2  # with obstacles on the map: dice to defend and hinder with
    MAX_IN_PROGRESS = 1

    def _asset_worth(self, obs: dict[str, Any], c: dict[str, Any], card: dict[str, Any]) -> float:
        """Points (and a skill matching visible scenes) per action point its recipe likely
        costs: a die of a resource produced on the map is a muster (3), any other a trade of
        two (7); a slot asking for one face wants several tries."""
        worth = float(card.get("points", 0))
        skill = card.get("skill")
        if skill and any(scene["skill"] == skill for scene in obs["scenes"]):
            worth += 1
        produced, lying = self._on_the_map(obs)
        cost = 0.0
        for slot in card.get("recipe", []):
            if any(slot[0] in (None, r) and slot[1] in (None, f) for r, f in lying):
                cost += 1.5
                continue
            step = 2.0 if slot[0] is None else 3.0 if slot[0] in produced else 7.0
            cost += step * (self.FACE_COST if slot[1] is not None else 1)
        return worth / max(cost, 1.0)

    FACE_COST = 3.0

    def _on_the_map(self, obs: dict[str, Any]) -> tuple[set[str], list[tuple[str, int]]]:
        """The resources the map produces and the dice lying on it (once per list of
        locations; the caller does not change them)."""
        locs = obs["locations"]
        kept = self._map_dice
        if kept is None or kept[0] is not locs:
            produced = {r for loc in locs for r in loc["produces"]}
            lying = [tuple(die) for loc in locs for die in loc["dice"]]
            kept = self._map_dice = (locs, (produced, lying))
        return kept[1]

    @_answer_to(DecisionKind.CHOOSE_ASSET)
    def _choose_asset(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        staging = {a["name"]: a for a in obs["asset_staging"]}
        named = [o for o in options if o in staging]
        if not named:
            return "none"
        return min(named, key=lambda n: (len(staging[n]["recipe"]), -staging[n]["points"]))

    @_answer_to(LanguageDecision.CHOOSE_MANY)
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

    @_answer_to(DecisionKind.CHOOSE_LOCATION)
    def _choose_location(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        locs = {loc["name"]: loc for loc in obs["locations"]}
        named = [o for o in options if o in locs]
        if not named:
            return None
        if "surges" in d.prompt:
            # a surge stops at a location without threat: end the chain there
            return min(named, key=lambda n: (locs[n]["threats"] > 0, len(locs[n]["obstacles"])))
        found = re.search(r"Where does (.+) enter play\?", d.prompt)
        if found:
            # where a threat would not surge, near a character with its skill
            skill = next(
                (
                    o["skill"]
                    for o in [*(x for loc in locs.values() for x in loc["obstacles"])]
                    if o["name"] == found[1]
                ),
                None,
            )
            return min(named, key=lambda n: (locs[n]["threats"], -self._reach(obs, n, skill)))
        if d.prompt.startswith("Place "):
            return max(named, key=lambda n: self._start_value(obs, locs[n]))
        return None

    def _reach(self, obs: dict[str, Any], name: str, skill: str | None) -> float:
        dist = self._distances(obs, [name])
        best = 0.0
        for c in obs["characters"]:
            if c["location"] is None:
                continue
            rank = c["skills"].get(skill, 0) if skill else 1
            best = max(best, rank / (1 + dist.get(c["location"], 9)))
        return best

    DANGER_WEIGHT = 1.0

    def _start_value(self, obs: dict[str, Any], loc: dict[str, Any]) -> float:
        """A starting place: produces a resource, near scenes' locations."""
        value = len(loc["produces"]) + len(loc["dice"]) / 2
        danger = [x["name"] for x in obs["locations"] for o in x["obstacles"]]
        if danger:  # obstacles carried over activate on the first turn with no tokens
            near = self._distances(obs, [loc["name"]])
            value += self.DANGER_WEIGHT * sum(
                1
                for x in obs["locations"]
                for o in x["obstacles"]
                if self._dangerous(obs, o) and near.get(x["name"], 9) <= 1
            )
        targets = [n for scene in obs["scenes"] for n in self._scene_places(obs, scene)]
        if targets:
            value += 1 / (1 + self._distances(obs, targets).get(loc["name"], 9))
        return value - loc["threats"]

    @_answer_to(DecisionKind.CHOOSE_CHARACTER)
    def _choose_character(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        found = re.search(r"Who takes .+'s (\w+) stress die \(\d+ of \d+\)\?", d.prompt)
        if found:
            return self._take_stress_die(obs, found[1], options)
        found = re.search(r"Reserve: who takes (.+)\?", d.prompt)
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

    @_answer_to(DecisionKind.CHOOSE_DEFENSE)
    def _choose_defense(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """Asked only when a card can help: a roll to see before defense (free to look), or
        stress dice coming that would hurt. A card that ignores a kind of stress at a cost
        (read from its text) is worn when that stress gets past the defense pool and what it
        costs is no condition (or the stress would be one)."""
        cards = [o for o in options if isinstance(o, dict)]
        if not cards:
            return "done"
        found = re.search(r"defend against (.+) \(defense pool \[(.*)\]\)\?", d.prompt)
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

    @_answer_to(DecisionKind.CHOOSE_TOKEN)
    def _choose_token(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        if "remove which" in d.prompt:
            return "hindrance"
        found = re.search(r"add (\d+) progress or (\d+) hindrance to (.+)\?", d.prompt)
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

    def _cubes_left(self, obs: dict[str, Any]) -> tuple[int, int]:
        """The progress and hindrance cubes left in the supply (the cubes are finite: an
        obstacle gets no more progress once every progress cube lies on obstacles); the cubes
        on the table are counted once a list of locations."""
        kept = self._on_table
        locs = obs["locations"]
        if kept is None or kept[0] is not locs:
            progress = hindrance = 0
            for loc in locs:
                for ob in loc["obstacles"]:
                    progress += ob["progress"]
                    hindrance += ob["hindrance"]
            kept = self._on_table = (locs, (progress, hindrance))
        progress, hindrance = kept[1]
        count = self._token_count
        return max(0, count["progress"] - progress), max(0, count["hindrance"] - hindrance)

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

    def _activations(self, obs: dict[str, Any], ob: dict[str, Any]) -> int:
        """How often an obstacle activates: once, plus once per visible scene of its skill (the
        scenes counted by skill once per list of them)."""
        scenes = obs["scenes"]
        kept = self._by_skill
        if kept is None or kept[0] is not scenes:
            count: dict[Any, int] = {}
            for scene in scenes:
                count[scene["skill"]] = count.get(scene["skill"], 0) + 1
            kept = self._by_skill = (scenes, count)
        return 1 + kept[1].get(ob["skill"], 0)

    @_answer_to(DecisionKind.CHOOSE_SKILL)
    def _choose_skill(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """Downtime: advance the skill of the obstacles on the map (and, less, of the scenes
        showing): progress counts the dice at or below that skill."""
        weight = {o: 0.0 for o in options}
        for loc in obs["locations"]:
            for ob in loc["obstacles"]:
                if ob["skill"] in weight:
                    weight[ob["skill"]] += 2
        for scene in obs["scenes"]:
            if scene["skill"] in weight:
                weight[scene["skill"]] += 1
        c = self._char(obs, d.who) or obs.get("resting", {}).get(d.who)
        if c is not None:
            for skill in weight:
                rank = c["skills"].get(skill, 0)
                if rank >= 5:  # a skill at 5 cannot rise: an advance there is lost
                    weight[skill] = -1
                elif c.get("advances", {}).get(skill, 0) + 1 > rank:
                    weight[skill] += 0.5  # this advance raises the skill now
        return max(options, key=lambda o: weight.get(o, 0))

    @_answer_to(LanguageDecision.CHOOSE_TARGET)
    def _choose_target(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """A location picked by a card or scheme (most often for a threat): one without
        threat, so nothing surges."""
        locs = {loc["name"]: loc for loc in obs["locations"]}
        riding, self._riding = self._riding, None
        if riding is not None:
            for o in options:
                if _target_name(o) == riding:
                    return o

        if options and all(
            isinstance(_target_name(o), str) and _target_name(o) in locs for o in options
        ):
            return min(
                options,
                key=lambda o: (
                    locs[_target_name(o)]["threats"],
                    len(locs[_target_name(o)]["obstacles"]),
                ),
            )
        return None

    @_answer_to(LanguageDecision.CHOOSE_OPTION)
    def _choose_option(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        if "hinder" in options:
            return self._hinder_or_keep(obs, d)
        c = self._char(obs, d.who)
        pools = [o for o in options if isinstance(o, str) and o.split()[-1] in ("body", "psyche")]
        if c is not None and pools and len(pools) == len(options):
            # lose the stress that leaves the pool furthest from a condition
            return max(pools, key=lambda o: int(c[o.split()[-1]]))
        obstacles = [o for o in options if isinstance(o, str) and o.startswith("obstacle:")]
        if d.prompt.startswith("Reduce danger at "):
            return self._reduce_danger(obs, d, options, obstacles)
        if "threat" in options:
            return "threat"
        if obstacles:
            return obstacles[0]
        return options[0]

    REMOVE_OBSTACLE_FIRST = True

    def _reduce_danger(
        self, obs: dict[str, Any], d: Decision, options: list[Any], obstacles: list[str]
    ) -> Any:
        """Session end: an obstacle left in play activates again next year (restored with its
        printed tokens); a threat left on the map makes the next threat there surge. Remove
        the obstacle that comes back with fewest tokens, else the threat (measured over 20
        campaigns: more years won than removing the threat first)."""
        found = re.search(r"Reduce danger at (.+): remove what\?", d.prompt)
        loc = self._loc(obs, found[1]) if found else None
        if obstacles and (self.REMOVE_OBSTACLE_FIRST or "threat" not in options):
            if loc is not None and loc["obstacles"]:
                weakest = min(loc["obstacles"], key=lambda o: o["printed_tokens"])
                if f"obstacle:{weakest['name']}" in options:
                    return f"obstacle:{weakest['name']}"
            return obstacles[0]
        if "threat" in options:
            return "threat"
        return options[0]

    def _hinder_or_keep(self, obs: dict[str, Any], d: Decision) -> str:
        """Discard the obstacle, unless the plan was progress and what is on it will outlast
        its next activations (so the progress can be finished later for its points)."""
        found = re.search(r"Discard (.+) by hindering it\?", d.prompt)
        plan = self._plan_now
        if not found or plan is None or plan["goal"] != "progress":
            return "hinder"
        ob = next(
            (o for loc in obs["locations"] for o in loc["obstacles"] if o["name"] == found[1]),
            None,
        )
        if ob is None:
            return "hinder"
        safe = ob["progress"] + ob["hindrance"] > self._activations(obs, ob) + 1
        return "keep" if safe and ob["progress"] * 2 >= ob["difficulty"] else "hinder"

    @_answer_to(DecisionKind.CHOOSE_CARD)
    def _choose_card(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """Finish as soon as the points are there; else the card that wastes fewest points."""
        if "finish" in options:
            return "finish"
        found = re.search(r"(\d+) of (\d+) points", d.prompt)
        need = int(found[2]) - int(found[1]) if found else 1
        points: dict[tuple[str, str], int] = {}
        for c in obs["characters"]:
            for card in (*c["assets"], *c["obstacles"]):
                points[(c["name"], card["name"])] = card["points"]

        # (no function of its own for a card's points: see ``_take_stress_die``)
        cards = [o for o in options if isinstance(o, dict)]
        enough = [o for o in cards if points.get((o["character"], o["card"]), 0) >= need]
        if enough:
            return min(
                enough,
                key=lambda o: (points.get((o["character"], o["card"]), 0), o["kind"] != "obstacle"),
            )
        return max(
            cards,
            key=lambda o: (points.get((o["character"], o["card"]), 0), o["kind"] == "obstacle"),
        )

    # How many years before the finale the party plays for the finale rather than for the year
    # (0 for this bot: every year is played to be won). About half a finale's points are
    # obstacles drawn from the campaign's obstacle deck, and the completed assets a year leaves
    # unspent start the next in the reserve. Before the finale an obstacle spent in a scene is
    # archived for good, while one kept overcome, hindered or removed from a location goes back
    # to the deck at the session end. A preparing year narrates no scene and walks to none: its
    # obstacles go back to the deck and its assets to the finale's reserve. ``FinaleFirstBot``
    # does so in year 5 and wins the finale three times as often, at the cost of year 5 and its
    # campaign score (docs/playtesting.md: a question for the designer, not a default).
    PREPARE = 0

    def _preparing(self, obs: dict[str, Any]) -> bool:
        """A year whose scenes would cost the finale more than they win (see PREPARE)."""
        return self._years - self.PREPARE <= obs["year"] < self._years

    @_answer_to(DecisionKind.CHOOSE_STRESS)
    def _choose_stress(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        c = self._char(obs, d.who)
        if c is None:
            return options[0]
        return max(options, key=lambda kind: c.get(kind, 0))

    @_answer_to(DecisionKind.CHOOSE_CRAFT)
    def _choose_craft(self, obs: dict[str, Any], d: Decision, options: list[Any]) -> Any:
        """Fill the most demanding slot first (resource and face), finishing assets first."""
        placed = [o for o in options if o != "stop"]
        if not placed:
            return "stop"

        def score(o: dict[str, Any]) -> tuple[int, int]:
            owner = self._char(obs, o["character"])
            if owner is None:
                return (0, 0)
            asset = owner["in_progress"][o["index"]]
            slot = asset["recipe"][o["slot"]]
            empty = sum(1 for filled in asset["slots"] if filled is None)
            exact = (slot[0] is not None) + (slot[1] is not None)
            return (exact, -empty)

        return max(placed, key=score)


def _target_name(o: Any) -> Any:
    """The location an option of ``choose_target`` names (the option itself if a name)."""
    return o.get("name") if isinstance(o, dict) and o.get("kind") == "location" else o


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
