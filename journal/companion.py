"""``chronicler roll``: the table companion for a game a GM runs (Tags and Tracks). It rolls for
a character from their sheet and asks each decision the ruleset's roll procedure has, with Rich
prompts. The ruleset comes from the registry; how its events read comes from the ruleset
(``account.py``). With ``--campaign`` (or a character's name where a sheet file would be)
the roll is recorded in the journal (``journal/tables/story.py``), from the character's sheet
as it stands there."""

from __future__ import annotations

import difflib
import secrets
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from dsl.errors import ChroniclerError, UsageError

ROLL_HELP = (
    "Roll a skill for a character at the table, asking each decision the rules have.\n\n"
    "The dice of the character's skill level plus advantages are rolled by the generator "
    "(--seed), or given with --dice as the faces the table's real dice showed (any die not "
    "given, such as one bought with stat points, is asked). Then the roll asks, in the rules' "
    "order: which die to raise or whether to buy a die with the --stat's points, and whether "
    "to take the skill a roll of all 6s or XP offers; then it cuts, reads the result and counts "
    "the hits. Answer a question with its number.\n\n"
    "Example: chronicler roll tags-and-tracks --character brick.character --skill bash "
    "--stat STR --hard --dice 2,5,4"
)


ODDS_HELP = (
    "The exact odds of a check the ruleset declares in text, or of a roll.\n\n"
    'With CHECK: the chance of each outcome of that check (check "Name" { ... } in the '
    "ruleset's text), computed exactly from its declaration, a row for each value of one input "
    "(--by, by default the first input neither given with --input NAME=VALUE nor usual); a "
    "repeated check gives each outcome's chance within --within rolls, in the end, and the "
    "expected rolls. --json prints the exact fractions for tools.\n\n"
    "Without CHECK (Tags and Tracks): the chance of each result band and of at least N hits.\n\n"
    'The odds come from the ruleset\'s check "Roll", every outcome of the dice weighted by its '
    "chance, so they are exact fractions, not samples (--exact prints them as "
    "fractions). Without --level, a row for each skill level 1 to 6. With --points and --target, "
    "a last column gives the chance of at least --target hits when the points are spent as "
    "well as can be after seeing the dice.\n\n"
    "Examples: chronicler odds tags-and-tracks --level 3 --hard; "
    "chronicler odds tags-and-tracks Roll --input cuts=1 --by level"
)


def register(app: typer.Typer) -> None:
    app.command("roll", help=ROLL_HELP)(roll_command)
    app.command("odds", help=ODDS_HELP)(odds_command)


def odds_command(
    ruleset: str = typer.Argument(..., help="The ruleset: a name (tags-and-tracks) or a folder."),
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
    as_json: bool = typer.Option(False, "--json", help="The rows as JSON, chances as fractions."),
    level: int | None = typer.Option(
        None, "--level", min=1, help="The skill level (default: 1 to 6)."
    ),
    easy: bool = typer.Option(False, "--easy", help="Easy: an extra die."),
    hard: bool = typer.Option(False, "--hard", help="Hard: cut the highest die."),
    far: bool = typer.Option(False, "--far", help="Far: cut the highest die."),
    assist: int = typer.Option(0, "--assist", min=0, help="Helpers with a relevant skill."),
    cut: int = typer.Option(0, "--cut", min=0, help="More cuts (from consequences)."),
    exact: bool = typer.Option(False, "--exact", help="Print fractions, not percentages."),
    points: int | None = typer.Option(
        None, "--points", min=0, help="Stat points held, spent as well as can be (with --target)."
    ),
    target: int | None = typer.Option(
        None, "--target", min=1, help="The hits needed: the chance of at least that many."
    ),
) -> None:
    from rich import box
    from rich.table import Table

    from rules import registry

    if check is not None:
        from journal.odds import odds_of_check

        if level is not None or easy or hard or far or assist or cut or points or target:
            raise UsageError(
                "--level, --easy, --hard, --far, --assist, --cut, --points and --target are the "
                "roll's table; with a CHECK give its inputs: --input NAME=VALUE"
            )
        odds_of_check(ruleset, check, given or [], by, within, exact, as_json)
        return
    game = registry.find(ruleset)
    engine = game.engine
    if not hasattr(engine, "roll_odds"):
        raise UsageError(f"the ruleset {game.name!r} has no dice odds")
    rules = game.load()
    levels = [level] if level is not None else list(range(1, 7))
    if points is not None and target is None:
        raise UsageError("--points needs --target: the hits the points are spent to reach")
    rows = []
    for at in levels:
        pool = engine.dice_and_cuts(
            rules, level=at, easy=easy, assist=assist, hard=hard, far=far, cuts=cut
        )
        if pool.dice > engine.MAX_DICE:
            raise UsageError(f"{pool.dice} dice: the odds are computed for up to {engine.MAX_DICE}")
        best = None
        if target is not None:
            best = engine.best_chance(rules, pool.dice, pool.cuts, points or 0, target)
        rows.append((at, engine.roll_odds(rules, pool.dice, pool.cuts), best))
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

    def shown(p: Any) -> str:
        return str(p) if exact else f"{float(p) * 100:.1f}%"

    for at, odds, best in rows:
        cells = [str(at), str(odds.dice), str(odds.cuts)]
        cells += [shown(p) for p in odds.bands.values()]
        cells += [shown(odds.at_least[n]) if n in odds.at_least else "" for n in range(1, most + 1)]
        if best is not None:
            cells.append(shown(best))
        table.add_row(*cells)
    Console(highlight=False, width=200).print(table)


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


def roll_command(
    ruleset: str = typer.Argument(
        ..., help="The ruleset: a name (tags-and-tracks) or the folder of its text."
    ),
    character: str = typer.Option(
        ...,
        "--character",
        help="The character's sheet file; or, in a campaign, the character's name.",
    ),
    skill: str = typer.Option(..., "--skill", help="The skill rolled, as the sheet names it."),
    stat: str | None = typer.Option(
        None, "--stat", help="The most relevant stat, whose points may be spent (STR)."
    ),
    easy: bool = typer.Option(False, "--easy", help="Easy: an extra die."),
    hard: bool = typer.Option(False, "--hard", help="Hard: cut the highest die."),
    far: bool = typer.Option(False, "--far", help="Far: cut the highest die."),
    assist: int = typer.Option(0, "--assist", min=0, help="Helpers with a relevant skill."),
    cut: int = typer.Option(0, "--cut", min=0, help="More cuts (from consequences)."),
    xp: int | None = typer.Option(
        None, "--xp", min=0, help="The XP the character holds now (a sheet file's roll only)."
    ),
    dice: str | None = typer.Option(
        None, "--dice", help="The faces the table rolled, in order: 6,4,2."
    ),
    seed: int | None = typer.Option(
        None, "--seed", help="Seed of the generator's dice (default: a new one).", min=0
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
    from rules import registry

    game = registry.find(ruleset)
    engine = game.engine
    if not hasattr(engine, "new_roll"):
        raise UsageError(f"the ruleset {game.name!r} has no roll for a character")
    rules = game.load()
    journaled = _campaign_of(campaign, character, db)
    if journaled is not None:
        if xp is not None:
            raise UsageError("--xp is read from the journal's sheet when a roll is recorded")
        sheet = _journal_sheet(journaled, character, db, game.name)
        points_of = {st.name: st.points for st in sheet.stats}
        xp = sheet.xp
    else:
        sheet = checked_sheet(engine, Path(character), rules)
        points_of = {name: st.points for name, st in sheet.stats.items()}
    rolled = sheet.skill(skill)
    if rolled is None:
        names = [s.name for s in _skills(sheet)]
        raise UsageError(f"{sheet.name} has no skill {skill!r}{_near(skill, names)}")
    points, stat_name = 0, None
    if stat is not None:
        stat_name = rules.vocabulary.member("stats", stat)
        if stat_name is None or stat_name not in points_of:
            raise UsageError(f"{sheet.name} has no stat {stat!r}{_near(stat, list(points_of))}")
        points = points_of[stat_name]
    odds = engine.dice_and_cuts(
        rules, level=rolled.level, easy=easy, assist=assist, hard=hard, far=far, cuts=cut
    )
    faces = _faces(dice, int(rules.values["die sides"]))
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
        skills=[s.name for s in _skills(sheet)],
    )
    account = game.module("account")
    out = Console(highlight=False, soft_wrap=True)
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
        if new_skill is not None and not list(decision.options) and hasattr(decision, "check"):
            try:  # the skill's name, given on the command line
                roll.apply(decision.check(new_skill))
            except ValueError as refused:
                raise UsageError(f"--new-skill: {refused}") from None
            continue
        roll.apply(_ask(out, decision))
    st = roll.state
    out.print(
        f"[bold]{escape(str(st.band))}[/]: {st.hits} hit{'s' if st.hits != 1 else ''}, "
        f"{st.xp} XP" + (f", {st.points} {escape(str(st.stat))} points" if st.stat else "")
    )
    if journaled is not None:
        gained = None
        if st.gained is not None:
            gained = {**st.gained, "xp_spent": _xp_spent(roll)}
        _record_roll(
            journaled,
            db,
            game.name,
            sheet.name,
            roll,
            points,
            xp or 0,
            gained,
            None if dice is not None else chosen_seed,
            lines,
        )
        out.print(f"Recorded in {escape(journaled)}.")


def _skills(sheet: Any) -> list[Any]:
    skills = sheet.skills
    return list(skills.values()) if isinstance(skills, dict) else list(skills)


def _xp_spent(roll: Any) -> int:
    """The XP the skill the roll gained cost, as the roll's event told it."""
    return next((int(e.data["xp_spent"]) for e in roll.events if "xp_spent" in e.data), 0)


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
    from journal.commands import _journal
    from journal.tables import story

    with _journal(db, create=False) as journal, journal.reading() as s:
        row, game = story.story_campaign(s, campaign)
        if game.name != ruleset:
            raise UsageError(f"{row.name!r} plays {game.name}, not {ruleset}")
        return story.current_sheet(s, row, who)[1]


def _record_roll(
    campaign: str,
    db: str | None,
    ruleset: str,
    who: str,
    roll: Any,
    points: int,
    xp: int,
    gained: dict[str, Any] | None,
    seed: int | None,
    lines: list[str],
) -> None:
    from journal.commands import _journal
    from journal.tables import changes, payloads, story

    st = roll.state
    done = changes.RollDone(
        skill=st.skill,
        level=st.level,
        dice=st.level + st.advantages,
        cuts=st.cuts,
        stat=st.stat,
        faces=list(st.dice),
        highest=int(st.highest),
        band=str(st.band),
        hits=int(st.hits),
        points_before=points,
        points_after=st.points,
        xp_before=xp,
        xp_after=st.xp,
        gained=payloads.GainedSkill(**gained) if gained is not None else None,
        seed=seed,
        lines=lines,
    )
    with _journal(db, create=False) as journal:
        journal.write(
            lambda s: changes.record_roll(s, *story.story_campaign(s, campaign), who, done)
        )


def checked_sheet(engine: Any, path: Path, rules: Any) -> Any:
    """The character's sheet file; every problem it has is printed, and the verb refused."""
    return _sheet(engine, path, rules)


def _sheet(engine: Any, path: Path, rules: Any) -> Any:
    """The character's sheet; every problem it has is printed, and the roll refused."""
    from dsl.commands import print_diagnostics
    from dsl.diagnostics import CheckFailed

    try:
        return engine.load_character(path, rules)
    except CheckFailed as failed:
        print_diagnostics(failed.diagnostics, Console(stderr=True, highlight=False, soft_wrap=True))
        errors = len(failed.diagnostics.errors)
        raise ChroniclerError(
            f"{path}: the sheet has {errors} error{'s' if errors != 1 else ''}; nothing rolled"
        ) from None


def _ask(out: Console, decision: Any) -> Any:
    from rich.prompt import Prompt

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
    for number, option in enumerate(options, start=1):
        out.print(f"  {number}. {escape(str(option))}")
    choices = [str(n) for n in range(1, len(options) + 1)]
    return options[int(_prompt(Prompt, out, "Your choice", choices)) - 1]


def _prompt(prompt: Any, out: Console, text: str, choices: list[str] | None) -> str:
    try:
        return str(prompt.ask(text, choices=choices, console=out))
    except EOFError:
        raise UsageError(f"no answer was given to: {text}") from None
