"""The same seeds and answers give the same game: the golden event logs of 50 seeded sessions
and 5 seeded campaigns per bot (``tests/golden/six_winters_logs.py`` re-records them, only in
a commit that fixes a rules defect)."""

import importlib.util
import json
from pathlib import Path

GOLDEN = Path(__file__).parents[2] / "golden"


def _recorder():
    spec = importlib.util.spec_from_file_location("golden_logs", GOLDEN / "six_winters_logs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_seeded_sessions_and_campaigns_replay_their_golden_event_logs():
    recorder = _recorder()
    want = json.loads(recorder.GOLDEN.read_text())
    found = recorder.digests()
    assert len(want) == 2 * (recorder.SESSIONS + recorder.CAMPAIGNS)
    assert sorted(name for name in want if found.get(name) != want[name]) == []
