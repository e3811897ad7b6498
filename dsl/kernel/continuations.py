"""Pieces kept where they asked: the greenlets the machine runs its pieces in.

A run frame's piece (``dsl.kernel.machine``) runs in a *worker*, a greenlet (the ``greenlet``
library: a C extension, SQLAlchemy's own dependency) that the machine switches into. When the
piece asks a question it has no answer for (``Context.decide``, a generator's ``yield
ctx.question(...)``, the table's dice), the worker switches back to the machine with the
question (``dsl.runtime.wait_for_answer``), keeping the piece's Python frames as they stand;
the answer switches back in, and the piece goes on from the line that asked. Nothing is run a
second time, and what a player sees at the question is the table as the piece left it.

A worker whose piece ended waits for the next one (``run``): starting a piece costs two
switches, not a new greenlet. A worker that waits with a question belongs to its machine
(``Waiting``) until the answer comes.

A waiting piece and its machine hold each other (the piece's frames name the machine, which
keeps the worker), and a greenlet's frames are not seen by Python's cycle collector: a machine
dropped while a piece waits would never be freed. So each thread keeps the waiting pieces it
made, and when more than ``MAX_WAITING`` wait at once, the one asked longest ago is let go: its
machine forgets it (it will run the piece again from its snapshot with its answers, as a copy
does) and the greenlet is ended (``GreenletExit`` raised where the piece asked: its ``finally``
blocks run, as for any exception).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from greenlet import GreenletExit, getcurrent, greenlet

from dsl.runtime import ASKED

DONE, RAISED = "done", "raised"

# waiting pieces one thread keeps before it lets the oldest go (see the module's text)
MAX_WAITING = 64


class Worker(greenlet):  # type: ignore[misc]
    """A greenlet that runs pieces one after the other. ``answers`` is the answer list of the
    piece running in it (``dsl.runtime.wait_for_answer`` waits only for that piece's own
    questions); ``machine`` the machine running it (its table's dice wait too)."""

    answers: list[Any] | None = None
    machine: Any = None
    ended: tuple[str, Any] | None = None


def _outcome(worker: Worker, asked: Any) -> tuple[str, Any]:
    """What a switch into ``worker`` came back with: ``(ASKED, decision)`` handed over by
    ``dsl.runtime.wait_for_answer``, or the piece's end, which the worker left in ``ended``."""
    if asked:  # a switch with no value brings back ``()``
        out: tuple[str, Any] = asked
        return out
    ended = worker.ended
    worker.ended = None
    assert ended is not None
    return ended


def _work() -> None:
    """A worker's life: run each piece handed to it, leave how it ended in ``ended`` (the
    machine takes it), wait for the next. An idle worker holds nothing of the last piece (the
    first is handed over by a switch too: what starts a greenlet is held as long as it runs)."""
    me = getcurrent()
    job: Callable[[], Any] = me.parent.switch()
    while True:
        try:
            me.ended = (DONE, job())
        except GreenletExit:
            raise
        except BaseException as error:  # handed to the machine, which raises it there
            me.ended = (RAISED, error)
            del error
        job = None  # type: ignore[assignment]
        me.answers = me.machine = None
        job = me.parent.switch()


@dataclass(slots=True)
class Waiting:
    """A piece stopped at a question: its run frame's data, the worker it waits in, the
    machine's flags at that moment (whether the piece had changed nothing yet, how many of the
    table's dice it had read), the depth of its frame, its machine, and the thread it waits
    in (a greenlet is switched into from its own thread only)."""

    data: dict[str, Any]
    worker: Worker
    untouched: bool
    roll_cursor: int
    depth: int
    machine: Any
    thread: int


class _Thread(threading.local):
    def __init__(self) -> None:
        self.idle: list[Worker] = []
        self.waiting: dict[int, Waiting] = {}


_here = _Thread()


def run(job: Callable[[], Any], answers: list[Any], machine: Any) -> tuple[str, Any, Worker]:
    """Start ``job`` (a piece, bound to its arguments) in an idle worker: ``(DONE, result)``,
    ``(RAISED, error)``, or ``(ASKED, decision)`` with the worker left waiting; and the
    worker."""
    here = _here
    if here.idle:
        worker = here.idle.pop()
    else:
        worker = Worker(_work)
        worker.switch()  # to its first wait
    current = getcurrent()
    if worker.parent is not current:
        worker.parent = current
    worker.answers = answers
    worker.machine = machine
    tag, value = _outcome(worker, worker.switch(job))
    if tag is not ASKED:
        here.idle.append(worker)
    return tag, value, worker


def resume(waiting: Waiting) -> tuple[str, Any]:
    """Switch back into a waiting piece of this thread, its answer given: how it ends or asks
    next, as ``run``."""
    here = _here
    here.waiting.pop(id(waiting), None)
    waiting.machine = None
    worker = waiting.worker
    current = getcurrent()
    if worker.parent is not current:
        worker.parent = current
    out = _outcome(worker, worker.switch())
    if out[0] is not ASKED:
        here.idle.append(worker)
    return out


def keep(waiting: Waiting) -> None:
    """Count a piece now waiting; let the oldest go when too many wait (the module's text)."""
    pieces = _here.waiting
    pieces[id(waiting)] = waiting
    while len(pieces) > MAX_WAITING:
        oldest = pieces.pop(next(iter(pieces)))
        forget(oldest)


def forget(waiting: Waiting) -> None:
    """A waiting piece no longer to be resumed: its machine forgets it, and its greenlet ends
    once nothing holds it."""
    _here.waiting.pop(id(waiting), None)
    machine = waiting.machine
    if machine is not None and machine._live is waiting:
        machine._live = None
    waiting.machine = None
    worker = waiting.worker
    if not worker.dead:
        try:
            worker.parent = getcurrent()
            worker.throw(GreenletExit)
        except Exception:  # pragma: no cover - another thread's worker: left to its thread
            return
