"""The balance report of a game played by seats (players against players): who wins by seat,
by place in the turn order and by bot; the score by category; how long a game lasts; what the
winners used against the losers; and two versions of the text side by side (``--compare``).

Every figure comes from the store's ``seats``, ``seat_scores``, ``seat_uses`` and ``sessions``
rows, which any game written in text fills (``rules/text/playtest.py``): nothing here names a
game. A rate is a ``Rate`` (Wilson's interval), a mean a ``Mean`` (Student's t), a difference a
``Difference`` (Newcombe's for rates, Welch's t for means of two groups, the paired t for the
same seeds on two texts); each shows the count it rests on.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .figures import ASSOCIATION, PAIRED, Difference, Rate, Table, _ids
from .intervals import (
    mean_difference,
    mean_interval,
    paired_rate_difference,
    rate_difference,
    welch_difference,
)


@dataclass(frozen=True)
class Mean(Difference):
    """A mean with its 95% t interval and the count it rests on (none below two values)."""

    scale: float = 1.0

    def __str__(self) -> str:
        if self.estimate is None:
            return f"{self.withheld}" if self.withheld else "-"
        value, low, high = self.estimate
        return f"{value:.2f} [{low:.2f}, {high:.2f}]"

    def data(self) -> dict[str, Any]:
        value, low, high = self.estimate if self.estimate else (None, None, None)
        return {"mean": value, "difference": value, "low": low, "high": high, "n": self.n}


def mean(values: Sequence[float]) -> Mean:
    estimate = mean_interval(values)
    if estimate is None and values:
        return Mean(None, len(values), withheld=f"{values[0]:.2f} (1 value)")
    return Mean(estimate, len(values), withheld="" if values else "no values")


def beyond_noise(difference: Difference) -> str:
    """``yes`` when the 95% interval leaves out 0, ``no`` when it holds 0."""
    if difference.estimate is None:
        return "-"
    _value, low, high = difference.estimate
    return "yes" if low > 0 or high < 0 else "no"


def _seats(con: Any, run_ids: Sequence[int]) -> list[tuple[Any, ...]]:
    """Every counted seat: game, seat, won, score, bot, place."""
    rows: list[tuple[Any, ...]] = con.execute(
        f"""SELECT t.game_id, t.seat, t.won, t.score, t.bot, t.place
        FROM seats t JOIN sessions s ON s.game_id = t.game_id AND s.year = t.year
        JOIN games g ON g.game_id = t.game_id
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted ORDER BY 1, 2"""
    ).fetchall()
    return rows


def places(con: Any, run_ids: Sequence[int]) -> Table:
    """Win rate by place in the first turn order: the first player's advantage."""
    by: dict[int, list[tuple[bool, float]]] = defaultdict(list)
    for _gid, _seat, won, score, _bot, place in _seats(con, run_ids):
        if place is not None:
            by[int(place)].append((bool(won), float(score)))
    out = [
        [
            place,
            len(rows),
            Rate(sum(w for w, _ in rows), len(rows)),
            mean([s for _, s in rows]),
        ]
        for place, rows in sorted(by.items())
    ]
    return Table(
        "places",
        "Win rate by place in the turn order (1: the first player)",
        ["place", "games", "won [95%]", "mean score [95%]"],
        out,
        "The place each seat had in the game's first turn order. A tie for first counts as a "
        "win for every seat tied; Wilson's interval for the rate, Student's t for the mean.",
        chart=(0, 2),
    )


def bots(con: Any, run_ids: Sequence[int]) -> Table:
    """Win rate per bot pairing, per bot and per bot's seat."""
    rows = _seats(con, run_ids)
    names: dict[int, set[str]] = defaultdict(set)
    for gid, _seat, _won, _score, bot, _place in rows:
        names[gid].add(str(bot or "-"))
    lineup = {gid: " + ".join(sorted(seated)) for gid, seated in names.items()}
    groups: dict[tuple[str, str, str], list[tuple[bool, float]]] = defaultdict(list)
    for gid, seat, won, score, bot, _place in rows:
        for where in ("any seat", str(seat)):
            groups[(lineup[gid], str(bot or "-"), where)].append((bool(won), float(score)))
    out = [
        [
            pairing,
            bot,
            where,
            len(got),
            Rate(sum(w for w, _ in got), len(got)),
            mean([s for _, s in got]),
        ]
        for (pairing, bot, where), got in sorted(
            groups.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2] != "any seat", kv[0][2])
        )
    ]
    return Table(
        "bots",
        "Win rate per bot pairing, per bot and seat",
        ["pairing", "bot", "seat", "games", "won [95%]", "mean score [95%]"],
        out,
        "--bot a,b seats one bot a seat, turned by the seed so each bot sits in each seat as "
        "often; 'any seat' counts a bot's seats together. A tie for first counts for each bot "
        "tied.",
    )


def _scores(con: Any, run_ids: Sequence[int]) -> list[tuple[str, bool, float]]:
    rows: list[tuple[str, bool, float]] = con.execute(
        f"""SELECT c.category, t.won, c.points FROM seat_scores c
        JOIN seats t ON t.game_id = c.game_id AND t.year = c.year AND t.seat = c.seat
        JOIN sessions s ON s.game_id = c.game_id AND s.year = c.year
        JOIN games g ON g.game_id = c.game_id
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted ORDER BY c.game_id, c.seat"""
    ).fetchall()
    return rows


def categories(con: Any, run_ids: Sequence[int]) -> Table:
    """Each category's points a seat, all seats, then the winners' against the losers'."""
    by: dict[str, dict[bool, list[float]]] = defaultdict(lambda: {True: [], False: []})
    for category, won, points in _scores(con, run_ids):
        by[category][bool(won)].append(float(points))
    for _gid, _seat, won, score, *_ in _seats(con, run_ids):
        by["score"][bool(won)].append(float(score))
    out = []
    for category, got in by.items():
        winners, losers = got[True], got[False]
        estimate = welch_difference(winners, losers)
        out.append(
            [
                category,
                len(winners) + len(losers),
                mean(winners + losers),
                mean(winners),
                mean(losers),
                Difference(
                    estimate, min(len(winners), len(losers)), 1.0, "" if estimate else "too few"
                ),
            ]
        )
    return Table(
        "categories",
        "Score by category, a seat",
        ["category", "seats", "mean [95%]", "winners [95%]", "losers [95%]", "winners - losers"],
        out,
        "Points a seat in each category of the final score (as the outcome counts them; a "
        "penalty is shown as the points taken off), over every seat, the winners' seats and "
        "the losers'. Student's t intervals; the difference is Welch's. An association, not "
        "a cause.",
    )


def length(con: Any, run_ids: Sequence[int]) -> Table:
    """How long a game lasts: rounds and decisions."""
    rows = con.execute(
        f"""SELECT s.turns, s.decisions FROM sessions s JOIN games g USING (game_id)
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted AND g.error IS NULL"""
    ).fetchall()
    out = []
    for name, i in (("rounds", 0), ("decisions", 1)):
        counts = [int(r[i]) for r in rows if r[i] is not None]
        values = [float(c) for c in counts]
        out.append(
            [name, len(values), mean(values), min(counts, default="-"), max(counts, default="-")]
        )
    return Table(
        "length",
        "Game length",
        ["figure", "games", "mean [95%]", "fewest", "most"],
        out,
        "Rounds: the rounds the game started; decisions: every answer given, by every seat "
        "(Student's t interval of the mean).",
    )


def _uses(
    con: Any, run_ids: Sequence[int]
) -> tuple[dict[tuple[str, str, str], dict[tuple[int, str], int]], dict[tuple[int, str], bool]]:
    seats = {(gid, str(seat)): bool(won) for gid, seat, won, *_ in _seats(con, run_ids)}
    used: dict[tuple[str, str, str], dict[tuple[int, str], int]] = defaultdict(dict)
    for gid, seat, kind, card, how, times in con.execute(
        f"""SELECT u.game_id, u.seat, u.kind, u.card, u.how, u.times FROM seat_uses u
        JOIN sessions s ON s.game_id = u.game_id AND s.year = u.year
        JOIN games g ON g.game_id = u.game_id
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted"""
    ).fetchall():
        used[(str(kind), str(card), str(how))][(gid, str(seat))] = int(times)
    return used, seats


def uses(con: Any, run_ids: Sequence[int]) -> Table:
    """Per card and way of using it: the share of winners and of losers who did, and how many
    times a seat."""
    used, seats = _uses(con, run_ids)
    winners = [k for k, won in seats.items() if won]
    losers = [k for k, won in seats.items() if not won]
    out = []
    for (kind, card, how), by in sorted(used.items()):
        wu = sum(1 for k in winners if by.get(k))
        lu = sum(1 for k in losers if by.get(k))
        estimate = rate_difference(wu, len(winners), lu, len(losers))
        out.append(
            [
                kind,
                card,
                how,
                Rate(wu, len(winners)),
                Rate(lu, len(losers)),
                Difference(
                    estimate,
                    min(len(winners), len(losers)),
                    withheld="" if estimate else "no seats",
                ),
                mean([float(by.get(k, 0)) for k in winners]),
                mean([float(by.get(k, 0)) for k in losers]),
            ]
        )
    return Table(
        "uses",
        f"What the winners used against the losers ({len(winners)} winning seats, "
        f"{len(losers)} losing)",
        [
            "kind",
            "card",
            "how",
            "winners who did [95%]",
            "losers who did [95%]",
            "difference, pts",
            "times, a winner [95%]",
            "times, a loser [95%]",
        ],
        out,
        "Ordered: the card of an order resolved; gained: a card that came to the seat (bought, "
        "built, drawn); played: a card played from its hand. Shares with Wilson's intervals, "
        "their difference with Newcombe's; times with Student's t. Winners use what winning "
        "games allow: an association, not a cause (--compare measures a change's effect).",
        basis=ASSOCIATION,
        brief=(0, 1, 2, 3, 4, 5),
    )


def has_seats(con: Any, run_id: int) -> bool:
    return bool(
        con.execute(
            "SELECT count(*) FROM seats t JOIN games g USING (game_id) WHERE g.run_id = ?",
            [run_id],
        ).fetchone()[0]
    )


def _paired(a: dict[Any, float], b: dict[Any, float], label: str, kind: str) -> list[Any]:
    keys = sorted(set(a) & set(b))
    va, vb = [a[k] for k in keys], [b[k] for k in keys]
    if kind == "rate":
        pairs = [(int(x), int(y)) for x, y in zip(va, vb, strict=True)]
        estimate = paired_rate_difference(pairs)
        difference = Difference(estimate, len(keys), withheld="" if estimate else "no pairs")
        shown_a: Any = Rate(sum(x for x, _ in pairs), len(pairs))
        shown_b: Any = Rate(sum(y for _, y in pairs), len(pairs))
    else:
        estimate = mean_difference([y - x for x, y in zip(va, vb, strict=True)])
        difference = Difference(estimate, len(keys), 1.0, "" if estimate else "needs 2 pairs")
        shown_a, shown_b = mean(va), mean(vb)
    return [label, len(keys), shown_a, shown_b, difference, beyond_noise(difference)]


def compared(con: Any, a: int, b: int, labels: tuple[str, str]) -> Table:
    """Two versions of the text on the same seeds, figure by figure: each seat's win rate and
    score by seed and seat, the first player's win rate, each category, the game's length, and
    each card's use a seat."""

    def seats(run: int) -> dict[tuple[int, str], tuple[bool, float, int | None]]:
        return {
            (int(seed), str(seat)): (bool(won), float(score), place)
            for seed, seat, won, score, place in con.execute(
                """SELECT g.seed, t.seat, t.won, t.score, t.place FROM seats t
                JOIN games g USING (game_id) WHERE g.run_id = ? AND g.error IS NULL""",
                [run],
            ).fetchall()
        }

    sa, sb = seats(a), seats(b)
    out: list[list[Any]] = []
    for seat in sorted({s for _, s in sa}):
        pick = {k: float(v[0]) for k, v in sa.items() if k[1] == seat}
        other = {k: float(v[0]) for k, v in sb.items() if k[1] == seat}
        out.append(_paired(pick, other, f"{seat} won", "rate"))
    first_a = {k[0]: float(v[0]) for k, v in sa.items() if v[2] == 1}
    first_b = {k[0]: float(v[0]) for k, v in sb.items() if v[2] == 1}
    if first_a and first_b:
        out.append(_paired(first_a, first_b, "first player won", "rate"))
    out.append(
        _paired({k: v[1] for k, v in sa.items()}, {k: v[1] for k, v in sb.items()}, "score", "mean")
    )

    def per_seat(run: int, sql: str) -> dict[str, dict[tuple[int, str], float]]:
        got: dict[str, dict[tuple[int, str], float]] = defaultdict(dict)
        for name, seed, seat, value in con.execute(sql, [run]).fetchall():
            got[str(name)][(int(seed), str(seat))] = float(value)
        return got

    def filled(got: dict[tuple[int, str], float], seats: dict[Any, Any]) -> dict[Any, float]:
        return {k: got.get(k, 0.0) for k in seats}

    cat = """SELECT c.category, g.seed, c.seat, c.points FROM seat_scores c
        JOIN games g USING (game_id) WHERE g.run_id = ? AND g.error IS NULL"""
    ca, cb = per_seat(a, cat), per_seat(b, cat)
    for name in sorted(set(ca) | set(cb)):
        out.append(_paired(filled(ca[name], sa), filled(cb[name], sb), name, "mean"))
    length = """SELECT g.seed, s.turns, s.decisions FROM sessions s JOIN games g USING (game_id)
        WHERE g.run_id = ? AND s.counted AND g.error IS NULL"""
    la = {int(r[0]): r for r in con.execute(length, [a]).fetchall()}
    lb = {int(r[0]): r for r in con.execute(length, [b]).fetchall()}
    for name, i in (("rounds", 1), ("decisions", 2)):
        out.append(
            _paired(
                {k: float(r[i] or 0) for k, r in la.items()},
                {k: float(r[i] or 0) for k, r in lb.items()},
                name,
                "mean",
            )
        )
    use = """SELECT u.kind || ' ' || u.card || ', ' || u.how, g.seed, u.seat, u.times
        FROM seat_uses u JOIN games g USING (game_id) WHERE g.run_id = ? AND g.error IS NULL"""
    ua, ub = per_seat(a, use), per_seat(b, use)
    for name in sorted(set(ua) | set(ub)):
        out.append(_paired(filled(ua[name], sa), filled(ub[name], sb), name, "mean"))
    pairs = len(set(la) & set(lb))
    return Table(
        "compare",
        f"{labels[1]} against {labels[0]} ({pairs} paired seeds)",
        ["figure", "pairs", labels[0], labels[1], "B - A [95%]", "beyond noise"],
        out,
        "The same seeds on both sides, seat by seat: a rate's difference in points (Newcombe's "
        "interval for paired rates), the others in their units a seat or a game (Student's t "
        "over the pairs); 'beyond noise' says whether the interval leaves out 0. Uses are "
        "times a seat: kind, card, and how it was used.",
        basis=PAIRED,
        extra={"pairs": pairs},
    )


FIGURES: dict[str, Callable[[Any, Sequence[int]], Table]] = {
    "places": places,
    "bots": bots,
    "categories": categories,
    "length": length,
    "uses": uses,
}
