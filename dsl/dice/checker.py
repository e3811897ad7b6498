"""Check declarations → compiled ``Check`` objects, every mistake a positioned diagnostic with
a suggestion (``dsl.checker`` calls ``check_checks`` with the ruleset's declared values and
tables). Every name a number reads is an input, a declared value, or (in an outcome's
condition) the score, the total or a count; "the" before a name is allowed and changes
nothing."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from dsl import ast
from dsl.diagnostics import Diagnostics, did_you_mean
from dsl.dice import model
from dsl.dice.wording import clause_text
from dsl.runtime import Span

_DICE_CLAUSES = (
    ast.CheckInputs,
    ast.CheckRoll,
    ast.CheckKeep,
    ast.CheckLastDie,
    ast.CheckDieRule,
    ast.CheckScore,
    ast.CheckCount,
    ast.CheckWhen,
    ast.CheckLadder,
    ast.CheckFrom,
    ast.CheckReroll,
    ast.CheckSpend,
)

# Whose sheet an input may be read from: the model making the check, or the one it is against.
SHEET_OWNERS = ("actor", "target")


def check_checks(
    checks: Sequence[ast.CheckDecl],
    ladders: Sequence[ast.LadderDecl],
    values: Mapping[str, int],
    tables: Mapping[str, ast.TableDecl],
    d: Diagnostics,
    sheet_fields: Collection[str] | None = None,
    numbers: Collection[str] | None = None,
) -> list[model.Check]:
    """Every check of a ruleset, compiled; a check with an error is left out (and told).
    ``sheet_fields``: the card fields of ranks an input may be read from; ``numbers``: the
    numbers a re-roll may cost (``None``: not checked)."""
    by_ladder: dict[str, ast.LadderDecl] = {}
    for ladder in ladders:
        key = ladder.name.text.casefold()
        if key in by_ladder:
            d.error(f'ladder "{ladder.name.text}" is declared twice', ladder.name.span)
            continue
        by_ladder[key] = ladder
        _check_ladder(ladder, d)
    by_name: dict[str, ast.CheckDecl] = {}
    for decl in checks:
        key = decl.name.text.casefold()
        if key in by_name:
            first = by_name[key].name.span
            d.error(
                f'check "{decl.name.text}" is declared twice (first at {first})', decl.name.span
            )
            continue
        by_name[key] = decl
    compiled = []
    for decl in by_name.values():
        clauses = _with_like(decl, by_name, d)
        if clauses is None:
            continue
        before = len(d.errors)
        checker = _CheckChecker(decl, clauses, by_ladder, values, tables, d)
        checker.sheet_fields, checker.numbers = sheet_fields, numbers
        check = checker.build()
        if check is not None and len(d.errors) == before:
            compiled.append(check)
    return compiled


def _check_ladder(ladder: ast.LadderDecl, d: Diagnostics) -> None:
    seen: set[str] = set()
    if not ladder.steps:
        d.error(f'ladder "{ladder.name.text}" has no steps', ladder.name.span)
    for step in ladder.steps:
        if step.name.casefold() in seen:
            d.error(f"step '{step.name}' is on the ladder twice", step.span)
        seen.add(step.name.casefold())


def _with_like(
    decl: ast.CheckDecl, by_name: Mapping[str, ast.CheckDecl], d: Diagnostics
) -> tuple[ast.CheckClause, ...] | None:
    """The check's clauses, with the dice clauses of the check it ``rolls like`` first."""
    likes = [c for c in decl.clauses if isinstance(c, ast.CheckLike)]
    if not likes:
        return decl.clauses
    if len(likes) > 1:
        d.error("a check rolls like one other check", likes[1].span)
        return None
    other = by_name.get(likes[0].other.text.casefold())
    if other is None:
        hint = did_you_mean(likes[0].other.text, [c.name.text for c in by_name.values()], True)
        d.error(f'unknown check "{likes[0].other.text}"{hint}', likes[0].other.span)
        return None
    if any(isinstance(c, ast.CheckLike) for c in other.clauses):
        d.error(
            f'check "{other.name.text}" rolls like another check itself: name that one',
            likes[0].other.span,
        )
        return None
    own = [c for c in decl.clauses if not isinstance(c, ast.CheckLike)]
    clashing = [c for c in own if isinstance(c, _DICE_CLAUSES)]
    if clashing:
        d.error(
            f'a check that rolls like "{other.name.text}" takes its inputs, dice and scoring '
            "from it: write only its outcomes and its repeat here",
            clashing[0].span,
        )
        return None
    borrowed = [c for c in other.clauses if isinstance(c, _DICE_CLAUSES)]
    return (*borrowed, *own)


class _CheckChecker:
    def __init__(
        self,
        decl: ast.CheckDecl,
        clauses: tuple[ast.CheckClause, ...],
        ladders: Mapping[str, ast.LadderDecl],
        values: Mapping[str, int],
        tables: Mapping[str, ast.TableDecl],
        d: Diagnostics,
    ) -> None:
        self.decl = decl
        self.clauses = clauses
        self.ladders = ladders
        self.values = values
        self.tables = tables
        self.d = d
        self.inputs: dict[str, ast.CheckInput] = {}
        self.counts: list[model.Count] = []
        self.read: dict[str, int] = {}  # the declared values it reads
        self.sheet_fields: Collection[str] | None = None
        self.numbers: Collection[str] | None = None

    # ---- names and numbers
    def error(self, message: str, span: Span) -> None:
        self.d.error(message, span)

    def number(self, expr: ast.DiceExpr, measures: Sequence[str] = ()) -> model.Number:
        terms = []
        for term in expr.terms:
            name = None
            if term.name is not None:
                name = self.name(term.name, term.span, measures)
            factor: int | str = term.number if term.number is not None else 1
            if term.by is not None:  # "pips per cut times hindrance": a value times a name
                factor = self.name(term.by, term.span, measures)
            terms.append((term.sign, factor, name))
        from dsl.dice.wording import expr_text

        return model.Number(tuple(terms), expr_text(expr))

    def name(self, word: str, span: Span, measures: Sequence[str] = ()) -> str:
        """An input, a measure an outcome reads, or a declared value (recorded as read)."""
        if word in self.inputs or word in measures:
            return word
        if word in self.values:
            self.read[word] = self.values[word]
            return word
        known = [*self.inputs, *measures, *self.values]
        hint = did_you_mean(word, known)
        what = "input, count or declared value" if measures else "input or declared value"
        self.error(f"unknown {what} '{word}'{hint}", span)
        return word

    def faces(self, test: ast.FaceTest) -> model.Faces:
        return model.Faces(test.kind, self.number(test.value))

    def condition(self, c: ast.CheckCondition, measures: Sequence[str]) -> model.Condition:
        from dsl.dice.wording import condition_text

        value = self.number(c.value, measures)
        if c.kind != "measure":
            return model.Condition(c.kind, value, condition_text(c))
        measure = self.name(c.measure, c.span, measures)
        return model.Condition("measure", value, condition_text(c), measure, c.compare)

    def keep(self, k: ast.CheckKeep) -> model.Keep:
        return model.Keep(k.keep, k.highest, self.number(k.count))

    # ---- the check
    def build(self) -> model.Check | None:
        decl = self.decl
        one: dict[type, ast.CheckClause] = {}
        for clause in self.clauses:
            single = (
                ast.CheckRoll,
                ast.CheckScore,
                ast.CheckLastDie,
                ast.CheckOutcomeTable,
                ast.CheckRepeat,
            )
            if isinstance(clause, single):
                if type(clause) in one:
                    self.error(f"a check says this once: {clause_text(clause)}", clause.span)
                one[type(clause)] = clause
        for clause in self.clauses:
            if isinstance(clause, ast.CheckInputs):
                for item in clause.inputs:
                    self.input(item)
        ladders = tuple(
            ladder
            for c in self.clauses
            if isinstance(c, ast.CheckLadder)
            for ladder in [self.ladder(c)]
            if ladder is not None
        )
        roll = one.get(ast.CheckRoll)
        if not isinstance(roll, ast.CheckRoll):
            self.error(
                f'check "{decl.name.text}" rolls no dice; say how many: roll 2 d6', decl.name.span
            )
            return None
        if roll.sides < 2:
            self.error(f"a die has 2 sides or more, not {roll.sides}", roll.span)
        count = self.number(roll.count)
        keeps = tuple(self.keep(c) for c in self.clauses if isinstance(c, ast.CheckKeep))
        last = one.get(ast.CheckLastDie)
        pips = self.number(last.pips) if isinstance(last, ast.CheckLastDie) else None
        if pips is not None and not any(not k.keep for k in keeps):
            modifiers_cut = any(
                isinstance(c, ast.CheckWhen) and c.then is not None and not c.then.keep
                for c in self.clauses
            )
            if not modifiers_cut and isinstance(last, ast.CheckLastDie):
                self.error(
                    "pips come off the last die only by cuts: this check cuts no die", last.span
                )
        rules, bonus_rules = self.die_rules()
        for clause in self.clauses:
            if isinstance(clause, ast.CheckCount):
                if clause.name in ("score", "total") or clause.name in self.inputs:
                    self.error(f"'{clause.name}' is taken: name the count otherwise", clause.span)
                elif any(c.name == clause.name for c in self.counts):
                    self.error(f"count '{clause.name}' is declared twice", clause.span)
                self.counts.append(model.Count(clause.name, self.faces(clause.test), clause.rolled))
        score_clause = one.get(ast.CheckScore)
        score_plus = None
        if isinstance(score_clause, ast.CheckScore) and score_clause.plus is not None:
            score_plus = self.number(score_clause.plus)
        if isinstance(score_clause, ast.CheckScore):
            score: model.ScoreKind = score_clause.kind
            if score == "points" and not rules:
                self.error(
                    "the points come from die rules (each die showing 6: +1): this check has none",
                    score_clause.span,
                )
        elif rules:
            score = "points"
        else:
            self.error(
                f'check "{decl.name.text}" does not say its score: score the highest die, the '
                "lowest die, the sum of the dice or the points",
                decl.name.span,
            )
            return None
        modifiers = tuple(self.modifier(c) for c in self.clauses if isinstance(c, ast.CheckWhen))
        measures = ["score", "total", *(c.name for c in self.counts)]
        repeat = one.get(ast.CheckRepeat)
        outcomes = self.outcomes(measures)
        table = one.get(ast.CheckOutcomeTable)
        table_name = None
        if isinstance(table, ast.CheckOutcomeTable):
            table_name = self.table(table, roll.sides, score)
            if outcomes:
                self.error(
                    "a check's outcomes come from its table or its outcome lines, not both",
                    table.span,
                )
        if isinstance(repeat, ast.CheckRepeat) and not outcomes:
            self.error("a repeated check ends at an outcome: it needs outcome lines", repeat.span)
        sources = self.sources()
        judgements = self.judgements(measures)
        rerolls = self.rerolls()
        spends = self.spends()
        return model.Check(
            name=decl.name.text,
            inputs=tuple(
                model.Input(i.name, i.low, i.high, i.usually) for i in self.inputs.values()
            ),
            count=count,
            sides=roll.sides,
            keeps=keeps,
            last_die_pips=pips,
            rules=rules,
            bonus_rules=bonus_rules,
            score=score,
            counts=tuple(self.counts),
            outcomes=outcomes,
            table_name=table_name,
            modifiers=modifiers,
            ladders=ladders,
            repeat=(
                model.Repeat(repeat.time, repeat.unit)
                if isinstance(repeat, ast.CheckRepeat)
                else None
            ),
            notes=tuple(ast.phrase_text(c.atoms) for c in decl.clauses if isinstance(c, ast.Note)),
            values=dict(self.read),
            span=decl.span,
            printed=tuple(clause_text(c) for c in decl.clauses),
            score_plus=score_plus,
            sources=sources,
            judgements=judgements,
            rerolls=rerolls,
            spends=spends,
        )

    def spends(self) -> tuple[model.Spend, ...]:
        found: dict[bool, model.Spend] = {}
        for c in self.clauses:
            if not isinstance(c, ast.CheckSpend):
                continue
            what = "raising a die" if c.raise_die else "rolling more dice"
            if c.raise_die in found:
                self.error(f"the spending on {what} is declared twice", c.span)
            found[c.raise_die] = model.Spend(
                self.number(c.cost), c.raise_die, self.number(c.amount)
            )
        return tuple(found.values())

    def sources(self) -> tuple[model.Source, ...]:
        found: dict[str, model.Source] = {}
        for c in self.clauses:
            if not isinstance(c, ast.CheckFrom):
                continue
            if c.input not in self.inputs:
                hint = did_you_mean(c.input, list(self.inputs))
                self.error(f"a sheet fills an input; '{c.input}' is none{hint}", c.span)
                continue
            if c.input in found:
                self.error(f"input '{c.input}' is read from a sheet twice", c.span)
            if c.who not in SHEET_OWNERS:
                self.error(
                    f"a check reads the actor's or the target's sheet, not the {c.who}'s", c.span
                )
                continue
            for name in c.fields:
                if self.sheet_fields is not None and name not in self.sheet_fields:
                    hint = did_you_mean(name, sorted(self.sheet_fields))
                    known = ", ".join(sorted(self.sheet_fields)) or "none"
                    self.error(
                        f"'{name}' is no field of ranks of a card{hint} (those: {known})", c.span
                    )
            found[c.input] = model.Source(c.input, c.who, c.fields)
        return tuple(found.values())

    def judgements(self, measures: Sequence[str]) -> tuple[model.Judgement, ...]:
        found: list[model.Judgement] = []
        for c in self.clauses:
            if not isinstance(c, ast.CheckJudge):
                continue
            if c.name in measures or c.name in self.inputs:
                self.error(f"'{c.name}' is taken: name the judgement otherwise", c.span)
            if any(j.name == c.name for j in found):
                self.error(f"judgement '{c.name}' is declared twice", c.span)
            bands: list[model.Outcome] = []
            otherwise: ast.CheckOutcome | None = None
            for band in c.bands:
                if otherwise is not None:
                    self.error(
                        f"band '{band.name}' comes after '{otherwise.name} otherwise', so it "
                        "never holds: put it before",
                        band.span,
                    )
                if not band.conditions:
                    otherwise = band
                for x in band.conditions:
                    if x.kind != "measure":
                        self.error(
                            "a judgement reads the total, the counts, the score and the "
                            "inputs once the check ends, not the dice",
                            x.span,
                        )
                conditions = tuple(
                    self.condition(x, measures) for x in band.conditions if x.kind == "measure"
                )
                bands.append(model.Outcome(band.name, conditions))
            found.append(model.Judgement(c.name, tuple(bands)))
        return tuple(found)

    def rerolls(self) -> tuple[model.Reroll, ...]:
        found: dict[str, model.Reroll] = {}
        for c in self.clauses:
            if not isinstance(c, ast.CheckReroll):
                continue
            if c.way.casefold() in found:
                self.error(f"the re-roll by {c.way} is declared twice", c.span)
            for cost in c.costs:
                if self.numbers is not None and cost.what not in self.numbers:
                    hint = did_you_mean(cost.what, sorted(self.numbers))
                    self.error(
                        f"a re-roll costs a number the ruleset declares; '{cost.what}' is "
                        f"none{hint}",
                        cost.span,
                    )
                if cost.amount < 1:
                    self.error("a re-roll costs 1 or more", cost.span)
            found[c.way.casefold()] = model.Reroll(
                c.way, c.again, tuple((x.amount, x.what) for x in c.costs)
            )
        return tuple(found.values())

    def input(self, item: ast.CheckInput) -> None:
        if item.name in self.inputs:
            self.error(f"input '{item.name}' is declared twice", item.span)
        if item.high < item.low:
            self.error(f"{item.name} {item.low}..{item.high} runs backwards", item.span)
        if item.usually is not None and not item.low <= item.usually <= item.high:
            self.error(
                f"{item.name} is usually {item.usually}, outside its range {item.low}..{item.high}",
                item.span,
            )
        if item.name in ("score", "total"):
            self.error(f"'{item.name}' is what the dice give: name the input otherwise", item.span)
        self.inputs[item.name] = item

    def ladder(self, c: ast.CheckLadder) -> model.Ladder | None:
        decl = self.ladders.get(c.ladder.text.casefold())
        if decl is None:
            hint = did_you_mean(c.ladder.text, [x.name.text for x in self.ladders.values()], True)
            self.error(f'unknown ladder "{c.ladder.text}"{hint}', c.ladder.span)
            return None
        if c.changes not in self.inputs:
            hint = did_you_mean(c.changes, list(self.inputs))
            self.error(f"a ladder changes an input; '{c.changes}' is none{hint}", c.span)
            return None
        if c.name in self.inputs:
            self.error(f"'{c.name}' is an input already: name the ladder's step otherwise", c.span)
        return model.Ladder(
            c.name,
            c.changes,
            decl.name.text,
            tuple((s.name, s.change) for s in decl.steps),
            -1 if c.reversed else 1,
        )

    def die_rules(self) -> tuple[tuple[model.DieRule, ...], tuple[model.DieRule, ...] | None]:
        rules: list[model.DieRule] = []
        bonus: list[model.DieRule] = []
        explodes = False
        for c in self.clauses:
            if isinstance(c, ast.CheckDieRule):
                rule = model.DieRule(self.faces(c.test), c.points or 0, c.explode)
                explodes = explodes or c.explode
                (bonus if c.bonus else rules).append(rule)
        if bonus and not explodes:
            first = next(c for c in self.clauses if isinstance(c, ast.CheckDieRule) and c.bonus)
            self.error(
                "no die rolls a bonus die: add a rule such as each die showing 6: roll a bonus die",
                first.span,
            )
        return tuple(rules), (tuple(bonus) if bonus else None)

    def modifier(self, c: ast.CheckWhen) -> model.Modifier:
        if c.condition.kind != "measure":
            self.error(
                "a modifier's condition compares inputs, before any die is rolled", c.condition.span
            )
        condition = self.condition(c.condition, ())
        return model.Modifier(
            condition, self.number(c.more), self.keep(c.then) if c.then is not None else None
        )

    def outcomes(self, measures: Sequence[str]) -> tuple[model.Outcome, ...]:
        found: list[model.Outcome] = []
        otherwise: ast.CheckOutcome | None = None
        for c in self.clauses:
            if not isinstance(c, ast.CheckOutcome):
                continue
            if otherwise is not None:
                self.error(
                    f"outcome '{c.name}' comes after 'outcome {otherwise.name} otherwise', so it "
                    "never holds: put it before",
                    c.span,
                )
            if not c.conditions:
                otherwise = c
            conditions = tuple(self.condition(x, measures) for x in c.conditions)
            confirm = confirm_when = None
            if c.confirm is not None:
                confirm = model.Faces(
                    c.confirm.test.kind, self.number(c.confirm.test.value, measures)
                )
                if c.confirm.when is not None:
                    confirm_when = self.condition(c.confirm.when, measures)
            found.append(model.Outcome(c.name, conditions, confirm, confirm_when))
        return tuple(found)

    def table(self, c: ast.CheckOutcomeTable, sides: int, score: str) -> str | None:
        table = self.tables.get(c.table.text)
        if table is None:
            hint = did_you_mean(c.table.text, list(self.tables), quoted=True)
            self.error(f'unknown table "{c.table.text}"{hint}', c.table.span)
            return None
        if score in ("highest", "lowest"):
            covered = {
                f
                for row in table.rows
                for f in range(row.low, (row.high if row.high is not None else sides) + 1)
            }
            missing = sorted(set(range(1, sides + 1)) - covered)
            if missing:
                self.error(
                    f'table "{c.table.text}" has no row for {", ".join(map(str, missing))}, a '
                    "face this check's score can be",
                    c.table.span,
                )
        return table.name.text


def with_tables(
    checks: Sequence[model.Check], tables: Mapping[str, object]
) -> dict[str, model.Check]:
    """The compiled checks by name, each reading its compiled table."""
    return {
        c.name: replace(c, table=tables[c.table_name]) if c.table_name is not None else c
        for c in checks
    }
