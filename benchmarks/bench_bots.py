"""Six Winters bots scoreboard: year-1 win rate, win rate per campaign year and over whole
campaigns (with 95% Wilson intervals), conditions taken per year, scenes per session, threat
left, and sessions per second, for each bot.

Run: ``.venv/bin/python benchmarks/bench_bots.py [--seeds N] [--campaigns M] [--bots a,b]``.
``--seeds N --against REV`` plays the year-1 sessions of seeds 0..N-1 with the heuristic bot
here and at the git revision REV, and prints both win rates and their difference paired by
seed, with 95% intervals. ``--finale N [--against REV]`` plays years 1-5 of campaigns
0..N-1 once (this tree's heuristic bot, seeds as ``play_campaign`` gives them) and then
their finale (year 6) here and, with ``--against``, with the heuristic bot of the git
revision REV from the same year-5 campaigns: the finale win rates and their difference
paired by campaign, with 95% intervals.
Year-1 sessions are from a fresh campaign (seeds 0..N-1, Parin and Kanun); campaigns are
``engine.play_campaign`` with seeds 0..M-1, the bot choosing each year's characters (a campaign
counts as won if its six years are won; "years won" is the median number of won years per
campaign; "conditions" is the mean number of conditions the two characters take in each year's
session). Medians are quoted for scenes and threat left.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trees import checkout, run_on

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


ROOT = Path(__file__).resolve().parents[1]

# The finale of each year-5 campaign, played in a fresh process on one tree (``sys.argv[1]``)
# through the engine's public API: the campaigns are read from ``sys.argv[2]`` (JSON lines of
# seed, year-6 seed, characters, campaign); prints one JSON line, the years won (0 or 1).
FINALE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot
ruleset = engine.load_ruleset()
won = []
for line in open(sys.argv[2]):
    seed, year_seed, chosen, text = json.loads(line)
    session = engine.new_session(
        ruleset, engine.CampaignState.from_json(text), year_seed, chosen
    )
    bot = HeuristicBot(seed)
    bot.bind(session)
    engine.play(session, bot)
    won.append(int(session.result().won))
print(json.dumps(won))
"""


# Year-1 sessions of seeds 0..N-1 (``sys.argv[2]``), Parin and Kanun, by the heuristic bot, in
# a fresh process on one tree: prints one JSON line, each session won (0 or 1).
YEAR_ONE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot
ruleset = engine.load_ruleset()
campaign = engine.new_campaign(ruleset)
won = []
for seed in range(int(sys.argv[2])):
    session = engine.new_session(ruleset, campaign, seed, ["Parin", "Kanun"])
    bot = HeuristicBot(seed)
    bot.bind(session)
    engine.play(session, bot)
    won.append(int(session.result().won))
print(json.dumps(won))
"""


def paired(label: str, here: list[int], there: list[int], revision: str) -> None:
    """Two win rates over the same games, and their difference paired game by game."""
    count = len(here)
    for name, wins in (("here", here), (f"at {revision}", there)):
        low, high = wilson(sum(wins), count)
        print(f"{label}, {name}: {sum(wins) / count:.1%} [{low:.1%}, {high:.1%}] of {count}")
    diffs = [a - b for a, b in zip(here, there, strict=True)]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(count) if count > 1 else 0.0
    print(
        f"  here minus there {mean * 100:+.1f} pts [{(mean - half) * 100:+.1f}, "
        f"{(mean + half) * 100:+.1f}] (paired); {sum(1 for d in diffs if d)} games differ"
    )


def year_one_against(count: int, revision: str) -> None:
    here = list(run_on(ROOT, YEAR_ONE, str(count)))
    with checkout(revision) as tree:
        there = list(run_on(tree, YEAR_ONE, str(count)))
    paired("year 1 (heuristic)", here, there, revision)


def year_five_campaigns(ruleset, count: int) -> list[str]:
    """Years 1-5 of campaigns 0..count-1 by the heuristic bot (the seeds and characters
    ``play_campaign`` would give), as JSON lines for ``FINALE``."""
    from rules.six_winters.campaign import choose_characters, end_session

    years = ruleset.value("years", 6)
    lines = []
    for seed in range(count):
        rng = random.Random(seed)
        campaign = engine.new_campaign(ruleset)
        bot = BOTS["heuristic"](seed)
        while campaign.year < years:
            chosen = choose_characters(bot, campaign, ruleset)
            session = engine.new_session(ruleset, campaign, rng.randrange(2**31), chosen)
            bot.bind(session)
            engine.play(session, bot)
            campaign = end_session(campaign, session)
        year_seed = rng.randrange(2**31)
        chosen = choose_characters(bot, campaign, ruleset)
        lines.append(json.dumps([seed, year_seed, chosen, campaign.to_json()]))
    return lines


def finales(tree: Path, path: Path) -> list[int]:
    return list(run_on(tree, FINALE, str(path)))


def finale(ruleset, count: int, revision: str | None) -> None:
    """The finale win rate here (and at ``revision``) from the same year-5 campaigns."""
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "year5.jsonl"
        path.write_text("\n".join(year_five_campaigns(ruleset, count)) + "\n")
        here = finales(ROOT, path)
        there = None
        if revision:
            with checkout(revision) as tree:
                there = finales(tree, path)
    low, high = wilson(sum(here), count)
    print(
        f"finale (year 6) from {count} year-5 campaigns: here {sum(here) / count:.1%} "
        f"[{low:.1%}, {high:.1%}]"
    )
    if there is not None:
        low, high = wilson(sum(there), count)
        diffs = [a - b for a, b in zip(here, there, strict=True)]
        mean = statistics.mean(diffs)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(count) if count > 1 else 0.0
        print(
            f"  at {revision}: {sum(there) / count:.1%} [{low:.1%}, {high:.1%}]; "
            f"here minus there {mean * 100:+.1f} pts [{(mean - half) * 100:+.1f}, "
            f"{(mean + half) * 100:+.1f}] (paired by campaign)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--campaigns", type=int, default=20)
    parser.add_argument("--bots", default="random,heuristic")
    parser.add_argument("--finale", type=int, default=0, metavar="N")
    parser.add_argument(
        "--against", metavar="REV", help="a git revision: year 1 (or --finale) paired with it"
    )
    args = parser.parse_args()
    ruleset = engine.load_ruleset()
    if args.finale:
        finale(ruleset, args.finale, args.against)
        return
    if args.against:
        year_one_against(args.seeds, args.against)
        return
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
