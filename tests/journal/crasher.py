"""A ``chronicler`` run that dies by SIGKILL right after its N-th committed transaction.

Run: python crasher.py N chronicler ARGS...   After each commit it prints "committed K" (flushed),
so the test knows which transactions the journal had acknowledged when the process died.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any

from journal import db
from journal.cli import main

kill_after = int(sys.argv[1])
committed = 0
original = db.Journal.write


def write(self: db.Journal, work: Any, attempts: int = 5) -> Any:
    global committed
    result = original(self, work, attempts)
    committed += 1
    print(f"committed {committed}", flush=True)
    if committed == kill_after:
        os.kill(os.getpid(), signal.SIGKILL)
    return result


db.Journal.write = write  # type: ignore[method-assign]
sys.exit(main(sys.argv[3:]))
