"""Golden event logs of Six Winters: seeded sessions and campaigns per bot, as digests.

The kernel refactor (and any change that is not a rules fix) must give the same events for the
same seeds and answers. Re-record only in a commit that fixes a rules defect, and say which:

    python tests/golden/six_winters_logs.py --write     # re-record the digests
    python tests/golden/six_winters_logs.py --dump DIR  # every log as JSON lines, for a diff

Only the public engine API is used, so the recorder outlives the code it checks.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
GOLDEN = HERE / "six_winters_logs.json"
SESSIONS = 50
CAMPAIGNS = 5
BOTS = ("random", "heuristic")
PAIRS = (("Parin", "Kanun"), ("Fuscus", "Parin"), ("Kanun", "Fuscus"))


def _lines(events: list[Any]) -> list[str]:
    return [json.dumps({"kind": str(e.kind), **e.data}, sort_keys=True) for e in events]


def games() -> Iterator[tuple[str, list[str]]]:
    """Every golden game as (its name, its event log as JSON lines)."""
    from rules.six_winters import engine
    from rules.six_winters.bots import make_bot

    ruleset = engine.load_ruleset()
    for bot in BOTS:
        for seed in range(SESSIONS):
            solo = seed % 10 == 9
            session = engine.new_session(
                ruleset, engine.new_campaign(ruleset), seed, PAIRS[seed % 3], solo=solo
            )
            engine.play(session, make_bot(bot, seed))
            yield f"{bot} session {seed}{' solo' if solo else ''}", _lines(session.events)
        for seed in range(CAMPAIGNS):
            lines: list[str] = []
            for _campaign, session in engine.play_campaign(ruleset, seed, make_bot(bot, seed)):
                lines += _lines(session.events)
            yield f"{bot} campaign {seed}", lines


def digests() -> dict[str, dict[str, Any]]:
    return {
        name: {
            "events": len(lines),
            "sha256": hashlib.sha256("\n".join(lines).encode()).hexdigest(),
        }
        for name, lines in games()
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="re-record the golden digests")
    parser.add_argument("--dump", metavar="DIR", help="write every log as JSON lines into DIR")
    args = parser.parse_args(argv)
    if args.dump:
        out = Path(args.dump)
        out.mkdir(parents=True, exist_ok=True)
        for name, lines in games():
            (out / (name.replace(" ", "-") + ".jsonl")).write_text("\n".join(lines) + "\n")
        return 0
    found = digests()
    if args.write:
        GOLDEN.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(found)} golden logs to {GOLDEN}")
        return 0
    want = json.loads(GOLDEN.read_text())
    differ = sorted(k for k in want.keys() | found.keys() if want.get(k) != found.get(k))
    for name in differ:
        print(f"differs: {name}")
    print(f"{len(found) - len(differ)} of {len(want)} golden logs are the same")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parents[1]))
    sys.exit(main(sys.argv[1:]))
