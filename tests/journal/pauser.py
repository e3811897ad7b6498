"""A ``chronicler`` run that stops, alive, right after its N-th committed transaction.

Run: python pauser.py N chronicler ARGS...   After the N-th commit it prints "paused" (flushed)
and waits for a line on stdin before it goes on: a recording caught mid-year, still running.
"""

from __future__ import annotations

import sys
from typing import Any

from journal import db
from journal.cli import main

pause_after = int(sys.argv[1])
committed = 0
original = db.Journal.write


def write(self: db.Journal, work: Any, attempts: int = 5) -> Any:
    global committed
    result = original(self, work, attempts)
    committed += 1
    if committed == pause_after:
        print("paused", flush=True)
        sys.stdin.readline()
    return result


db.Journal.write = write  # type: ignore[method-assign]
sys.exit(main(sys.argv[3:]))
