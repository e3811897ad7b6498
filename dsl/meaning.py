"""What a bound noun phrase means, written back in canonical words.

The printer writes a sentence from the words the card used; this module writes a ``Selector``
from what the checker bound, so a phrase that bound to something other than it says shows it:
``a Beast, Spirit or Ghost monster at this location`` reads ``a Beast or Spirit or Ghost monster
at this location`` when it is one monster with any of the three tags, and as two phrases when it
was split. Binding the words again gives the same selector (tests/dsl/test_15_meaning.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dsl.bound import ActionCost, BoundClause, BoundCondition, OneOf
from dsl.selectors import Amount, Filter, Place, Quantity, Reading, Selector, ValueSpec
from dsl.vocabulary import Vocabulary


def _plural(word: str) -> str:
    *head, last = word.split(" ")
    if last == "die":
        last = "dice"
    elif last.endswith("y") and last[-2:-1] not in ("a", "e", "i", "o", "u"):
        last = last[:-1] + "ies"
    elif last.endswith(("s", "x", "sh", "ch")) or (
        last.endswith("o") and last[-2:-1] not in ("a", "e", "i", "o", "u")
    ):
        last += "es"
    else:
        last += "s"
    return " ".join([*head, last])


MASS_NOUNS = ("meter", "reservoir", "piece", "die")  # "1 body", "all hindrance"
AMOUNTS = ("meter", "reservoir")  # counted with a number, never an article: "1 action point"


def _article(first: str) -> str:
    folded = first.casefold()
    vowel = folded[:1] in "aeiou" and not folded.startswith(("uni", "use", "eu", "one"))
    return "an" if vowel else "a"


def _quantity(q: Quantity, first: str, category: str = "card") -> str:
    if q.mode == "exact":
        if q.count == 1 and q.plural:
            return ""  # a bare plural: "at Forest locations", as written
        if q.count == 1 and not q.plural:
            return "1" if category in AMOUNTS else _article(first)
        return str(q.count)
    if q.mode == "all":
        return "each" if not q.plural and category not in MASS_NOUNS else "all"
    if q.mode == "any":
        return "any"
    if q.mode == "another":
        return "another"
    if q.mode == "up_to":
        return f"up to {q.count}"
    if q.mode == "total_value":
        return f"a total value of {q.total}"
    return ""


def _filters(sel: Selector, vocab: Vocabulary) -> list[str]:
    words = [_word(f, vocab) for f in sel.filters]
    if sel.any_of:
        alternatives = [_word(f, vocab) for f in sel.any_of]
        words.append(" or ".join(alternatives))
    return words


def _word(f: Filter, vocab: Vocabulary | None = None) -> str:
    if f.shape == "groups" and vocab is not None and vocab.titles.get(f.word):
        title = vocab.titles[f.word]  # "a North location": the group's title
        return title[4:] if title.casefold().startswith("the ") else title
    return f'"{f.word}"' if " " in f.word and f.shape == "tags" else f.word


def _with_words(with_: Selector, vocab: Vocabulary) -> str:
    if with_.quantity.mode == "exact" and with_.quantity.count == 0:  # "with no monsters"
        return f"with no {selector_words(replace(with_, quantity=Quantity(plural=True)), vocab)}"
    return f"with {selector_words(with_, vocab)}"


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


def place_words(place: Place | None, vocab: Vocabulary) -> str:
    """Where, in the words of the ruleset: ``at this location``, ``in the North``, ``from
    your pool``."""
    if place is None:
        return ""
    prep = place.preposition
    if place.kind in ("this place", "any place", "in play", "this group"):
        return {
            "this place": f"{prep} this {vocab.place_kind}",
            "any place": f"{prep} any {vocab.place_kind}",
            "in play": "in play",
            "this group": f"{prep} this {place.category}",
        }[place.kind]
    if place.kind == "held":
        return "you have"
    if place.kind == "zone":
        return f"{prep} {_zone(place)}"
    if place.kind == "this card":
        return f"{prep} this {place.of_kind or 'card'}"  # "in this tale", as bound
    if place.kind == "places" and place.places is not None:
        within = place.places
        if within.reference == "there":
            return "there"  # "For each fire, destroy a building there."
        groups = [f.word for f in within.filters if f.shape == "groups"]
        if (
            groups
            and len(within.filters) == 1
            and not within.any_of
            and within.name is None
            and within.quantity == Quantity("all", None)
        ):
            title = vocab.titles.get(groups[0]) or groups[0]
            return f"{prep} {title}"
        return f"{prep} {selector_words(within, vocab)}"
    return ""


def _zone(place: Place) -> str:
    owner = "your" if place.owner else "the"
    kind = f"{place.of_kind} " if place.of_kind else ""
    return f"{owner} {kind}{place.zone}"


def _declared_number(noun: str, vocab: Vocabulary) -> bool:
    world = vocab.world
    return world is not None and noun.casefold() in world.properties


def reading_words(reading: Reading, vocab: Vocabulary) -> str:
    """``its difficulty``, ``the value of a moss at this location``."""
    if reading.expr is not None:  # "the number of monsters at this stop"
        from dsl.expr import words

        return words(reading.expr)
    if reading.field is None:
        return f"the value of {selector_words(reading.of, vocab)}"
    if reading.of.reference == "it":
        return f"its {reading.field}"
    return f"the {reading.field} of {selector_words(reading.of, vocab)}"


def selector_words(sel: Selector, vocab: Vocabulary) -> str:
    """The canonical words of a bound phrase: quantity, filters, noun, value, place, with."""
    place = sel.place
    zone = place is not None and place.kind == "zone" and place.zone is not None
    if sel.noun_category == "zone" and zone and sel.quantity.mode == "none":
        assert place is not None
        return _zone(place)  # "the supply", "your pool"
    if sel.reference == "this" and place is not None and place.kind == "this place":
        place = None  # "this location" says where it is
    if sel.noun_category == "group" and sel.noun is not None:
        head = vocab.titles.get(sel.noun) or sel.noun  # "to the North": its title
    elif sel.reference == "it" and (sel.noun is not None or sel.noun_category == "die"):
        head = f"that {sel.noun or 'die'}"  # "that die": what an earlier phrase found
    elif sel.reference == "it":
        head = "them" if sel.quantity.plural else "it"
    elif sel.reference == "self":
        head = "you"
    elif sel.name is not None:
        head = f'{sel.noun} "{sel.name}"'
    else:
        plural = sel.quantity.plural
        generic = vocab.category(sel.category) if sel.category and sel.noun is None else None
        if generic is not None and generic.shape == "dice" and len(vocab.of_shape("dice")) < 2:
            generic = None  # "a die": the one category of dice
        if generic is not None and not (sel.noun_category == "die" and sel.any_of):
            noun = generic.plural if plural else generic.singular  # "a curse die", "stress"
        elif sel.noun_category in ("card kind", "zone", "die", "piece", "meter", "reservoir"):
            noun = sel.noun or ("die" if sel.noun_category == "die" else sel.noun_category)
            if sel.noun_category == "die" and sel.noun is not None:
                plural = False  # "2 ember": a type of dice serves as its own plural
            if sel.noun_category in ("piece", "meter") and noun.endswith("s"):
                plural = False  # "3 progress": the declared word serves as its own plural
            if sel.noun_category == "meter" and _declared_number(noun, vocab):
                plural = False  # "2 light": a number the ruleset declares is its own plural
            declared = vocab.category(sel.category) if sel.category else None
            if declared is not None and declared.mass:
                plural = False  # "stress is a meter": a mass noun, "3 body", never "3 bodies"
            noun = _plural(noun) if plural else noun
        else:
            noun = _plural("card") if plural else "card"
        body = " ".join([*_filters(sel, vocab), noun])
        if sel.reference == "this" and sel.noun is None and sel.text.casefold() == "this":
            head = "this"  # "This does not cause a surge.": the card's own text, as written
        elif sel.reference == "this":
            head = f"this {body}"
        elif sel.quantity.reading is not None:
            head = body  # the number comes after: "equal to ..."
        elif (
            sel.noun_category == "piece"
            and sel.quantity == Quantity()
            and sel.text.casefold() == body.casefold()
        ):
            head = body  # a bare token, no quantity written: "convert 2 hindrance to progress"
        else:
            quantity = _quantity(sel.quantity, body, sel.noun_category)
            head = f"{quantity} {body}" if quantity else body
    if sel.superlative is not None and sel.quantity == Quantity() and head.startswith("a"):
        head = "the " + head.split(" ", 1)[1]  # "the location with the most dice"
    # after a superlative, the place comes last ("the location with the most threats in the
    # North"): "in the North with the most ..." would read the superlative as the region's
    where = place_words(place, vocab)
    parts = [head, _value(sel.value), "" if sel.superlative is not None else where]
    reading = sel.quantity.reading
    if reading is not None:
        total = "with a total value " if sel.quantity.mode == "total_value" else ""
        parts.append(f"{total}equal to {reading_words(reading, vocab)}")
    if sel.where:  # "with strength below 4"
        from dsl.numbers import having_words

        parts.extend(having_words(h) for h in sel.where)
    if sel.with_:  # "with a monster and a hero": every one holds
        parts.append(
            " and ".join(_with_words(w, vocab) for w in sel.with_).replace(" and with ", " and ")
        )
    standing = sel.superlative.of if sel.superlative is not None else None
    if sel.superlative is not None and standing is not None:
        # "the post of the scout with the lowest stealth": the best one's words
        best = sel.superlative
        of = replace(standing, quantity=Quantity(), superlative=replace(best, of=None))
        parts.extend([f"of {selector_words(of, vocab)}", where])
    elif sel.superlative is not None:
        best = sel.superlative
        if best.counted is not None:
            # what is counted, as a bare plural: "with the fewest hindrance", never "a hindrance"
            counted = replace(best.counted, quantity=Quantity(plural=True))
            parts.append(f"with the {best.kind} {selector_words(counted, vocab)}")
        elif best.measure is not None:
            parts.append(f"with the {best.kind} {best.measure.word}")

        parts.append(where)
    return " ".join(p for p in parts if p)


# ---- whole sentences, from what they bound to ---------------------------------------------------

_PARTICLE_WORDS = ("at", "on", "in", "to", "from", "for", "into", "onto", "with")


def verb_form(verb: str, form: str) -> str:
    """``place`` → ``places`` (``s``) or ``placing`` (``ing``); other words of the verb stay."""
    first, *rest = verb.split(" ")
    if form == "s":
        if first.endswith(("s", "x", "sh", "ch", "o")):
            first += "es"
        elif first.endswith("y") and first[-2:-1] not in ("a", "e", "i", "o", "u"):
            first = first[:-1] + "ies"
        else:
            first += "s"
    elif form == "ing":
        vowels = "aeiou"
        if first.endswith("e") and not first.endswith("ee"):
            first = first[:-1] + "ing"
        elif (
            len(first) >= 3
            and first[-1] not in vowels + "wxy"
            and first[-2] in vowels
            and first[-3] not in vowels
        ):
            first = first + first[-1] + "ing"
        else:
            first += "ing"
    return " ".join([first, *rest])


def value_words(value: Any, vocab: Vocabulary) -> str:
    """A role's bound value in words: a thing, a number, a face, a choice, a list."""
    if isinstance(value, Selector):
        return selector_words(value, vocab)
    if isinstance(value, Amount):
        if value.expr is not None:  # a number read when the effect runs (dsl.world.choices)
            from dsl.expr import words as expr_words

            return expr_words(value.expr)
        if value.value_name is not None:
            return value.value_name
        words = str(value.number if value.number is not None else 1)
        if value.per is not None:
            counted = selector_words(value.per, vocab)
            counted = "each " + counted[4:] if counted.startswith("all ") else counted
            words += " for " + counted
        return words
    if isinstance(value, ValueSpec):
        return "any value" if value.kind == "any" else "its opposite face"
    if isinstance(value, OneOf):
        return " or ".join(value_words(v, vocab) for v in value.choices)
    if isinstance(value, tuple):
        items = [value_words(v, vocab) for v in value]
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    return str(value)


def _singular_subject(subject: Selector) -> bool:
    if subject.reference == "self":
        return False  # "you gain"
    if subject.reference == "it":
        return not subject.quantity.plural
    singular = ("exact", "all", "none", "another")  # "another character loses"
    return not subject.quantity.plural and subject.quantity.mode in singular


def clause_words(clause: BoundClause, vocab: Vocabulary, form: str = "base") -> str:
    """A bound action in canonical words: subject, verb, object, then each other role."""
    if clause.cost is not None:
        cost = replace(clause.cost, subject=clause.cost.subject or clause.subject)
        effect = replace(clause, cost=None, subject=None if cost.subject else clause.subject)
        return f"{clause_words(cost, vocab, form)} to {clause_words(effect, vocab)}"
    if clause.negated and clause.subject is None:
        return _restriction_words(clause, vocab)
    priced = clause.role("object")
    if isinstance(priced, ActionCost):  # "each trade costs 2 action points"
        mass = vocab.mass_noun(priced.thing)
        thing = priced.thing if priced.amount == 1 or mass else _plural(priced.thing)
        return f"each {priced.action} {verb_form(clause.verb, 's')} {priced.amount} {thing}"
    if clause.function == "resolve_text":  # "resolve the Lurk text of it": dsl/world/resolving.py
        given = dict(clause.roles)
        label = given["object"]
        label_text = label[0] if isinstance(label, tuple) else str(label)
        on = given["on"]  # a card named is kept as (name, kind): found wherever it lies
        thing_text = f'{on[1]} "{on[0]}"'.lstrip() if isinstance(on, tuple) else ""
        thing_text = thing_text or value_words(on, vocab)
        return f"{verb_form(clause.verb, form)} the {label_text} text of {thing_text}"
    if clause.function in ("spend_die", "turn_die", "explode_dice", "keep_dice"):  # world/
        return clause.text[:1].lower() + clause.text[1:]
    if clause.function in (
        "arrange_cards",
        "select_card",
        "move_cards",
        "fill_grid",
        "move_pool_dice",
        "take_place",  # dsl/world/replacing.py
    ):  # dsl/world/arranging.py, grid_play.py, pool_moves.py
        return clause.text[:1].lower() + clause.text[1:]
    if clause.function == "lay" and ("of" in dict(clause.roles) or "how" in dict(clause.roles)):
        return clause.text[:1].lower() + clause.text[1:]  # "lay the spare charms of this gate ..."
    verb = clause.verb
    words: list[str] = []
    if clause.subject is not None:
        words.append(selector_words(clause.subject, vocab))
        singular = _singular_subject(clause.subject)
        if clause.negated:
            words += ["does not" if singular else "do not", verb]
        elif clause.optional:
            words += ["may", verb]
        else:
            words.append(verb_form(verb, "s" if singular else "base"))
    else:
        words.append(verb_form(verb, form))
    roles = list(clause.roles)
    objects = []
    if [r for r, _ in roles[:2]] == ["to", "object"]:
        objects.append(value_words(roles.pop(0)[1], vocab))  # "give all characters 1 lantern"
    objects += [value_words(v, vocab) for role, v in roles if role == "object"]
    others = [
        "there" if getattr(v, "reference", None) == "there" else f"{role} {value_words(v, vocab)}"
        for role, v in roles
        if role != "object"
    ]
    head, *tail = words[-1].split(" ")
    if objects and tail and tail[0] in _PARTICLE_WORDS:  # "put X into play"
        words[-1] = head
        words += [*objects, " ".join(tail)]
    else:
        words += objects
    words += others
    if clause.per is not None:
        counted = selector_words(clause.per, vocab)
        if counted.startswith("all "):
            counted = "each " + counted[4:]  # "for each threat", though "all threat" reads
        words.append("for " + counted)
    return " ".join(w for w in words if w)


def _restriction_words(clause: BoundClause, vocab: Vocabulary) -> str:
    """``trade or muster at this location``, ``fight Beast monsters``: the verbs
    forbidden, then what or where."""
    where = clause.role("where")
    place = where.place if isinstance(where, Selector) else None
    thing = clause.role("object")
    what = selector_words(thing, vocab) if isinstance(thing, Selector) else ""
    return " ".join(w for w in (clause.verb, what, place_words(place, vocab)) if w)


def condition_words(condition: BoundCondition, vocab: Vocabulary) -> str:
    """``If ...``'s words from what the condition bound to."""
    sel = condition.selector
    if condition.kind == "period":
        return f"it is {condition.period}"
    if condition.kind == "compare":
        from dsl.expr import condition_words as compared_words

        return compared_words(condition.compare)
    assert sel is not None
    place = sel.place
    if place is not None and place.kind == "held" and condition.kind in ("exists", "none"):
        # "you have a condition" / "you have no conditions", as written
        words = selector_words(replace(sel, place=None), vocab)
        if condition.kind == "none":
            return f"you have no {words[4:] if words.startswith('any ') else words}"
        return f"you have {words}"
    words = selector_words(sel, vocab)
    if condition.kind == "at":
        return f"at {words}"
    if condition.kind in ("this is", "it is", "you are"):
        return f"{condition.kind} {words}"
    if condition.kind == "none":
        rest = words[4:] if words.startswith("any ") else words
        return f"there {'are' if sel.quantity.plural else 'is'} no {rest}"
    return f"there {'are' if sel.quantity.plural else 'is'} {words}"
