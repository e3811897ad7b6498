"""The typed contracts of the Six Winters engine: every kind of event it records and every kind
of decision it asks, with the fields of each event.

The journal, the site, the bots and the tests read events and decisions by these kinds. The
table of events in ``docs/design/engine-api.md`` is generated from ``EVENTS`` (``make
api-docs``); a test fails when the two differ, and another when a session records an event
whose fields are not the ones declared here.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import NamedTuple

from dsl.kernel.machine import KernelDecision, KernelEvent
from dsl.runtime import DecisionKind as LanguageDecision
from dsl.runtime import LanguageEvent


class EventKind(StrEnum):
    """What happened, in the game's words (a ``str``: equal to its value)."""

    SESSION_STARTED = "session_started"
    TURN_STARTED = "turn_started"
    SEASON_ENDED = "season_ended"
    SESSION_ENDED = "session_ended"
    ACTION = "action"
    ACTION_REFUSED = "action_refused"
    CHARACTER_PLACED = "character_placed"
    CHARACTER_MOVED = "character_moved"
    TRADED = "traded"
    DIE_CRAFTED = "die_crafted"
    DIE_SET = "die_set"
    DIE_SPENT = "die_spent"
    DIE_HELD = "die_held"
    DIE_UNHELD = "die_unheld"
    DICE_CLEARED = "dice_cleared"
    SORCERY_EXPLODED = "sorcery_exploded"
    INITIATIVE_GAINED = "initiative_gained"
    ASSET_STAGED = "asset_staged"
    ASSET_TAKEN = "asset_taken"
    ASSET_COMPLETED = "asset_completed"
    ASSET_PLAYED = "asset_played"
    RESERVE_TAKEN = "reserve_taken"
    ABILITY_TAKEN = "ability_taken"
    ABILITY_PLAYED = "ability_played"
    ABILITY_UNLOCKED = "ability_unlocked"
    CARD_REFRESHED = "card_refreshed"
    CARD_ADDED = "card_added"
    CARD_ARCHIVED = "card_archived"
    CARD_BURNED = "card_burned"
    NO_COPY_LEFT = "no_copy_left"
    EFFECT = "effect"
    EFFECT_FAILED = "effect_failed"
    OBSTACLE_PLACED = "obstacle_placed"
    OBSTACLE_ACTIVATED = "obstacle_activated"
    OBSTACLE_MOVED = "obstacle_moved"
    OBSTACLE_OVERCOME = "obstacle_overcome"
    OBSTACLE_DISCARDED = "obstacle_discarded"
    OBSTACLE_DECK_RESHUFFLED = "obstacle_deck_reshuffled"
    EVENT_DRAWN = "event_drawn"
    TOKENS_ADDED = "tokens_added"
    TOKEN_REMOVED = "token_removed"
    TOKENS_CONVERTED = "tokens_converted"
    THREAT_PLACED = "threat_placed"
    THREAT_REMOVED = "threat_removed"
    THREAT_POOL_EMPTY = "threat_pool_empty"
    STRESS_DIE_ASSIGNED = "stress_die_assigned"
    STRESS_CANCELLED = "stress_cancelled"
    STRESS_TAKEN = "stress_taken"
    CONDITION_TAKEN = "condition_taken"
    CONDITION_ALREADY_HELD = "condition_already_held"
    CONDITION_REMOVED = "condition_removed"
    DOWNTIME = "downtime"
    SCENE_DRAWN = "scene_drawn"
    SCENE_COMPLETED = "scene_completed"
    FINALE_SCENES_SHUFFLED = "finale_scenes_shuffled"
    LOCATION_ADDED = "location_added"
    LOCATION_DEVELOPED = "location_developed"
    LOCATION_UNDEVELOPED = "location_undeveloped"
    ACTION_POINTS_CHANGED = "action_points_changed"
    STRESS_RECOVERED = "stress_recovered"
    INITIATIVE_SPENT = "initiative_spent"
    CARD_EXHAUSTED = "card_exhausted"
    CARDS_READIED = "cards_readied"
    CARD_DISCARDED = "card_discarded"
    DIE_PLACED = "die_placed"
    DIE_RETURNED = "die_returned"
    DIE_MOVED = "die_moved"


class DecisionKind(StrEnum):
    """What the engine asks beside the card language's own questions (``dsl.runtime``)."""

    CHOOSE_ACTION = "choose_action"
    CHOOSE_CHARACTERS = "choose_characters"
    CHOOSE_LOCATION = "choose_location"
    CHOOSE_POSITION = "choose_position"
    CHOOSE_DIE = "choose_die"
    CHOOSE_DEFENSE = "choose_defense"
    CHOOSE_CRAFT = "choose_craft"
    CHOOSE_TAKE = "choose_take"
    CHOOSE_ASSET = "choose_asset"
    CHOOSE_CARD = "choose_card"
    CHOOSE_CHARACTER = "choose_character"
    CHOOSE_CONDITION = "choose_condition"
    CHOOSE_SKILL = "choose_skill"
    CHOOSE_STRESS = "choose_stress"
    CHOOSE_TOKEN = "choose_token"


class Spec(NamedTuple):
    fields: tuple[str, ...]
    says: str


def _spec(fields: str, says: str) -> Spec:
    return Spec(tuple(fields.split()), says)


EVENTS: dict[str, Spec] = {
    EventKind.SESSION_STARTED: _spec(
        "year scheme characters seed solo threat_pool", "a session (a year) is set up"
    ),
    EventKind.TURN_STARTED: _spec("season turn", "a turn begins"),
    EventKind.SEASON_ENDED: _spec(
        "season scheme_steps", "a season's last turn ends; the scheme's steps for it follow"
    ),
    EventKind.SESSION_ENDED: _spec(
        "result reason scenes_completed threat_left", "the year is won or lost"
    ),
    EventKind.ACTION: _spec(
        "character action details", "a character (or the players) takes an action"
    ),
    EventKind.ACTION_REFUSED: _spec(
        "option reason", "a card used as an action could not do what it says: not taken"
    ),
    EventKind.CHARACTER_PLACED: _spec("character location", "a character is placed at setup"),
    EventKind.CHARACTER_MOVED: _spec("character location by", "a character moves"),
    EventKind.TRADED: _spec("character gave got", "dice are traded on the wheel"),
    EventKind.DIE_CRAFTED: _spec(
        "character owner asset die", "a die fills a recipe slot of an asset in progress"
    ),
    EventKind.DIE_SET: _spec("die face", "a die is turned to a face"),
    EventKind.DIE_SPENT: _spec("die location", "a die is spent and goes back to the supply"),
    EventKind.DIE_HELD: _spec("card resource face", "a die is held on a card"),
    EventKind.DIE_UNHELD: _spec("card resource location", "a die held on a card is let go"),
    EventKind.DICE_CLEARED: _spec("location", "every die at a location goes back"),
    EventKind.SORCERY_EXPLODED: _spec("location", "a sorcery die explodes: another is rolled"),
    EventKind.INITIATIVE_GAINED: _spec("character face", "a character gains an initiative die"),
    EventKind.ASSET_STAGED: _spec("asset", "an asset enters the staging area"),
    EventKind.ASSET_TAKEN: _spec("character asset", "a character takes an asset to craft"),
    EventKind.ASSET_COMPLETED: _spec("character asset", "an asset's recipe is complete"),
    EventKind.ASSET_PLAYED: _spec("character asset", "a completed asset's ability is used"),
    EventKind.RESERVE_TAKEN: _spec("character asset", "an asset is taken from the reserve"),
    EventKind.ABILITY_TAKEN: _spec("character ability", "an ability card is drawn"),
    EventKind.ABILITY_PLAYED: _spec("character ability", "an ability card is used"),
    EventKind.ABILITY_UNLOCKED: _spec("ability", "an ability is unlocked for the campaign"),
    EventKind.CARD_REFRESHED: _spec("character card", "an exhausted card is ready again"),
    EventKind.CARD_ADDED: _spec("card card_kind", "a card is added to its campaign deck"),
    EventKind.CARD_ARCHIVED: _spec("card", "a card goes to the archive"),
    EventKind.CARD_BURNED: _spec("card", "a card leaves the game"),
    EventKind.NO_COPY_LEFT: _spec("card", "every printed copy of a card is already in play"),
    EventKind.EFFECT: _spec("card trigger text", "a card's text ran"),
    EventKind.EFFECT_FAILED: _spec("card text reason", "a card's text could not run as written"),
    EventKind.OBSTACLE_PLACED: _spec("obstacle location", "an obstacle enters play"),
    EventKind.OBSTACLE_ACTIVATED: _spec("obstacle location activations", "an obstacle activates"),
    EventKind.OBSTACLE_MOVED: _spec("obstacle location", "an obstacle moves"),
    EventKind.OBSTACLE_OVERCOME: _spec(
        "character obstacle location", "a character overcomes an obstacle"
    ),
    EventKind.OBSTACLE_DISCARDED: _spec("obstacle location", "an obstacle leaves play"),
    EventKind.OBSTACLE_DECK_RESHUFFLED: _spec(
        "size", "the obstacle discard is shuffled into a new deck"
    ),
    EventKind.EVENT_DRAWN: _spec("event", "an event card is drawn from the obstacle deck"),
    EventKind.TOKENS_ADDED: _spec(
        "character obstacle token amount", "progress or hindrance goes on an obstacle"
    ),
    EventKind.TOKEN_REMOVED: _spec("obstacle token", "an activation takes a token off"),
    EventKind.TOKENS_CONVERTED: _spec(
        "obstacle token to amount", "tokens on an obstacle become the other kind"
    ),
    EventKind.THREAT_PLACED: _spec("location surge pool_left", "a threat goes on a location"),
    EventKind.THREAT_REMOVED: _spec("location", "a threat leaves a location"),
    EventKind.THREAT_POOL_EMPTY: _spec("", "the threat pool is empty: the year is lost"),
    EventKind.STRESS_DIE_ASSIGNED: _spec(
        "character stress", "a teamwork stress die is given to a character"
    ),
    EventKind.STRESS_CANCELLED: _spec(
        "character stress face", "a defense die cancels a stress die"
    ),
    EventKind.STRESS_TAKEN: _spec("character stress amount left", "a character takes stress"),
    EventKind.CONDITION_TAKEN: _spec("character condition roll", "a character takes a condition"),
    EventKind.CONDITION_ALREADY_HELD: _spec(
        "character condition roll", "the condition rolled is held already: not taken again"
    ),
    EventKind.CONDITION_REMOVED: _spec("character condition by", "a condition is removed"),
    EventKind.DOWNTIME: _spec("character skill rank", "a resting character advances a skill"),
    EventKind.SCENE_DRAWN: _spec("scene", "a scene is drawn"),
    EventKind.SCENE_COMPLETED: _spec(
        "scene location participants cards_played skill_match_points points points_needed "
        "epilogue_choice skill advances finale",
        "a scene is narrated: `cards_played` lists `{card, kind, points, character}`, "
        "`advances` lists `{character, skill, new_rank}`",
    ),
    EventKind.FINALE_SCENES_SHUFFLED: _spec("count", "the finale scenes are shuffled in"),
    EventKind.LOCATION_ADDED: _spec("location x y", "a location joins the map"),
    EventKind.LOCATION_DEVELOPED: _spec("location", "a location turns to its developed side"),
    EventKind.LOCATION_UNDEVELOPED: _spec("location", "a location turns back"),
    EventKind.ACTION_POINTS_CHANGED: _spec(
        "character change now", "a character's action points go up or down"
    ),
    EventKind.STRESS_RECOVERED: _spec("character stress amount now", "a character recovers stress"),
    EventKind.INITIATIVE_SPENT: _spec(
        "character face", "an initiative die goes back to the supply"
    ),
    EventKind.CARD_EXHAUSTED: _spec("character card", "a card is used for this turn"),
    EventKind.CARDS_READIED: _spec("character cards", "the refresh readies a character's cards"),
    EventKind.CARD_DISCARDED: _spec("character card", "a card a character holds is discarded"),
    EventKind.DIE_PLACED: _spec(
        "resource face location", "a resource die from the supply is placed at a location"
    ),
    EventKind.DIE_RETURNED: _spec("resource face", "a resource die goes back to the supply"),
    EventKind.DIE_MOVED: _spec("resource face from_ to", "a resource die moves to a location"),
    # the kernel's and the card language's own events
    KernelEvent.DICE_ROLLED: _spec("what faces", "dice are rolled (a chance point)"),
    KernelEvent.ANSWER_REFUSED: _spec(
        "reason", "an answer could not be carried out: the question is asked again"
    ),
    LanguageEvent.CHOICE: _spec("choice", 'a "Choose one" is answered'),
}

DECISIONS: tuple[str, ...] = (*DecisionKind, *LanguageDecision, *KernelDecision)

_DIE_EVENTS: set[str] = {
    KernelEvent.DICE_ROLLED,
    EventKind.DIE_PLACED,
    EventKind.DIE_RETURNED,
    EventKind.DIE_MOVED,
    EventKind.DIE_SET,
    EventKind.DIE_SPENT,
    EventKind.DIE_HELD,
    EventKind.DIE_UNHELD,
    EventKind.DICE_CLEARED,
    EventKind.TRADED,
    EventKind.DIE_CRAFTED,
    EventKind.SORCERY_EXPLODED,
}
_TOKEN_EVENTS: set[str] = {
    EventKind.TOKENS_ADDED,
    EventKind.TOKEN_REMOVED,
    EventKind.TOKENS_CONVERTED,
}
_COPY_EVENTS: set[str] = {
    EventKind.OBSTACLE_PLACED,
    EventKind.OBSTACLE_MOVED,
    EventKind.OBSTACLE_OVERCOME,
    EventKind.OBSTACLE_DISCARDED,
}
# The events that may change each part of what a player sees (the observation, ``view.py``):
# its path, with the names of things as []. Every change between two decisions is told by one
# of them (``test_every_change_is_told``), so a part none of whose events was told since it was
# worked out is still what it was (``view._locations``).
TOLD_BY: dict[str, set[str]] = {
    # the tracker moves once more when the year is lost or over
    "turn": {
        EventKind.TURN_STARTED,
        EventKind.SEASON_ENDED,
        EventKind.SESSION_ENDED,
        EventKind.THREAT_POOL_EMPTY,
    },
    "season": {EventKind.TURN_STARTED, EventKind.SEASON_ENDED},
    "turns_in_season": {EventKind.TURN_STARTED, EventKind.SEASON_ENDED},
    "threat_pool": {EventKind.THREAT_PLACED, EventKind.THREAT_REMOVED, EventKind.THREAT_POOL_EMPTY},
    "locations": {EventKind.LOCATION_ADDED},
    "locations[].developed": {EventKind.LOCATION_DEVELOPED, EventKind.LOCATION_UNDEVELOPED},
    "locations[].tags": {EventKind.LOCATION_DEVELOPED, EventKind.LOCATION_UNDEVELOPED},
    "locations[].produces": {EventKind.LOCATION_DEVELOPED, EventKind.LOCATION_UNDEVELOPED},
    "locations[].adjacent": {EventKind.LOCATION_ADDED},
    "locations[].threats": {EventKind.THREAT_PLACED, EventKind.THREAT_REMOVED},
    "locations[].obstacles": {
        EventKind.OBSTACLE_PLACED,
        EventKind.OBSTACLE_MOVED,
        EventKind.OBSTACLE_OVERCOME,
        EventKind.OBSTACLE_DISCARDED,
        EventKind.CARD_ARCHIVED,
    },
    # copies of one obstacle are told apart by their order only: one coming or going at a
    # location shifts the tokens seen on the others
    "locations[].obstacles[].progress": {*_TOKEN_EVENTS, *_COPY_EVENTS},
    "locations[].obstacles[].hindrance": {*_TOKEN_EVENTS, *_COPY_EVENTS},
    "locations[].dice": _DIE_EVENTS,
    "supply": _DIE_EVENTS,
    "characters[].location": {EventKind.CHARACTER_MOVED, EventKind.CHARACTER_PLACED},
    "characters[].action_points": {EventKind.ACTION_POINTS_CHANGED},
    "characters[].body": {EventKind.STRESS_TAKEN, EventKind.STRESS_RECOVERED},
    "characters[].psyche": {EventKind.STRESS_TAKEN, EventKind.STRESS_RECOVERED},
    "characters[].initiative": {
        KernelEvent.DICE_ROLLED,
        EventKind.DIE_SET,
        EventKind.INITIATIVE_GAINED,
        EventKind.INITIATIVE_SPENT,
    },
    "initiative_supply": {EventKind.INITIATIVE_GAINED, EventKind.INITIATIVE_SPENT},
    "characters[].skills": {EventKind.DOWNTIME, EventKind.SCENE_COMPLETED},
    "characters[].advances": {EventKind.DOWNTIME, EventKind.SCENE_COMPLETED},
    "characters[].conditions": {EventKind.CONDITION_TAKEN, EventKind.CONDITION_REMOVED},
    "characters[].in_progress": {
        EventKind.ASSET_TAKEN,
        EventKind.DIE_CRAFTED,
        EventKind.ASSET_COMPLETED,
    },
    "characters[].assets": {
        EventKind.ASSET_COMPLETED,
        EventKind.ASSET_PLAYED,
        EventKind.RESERVE_TAKEN,
        EventKind.CARD_DISCARDED,
        EventKind.SCENE_COMPLETED,
    },
    "characters[].obstacles": {
        EventKind.OBSTACLE_OVERCOME,
        EventKind.CARD_DISCARDED,
        EventKind.SCENE_COMPLETED,
    },
    "characters[].abilities": {
        EventKind.ABILITY_TAKEN,
        EventKind.ABILITY_PLAYED,
        EventKind.CARD_DISCARDED,
    },
    "characters[].exhausted": {
        EventKind.CARD_EXHAUSTED,
        EventKind.CARD_REFRESHED,
        EventKind.CARDS_READIED,
    },
    "characters[].ability_deck_size": {
        EventKind.ABILITY_TAKEN,
        EventKind.ABILITY_PLAYED,
        EventKind.CARD_ADDED,
    },
    "asset_staging": {EventKind.ASSET_STAGED, EventKind.ASSET_TAKEN},
    "scenes": {
        EventKind.SCENE_DRAWN,
        EventKind.SCENE_COMPLETED,
        EventKind.CARD_ADDED,
        EventKind.FINALE_SCENES_SHUFFLED,
    },
    "scenes_completed": {EventKind.SCENE_COMPLETED},
    "decks.asset": {
        EventKind.ASSET_STAGED,
        EventKind.ASSET_TAKEN,
        EventKind.CARD_ADDED,
        EventKind.CARD_ARCHIVED,
    },
    "decks.scene": {
        EventKind.SCENE_DRAWN,
        EventKind.SCENE_COMPLETED,
        EventKind.CARD_ADDED,
        EventKind.CARD_ARCHIVED,
        EventKind.FINALE_SCENES_SHUFFLED,
    },
    "decks.obstacle": {
        EventKind.OBSTACLE_PLACED,
        EventKind.EVENT_DRAWN,
        EventKind.CARD_ADDED,
        EventKind.OBSTACLE_DECK_RESHUFFLED,
        EventKind.NO_COPY_LEFT,
        EventKind.CARD_ARCHIVED,
    },
    "obstacle_discard": {
        EventKind.OBSTACLE_DISCARDED,
        EventKind.OBSTACLE_DECK_RESHUFFLED,
        EventKind.EVENT_DRAWN,
        EventKind.OBSTACLE_PLACED,
    },
}


def told_by(part: str) -> frozenset[str]:
    """The events that may change a part of the observation and anything in it."""
    return frozenset(
        k
        for path, kinds in TOLD_BY.items()
        if path.split("[")[0].split(".")[0] == part
        for k in kinds
    )


def events_table() -> str:
    """The Markdown table of events in ``docs/design/engine-api.md``."""
    rows = ["| kind | data | what happened |", "| --- | --- | --- |"]
    for kind, spec in EVENTS.items():
        fields = ", ".join(f"`{f}`" for f in spec.fields) or "none"
        rows.append(f"| `{kind}` | {fields} | {spec.says} |")
    return "\n".join(rows) + "\n"


BEGIN, END = "<!-- events table: generated -->\n", "<!-- end of the events table -->"


def write_table(path: Path) -> None:
    """Replace the generated table in a Markdown file (between its two markers)."""
    text = path.read_text()
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    path.write_text(head + BEGIN + events_table() + END + tail)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--write"]:
        write_table(Path(sys.argv[2]))
    else:
        sys.stdout.write(events_table())
