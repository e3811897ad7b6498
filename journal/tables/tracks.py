"""Tracks at the table: countdowns, clocks and Wildsea-style tracks of steps whose breaks carry
text, kept as they stand (``track`` rows) with every change a mechanic record holding the track
before and after. The steps are the kernel's ``StepTrack``; countdowns and clocks its ``Meter``.
"""

from __future__ import annotations

import difflib

from sqlmodel import Session, col, select

from dsl.errors import ChroniclerError, UsageError
from dsl.kernel.table import Meter, StepMark, StepTrack, TableError
from journal import ledger
from journal.models import Campaign, TrackRow
from journal.tables import payloads as p
from journal.tables import story
from journal.tables.story import Told, checked_title, record

ASCII_MARKS = str.maketrans({"o": StepMark.OPEN.value, "/": StepMark.TICKED.value,
                             "x": StepMark.BURNED.value})  # fmt: skip


MOST_STEPS = 1_000  # as many as a track's shape (payloads.TrackState) keeps


def steps_from(text: str) -> str:
    """A track of steps as typed: marks (○∅⦻ and | for a break; o / x for the same), or the
    steps between breaks as numbers ("4|2|2")."""
    typed = "".join(text.split())
    if typed and all(part.isdigit() for part in typed.split("|")):
        counts = [int(part) if len(part) <= 6 else MOST_STEPS + 1 for part in typed.split("|")]
        if sum(counts) > MOST_STEPS:
            raise UsageError(f"--steps: a track holds at most {MOST_STEPS} steps")
        return "|".join(StepMark.OPEN.value * count for count in counts)
    return typed.lower().translate(ASCII_MARKS)


def _steps(state: p.TrackState) -> StepTrack:
    texts = [b.text for b in sorted(state.breaks, key=lambda b: b.after)]
    try:
        return StepTrack.parse(_marks_with_breaks(state), texts)
    except TableError as error:
        raise ChroniclerError(f"the journal is damaged: a track's steps: {error}") from None


def _state_of_steps(track: StepTrack) -> p.TrackState:
    return p.TrackState(
        kind=p.TrackKind.STEPS,
        size=len(track.steps),
        value=track.progress,
        marks=str(track).replace("|", ""),
        breaks=[p.Break(after=k, text=v) for k, v in sorted(track.breaks.items())],
    )


def _marks_with_breaks(state: p.TrackState) -> str:
    out = []
    at_break = {b.after for b in state.breaks}
    for at, mark in enumerate(state.marks):
        if at in at_break:
            out.append("|")
        out.append(mark)
    return "".join(out)


def drawn(state: p.TrackState) -> str:
    """A track as the table writes it: "7", "3/6", "∅∅○○|○○"."""
    if state.kind is p.TrackKind.COUNTDOWN:
        return str(state.value)
    if state.kind is p.TrackKind.CLOCK:
        return f"{state.value}/{state.size}"
    return _marks_with_breaks(state)


def track_json(name: str, state: p.TrackState) -> dict[str, object]:
    """A track for a script (``track list --json``): its name, kind, as the table writes it,
    whether it is done or hidden, and its state as the journal keeps it."""
    return {
        "name": name,
        "kind": str(state.kind),
        "drawn": drawn(state),
        "finished": finished(state),
        "hidden": state.hidden,
        "state": state.model_dump(mode="json"),
    }


def finished(state: p.TrackState) -> bool:
    if state.kind is p.TrackKind.COUNTDOWN:
        return state.value == 0
    return state.value >= state.size


def new_track_state(
    *,
    countdown: int | None,
    clock: int | None,
    steps: str | None,
    breaks: list[str],
    hidden: bool = False,
) -> p.TrackState:
    """A new track as typed: one of a countdown, a clock or steps (with breaks' texts);
    ``hidden`` keeps it from the players."""
    state = _new_state(countdown=countdown, clock=clock, steps=steps, breaks=breaks)
    return state.model_copy(update={"hidden": hidden}) if hidden else state


def _new_state(
    *, countdown: int | None, clock: int | None, steps: str | None, breaks: list[str]
) -> p.TrackState:
    given = [x for x in (countdown, clock, steps) if x is not None]
    if len(given) != 1:
        raise UsageError("a track is one of --countdown N, --clock N or --steps MARKS")
    if breaks and steps is None:
        raise UsageError("--break is for a track of --steps: a break sits between steps")
    if countdown is not None:
        if not 1 <= countdown <= 1_000:
            raise UsageError(f"--countdown starts at 1 to 1000, not {countdown}")
        return p.TrackState(kind=p.TrackKind.COUNTDOWN, size=countdown, value=countdown)
    if clock is not None:
        if not 2 <= clock <= 100:
            raise UsageError(f"--clock has 2 to 100 wedges, not {clock}")
        return p.TrackState(kind=p.TrackKind.CLOCK, size=clock, value=0)
    assert steps is not None
    marks = steps_from(steps)
    if len(marks) > MOST_STEPS:
        raise UsageError(f"--steps: a track holds at most {MOST_STEPS} steps")
    try:
        track = StepTrack.parse(marks)
    except TableError as error:
        raise UsageError(f"--steps: {error}") from None
    if len(breaks) > len(track.breaks):
        raise UsageError(
            f"--break: {len(breaks)} texts for {len(track.breaks)} breaks in {steps!r}"
        )
    for key, words in zip(sorted(track.breaks), breaks, strict=False):
        track.breaks[key] = ledger.checked_text(words, "--break")
    return _state_of_steps(track)


def tracks(s: Session, campaign: Campaign) -> list[TrackRow]:
    query = select(TrackRow).where(TrackRow.campaign_id == campaign.id)
    return list(s.exec(query.order_by(col(TrackRow.id))))


def _track(s: Session, campaign: Campaign, name: str) -> TrackRow:
    folded = " ".join(name.split()).casefold()
    known = tracks(s, campaign)
    found = next((t for t in known if t.name.casefold() == folded), None)
    if found is None:
        names = [t.name for t in known]
        near = difflib.get_close_matches(name, names, n=2, cutoff=0.5)
        hint = (
            f"; did you mean {' or '.join(near)}?"
            if near
            else (f"; it has: {', '.join(names)}" if names else "; add one with 'track add'")
        )
        raise ChroniclerError(f"{campaign.name!r} has no track {name!r}{hint}")
    return found


def add_track(s: Session, campaign: Campaign, name: str, state: p.TrackState) -> Told:
    title = checked_title(name, "the track's name")
    if any(t.name.casefold() == title.casefold() for t in tracks(s, campaign)):
        raise ChroniclerError(f"{campaign.name!r} already has a track called {title!r}")
    row = TrackRow(
        campaign_id=ledger._id(campaign),
        name=title,
        kind=str(state.kind),
        state=state.model_dump(mode="json"),
        created_at=ledger.now_iso(),
    )
    s.add(row)
    line = f"new {state.kind} {title}: {drawn(state)}"
    if state.hidden:
        line += " (hidden from the players)"
    payload = p.TrackRecord(track=title, change=p.TrackChange.ADD, by=0, after=state)
    return Told(line, record(s, campaign, payload, line))


def change_track(s: Session, campaign: Campaign, name: str, change: p.TrackChange, by: int) -> Told:
    """Tick, untick or burn a track ``by`` steps: a countdown counts down as it ticks, a clock
    fills a wedge per tick, a track of steps ticks its next open step (and burns its first
    ticked ones, under the ticks an untick erases: only steps burn)."""
    if not 1 <= by <= 1_000:
        raise UsageError(f"--by is 1 to 1000, not {by}")
    row = _track(s, campaign, name)
    before = p.track_state(row.state, f"track {row.name!r}")
    reached: list[str] = []
    if before.kind is p.TrackKind.STEPS:
        track = _steps(before)
        if change is p.TrackChange.TICK:
            reached = track.tick(by)
        elif change is p.TrackChange.UNTICK:
            track.untick(by)
        else:
            try:
                track.burn(by)
            except TableError as error:
                raise ChroniclerError(f"{row.name}: {error}") from None
        after = _state_of_steps(track).model_copy(update={"hidden": before.hidden})
    else:
        if change is p.TrackChange.BURN:
            raise ChroniclerError(
                f"{row.name} is a {before.kind}: only a track of steps has steps to burn"
            )
        if before.kind is p.TrackKind.COUNTDOWN:  # counts down; a timer may go up again
            meter = Meter(before.value)
            forward, back = meter.take, meter.add
        else:
            meter = Meter(before.value, maximum=before.size)
            forward, back = meter.add, meter.take
        (forward if change is p.TrackChange.TICK else back)(by)
        after = before.model_copy(update={"value": meter.value})
    if after == before:
        if change is p.TrackChange.UNTICK and before.kind is p.TrackKind.STEPS:
            raise ChroniclerError(
                f"{row.name} stands at {drawn(before)}: no tick to erase (a burned step stays)"
            )
        raise ChroniclerError(f"{row.name} stands at {drawn(before)}: nothing to {change}")
    row.state = after.model_dump(mode="json")
    s.add(row)
    done = finished(after)
    line = f"{change} {row.name}: {drawn(before)} -> {drawn(after)}"
    for words in reached:
        line += "; break reached" + (f": {words}" if words else "")
    if done:
        line += "; the track is done"
    payload = p.TrackRecord(
        track=row.name,
        change=change,
        by=by,
        before=before,
        after=after,
        reached=reached,
        finished=done,
    )
    return Told(line, record(s, campaign, payload, line))


def hide_track(s: Session, campaign: Campaign, name: str, hidden: bool) -> Told:
    """Keep a track from the players (the site leaves it and its changes out), or show it
    again."""
    row = _track(s, campaign, name)
    before = p.track_state(row.state, f"track {row.name!r}")
    if before.hidden == hidden:
        told = "hidden from" if hidden else "shown to"
        raise ChroniclerError(f"{row.name} is already {told} the players")
    after = before.model_copy(update={"hidden": hidden})
    row.state = after.model_dump(mode="json")
    s.add(row)
    change = p.TrackChange.HIDE if hidden else p.TrackChange.REVEAL
    if hidden:
        line = f"{row.name} is hidden from the players: the site leaves it and its changes out"
    else:
        line = f"{row.name} is shown to the players again: the site shows it and its changes"
    payload = p.TrackRecord(track=row.name, change=change, by=0, before=before, after=after)
    return Told(line, record(s, campaign, payload, line))


def remove_track(s: Session, campaign: Campaign, name: str) -> Told:
    """Take a track off the table: it is listed no more; its changes stay in the story."""
    row = _track(s, campaign, name)
    before = p.track_state(row.state, f"track {row.name!r}")
    s.delete(row)
    line = f"removed {before.kind} {row.name}, as it stood: {drawn(before)}"
    payload = p.TrackRecord(
        track=row.name, change=p.TrackChange.REMOVE, by=0, before=before, after=before
    )
    return Told(line, record(s, campaign, payload, line))


def hidden_tracks(s: Session, campaign: Campaign) -> set[str]:
    """The tracks (casefolded names) hidden from the players as each last stood: hidden now,
    or hidden when it was removed."""
    last: dict[str, bool] = {}
    for row in story.records(s, campaign):
        if row.kind == p.RecordKind.TRACK:
            change = p.payload(row.payload, f"record {row.number}")
            last[change.track.casefold()] = change.after.hidden
    for kept in tracks(s, campaign):
        last[kept.name.casefold()] = p.track_state(kept.state, kept.name).hidden
    return {name for name, hidden in last.items() if hidden}
