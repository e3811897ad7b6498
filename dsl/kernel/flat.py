"""The machine's state hooks generated for a flat dataclass state.

A game whose state is one dataclass of plain data (numbers, strings, lists and dicts of them)
plus the kernel's own fields (``rng``, ``frames``, ``events``, ``answers``) needs no
hand-written ``snapshot``, ``from_snapshot``, ``copy_state``, ``encode_state`` and
``decode_state``: mix ``FlatState`` in before ``Machine`` and name the state's class::

    class CheckGame(FlatState, ProcedureWalker, Machine):
        state_type = CheckState

The snapshot is a deep copy of the plain fields, the generator's state and the frames; events
and answers stay with the machine, as its contract says. A field that is not plain data (a set,
an object of the game) is refused when the class is first used, naming the field, so a state
that needs its own hooks says so at once rather than on its first JSON round trip.
"""

from __future__ import annotations

import copy
import dataclasses
import types
import typing
from typing import Any, ClassVar

from dsl.kernel.machine import Event, Frame, PrivateEvent
from dsl.kernel.random import GameRandom

# The fields the kernel itself gives every state: handled here, not as plain data.
KERNEL_FIELDS = ("rng", "frames", "events", "answers")
_PLAIN = (int, str, bool, float, type(None), list, dict, tuple)


class StateNotFlat(TypeError):
    """The state's class has a field that is not plain data (or lacks a kernel field)."""


_FIELDS: dict[type, tuple[str, ...]] = {}


def plain_fields(state_type: type) -> tuple[str, ...]:
    """The names of the state's plain-data fields; ``StateNotFlat`` for any other field."""
    found = _FIELDS.get(state_type)
    if found is None:
        found = _FIELDS[state_type] = _plain_fields(state_type)
    return found


def _plain_fields(state_type: type) -> tuple[str, ...]:
    if not dataclasses.is_dataclass(state_type):
        raise StateNotFlat(f"{state_type.__name__} is not a dataclass")
    hints = typing.get_type_hints(state_type)
    names = [f.name for f in dataclasses.fields(state_type)]
    missing = [k for k in KERNEL_FIELDS if k not in names]
    if missing:
        raise StateNotFlat(f"{state_type.__name__} lacks the kernel's fields {', '.join(missing)}")
    plain = []
    for name in names:
        if name in KERNEL_FIELDS:
            continue
        if not _is_plain(hints[name]):
            raise StateNotFlat(
                f"{state_type.__name__}.{name} is {hints[name]!r}, not plain data: "
                "write the machine's snapshot hooks by hand"
            )
        plain.append(name)
    return tuple(plain)


def _is_plain(hint: Any) -> bool:
    origin = typing.get_origin(hint)
    if origin is None:
        return hint is Any or hint in _PLAIN
    if origin in (typing.Union, types.UnionType):
        return all(_is_plain(a) for a in typing.get_args(hint))
    if origin in (list, dict, tuple):
        return all(a is Ellipsis or _is_plain(a) for a in typing.get_args(hint))
    return False


def snapshot_of(state: Any) -> dict[str, Any]:
    """The state as plain data, without its events and answers (a deep copy)."""
    data = {name: copy.deepcopy(getattr(state, name)) for name in plain_fields(type(state))}
    data["rng"] = state.rng.getstate()[0]
    data["frames"] = [[f.kind, copy.deepcopy(f.data)] for f in state.frames]
    return data


def state_from(
    state_type: type, data: dict[str, Any], events: list[Event], answers: list[Any]
) -> Any:
    """A new state of ``state_type`` from ``snapshot_of``'s data, with these events and
    answers."""
    rng = GameRandom(0)
    rng.setstate((data["rng"],))
    # a field the data lacks (saved before the field was added) takes its default
    plain = {name: copy.deepcopy(data[name]) for name in plain_fields(state_type) if name in data}
    frames = [Frame(k, copy.deepcopy(d)) for k, d in data["frames"]]
    return state_type(**plain, rng=rng, frames=frames, events=events, answers=answers)


class FlatState:
    """Mixin for a ``Machine`` whose state is a flat dataclass (``state_type``): the five state
    hooks, generated from the dataclass's fields."""

    state_type: ClassVar[type]
    state: Any

    def snapshot(self, op: str) -> Any:
        return snapshot_of(self.state)

    def from_snapshot(self, snap: Any) -> Any:
        return state_from(self.state_type, snap, [], [])

    def copy_state(self) -> Any:
        return copy.deepcopy(self.state)

    def encode_state(self) -> Any:
        data = snapshot_of(self.state)
        data["events"] = [
            [str(e.kind), e.data, list(e.seen_by)]
            if type(e) is PrivateEvent
            else [str(e.kind), e.data]
            for e in self.state.events
        ]
        data["answers"] = list(self.state.answers)
        return data

    @classmethod
    def decode_state(cls, ruleset: Any, data: Any) -> Any:
        events = [
            Event(e[0], e[1]) if len(e) == 2 else PrivateEvent(e[0], e[1], tuple(e[2]))
            for e in data["events"]
        ]
        return state_from(cls.state_type, data, events, list(data["answers"]))
