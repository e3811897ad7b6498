"""The published site of a Delve campaign (``chronicler publish`` on a campaign of ``delve``):
a home page listing its expeditions (``delve expedition start``; the entries before the first
are the first, under the campaign's name), each with its encounters and its story (each entry in
order: models joining, checks and re-rolls inline with the dice they showed, the notes people
wrote, the encounters), a page
per encounter with its rounds (each step and check of the round, the pools and conditions it
left) and the momentum, threat and adversary pool round by round, and a page per model with its
sheet over time (luck, fate, corruption, stress and fatigue after each entry that changed them).

Everything comes from the ledger's entries (``journal/delve/payloads.py``); the pages are Jinja2
templates with autoescaping (``journal/website/templates/delve/``), and the narration people
wrote is Markdown made HTML and cleaned by nh3 (``journal.website.sanitize``) before it is marked
safe. Page paths are built from whole numbers only."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup
from sqlmodel import Session

from journal import ledger
from journal.delve import expedition, keeper
from journal.delve import payloads as p
from journal.website.pages import Site, front_matter
from journal.website.sanitize import narration_html

TEMPLATES = Path(__file__).resolve().parent.parent / "website" / "templates"
NUMBERS = ("luck", "fate", "corruption", "stress", "fatigue")


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"a page number is a whole number, not {value!r}")
    return value


def encounter_page(number: int) -> str:
    return f"encounters/encounter-{_whole(number)}.md"


def model_page(number: int) -> str:
    return f"models/model-{_whole(number)}.md"


def _note(source: str) -> Markup | None:
    """Narration people wrote, cleaned, as one raw HTML block (no blank line inside it)."""
    if not source.strip():
        return None
    return Markup(narration_html(source).replace("\n\n", "\n"))  # nh3 cleaned it


@dataclass(frozen=True)
class Told:
    """One entry as the story tells it: its number, kind, line, note and what it lists."""

    number: int
    kind: str
    line: str
    note: Markup | None
    happened: list[str] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)
    encounter: int | None = None  # the encounter a step belongs to


@dataclass
class Round:
    number: int
    told: list[Told] = field(default_factory=list)
    pools: dict[str, int] = field(default_factory=dict)  # as the round's last step left them
    conditions: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Encounter:
    number: int
    opened: str
    rounds: list[Round] = field(default_factory=list)
    over: str = ""

    def round(self, number: int) -> Round:
        if not self.rounds or self.rounds[-1].number != number:
            self.rounds.append(Round(number))
        return self.rounds[-1]


@dataclass
class ModelShown:
    number: int
    name: str
    card: str
    side: str
    rows: list[tuple[int, str, dict[str, int]]] = field(default_factory=list)  # entry, line


@dataclass
class Delve:
    """One expedition of the campaign: its number, name, story and encounters."""

    number: int
    name: str
    story: list[Told] = field(default_factory=list)
    encounters: list[Encounter] = field(default_factory=list)


@dataclass
class ExpeditionPages:
    campaign: str
    expeditions: list[Delve]
    encounters: list[Encounter]
    models: list[ModelShown]

    @property
    def story(self) -> list[Told]:
        return [t for e in self.expeditions for t in e.story]


def read_expedition(s: Session, campaign_name: str) -> ExpeditionPages:
    campaign = ledger.get_campaign(s, campaign_name)
    state = expedition.Expedition()
    delves = [Delve(1, campaign.name)]  # the entries before a second expedition: the first
    encounters: list[Encounter] = []
    models: dict[str, ModelShown] = {}
    running: Encounter | None = None
    for entry in ledger.entries(s, campaign):
        x = keeper.read(entry)
        state = expedition.after(state, entry.number, entry.kind, x)
        note = _note(entry.text)
        story = delves[-1].story
        if entry.kind == p.Kind.EXPEDITION:
            delves.append(Delve(x.number, x.name))
            delves[-1].story.append(Told(entry.number, entry.kind, entry.summary, note))
            continue
        if entry.kind == p.Kind.ENCOUNTER:
            told = Told(
                entry.number, entry.kind, entry.summary, note, list(x.told), list(x.dice),
                x.encounter,
            )  # fmt: skip
            if x.step == p.Step.START or running is None:
                running = Encounter(x.encounter, entry.summary)
                encounters.append(running)
                delves[-1].encounters.append(running)
                story.append(told)
            at = running.round(x.round)
            at.told.append(told)
            at.pools = {"momentum": x.momentum, "threat": x.threat, "adversary pool": x.pool}
            at.conditions = dict(x.conditions)
            if x.over:
                running.over = entry.summary
                running = None
            if x.copied:  # the copies the text made at the setup: models from now on
                _shown(models, state, entry)
            continue
        told = Told(entry.number, entry.kind, entry.summary, note)
        if running is not None and running.rounds:
            running.rounds[-1].told.append(told)  # a check made in the encounter's round
        else:
            story.append(told)
        _shown(models, state, entry)
    return ExpeditionPages(campaign.name, delves, encounters, list(models.values()))


def _shown(models: dict[str, ModelShown], state: expedition.Expedition, entry: Any) -> None:
    """Each model's sheet as ``entry`` left it, a row when its numbers changed."""
    for held in state.models.values():
        shown = models.setdefault(
            held.name, ModelShown(len(models) + 1, held.name, held.card, held.side.value)
        )
        numbers = {k: held.numbers[k] for k in NUMBERS}
        if not shown.rows or shown.rows[-1][2] != numbers:
            shown.rows.append((entry.number, entry.summary, numbers))


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(encounter_link=_link(encounter_page), model_link=_link(model_page))
    return env


def _link(page: Any) -> Any:
    def link(number: int, up: bool = False) -> str:
        path = page(number).removesuffix(".md") + ".html"
        return ("../" if up else "") + path

    return link


def build(pages: ExpeditionPages) -> Site:
    """The site's pages (Markdown holding raw HTML blocks) and navigation."""
    env = _environment()
    name = pages.campaign
    site = Site(name=name, tagline="a Delve campaign")
    site.pages["index.md"] = front_matter(
        description=f"{name}: a Delve campaign, its expeditions, checks and encounters."
    ) + env.get_template("delve/home.md.j2").render(campaign=name, pages=pages)
    site.nav.append({"The expeditions": "index.md"})
    site.add_section(
        "Encounters",
        [
            (
                f"Encounter {found.number}",
                encounter_page(found.number),
                f"Encounter {found.number} of {name}: its rounds, pools and conditions.",
                env.get_template("delve/encounter.md.j2").render(encounter=found),
            )
            for found in pages.encounters
        ],
    )
    site.add_section(
        "Models",
        [
            (
                model.name,
                model_page(model.number),
                f"{model.name} in {name}: the sheet over the expedition.",
                env.get_template("delve/model.md.j2").render(model=model, numbers=NUMBERS),
            )
            for model in pages.models
        ],
    )
    return site
