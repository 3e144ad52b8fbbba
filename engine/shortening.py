"""Entailment-safe shortening: cut a core argument down to its head noun phrase only where the
shorter sentence is entailed by the source (an upward-monotone step). Shared by the surface
realizer (``shorten``) and TAILOR's ``shorten_core_argument`` perturbation.

One module, over 400 lines: :func:`shorten_cut` is one decision (what the head noun phrase
keeps, and each reason the cut would not be entailed or not be the argument's), and the small
functions it asks are read only by it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import captions, english
from .checks.time import TIME_WORDS
from .ir import Analysis, Argument, Frame, Predicate, Token, readable_role

_NP_POS = ("NOUN", "PROPN", "PRON", "NUM", "DET")
# What a head noun phrase keeps: determiners, possessors, numerals and compound nouns (with
# their own dependents: "at least two", "the man 's", "ice cream").
_KEEP_DEPS = ("det", "predet", "poss", "nummod", "compound", "quantmod", "case", "neg")
_DETERMINER_DEPS = ("det", "predet", "poss", "nummod", "quantmod")
# Adjectives that quantify rather than describe (*several people*, *a few men*): kept.
_QUANTITY_ADJECTIVES = english.read_lexicon("quantity_adjectives")


@dataclass(frozen=True)
class Cut:
    """What ``shorten`` does to a sentence: the token indices it drops, and the kept tokens it
    spells anew (*an* before a dropped adjective, *a* after)."""

    removed: frozenset[int]
    respell: dict[int, str]
    why: str = ""  # when nothing is removed: why (the argument is a head noun phrase already)


def subtree(kids: list[list[int]], i: int) -> set[int]:
    """Token ``i`` and every token below it."""
    out, todo = set(), [i]
    while todo:
        j = todo.pop()
        if j not in out:
            out.add(j)
            todo.extend(kids[j])
    return out


_UNITS = english.read_lexicon("unit_nouns")  # units of measure: *liters of water*
# verbs whose *about*-phrase after the object may be their own (*asked them about it*)
_ABOUT_VERBS = english.read_lexicon("reporting_verbs") | english.read_lexicon("about_verbs")
_VERB_PREPOSITIONS = english.read_lexicon("verb_argument_prepositions")  # from, to, into ...
_WITH_VERBS = english.read_lexicon("with_verbs")  # fill, provide, supply: their *with*-phrase
_RELATIONAL = english.read_lexicon("relational_nouns")  # role, part, rest: said of something


def _head_np(
    tokens: Sequence[Token], kids: list[list[int]], head: int, depth: int = 0
) -> tuple[set[int], list[int]]:
    """The tokens a head noun phrase keeps, and its head nouns (a quantity noun or quantifier
    with an of-phrase keeps the of-phrase's head noun phrase too: *a group of children*)."""
    keep, heads = {head}, [head]
    for c in kids[head]:
        dep = tokens[c].dep
        quantity = (
            dep == "amod"
            and tokens[c].text.lower() in _QUANTITY_ADJECTIVES
            and not _size_little(tokens, kids, c)
        )
        if dep in _KEEP_DEPS or (dep == "nmod" and c < head) or quantity:
            keep |= subtree(kids, c)
    tok = tokens[head]
    of = next(
        (
            c
            for c in kids[head]
            if c > head and tokens[c].dep == "prep" and tokens[c].text.lower() == "of"
        ),
        None,
    )
    partitive = (
        tok.text.lower() in english.quantity_nouns()
        or (tok.lemma or "").lower() in english.quantity_nouns()  # *nine pairs of lapwing*
        or (  # *three liters of water*, *a liter of milk*; not *this step of the analysis*
            tok.lemma.lower() in _UNITS
            and any(
                tokens[c].dep == "nummod" or tokens[c].text.lower() in ("a", "an")
                for c in kids[head]
            )
        )
        or tok.pos in ("NUM", "DET")
        or tok.tag in ("CD", "DT")
    )
    if of is not None and partitive and depth < 3:
        # (a bare noun the tagger reads as a gerund is its object too: *pairs of lapwing*)
        pobj = next((c for c in kids[of] if tokens[c].dep in ("pobj", "pcomp")), None)
        if pobj is not None:
            inner, inner_heads = _head_np(tokens, kids, pobj, depth + 1)
            keep |= inner | {of}
            heads += inner_heads
    return keep, heads


def _words(tokens: Sequence[Token], indices: Iterable[int]) -> list[str]:
    """Token texts, with *a few* / *a little* (upward, unlike *few*, *little*) as one word."""
    words = [tokens[i].text.lower() for i in sorted(indices)]
    out: list[str] = []
    for w in words:
        if w in ("few", "little") and out and out[-1] == "a":
            out[-1] = "a " + w
        else:
            out.append(w)
    return out


def _size_little(tokens: Sequence[Token], kids: list[list[int]], i: int) -> bool:
    """*little* as an adjective of size (*two little dogs*, *the little girl*, *a little boy*),
    not a quantifier (*little water*, *a little water*): a plural, a person, or another
    determiner than *a* says size."""
    tok = tokens[i]
    if tok.text.lower() != "little" or tok.dep != "amod":
        return False
    noun = tokens[tok.head]
    dets = [tokens[c].text.lower() for c in kids[noun.i] if tokens[c].dep in _DETERMINER_DEPS]
    return (
        noun.tag in ("NNS", "NNPS")
        or noun.text.lower() in english.person_nouns()
        or any(d not in ("a", "an") for d in dets)
    )


def _mentions(text: str, lexicon: frozenset[str]) -> str | None:
    """The first lexicon entry found in ``text`` as a whole word (hyphenated ones included)."""
    low = text.lower()
    for entry in sorted(lexicon):
        if re.search(r"(?<![\w-])" + re.escape(entry) + r"(?![\w-])", low):
            return entry
    return None


def _simple_present(pred: Predicate) -> bool:
    return bool(pred.modality) or (
        pred.tense == "pres" and not pred.progressive and not pred.perfect
    )


def shorten_cut(
    analysis: Analysis,
    frame: Frame,
    role: str,
    target: Predicate,
    later: frozenset[str] = frozenset(),
) -> Cut | str:
    """The tokens ``shorten(role)`` drops from the core argument ``role``, or why it must not.

    The argument is cut down to its head noun phrase: determiners, possessors, numerals,
    compound nouns and the head noun stay; adjectives, prepositional phrases, relative
    clauses, participial modifiers and appositions go (*a big blue ball that was on the
    grass* -> *a ball*). The result must be entailed by the source, so it refuses where
    dropping a modifier is not an upward (weakening) step: under negation or in a question,
    with a non-upward determiner (*every*, *no*, *few*: ``non_upward_determiners.txt``) or a
    downward operator in the clause (*nobody*, *rarely*, *lack*: ``downward_operators.txt``),
    a privative adjective (*fake*, *former*: ``privative_adjectives.txt``), a coordinated
    argument, or a bare plural in a simple-present clause (possibly generic: *tall men play
    basketball* does not entail *men play basketball*). ``later``: the plan's features applied
    after the shortening (``shorten(ARG0)+question`` shortens the statement, then asks it), whose
    target values do not count.
    """
    name = readable_role(role)
    label = f"shorten({name})"
    src = frame.predicate
    # (asked after the argument is found: one with nothing to cut is "unchanged" in any clause)
    clause_why = _clause_refusal(frame, target, later)
    arg = frame.argument(role)
    if arg is None:
        return f"{label}: {clause_why or f'the predicate has no {name}'}"
    tokens = analysis.sentence.tokens
    infinitive = _event_after_a_copula(tokens, frame)
    if src.lemma == "be" and infinitive is not None:
        return f"{label}: " + (
            clause_why
            or f"the clause's event is '{infinitive.text}' after '"
            f"{tokens[infinitive.head].text} to'; its {name} is not the copula's"
        )
    kids = captions.children(tokens)
    head = arg.head
    start, end = arg.span
    if arg.function == "agent":
        head = next((c for c in kids[arg.head] if tokens[c].dep == "pobj"), -1)
        start += 1
    if arg.function not in ("subj", "obj", "agent") or head < 0 or tokens[head].pos not in _NP_POS:
        not_np = f"the {name} '{arg.text}' is not a noun phrase"
        return f"{label}: {clause_why or not_np}"
    keep, heads = _head_np(tokens, kids, head)
    if clause_why is not None:
        if set(range(start, end)) - keep:
            return f"{label}: {clause_why}"
    if any(tokens[c].dep in ("conj", "cc", "preconj") for h in heads for c in kids[h]):
        return (
            f"{label}: the {name} '{arg.text}' is coordinated; shortening one conjunct is not "
            "supported"
        )
    # Monotonicity: the argument's own determiners and focus adverbs (*only the men*), then
    # downward operators around it.
    focus = {c for h in heads for c in kids[h] if tokens[c].dep in ("advmod", "npadvmod") and c < h}
    region = [
        i
        for i in sorted(keep | focus)
        if start <= i <= max(heads) and not _size_little(tokens, kids, i)
    ]
    if why := _monotonicity_refusal(tokens, kids, frame, role, arg, region):
        return f"{label}: {why}"
    removed = set(range(start, end)) - keep
    if why := _head_not_settled(tokens, heads, keep, removed):
        return f"{label}: {why}"
    privative = _privative_modifier(tokens, kids, removed, heads)
    if privative is not None:
        article = english.indefinite_article(privative)
        return (
            f"{label}: '{privative}' is not an intersective adjective ({article} {privative} N "
            "need not be an N)"
        )
    if arg.function == "obj" and (
        why := _phrase_of_the_verb(tokens, frame.verb, heads, removed, src.lemma, name)
    ):
        return f"{label}: {why}"
    if not removed:
        return Cut(frozenset(), {}, f"'{arg.text}' is already a head noun phrase")
    bare = not any(tokens[i].dep in _DETERMINER_DEPS for i in keep) and tokens[head].pos not in (
        "PROPN",
        "PRON",
    )
    if bare and (_simple_present(src) or _simple_present(target)):
        return (
            f"{label}: '{arg.text}' is a bare noun phrase in a simple-present clause and may be "
            "generic (shortening a generic is not an entailment)"
        )
    kept = sorted(keep & set(range(start, end)))
    if _closes_dropped_phrase(tokens, frame, end, kept, removed):
        removed.add(end)
    return Cut(frozenset(removed), _respelled_articles(tokens, kept))


def _event_after_a_copula(tokens: Sequence[Token], frame: Frame) -> Token | None:
    """The infinitive after a copula and its adjective (*You may be able to claim tax relief
    on ...*): the clause's event, whose arguments are not the copula's; or None."""
    return next(
        (
            t
            for a in tokens
            if a.head == frame.verb and a.dep == "acomp"
            for t in tokens
            if t.head == a.i and t.dep == "xcomp"
        ),
        None,
    )


def _head_not_settled(
    tokens: Sequence[Token], heads: list[int], keep: set[int], removed: set[int]
) -> str | None:
    """Why the head noun phrase is not the argument cut down: a noun said of something would
    lose its *of*-phrase (*ignored the role of informal networks*: ``relational_nouns.txt``), or
    an adjective the parse hangs on a compound may describe the whole (*the clean glass jars*:
    the jars are clean) or the compound (*a hot dog stand*), so keeping or dropping it is a
    guess."""
    of = next(
        (i for i in removed if tokens[i].head in heads and tokens[i].text.lower() == "of"), None
    )
    relational = next((h for h in heads if tokens[h].lemma.lower() in _RELATIONAL), None)
    if of is not None and relational is not None:
        return (
            f"'{tokens[relational].text}' is said of something (its 'of'-phrase); cut to its "
            "head it would no longer say of what"
        )
    loose = next(
        (
            i
            for i in sorted(keep)
            if tokens[i].dep == "amod" and tokens[tokens[i].head].dep == "compound"
        ),
        None,
    )
    if loose is not None:
        return (
            f"the parse hangs '{tokens[loose].text}' on the compound "
            f"'{tokens[tokens[loose].head].text}'; whether it describes "
            f"'{tokens[max(heads)].text}' is not settled"
        )
    return None


def _phrase_of_the_verb(
    tokens, verb: int, heads: list[int], removed: set[int], lemma: str, name: str
) -> str | None:
    """Why what follows an object's head may be the verb's, not the object's: an *about*-phrase
    of a verb of saying or asking (*warned the staff [about the schedule]*; on the verb itself,
    it makes the object the one told: *told the tax office about any changes*), a phrase of
    ``verb_argument_prepositions.txt`` (*deducting contributions [from your wages]*; *with*
    after a verb of ``with_verbs.txt``: *fill the jars [with jam]*) or an
    adjective that says what the verb makes of it (*press the seams [open]*); dropped, the
    clause would lose a part of its own."""
    told = any(t.head == verb and t.dep == "prep" and t.text.lower() == "about" for t in tokens)
    if told and lemma in _ABOUT_VERBS:  # *Have you told the tax office about any changes?*
        return (
            f"the object of '{lemma}' is the one told, and what is told is its 'about'-phrase; "
            f"which of them is the {name} is not settled"
        )
    about = next(
        (
            i
            for i in sorted(removed)
            if tokens[i].text.lower() == "about" and tokens[i].head in heads
        ),
        None,
    )
    if about is not None and lemma in _ABOUT_VERBS:
        return (
            f"the 'about'-phrase after '{tokens[tokens[about].head].text}' may be what "
            f"'{lemma}' is about rather than part of the {name}; dropping it could leave the verb "
            "without it"
        )
    after = sorted(i for i in removed if tokens[i].head in heads and i > max(heads))
    if not after:
        return None
    first = tokens[after[0]]
    word = first.text.lower()
    if first.dep == "prep" and (
        word in _VERB_PREPOSITIONS or (word == "with" and lemma in _WITH_VERBS)
    ):
        return (
            f"the '{first.text}'-phrase after the object may belong to the verb (where it goes or "
            "comes from, what it is done with); dropping it could leave the verb without it"
        )
    if first.pos == "ADJ" and first.i == max(heads) + 1:
        return (
            f"'{first.text}' after the object may say what the verb makes of it; dropping it "
            "would change what the clause says is done"
        )
    dated = next((i for i in removed if tokens[i].dep == "prep" and _names_a_time(tokens, i)), None)
    if dated is not None:  # *recorded 47 pairs of lapwing ... in April 2022*
        end = max(i for i in removed if english.descends(tokens, i, dated))
        said = " ".join(t.text for t in tokens[dated : end + 1])
        return (
            f"the time phrase '{said}' inside the object may date the verb's event; dropping "
            "it could leave the clause without its time"
        )
    return None


def _names_a_time(tokens, prep: int) -> bool:
    """Whether the phrase of the preposition at ``prep`` names a time: a date or a clock time,
    a weekday, a month or a time noun (``time_nouns.txt``)."""
    inside = [t for t in tokens if t.head == prep and t.dep == "pobj"]
    return bool(inside) and (
        inside[0].ent_type in ("DATE", "TIME")
        # a time noun in a name is no time (*for the Riverside Quarter*)
        or (inside[0].pos != "PROPN" and inside[0].text.lower().rstrip("s") in TIME_WORDS)
    )


def _clause_refusal(frame: Frame, target: Predicate, later: frozenset[str]) -> str | None:
    """Why no cut in this clause is an entailment (negated, a question, subordinate), or None."""
    src = frame.predicate
    if src.polarity == "neg" or (target.polarity == "neg" and "polarity" not in later):
        return "the sentence is negated; dropping a modifier under negation is not an entailment"
    if src.force == "ques" or (target.force == "ques" and "force" not in later):
        return "the sentence is a question; shorten only weakens statements"
    if frame.clause != "main":
        return (
            f"the predicate found is in a subordinate clause ({frame.clause}), not the main clause"
        )
    return None


def _monotonicity_refusal(
    tokens: Sequence[Token],
    kids: list[list[int]],
    frame: Frame,
    role: str,
    arg: Argument,
    region: list[int],
) -> str | None:
    """Why dropping modifiers of ``arg`` is not upward, or None: a non-upward determiner in
    its ``region`` (its determiners and focus adverbs), or a downward verb, adverb or
    argument in the clause."""
    quantifier = english.find_phrase(_words(tokens, region), english.non_upward_determiners())
    if quantifier is not None:
        return (
            f"'{quantifier}' is not upward monotone; dropping modifiers under it is not an "
            "entailment"
        )
    downward = english.downward_operators()
    src = frame.predicate
    if role == "ARG1" and src.lemma in downward:
        return f"the verb '{src.lemma}' is downward entailing on its object"
    for c in kids[frame.verb]:
        if tokens[c].dep in ("advmod", "neg", "npadvmod") and tokens[c].text.lower() in downward:
            return f"'{tokens[c].text}' makes the clause downward entailing"
    for other in frame.arguments:
        if other is arg or other.role not in ("ARG0", "ARG1", "ARG2"):
            continue
        word = english.find_phrase(
            _words(tokens, range(other.span[0], max(other.head, other.span[0]) + 1)), downward
        )
        if word is not None:
            return f"'{word}' in '{other.text}' makes the clause downward entailing"
    return None


def _privative_modifier(
    tokens: Sequence[Token], kids: list[list[int]], removed: set[int], heads: list[int]
) -> str | None:
    """A privative adjective (a fake gun is not a gun) the cut would drop, or None: among what
    goes before each head noun, and in its adjectival modifiers."""
    checked = {i for i in removed if i < max(heads)}
    for h in heads:
        for c in kids[h]:
            if tokens[c].dep == "amod":
                checked |= subtree(kids, c)
    return _mentions(
        "".join(tokens[i].text + tokens[i].whitespace for i in sorted(checked)),
        english.privative_adjectives(),
    )


def _closes_dropped_phrase(
    tokens: Sequence[Token], frame: Frame, end: int, kept: list[int], removed: set[int]
) -> bool:
    """Whether the comma right after the argument closed a dropped apposition or relative
    clause before the verb (it goes too)."""
    return (
        end < len(tokens)
        and end <= frame.verb
        and tokens[end].text == ","
        and any(tokens[i].text == "," and i > kept[-1] for i in removed)
    )


def _respelled_articles(tokens: Sequence[Token], kept: list[int]) -> dict[int, str]:
    """*a* or *an* spelled anew for the kept word that follows it once the cut is made."""
    respell: dict[int, str] = {}
    for a, b in itertools.pairwise(kept):
        low = tokens[a].text.lower()
        if low in ("a", "an") and b != a + 1:
            new = english.indefinite_article(tokens[b].text)
            if new != low:
                respell[a] = new.capitalize() if tokens[a].text[:1].isupper() else new
    return respell
