"""The published site of a game a GM runs (``chronicler publish`` on a Tags and Tracks
campaign): a home page, a timeline, a page per session with its scenes and their rolls inline in the
story, a page per character with the sheet as it stood after each change, and the tracks, with
clocks drawn as clocks and tracks of steps as steps.

The pages are Jinja2 templates with autoescaping (``journal/website/templates/story/``): every
name, track, consequence and line recorded reaches the page as text. Narration is Markdown made
HTML and cleaned by nh3 (``journal.website.sanitize``) before it is marked safe. Page paths are
built from whole numbers only. This module computes the drawings' geometry (numbers); the
templates write the SVG.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup
from sqlmodel import Session

from journal import ledger
from journal.models import Campaign, MechanicRecord
from journal.tables import payloads as p
from journal.tables import story, tracks
from journal.website.pages import Site, nav_title
from journal.website.sanitize import narration_html

TEMPLATES = Path(__file__).resolve().parent.parent / "website" / "templates"
CLOCK_RADIUS = 28
STEP = 22  # a step's circle and the gap after it, in pixels
STEP_RADIUS = 8
BREAK_GAP = 12


def session_page(number: int) -> str:
    return f"sessions/session-{_whole(number)}.md"


def character_page(number: int) -> str:
    return f"characters/character-{_whole(number)}.md"


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"a page number is a whole number, not {value!r}")
    return value


def _story(source: str) -> Markup:
    """Narration people wrote, cleaned, as one raw HTML block (no blank line inside it)."""
    return Markup(narration_html(source).replace("\n\n", "\n"))  # nh3 cleaned it


# --- drawings ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Wedge:
    path: str  # numbers only
    filled: bool


@dataclass(frozen=True)
class Step:
    x: int
    mark: str  # open / ticked / burned


@dataclass(frozen=True)
class BreakLine:
    x: int
    after: int
    text: str
    reached: bool


@dataclass(frozen=True)
class Drawing:
    """A track drawn: a countdown's number, a clock's wedges, or a track's steps and breaks."""

    kind: str
    value: int
    size: int
    text: str  # as the table writes it (3/6, ∅∅○○|○○)
    finished: bool
    wedges: list[Wedge] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    breaks: list[BreakLine] = field(default_factory=list)
    width: int = 0


def _wedges(value: int, size: int) -> list[Wedge]:
    r, c = CLOCK_RADIUS, CLOCK_RADIUS + 2
    out = []
    for at in range(size):
        a0 = 2 * math.pi * at / size - math.pi / 2
        a1 = 2 * math.pi * (at + 1) / size - math.pi / 2
        x0, y0 = c + r * math.cos(a0), c + r * math.sin(a0)
        x1, y1 = c + r * math.cos(a1), c + r * math.sin(a1)
        large = 1 if a1 - a0 > math.pi else 0
        path = f"M{c},{c} L{x0:.2f},{y0:.2f} A{r},{r} 0 {large} 1 {x1:.2f},{y1:.2f} Z"
        out.append(Wedge(path, at < value))
    return out


MARK_NAMES = {"○": "open", "∅": "ticked", "⦻": "burned"}


def drawing(state: p.TrackState) -> Drawing:
    base = Drawing(
        kind=str(state.kind),
        value=state.value,
        size=state.size,
        text=tracks.drawn(state),
        finished=tracks.finished(state),
    )
    if state.kind is p.TrackKind.CLOCK:
        return Drawing(**{**base.__dict__, "wedges": _wedges(state.value, state.size)})
    if state.kind is not p.TrackKind.STEPS:
        return base
    at_break = {b.after: b for b in state.breaks}
    x, steps, breaks = STEP_RADIUS + 2, [], []
    for at, mark in enumerate(state.marks):
        if at in at_break:
            b = at_break[at]
            breaks.append(BreakLine(x - STEP // 2 + BREAK_GAP // 2, at, b.text, state.value >= at))
            x += BREAK_GAP
        steps.append(Step(x, MARK_NAMES.get(mark, "open")))
        x += STEP
    return Drawing(**{**base.__dict__, "steps": steps, "breaks": breaks, "width": x})


# --- what the pages show -----------------------------------------------------------------------


@dataclass(frozen=True)
class Shown:
    """A record as a page shows it: its line, its payload and, for a track, its drawing."""

    number: int
    kind: str
    character: str | None
    line: str
    payload: Any
    drawing: Drawing | None
    session: int | None  # the session page it is on
    story: Markup | None = None  # a narration record's text, cleaned


@dataclass
class SceneShown:
    number: int
    title: str
    narration: Markup
    records: list[Shown]
    source: str = ""  # the narration as written (Markdown)


@dataclass(frozen=True)
class SoFar:
    """The story so far, for the home page: the opening of the latest scene anyone told."""

    session: int
    scene: int
    title: str
    text: Markup
    cut: bool  # whether more of it is on the session's page


@dataclass
class SessionShown:
    number: int
    title: str
    narration: Markup
    scenes: list[SceneShown]


@dataclass
class SheetShown:
    """A character's sheet after one change."""

    number: int
    change: str
    session: int | None
    record: int | None  # the record's number (its anchor on the session page)
    sheet: p.Sheet


@dataclass
class CharacterShown:
    number: int
    name: str
    background: str
    sheets: list[SheetShown]

    @property
    def now(self) -> p.Sheet:
        return self.sheets[-1].sheet


@dataclass
class TrackShown:
    name: str
    drawing: Drawing
    history: list[Shown]


def _shown(row: MechanicRecord, session: int | None) -> Shown:
    payload = p.payload(row.payload, f"record {row.number}")
    drawn = drawing(payload.after) if isinstance(payload, p.TrackRecord) else None
    told = _story(payload.text) if isinstance(payload, p.NarrationRecord) else None
    return Shown(row.number, row.kind, row.character, row.summary, payload, drawn, session, told)


# A track's changes the players never read: the GM hiding or showing it.
_GM_ONLY = frozenset({p.TrackChange.HIDE, p.TrackChange.REVEAL})


def _for_players(row: MechanicRecord, hidden: set[str]) -> bool:
    """Whether the site shows a record: not a change of a track kept from the players, nor
    the GM hiding or showing one."""
    if row.kind != p.RecordKind.TRACK:
        return True
    change = p.payload(row.payload, f"record {row.number}")
    return change.track.casefold() not in hidden and change.change not in _GM_ONLY


@dataclass
class StoryPages:
    campaign: Campaign
    game: story.StoryGame
    sessions: list[SessionShown]
    outside: list[Shown]  # records made before any scene
    characters: list[CharacterShown]
    tracks: list[TrackShown]

    @property
    def so_far(self) -> SoFar | None:
        from journal.website.pages import excerpt_of

        for session in reversed(self.sessions):
            for scene in reversed(session.scenes):
                told = [scene.source] + [
                    r.payload.text for r in scene.records if r.kind == "narration"
                ]
                words = "\n\n".join(t for t in told if t and t.strip())
                if words:
                    excerpt, cut = excerpt_of(words)
                    return SoFar(session.number, scene.number, scene.title, _story(excerpt), cut)
        return None


def read_story(s: Session, campaign_name: str) -> StoryPages:
    campaign, game = story.story_campaign(s, campaign_name)
    hidden = tracks.hidden_tracks(s, campaign)
    by_scene: dict[int | None, list[MechanicRecord]] = {}
    for row in story.records(s, campaign):
        if _for_players(row, hidden):
            by_scene.setdefault(row.scene_id, []).append(row)
    where: dict[int, int] = {}  # record id -> session number
    sessions = []
    for session in story.sessions(s, campaign):
        scenes = []
        for scene in story.scenes_of(s, session):
            rows = by_scene.get(scene.id, [])
            for row in rows:
                where[ledger._id(row)] = session.number
            shown = [_shown(r, session.number) for r in rows]
            scenes.append(
                SceneShown(
                    scene.number, scene.title, _story(scene.narration), shown, scene.narration or ""
                )
            )
        sessions.append(
            SessionShown(session.number, session.title, _story(session.narration), scenes)
        )
    outside = [_shown(r, None) for r in by_scene.get(None, [])]
    characters = []
    for number, character in enumerate(ledger.characters(s, campaign), start=1):
        versions = story.sheets_of(s, character)
        if not versions:
            continue
        summaries = {ledger._id(r): r for rows in by_scene.values() for r in rows}
        sheets = []
        for version in versions:
            rec = summaries.get(version.record_id) if version.record_id is not None else None
            sheets.append(
                SheetShown(
                    version.number,
                    rec.summary if rec is not None else "joined",
                    where.get(ledger._id(rec)) if rec is not None else None,
                    rec.number if rec is not None else None,
                    p.sheet(version.sheet, f"{character.name}'s sheet {version.number}"),
                )
            )
        characters.append(CharacterShown(number, character.name, character.title or "", sheets))
    shown_tracks = []
    every = [(_shown(r, where.get(ledger._id(r))), r) for rows in by_scene.values() for r in rows]
    for kept in tracks.tracks(s, campaign):
        if kept.name.casefold() in hidden:
            continue
        history = sorted(
            (shown for shown, r in every if r.kind == "track" and shown.payload.track == kept.name),
            key=lambda shown: shown.number,
        )
        state = p.track_state(kept.state, f"track {kept.name!r}")
        shown_tracks.append(TrackShown(kept.name, drawing(state), history))
    return StoryPages(campaign, game, sessions, outside, characters, shown_tracks)


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(
        session_url=lambda n: "../" + session_page(n).replace(".md", ".html"),
        character_url=lambda n: "../" + character_page(n).replace(".md", ".html"),
        clock_radius=CLOCK_RADIUS,
        step_radius=STEP_RADIUS,
    )
    return env


def build(pages: StoryPages) -> Site:
    """The site's pages (Markdown holding raw HTML blocks) and navigation."""
    env = _environment()
    name = pages.campaign.name
    site = Site(name=name, tagline=f"a {pages.game.rules.name} chronicle")
    common = {"campaign": name, "game": pages.game, "pages": pages}
    names = {c.name: c.number for c in pages.characters}
    site.pages["index.md"] = _described(
        f"{name}, a {pages.game.rules.name} campaign: its story, characters and tracks.",
        env.get_template("story/home.md.j2").render(**common, prefix=""),
    )
    site.nav.append({"Home": "index.md"})
    session_nav = []
    for k, session in enumerate(pages.sessions):
        path = session_page(session.number)
        site.pages[path] = _described(
            f"Session {session.number} of {name}: {session.title}.",
            env.get_template("story/session.md.j2").render(
                **common,
                session=session,
                names=names,
                prefix="../",
                before=pages.sessions[k - 1] if k else None,
                after=pages.sessions[k + 1] if k + 1 < len(pages.sessions) else None,
            ),
        )
        session_nav.append({f"{session.number}. {nav_title(session.title)}": path})
    if session_nav:
        site.nav.append({"Sessions": session_nav})
    character_nav = []
    for character in pages.characters:
        path = character_page(character.number)
        site.pages[path] = env.get_template("story/character.md.j2").render(
            **common, character=character, prefix="../"
        )
        character_nav.append({nav_title(character.name): path})
    if character_nav:
        site.nav.append({"Characters": character_nav})
    site.pages["tracks.md"] = env.get_template("story/tracks.md.j2").render(**common, prefix="")
    site.nav.append({"Tracks": "tracks.md"})
    site.pages["timeline.md"] = env.get_template("story/timeline.md.j2").render(**common)
    site.nav.insert(1, {"Timeline": "timeline.md"})
    site.extra_css.append("story.css")
    site.files["story.css"] = CSS.encode("utf-8")
    return site


def _described(description: str, page: str) -> str:
    """A page with its description (search results, link previews) in its front matter."""
    from journal.website.pages import front_matter

    return front_matter(description=description) + page


CSS = """\
.md-typeset .mechanic { border-left: 4px solid var(--md-primary-fg-color, #795548);
  background: var(--md-code-bg-color, #f5f5f5); padding: 0.3em 0.8em; margin: 0.6em 0;
  font-size: 0.7rem; }
.md-typeset .mechanic-line { font-weight: bold; margin: 0.2em 0; }
.md-typeset .mechanic ul { margin: 0.2em 0 0.2em 1em; }
.md-typeset .mechanic-text { font-style: normal; margin: 0.2em 0; }
.md-typeset .sheet td, .md-typeset .sheet th { vertical-align: top; }
.md-typeset .track { display: flex; gap: 1em; align-items: center; flex-wrap: wrap; }
.md-typeset .track svg { max-width: 100%; height: auto; }
.md-typeset .countdown { font-size: 1.4rem; font-weight: bold; border: 2px solid currentColor;
  border-radius: 0.3em; padding: 0 0.4em; }
.md-typeset .pips { letter-spacing: 0.1em; }
/* The session reads as a story: narration as prose, each roll a dice badge in a sentence. */
.md-typeset .story-session .narration { border-left: 0; padding: 0; margin: 0.8em 0; }
.md-typeset .event p { margin: 0.6em 0; }
.md-typeset .dice-badge { display: inline-flex; gap: 0.15em; align-items: center;
  border: 1px solid #6d4c41; border-radius: 0.4em; padding: 0.05em 0.35em; margin-right: 0.2em;
  font-size: 0.8em; vertical-align: 0.05em; white-space: nowrap; }
.md-typeset .dice-badge .die { display: inline-block; min-width: 1.35em; text-align: center;
  border: 1px solid #4e342e; border-radius: 0.25em; font-weight: bold; color: #3e2723;
  background: #ffffff; }
.md-typeset .dice-badge .die.top { background: #4e342e; color: #ffffff; }
.md-typeset .dice-badge .band { margin-left: 0.3em; color: #3e2723; }
.md-typeset .track.track-small { display: inline-flex; vertical-align: middle;
  margin-right: 0.3em; }
.md-typeset .track-small svg { height: 1.3em; width: auto; }
.md-typeset .track-small .countdown { font-size: 1em; padding: 0 0.3em; }
"""
