"""The playtest report's figures, computed by SQL over the simulation store.

Each figure is a ``Table``: a title, column names, rows, and a note saying how to read it.
Rates come with 95% intervals (Wilson's for a proportion; for a paired difference the normal
interval of the mean difference over the seeds both sides played). Example game ids point at
games ``chronicler play --replay`` shows turn by turn.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Z = 1.959964  # the 95% two-sided normal quantile


@dataclass
class Table:
    key: str
    title: str
    columns: list[str]
    rows: list[list[Any]]
    note: str = ""
    chart: tuple[int, int] | None = None  # (label column, value column) to draw as bars
    extra: dict[str, Any] = field(default_factory=dict)


def wilson(wins: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def paired(diffs: Sequence[float]) -> tuple[float, float, float]:
    """Mean of paired differences and its 95% interval."""
    n = len(diffs)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(diffs) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = Z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def interval(low: float, high: float) -> str:
    return f"[{100 * low:.1f}, {100 * high:.1f}]"


def signed(x: float, low: float, high: float, scale: float = 100.0, unit: str = " pts") -> str:
    return f"{scale * x:+.1f}{unit} [{scale * low:+.1f}, {scale * high:+.1f}]"


def _ids(run_ids: Sequence[int]) -> str:
    return ", ".join(str(int(r)) for r in run_ids)


def overview(con: Any, run_ids: Sequence[int]) -> Table:
    rows = con.execute(
        f"""SELECT r.run_id, r.ruleset, r.digest, r.bot, r.year, r.variant, r.finished, r.games,
        count(g.won) FILTER (WHERE g.won), count(g.won), count(g.error), min(g.game_id),
        sum(g.seconds)
        FROM runs r LEFT JOIN games g USING (run_id) WHERE r.run_id IN ({_ids(run_ids)})
        GROUP BY ALL ORDER BY r.run_id"""
    ).fetchall()
    out = []
    for (
        run,
        name,
        digest,
        bot,
        year,
        variant,
        finished,
        games,
        wins,
        n,
        errors,
        first,
        secs,
    ) in rows:
        low, high = wilson(wins, n)
        out.append(
            [
                run,
                name + (f" ({variant})" if variant else ""),
                digest,
                bot,
                f"year {year}" if year else "campaigns",
                f"{finished}/{games}",
                pct(wins / n if n else None),
                interval(low, high) if n else "-",  # a game of seats: per seat, below
                errors,
                first,
                f"{(secs or 0) / max(1, n) * 1000:.0f} ms",
            ]
        )
    return Table(
        "overview",
        "Runs",
        [
            "run",
            "ruleset",
            "digest",
            "bot",
            "games of",
            "played",
            "won",
            "95% interval",
            "errors",
            "first game",
            "per game",
        ],
        out,
        "A campaign game is won when all six years are won. Errors are games the text broke.",
    )


def by_group(con: Any, run_ids: Sequence[int], column: str, title: str, key: str) -> Table:
    rows = con.execute(
        f"""SELECT s.{column}, count(*), count(*) FILTER (WHERE s.won),
        count(*) FILTER (WHERE s.reason LIKE '%threat%'),
        count(*) FILTER (WHERE NOT s.won AND s.reason NOT LIKE '%threat%'),
        avg(s.scenes_completed), min(s.game_id) FILTER (WHERE NOT s.won)
        FROM sessions s JOIN games g USING (game_id)
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted
        GROUP BY ALL ORDER BY 1"""
    ).fetchall()
    out = []
    for group, n, wins, threat, other, scenes, example in rows:
        low, high = wilson(wins, n)
        out.append(
            [group, n, pct(wins / n), interval(low, high), threat, other, f"{scenes:.2f}", example]
        )
    return Table(
        key,
        title,
        [
            column.replace("_", " "),
            "sessions",
            "won",
            "95% interval",
            "lost: threat pool empty",
            "lost: other",
            "scenes",
            "a lost game",
        ],
        out,
        chart=(0, 2),
    )


def loss_reasons(con: Any, run_ids: Sequence[int]) -> Table:
    rows = con.execute(
        f"""SELECT s.reason, count(*), min(s.game_id) FROM sessions s JOIN games g USING (game_id)
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted AND NOT s.won
        GROUP BY ALL ORDER BY 2 DESC"""
    ).fetchall()
    return Table(
        "losses",
        "Why sessions are lost",
        ["reason", "sessions", "example game"],
        [list(r) for r in rows],
        chart=(0, 1),
    )


def conditions(con: Any, run_ids: Sequence[int]) -> Table:
    per_session = con.execute(
        f"""SELECT count(c.condition) * 1.0 / count(DISTINCT (s.game_id, s.year)) FROM sessions s
        JOIN games g USING (game_id) LEFT JOIN conditions c
        ON c.game_id = s.game_id AND c.year = s.year
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted"""
    ).fetchone()[0]
    rows = con.execute(
        f"""WITH played AS (
          SELECT s.game_id, s.year, s.won,
            unnest(string_split(s.characters, '+')) AS character
          FROM sessions s JOIN games g USING (game_id)
          WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted),
        taken AS (
          SELECT p.character, p.game_id, p.year, any_value(p.won) AS won,
            count(c.condition) AS n
          FROM played p LEFT JOIN conditions c
            ON c.game_id = p.game_id AND c.year = p.year AND c.character = p.character
          GROUP BY ALL)
        SELECT character, count(*), count(*) FILTER (WHERE won), sum(n),
          min(game_id) FILTER (WHERE n > 0)
        FROM taken GROUP BY ALL ORDER BY 1"""
    ).fetchall()
    out = []
    for ch, n, wins, taken, ex in rows:
        low, high = wilson(wins, n)
        out.append([ch, n, pct(wins / n), interval(low, high), f"{taken / n:.2f}", ex])
    return Table(
        "conditions",
        "Characters: win rate when they play, and conditions taken",
        [
            "character",
            "sessions played",
            "won",
            "95% interval",
            "conditions a session",
            "example game",
        ],
        out,
        f"Both characters together take {per_session or 0:.2f} conditions a session.",
        chart=(0, 4),
        extra={"per_session": per_session or 0.0},
    )


def runouts(con: Any, run_ids: Sequence[int]) -> Table:
    sessions = con.execute(
        f"""SELECT count(*) FROM sessions s JOIN games g USING (game_id)
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted"""
    ).fetchone()[0]
    rows = con.execute(
        f"""SELECT p.resource,
          count(DISTINCT (r.game_id, r.year)) FILTER (WHERE r.turn IS NOT NULL),
          count(r.turn), avg(r.turn), min(r.turn),
          quantile_cont(p.peak, 0.5), quantile_cont(p.peak, 0.95), max(p.peak), min(r.game_id)
        FROM peaks p JOIN sessions s ON s.game_id = p.game_id AND s.year = p.year
        JOIN games g ON g.game_id = p.game_id
        LEFT JOIN runouts r ON r.game_id = p.game_id AND r.year = p.year
          AND r.resource = p.resource
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted
        GROUP BY ALL ORDER BY 1"""
    ).fetchall()
    out = []
    for res, hit, times, mean_turn, first, p50, p95, most, ex in rows:
        out.append(
            [
                res,
                pct(hit / sessions if sessions else None),
                f"{times / sessions:.2f}" if sessions else "-",
                "-" if mean_turn is None else f"{mean_turn:.1f}",
                "-" if first is None else first,
                f"{p50:g}",
                f"{p95:g}",
                most,
                ex,
            ]
        )
    return Table(
        "runouts",
        "Resource dice running out of the supply",
        [
            "resource",
            "sessions with a run-out",
            "run-outs a session",
            "mean turn",
            "first turn",
            "dice in play (median)",
            "(95th pct)",
            "(most)",
            "example game",
        ],
        out,
        "A run-out is the supply of a resource reaching zero; the turn counts from the "
        "session's first. Dice in play is the most of that resource out of the supply at once.",
        chart=(0, 1),
    )


def cards(con: Any, run_ids: Sequence[int]) -> Table:
    rows = con.execute(
        f"""WITH counted AS (
          SELECT s.game_id, s.year, s.won FROM sessions s JOIN games g USING (game_id)
          WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted),
        total AS (SELECT count(*) AS n, count(*) FILTER (WHERE won) AS w FROM counted),
        per AS (
          SELECT c.card, c.kind, sum(c.drawn) AS drawn, sum(c.taken) AS taken,
            sum(c.crafted) AS crafted, sum(c.used) AS used, sum(c.spent) AS spent,
            count(*) FILTER (WHERE c.used > 0 OR c.spent > 0) AS n_used,
            count(*) FILTER (WHERE (c.used > 0 OR c.spent > 0) AND k.won) AS w_used,
            min(c.game_id) FILTER (WHERE c.used > 0 OR c.spent > 0) AS example
          FROM cards c JOIN counted k ON k.game_id = c.game_id AND k.year = c.year
          GROUP BY ALL)
        SELECT per.*, total.n, total.w FROM per, total ORDER BY kind, card"""
    ).fetchall()
    out = []
    for card, kind, drawn, taken, crafted, used, spent, nu, wu, ex, n, w in rows:
        nn, wn = n - nu, w - wu
        rate_u = wu / nu if nu else None
        rate_n = wn / nn if nn else None
        diff = "-"
        if nu and nn:
            d = rate_u - rate_n  # type: ignore[operator]
            half = Z * math.sqrt(
                rate_u * (1 - rate_u) / nu + rate_n * (1 - rate_n) / nn  # type: ignore[operator]
            )
            diff = signed(d, d - half, d + half)
        out.append(
            [
                card,
                kind,
                _per(drawn, n),
                _per(taken, n),
                _per(crafted, n),
                _per(used, n),
                _per(spent, n),
                pct(rate_u),
                pct(rate_n),
                diff,
                ex,
            ]
        )
    return Table(
        "cards",
        "Cards: how often, and the win rate when used",
        [
            "card",
            "kind",
            "drawn",
            "taken",
            "crafted",
            "used",
            "spent in a scene",
            "won when used",
            "won when not",
            "difference [95%]",
            "example game",
        ],
        out,
        "Counts are per session. 'Used' counts an ability or asset used, or a card spent in a "
        "scene. The with/without difference is an association, not a cause: the ablation "
        "table (--ablate) measures the cause.",
    )


def _per(total: int, n: int) -> str:
    return f"{total / n:.2f}" if n else "-"


def scenes(con: Any, run_ids: Sequence[int]) -> Table:
    rows = con.execute(
        f"""SELECT sc.scene, count(*), count(sc.completed_turn), avg(sc.completed_turn),
        min(sc.game_id) FILTER (WHERE sc.completed_turn IS NOT NULL)
        FROM scenes sc JOIN sessions s ON s.game_id = sc.game_id AND s.year = sc.year
        JOIN games g ON g.game_id = sc.game_id
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted GROUP BY ALL ORDER BY 1"""
    ).fetchall()
    out = [
        [scene, n, pct(done / n), "-" if turn is None else f"{turn:.1f}", ex]
        for scene, n, done, turn, ex in rows
    ]
    return Table(
        "scenes",
        "Scenes: completed when drawn, and in which turn",
        ["scene", "sessions drawn", "completed", "mean turn completed", "example game"],
        out,
        chart=(0, 2),
    )


def compared(con: Any, a: int, b: int, labels: tuple[str, str]) -> Table:
    """Paired seeds: the same seed played on both sides; differences are B minus A."""
    rows = con.execute(
        """SELECT ga.won::INT, gb.won::INT, ga.scenes_completed, gb.scenes_completed,
        ga.threat_left, gb.threat_left,
        (SELECT count(*) FROM conditions c WHERE c.game_id = ga.game_id),
        (SELECT count(*) FROM conditions c WHERE c.game_id = gb.game_id)
        FROM games ga JOIN games gb ON ga.seed = gb.seed
        WHERE ga.run_id = ? AND gb.run_id = ? AND ga.error IS NULL AND gb.error IS NULL""",
        [a, b],
    ).fetchall()
    n = len(rows)
    out = []
    for name, i, scale, unit in (
        ("win rate", 0, 100.0, " pts"),
        ("scenes completed", 2, 1.0, ""),
        ("threat left", 4, 1.0, ""),
        ("conditions taken", 6, 1.0, ""),
    ):
        va = [float(r[i] or 0) for r in rows]
        vb = [float(r[i + 1] or 0) for r in rows]
        mean, low, high = paired([y - x for x, y in zip(va, vb, strict=True)])
        ma = sum(va) / n if n else 0.0
        mb = sum(vb) / n if n else 0.0
        fmt = pct if scale == 100.0 else (lambda x: f"{x:.2f}")
        out.append([name, fmt(ma), fmt(mb), signed(mean, low, high, scale, unit)])
    verdict = out[0][3] if out else "-"
    return Table(
        "compare",
        f"{labels[1]} against {labels[0]} ({n} paired seeds)",
        ["figure", labels[0], labels[1], "difference B - A [95%]"],
        out,
        "The same seeds on both sides; an interval that does not hold 0 is a difference the "
        "games show at 95% confidence.",
        extra={"win_diff": verdict, "pairs": n},
    )


def seats(con: Any, run_ids: Sequence[int]) -> Table:
    """Per seat of a game played by seats: the games, the wins (a tie counts for each seat
    tied first), the rate with its interval, and the mean score."""
    rows = con.execute(
        f"""SELECT t.seat, count(*), count(*) FILTER (WHERE t.won), avg(t.score),
        min(t.game_id) FILTER (WHERE t.won)
        FROM seats t JOIN sessions s ON s.game_id = t.game_id AND s.year = t.year
        JOIN games g ON g.game_id = t.game_id
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted
        GROUP BY ALL ORDER BY 1"""
    ).fetchall()
    out = []
    for seat, n, wins, score, example in rows:
        low, high = wilson(wins, n)
        out.append([seat, n, wins, pct(wins / n), interval(low, high), f"{score:.2f}", example])
    return Table(
        "seats",
        "Win rate per seat",
        ["seat", "games", "wins", "won", "95% interval", "mean score", "a won game"],
        out,
        "A tie for first counts as a win for every seat tied; the interval is Wilson's for the "
        "games played.",
        chart=(0, 3),
    )


# Each figure a ruleset's facts may feed (``dsl.contract.Playtest.figures``), by name.
FIGURES: dict[str, Callable[[Any, Sequence[int]], Table]] = {
    "schemes": lambda con, ids: by_group(con, ids, "scheme", "Win rate per scheme", "schemes"),
    "pairs": lambda con, ids: by_group(
        con, ids, "characters", "Win rate per character pair", "pairs"
    ),
    "losses": loss_reasons,
    "conditions": conditions,
    "runouts": runouts,
    "cards": cards,
    "scenes": scenes,
    "seats": seats,
}


def report(
    con: Any, run_ids: Sequence[int], campaigns: bool, shown: Sequence[str] | None = None
) -> list[Table]:
    """The overview, then the figures the ruleset's facts feed (all of the campaign game's
    when ``shown`` is not given: a store written before rulesets named theirs)."""
    tables = [overview(con, run_ids)]
    if campaigns and "seats" not in (shown or ()):
        tables.append(by_group(con, run_ids, "year", "Win rate per year", "years"))
    names = shown if shown is not None else [name for name in FIGURES if name != "seats"]
    tables += [FIGURES[name](con, run_ids) for name in names]
    return tables


def supply_sweep(con: Any, runs: Sequence[tuple[str, int]]) -> Table:
    """Per supply size: how many sessions saw a resource run out, and the win rate."""
    out = []
    for label, run_id in runs:
        n, wins, hit, worst = con.execute(
            """SELECT count(*), count(*) FILTER (WHERE s.won),
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM runouts r
              WHERE r.game_id = s.game_id AND r.year = s.year)),
            (SELECT r.resource FROM runouts r JOIN games g2 USING (game_id)
              WHERE g2.run_id = ? GROUP BY 1 ORDER BY count(*) DESC LIMIT 1)
            FROM sessions s JOIN games g USING (game_id) WHERE g.run_id = ? AND s.counted""",
            [run_id, run_id],
        ).fetchone()
        low, high = wilson(hit, n)
        wl, wh = wilson(wins, n)
        out.append(
            [
                label.removeprefix("supply "),
                n,
                pct(hit / n if n else None),
                interval(low, high),
                worst or "-",
                pct(wins / n if n else None),
                interval(wl, wh),
            ]
        )
    return Table(
        "sweep",
        "Supply size: sessions where a resource ran out",
        [
            "dice per resource",
            "sessions",
            "with a run-out",
            "95% interval",
            "most often out",
            "won",
            "95% interval",
        ],
        out,
        "The same seeds at every size; read off the smallest size whose run-out rate you "
        "accept. 'unbounded' is a supply no session empties.",
        chart=(0, 2),
    )


def ablation(
    con: Any, base: int, runs: Sequence[tuple[str, int]], refused: Sequence[tuple[str, str]]
) -> Table:
    """Per card taken out of the text: the change in win rate, paired by seed."""
    out: list[list[Any]] = []
    for label, run_id in runs:
        rows = con.execute(
            """SELECT ga.won::INT, gb.won::INT FROM games ga JOIN games gb ON ga.seed = gb.seed
            WHERE ga.run_id = ? AND gb.run_id = ? AND ga.error IS NULL AND gb.error IS NULL""",
            [base, run_id],
        ).fetchall()
        mean, low, high = paired([b - a for a, b in rows])
        wins = sum(b for _a, b in rows)
        out.append(
            [
                label.removeprefix("without "),
                len(rows),
                pct(wins / len(rows) if rows else None),
                signed(mean, low, high),
                mean,
            ]
        )
    out.sort(key=lambda r: float(r[-1]))
    rows_out = [r[:-1] for r in out]
    rows_out += [[card, 0, "-", f"cannot be taken out: {why}"] for card, why in refused]
    return Table(
        "ablation",
        "What each card is worth: win rate without it",
        ["card taken out", "paired games", "won without it", "change [95%]"],
        rows_out,
        "Each card is removed from the text and the same seeds replayed; a negative change is "
        "what the card adds to the win rate. Most harmful removals first.",
    )
