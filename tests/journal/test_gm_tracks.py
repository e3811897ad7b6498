"""Tracks a GM keeps: removed when done with, and kept from the players when the GM would
rather they did not see what is coming ("Only sometimes tell the players what it's for"): the
site leaves a hidden track and its changes out until it is revealed."""

from __future__ import annotations

import json

from gm_table import counts, refused


def test_a_removed_track_is_listed_no_more_and_its_changes_stay(table, journal_path) -> None:  # type: ignore[no-untyped-def]
    table("track", "add", "Guards arrive", "--clock", "4")
    table("track", "tick", "Guards arrive", "--by", "3")
    done = table("track", "remove", "guards arrive")
    assert done.code == 0, done.err
    assert done.out.strip() == "removed clock Guards arrive, as it stood: 3/4"
    assert "has no track yet" in table("track", "list").out
    assert "has no track 'Guards arrive'" in refused(table("track", "tick", "Guards arrive"))
    assert counts(journal_path)[0] == 4  # joined, added, ticked, removed
    # its name is free again
    assert table("track", "add", "Guards arrive", "--countdown", "2").code == 0


def test_a_hidden_track_is_marked_for_the_gm(table) -> None:  # type: ignore[no-untyped-def]
    done = table("track", "add", "The cult gathers", "--clock", "6", "--hidden")
    assert done.out.strip() == "new clock The cult gathers: 0/6 (hidden from the players)"
    table("track", "add", "Storm", "--countdown", "3")
    assert table("track", "list").out.splitlines() == [
        "The cult gathers (clock): 0/6 (hidden from the players)",
        "Storm (countdown): 3",
    ]
    listed = json.loads(table("track", "list", "--json").out)
    assert [(t["name"], t["hidden"], t["drawn"]) for t in listed] == [
        ("The cult gathers", True, "0/6"),
        ("Storm", False, "3"),
    ]
    assert "is already hidden from the players" in refused(
        table("track", "hide", "The cult gathers")
    )


def test_the_site_leaves_a_hidden_track_and_its_changes_out(table, tmp_path) -> None:  # type: ignore[no-untyped-def]
    table("track", "add", "The cult gathers", "--clock", "6")
    table("track", "tick", "The cult gathers", "--by", "2")
    assert table("track", "hide", "The cult gathers").code == 0
    table("track", "tick", "The cult gathers")
    table("track", "add", "Storm", "--countdown", "3")
    out = tmp_path / "hidden"
    assert table("publish", "--out", str(out)).code == 0
    pages = list((out / "site").rglob("*.html"))
    assert pages
    for page in pages:
        assert "cult" not in page.read_text("utf-8"), page
    assert "Storm" in (out / "site" / "tracks.html").read_text("utf-8")
    assert table("track", "reveal", "The cult gathers").code == 0
    out = tmp_path / "shown"
    assert table("publish", "--out", str(out)).code == 0
    tracks = (out / "site" / "tracks.html").read_text("utf-8")
    assert "The cult gathers: 3 of 6" in tracks
    session = (out / "site" / "sessions" / "session-1.html").read_text("utf-8")
    assert "<strong>The cult gathers</strong> ticks 2, now 2/6." in session  # told as a story
    assert "hidden from the players" not in session  # the GM's hiding is not a story


def test_a_track_hidden_when_it_was_removed_stays_out_of_the_site(table, tmp_path) -> None:  # type: ignore[no-untyped-def]
    table("track", "add", "The cult gathers", "--clock", "6", "--hidden")
    table("track", "tick", "The cult gathers")
    table("track", "remove", "The cult gathers")
    out = tmp_path / "site"
    assert table("publish", "--out", str(out)).code == 0
    for page in (out / "site").rglob("*.html"):
        assert "cult" not in page.read_text("utf-8"), page
