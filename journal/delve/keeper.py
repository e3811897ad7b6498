"""Delve's part of the journal (``KEEPER``, named by its contract's ``JournalPart.keeper``):
an expedition's entries (models joining, checks, re-rolls), the expedition they make, how each
runs again through the rules after an earlier one is fixed or taken out, and how a campaign
reads in ``campaign list`` and ``campaign show``. It keeps no tables of its own: every entry is
the one ledger's, so ``chronicler undo`` takes any back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel
from sqlmodel import Session

from dsl.contract import Ruleset
from dsl.errors import ChroniclerError
from journal import ledger
from journal.delve import expedition
from journal.delve import payloads as p
from journal.keepers import Draft, KeepsNoTables
from journal.models import Campaign, Entry


def read(entry: Entry) -> Any:
    model = p.ENTRY_MODELS.get(entry.kind)
    if model is None:
        raise ChroniclerError(f"the journal is damaged: no kind of Delve entry {entry.kind!r}")
    return model.model_validate(entry.payload)


def told(entries: list[Entry]) -> expedition.Expedition:
    state = expedition.Expedition()
    for entry in entries:
        state = expedition.after(state, entry.number, entry.kind, read(entry))
    return state


def rules_of(campaign: Campaign) -> Any:
    from rules import registry

    return registry.find(campaign.ruleset).compiled()


def standing_lines(state: expedition.Expedition) -> list[str]:
    """Where the expedition stands: each model with what it holds, and the checks made."""
    lines = []
    for held in state.models.values():
        n = held.numbers
        lines.append(
            f"{held.name} ({held.side.value}): luck {n['luck']}, fate {n['fate']}, corruption "
            f"{n['corruption']}, stress {n['stress']}, fatigue {n['fatigue']}"
        )
    lines.append(f"{len(state.checks)} check{'' if len(state.checks) == 1 else 's'} made")
    if state.expeditions:
        lines.append(
            f"expedition {len(state.expeditions) + 1}: {state.expeditions[-1]} (after "
            f"{len(state.expeditions)} before it)"
        )
    if state.encounter is not None:
        lines.append(f"encounter {state.encounters} is running ('delve encounter show')")
    elif state.encounters:
        lines.append(f"{state.encounters} encounter{'' if state.encounters == 1 else 's'} played")
    return lines


@dataclass(frozen=True)
class Delve(KeepsNoTables):
    name: str = "delve"
    own: type[BaseModel] | None = None

    @property
    def entry_models(self) -> Mapping[str, type[BaseModel]]:
        return p.ENTRY_MODELS

    def start(self, s: Session, name: str, game: Ruleset) -> Campaign:
        version = str(game.compiled().version or "")
        return ledger.create_campaign(s, name, ruleset=game.name, ruleset_version=version)

    def standing(self, s: Session, campaign: Campaign) -> str:
        state = told(ledger.entries(s, campaign))
        return f"{len(state.models)} models, {len(state.checks)} checks"

    def shown(self, s: Session, campaign: Campaign, upto: int | None) -> list[str]:
        return standing_lines(told(ledger.entries(s, campaign)))

    def listed(self, s: Session, campaign: Campaign) -> dict[str, Any]:
        state = told(ledger.entries(s, campaign))
        return {"models": list(state.models), "checks": len(state.checks)}

    def shown_json(self, s: Session, campaign: Campaign, upto: int | None) -> dict[str, Any]:
        state = told(ledger.entries(s, campaign))
        return {
            "models": {
                m.name: {"card": m.card, "side": m.side.value, **m.numbers}
                for m in state.models.values()
            },
            "checks": {
                str(n): {"check": c.check, "who": c.who, "rerolls": list(c.rerolls)}
                for n, c in state.checks.items()
            },
        }

    def empty(self, s: Session, campaign: Campaign) -> expedition.Expedition:
        return expedition.Expedition()

    def after(self, state: Any, entry: Entry) -> expedition.Expedition:
        return expedition.after(state, entry.number, entry.kind, read(entry))

    def again(self, s: Session, campaign: Campaign, state: Any, entry: Entry) -> Draft:
        x = read(entry)
        game = rules_of(campaign)
        return replace(self._again(state, game, entry.kind, x), text=entry.text)

    def _again(self, state: Any, game: Any, kind: str, x: Any) -> Draft:
        from journal.delve import encounter

        if kind == p.Kind.JOINED:
            return expedition.joins(state, game, x.card, x.name, x.side)
        if kind == p.Kind.ENCOUNTER:
            return encounter.again(state, game, x)
        if kind == p.Kind.EXPEDITION:
            return expedition.begins(state, x.name)
        if kind == p.Kind.CHECK:
            return expedition.check(
                state,
                game,
                x.check,
                x.who,
                member=x.member,
                against=x.against,
                against_member=x.against_member,
                recorded=x.result,
            )
        return expedition.reroll(state, game, x.way, of=x.of, pay=x.paid, recorded=x.result)

    def markdown(self, s: Session, campaign: Campaign) -> list[str]:
        from journal.bundle import started_line

        lines = [f"# {campaign.name}", "", started_line(campaign), "", "## The log", ""]
        for e in ledger.entries(s, campaign):
            lines.append(f"{e.number}. {e.summary}")
            lines += [f"    {line}" for line in e.text.splitlines()]  # the note people wrote
        lines += ["", "## Where the expedition stands", ""]
        lines += [f"- {line}" for line in standing_lines(told(ledger.entries(s, campaign)))]
        return lines


KEEPER = Delve()
