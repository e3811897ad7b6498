"""The events the world engine tells and the decisions it asks, as enums with their fields."""

from __future__ import annotations

from enum import StrEnum


class WorldEvent(StrEnum):
    """Every change of a world game's state, told by the operations facade (``dsl.world.ops``)."""

    GAME_STARTED = "game_started"  # players, seed
    VALUE_CHANGED = "value_changed"  # owner, property, before, after, why
    THRESHOLD_REACHED = "threshold_reached"  # owner, property, at
    CARD_MOVED = (
        "card_moved"  # card, name, card_kind, source, to, owner (hidden to who may not see)
    )
    ZONE_SHUFFLED = "zone_shuffled"  # zone
    PIECES_PLACED = "pieces_placed"  # piece, owner, on, count, total
    PIECES_REMOVED = "pieces_removed"  # piece, owner, source, count, total
    PAWN_MOVED = "pawn_moved"  # player, source, to
    DIE_ROLLED = "die_rolled"  # die, face, result (the table's row), by
    TURN_STARTED = "turn_started"  # player, round
    ROUND_STARTED = "round_started"  # round
    TURN_ORDER = "turn_order"  # order, how
    EFFECT_STARTED = "effect_started"  # effect, owner, until
    EFFECT_ENDED = "effect_ended"  # effect, owner, why
    EFFECT_TICKED = "effect_ticked"  # effect, owner, stacks (left), at (the step)
    CHOICE_COMMITTED = "choice_committed"  # player, what (hidden from the others)
    CHOICE_REVEALED = "choice_revealed"  # player, what, answer
    PASSED = "passed"  # player
    ORDER_RESOLVED = "order_resolved"  # player, slot, card (dsl.world.players)
    GAME_ENDED = "game_ended"  # scores, winner, ranking, why
    CARD_COPIED = "card_copied"  # card (the copy's id), of (the card's name), card_kind, why
    ACTION_DECLARED = "action_declared"  # player, card (None: none), into, value (rolled.py)
    ZONE_ARRANGED = "zone_arranged"  # zone, by (a number field: dsl.world.arranging)
    DIE_LAID = "die_laid"  # card, square, die, face, source, complete (dsl.world.grid_play)
    PLACE_TAKEN = "place_taken"  # card, name, card_kind, source, place (dsl.world.replacing)


# each event kind's fields, for the docs and a test that every event carries them
EVENTS: dict[WorldEvent, tuple[str, ...]] = {
    WorldEvent.GAME_STARTED: ("players", "seed"),
    WorldEvent.VALUE_CHANGED: ("owner", "property", "before", "after"),
    WorldEvent.THRESHOLD_REACHED: ("owner", "property", "at"),
    WorldEvent.CARD_MOVED: ("card", "card_kind", "source", "to"),
    WorldEvent.ZONE_SHUFFLED: ("zone",),
    WorldEvent.PIECES_PLACED: ("piece", "owner", "on", "count", "total"),
    WorldEvent.PIECES_REMOVED: ("piece", "owner", "source", "count", "total"),
    WorldEvent.PAWN_MOVED: ("player", "source", "to"),
    WorldEvent.DIE_ROLLED: ("die", "face"),
    WorldEvent.TURN_STARTED: ("player", "round"),
    WorldEvent.ROUND_STARTED: ("round",),
    WorldEvent.TURN_ORDER: ("order", "how"),
    WorldEvent.EFFECT_STARTED: ("effect", "owner", "until"),
    WorldEvent.EFFECT_ENDED: ("effect", "owner", "why"),
    WorldEvent.EFFECT_TICKED: ("effect", "owner", "stacks", "at"),
    WorldEvent.CHOICE_COMMITTED: ("player",),
    WorldEvent.CHOICE_REVEALED: ("player", "answer"),
    WorldEvent.PASSED: ("player",),
    WorldEvent.ORDER_RESOLVED: ("player", "slot", "card"),
    WorldEvent.GAME_ENDED: ("scores", "winner", "ranking"),
    WorldEvent.CARD_COPIED: ("card", "of", "card_kind"),
    WorldEvent.ACTION_DECLARED: ("player", "card", "into", "value"),
    WorldEvent.ZONE_ARRANGED: ("zone", "by"),
    WorldEvent.DIE_LAID: ("card", "square", "die", "face", "source", "complete"),
    WorldEvent.PLACE_TAKEN: ("card", "card_kind", "source", "place"),
}


class WorldDecision(StrEnum):
    """The questions the world engine itself asks (card text asks the language's own)."""

    ACTION = "action"  # which action, card text or "pass" a player takes on their turn
    FIRST_PLAYER = "first_player"  # who goes first, when the table chooses
