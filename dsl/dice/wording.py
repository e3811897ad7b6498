"""The canonical wording of a check's and a ladder's clauses, from their AST: what the formatter
writes back (``dsl.formatter``) and what a printed check says (``dsl.printer.check_lines``).
One line per clause, the words as the grammar reads them."""

from __future__ import annotations

from dsl import ast


def expr_text(expr: ast.DiceExpr) -> str:
    out: list[str] = []
    for k, term in enumerate(expr.terms):
        if k:
            out.append("-" if term.sign < 0 else "+")
        elif term.sign < 0:
            out.append("-")
        the = "the " if term.the else ""
        if term.by is not None:
            out.append(f"{term.by} times {the}{term.name}")
        elif term.number is not None and term.name is not None:
            out.append(f"{term.number} times {the}{term.name}")
        elif term.number is not None:
            out.append(str(term.number))
        else:
            out.append(f"{the}{term.name}")
    return " ".join(out).replace("- ", "-", 1) if out and out[0] == "-" else " ".join(out)


def face_text(test: ast.FaceTest) -> str:
    value = expr_text(test.value)
    if test.kind == "showing":
        return f"showing {value}"
    if test.kind in ("or more", "or less"):
        return f"at {value} {test.kind}"
    return f"{test.kind} {value}"


def condition_text(c: ast.CheckCondition) -> str:
    value = expr_text(c.value)
    if c.kind == "any die":
        return f"a die shows {value}"
    if c.kind == "no die":
        return f"no die shows {value}"
    if c.kind == "every die":
        return f"every die shows {value}"
    measure = ("the " if c.the else "") + c.measure
    if c.compare == "equal":
        return f"{measure} is {value}"
    if c.compare in ("or more", "or less"):
        return f"{measure} is {value} {c.compare}"
    return f"{measure} is {c.compare} {value}"


def signed_text(value: int, plus: bool) -> str:
    return f"+{value}" if plus and value >= 0 else str(value)


def keep_text(k: ast.CheckKeep) -> str:
    verb = "keep" if k.keep else "cut"
    end = "highest" if k.highest else "lowest"
    return f"{verb} the {end} {expr_text(k.count)}"


_SCORES = {
    "highest": "the highest die",
    "lowest": "the lowest die",
    "sum": "the sum of the dice",
    "points": "the points",
}


def clause_text(clause: ast.CheckClause) -> str:
    """One clause of a check, canonically worded (a note's words as written)."""
    if isinstance(clause, ast.Note):
        return "note " + ast.phrase_text(clause.atoms)
    if isinstance(clause, ast.CheckInputs):
        items = []
        for i in clause.inputs:
            usually = f" usually {i.usually}" if i.usually is not None else ""
            items.append(f"{i.name} {i.low}..{i.high}{usually}")
        return "inputs " + ", ".join(items)
    if isinstance(clause, ast.CheckLike):
        return f"rolls like {ast.quote(clause.other.text)}"
    if isinstance(clause, ast.CheckRoll):
        return f"roll {expr_text(clause.count)} d{clause.sides}"
    if isinstance(clause, ast.CheckKeep):
        return keep_text(clause)
    if isinstance(clause, ast.CheckLastDie):
        return f"past the last die, each cut takes {expr_text(clause.pips)} pips off it"
    if isinstance(clause, ast.CheckDieRule):
        which = "each bonus die" if clause.bonus else "each die"
        if clause.explode:
            does = "roll a bonus die"
        else:
            does = signed_text(clause.points or 0, clause.plus)
        return f"{which} {face_text(clause.test)}: {does}"
    if isinstance(clause, ast.CheckScore):
        text = f"score {_SCORES[clause.kind]}"
        if clause.plus is not None:
            added = expr_text(clause.plus)
            text += f" - {added[1:]}" if added.startswith("-") else f" + {added}"
        return text
    if isinstance(clause, ast.CheckCount):
        rolled = "rolled " if clause.rolled else ""
        return f"count {clause.name}: {rolled}dice {face_text(clause.test)}"
    if isinstance(clause, ast.CheckOutcome):
        if not clause.conditions:
            return f"outcome {clause.name} otherwise"
        text = f"outcome {clause.name} if " + " and ".join(
            condition_text(c) for c in clause.conditions
        )
        if clause.confirm is not None:
            text += f", confirmed by another die {face_text(clause.confirm.test)}"
            if clause.confirm.when is not None:
                text += f" when {condition_text(clause.confirm.when)}"
        return text
    if isinstance(clause, ast.CheckOutcomeTable):
        return f"outcomes from table {ast.quote(clause.table.text)}"
    if isinstance(clause, ast.CheckWhen):
        more = expr_text(clause.more)
        dice = "die" if more == "1" else "dice"
        text = f"when {condition_text(clause.condition)}: roll {more} more {dice}"
        if clause.then is not None:
            text += f", then {keep_text(clause.then)}"
        return text
    if isinstance(clause, ast.CheckLadder):
        text = f"{clause.name} changes {clause.changes} by ladder {ast.quote(clause.ladder.text)}"
        return text + (", reversed" if clause.reversed else "")
    if isinstance(clause, ast.CheckFrom):
        return f"{clause.input} from the {clause.who}'s " + " or ".join(clause.fields)
    if isinstance(clause, ast.CheckJudge):
        bands = []
        for band in clause.bands:
            if band.conditions:
                bands.append(
                    f"{band.name} if " + " and ".join(condition_text(c) for c in band.conditions)
                )
            else:
                bands.append(f"{band.name} otherwise")
        return f"judge {clause.name}: " + ", ".join(bands)
    if isinstance(clause, ast.CheckSpend):
        amount = expr_text(clause.amount)
        dice = "die" if amount == "1" else "dice"
        what = f"raise a die by {amount}" if clause.raise_die else f"roll {amount} more {dice}"
        return f"spend {expr_text(clause.cost)}: {what}"
    if isinstance(clause, ast.CheckReroll):
        often = "again and again" if clause.again else "once"
        costs = " or ".join(f"{c.amount} {c.what}" for c in clause.costs)
        a = "a " if clause.a else ""
        return f"re-roll {often} by {a}{clause.way}, paying {costs}"
    if isinstance(clause, ast.CheckRepeat):
        text = "repeat until an outcome holds"
        if clause.time is not None and clause.unit:
            text += f", each roll taking {clause.time} {clause.unit}"
        return text
    raise TypeError(f"not a check clause: {type(clause).__name__}")  # pragma: no cover


def step_text(step: ast.LadderStep) -> str:
    return f"{step.name}: {signed_text(step.change, step.plus)}"
