"""Shell completion (``chronicler --install-completion``): what completes a word, written so the
shell inserts it as one word, and answered quickly, since the shell runs ``chronicler`` once per
Tab.

Typer's completion scripts run the program with ``_CHRONICLER_COMPLETE`` set; ``journal.cli``
sends that here before anything else. Two things differ from Typer's own answers:

- **Quoting.** Bash inserts what it is given as typed, so ``Dismantle the Spy Network`` would be
  four words and ``Gelshah's Tower`` an open quote. Each value is quoted for the word being
  completed: escaped with backslashes (``Gelshah\\'s\\ Tower``), or inside the quote the word
  opened (``'Gelshah'\\''s Tower``, ``"Say \\"hi\\""``). Zsh's answers are quoted for the
  ``_arguments`` list it evaluates; fish takes them as they are.
- **Speed.** Nothing heavy is imported: campaign and character names are read from a SQLite
  journal with ``sqlite3``, and card names from a small cache of the ruleset's names, keyed by
  a hash of its text (made the first time, by loading the ruleset once).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

COMPLETE_VAR = "_CHRONICLER_COMPLETE"
NAMES_FORMAT = 1  # bump when a names entry's layout changes


# --- quoting -------------------------------------------------------------------------------------

_SPECIAL = set(" \t\n\"'\\$`!&|;<>()[]{}*?#~=%,")


def bash_word(value: str, typed: str) -> str:
    """``value`` as bash must be given it to complete the word ``typed`` (as the user typed
    it, quotes included) into one shell word."""
    if typed.startswith("'"):  # inside a quote the user opened: readline closes it
        return value.replace("'", "'\\''")
    if typed.startswith('"'):
        return "".join("\\" + c if c in '"\\$`' else c for c in value)
    return "".join("\\" + c if c in _SPECIAL and c != "," else c for c in value)


def zsh_item(value: str, help_text: str | None) -> str:
    """One item of the ``_arguments '*: :((...))'`` list Typer's zsh script evaluates."""

    def inner(text: str) -> str:  # inside "..." of the list, inside '...' of the eval
        text = text.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$")
        text = text.replace("`", "\\`").replace(":", "\\:")
        return text.replace("'", "'\\''")

    if help_text:
        return f'"{inner(value)}":"{inner(help_text)}"'
    return f'"{inner(value)}"'


def _classes() -> dict[str, type]:
    """Typer's completion classes for bash and zsh, with values quoted as above."""
    from typer._completion_classes import BashComplete, ZshComplete, _sanitize_help_text

    class QuotingBash(BashComplete):
        def complete(self) -> str:
            args, incomplete = self.get_completion_args()
            words = os.environ.get("COMP_WORDS", "").split("\n")  # as Typer's script joins them
            cword = int(os.environ.get("COMP_CWORD", "0"))
            typed = words[cword] if 0 <= cword < len(words) else incomplete
            items = self.get_completions(args, incomplete)
            return "\n".join(bash_word(str(item.value), typed) for item in items)

    class QuotingZsh(ZshComplete):
        def format_completion(self, item: Any) -> str:
            help_text = _sanitize_help_text(item.help) if item.help else None
            return zsh_item(str(item.value), help_text)

    return {"bash": QuotingBash, "zsh": QuotingZsh}


def complete(app: Any) -> int:
    """Answer the shell's question (the completions of the word under the cursor, or the
    completion script) and return the exit code."""
    from typer._click.shell_completion import add_completion_class
    from typer.completion import shell_complete
    from typer.main import get_command

    command = get_command(app)  # (registers Typer's own completion classes)
    for name, cls in _classes().items():
        add_completion_class(cls, name)
    instruction = os.environ.get(COMPLETE_VAR, "")
    return shell_complete(command, {}, "chronicler", COMPLETE_VAR, instruction)


# --- the names a word may complete to ------------------------------------------------------------


def completions(
    db: str | None, what: str, incomplete: str, campaign: str | None = None
) -> list[str]:
    """Names the shell may complete: campaigns from the journal, characters of a campaign of a
    game a GM runs (``campaign``, else the one 'chronicler use' chose), and cards from the
    ruleset. A comma-separated list completes its last name. Completing never fails the shell:
    on any trouble, nothing is offered."""
    try:
        if what == "campaign":
            names = _campaigns(db)
        elif what == "story character":
            names = _story_characters(db, campaign)
        else:
            kinds = {"card": ("asset", "obstacle")}.get(what, (what,))
            names = [n for kind in kinds for n in card_names().get(kind, [])]
    except Exception:  # completing never fails the shell: nothing to offer
        return []
    done, comma, last = incomplete.rpartition(",")  # Parin,Ka: the name after the last comma
    folded = last.strip().casefold()
    return sorted(done + comma + n for n in set(names) if n.casefold().startswith(folded))


def _read_journal(db: str | None, query: str, args: tuple[Any, ...] = ()) -> list[Any] | None:
    """The rows of ``query`` on a SQLite journal file, read-only with ``sqlite3``; None when
    the journal is a database URL (read through the journal then)."""
    from journal.db import journal_target

    target = journal_target(db)
    if "://" in target:
        return None
    path = Path(target)
    if not path.is_file():
        return []
    uri = f"{path.resolve().as_uri()}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True, timeout=1)) as connection:
        return list(connection.execute(query, args))


def _campaigns(db: str | None) -> list[str]:
    rows = _read_journal(db, "SELECT name FROM campaign")
    if rows is not None:
        return [str(name) for (name,) in rows]
    from journal import ledger
    from journal.db import open_journal

    with open_journal(db, create=False) as journal, journal.reading() as s:
        return [c.name for c in ledger.campaigns(s)]


def _story_characters(db: str | None, campaign: str | None) -> list[str]:
    """The characters of ``campaign``, else of the campaign 'chronicler use' chose."""
    if campaign:
        query = (
            "SELECT character.name FROM character JOIN campaign ON campaign.id = "
            "character.campaign_id WHERE campaign.name = ?"
        )
        rows = _read_journal(db, query, (campaign.strip(),))
    else:
        rows = _read_journal(
            db,
            "SELECT character.name FROM character JOIN campaign ON campaign.id = "
            "character.campaign_id JOIN table_focus ON table_focus.campaign = campaign.name",
        )
    if rows is not None:
        return [str(name) for (name,) in rows]
    from journal import ledger
    from journal.db import open_journal
    from journal.focus import current_campaign

    with open_journal(db, create=False) as journal, journal.reading() as s:
        found = ledger.get_campaign(s, campaign or current_campaign(db))
        return [c.name for c in ledger.characters(s, found)]


def _cache_dir() -> Path | None:
    """Where names are kept: the folder of the parse cache (``dsl/parse_cache.py``'s rule)."""
    if os.environ.get("CHRONICLER_NO_CACHE", "").strip() not in ("", "0"):
        return None
    chosen = os.environ.get("CHRONICLER_CACHE_DIR")
    if chosen:
        return Path(chosen) / "names"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "chronicler" / "names"


def card_names() -> dict[str, list[str]]:
    """The default ruleset's card names by kind: from the names cache when its text has not
    changed, else from the ruleset compiled once (and kept for the next Tab)."""
    from rules import registry

    folder = registry.default().folder
    digest = hashlib.sha256(f"{NAMES_FORMAT}\0{folder.resolve()}\0".encode())
    for path in sorted(folder.glob("*.rules")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    cache = _cache_dir()
    entry = cache / f"{digest.hexdigest()}.json" if cache is not None else None
    if entry is not None:
        with contextlib.suppress(OSError, ValueError):
            kept = json.loads(entry.read_text(encoding="utf-8"))
            if isinstance(kept, dict) and all(isinstance(v, list) for v in kept.values()):
                return {str(k): [str(n) for n in v] for k, v in kept.items()}
    from journal.catalogue import load_catalogue

    catalogue = load_catalogue()
    names: dict[str, list[str]] = {}
    for card in catalogue.cards.values() if catalogue is not None else ():
        names.setdefault(str(card.kind), []).append(card.name)
    if entry is not None and catalogue is not None:
        _store(entry, names)
    return names


def _store(entry: Path, names: dict[str, list[str]]) -> None:
    """Write the entry whole (a temporary file renamed); a cache that cannot be written is
    skipped. Older entries go: one version of the card text is enough to keep."""
    with contextlib.suppress(OSError):
        entry.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=entry.parent, prefix=".", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(names, out)
        os.replace(temporary, entry)
        for old in entry.parent.glob("*.json"):
            if old != entry:
                old.unlink(missing_ok=True)
