"""Six Winters bots scoreboard: year-1 win rate, win rate per campaign year and over whole
campaigns (with 95% Wilson intervals), conditions taken per year, scenes per session, threat
left, and sessions per second, for each bot.

Run: ``.venv/bin/python benchmarks/bench_bots.py [--seeds N] [--campaigns M] [--bots a,b]``.
Year-1 sessions are from a fresh campaign (seeds 0..N-1, Parin and Kanun); campaigns are
``engine.play_campaign`` with seeds 0..M-1, the bot choosing each year's characters (a campaign
counts as won if its six years are won; "years won" is the median number of won years per
campaign; "conditions" is the mean number of conditions the two characters take in each year's
session). Medians are quoted for scenes and threat left.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.six_winters import engine
from rules.six_winters.bots import BOTS


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate of ``n`` sessions."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def year_one(ruleset, bot_name: str, seeds: int) -> dict[str, float]:
    campaign = engine.new_campaign(ruleset)
    won, scenes, threat = 0, [], []
    start = time.perf_counter()
    for seed in range(seeds):
        session = engine.new_session(ruleset, campaign, seed, ["Parin", "Kanun"])
        bot = BOTS[bot_name](seed)
        if hasattr(bot, "bind"):  # a bot that reads the session's cards or searches its copies
            bot.bind(session)
        engine.play(session, bot)
        r = session.result()
        won += r.won
        scenes.append(r.scenes_completed)
        threat.append(r.threat_left)
    seconds = time.perf_counter() - start
    low, high = wilson(won, seeds)
    return {
        "win": won / seeds,
        "low": low,
        "high": high,
        "scenes": statistics.median(scenes),
        "scenes_mean": statistics.mean(scenes),
        "threat": statistics.median(threat),
        "per_s": seeds / seconds,
    }


def campaigns(ruleset, bot_name: str, count: int) -> dict[str, object]:
    per_year: dict[int, list[int]] = {}
    conditions: dict[int, list[int]] = {}
    years_won, scenes, threat, whole = [], [], [], 0
    for seed in range(count):
        won_here = 0
        for _campaign, session in engine.play_campaign(ruleset, seed, BOTS[bot_name](seed)):
            r = session.result()
            per_year.setdefault(r.year, []).append(int(r.won))
            taken = sum(1 for e in session.events if e.kind == "condition_taken")
            conditions.setdefault(r.year, []).append(taken)
            won_here += r.won
            scenes.append(r.scenes_completed)
            threat.append(r.threat_left)
        years_won.append(won_here)
        whole += won_here == len(per_year)
    return {
        "per_year": {y: sum(v) / len(v) for y, v in sorted(per_year.items())},
        "intervals": {y: wilson(sum(v), len(v)) for y, v in sorted(per_year.items())},
        "conditions": {y: statistics.mean(v) for y, v in sorted(conditions.items())},
        "years_won": statistics.median(years_won),
        "any_year": sum(1 for y in years_won if y) / count,
        "all_years": whole / count,
        "scenes": statistics.median(scenes),
        "threat": statistics.median(threat),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--campaigns", type=int, default=20)
    parser.add_argument("--bots", default="random,heuristic")
    args = parser.parse_args()
    ruleset = engine.load_ruleset()
    for name in args.bots.split(","):
        y1 = year_one(ruleset, name, args.seeds) if args.seeds else None
        if y1 is not None:
            print(
                f"{name:10s} year 1 ({args.seeds} seeds): win {y1['win']:.0%} "
                f"[{y1['low']:.0%}, {y1['high']:.0%}]  "
                f"scenes median {y1['scenes']:g} (mean {y1['scenes_mean']:.2f})  "
                f"threat left median {y1['threat']:g}  {y1['per_s']:.1f} sessions/s"
            )
        if args.campaigns:
            c = campaigns(ruleset, name, args.campaigns)
            spans: dict[int, tuple[float, float]] = c["intervals"]  # type: ignore[assignment]
            rates: dict[int, float] = c["per_year"]  # type: ignore[assignment]
            years = "  ".join(
                f"y{y} {w:.0%} [{spans[y][0]:.0%}, {spans[y][1]:.0%}]" for y, w in rates.items()
            )
            taken = " ".join(f"{n:.1f}" for n in c["conditions"].values())  # type: ignore[union-attr]
            print(
                f"{'':10s} campaigns ({args.campaigns}): {years}  years won "
                f"median {c['years_won']:g}, any year won {c['any_year']:.0%}, "
                f"all six {c['all_years']:.0%}"
                f"  scenes median {c['scenes']:g}  threat left median {c['threat']:g}"
                f"  conditions a year (y1-y6) {taken}"
            )


if __name__ == "__main__":
    main()
