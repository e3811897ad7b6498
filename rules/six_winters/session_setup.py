"""Session Setup (rules: Session Setup, steps 8-12): downtime and the reserve, starting
resources, character setup and placing the characters. Steps 1-7 are ``new_session``.
"""

from __future__ import annotations

from typing import Any

from dsl.kernel.dispatch import answer, piece, quiet, step
from dsl.runtime import Context, Decision

from .basics import (
    _ASSET_PROMPT,
    Section,
)
from .contracts import DecisionKind
from .state import (
    Frame,
)


class SessionSetupRules(Section):
    """Session Setup steps 8-12 (``session.setup``)."""

    @piece("scheme_setup")
    def scheme_setup(self, ctx: Context) -> None:
        """Session setup once the session is made (steps 1-7): the scheme's setup text."""
        st = self.state
        scheme = self.ruleset.schemes[st.scheme]
        self.game.run_effects(ctx, scheme.effects, "setup", card=st.scheme)

    def start_character_setup(self, name: str) -> None:
        """Character Setup: asks first, before anything changes (a step frame, no snapshot)."""
        self.game.push_frame("character_setup", {"name": name})

    def start_placing(self, name: str) -> None:
        """Place Characters: asked by a step frame, like the character setup."""
        self.game.push_frame("place_character", {"name": name})

    @piece("downtime")
    def downtime(self, ctx: Context, name: str) -> None:
        """Train and rest: remove a condition, take two skill advances."""
        rs = self.ruleset
        sheet = self.state.sheets[name]
        for _ in range(rs.value("downtime conditions removed", 1)):
            if not sheet.conditions:
                break
            removed = self.game.decide(
                ctx,
                DecisionKind.CHOOSE_CONDITION,
                list(sheet.conditions),
                f"Downtime: which condition does {name} recover from?",
                who=name,
            )
            self.ops.recover_in_downtime(sheet, removed)
        for n in range(rs.value("downtime advances", 2)):
            skill = self.game.decide(
                ctx,
                DecisionKind.CHOOSE_SKILL,
                list(rs.skills),
                f"Downtime: skill advance {n + 1} for {name}",
                who=name,
            )
            self.ops.train_in_downtime(sheet, skill)
        # A character back from downtime plays this year as the sheet now stands (the session's
        # copy was taken at Choose Characters, before this step).
        for c in self.state.characters:
            if c.name == name:
                self.ops.take_up_sheet(c, sheet)

    @piece("reserve")
    def reserve(self, ctx: Context, asset: str) -> None:
        st = self.state
        owner = self.game.decide(
            ctx,
            DecisionKind.CHOOSE_CHARACTER,
            [c.name for c in st.characters],
            f"Reserve: who takes {asset}?",
        )
        self.ops.take_reserve_asset(self.game.character(owner), asset)

    @quiet("starting_resources")
    def quiet_starting_resources(self, args: dict[str, Any]) -> bool:
        return True  # the dice are rolled where they are produced: nothing to ask

    @piece("starting_resources")
    def starting_resources(self, ctx: Context) -> None:
        """A die per production icon; sorcery explodes but stresses no one (no one is there)."""
        for loc in self.state.locations:
            for resource in self.game.side(loc).produces:
                self.ops.new_resource_die(None, resource, loc, stress=False)

    @step("character_setup")
    def walk_character_setup(self, frame: Frame) -> Decision | None:
        """A character's setup: may take an asset from the staging area (asked here), then the
        rest (the ``character_ready`` piece). The ``character_setup`` piece is the same as one
        piece."""
        c = self.game.character(frame.data["name"])
        if self.state.asset_staging and frame.data.get("taken", 0) < self.ruleset.value(
            "starting assets", 1
        ):
            return Decision(
                kind=DecisionKind.CHOOSE_ASSET,
                who=c.name,
                prompt=_ASSET_PROMPT.format(c.name),
                options=(*self.state.asset_staging, "none"),
            )
        self.game.pop_frame()
        self.game.push_run("character_ready", name=c.name)
        return None

    @answer("character_setup")
    def answer_character_setup(self, frame: Frame, choice: Any) -> None:
        name = frame.data["name"]
        if choice != "none":
            self.ops.take_asset_from_staging(self.game.character(name), choice)
            frame.data["taken"] = frame.data.get("taken", 0) + 1
            if frame.data["taken"] < self.ruleset.value("starting assets", 1):
                return  # asked again: another asset, or none
        self.game.pop_frame()
        self.game.push_run("character_ready", name=name)

    @piece("character_setup")
    def character_setup(self, ctx: Context, name: str) -> None:
        st = self.state
        c = self.game.character(name)
        for _ in range(self.ruleset.value("starting assets", 1)):
            if not st.asset_staging:
                break
            choice = self.game.decide(
                ctx,
                DecisionKind.CHOOSE_ASSET,
                [*st.asset_staging, "none"],
                _ASSET_PROMPT.format(c.name),
                who=c.name,
            )
            if choice == "none":
                break
            self.ops.take_asset_from_staging(c, choice)
        self.character_ready(ctx, name)

    @quiet("character_ready")
    def quiet_character_ready(self, args: dict[str, Any]) -> bool:
        """Asks nothing unless a condition the character holds has a setup text."""
        conditions = self.ruleset.conditions
        return not any(
            e.run is not None and e.on("setup")
            for cond in self.game.character(args["name"]).conditions
            if cond in conditions
            for e in conditions[cond].effects
        )

    @piece("character_ready")
    def character_ready(self, ctx: Context, name: str) -> None:
        """Character setup once the asset is taken: initiative, an ability, action points, and
        what the character's conditions do at setup."""
        rs = self.ruleset
        c = self.game.character(name)
        self.ops.gain_initiative(c, rs.value("starting initiative dice", 1))
        for _ in range(rs.value("starting abilities", 1)):
            self.ops.take_ability(c)
        self.ops.set_action_points(
            c, rs.value("starting action points", rs.value("action points per turn", 4))
        )
        for cond in list(c.conditions):
            card = rs.conditions.get(cond)
            if card is not None:
                self.game.run_effects(ctx, card.effects, "setup", actor=c.name, card=cond)

    @step("place_character")
    def walk_place_character(self, frame: Frame) -> Decision | None:
        """Where a character starts (the party, in the solo variant); ``op_place_character`` is
        the same as a piece."""
        name = frame.data["name"]
        options = tuple(loc.name for loc in self.state.locations)
        return Decision(
            kind=DecisionKind.CHOOSE_LOCATION, who=name, prompt=f"Place {name}", options=options
        )

    @answer("place_character")
    def answer_place_character(self, frame: Frame, where: Any) -> None:
        self.game.pop_frame()
        self._put(frame.data["name"], where)

    @piece("place_character")
    def place_character(self, ctx: Context, name: str) -> None:
        names = [loc.name for loc in self.state.locations]
        where = self.game.decide(
            ctx, DecisionKind.CHOOSE_LOCATION, names, f"Place {name}", who=name
        )
        self._put(name, where)

    def _put(self, name: str, where: str) -> None:
        st = self.state
        for moved in st.characters if st.solo else [self.game.character(name)]:
            self.ops.place_character(moved, where)
