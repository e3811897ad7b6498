"""What a bound noun phrase means, written back in canonical words.

The printer writes a sentence from the words the card used; this module writes a ``Selector``
from what the checker bound, so a phrase that bound to something other than it says shows it:
``a Beast, Spirit or Ghost monster at this location`` reads ``a Beast or Spirit or Ghost monster
at this location`` when it is one monster with any of the three tags, and as two phrases when it
was split. Binding the words again gives the same selector (tests/dsl/test_15_meaning.py).
"""

from __future__ import annotations

from dsl.selectors import Filter, Place, Quantity, Selector, ValueSpec
from dsl.vocabulary import Vocabulary


def _plural(word: str) -> str:
    *head, last = word.split(" ")
    if last == "die":
        last = "dice"
    elif last.endswith("y") and last[-2:-1] not in ("a", "e", "i", "o", "u"):
        last = last[:-1] + "ies"
    elif last.endswith(("s", "x", "sh", "ch")):
        last += "es"
    else:
        last += "s"
    return " ".join([*head, last])


def _quantity(q: Quantity, first: str) -> str:
    if q.mode == "exact":
        if q.count == 1 and not q.plural:
            return "an" if first[:1].casefold() in "aeiou" else "a"
        return str(q.count)
    if q.mode == "all":
        return "each" if not q.plural else "all"
    if q.mode == "any":
        return "any"
    if q.mode == "another":
        return "another"
    if q.mode == "up_to":
        return f"up to {q.count}"
    if q.mode == "total_value":
        return f"a total value of {q.total}"
    return ""


def _filters(sel: Selector) -> list[str]:
    words = [_word(f) for f in sel.filters]
    if sel.any_of:
        alternatives = [_word(f) for f in sel.any_of]
        words.append(" or ".join(alternatives))
    return words


def _word(f: Filter) -> str:
    return f'"{f.word}"' if " " in f.word and f.category == "card tag" else f.word


def _value(value: ValueSpec | None) -> str:
    if value is None:
        return ""
    if value.kind == "exact":
        return f"of value {value.value}"
    if value.kind == "each":
        return f"each with value {value.value}"
    if value.kind == "same":
        return "of the same value"
    if value.kind == "any":
        return "of any value"
    return "to its opposite face"


def _place(place: Place | None, vocab: Vocabulary) -> str:
    if place is None:
        return ""
    prep = place.preposition
    if place.kind in ("this location", "any location", "in play", "this region"):
        return {
            "this location": f"{prep} this location",
            "any location": f"{prep} any location",
            "in play": "in play",
            "this region": f"{prep} this region",
        }[place.kind]
    if place.kind == "held":
        return "you have"
    if place.kind == "zone":
        owner = "your" if place.owner else "the"
        kind = f"{place.of_kind} " if place.of_kind else ""
        return f"{prep} {owner} {kind}{place.zone}"
    if place.kind == "this card":
        return f"{prep} this card"
    if place.kind == "locations" and place.locations is not None:
        loc = place.locations
        regions = [f.word for f in loc.filters if f.category == "region"]
        if (
            regions
            and len(loc.filters) == 1
            and not loc.any_of
            and loc.name is None
            and loc.quantity == Quantity("all", None)
        ):
            title = vocab.regions.get(regions[0]) or regions[0]
            return f"{prep} {title}"
        return f"{prep} {selector_words(loc, vocab)}"
    return ""


def selector_words(sel: Selector, vocab: Vocabulary) -> str:
    """The canonical words of a bound phrase: quantity, filters, noun, value, place, with."""
    if sel.noun_category == "region" and sel.noun is not None:
        head = vocab.regions.get(sel.noun) or sel.noun  # "to the North": its title
    elif sel.reference == "it" and (sel.noun is not None or sel.noun_category == "die"):
        head = f"that {sel.noun or 'die'}"  # "that die": what an earlier phrase found
    elif sel.reference == "it":
        head = "them" if sel.quantity.plural else "it"
    elif sel.reference == "self":
        head = "you"
    elif sel.name is not None:
        head = f'{sel.noun} "{sel.name}"'
    else:
        if sel.noun_category in ("card kind", "resource", "token", "stress", "counter", "zone"):
            noun = sel.noun or sel.noun_category
        elif sel.noun_category == "die":
            noun = "die"
        else:
            noun = "card"
        plural = sel.quantity.plural and sel.noun_category not in ("resource",)
        noun = _plural(noun) if plural else noun
        body = " ".join([*_filters(sel), noun])
        if sel.reference == "this":
            head = f"this {body}"
        else:
            quantity = _quantity(sel.quantity, body)
            head = f"{quantity} {body}" if quantity else body
    parts = [head, _value(sel.value), _place(sel.place, vocab)]
    parts += [f"with {selector_words(w, vocab)}" for w in sel.with_]
    return " ".join(p for p in parts if p)
