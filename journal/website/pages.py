"""The pages of a campaign's website, as Markdown, computed from the ledger.

Every string that came from a person or a card goes through ``text`` (body) or ``title``
(headings and navigation, which the theme re-renders unescaped); narration goes through
``narration_html`` (Markdown -> HTML -> nh3). Pages link to each other with relative ``.md``
links, which MkDocs resolves and checks.
"""

from __future__ import annotations

import html as html_module
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from dsl.compiler import CompiledCard
from dsl.errors import ChroniclerError
from dsl.printer import render_card
from journal.catalogue import Catalogue
from journal.website.rows import CampaignRows
from journal.website.sanitize import attr, linked, narration_html, text
from journal.website.svg import Square, map_svg, region_label, skills_chart_svg
from journal.words import counted, face_alt, kind_title

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
    card_names: tuple[str, ...] = ()  # every card's name: a story links none inside another

    @classmethod
    def of(cls, catalogue: Catalogue) -> RulesetPages:
        return cls(
            gallery_page(catalogue),
            dict(catalogue.character_skills),
            dict(catalogue.region_names),
            tuple(sorted({card.name for card in catalogue.cards.values()})),
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
    tagline: str = "a Six Winters chronicle"  # the site's name is "<campaign>: <tagline>"

    def add_section(self, title: str, pages: list[tuple[str, str, str, str]]) -> None:
        """Add pages and one navigation section listing them (none when there are no pages):
        each page a (nav label, path, description, Markdown body)."""
        for _label, path, description, body in pages:
            self.pages[path] = front_matter(description=description) + body
        if pages:
            self.nav.append({title: [{label: path} for label, path, _d, _b in pages]})


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


def _map_block(drawn: str, label: str) -> str:
    """The map as a region of the page: on a narrow screen it scrolls sideways in its box, so
    it takes the keyboard's focus (Tab, then the arrow keys) and says what it is."""
    one_block = drawn.replace("\n\n", "\n")
    return (
        f'\n<div class="map" tabindex="0" role="region" aria-label="{attr(label)}">\n'
        f"{one_block}\n</div>\n"
    )


def scene_page_name(year: int, number: int) -> str:
    """The page of a scene: built from two whole numbers only, so no text reaches a path."""
    return f"scenes/year-{_whole(year)}-scene-{_whole(number)}.md"


def year_page_name(year: int) -> str:
    return f"years/year-{_whole(year)}.md"


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ChroniclerError(f"the journal holds {value!r} where a year or a number belongs")
    return int(value)


def card_anchor(name: str, kind: str) -> str:
    """The id of a card's entry on the card text page: its kind and name as slugs."""
    return f"card-{slug(kind)}-{slug(name)}"


def _years(years: list[int]) -> str:
    """ "year 2" or "years 1, 3 and 4"."""
    if len(years) == 1:
        return f"year {int(years[0])}"
    return "years " + ", ".join(str(int(y)) for y in years[:-1]) + f" and {int(years[-1])}"


# Front matter that hides Material's table of contents: the page's width goes to the story,
# the map and the chronicle.
NO_TOC = ["---", "hide:", "  - toc", "---", ""]
DESCRIPTION_CHARACTERS = 200


def front_matter(*, description: str = "", hide_toc: bool = False) -> str:
    """A page's front matter: its description (the theme writes it as the page's description
    and link-preview tags; markup characters swapped for harmless ones, as in a title) and
    whether the table of contents is hidden."""
    import yaml

    meta: dict[str, Any] = {}
    if description.strip():
        shown = nav_title(description)
        if len(shown) > DESCRIPTION_CHARACTERS:
            shown = shown[:DESCRIPTION_CHARACTERS].rsplit(" ", 1)[0].rstrip(" ,;:") + " …"
        meta["description"] = shown
    if hide_toc:
        meta["hide"] = ["toc"]
    if not meta:
        return ""
    return "---\n" + yaml.safe_dump(meta, allow_unicode=True, sort_keys=False) + "---\n\n"


def plain(narration: str | None) -> str:
    """A story as plain text (its Markdown rendered and its tags dropped), for a description."""
    rendered = narration_html(narration or "")
    return " ".join(html_module.unescape(re.sub(r"<[^>]+>", " ", rendered)).split())


# Under a map, shown on narrow screens only (``publish.CSS``), where the map scrolls sideways.
MAP_HINT = "Swipe the map sideways to see all of it.\n{: .map-hint }\n"

EXCERPT_CHARACTERS = 700


def excerpt_of(narration: str | None, limit: int = EXCERPT_CHARACTERS) -> tuple[str, bool]:
    """The opening of a story for the home page, as Markdown: whole paragraphs while they fit,
    else the first paragraph cut after its last full sentence (or word) within ``limit``.
    Returns the excerpt and whether anything was left out."""
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", narration or "") if p.strip()]
    kept: list[str] = []
    for paragraph in paragraphs:
        if sum(len(k) for k in kept) + len(paragraph) > limit:
            break
        kept.append(paragraph)
    if kept:
        return "\n\n".join(kept), len(kept) < len(paragraphs)
    if not paragraphs:
        return "", False
    head = paragraphs[0][:limit]
    sentence = max(head.rfind(". "), head.rfind("! "), head.rfind("? "))
    if sentence > limit // 3:
        return head[: sentence + 1], True
    return head.rsplit(" ", 1)[0].rstrip(" ,;:") + " …", True


def split_question(answer: str) -> tuple[str | None, str]:
    """A challenge answer whose first line is the question it answers ("What drifts in the
    marsh?"), as (question, answer); else (None, answer)."""
    first, _, rest = (answer or "").strip().partition("\n")
    if first.strip().endswith("?") and rest.strip():
        return first.strip(), rest.strip()
    return None, answer or ""


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
        self._links: dict[str, dict[str, str]] = {}  # the names a story links, by page depth
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
        """The campaign's story so far: where it stands (the fate, or the year in play), the
        latest words someone wrote, the map as it stands, then each year in a line or two."""
        c = self.campaign
        about = f"{c.name}: a Six Winters campaign"
        about += f", Brightdune's fate: {c.fate}." if c.fate else f", {len(self.sessions)} years."
        latest = self._latest_story()
        if latest is not None:
            about += " " + plain(latest[1].narration)
        out = [front_matter(description=about, hide_toc=True) + f"# {title(c.name)}", ""]
        played = [x for x in self.sessions if x.result]
        if c.fate:
            finale = c.finale_scenes_completed or 0
            out += [
                f"**Brightdune's fate:** {text(c.fate)}, after {text(len(self.sessions))} "
                f"winters ({text(finale)} finale {'scene' if finale == 1 else 'scenes'} "
                "completed).",
                "",
                f"**Campaign score:** {text(c.score)} ({text(c.score_title)})",
                "",
            ]
        elif self.sessions:
            out += [
                f"The campaign is under way: {text(len(played))} of six years played"
                + (
                    f"; year {text(self.sessions[-1].year)} is in play."
                    if not self.sessions[-1].result
                    else "."
                ),
                "",
            ]
        else:
            out += ["The campaign has not begun: no year is recorded yet.", ""]
        latest = self._latest_story()
        if latest is not None:
            year, scene = latest
            page = scene_page_name(year, scene.number)
            out += ["## The story so far", ""]
            excerpt, cut = excerpt_of(scene.narration)
            out.append(_fragment(self._story(excerpt, ""), "narration excerpt"))
            teller = (
                f", told by {self._character_link(scene.narrator, '')}" if scene.narrator else ""
            )
            more = "Read on" if cut else "The scene"
            out += [
                f"Year {text(year)}, [{text(scene.scene)}]({page}){teller}. [{more} →]({page})",
                "",
            ]
        if self.sessions:
            last = self.sessions[-1].year
            squares = self._squares(last)
            if squares:
                out += ["## The map as it stands", ""]
                names = self.ruleset.region_names if self.ruleset else None
                drawn = map_svg(squares, f"The map after year {int(last)}", names)
                out.append(_map_block(drawn, f"The map after year {int(last)}"))
                out.append(
                    f"After year {text(last)}. Each year's page has the map as it stood then."
                )
                out += ["", MAP_HINT]
                out.append("")
        if self.sessions:
            out += ["## Year by year", ""]
            for session in self.sessions:
                result = session.result or "in play"
                out.append(
                    f"- **[Year {text(session.year)}]({year_page_name(session.year)})**: "
                    f"{text(session.scheme)}, {text(result)}. "
                    + self._scene_links(session.year, "")
                )
            out.append("")
        if self.characters:
            out += ["## The characters", ""]
            for character in self.characters:
                years = [x.year for x in self.sessions if character.name in x.characters]
                line = f"- **{self._character_link(character.name, '')}**"
                if character.title:
                    line += f", {text(character.title)}"
                if years:
                    line += f": played in {_years(years)}"
                out.append(line + ".")
            out.append("")
        out.append("See the [timeline](timeline.md) and the [card gallery](cards.md).")
        if c.seed is not None:
            out += ["", f"Played by bots from seed {text(c.seed)}.", "{: .seed }"]
        return "\n".join(out) + "\n"

    def _story(self, source: str | None, prefix: str, itself: str | None = None) -> str:
        """A story as HTML (``narration_html``), the first mention of each name the campaign
        knows linked to its page: characters, scenes, and the cards and locations it met
        (``itself``, the page's own subject, is not linked)."""
        if prefix not in self._links:
            pages: dict[str, str] = {}
            for session in self.sessions:
                for location in self.map_as_of(session.year):
                    pages.setdefault(location.name, self._card_url(location.name, "location"))
                for scene in self.scenes[session.year]:
                    page = scene_page_name(session.year, scene.number)
                    pages.setdefault(scene.scene, page[:-3] + ".html")
                    pages.setdefault(scene.location, self._card_url(scene.location, "location"))
                    for p in self.plays[int(scene.id or 0)]:
                        pages.setdefault(p.card, self._card_url(p.card, p.kind))
            for name, page in self.character_pages.items():
                pages[name] = page[:-3] + ".html"
            self._links[prefix] = {n: prefix + url for n, url in pages.items() if url}
        links = self._links[prefix]
        if itself in links:
            links = {name: url for name, url in links.items() if name != itself}
        return linked(narration_html(source or ""), links, whole=self._whole_names)

    @property
    def _whole_names(self) -> set[str]:
        """The names a story never links inside of: every card's, scene's, location's and
        character's ("Mad Honey" stays unlinked in "Find the Mad Honey Supplier")."""
        names = set(self.ruleset.card_names) if self.ruleset is not None else set()
        names |= set(self.character_pages)
        for session in self.sessions:
            names.add(str(session.scheme or ""))
            for scene in self.scenes[session.year]:
                names |= {str(scene.scene or ""), str(scene.location or "")}
        return {n for n in names if n.strip()}

    def _card_url(self, name: str, kind: str | None) -> str:
        """The card's entry on the card text page, as a built page's URL; "" when it has none."""
        if not kind or self.ruleset is None:
            return ""
        anchor = card_anchor(name, kind)
        return f"cards.html#{anchor}" if f"{{ #{anchor} }}" in self.ruleset.gallery else ""

    def _latest_story(self) -> tuple[int, Any] | None:
        """The last scene anyone told (latest year, highest number) with its narration."""
        for session in reversed(self.sessions):
            for scene in reversed(self.scenes[session.year]):
                if (scene.narration or "").strip():
                    return session.year, scene
        return None

    def _scene_links(self, year: int, prefix: str) -> str:
        scenes = self.scenes[year]
        if not scenes:
            return "No scene was completed."
        links = [
            f"[{text(scene.scene)}]({prefix}{scene_page_name(year, scene.number)})"
            for scene in scenes
        ]
        return "Scenes: " + ", ".join(links) + "."

    def _squares(self, year: int) -> list[Square]:
        return [
            Square(loc.name, loc.x, loc.y, loc.region, loc.developed, loc.threats, loc.obstacles)
            for loc in self.map_as_of(year)
        ]

    def _card_link(self, name: str, kind: str | None, prefix: str) -> str:
        """A card's name, linked to its character's page or to its entry on the card text page
        when the page has one."""
        if name in self.character_pages:
            return self._character_link(name, prefix)
        if not kind:
            return text(name)
        anchor = card_anchor(name, kind)
        if self.ruleset is not None and f"{{ #{anchor} }}" in self.ruleset.gallery:
            return f"[{text(name)}]({prefix}cards.md#{anchor})"
        return text(name)

    def timeline(self) -> str:
        """The campaign year by year: a heading per year (the page's contents list them), its
        result and characters, its scenes and where, what changed on the map, and what each
        character's player wrote in their chronicle that year."""
        out = [f"# Timeline of {title(self.campaign.name)}", ""]
        started = str(self.campaign.created_at or "")[:10]
        out += [f"The campaign was started on {text(started)}.", "{: .byline }", ""]
        quotes: dict[int, list[tuple[str, str]]] = {}
        for character in self.characters:
            for entry in self.rows.chronicle_entries(character):
                if entry.text:
                    quotes.setdefault(entry.year, []).append((character.name, entry.text))
        for session in self.sessions:
            result = session.result or "in play"
            out += [
                f"## Year {title(session.year)}: {title(session.scheme)}",
                "",
                f"[{text(result[:1].upper() + result[1:])}]({year_page_name(session.year)}), "
                f"with {self._characters_links(session.characters, '')}.",
                "",
            ]
            for scene in self.scenes[session.year]:
                out.append(
                    f"{text(scene.number)}. "
                    f"[{text(scene.scene)}]({scene_page_name(session.year, scene.number)}) "
                    f"at {self._card_link(scene.location, 'location', '')}"
                )
            out.append("")
            changes = self.map_changes(session.year)
            if changes:
                out += ["On the map: " + " ".join(changes), ""]
            for name, said in quotes.get(session.year, []):
                label = f'<p class="chronicle-year">{attr(name)}, year {attr(session.year)}</p>'
                out.append(_fragment(label + self._story(said, ""), "chronicle-text"))
        if self.campaign.fate:
            out += [
                "## Campaign end",
                "",
                f"Brightdune's fate: {text(self.campaign.fate)}; campaign score "
                f"{text(self.campaign.score)}.",
            ]
        return "\n".join(out) + "\n"

    def year(self, session: Any) -> str:
        about = (
            f"Year {session.year} of {self.campaign.name}: {session.scheme}, "
            f"{session.result or 'in play'}; its scenes, the map and what happened."
        )
        out = [
            front_matter(description=about, hide_toc=True)
            + f"# Year {title(session.year)}: {title(session.scheme)}",
            "",
        ]
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
        for scene in self.scenes[session.year]:
            points = self._scene_points(scene)
            out.append(
                f"{text(scene.number)}. [{text(scene.scene)}](../"
                f"{scene_page_name(session.year, scene.number)}) at "
                f"{self._card_link(scene.location, 'location', '../')}: "
                f"{text(points)} {'point' if points == 1 else 'points'}; {text(scene.tier)}"
            )
        if not self.scenes[session.year]:
            out.append("No scene was completed this year.")
        changes = self.map_changes(session.year)
        if changes:
            out += ["", "## Changes to the map", ""] + [f"- {line}" for line in changes]
        out += self._happenings(session)
        out += ["", "## The map at the end of the year", ""]
        squares = self._squares(session.year)
        names = self.ruleset.region_names if self.ruleset else None
        drawn = map_svg(squares, f"Map at the end of year {int(session.year)}", names)
        out.append(_map_block(drawn, f"The map at the end of year {int(session.year)}"))
        if squares:
            out += [MAP_HINT, ""]
            for sq in squares:
                facts = [text(region_label(sq.region, names))]
                if sq.developed:
                    facts.append("developed")
                facts.append(f"threat {text(sq.threats)}")
                line = f"- **{self._card_link(sq.name, 'location', '../')}** ({', '.join(facts)})"
                if sq.obstacles:
                    shown = ", ".join(self._card_link(o, "obstacle", "../") for o in sq.obstacles)
                    line += f": {shown}"
                out.append(line)
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
        return [
            "",
            "## What happened",
            "",
            _table(["what", "count"], rows) or "Nothing was logged.",
        ]

    def scene(self, year: int, scene: Any) -> str:
        """The story first, in the writer's own words and emphasis; then the challenges (each
        question beside its answer), then how the scene was won and the cards played."""
        plays = self.plays[int(scene.id or 0)]
        about = f"Year {year}, scene {scene.number} of {self.campaign.name}, at {scene.location}."
        if (scene.narration or "").strip():
            about += " " + plain(scene.narration)
        out = [front_matter(description=about) + f"# {title(scene.scene)}", ""]
        byline = (
            f"[Year {text(year)}](../{year_page_name(year)}), scene {text(scene.number)}, at "
            f"{self._card_link(scene.location, 'location', '../')}"
        )
        if scene.narrator:
            byline += f". Told by {self._character_link(scene.narrator, '../')}"
        out += [byline + ".", "{: .byline }", ""]
        if (scene.narration or "").strip():
            story = self._story(scene.narration, "../", itself=scene.scene)
            out.append(_fragment(story, "narration"))
        else:
            out += ["No one has told this scene yet.", ""]
        out += [f"Storytelling: {text(scene.tier)}.", "{: .tier }", ""]
        if scene.challenge_answers:
            out += ["## Challenges", "", '<dl class="challenges">']
            for n, answer in enumerate(scene.challenge_answers):
                question, told = split_question(answer)
                out.append(f"<dt>{attr(question or f'Challenge {n + 1}')}</dt>")
                told_html = self._story(told, "../", itself=scene.scene)
                out.append(f"<dd>{told_html.replace(chr(10) * 2, chr(10))}</dd>")
            out += ["</dl>", ""]
        out += ["## How the scene was won", ""]
        out += [f"- **Participants:** {self._characters_links(scene.participants, '../')}"]
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
                f"- **Advance:** {self._character_link(str(advance.get('character')), '../')} "
                f"marks {text(advance.get('skill'))}"
                + (f" (now {text(advance.get('new_rank'))})" if advance.get("new_rank") else "")
            )
        out += ["", "## Cards played", ""]
        for p in plays:
            line = f"- {self._card_link(p.card, p.kind, '../')}"
            facts = [text(p.kind)] if p.kind else []
            facts.append(f"{text(p.points)} {'point' if p.points == 1 else 'points'}")
            line += f" ({', '.join(facts)})"
            if p.character:
                line += f", played by {self._character_link(p.character, '../')}"
            out.append(line)
        if not plays:
            out.append("No card was played.")
        out += ["", self._scene_pager(year, scene)]
        return "\n".join(out) + "\n"

    def _scene_pager(self, year: int, scene: Any) -> str:
        """Links to the scene before and the scene after, across the years."""
        order = [(x.year, sc) for x in self.sessions for sc in self.scenes[x.year]]
        at = next(k for k, (y, sc) in enumerate(order) if y == year and sc is scene)
        links = []
        if at > 0:
            y, sc = order[at - 1]
            page = scene_page_name(y, sc.number)[:-3]
            shown = f"{attr(y)}.{attr(sc.number)} {attr(sc.scene)}"
            links.append(f'<a class="story-previous" rel="prev" href="../{page}.html">')
            links[-1] += f"← {shown}</a>"
        if at + 1 < len(order):
            y, sc = order[at + 1]
            page = scene_page_name(y, sc.number)[:-3]
            shown = f"{attr(y)}.{attr(sc.number)} {attr(sc.scene)}"
            links.append(f'<a class="story-next" rel="next" href="../{page}.html">{shown} →</a>')
        return (
            '<nav class="story-pager" aria-label="The scene before and after">'
            + "".join(links)
            + "</nav>\n"
        )

    def character(self, character: Any) -> str:
        """The character's chronicle year by year (what the player wrote under its year),
        then the skills over the years."""
        about = f"{character.name}" + (f", {character.title}" if character.title else "")
        about += f", in {self.campaign.name}: the chronicle year by year and the skills."
        out = [front_matter(description=about, hide_toc=True) + f"# {title(character.name)}", ""]
        if character.title:
            out += [f"{text(character.title)}.", "{: .byline }", ""]
        out += ["## Chronicle", ""]
        entries = self.rows.chronicle_entries(character)
        for entry in entries:
            if entry.downtime:
                what = "downtime"
                if entry.recovered:
                    what += f", rested away {text(counted(entry.recovered))}"
            else:
                what = (
                    f"[{text(entry.scheme)}](../{year_page_name(entry.year)}), {text(entry.result)}"
                )
            out += [f"### Year {title(entry.year)}", "", "- " + what[:1].upper() + what[1:] + "."]
            if entry.conditions:
                out.append(f"- Conditions taken: {text(counted(entry.conditions))}.")
            if entry.advances:
                out.append(f"- Advances: {text(counted(entry.advances))}.")
            scenes = [
                (session.year, scene)
                for session in self.sessions
                if session.year == entry.year
                for scene in self.scenes[session.year]
                if character.name in scene.participants
            ]
            if scenes:
                links = ", ".join(
                    f"[{text(sc.scene)}](../{scene_page_name(y, sc.number)})" for y, sc in scenes
                )
                out.append(f"- Scenes: {links}.")
            out.append("")
            if entry.text:
                quote = self._story(entry.text, "../", itself=character.name)
                label = f'<p class="chronicle-year">Year {attr(entry.year)}</p>'
                out.append(_fragment(label + quote, "chronicle-text"))
        if not entries:
            out += ["Nothing recorded yet.", ""]
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
            # A row per skill and a column per year: narrow enough for a phone.
            skills = sorted({k for sh in sheets for k in sh.skills})
            rows = [[text(k)] + [text(sh.skills.get(k, "")) for sh in sheets] for k in skills]
            header = ["skill", *[f"year {text(sh.year)}" for sh in sheets]]
            out += ["", "Ranks at the end of each year:", "", _table(header, rows)]
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


def gallery_page(
    catalogue: Catalogue,
    only: Collection[str] | None = None,
    *,
    faces: Mapping[tuple[str, str], str] | None = None,
    size: tuple[int, int] = (250, 350),
) -> str:
    """The card gallery of a loaded ruleset: every card in its printed wording, or with
    ``only`` (card names, case-folded) the cards a campaign has met. It prints the catalogue's
    compiled cards themselves: nothing is compiled again. Each card's heading carries the id
    ``card_anchor`` gives, so other pages link to it; with ``faces`` ((kind, name) -> image
    path under docs/) each card shows its face as ``chronicler print`` draws it."""
    out = ["# Card gallery", ""]
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
    kinds: dict[str, list[CompiledCard]] = {}
    for card in catalogue.cards.values():
        if only is None or card.name.casefold() in only:
            kinds.setdefault(card.kind, []).append(card)
    # the ruleset's order of kinds, else A to Z
    order = {kind: n for n, kind in enumerate(catalogue.card_kinds)}
    for kind in sorted(kinds, key=lambda k: (order.get(k, len(order)), k)):
        out += ["", f"## {title(kind_title(kind))}", ""]
        for card in sorted(kinds[kind], key=lambda c: c.name):
            out += [f"### {title(card.name)} {{ #{card_anchor(card.name, kind)} }}", ""]
            face = (faces or {}).get((kind, card.name))
            if face:
                alt = face_alt(card.name, card.printed)
                out += [
                    f'<p class="card-face-row"><img src="{attr(face)}" alt="{attr(alt)}" '
                    f'width="{size[0]}" height="{size[1]}" loading="lazy"></p>',
                    "",
                ]
            for line in _printed(card):
                out.append(f"> {text(line)}  ")
            out.append("")
    return "\n".join(out) + "\n"


def _printed(card: CompiledCard) -> list[str]:
    """The card face below its name and kind, as the language prints it (``dsl/printer.py``)
    from the compiled card itself."""
    lines = [line for line in render_card(card).splitlines() if line.strip()]
    return lines[2:]  # the heading already gives the name; the section the kind
