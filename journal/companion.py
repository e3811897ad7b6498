"""``chronicler roll``: the table companion for a game a GM runs (Tags and Tracks). It rolls for
a character from their sheet and asks each decision the ruleset's roll procedure has, with Rich
prompts. The ruleset comes from the registry; how its events read comes from the ruleset (its
contract's ``journal.account``). With ``--campaign`` (or a character's name where a sheet file
would be) the roll is recorded in the journal's log (``journal/log.py``), from the character's
sheet as the campaign's entries left it."""

from __future__ import annotations

import difflib
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from dsl.errors import ChroniclerError, UsageError
from journal.limits import SEED_MAX

if TYPE_CHECKING:
    from fractions import Fraction

    from dsl.compiler import CompiledRuleset
    from dsl.sheets import Sheet

ROLL_HELP = (
    "Roll a skill for a character at the table, asking each decision the rules have.\n\n"
    "The dice of the character's skill level plus advantages are rolled by the generator "
    "(--seed), or given with --dice as the faces the table's real dice showed (any die not "
    "given, such as one bought with stat points, is asked). Then the roll asks, in the rules' "
    "order: which die to raise or whether to buy a die with the --stat's points (each time "
    "saying the result if you stop now), and whether to take the skill a roll of all 6s or XP "
    "offers; then it cuts, reads the result and counts the hits. Answer a question with its "
    "number; the numbers stay put, an option not offered now is shown with why. --buy and "
    "--raise say the spending instead.\n\n"
    "In a campaign (--character NAME) the ruleset may be left out, the roll is recorded, and "
    "the consequences the character holds that hinder it are asked (or --hindered-by, "
    "--unhindered).\n\n"
    "Example: chronicler roll --character Brick --skill bash --stat STR --hard --dice 2,5,4 "
    "--raise 1 --raise 1"
)


ODDS_HELP = (
    "The exact odds of a check the ruleset declares in text, or of a roll.\n\n"
    'With CHECK: the chance of each outcome of that check (check "Name" { ... } in the '
    "ruleset's text), computed exactly from its declaration, a row for each value of one input "
    "(--by, by default the first input neither given with --input NAME=VALUE nor usual); a "
    "repeated check gives each outcome's chance within --within rolls, in the end, and the "
    "expected rolls; a judgement the check makes once it ends (judge NAME: ...) gives the "
    "chance of each of its bands. --reroll WAY (again for each re-roll, in order) with "
    "--reroll-on OUTCOME gives each outcome's chance when the table re-rolls those outcomes "
    "by the re-rolls the check declares. --json prints the exact fractions for tools.\n\n"
    "Without CHECK (Tags and Tracks): the chance of each result band and of at least N hits.\n\n"
    'The odds come from the ruleset\'s check "Roll", every outcome of the dice weighted by its '
    "chance, so they are exact fractions, not samples (--exact prints them as "
    "fractions). Without --level, a row for each skill level 1 to 6. With --points and --target, "
    "a last column gives the chance of at least --target hits when the points are spent as "
    "well as can be after seeing the dice.\n\n"
    "Examples: chronicler odds tags-and-tracks --level 3 --hard; "
    "chronicler odds tags-and-tracks Roll --input cuts=1 --by level"
)


def _story_characters(ctx: typer.Context, incomplete: str) -> list[str]:
    """The shell completes --character with the campaign's characters (a file name as well:
    the shell's own completion of files stays on)."""
    from journal.completion import completions

    campaign = ctx.params.get("campaign")
    return completions(ctx.params.get("db"), "story character", incomplete, campaign or None)


def register(app: typer.Typer) -> None:
    app.command("roll", help=ROLL_HELP)(roll_command)
    app.command("odds", help=ODDS_HELP)(odds_command)


def odds_command(
    ruleset: str | None = typer.Argument(
        None,
        help="The ruleset: a name (tags-and-tracks) or a folder (default: the current campaign's).",
        show_default=False,
    ),
    check: str | None = typer.Argument(
        None, help='A check the ruleset declares (check "Roll" { ... }): its odds.'
    ),
    given: Annotated[
        list[str] | None,
        typer.Option("--input", help="An input of the check, NAME=VALUE (again for each)."),
    ] = None,
    by: str | None = typer.Option(None, "--by", help="The input the rows go by."),
    within: int = typer.Option(
        5, "--within", min=1, help="A repeated check: its chances within this many rolls."
    ),
    as_json: bool = typer.Option(
        False, "--json", help="Print JSON for a script (chances as fractions with --exact)."
    ),
    level: int | None = typer.Option(
        None, "--level", min=1, help="The skill level (default: 1 to 6)."
    ),
    easy: bool = typer.Option(False, "--easy", help="Easy: an extra die."),
    hard: bool = typer.Option(False, "--hard", help="Hard: cut the highest die."),
    far: bool = typer.Option(False, "--far", help="Far: cut the highest die."),
    assist: int = typer.Option(0, "--assist", min=0, help="Helpers with a relevant skill."),
    cut: int = typer.Option(0, "--cut", min=0, help="More cuts (from consequences)."),
    exact: bool = typer.Option(False, "--exact", help="Print fractions, not percentages."),
    reroll: Annotated[
        list[str] | None,
        typer.Option(
            "--reroll",
            help="With CHECK: a re-roll the check declares, taken in this order (again for "
            "each); with --reroll-on.",
        ),
    ] = None,
    reroll_on: Annotated[
        list[str] | None,
        typer.Option("--reroll-on", help="With --reroll: an outcome re-rolled (again for each)."),
    ] = None,
    points: int | None = typer.Option(
        None, "--points", min=0, help="Stat points held, spent as well as can be (with --target)."
    ),
    target: int | None = typer.Option(
        None, "--target", min=1, help="The hits needed: the chance of at least that many."
    ),
) -> None:
    from rich import box
    from rich.table import Table

    from journal.rulesets import find_ruleset

    game = find_ruleset(ruleset)
    if check is not None:
        from journal.odds import odds_of_check

        if level is not None or easy or hard or far or assist or cut or points or target:
            raise UsageError(
                "--level, --easy, --hard, --far, --assist, --cut, --points and --target are the "
                "roll's table; with a CHECK give its inputs: --input NAME=VALUE"
            )
        odds_of_check(
            game, check, given or [], by, within, exact, as_json, reroll or [], reroll_on or []
        )
        return
    engine = game.odds
    if engine is None:
        raise UsageError(f"the ruleset {game.name!r} has no dice odds")
    rules = game.compiled()
    levels = [level] if level is not None else list(range(1, 7))
    if points is not None and target is None:
        raise UsageError("--points needs --target: the hits the points are spent to reach")
    rows = []
    for at in levels:
        pool = engine.dice_and_cuts(
            rules, level=at, easy=easy, assist=assist, hard=hard, far=far, cuts=cut
        )
        if pool.dice > engine.max_dice:
            raise UsageError(f"{pool.dice} dice: the odds are computed for up to {engine.max_dice}")
        best = None
        if target is not None:
            best = engine.best_chance(rules, pool.dice, pool.cuts, points or 0, target)
        rows.append((at, engine.roll_odds(rules, pool.dice, pool.cuts), best))
    if as_json:
        _odds_json(game.name, rows, points, target, exact)
        return
    most = max(odds.dice for _, odds, _ in rows)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("level", justify="right")
    table.add_column("dice", justify="right")
    table.add_column("cuts", justify="right")
    for band in rows[0][1].bands:
        table.add_column(band, justify="right")
    for n in range(1, most + 1):
        table.add_column(f">={n} hit" + ("s" if n > 1 else ""), justify="right")
    if target is not None:
        table.add_column(f">={target} with {points or 0} points", justify="right")

    def shown(p: Fraction) -> str:
        return str(p) if exact else f"{float(p) * 100:.1f}%"

    for at, odds, best in rows:
        cells = [str(at), str(odds.dice), str(odds.cuts)]
        cells += [shown(p) for p in odds.bands.values()]
        cells += [shown(odds.at_least[n]) if n in odds.at_least else "" for n in range(1, most + 1)]
        if best is not None:
            cells.append(shown(best))
        table.add_row(*cells)
    Console(highlight=False, width=200).print(table)


def _odds_json(
    ruleset: str, rows: list[Any], points: int | None, target: int | None, exact: bool
) -> None:
    """``odds --json``: a row per level, each chance a number (a fraction "7/72" with
    --exact)."""
    from journal.commands import print_json

    def chance(p: Any) -> Any:
        return str(p) if exact else float(p)

    print_json(
        {
            "ruleset": ruleset,
            "points": points,
            "target": target,
            "rows": [
                {
                    "level": at,
                    "dice": odds.dice,
                    "cuts": odds.cuts,
                    "bands": {band: chance(p) for band, p in odds.bands.items()},
                    "at_least": {str(n): chance(p) for n, p in odds.at_least.items()},
                    "no_hits": chance(odds.no_hits),
                    "best": None if best is None else chance(best),
                }
                for at, odds, best in rows
            ],
        }
    )


def _faces(text: str | None, sides: int) -> list[int]:
    if text is None:
        return []
    faces = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or not 1 <= int(part) <= sides:
            raise UsageError(
                f"--dice: {part!r} is not a face of a d{sides} (write faces 1-{sides}, "
                "separated by commas: 6,4,2)"
            )
        faces.append(int(part))
    return faces


def _near(word: str, names: list[str]) -> str:
    near = difflib.get_close_matches(word, names, n=2, cutoff=0.5)
    return (
        f"; did you mean {' or '.join(near)}?" if near else f"; the sheet has: {', '.join(names)}"
    )


def _counted(number: int, noun: str, plural: str | None = None) -> str:
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def roll_command(
    ruleset: str | None = typer.Argument(
        None,
        help="The ruleset: a name (tags-and-tracks) or the folder of its text (default: the "
        "current campaign's).",
        show_default=False,
    ),
    character: str = typer.Option(
        ...,
        "--character",
        help="The character's sheet file; or, in a campaign, the character's name.",
        autocompletion=_story_characters,
    ),
    skill: str = typer.Option(..., "--skill", help="The skill rolled, as the sheet names it."),
    stat: str | None = typer.Option(
        None, "--stat", help="The most relevant stat, whose points may be spent (STR)."
    ),
    easy: bool = typer.Option(False, "--easy", help="Easy: an extra die."),
    hard: bool = typer.Option(False, "--hard", help="Hard: cut the highest die."),
    far: bool = typer.Option(False, "--far", help="Far: cut the highest die."),
    assist: int = typer.Option(0, "--assist", min=0, help="Helpers with a relevant skill."),
    cut: int = typer.Option(0, "--cut", min=0, help="More cuts, from what else hinders the roll."),
    hindered_by: list[str] | None = typer.Option(  # noqa: B008 - Typer reads defaults
        None,
        "--hindered-by",
        help="A consequence the character holds that hinders this roll (repeat for each); "
        "else they are asked.",
    ),
    unhindered: bool = typer.Option(
        False, "--unhindered", help="No consequence the character holds hinders this roll."
    ),
    raise_: list[int] | None = typer.Option(  # noqa: B008
        None,
        "--raise",
        min=1,
        help="Spend a point to raise this die (its number; repeat to raise it again): then no "
        "spending is asked.",
    ),
    buy: int = typer.Option(
        0, "--buy", min=0, help="Spend points to buy this many extra dice, then raise (--raise)."
    ),
    xp: int | None = typer.Option(
        None, "--xp", min=0, help="The XP the character holds now (a sheet file's roll only)."
    ),
    dice: str | None = typer.Option(
        None, "--dice", help="The faces the table rolled, in order: 6,4,2."
    ),
    seed: int | None = typer.Option(
        None,
        "--seed",
        help="Seed of the generator's dice (default: a new one).",
        min=0,
        max=SEED_MAX,
    ),
    campaign: str | None = typer.Option(
        None,
        "--campaign",
        help="Record the roll in this campaign (default: the one 'chronicler use' chose, when "
        "--character is not a file).",
    ),
    new_skill: str | None = typer.Option(
        None,
        "--new-skill",
        help="The name of a skill the roll gains, if it gains one (else it is asked).",
    ),
    db: str | None = typer.Option(
        None, "--db", envvar="CHRONICLER_DB", help="Journal file or database URL."
    ),
) -> None:
    from dsl.dice import choosing
    from journal.rulesets import campaign_plays, check_table_verb, find_ruleset

    named = find_ruleset(ruleset) if ruleset is not None else None  # its errors first
    journaled = _campaign_of(campaign, character, db)
    plays = campaign_plays(db, journaled) if journaled is not None else None
    if journaled is not None and plays is not None:
        check_table_verb(("roll",), journaled, plays)
    game = named or find_ruleset(plays, db)  # left out: the campaign's
    engine = game.story
    if engine is None:
        raise UsageError(f"the ruleset {game.name!r} has no roll for a character")
    rules = game.compiled()
    account = engine.account  # how the roll's events and choices read at the table
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    out = Console(highlight=False, soft_wrap=True)
    held: list[Any] = []
    if journaled is not None:
        if xp is not None:
            raise UsageError("--xp is read from the journal's sheet when a roll is recorded")
        sheet = _journal_sheet(journaled, character, db, game.name)
        points_of = {st.name: st.points for st in sheet.stats}
        xp = sheet.xp
        held = list(sheet.consequences)
    else:
        sheet = story_sheet(checked_sheet(Path(character), rules))
        points_of = {st.name: st.points for st in sheet.stats}
    rolled = sheet.skill(skill)
    if rolled is None:
        names = [s.name for s in sheet.skills]
        raise UsageError(f"{sheet.name} has no skill {skill!r}{_near(skill, names)}")
    points, stat_name = 0, None
    if stat is not None:
        stat_name = rules.vocabulary.member("stats", stat)
        if stat_name is None or stat_name not in points_of:
            raise UsageError(f"{sheet.name} has no stat {stat!r}{_near(stat, list(points_of))}")
        points = points_of[stat_name]
    plan = choosing.Plan(raises=list(raise_ or []), buys=buy)
    if plan.said and stat_name is None:
        raise UsageError("--raise and --buy spend a stat's points: give --stat too")
    label = _stat_labels(rules)
    fatal = int(rules.values["fatal consequence"])
    if held:
        out.print(
            escape(
                f"{sheet.name} holds "
                + ", ".join(f"{c.name} -{c.level} ({label(c.stat)})" for c in held)
            )
        )
    for dying in [c for c in held if c.level >= fatal]:
        err.print(
            escape(
                f"warning: {sheet.name} holds {dying.name} -{dying.level} ({label(dying.stat)}), "
                f"a fatal consequence: the table decides whether they can act at all"
            )
        )
    hindering = _hindrances(out, held, hindered_by, unhindered, label, rules)
    odds = engine.dice_and_cuts(
        rules,
        level=rolled.level,
        easy=easy,
        assist=assist,
        hard=hard,
        far=far,
        cuts=cut,
        hindered_by=[c.level for c in hindering],
    )
    faces = _faces(dice, int(rules.values["die sides"]))
    if len(faces) > odds.dice + buy:
        bought = f" and {_counted(buy, 'die', 'dice')} bought" if buy else ""
        raise UsageError(
            f"--dice: {_counted(len(faces), 'face')} for the "
            f"{_counted(odds.dice, 'die', 'dice')} of {rolled.name} {rolled.level}{bought}; "
            "a die bought with points is asked when it is bought (or give --buy N)"
        )
    chosen_seed = seed if seed is not None else secrets.randbelow(2**32)
    roll = engine.new_roll(
        rules,
        character=sheet.name,
        skill=rolled.name,
        level=rolled.level,
        advantages=odds.dice - rolled.level,
        cuts=odds.cuts,
        stat=stat_name,
        points=points,
        xp=xp or 0,
        seed=chosen_seed,
        dice=faces,
        table_dice=dice is not None,
        skills=[s.name for s in sheet.skills],
    )
    if dice is None:
        out.print(f"(dice from the generator, seed {chosen_seed})", style="dim")
    told = 0
    lines: list[str] = []
    while True:
        decision = roll.pending()
        for event in roll.events[told:]:
            lines.append(account.line(event))
            out.print(escape(lines[-1]))
        told = len(roll.events)
        if decision is None:
            break
        try:
            planned = choosing.answer_from_plan(roll, decision, plan)
        except choosing.PlanRefused as refused:
            raise ChroniclerError(f"{refused}; nothing recorded") from None
        if planned is not None:
            roll.apply(planned)
            continue
        if new_skill is not None and not list(decision.options) and hasattr(decision, "check"):
            try:  # the skill's name, given on the command line
                roll.apply(decision.check(new_skill))
            except ValueError as refused:
                raise UsageError(f"--new-skill: {refused}") from None
            continue
        if "done" in decision.options:  # a spending question: where the roll stands
            stopped = account.stopped_line(roll)
            if stopped is not None:
                out.print(escape(stopped))
        roll.apply(_ask(out, decision, roll, account))
    if plan.left is not None:
        raise ChroniclerError(
            f"{plan.left}: {sheet.name} had no points left to spend on it; nothing recorded"
        )
    done = engine.outcome(roll)
    out.print(f"[bold]{escape(account.outcome_line(done, stat_name))}[/]")
    if journaled is not None:
        entry = _record_roll(
            journaled,
            db,
            sheet.name,
            changes_of_roll(
                rolled, odds, stat_name, points, xp or 0, done, dice is None, chosen_seed, lines
            ),
        )
        out.print(f"Recorded in {escape(journaled)} as entry {entry.number}.")


def _stat_labels(rules: Any) -> Any:
    """A stat as a sheet writes it (STR), from the ruleset's aliases."""
    aliases = {full: alias.upper() for alias, full in rules.vocabulary.aliases.items()}
    return lambda name: aliases.get(name, name)


def _hindrances(
    out: Console,
    held: list[Any],
    named: list[str] | None,
    none: bool,
    label: Any,
    rules: Any,
) -> list[Any]:
    """The consequences held that hinder this roll: named with --hindered-by, none with
    --unhindered, else asked (each cuts the roll by its level)."""
    if named and none:
        raise UsageError("--hindered-by or --unhindered, not both")
    if none or not held:
        if named:
            raise UsageError(f"--hindered-by: the character holds no consequence ({named[0]!r})")
        return []
    if named:
        chosen = []
        for name in named:
            found = next((c for c in held if c.name.casefold() == name.strip().casefold()), None)
            if found is None:
                raise UsageError(
                    f"--hindered-by: no consequence {name!r} is held"
                    f"{_near(name, [c.name for c in held])}"
                )
            chosen.append(found)
        return chosen
    from rich.prompt import Prompt

    per_level = int(rules.values["cuts per consequence level"])
    out.print("Which consequences hinder this roll?")
    for number, c in enumerate(held, start=1):
        cuts = _counted(per_level * c.level, "cut")
        out.print(escape(f"  {number}. {c.name} -{c.level} ({label(c.stat)}): {cuts}"))
    while True:
        text = _prompt(Prompt, out, "Numbers, separated by commas (0: none)", None)
        words = [w.strip() for w in text.replace(" ", ",").split(",") if w.strip()]
        if words == ["0"]:
            return []
        if words and all(w.isdigit() and 1 <= int(w) <= len(held) for w in words):
            return [held[int(w) - 1] for w in dict.fromkeys(words)]
        out.print(f"Write numbers 1 to {len(held)} separated by commas, or 0.", style="red")


def _ruleset_of(campaign: str, db: str | None) -> str:
    """The ruleset a campaign plays (a roll left without one rolls the campaign's)."""
    from journal import ledger
    from journal.commands import _journal

    with _journal(db, create=False) as journal, journal.reading() as s:
        return str(ledger.get_campaign(s, campaign).ruleset)


def _campaign_of(campaign: str | None, character: str, db: str | None) -> str | None:
    """The campaign a roll is recorded in: --campaign, or (when --character names no file)
    the one 'chronicler use' chose; None for a sheet file's roll, recorded nowhere."""
    if campaign is not None:
        if not campaign.strip():
            raise UsageError("--campaign is empty; give the campaign's name")
        return campaign.strip()
    if Path(character).is_file():
        return None
    from journal.focus import current_campaign

    try:
        return current_campaign(db)
    except ChroniclerError:
        raise UsageError(
            f"--character: no sheet file {character!r}; to roll for a character of a "
            "campaign, give --campaign NAME (or choose one with 'chronicler use NAME')"
        ) from None


def _journal_sheet(campaign: str, who: str, db: str | None, ruleset: str) -> Any:
    """The character's sheet as the campaign's entries left it (under ``entry amend N``: as
    the entries before N left it)."""
    from journal import log
    from journal.commands import _journal
    from journal.tags_and_tracks import story

    with _journal(db, create=False) as journal, journal.reading() as s:
        row, game = story.story_campaign(s, campaign)
        if game.name != ruleset:
            raise UsageError(f"{row.name!r} plays {game.name}, not {ruleset}")
        return log.state_now(s, row).character(row, who)


def changes_of_roll(
    rolled: Any,
    odds: Any,
    stat: str | None,
    points: int,
    xp: int,
    done: Any,
    generated: bool,
    seed: int,
    lines: list[str],
) -> Any:
    """What a roll did, as the journal records it: the skill rolled, its pool, and where it
    ended (the engine's ``Outcome``)."""
    from journal.tags_and_tracks import changes, payloads

    return changes.RollDone(
        skill=rolled.name,
        level=rolled.level,
        dice=odds.dice,
        cuts=odds.cuts,
        stat=stat,
        faces=list(done.dice),
        highest=done.highest,
        band=done.band,
        hits=done.hits,
        points_before=points,
        points_after=done.points,
        xp_before=xp,
        xp_after=done.xp,
        gained=payloads.GainedSkill(**done.gained) if done.gained is not None else None,
        seed=seed if generated else None,
        lines=lines,
    )


def _record_roll(campaign: str, db: str | None, who: str, done: Any) -> Any:
    """Record the roll in the campaign's log; returns the entry written."""
    from journal import log
    from journal.commands import _journal
    from journal.tags_and_tracks import changes, story

    def work(s: Any) -> Any:
        row, game = story.story_campaign(s, campaign)
        return log.record(
            s, row.name, "roll", lambda state: changes.record_roll(state, row, game, who, done)
        )

    with _journal(db, create=False) as journal:
        return journal.write(work)


def checked_sheet(path: Path, rules: CompiledRuleset, undone: str = "nothing rolled") -> Sheet:
    """The sheet file, read as the text's ``sheet`` block whose ``files`` names its ending and
    checked as 'chronicler check' checks it; every problem it has is printed, and the verb
    refused (``undone`` says what was not done)."""
    from dsl.commands import print_diagnostics
    from dsl.diagnostics import CheckFailed
    from dsl.sheets import load_sheet

    try:
        return load_sheet(path, rules)
    except CheckFailed as failed:
        print_diagnostics(failed.diagnostics, Console(stderr=True, highlight=False, soft_wrap=True))
        errors = len(failed.diagnostics.errors)
        raise ChroniclerError(
            f"{path}: the sheet has {errors} error{'s' if errors != 1 else ''}; {undone}"
        ) from None


def story_sheet(sheet: Sheet) -> Any:
    """A checked sheet file as the journal keeps a character's sheet."""
    from journal.tags_and_tracks import story

    return story.sheet_of_character(sheet)


def _ask(out: Console, decision: Any, game: Any, account: Any) -> Any:
    """A person's answer: free text asked until legal, a die's face, or a number of a menu
    whose numbers stay put (what is not offered now is shown, and not taken)."""
    from rich.prompt import Prompt

    from dsl.dice.choosing import menu

    options = list(decision.options)
    if not options and hasattr(decision, "check"):  # free text (a name): asked until legal
        while True:
            text = _prompt(Prompt, out, escape(decision.prompt), None)
            try:
                return decision.check(text)
            except ValueError as refused:
                out.print(escape(str(refused)), style="red")
    if str(decision.kind) == "roll":  # the table's die: its face is the answer
        choices = [str(o) for o in options]
        text = _prompt(Prompt, out, escape(decision.prompt), choices)
        return options[choices.index(text)]
    out.print(escape(decision.prompt))
    entries = menu(game, decision)
    for entry in entries:
        out.print(
            "  " + escape(account.option_line(game, entry)), style=None if entry.offered else "dim"
        )
    choices = [str(e.number) for e in entries if e.offered]
    picked = int(_prompt(Prompt, out, "Your choice", choices))
    return next(e.answer for e in entries if e.number == picked)


def _prompt(prompt: Any, out: Console, text: str, choices: list[str] | None) -> str:
    try:
        return str(prompt.ask(text, choices=choices, console=out))
    except EOFError:
        raise UsageError(f"no answer was given to: {text}") from None
