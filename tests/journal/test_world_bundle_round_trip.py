"""A campaign of games played by seats at the table, exported and imported again: each move is
about the seat that answered, and the seats are the campaign's characters, so the bundle the
journal writes is one it reads back, entry for entry."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from journal_testing import Ran

# every question its first option, every die of the table a 1 (the setup's first die a 5)
TYPED = "5\n6\n1\n9\n" + "1\n" * 4000


def test_a_game_played_at_the_table_exports_and_imports_again(
    cli: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(TYPED))
    ran = cli(
        "play", "seasons", "--players", "2", "--people", "1", "--seed", "5",
        "--dice", "table", "--campaign", "Dice",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    bundle = tmp_path / "dice.json"
    assert cli("export", "--campaign", "Dice", "--out", str(bundle)).code == 0
    written = json.loads(bundle.read_text(encoding="utf-8"))
    about = {e["who"] for e in written["entries"] if e.get("who")}
    assert about, "the moves name the seat that answered"
    assert about <= {c["name"] for c in written["characters"]}
    target = tmp_path / "other.db"
    ran = cli("import", str(bundle), db=target)
    assert ran.code == 0, ran.err
    again = tmp_path / "again.json"
    assert cli("export", "--campaign", "Dice", "--out", str(again), db=target).code == 0
    reread = json.loads(again.read_text(encoding="utf-8"))
    assert reread["entries"] == written["entries"]
    assert reread["characters"] == written["characters"]
