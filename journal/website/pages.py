"""The pages of a campaign's website, as Markdown, computed from the ledger.

Every string that came from a person or a card goes through ``text`` (body) or ``title``
(headings and navigation, which the theme re-renders unescaped); narration goes through
``narration_html`` (Markdown -> HTML -> nh3). Pages link to each other with relative ``.md``
links, which MkDocs resolves and checks.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from dsl.errors import ChroniclerError
from journal.catalogue import CardFacts, Catalogue
from journal.website.rows import CampaignRows
from journal.website.sanitize import narration_html, text
from journal.website.svg import Square, map_svg, region_label, skills_chart_svg
from journal.words import KIND_TITLES, counted

_TITLE_SWAPS = str.maketrans(
    {"<": "‹", ">": "›", "&": "+", '"': "”", "'": "’", "`": "’", "\\": "/"}
)


def title(value: object) -> str:
    """A string for a heading or a navigation entry: nothing the theme could read as markup."""
    cleaned = " ".join(str(value or "").translate(_TITLE_SWAPS).split())
    return re.sub(r"([*_\[\]()#|!{}~])", r"\\\1", cleaned)


def nav_title(value: object) -> str:
    return " ".join(str(value or "").translate(_TITLE_SWAPS).split())


def slug(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-") or "page"


@dataclass(frozen=True)
class RulesetPages:
    """What a campaign's site takes from the ruleset: the card gallery (Markdown of
    ``cards.md``) and each character's starting skills (year 0 of the skills chart).

    A pure function of the card text, so ``journal.website.caches`` keeps it between runs."""

    gallery: str
    character_skills: dict[str, dict[str, int]]
    region_names: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, catalogue: Catalogue) -> RulesetPages:
        return cls(
            gallery_page(catalogue),
            dict(catalogue.character_skills),
            dict(catalogue.region_names),
        )


@dataclass
class Site:
    """The generated pages (path under docs/ -> Markdown) and the navigation."""

    name: str
    pages: dict[str, str] = field(default_factory=dict)
    nav: list[Any] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)  # other files under docs/ (images)
    extra_css: list[str] = field(default_factory=list)
    extra_javascript: list[str] = field(default_factory=list)


def _table(header: list[str], rows: list[list[str]]) -> str:
    if not rows:
        return ""
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _fragment(html: str, css_class: str) -> str:
    """Embed a sanitised HTML fragment as a raw block Markdown leaves alone."""
    one_block = html.replace("\n\n", "\n")
    return f'\n<div class="{css_class}">\n{one_block}\n</div>\n'


def scene_page_name(year: int, number: int) -> str:
    """The page of a scene: built from two whole numbers only, so no text reaches a path."""
    return f"scenes/year-{_whole(year)}-scene-{_whole(number)}.md"


def year_page_name(year: int) -> str:
    return f"years/year-{_whole(year)}.md"


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ChroniclerError(f"the journal holds {value!r} where a year or a number belongs")
    return int(value)


class PageMaker:
    """Reads one campaign's rows once and writes every page of its site."""

    def __init__(self, rows: CampaignRows, catalogue: Catalogue | RulesetPages | None) -> None:
        """``rows``: the campaign's rows (``journal.website.rows``). ``catalogue``: the
        ruleset's cards (or what the site takes from them, already computed), else None: the
        gallery then lists the cards the campaign played."""
        self.rows = rows
        self.campaign = rows.campaign
        self.ruleset: RulesetPages | None = None
        if isinstance(catalogue, Catalogue) and catalogue.cards:
            self.ruleset = RulesetPages.of(catalogue)
        elif isinstance(catalogue, RulesetPages):
            self.ruleset = catalogue
        self.sessions = rows.sessions()
        self.scenes = {x.year: rows.scenes_of(x) for x in self.sessions}
        self.plays: dict[int, list[Any]] = {
            int(scene.id or 0): rows.plays_of(scene)
            for scenes in self.scenes.values()
            for scene in scenes
        }
        self.characters = rows.characters()
        self._maps: dict[int, list[Any]] = {}
        self.character_pages: dict[str, str] = {}
        for character in self.characters:
            name = f"characters/{slug(character.name)}.md"
            while name in self.character_pages.values():
                name = name[:-3] + "-2.md"
            self.character_pages[character.name] = name

    # --- helpers ------------------------------------------------------------------------------

    def _character_link(self, name: str, prefix: str) -> str:
        page = self.character_pages.get(name)
        return f"[{text(name)}]({prefix}{page})" if page else text(name)

    def _characters_links(self, names: list[str], prefix: str) -> str:
        return ", ".join(self._character_link(n, prefix) for n in names)

    def _scene_points(self, scene: Any) -> int:
        return sum(p.points for p in self.plays[int(scene.id or 0)]) + scene.skill_match_points

    # --- pages --------------------------------------------------------------------------------

    def build(self) -> Site:
        site = Site(name=self.campaign.name)
        site.pages["index.md"] = self.home()
        site.pages["timeline.md"] = self.timeline()
        years_nav = []
        scenes_nav = []
        for session in self.sessions:
            site.pages[year_page_name(session.year)] = self.year(session)
            years_nav.append(
                {
                    f"Year {nav_title(session.year)}: {nav_title(session.scheme)}": year_page_name(
                        session.year
                    )
                }
            )
            for scene in self.scenes[session.year]:
                page = scene_page_name(session.year, scene.number)
                site.pages[page] = self.scene(session.year, scene)
                label = f"{nav_title(session.year)}.{nav_title(scene.number)}"
                scenes_nav.append({f"{label} {nav_title(scene.scene)}": page})
        characters_nav = []
        for character in self.characters:
            page = self.character_pages[character.name]
            site.pages[page] = self.character(character)
            characters_nav.append({nav_title(character.name): page})
        site.pages["cards.md"] = self.cards()
        site.nav = [{"Campaign": "index.md"}, {"Timeline": "timeline.md"}]
        for section, entries in (
            ("Years", years_nav),
            ("Scenes", scenes_nav),
            ("Characters", characters_nav),
        ):
            if entries:
                site.nav.append({section: entries})
        site.nav.append({"Card gallery": "cards.md"})
        return site

    def home(self) -> str:
        c = self.campaign
        out = [f"# {title(c.name)}", ""]
        if c.fate:
            out += [
                f"**Brightdune's fate:** {text(c.fate)} "
                f"({text(c.finale_scenes_completed)} finale scenes completed)",
                "",
                f"**Campaign score:** {text(c.score)} ({text(c.score_title)})",
                "",
            ]
        else:
            played = len([x for x in self.sessions if x.result])
            out += [f"The campaign is under way: {text(played)} of six years played.", ""]
        out += ["## Characters", ""]
        rows = []
        for character in self.characters:
            years = [x.year for x in self.sessions if character.name in x.characters]
            rows.append(
                [
                    self._character_link(character.name, ""),
                    text(character.title or ""),
                    ", ".join(text(y) for y in years) or "none",
                ]
            )
        out.append(_table(["character", "title", "years played"], rows) or "No characters yet.")
        out += ["", "## Years", ""]
        rows = [
            [
                f"[Year {text(x.year)}]({year_page_name(x.year)})",
                text(x.scheme),
                text(x.result or "in play"),
                text(x.scenes_completed),
            ]
            for x in self.sessions
        ]
        out.append(_table(["year", "scheme", "result", "scenes"], rows) or "No year played yet.")
        out += ["", "See the [timeline](timeline.md) and the [card gallery](cards.md).", ""]
        return "\n".join(out)

    def timeline(self) -> str:
        out = [f"# Timeline of {title(self.campaign.name)}", ""]
        out.append(f"- Campaign started {text(self.campaign.created_at)}.")
        for session in self.sessions:
            result = session.result or "in play"
            out.append(
                f"- **[Year {text(session.year)}]({year_page_name(session.year)})**: "
                f"{text(session.scheme)} ({text(result)}), with "
                f"{self._characters_links(session.characters, '')}."
            )
            for scene in self.scenes[session.year]:
                out.append(
                    f"    - Scene {text(scene.number)}: "
                    f"[{text(scene.scene)}]({scene_page_name(session.year, scene.number)}) "
                    f"at {text(scene.location)}"
                )
            out += [f"    - {line}" for line in self.map_changes(session.year)]
        if self.campaign.fate:
            out.append(
                f"- Campaign end: {text(self.campaign.fate)}; score {text(self.campaign.score)}."
            )
        return "\n".join(out) + "\n"

    def year(self, session: Any) -> str:
        out = [f"# Year {title(session.year)}: {title(session.scheme)}", ""]
        out += [
            f"- **Scheme:** {text(session.scheme)}",
            f"- **Result:** {text(session.result or 'in play')}"
            + (f" ({text(session.reason)})" if session.reason else ""),
            f"- **Characters:** {self._characters_links(session.characters, '../')}",
            f"- **Scenes completed:** {text(session.scenes_completed)}",
        ]
        if session.threat_left is not None:
            out.append(f"- **Threat left in the pool:** {text(session.threat_left)}")
        if self.campaign.fate and session.year == max(x.year for x in self.sessions):
            out.append(
                f"- **Brightdune's fate:** {text(self.campaign.fate)} "
                f"({text(self.campaign.finale_scenes_completed)} finale scenes completed)"
            )
        if session.seed is not None:
            out.append(f"- **Seed:** {text(session.seed)}")
        out += ["", "## Scenes", ""]
        rows = [
            [
                text(scene.number),
                f"[{text(scene.scene)}](../{scene_page_name(session.year, scene.number)})",
                text(scene.location),
                text(self._scene_points(scene)),
                text(scene.tier),
            ]
            for scene in self.scenes[session.year]
        ]
        out.append(
            _table(["#", "scene", "location", "points", "storytelling"], rows)
            or "No scene was completed this year."
        )
        changes = self.map_changes(session.year)
        if changes:
            out += ["", "## Changes to the map", ""] + [f"- {line}" for line in changes]
        out += self._happenings(session)
        out += ["", "## The map at the end of the year", ""]
        squares = [
            Square(loc.name, loc.x, loc.y, loc.region, loc.developed, loc.threats, loc.obstacles)
            for loc in self.map_as_of(session.year)
        ]
        names = self.ruleset.region_names if self.ruleset else None
        drawn = map_svg(squares, f"Map at the end of year {int(session.year)}", names)
        out.append(_fragment(drawn, "map"))
        if squares:
            rows = [
                [text(sq.name), text(region_label(sq.region, names)),
                 "yes" if sq.developed else "no", text(sq.threats), text(", ".join(sq.obstacles))]
                for sq in squares
            ]  # fmt: skip
            out += ["", _table(["location", "region", "developed", "threats", "obstacles"], rows)]
        return "\n".join(out) + "\n"

    def map_as_of(self, year: int) -> list[Any]:
        if year not in self._maps:
            self._maps[year] = self.rows.map_as_of(year)
        return self._maps[year]

    def map_changes(self, year: int) -> list[str]:
        """What changed on the map during the year: computed from two snapshots."""
        before = {loc.name: loc for loc in self.map_as_of(year - 1)}
        after = {loc.name: loc for loc in self.map_as_of(year)}
        if not before or not after:
            return []
        lines = [f"{text(name)} joined the map." for name in after if name not in before]
        lines += [f"{text(name)} left the map." for name in before if name not in after]
        for name, loc in after.items():
            old = before.get(name)
            if old is not None and loc.developed and not old.developed:
                lines.append(f"{text(name)} was developed.")
        return lines

    def _happenings(self, session: Any) -> list[str]:
        """For a session recorded from the engine: what its event log counts."""
        counted = {
            "turn_started": "turns played",
            "threat_placed": "threats placed",
            "obstacle_placed": "obstacles put into play",
            "obstacle_overcome": "obstacles overcome",
            "asset_completed": "assets completed",
            "stress_taken": "times stress was taken",
            "condition_taken": "conditions taken",
        }
        kinds = self.rows.event_kinds(session)
        if not kinds:
            return []
        rows = [
            [label, text(kinds.count(kind))] for kind, label in counted.items() if kind in kinds
        ]
        surges = sum(
            1
            for data in self.rows.event_data(session, "threat_placed")
            if isinstance(data, dict) and data.get("surge")
        )
        if surges:
            rows.append(["surges", text(surges)])
        return ["", "## What happened", "", _table(["", "count"], rows) or "Nothing was logged."]

    def scene(self, year: int, scene: Any) -> str:
        plays = self.plays[int(scene.id or 0)]
        out = [f"# {title(scene.scene)}", ""]
        out += [
            f"Year [{text(year)}](../{year_page_name(year)}), scene {text(scene.number)}.",
            "",
            f"- **Location:** {text(scene.location)}",
            f"- **Participants:** {self._characters_links(scene.participants, '../')}",
        ]
        if scene.skill:
            out.append(f"- **Skill:** {text(scene.skill)}")
        if scene.points_needed is not None:
            out.append(f"- **Points needed:** {text(scene.points_needed)}")
        out += [
            f"- **Skill-match points:** {text(scene.skill_match_points)}",
            f"- **Points scored:** {text(self._scene_points(scene))}",
        ]
        if scene.epilogue_choice:
            out.append(f"- **Epilogue:** {text(scene.epilogue_choice)}")
        for advance in scene.advances:
            out.append(
                f"- **Advance:** {text(advance.get('character'))} marks "
                f"{text(advance.get('skill'))}"
                + (f" (now {text(advance.get('new_rank'))})" if advance.get("new_rank") else "")
            )
        out += ["", "## Cards played", ""]
        rows = [
            [text(p.card), text(p.kind or ""), text(p.points), text(p.character or "")]
            for p in plays
        ]
        out.append(_table(["card", "kind", "points", "played by"], rows) or "No card was played.")
        out += ["", "## Narration", "", f"*{text(scene.tier)}*"]
        if scene.narrator:
            out += ["", f"Told by {text(scene.narrator)}."]
        out.append(_fragment(narration_html(scene.narration), "narration"))
        if scene.challenge_answers:
            out += ["", "## Challenges", ""]
            for answer in scene.challenge_answers:
                out.append(_fragment(narration_html(answer), "challenge"))
        return "\n".join(out) + "\n"

    def character(self, character: Any) -> str:
        out = [f"# {title(character.name)}", ""]
        if character.title:
            out += [f"*{text(character.title)}*", ""]
        out += ["## Chronicle", ""]
        entries = self.rows.chronicle_entries(character)
        rows = []
        for entry in entries:
            if entry.downtime:
                what = "Downtime"
                if entry.recovered:
                    what += f" (rested away {text(counted(entry.recovered))})"
            else:
                what = (
                    f"[{text(entry.scheme)}](../{year_page_name(entry.year)}) "
                    f"({text(entry.result)})"
                )
            rows.append(
                [
                    text(entry.year),
                    what,
                    text(counted(entry.conditions)),
                    text(counted(entry.advances)),
                ]
            )
        out.append(
            _table(["year", "scheme or downtime", "conditions", "advances"], rows)
            or "Nothing recorded yet."
        )
        story = [e for e in entries if e.text]
        for entry in story:
            out.append(_fragment(narration_html(entry.text or ""), "chronicle-text"))
        out += ["", "## Skills over the years", ""]
        sheets = self.rows.sheets(character)
        history: dict[int, dict[str, int]] = {}
        start = self.ruleset.character_skills.get(character.name) if self.ruleset else None
        if start:
            history[0] = dict(start)
        for sheet in sheets:
            history[sheet.year] = dict(sheet.skills)
        out.append(
            _fragment(skills_chart_svg(history, f"Skills of {character.name}"), "skills-chart")
        )
        if sheets:
            skills = sorted({k for sh in sheets for k in sh.skills})
            rows = [[text(sh.year)] + [text(sh.skills.get(k, "")) for k in skills] for sh in sheets]
            out += ["", _table(["year", *[text(k) for k in skills]], rows)]
            last = sheets[-1]
            held = text(counted(last.conditions)) if last.conditions else "none"
            out += [f"Conditions on the sheet after year {text(last.year)}: {held}.", ""]
        return "\n".join(out) + "\n"

    def cards(self) -> str:
        if self.ruleset is not None:
            return self.ruleset.gallery
        out = [
            "# Card gallery",
            "",
            "The ruleset's card text could not be loaded, so this gallery lists the cards "
            "played in this campaign only.",
            "",
        ]
        played: dict[str, Any] = {}
        for plays in self.plays.values():
            for p in plays:
                played.setdefault(p.card, p)
        rows = [
            [text(p.card), text(p.kind or ""), text(p.points)]
            for p in sorted(played.values(), key=lambda p: p.card)
        ]
        out.append(_table(["card", "kind", "points"], rows) or "No card was played yet.")
        return "\n".join(out) + "\n"


def gallery_page(catalogue: Catalogue, only: Collection[str] | None = None) -> str:
    """The card gallery of a loaded ruleset: every card in its printed wording, or with
    ``only`` (card names, case-folded) the cards a campaign has met."""
    out = ["# Card gallery", ""]
    printer = _printer()
    compiled = compiled_cards(catalogue)
    if only is None:
        out.append(
            f"Every card of {text(catalogue.name)} {text(catalogue.version)}, "
            "in its printed wording."
        )
    else:
        out.append(
            "The cards this campaign has met, in their printed wording (a site published "
            "with spoilers shows every card)."
        )
    kinds: dict[str, list[CardFacts]] = {}
    for card in catalogue.cards.values():
        if only is None or card.name.casefold() in only:
            kinds.setdefault(card.kind, []).append(card)
    for kind in sorted(kinds):
        out += ["", f"## {title(KIND_TITLES.get(kind, kind.capitalize()))}", ""]
        for card in sorted(kinds[kind], key=lambda c: c.name):
            out += [f"### {title(card.name)}", ""]
            face = compiled.get(card.name)
            facts = [] if face is not None and printer is not None else _facts(card)
            if facts:
                out += [" · ".join(facts), ""]
            for line in _printed(printer, face, card):
                out.append(f"> {text(line)}  ")
            out.append("")
    return "\n".join(out) + "\n"


_NOT_FACTS = {"name", "effects", "base", "developed", "recipe"}


def _fact_text(value: Any) -> str | None:
    if value in (None, "", (), [], {}, False, 0):
        return None
    if value is True:
        return "yes"
    if isinstance(value, tuple | list):
        parts = [_fact_text(v) for v in value]
        return ", ".join(p for p in parts if p) or None
    if isinstance(value, str | int):
        return str(value)
    return None


def _facts(card: CardFacts) -> list[str]:
    """The card's short fields (skill, points, difficulty...), from the ruleset's record."""
    source = card.source
    if source is not None and dataclasses.is_dataclass(source):
        facts = []
        for field_ in dataclasses.fields(source):
            shown = None if field_.name in _NOT_FACTS else _fact_text(getattr(source, field_.name))
            if shown:
                facts.append(f"{text(field_.name.replace('_', ' '))} {text(shown)}")
        return facts
    return [
        f"{label} {text(value)}"
        for label, value in (
            ("skill", card.skill),
            ("points", card.points),
            ("region", card.region),
        )
        if value not in (None, "")
    ]


def _printer() -> Callable[[Any], str] | None:
    """The language's printed-text renderer (``dsl/printer.py``), when it exists."""
    try:
        printer = importlib.import_module("dsl.printer")
    except ImportError:
        return None
    for name in ("render_card", "render"):
        found = getattr(printer, name, None)
        if callable(found):
            return found
    return None


def compiled_cards(catalogue: Catalogue) -> dict[str, Any]:
    """The compiled cards of the catalogue's ruleset by name, for the printer (else empty)."""
    if catalogue.ruleset is None:  # a catalogue made by hand: there is no card text to print
        return {}
    try:
        # The folder the engine compiled, so the language's cache serves the same compilation.
        folder = getattr(importlib.import_module("rules.six_winters.engine"), "RULES_DIR", None)
        compiled = importlib.import_module("dsl").load_ruleset(folder or "six_winters")
        return {card.name: card for card in compiled.all_cards}
    except Exception:  # the card text does not compile right now: print the engine's records
        return {}


def _printed(printer: Callable[[Any], str] | None, compiled: Any, card: CardFacts) -> list[str]:
    """The card face below its name and kind, as the language prints it; else its effects."""
    if printer is not None and compiled is not None:
        try:
            lines = [line for line in str(printer(compiled)).splitlines() if line.strip()]
            return lines[2:]  # the heading already gives the name; the section the kind
        except Exception:  # the renderer does not take this card: use the facts we have
            pass
    return list(card.text)
