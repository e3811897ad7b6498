"""The log of entries, for every ruleset whose campaigns keep one: recording an entry, fixing
one (``entry amend``), taking one out (``entry delete``), and listing them.

A ruleset's verbs give the log a function that makes an entry from the table as the entries
before it left it (its keeper's state: ``journal/keepers.py``). The log works out that state,
asks for the entry, checks its payload against its kind's model, keeps what the change touches
in the history (``journal/history.py``) and writes it. A fix runs every later entry again
through the rules (``Keeper.again``) on the table the fix left, so each is checked again and
what it did follows: an entry the rules now refuse refuses the fix, in one line, and nothing is
written.

``entry amend N VERB ...`` runs the ruleset's own verb in place of entry N: the verb records
through ``record`` as always, and ``amending`` tells it where.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError
from sqlmodel import Session

from dsl.errors import ChroniclerError
from journal import history, ledger
from journal.keepers import Draft, Keeper, keeper_of
from journal.models import Campaign, Entry

# The entry a verb records in place of (``entry amend``), while it runs.
_AMENDING: ContextVar[int | None] = ContextVar("amending", default=None)
_RECORDED: ContextVar[list[int] | None] = ContextVar("recorded", default=None)


@contextmanager
def amending(number: int) -> Iterator[list[int]]:
    """While the block runs, what a verb records replaces entry ``number``; the list given
    holds the numbers of what was recorded (one entry, for a verb that records)."""
    recorded: list[int] = []
    token, seen = _AMENDING.set(number), _RECORDED.set(recorded)
    try:
        yield recorded
    finally:
        _AMENDING.reset(token)
        _RECORDED.reset(seen)


def amended() -> int | None:
    """The entry the verb running replaces, if it is run by ``entry amend``."""
    return _AMENDING.get()


def checked(keeper: Keeper, draft: Draft) -> dict[str, Any]:
    """The draft's payload as JSON, checked again against its kind's model."""
    model = keeper.entry_models.get(draft.kind)
    if model is None or not isinstance(draft.payload, model):
        raise ChroniclerError(f"{keeper.name} keeps no entry of kind {draft.kind!r}")
    data = draft.payload.model_dump(mode="json")
    try:
        model.model_validate(data)
    except ValidationError as error:  # a model that does not take back what it gave
        first = error.errors()[0]
        raise ChroniclerError(f"the new entry is refused: {first['msg']}") from None
    return data


def state_of(s: Session, campaign: Campaign, keeper: Keeper, entries: Sequence[Entry]) -> Any:
    state = keeper.empty(s, campaign)
    for entry in entries:
        state = keeper.after(state, entry)
    return state


def state_now(s: Session, campaign: Campaign) -> Any:
    """The campaign's table as its entries (all of them, or those before the one being
    amended) left it."""
    keeper = keeper_of(campaign.ruleset)
    every = ledger.entries(s, campaign)
    number = amended()
    if number is not None:
        ledger.entry_numbered(s, campaign, number)
        every = [e for e in every if e.number < number]
    return state_of(s, campaign, keeper, every)


def _entry(number: int, draft: Draft, data: dict[str, Any], like: Entry | None) -> Entry:
    """An entry as the draft makes it (in the place of ``like``), not yet written."""
    return Entry(
        campaign_id=like.campaign_id if like else 0,
        number=number,
        session_id=like.session_id if like else None,
        scene_id=like.scene_id if like else None,
        kind=draft.kind,
        who=draft.who,
        text=ledger.checked_text(draft.text, "the text"),
        summary=draft.summary,
        payload=data,
        at=like.at if like else ledger.now_iso(),
    )


@dataclass(frozen=True)
class Rerun:
    """A later entry run again after a fix: as it was, and as it is now."""

    was: Entry
    now: Entry

    @property
    def changed(self) -> bool:
        old, new = self.was, self.now
        return (old.kind, old.who, old.text, old.summary, old.payload) != (
            new.kind,
            new.who,
            new.text,
            new.summary,
            new.payload,
        )


def _rerun(
    s: Session, campaign: Campaign, keeper: Keeper, state: Any, later: Sequence[Entry], why: str
) -> list[Rerun]:
    """The later entries run again through the rules, in order, on the table the fix left."""
    out = []
    for entry in later:
        try:
            draft = keeper.again(s, campaign, state, entry)
        except ChroniclerError as refused:
            raise ChroniclerError(
                f"{why} would leave entry {entry.number} ({entry.summary}) against the rules: "
                f"{refused.message}; nothing changed"
            ) from None
        now = _entry(entry.number, draft, checked(keeper, draft), entry)
        state = keeper.after(state, now)
        out.append(Rerun(entry, now))
    return out


def _write(s: Session, rerun: Sequence[Rerun]) -> None:
    for fixed in rerun:
        if fixed.changed:
            row = fixed.was
            row.kind, row.who, row.text = fixed.now.kind, fixed.now.who, fixed.now.text
            row.summary, row.payload = fixed.now.summary, dict(fixed.now.payload)
            s.add(row)
    s.flush()


def record(s: Session, campaign_name: str, verb: str, make: Callable[[Any], Draft]) -> Entry:
    """Record the entry ``make`` makes from the table as it stands (with ``entry amend``: as
    the entries before the one amended left it, which it replaces)."""
    campaign = ledger.get_campaign(s, campaign_name)
    keeper = keeper_of(campaign.ruleset)
    number = amended()
    every = ledger.entries(s, campaign)
    if number is None:
        draft = make(state_of(s, campaign, keeper, every))
        data = checked(keeper, draft)
        next_number = ledger.next_number(s, campaign)
        history.keep_rows(s, campaign, verb, draft.summary, entries=[next_number])
        written = ledger.add_entry(
            s,
            campaign,
            kind=draft.kind,
            payload=data,
            summary=draft.summary,
            who=draft.who,
            text=draft.text,
        )
    else:
        written = _amend(s, campaign, keeper, every, number, verb, make)
    seen = _RECORDED.get()
    if seen is not None:
        seen.append(written.number)
    return written


def _amend(
    s: Session,
    campaign: Campaign,
    keeper: Keeper,
    every: Sequence[Entry],
    number: int,
    verb: str,
    make: Callable[[Any], Draft],
) -> Entry:
    target = ledger.entry_numbered(s, campaign, number)
    if _RECORDED.get():
        raise ChroniclerError(f"the verb records more than one entry; entry {number} is one")
    state = state_of(s, campaign, keeper, [e for e in every if e.number < number])
    draft = make(state)
    fixed = _entry(number, draft, checked(keeper, draft), target)
    later = [e for e in every if e.number > number]
    rerun = _rerun(s, campaign, keeper, keeper.after(state, fixed), later, f"{verb} in place of it")
    summary = f"entry {number}: {draft.summary} (was: {target.summary})"
    touched = [number, *(r.was.number for r in rerun if r.changed)]
    history.keep_rows(s, campaign, f"entry amend ({verb})", summary, entries=touched)
    _write(s, [Rerun(target, fixed), *rerun])
    return target


def delete(s: Session, campaign_name: str, number: int) -> Entry:
    """Take entry ``number`` out of the log; every later entry runs again without it. Returns
    the entry as it was (kept in the history)."""
    campaign = ledger.get_campaign(s, campaign_name)
    keeper = keeper_of(campaign.ruleset)
    target = ledger.entry_numbered(s, campaign, number)
    every = ledger.entries(s, campaign)
    state = state_of(s, campaign, keeper, [e for e in every if e.number < number])
    later = [e for e in every if e.number > number]
    rerun = _rerun(s, campaign, keeper, state, later, f"taking entry {number} out")
    touched = [number, *(r.was.number for r in rerun if r.changed)]
    summary = f"entry {number}: {target.summary}"
    history.keep_rows(s, campaign, "entry delete", summary, entries=touched)
    gone = Entry.model_validate(target.model_dump())
    s.delete(target)
    s.flush()
    _write(s, rerun)
    return gone


def listing(s: Session, campaign: Campaign) -> list[str]:
    """The log in lines: number, where (session.scene), and what it did."""
    where: dict[int, str] = {}
    for session in ledger.sessions_of(s, campaign):
        where[ledger._id(session)] = f"{session.number}"
        for scene in ledger.scenes_in(s, session):
            where[-ledger._id(scene)] = f"{session.number}.{scene.number}"
    lines = []
    for entry in ledger.entries(s, campaign):
        at = where.get(-(entry.scene_id or 0)) or where.get(entry.session_id or 0) or "-"
        lines.append(f"{entry.number}. [{at}] {entry.summary}")
    return lines


def payload_of(keeper: Keeper, entry: Entry) -> BaseModel:
    """An entry's payload, validated against its kind's model (a damaged one: an error)."""
    model = keeper.entry_models.get(entry.kind)
    if model is None:
        raise ChroniclerError(
            f"the journal is damaged: entry {entry.number} is of no kind {keeper.name} keeps "
            f"({entry.kind!r})"
        )
    try:
        return model.model_validate(entry.payload)
    except ValidationError as error:
        first = error.errors()[0]
        at = ".".join(str(part) for part in first["loc"])
        raise ChroniclerError(
            f"the journal is damaged: entry {entry.number}: {at}: {first['msg']}"
        ) from None
