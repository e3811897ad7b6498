"""The playtest report's figures, computed by SQL over the simulation store.

Each figure is a ``Table``: a title, column names, rows, a note saying how to read it, and its
``basis``: what the games can tell from it (what they did, an association of use and winning,
or a paired difference the change causes). A rate is a ``Rate`` cell (wins of n, its Wilson
interval) and a difference a ``Difference`` cell (its interval and the count it rests on, or
withheld with the reason): ``journal.playtest.intervals`` has the methods. Example game ids
point at games ``chronicler play RULESET --replay GAME`` shows turn by turn.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .intervals import mean_difference, paired_rate_difference, rate_difference, t975, wilson

# What a table's figures can tell (``Table.basis``), and how the report says it.
OBSERVED = "observed"
ASSOCIATION = "association"
PAIRED = "paired"
BASES = {
    OBSERVED: "what the games did, counted over the games played",
    ASSOCIATION: (
        "a correlation of use and winning, not a cause: sessions where the card was used "
        "against the others (a bot uses some cards in games going well, others in games going "
        "badly); the paired ablation (--ablate) measures the cause"
    ),
    PAIRED: (
        "the same seeds played with and without the change, so a difference whose interval "
        "leaves out 0 is caused by the change"
    ),
}
READING = (
    "Every rate shows the games (or sessions) it rests on and its 95% interval (Wilson's, "
    "which holds for small counts); differences show theirs (Newcombe's score intervals, "
    "Student's t for means). Each table says whether it is a paired comparison (cause) or an "
    "association of use and winning (not a cause)."
)


def _decimals(low: float, high: float, scale: float) -> int:
    """Bounds to whole points while the interval is wide, to tenths once it is narrow."""
    return 1 if (high - low) * scale < 10 else 0


def _signed(x: float, decimals: int) -> str:
    """``x`` with its sign, and no "-0" for what rounds to zero."""
    text = f"{x:+.{decimals}f}"
    return "+" + text[1:] if float(text) == 0 else text


@dataclass(frozen=True)
class Rate:
    """``hits`` of ``n`` games or sessions, with its 95% Wilson interval."""

    hits: int
    n: int

    @property
    def value(self) -> float | None:
        return self.hits / self.n if self.n else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.hits, self.n)

    def __str__(self) -> str:
        if not self.n:
            return "-"
        low, high = self.interval
        k = _decimals(low, high, 100)
        return f"{100 * self.hits / self.n:.1f}% [{100 * low:.{k}f}, {100 * high:.{k}f}]"

    def data(self) -> dict[str, Any]:
        low, high = self.interval if self.n else (None, None)
        return {"rate": self.value, "low": low, "high": high, "n": self.n}


@dataclass(frozen=True)
class Difference:
    """A difference with its 95% interval and the count it rests on; ``withheld`` says why
    there is none (too few games). ``scale`` 100 shows a difference of rates in points."""

    estimate: tuple[float, float, float] | None
    n: int
    scale: float = 100.0
    withheld: str = ""

    @property
    def value(self) -> float | None:
        return self.estimate[0] if self.estimate else None

    def __str__(self) -> str:
        if self.estimate is None:
            return f"- ({self.withheld})" if self.withheld else "-"
        value, low, high = (self.scale * v for v in self.estimate)
        if self.scale == 100.0:
            k = _decimals(low, high, 1)
            return f"{_signed(value, 1)} [{_signed(low, k)}, {_signed(high, k)}]"
        return f"{_signed(value, 2)} [{_signed(low, 2)}, {_signed(high, 2)}]"

    def data(self) -> dict[str, Any]:
        value, low, high = self.estimate if self.estimate else (None, None, None)
        return {
            "difference": value,
            "low": low,
            "high": high,
            "n": self.n,
            "withheld": self.withheld or None,
        }


class Mean(Difference):
    """A mean a session with its 95% t interval and the sessions it rests on (unsigned)."""

    def __str__(self) -> str:
        if self.estimate is None:
            return f"- ({self.withheld})" if self.withheld else "-"
        value, low, high = self.estimate
        return f"{value:.2f} [{low:.2f}, {high:.2f}]"

    def data(self) -> dict[str, Any]:
        value, low, high = self.estimate if self.estimate else (None, None, None)
        return {"mean": value, "low": low, "high": high, "n": self.n}


Cell = str | int | float | Rate | Difference | None


@dataclass
class Table:
    key: str
    title: str
    columns: list[str]
    rows: list[list[Any]]
    note: str = ""
    chart: tuple[int, int] | None = None  # (label column, value column) to draw as bars
    extra: dict[str, Any] = field(default_factory=dict)
    basis: str = OBSERVED
    brief: tuple[int, ...] | None = None  # the columns the terminal shows (None: all)

    @property
    def reading(self) -> str:
        return BASES[self.basis]


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _ids(run_ids: Sequence[int]) -> str:
    return ", ".join(str(int(r)) for r in run_ids)


def overview(con: Any, run_ids: Sequence[int], sessions: int = 6) -> Table:
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
        out.append(
            [
                run,
                name + (f" ({variant})" if variant else ""),
                digest,
                bot,
                f"year {year}" if year else "campaigns",
                f"{finished}/{games}",
                Rate(wins, n),  # a game of seats is won by a seat: per seat, below
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
            "won [95%]",
            "errors",
            "first game",
            "per game",
        ],
        out,
        (f"A campaign game is won when all {sessions} sessions are won. " if sessions > 1 else "")
        + "Errors are games the text broke.",
        brief=(0, 1, 5, 6, 7, 8, 9),
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
    out = [
        [group, n, Rate(wins, n), threat, other, f"{scenes:.2f}", example]
        for group, n, wins, threat, other, scenes, example in rows
    ]
    return Table(
        key,
        title,
        [
            column.replace("_", " "),
            "sessions",
            "won [95%]",
            "lost: threat",
            "lost: other",
            "scenes",
            "a lost game",
        ],
        out,
        "Lost: threat is a session lost with the threat pool empty; other, any other reason. "
        "Scenes: completed a session, on average.",
        chart=(0, 2),
        brief=(0, 1, 2, 3, 4, 5),
    )


def loss_reasons(con: Any, run_ids: Sequence[int]) -> Table:
    lost = con.execute(
        f"""SELECT count(*) FROM sessions s JOIN games g USING (game_id)
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted AND NOT s.won"""
    ).fetchone()[0]
    rows = con.execute(
        f"""SELECT s.reason, count(*), min(s.game_id) FROM sessions s JOIN games g USING (game_id)
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted AND NOT s.won
        GROUP BY ALL ORDER BY 2 DESC, 1"""
    ).fetchall()
    return Table(
        "losses",
        "Why sessions are lost",
        ["reason", "sessions", "of the lost [95%]", "example game"],
        [[reason, n, Rate(n, lost), example] for reason, n, example in rows],
        f"{lost} sessions lost in all.",
        chart=(0, 1),
    )


def conditions(con: Any, run_ids: Sequence[int]) -> Table:
    per_session, sessions = con.execute(
        f"""SELECT count(c.condition) * 1.0 / count(DISTINCT (s.game_id, s.year)),
        count(DISTINCT (s.game_id, s.year)) FROM sessions s
        JOIN games g USING (game_id) LEFT JOIN conditions c
        ON c.game_id = s.game_id AND c.year = s.year
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted"""
    ).fetchone()
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
    out = [[ch, n, Rate(wins, n), f"{taken / n:.2f}", ex] for ch, n, wins, taken, ex in rows]
    return Table(
        "conditions",
        "Characters: win rate when they play, and conditions taken",
        ["character", "sessions", "won [95%]", "conditions a session", "example game"],
        out,
        f"Both characters together take {per_session or 0:.2f} conditions a session "
        f"({sessions or 0} sessions).",
        chart=(0, 3),
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
                sessions,
                Rate(hit, sessions),
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
            "sessions",
            "with a run-out [95%]",
            "a session",
            "mean turn",
            "first turn",
            "in play (median)",
            "(95th pct)",
            "(most)",
            "example game",
        ],
        out,
        "A run-out is the supply of a resource reaching zero ('a session': run-outs a "
        "session); the turn counts from the session's first. In play is the most dice of that "
        "resource out of the supply at once.",
        chart=(0, 2),
        brief=(0, 1, 2, 3, 4, 8),
    )


def _card_rows(con: Any, run_ids: Sequence[int]) -> tuple[list[tuple[Any, ...]], int, int]:
    rows = con.execute(
        f"""WITH counted AS (
          SELECT s.game_id, s.year, s.won FROM sessions s JOIN games g USING (game_id)
          WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted),
        per AS (
          SELECT c.card, c.kind, sum(c.drawn) AS drawn, sum(c.taken) AS taken,
            sum(c.crafted) AS crafted, sum(c.used) AS used, sum(c.spent) AS spent,
            count(*) FILTER (WHERE c.used > 0 OR c.spent > 0) AS n_used,
            count(*) FILTER (WHERE (c.used > 0 OR c.spent > 0) AND k.won) AS w_used,
            min(c.game_id) FILTER (WHERE c.used > 0 OR c.spent > 0) AS example
          FROM cards c JOIN counted k ON k.game_id = c.game_id AND k.year = c.year
          GROUP BY ALL)
        SELECT * FROM per ORDER BY kind, card"""
    ).fetchall()
    n, w = con.execute(
        f"""SELECT count(*), count(*) FILTER (WHERE s.won) FROM sessions s
        JOIN games g USING (game_id) WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted"""
    ).fetchone()
    return rows, n, w


def card_use(con: Any, run_ids: Sequence[int]) -> Table:
    rows, n, _ = _card_rows(con, run_ids)
    out = [
        [
            card,
            kind,
            _per(drawn, n),
            _per(taken, n),
            _per(crafted, n),
            _per(used, n),
            _per(spent, n),
            ex,
        ]
        for card, kind, drawn, taken, crafted, used, spent, _nu, _wu, ex in rows
    ]
    return Table(
        "card-use",
        f"Cards: how often, a session ({n} sessions)",
        ["card", "kind", "drawn", "taken", "crafted", "used", "spent", "example game"],
        out,
        "Each figure is a mean over the sessions counted. Used: an ability or asset used; "
        "spent: a card spent in a scene.",
        brief=(0, 1, 2, 3, 4, 5, 6),
    )


def cards(con: Any, run_ids: Sequence[int]) -> Table:
    rows, n, w = _card_rows(con, run_ids)
    out = []
    for card, kind, *_counts, nu, wu, _example in rows:
        nn, wn = n - nu, w - wu
        estimate = rate_difference(wu, nu, wn, nn)
        why = "" if estimate else ("never used" if not nu else "always used")
        difference = Difference(estimate, min(nu, nn), withheld=why)
        out.append([card, kind, nu, Rate(wu, nu), Rate(wn, nn), difference])
    return Table(
        "cards",
        f"Cards: win rate when used ({n} sessions)",
        ["card", "kind", "used", "won when used", "won when not", "difference, pts"],
        out,
        f"Used: the sessions (of {n}) where the card was used or spent; 'won when not' rests "
        "on the others. The difference is used minus not used, with Newcombe's 95% interval: "
        "from a handful of sessions it is wide, and it is an association, not a cause.",
        basis=ASSOCIATION,
        brief=(0, 2, 3, 5),
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
        [scene, n, Rate(done, n), "-" if turn is None else f"{turn:.1f}", ex]
        for scene, n, done, turn, ex in rows
    ]
    return Table(
        "scenes",
        "Scenes: completed when drawn, and in which turn",
        ["scene", "drawn", "completed [95%]", "mean turn", "example game"],
        out,
        "Drawn: the sessions where the scene was drawn; completed: the share of those.",
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
    wins = [(int(r[0] or 0), int(r[1] or 0)) for r in rows]
    out: list[list[Any]] = [
        [
            "win rate",
            n,
            Rate(sum(x for x, _ in wins), n),
            Rate(sum(y for _, y in wins), n),
            Difference(paired_rate_difference(wins), n, withheld="" if n else "no pairs"),
        ]
    ]
    for name, i in (("scenes completed", 2), ("threat left", 4), ("conditions taken", 6)):
        va = [float(r[i] or 0) for r in rows]
        vb = [float(r[i + 1] or 0) for r in rows]
        estimate = mean_difference([y - x for x, y in zip(va, vb, strict=True)])
        out.append(
            [
                name,
                n,
                f"{sum(va) / n:.2f}" if n else "-",
                f"{sum(vb) / n:.2f}" if n else "-",
                Difference(estimate, n, 1.0, "" if estimate else "needs 2 pairs"),
            ]
        )
    return Table(
        "compare",
        f"{labels[1]} against {labels[0]} ({n} paired seeds)",
        ["figure", "pairs", labels[0], labels[1], "B - A [95%]"],
        out,
        "The same seeds on both sides; an interval that does not hold 0 is a difference the "
        "games show at 95% confidence. The win rate's difference is in points (Newcombe's "
        "interval for paired rates), the others in their units (Student's t).",
        basis=PAIRED,
        extra={"win_diff": str(out[0][4]), "pairs": n},
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
    out = [
        [seat, n, Rate(wins, n), f"{score:.2f}", example] for seat, n, wins, score, example in rows
    ]
    return Table(
        "seats",
        "Win rate per seat",
        ["seat", "games", "won [95%]", "mean score", "a won game"],
        out,
        "A tie for first counts as a win for every seat tied; the interval is Wilson's for the "
        "games played.",
        chart=(0, 2),
    )


def _means(con: Any, run_ids: Sequence[int], where: str) -> tuple[list[list[Any]], int]:
    """Per (subject, kind, measure) of the ``counts`` rows ``where`` picks: its mean a session
    over every counted session (a session that does not name it counts 0) and its interval."""
    (n,) = con.execute(
        f"""SELECT count(*) FROM sessions s JOIN games g USING (game_id)
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted AND g.error IS NULL"""
    ).fetchone()
    rows = con.execute(
        f"""SELECT c.subject, c.kind, c.measure, sum(c.amount), sum(c.amount * c.amount),
        min(c.amount)
        FROM counts c JOIN sessions s ON s.game_id = c.game_id AND s.year = c.year
        JOIN games g ON g.game_id = c.game_id
        WHERE g.run_id IN ({_ids(run_ids)}) AND s.counted AND g.error IS NULL AND {where}
        GROUP BY ALL ORDER BY 2, 1, 3"""
    ).fetchall()
    out = []
    for subject, kind, measure, total, squares, least in rows:
        estimate = None
        if n >= 2:
            mean = total / n
            var = max(0.0, (squares - n * mean * mean) / (n - 1))
            half = t975(n - 1) * math.sqrt(var / n)
            # a count no session makes negative has no negative mean
            low = mean - half if least < 0 else max(0.0, mean - half)
            estimate = (mean, low, mean + half)
        out.append([subject, kind, measure, n, Mean(estimate, n, 1.0, "needs 2 sessions")])
    return out, n


def counts(con: Any, run_ids: Sequence[int]) -> Table:
    """Everything a game written in text counts, per card, place, event kind and number."""
    rows, n = _means(con, run_ids, "c.kind <> 'question'")
    return Table(
        "counts",
        f"What the games did, a session ({n} sessions)",
        ["subject", "kind", "counted", "sessions", "a session [95%]"],
        rows,
        "A mean a session over every session counted (0 where a session did not name it), "
        "with Student's t interval (never below 0 for a count). A card 'taken off by a "
        "player' left the map after a player's answer; 'by the rules', in the procedure's "
        "steps.",
        brief=(0, 2, 4),
    )


def questions(con: Any, run_ids: Sequence[int]) -> Table:
    """The figures a ruleset's own playtest names as its text's questions."""
    rows, n = _means(con, run_ids, "c.kind = 'question'")
    return Table(
        "questions",
        f"The text's questions, a session ({n} sessions)",
        ["question", "sessions", "a session [95%]"],
        [[subject, sessions, mean] for subject, _k, _m, sessions, mean in rows],
        "Each figure is a mean a session over every session counted, with Student's t "
        "interval; what each counts is in the ruleset's playtest.py.",
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
    "card use": card_use,
    "cards": cards,
    "scenes": scenes,
    "seats": seats,
    "counts": counts,
    "questions": questions,
}


def report(
    con: Any,
    run_ids: Sequence[int],
    campaigns: bool,
    shown: Sequence[str] | None = None,
    sessions: int = 6,
    more: Mapping[str, Callable[[Any, Sequence[int]], Table]] | None = None,
) -> list[Table]:
    """The overview, then the figures the ruleset's facts feed (all of the campaign game's
    when ``shown`` is not given: a store written before rulesets named theirs)."""
    tables = [overview(con, run_ids, sessions)]
    if campaigns and "seats" not in (shown or ()):
        tables.append(by_group(con, run_ids, "year", "Win rate per year", "years"))
    names = shown if shown is not None else [name for name in FIGURES if name != "seats"]
    known = {**FIGURES, **(more or {})}  # ``more``: the balance report's (``balance``)
    tables += [known[name](con, run_ids) for name in names]
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
        out.append([label.removeprefix("supply "), n, Rate(hit, n), worst or "-", Rate(wins, n)])
    return Table(
        "sweep",
        "Supply size: sessions where a resource ran out",
        ["supply", "sessions", "with a run-out [95%]", "most often out", "won [95%]"],
        out,
        "Supply: dice of each resource. The same seeds at every size; read off the smallest "
        "size whose run-out rate you accept. 'unbounded' is a supply no session empties.",
        chart=(0, 2),
        basis=PAIRED,
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
        pairs = [(int(a), int(b)) for a, b in rows]
        estimate = paired_rate_difference(pairs)
        out.append(
            [
                label.removeprefix("without "),
                len(pairs),
                Rate(sum(b for _a, b in pairs), len(pairs)),
                Difference(estimate, len(pairs), withheld="" if pairs else "no pairs"),
            ]
        )
    out.sort(key=lambda r: r[-1].value if r[-1].value is not None else 0.0)
    out += [[card, 0, "-", f"cannot be taken out: {why}"] for card, why in refused]
    return Table(
        "ablation",
        "What each card is worth: win rate without it",
        ["card taken out", "paired games", "won without it [95%]", "change, pts [95%]"],
        out,
        "Each card is removed from the text and the same seeds replayed; a negative change is "
        "what the card adds to the win rate (Newcombe's interval for paired rates). Most "
        "harmful removals first.",
        basis=PAIRED,
    )
