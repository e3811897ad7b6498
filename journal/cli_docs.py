"""The command-line reference (``docs/cli.md``, ``make cli-docs``): Typer's Markdown of every
verb, each list of verbs grouped by who uses them, under the headings ``chronicler --help``
shows (``journal/cli.py``: the designer, the chronicler, each ruleset's table).

Run: ``python -m journal.cli_docs > docs/cli.md``.
"""

from __future__ import annotations

import re
import sys

import typer
from typer.cli import MARKUP_MODE_KEY, get_docs_for_click
from typer.models import CommandInfo, TyperInfo

from journal.cli import app

_VERB = re.compile(r"^\* `([^`]+)`")
_SECTION = re.compile(r"^#+ `chronicler((?: [a-z-]+)*)`", re.MULTILINE)


def _panels() -> dict[tuple[str, ...], str]:
    """The heading of each verb, by its path (``("scene", "start")``)."""
    found: dict[tuple[str, ...], str] = {}

    def keep(path: tuple[str, ...], info: CommandInfo | TyperInfo) -> None:
        if isinstance(info.rich_help_panel, str):
            found[path] = info.rich_help_panel

    for command in app.registered_commands:
        if command.name:
            keep((command.name,), command)
    for group in app.registered_groups:
        if isinstance(group.name, str) and group.typer_instance is not None:
            keep((group.name,), group)
            for command in group.typer_instance.registered_commands:
                if command.name:
                    keep((group.name, command.name), command)
    return found


def _grouped(listing: str, under: tuple[str, ...], panels: dict[tuple[str, ...], str]) -> str:
    """A list of verbs (``* `name`: ...`` lines) as one list per heading."""
    grouped: dict[str, list[str]] = {}
    for line in listing.splitlines():
        verb = _VERB.match(line)
        panel = panels.get((*under, verb.group(1)), "") if verb else ""
        grouped.setdefault(panel, []).append(line)
    if len(grouped) == 1 and "" in grouped:
        return "**Commands**:\n\n" + listing
    sections = [f"*{panel}*\n\n" + "\n".join(lines) for panel, lines in grouped.items()]
    return "**Commands**, by who uses them:\n\n" + "\n\n".join(sections)


def reference() -> str:
    """The Markdown reference, every list of verbs under the headings of ``--help``."""
    command = typer.main.get_command(app)
    ctx = typer.Context(
        command, info_name="chronicler", obj={MARKUP_MODE_KEY: app.rich_markup_mode}
    )
    docs = get_docs_for_click(obj=command, ctx=ctx, name="chronicler").strip() + "\n"
    panels = _panels()
    pieces: list[str] = []
    under: tuple[str, ...] = ()
    at = 0
    for found in re.finditer(r"\*\*Commands\*\*:\n\n", docs):
        before = docs[at : found.start()]
        titles = _SECTION.findall(before)  # the verb whose list this is: the last title
        if titles:
            under = tuple(titles[-1].split())
        end = docs.find("\n\n", found.end())
        end = len(docs) if end < 0 else end
        pieces += [before, _grouped(docs[found.end() : end], under, panels)]
        at = end
    pieces.append(docs[at:])
    return "".join(pieces)


if __name__ == "__main__":
    sys.stdout.write(reference())
