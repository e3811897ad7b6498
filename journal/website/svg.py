"""SVG pictures drawn from ledger rows: the campaign map as it stood, and skills over the years."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from journal.website.sanitize import attr
from journal.words import region_name

CELL = 124  # a square and the gap beside it, in pixels at the drawing's own size
GAP = 8
# The smallest text on the map, in pixels at its own size. The site never shrinks the map
# below that size (a narrow screen scrolls it sideways instead): see ``publish.CSS``.
SMALLEST_TEXT = 11

# Region colours (fill, label) by region word; anything else is "no region".
REGION_COLOURS = {
    "empire": ("#f3c4c4", "the Empire"),
    "brightdune": ("#f7e3a1", "Brightdune"),
    "settled": ("#c9e6c3", "the Settled Lands"),
}
NO_REGION = ("#e3e3e3", "no region")


@dataclass(frozen=True)
class Square:
    name: str
    x: int
    y: int
    region: str | None
    developed: bool
    threats: int
    obstacles: Sequence[str]


def _region_key(region: str | None) -> str | None:
    if not region:
        return None
    word = region.lower().replace("xx", "").replace("the ", "").strip()
    for key in REGION_COLOURS:
        if word.startswith(key[:5]):
            return key
    return word


def region_label(region: str | None, names: Mapping[str, str] | None = None) -> str:
    """The region as players say it: the ruleset's name for it ("the Empire") when given,
    else ours; "no region" for none."""
    if names and region in names:
        return region_name(region, names)
    key = _region_key(region)
    if key is None:
        return NO_REGION[1]
    return REGION_COLOURS[key][1] if key in REGION_COLOURS else str(region)


def _wrap(name: str, width: int = 15, lines: int = 3) -> list[str]:
    """A name in lines of at most ``width`` characters (a longer word is cut), at most
    ``lines`` of them, the last ending in "…" when something was left out."""
    out: list[str] = []
    for word in name.split():
        if len(word) > width:
            word = word[: width - 1] + "…"
        if out and len(out[-1]) + 1 + len(word) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = (out[-1] if len(out[-1]) < width else out[-1][: width - 1]) + "…"
    return out or [""]


def map_svg(
    squares: Sequence[Square], title: str, region_names: Mapping[str, str] | None = None
) -> str:
    """The map as a grid of location cards: region colour, name, whether developed, threat,
    and the names of the obstacles on it, all written out (nothing hides behind a hover)."""
    if not squares:
        return '<p class="map-empty">No map was recorded for this year.</p>'
    xs = [sq.x for sq in squares]
    ys = [sq.y for sq in squares]
    left, top = min(xs), max(ys)  # y grows north: the top row is the largest y
    width = (max(xs) - left + 1) * CELL + GAP
    legend_h = 30
    height = (top - min(ys) + 1) * CELL + GAP + legend_h
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="campaign-map" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'font-family="sans-serif">',
        f"<title>{attr(title)}</title>",
    ]
    used: dict[str, tuple[str, str]] = {}
    small = SMALLEST_TEXT
    for sq in squares:
        key = _region_key(sq.region)
        fill = REGION_COLOURS.get(key or "", NO_REGION)[0]
        label = region_label(sq.region, region_names)
        used[label] = (fill, label)
        px = (sq.x - left) * CELL + GAP
        py = (top - sq.y) * CELL + GAP
        size = CELL - GAP
        middle = px + size / 2
        stroke = 'stroke="#333" stroke-width="4"' if sq.developed else 'stroke="#777"'
        parts.append(
            f'<g class="location" data-name="{attr(sq.name)}">'
            f"<title>{attr(sq.name)}</title>"
            f'<rect x="{px}" y="{py}" width="{size}" height="{size}" rx="6" fill="{fill}" '
            f"{stroke}/>"
        )
        # From the top: the name, then "developed". From the bottom: the obstacles, then the
        # threat. Few obstacles leave room for a longer name.
        obstacles = list(sq.obstacles)
        shown = obstacles[:3] if len(obstacles) <= 3 else obstacles[:2]
        more = len(obstacles) - len(shown)
        below = len(shown) + (1 if more else 0) + 1
        name_lines = max(1, min(3, 5 - below - (1 if sq.developed else 0)))
        lines = _wrap(sq.name, lines=name_lines)
        for i, line in enumerate(lines):
            parts.append(
                f'<text class="name" x="{middle}" y="{py + 18 + i * 15}" text-anchor="middle" '
                f'font-size="13" font-weight="bold">{attr(line)}</text>'
            )
        if sq.developed:
            parts.append(
                f'<text class="developed" x="{middle}" y="{py + 16 + len(lines) * 15}" '
                f'text-anchor="middle" font-size="{small}" font-style="italic">developed</text>'
            )
        # Laid out from the bottom up, written top to bottom (the order a reader takes).
        below_lines = [f"+{more} more"] if more else []
        below_lines = [_wrap(o, width=17, lines=1)[0] for o in shown] + below_lines
        bottom = py + size - 7
        threat_y = bottom - 14 * len(below_lines)
        parts.append(
            f'<text class="threats" x="{px + 6}" y="{threat_y}" font-size="12" '
            f'font-weight="bold" fill="#a00">threat {attr(sq.threats)}</text>'
        )
        for i, line in enumerate(below_lines):
            y = threat_y + 14 * (i + 1)
            parts.append(
                f'<text class="obstacle" x="{px + 6}" y="{y}" font-size="{small}">'
                f"{attr(line)}</text>"
            )
        parts.append("</g>")
    lx = GAP
    ly = height - legend_h + 8
    for fill, label in sorted(used.values(), key=lambda v: v[1]):
        parts.append(
            f'<rect x="{lx}" y="{ly}" width="14" height="14" fill="{fill}" stroke="#777"/>'
            f'<text x="{lx + 18}" y="{ly + 12}" font-size="12">{attr(label)}</text>'
        )
        lx += 28 + 7 * len(label)
    parts.append("</svg>")
    return "".join(parts)


SKILL_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf")


def skills_chart_svg(history: Mapping[int, Mapping[str, int]], title: str) -> str:
    """A line per skill: its rank at the end of each recorded year. Narrow enough for a phone
    at its own size (its labels stay 11 px there), with the legend underneath."""
    years = sorted(history)
    # Ranks come from a JSON column: anything but a whole number is drawn as 0.
    history = {
        year: {k: v if isinstance(v, int) and not isinstance(v, bool) else 0 for k, v in r.items()}
        for year, r in history.items()
    }
    skills = sorted({skill for ranks in history.values() for skill in ranks})
    if not years or not skills:
        return '<p class="chart-empty">No character sheet was recorded yet.</p>'
    top = max([5, *(r for ranks in history.values() for r in ranks.values())])
    width, plot_height, left, right, pad = 330, 190, 28, 14, 16
    per_row = 3
    legend = 18 * ((len(skills) + per_row - 1) // per_row) + 8
    height = plot_height + 22 + legend
    span_x = max(len(years) - 1, 1)
    bottom = plot_height - 14

    def point(i: int, rank: int) -> tuple[float, float]:
        x = left + (width - left - right) * (i / span_x)
        y = bottom - (bottom - pad) * (rank / top)
        return round(x, 1), round(y, 1)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="skills-chart" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="{SMALLEST_TEXT}">',
        f"<title>{attr(title)}</title>",
        f'<line x1="{left}" y1="{bottom}" x2="{width - right}" y2="{bottom}" stroke="#555"/>',
        f'<line x1="{left}" y1="{pad}" x2="{left}" y2="{bottom}" stroke="#555"/>',
    ]
    for rank in range(top + 1):
        _, y = point(0, rank)
        parts.append(f'<text x="{left - 8}" y="{y + 4}" text-anchor="end">{rank}</text>')
    for i, year in enumerate(years):
        x, _ = point(i, 0)
        parts.append(f'<text x="{x}" y="{bottom + 16}" text-anchor="middle">{attr(year)}</text>')
    parts.append(
        f'<text x="{(left + width - right) / 2}" y="{bottom + 30}" text-anchor="middle" '
        f'fill="#555">year</text>'
    )
    for n, skill in enumerate(skills):
        colour = SKILL_COLOURS[n % len(SKILL_COLOURS)]
        # Skills of equal rank would hide one another: nudge each line a little apart.
        nudge = (n - (len(skills) - 1) / 2) * 2.5
        points = [
            (x, round(y + nudge, 1))
            for x, y in (point(i, int(history[year].get(skill, 0))) for i, year in enumerate(years))
        ]
        joined = " ".join(f"{x},{y}" for x, y in points)
        parts.append(
            f'<polyline class="skill" data-skill="{attr(skill)}" fill="none" stroke="{colour}" '
            f'stroke-width="2" points="{joined}"/>'
        )
        for x, y in points:
            parts.append(f'<circle cx="{x}" cy="{y}" r="3" fill="{colour}"/>')
        lx = left + (n % per_row) * 100
        ly = plot_height + 30 + (n // per_row) * 18
        parts.append(
            f'<rect x="{lx}" y="{ly - 6}" width="12" height="4" fill="{colour}"/>'
            f'<text x="{lx + 18}" y="{ly}">{attr(skill)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
