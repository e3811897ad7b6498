"""What the heuristic bot knows of the table: the observation read (characters and places by
name, the threats ahead, distances, the cubes left, open slots, the scenes' places), the
cards' readings, and the answer registered for each kind of decision (``answer_to``). Each
kind of decision has its own module, whose class adds its answers to this one."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from dsl.runtime import Decision

from ..readings import CardReading, readings

# Overcoming._stress_costs's answers, by what they are worked out from
_COSTS: dict[tuple[Any, ...], list[float]] = {}

# The heuristic bot's answer to each kind of decision, registered by ``answer_to`` naming the
# kind (a kind with none gets the first option, or the fewest of several).
_ANSWERING: dict[str, Callable[..., Any]] = {}
_Answer = TypeVar("_Answer", bound=Callable[..., Any])


def answer_to(kind: str) -> Callable[[_Answer], _Answer]:
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


class Knowing:
    """The heuristic bot's memory of the game and its readings of the observation: every answer
    module builds on it."""

    # the blunders the bot avoids, each a switch a test turns off to show the blunder
    NO_PACING = True  # no move straight back to the place left this turn
    REST_WHEN_WON = True  # no overcome once the year is won, unless the pool is at risk
    LOW_DEFENSE_AT_RISK = True  # a condition at stake: the lowest dice defend
    SPARE_LAST_POINT = True  # no stress die to one at its last point while a teammate has more

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
            from ..session import load_ruleset

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
