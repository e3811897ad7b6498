"""People at one terminal (hot-seat): ``chronicler play GAME --people 1,3`` seats people in those
seats and bots in the others, for any game played by seats.

A person's private prompts (their numbers, their hand, their orders face down, the question
and its options) are shown only once they hold the terminal: when the question passes to
another person, the screen (and its scrollback) is cleared and a hand-over screen asks that
person to take the terminal and press Enter; the screen is cleared again before the game's
end is told to the whole table. What happens in public (the ruleset's account of each public
event) is told to whoever holds the terminal; what a game tells one player only
(``events_for``) and the choices others keep face down never are, since a person's view is
their own observation.

Answers are read a line at a time from the standard input: a number of the options listed
(several, comma-separated, when the question takes several), ``note TEXT`` to add a line of
narration (kept with the game's record), or an empty line at a hand-over screen.

With the table's dice (``--dice table``: ``HotSeat.dice``), each die the game rolls is a
question of the kernel's (``roll``) asked at the terminal of whoever holds it (the dice are
public): which die, for whom and how many, and its faces; the face the table's die shows is
typed, and a face the die does not have is refused and asked again."""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape

from dsl.errors import UsageError

if TYPE_CHECKING:
    from dsl.contract import Bot, Game

CLEAR = "\x1b[2J\x1b[3J\x1b[H"  # the screen and its scrollback, then the cursor home
HANDED_OVER = "Pass the terminal to {name}."  # the hand-over screen's first line
TABLE = "the table"  # who holds the terminal when everyone may see it


def seats_of(people: str, seats: int) -> tuple[str, ...]:
    """``--people 1,3``: the seats (``p1``, ``p3``) people play; a usage error naming the
    option for a seat that is not at the table."""
    chosen: list[str] = []
    for part in (p.strip() for p in people.split(",")):
        if not part:
            continue
        number = part[1:] if part[:1] in {"p", "P"} else part
        if not number.isdigit() or not 1 <= int(number) <= seats:
            raise UsageError(
                f"--people {people!r}: {part!r} is not a seat of this game (1 to {seats})"
            )
        chosen.append(f"p{int(number)}")
    if not chosen:
        raise UsageError("--people: name at least one seat (1,3)")
    return tuple(dict.fromkeys(chosen))


@dataclass
class Terminal:
    """Where the people read and type: a console and a line reader (the standard input)."""

    console: Console
    read: Callable[[], str] = field(default=lambda: sys.stdin.readline())

    def line(self, prompt: str) -> str:
        self.console.print(prompt, end="", markup=False, highlight=False)
        self.console.file.flush()
        typed = self.read()
        if typed == "":  # the end of the input: nobody is there to answer
            raise UsageError(f"no answer was given to: {prompt.strip()}")
        return typed.strip()

    def clear(self) -> None:
        self.console.file.write(CLEAR)
        self.console.file.flush()


@dataclass
class HotSeat:
    """A ``Bot`` for the whole table: the people's seats asked at the terminal, the others
    answered by ``bot``. ``notes``: the lines of narration people typed, with the number of
    answers given before each (so a recording can place them)."""

    game: Game
    bot: Bot
    people: Collection[str]
    terminal: Terminal
    names: dict[str, str]
    narrate: Callable[[Sequence[Any]], list[str]]
    on_note: Callable[[str], None] | None = None
    holder: str | None = None  # who holds the terminal: a seat, TABLE, or None (no one yet)
    told: int = 0  # public events told so far
    notes: list[tuple[int, str]] = field(default_factory=list)
    answers: int = 0
    last_answer: Any = None  # the answer ``choose`` gave last (a recording keeps it)
    dice: bool = False  # the table rolls: each die's face is typed at the terminal

    uses_observation = True

    # -- the Bot protocol -------------------------------------------------------------------
    def choose(self, obs: Any, decision: Any) -> Any:
        self.last_answer = self._choose(obs, decision)
        return self.last_answer

    def _choose(self, obs: Any, decision: Any) -> Any:
        who = decision.who
        if self.dice and decision.kind == ROLL:
            self._tell_public()  # what led to the roll, before its face is asked
            return self._ask_face(decision)
        if who not in self.people:
            answer = self.bot.choose(
                obs if self.bot.uses_observation or obs is None else None, decision
            )
            self.answers += 1
            return answer
        self._hand_to(str(who))
        self._tell_public()
        self._show_private(str(who))
        return self._ask(decision)

    # -- the screens ------------------------------------------------------------------------
    def name(self, seat: str) -> str:
        return self.names.get(seat, seat)

    def _hand_to(self, seat: str) -> None:
        if self.holder == seat:
            return
        self.terminal.clear()
        self.terminal.console.print(
            f"[bold]{escape(HANDED_OVER.format(name=self.name(seat)))}[/]", highlight=False
        )
        self.terminal.line(f"{self.name(seat)}, press Enter when only you can see the screen: ")
        self.terminal.clear()
        self.holder = seat
        self.terminal.console.print(f"[bold]{escape(self.name(seat))}[/] holds the terminal.")

    def hand_to_table(self) -> None:
        """Before what everyone may see: clear a person's private view off the screen."""
        if self.holder not in (None, TABLE):
            self.terminal.clear()
        self.holder = TABLE

    def _tell_public(self) -> None:
        public = public_events(self.game)
        for line in self.narrate(public[self.told :]):
            self.terminal.console.print(line, markup=True, highlight=False)
        self.told = len(public)

    def _show_private(self, seat: str) -> None:
        obs = self.game.observation(seat)
        out = self.terminal.console
        out.print(f"[bold]Your view, {escape(self.name(seat))}[/] (round {obs.get('round')})")
        mine = obs.get("values", {}).get(seat, {})
        out.print("  yours: " + escape(", ".join(f"{k} {v}" for k, v in mine.items() if v)))
        for other in obs.get("players", []):
            if other != seat:
                theirs = obs["values"].get(other, {})
                shown = ", ".join(f"{k} {v}" for k, v in theirs.items() if v)
                out.print(f"  {escape(self.name(other))}: {escape(shown)}")
        for key, cards in obs.get("zones", {}).items():
            zone, _, owner = key.partition("@")
            if owner == seat and isinstance(cards, list):
                out.print(f"  your {escape(zone)}: {escape(', '.join(cards) or 'empty')}")
            elif not owner and isinstance(cards, list) and cards:
                out.print(f"  {escape(zone)}: {escape(', '.join(cards))}")
        for line in self._map_lines(obs, seat):
            out.print(f"  {escape(line)}")
        for order in obs.get("orders", []):
            whose = "you" if order["player"] == seat else self.name(order["player"])
            face = order.get("face", "up")
            card = order.get("card")
            said = f"{card} (face {face})" if order["player"] == seat else str(card)
            if order.get("resolved"):
                said += ", resolved"
            out.print(f"  order of {escape(whose)} on {escape(str(order['slot']))}: {escape(said)}")

    def _map_lines(self, obs: dict[str, Any], seat: str) -> list[str]:
        """Each place with what is on it: the cards there and the pieces, by owner."""
        places: dict[str, list[str]] = {}
        for card, at in obs.get("on map", {}).items():
            places.setdefault(str(at), []).append(str(card).partition("#")[0])
        for at, held in obs.get("pieces", {}).items():
            for key, count in held.items():
                piece, _, owner = str(key).partition("@")
                whose = (
                    "" if not owner else " (yours)" if owner == seat else f" ({self.name(owner)})"
                )
                places.setdefault(str(at), []).append(f"{count} {piece}{whose}")
        return [f"at {at}: {', '.join(things)}" for at, things in places.items() if things]

    # -- the questions ----------------------------------------------------------------------
    def _ask(self, decision: Any) -> Any:
        out = self.terminal.console
        options = list(decision.options)
        out.print(f"[bold]{escape(decision.prompt)}[/]")
        for number, option in enumerate(options, start=1):
            out.print(f"  {number}) {escape(_shown(option))}")
        many = decision.max_choices > 1 or decision.kind == "choose_many"
        wanted = (
            f"{decision.min_choices} to {decision.max_choices} numbers, comma-separated"
            if many
            else f"a number, 1 to {len(options)}"
        )
        while True:
            typed = self.terminal.line(f"your answer ({wanted}; note TEXT adds narration): ")
            if self._noted(typed):
                continue
            picked = _numbers(typed, len(options))
            if picked is None or (not many and len(picked) != 1):
                out.print(f"  {escape(typed)!s} is not {wanted}")
                continue
            if many and not decision.min_choices <= len(picked) <= decision.max_choices:
                out.print(f"  choose {wanted}")
                continue
            self.answers += 1
            chosen = [options[i - 1] for i in picked]
            return chosen if many else chosen[0]

    def _ask_face(self, decision: Any) -> int:
        """The face a die of the table shows, typed: the die is named in the question (which
        die, for whom, which of how many), its faces listed; a face it does not have is
        refused and asked again."""
        out = self.terminal.console
        faces = [int(face) for face in decision.options]
        low, high = min(faces), max(faces)
        if self.holder is None:
            self.holder = TABLE
        out.print(f"[bold]The table rolls.[/] {escape(decision.prompt)}")
        while True:
            typed = self.terminal.line(f"the face ({low} to {high}; note TEXT adds narration): ")
            if self._noted(typed):
                continue
            if typed.isdigit() and int(typed) in faces:
                self.answers += 1
                return int(typed)
            said = escape(typed) if typed else "nothing typed"
            out.print(f"  {said}: not a face of this die ({low} to {high})")

    def _noted(self, typed: str) -> bool:
        head, _, text = typed.partition(" ")
        if head.casefold() != "note":
            return False
        if text.strip():
            self.notes.append((self.answers, text.strip()))
            if self.on_note is not None:
                self.on_note(text.strip())
            self.terminal.console.print("  (noted)")
        return True


CARD_MOVED = "card_moved"  # the kind every world game tells (dsl.world.events)
ROLL = "roll"  # the kernel's question for a die of the table (dsl.kernel.machine)
WITHHELD = "a card"


@dataclass(frozen=True)
class Told:
    """An event as everyone at the table may know it (``kind`` and ``data``, as narrated)."""

    kind: str
    data: dict[str, Any]


def public_events(game: Any) -> list[Any]:
    """The game's public events as everyone may know them: a card moved into a zone that is
    not face up for all (a player's hand, a deck) is told without its name, since the public
    log names it (``dsl/world/ops.py``) and a person's hand is theirs alone."""
    out: list[Any] = []
    for event in game.events_for(None):
        to = event.data.get("to") if event.kind == CARD_MOVED else None
        if isinstance(to, str) and not _open_to_all(game, to):
            data = {**event.data, "card": WITHHELD, "name": WITHHELD}
            out.append(Told(event.kind, data))
        else:
            out.append(event)
    return out


def _open_to_all(game: Any, key: str) -> bool:
    """Whether a zone key (``hand@p1``, ``deck``) or a place names what everyone may see."""
    name, _, owner = key.partition("@")
    if owner:
        return False  # a player's own zone: face up ones are told by observation
    zone_decl = getattr(game, "zone_decl", None)
    decl = zone_decl(name) if callable(zone_decl) else None
    if decl is None:
        return True  # a place on the map
    return str(getattr(decl, "visibility", "public")) == "public"


def _shown(option: Any) -> str:
    if option is True:
        return "yes"
    if option is False:
        return "no"
    return str(option)


def _numbers(typed: str, count: int) -> list[int] | None:
    """The option numbers typed, comma-separated (``None``: not such numbers). Only the digits
    0-9 count: a superscript or another script's digit is no number here."""
    parts = [p.strip() for p in typed.split(",") if p.strip()]
    if not parts or not all(_plain_number(p) and 1 <= int(p) <= count for p in parts):
        return None
    return [int(p) for p in parts]


def _plain_number(text: str) -> bool:
    """Digits 0-9 only, and few of them (``int`` refuses thousands of digits)."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def play_at_table(
    game: Game, seat: HotSeat, answered: Callable[[Any, int], None] | None = None
) -> Game:
    """Play the game to its end, the people's seats asked at the terminal (``answered``: told
    each question once its answer is applied, with how many public events were told when it
    was asked); the screen is handed to the table (a person's view cleared) before the end
    is told."""
    while (decision := game.pending()) is not None:
        obs = game.observation(decision.who) if decision.who is not None else None
        asked_at = len(game.events_for(None))  # type: ignore[attr-defined]
        game.apply(seat.choose(obs, decision))
        if answered is not None:
            answered(decision, asked_at)
    seat.hand_to_table()
    return game
