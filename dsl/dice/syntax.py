"""The Lark tree of a ``check`` or ``ladder`` block → its AST nodes (``dsl.ast``), each with
its span. Called by ``dsl.parser``'s builder, whose helpers (spans, names, note words) it uses."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from dsl import ast
from dsl.runtime import Span


def _words(tokens: list[Token], kind: str = "WORD") -> str:
    return " ".join(str(t.value) for t in tokens if t.type == kind)


def _int_range(tok: Token) -> tuple[int, int | None]:
    low, high = str(tok.value).split("..")
    return int(low), int(high) if high else None


class CheckBuilder:
    """Builds the check forms with the file's own builder (``dsl.parser._Builder``)."""

    def __init__(self, builder: Any) -> None:
        self.b = builder

    def span(self, item: Tree[Token] | Token) -> Span:
        result: Span = self.b.span(item)
        return result

    def tokens(self, t: Tree[Token]) -> list[Token]:
        return [c for c in t.children if isinstance(c, Token)]

    def subtrees(self, t: Tree[Token]) -> list[Tree[Token]]:
        return [c for c in t.children if isinstance(c, Tree)]

    # ---- numbers, faces and conditions
    def expr(self, t: Tree[Token]) -> ast.DiceExpr:
        terms: list[ast.DiceTerm] = []
        sign = 1
        for child in t.children:
            if isinstance(child, Token):
                sign = -1 if child.type == "MINUS" else 1
                continue
            toks = self.tokens(child)
            by = None
            if child.data == "dice_by_value":  # "X times Y": the words before "times" are X
                at = next(i for i, k in enumerate(toks) if k.type == "TIMES")
                by, toks = _words(toks[:at]), toks[at + 1 :]
            the = any(k.type == "THE" for k in toks)
            name = _words(toks) or None
            numbers = [int(k.value) for k in toks if k.type == "NUMBER"]
            number = numbers[0] if numbers else None
            terms.append(ast.DiceTerm(sign, number, name, self.span(child), the, by))
            sign = 1
        return ast.DiceExpr(tuple(terms), self.span(t))

    def face(self, t: Tree[Token]) -> ast.FaceTest:
        kinds: dict[str, ast.FaceTestKind] = {
            "face_showing": "showing",
            "face_or_more": "or more",
            "face_or_less": "or less",
            "face_above": "above",
            "face_below": "below",
        }
        (value,) = self.subtrees(t)
        return ast.FaceTest(kinds[str(t.data)], self.expr(value), self.span(t))

    def condition(self, t: Tree[Token]) -> ast.CheckCondition:
        kind = str(t.data)
        if kind == "condition_measure":
            toks = self.tokens(t)
            (comparison,) = self.subtrees(t)
            (value,) = self.subtrees(comparison)
            compare = str(comparison.data).removeprefix("compare_").replace("_", " ")
            return ast.CheckCondition(
                "measure",
                self.expr(value),
                self.span(t),
                measure=_words(toks),
                the=any(k.type == "THE" for k in toks),
                compare=compare,  # type: ignore[arg-type]
            )
        (value,) = self.subtrees(t)
        which: ast.ConditionKind = {
            "condition_any_die": "any die",
            "condition_no_die": "no die",
            "condition_every_die": "every die",
        }[kind]  # type: ignore[assignment]
        return ast.CheckCondition(which, self.expr(value), self.span(t))

    def signed(self, t: Tree[Token]) -> tuple[int, bool]:
        toks = self.tokens(t)
        number = int(next(k for k in toks if k.type == "NUMBER").value)
        minus = any(k.type == "MINUS" for k in toks)
        return (-number if minus else number), any(k.type == "PLUS" for k in toks)

    def keep(self, t: Tree[Token]) -> ast.CheckKeep:
        toks = self.tokens(t)
        (count,) = self.subtrees(t)
        return ast.CheckKeep(
            any(k.type == "KEEP" for k in toks),
            any(k.type == "HIGHEST" for k in toks),
            self.expr(count),
            self.span(t),
        )

    # ---- the forms
    def check(self, t: Tree[Token]) -> ast.CheckDecl:
        name = next(c for c in self.tokens(t) if c.type == "STRING")
        clauses = tuple(self.clause(c) for c in self.subtrees(t))
        return ast.CheckDecl(self.b.name(name), clauses, self.span(t))

    def ladder(self, t: Tree[Token]) -> ast.LadderDecl:
        name = next(c for c in self.tokens(t) if c.type == "STRING")
        steps = []
        for step in self.subtrees(t):
            change, plus = self.signed(self.subtrees(step)[0])
            steps.append(ast.LadderStep(_words(self.tokens(step)), change, self.span(step), plus))
        return ast.LadderDecl(self.b.name(name), tuple(steps), self.span(t))

    def clause(self, t: Tree[Token]) -> ast.CheckClause:
        method = getattr(self, str(t.data))
        result: ast.CheckClause = method(t)
        return result

    def check_note(self, t: Tree[Token]) -> ast.Note:
        atoms = tuple(a for tok in self.tokens(t) for a in self.b.note_words(tok))
        return ast.Note(atoms, self.span(t))

    def check_inputs(self, t: Tree[Token]) -> ast.CheckInputs:
        inputs = []
        for item in self.subtrees(t):
            toks = self.tokens(item)
            at = next(k for k, tok in enumerate(toks) if tok.type == "INT_RANGE")
            low, high = _int_range(toks[at])
            if at and toks[at - 1].type == "MINUS":  # "-9..9": a range from below 0
                low = -low
            usually = None
            sign = 1
            for k, tok in enumerate(toks[at + 1 :], start=at + 1):
                if tok.type == "MINUS":
                    sign = -1
                elif tok.type == "NUMBER":
                    if toks[k - 1 - (sign < 0)].type == "USUALLY":
                        usually = sign * int(tok.value)
                    else:  # the top of a range from below 0: "-9..-1"
                        high = sign * int(tok.value)
                    sign = 1
            inputs.append(
                ast.CheckInput(
                    _words(toks), low, high if high is not None else low, self.span(item), usually
                )
            )
        return ast.CheckInputs(tuple(inputs), self.span(t))

    def check_like(self, t: Tree[Token]) -> ast.CheckLike:
        name = next(c for c in self.tokens(t) if c.type == "STRING")
        return ast.CheckLike(self.b.name(name), self.span(t))

    def check_roll(self, t: Tree[Token]) -> ast.CheckRoll:
        (count,) = self.subtrees(t)
        sides = next(c for c in self.tokens(t) if c.type == "DIE_SIDES")
        return ast.CheckRoll(self.expr(count), int(str(sides.value)[1:]), self.span(t))

    def check_keep(self, t: Tree[Token]) -> ast.CheckKeep:
        return self.keep(t)

    def check_last_die(self, t: Tree[Token]) -> ast.CheckLastDie:
        (pips,) = self.subtrees(t)
        return ast.CheckLastDie(self.expr(pips), self.span(t))

    def check_die_rule(self, t: Tree[Token]) -> ast.CheckDieRule:
        toks = self.tokens(t)
        bonus = toks[1].type == "BONUS"
        face, *rest = self.subtrees(t)
        if rest:
            points, plus = self.signed(rest[0])
            return ast.CheckDieRule(bonus, self.face(face), points, False, self.span(t), plus)
        return ast.CheckDieRule(bonus, self.face(face), None, True, self.span(t))

    def check_score(self, t: Tree[Token]) -> ast.CheckScore:
        kind, *plus = self.subtrees(t)
        which: ast.ScoreKind = str(kind.data).removeprefix("score_")  # type: ignore[assignment]
        added = None
        if plus:  # "+ speed - penalty": the sign before the number is its first term's
            added = self.expr(plus[0])
            if any(k.type == "MINUS" for k in self.tokens(t)):
                first, *rest = added.terms
                first = ast.DiceTerm(
                    -first.sign, first.number, first.name, first.span, first.the, first.by
                )
                added = ast.DiceExpr((first, *rest), added.span)
        return ast.CheckScore(which, self.span(t), added)

    def check_count(self, t: Tree[Token]) -> ast.CheckCount:
        toks = self.tokens(t)
        (face,) = self.subtrees(t)
        rolled = any(k.type == "ROLLED" for k in toks)
        return ast.CheckCount(_words(toks), rolled, self.face(face), self.span(t))

    def check_outcome(self, t: Tree[Token]) -> ast.CheckOutcome:
        toks = self.tokens(t)
        conditions = []
        confirm = None
        for child in self.subtrees(t):
            if child.data == "check_confirm":
                face, *when = self.subtrees(child)
                confirm = ast.CheckConfirm(
                    self.face(face), self.condition(when[0]) if when else None, self.span(child)
                )
            else:
                conditions.append(self.condition(child))
        return ast.CheckOutcome(_words(toks), tuple(conditions), self.span(t), confirm)

    def check_outcome_table(self, t: Tree[Token]) -> ast.CheckOutcomeTable:
        name = next(c for c in self.tokens(t) if c.type == "STRING")
        return ast.CheckOutcomeTable(self.b.name(name), self.span(t))

    def check_when(self, t: Tree[Token]) -> ast.CheckWhen:
        condition, more, *then = self.subtrees(t)
        return ast.CheckWhen(
            self.condition(condition),
            self.expr(more),
            self.span(t),
            self.keep(then[0]) if then else None,
        )

    def check_ladder(self, t: Tree[Token]) -> ast.CheckLadder:
        toks = self.tokens(t)
        at = next(k for k, tok in enumerate(toks) if tok.type == "CHANGES")
        by = next(k for k, tok in enumerate(toks) if tok.type == "BY")
        name = next(c for c in toks if c.type == "STRING")
        return ast.CheckLadder(
            _words(toks[:at]),
            _words(toks[at + 1 : by]),
            self.b.name(name),
            self.span(t),
            any(k.type == "REVERSED" for k in toks),
        )

    def check_from(self, t: Tree[Token]) -> ast.CheckFrom:
        toks = self.tokens(t)
        at = next(k for k, tok in enumerate(toks) if tok.type == "FROM")
        who = str(toks[at + 2].value)
        fields: list[list[str]] = [[]]
        for tok in toks[at + 3 :]:
            if tok.type == "OR":
                fields.append([])
            else:
                fields[-1].append(str(tok.value))
        return ast.CheckFrom(
            _words(toks[:at]),
            who.removesuffix("'s").removesuffix("’s"),
            tuple(" ".join(f) for f in fields),
            self.span(t),
        )

    def check_judge(self, t: Tree[Token]) -> ast.CheckJudge:
        bands = []
        for band in self.subtrees(t):
            conditions = tuple(self.condition(c) for c in self.subtrees(band))
            bands.append(ast.CheckOutcome(_words(self.tokens(band)), conditions, self.span(band)))
        return ast.CheckJudge(_words(self.tokens(t)), tuple(bands), self.span(t))

    def check_spend(self, t: Tree[Token]) -> ast.CheckSpend:
        cost, amount = self.subtrees(t)
        raises = any(k.type == "RAISE" for k in self.tokens(t))
        return ast.CheckSpend(self.expr(cost), raises, self.expr(amount), self.span(t))

    def check_reroll(self, t: Tree[Token]) -> ast.CheckReroll:
        toks = self.tokens(t)
        costs = []
        for cost in self.subtrees(t):
            ctoks = self.tokens(cost)
            amount = int(next(k for k in ctoks if k.type == "NUMBER").value)
            costs.append(ast.CheckCost(amount, _words(ctoks), self.span(cost)))
        by = next(k for k, tok in enumerate(toks) if tok.type == "BY")
        return ast.CheckReroll(
            _words(toks[by + 1 :]),
            any(k.type == "AGAIN_AND_AGAIN" for k in toks),
            tuple(costs),
            self.span(t),
            toks[by + 1].type == "A",
        )

    def check_repeat(self, t: Tree[Token]) -> ast.CheckRepeat:
        toks = self.tokens(t)
        numbers = [int(k.value) for k in toks if k.type == "NUMBER"]
        unit = _words(toks) or None
        return ast.CheckRepeat(self.span(t), numbers[0] if numbers else None, unit)
