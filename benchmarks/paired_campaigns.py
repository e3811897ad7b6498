"""Six Winters whole campaigns, here and at another revision, paired by campaign seed (not a
benchmark of ``make bench``: it needs a revision and takes minutes).

Run: ``.venv/bin/python benchmarks/paired_campaigns.py --campaigns N [--start S] --against REV``.
Campaigns S..S+N-1 are played from year 1 to the finale by this tree's heuristic bot and by
REV's (the seeds and characters ``play_campaign`` gives), each tree in a fresh process: the win
rate of each year on both sides (95% Wilson intervals), the difference paired by campaign
(mean of the per-campaign differences, 95% normal interval), and the obstacle deck and the
reserve at the finale's start. ``bench_bots.py --finale`` plays years 1-5 once with this tree's
bot, so it measures the finale's play alone; this measures what the years before leave it.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_bots import wilson
from trees import checkout, run_on

ROOT = Path(__file__).resolve().parents[1]

# Campaigns ``sys.argv[2]``.. (``sys.argv[3]`` of them) on one tree (``sys.argv[1]``); prints
# one JSON line: per campaign, the years won (0 or 1 each), and the obstacle deck's size and
# the reserve's size at the finale's start.
CAMPAIGNS = """
import json, random, sys
sys.path.insert(0, sys.argv[1])
from rules.six_winters import engine
from rules.six_winters.bots import HeuristicBot
from rules.six_winters.campaign import choose_characters, end_session
ruleset = engine.load_ruleset()
years = ruleset.value("years", 6)
start, count = int(sys.argv[2]), int(sys.argv[3])
out = []
for seed in range(start, start + count):
    rng = random.Random(seed)
    campaign = engine.new_campaign(ruleset)
    bot = HeuristicBot(seed)
    won, deck, reserve = [], 0, 0
    while True:
        if campaign.year == years:
            deck = len(campaign.decks.get("obstacle", []))
            reserve = len(campaign.reserve)
        chosen = choose_characters(bot, campaign, ruleset)
        session = engine.new_session(ruleset, campaign, rng.randrange(2**31), chosen)
        bot.bind(session)
        engine.play(session, bot)
        won.append(int(session.result().won))
        if campaign.year >= years:
            break
        campaign = end_session(campaign, session)
    out.append([won, deck, reserve])
print(json.dumps(out))
"""


def play(tree: Path, start: int, count: int) -> list[list]:
    return list(run_on(tree, CAMPAIGNS, str(start), str(count)))


def paired(here: list[int], there: list[int]) -> str:
    diffs = [a - b for a, b in zip(here, there, strict=True)]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return f"{mean * 100:+.1f} pts [{(mean - half) * 100:+.1f}, {(mean + half) * 100:+.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--campaigns", type=int, default=200)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--against", required=True, metavar="REV", help="a git revision")
    args = parser.parse_args()
    here = play(ROOT, args.start, args.campaigns)
    with checkout(args.against) as tree:
        there = play(tree, args.start, args.campaigns)
    n = args.campaigns
    print(f"campaigns {args.start}-{args.start + n - 1}, here against {args.against}:")
    for year in range(len(here[0][0])):
        a = [c[0][year] for c in here]
        b = [c[0][year] for c in there]
        (la, ha), (lb, hb) = wilson(sum(a), n), wilson(sum(b), n)
        print(
            f"  year {year + 1}: here {sum(a) / n:.1%} [{la:.1%}, {ha:.1%}], "
            f"there {sum(b) / n:.1%} [{lb:.1%}, {hb:.1%}]; here minus there {paired(a, b)}"
        )
    for k, what in ((1, "obstacle deck"), (2, "reserve")):
        print(
            f"  at the finale's start, the {what}: here {statistics.mean(c[k] for c in here):.2f}"
            f", there {statistics.mean(c[k] for c in there):.2f} cards"
        )


if __name__ == "__main__":
    main()
