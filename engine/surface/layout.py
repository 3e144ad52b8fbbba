"""The argument layout: the source sentence seen as slots (subject, verb group, what follows the
verb), which clause a plan edits, and how voice changes and swaps move the core arguments
(the object becomes the subject and the subject a *by*-phrase, and back, with pronoun case)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .. import english
from ..checks.clauses import conj_of, linked_clauses
from ..english import Agreement
from ..ir import Analysis, Argument, Frame, Predicate, Token
from ..shortening import Cut
from ..transforms import EditPlan


@dataclass
class Item:
    text: str
    src: int | None = None  # source token index, for original whitespace
    slot: str = "other"


@dataclass(frozen=True)
class Options:
    """One way to spell the target where English allows several."""

    contract: bool = False
    irregular_ok: bool = True
    source_stems: frozenset[str] = frozenset()  # auxiliaries the source contracts (wo, ca)
    relative: str = "that"
    focus_case: str = "nom"
    modal_perfect: bool = False


@dataclass
class Layout:
    """The source sentence seen as slots, computed once per analysis and plan."""

    analysis: Analysis
    frame: Frame
    target: Predicate
    plan: EditPlan
    subject: list[Item] | None = None
    subject_role: str | None = None
    postverbal: list[Item] | None = None  # new object (active) or by-agent (passive)
    postverbal_role: str | None = None
    postverbal_slot: str = "obj"
    removed: set[int] = field(default_factory=set)
    cut: frozenset[int] = frozenset()  # tokens shorten drops
    respell: dict[int, str] = field(default_factory=dict)  # kept tokens spelled anew (a -> an)
    postverbal_at: int | None = (
        None  # the source token the postverbal phrase follows (default: the verb)
    )
    coordinated: list[Frame] = field(default_factory=list)  # main clauses coordinated with this one
    agreement: Agreement = english.THIRD_SG
    # clauses the edit should reach but cannot take it, with why (the realization is refused)
    left_behind: dict[int, str] = field(default_factory=dict)


def target_frame(analysis: Analysis, plan: EditPlan) -> Frame | None:
    """The frame a plan edits: the main one. A voice change or swap that the main predicate
    cannot take (*They announced [that the firm had sold the mill]*) is refused by
    :func:`arrange` with the reason; it never moves into a subordinate or complement clause,
    which would report an edit of the sentence that is an edit of one of its parts."""
    return analysis.main_frame


def coordinated_clauses(analysis: Analysis, main: Frame) -> list[Frame]:
    """Main clauses coordinated with the main one, each with its own subject (*The door opened
    and Severn stepped out*)."""
    tokens = analysis.sentence.tokens
    out = []
    for f in analysis.frames:
        if f is main or not f.finite or not 0 <= f.verb < len(tokens):
            continue
        verb = tokens[f.verb]
        own_subject = any(a.function == "subj" for a in f.arguments)
        if verb.dep == "conj" and verb.head == main.verb and own_subject:
            out.append(f)
    linked = {t.i for t in linked_clauses(analysis, main)}  # *; it reflects*, *, so we ...*
    return out + [f for f in analysis.frames if f.verb in linked and f not in out]


def other_clauses(analysis: Analysis, main: Frame, conj_verbs: set[int]) -> list[Frame]:
    """Finite declarative clauses besides the main one (for ``tense_scope='all'``)."""
    taken = set(main.verb_group) | conj_verbs
    return [
        f
        for f in analysis.frames
        if f is not main
        and f.finite
        and f.predicate.force == "prop"
        and f.predicate.cleft is None
        and not taken & set(f.verb_group)
    ]


def by_function(frame: Frame, function: str) -> Argument | None:
    """The frame's first argument with this grammatical function (``subj``, ``obj`` ...)."""
    return next((a for a in frame.arguments if a.function == function), None)


def unchanged_group(src: Predicate, target: Predicate, layout: Layout) -> bool:
    keys = ("tense", "progressive", "perfect", "voice", "modality", "polarity")
    same = all(getattr(src, k) == getattr(target, k) for k in keys)
    moved = layout.postverbal is not None or any(it.src is None for it in layout.subject or [])
    return (
        same
        and not moved
        and layout.subject is not None
        and all(it.src is not None and it.slot == "subj" for it in layout.subject)
        and subject_is_source(layout)
    )


def subject_is_source(layout: Layout) -> bool:
    src_subj = by_function(layout.frame, "subj")
    return src_subj is not None and [it.src for it in layout.subject] == [
        i for i in range(*src_subj.span) if i not in layout.cut
    ]


def items_of(tokens: Sequence[Token], span: tuple[int, int], slot: str) -> list[Item]:
    return [Item(tokens[i].text, i, slot) for i in range(*span)]


def recase(items: list[Item], case: str) -> list[Item]:
    """The phrase with its personal pronouns in ``case``: a pronoun alone, or each conjunct of a
    coordination (*my brother and I* -> *by my brother and me*)."""
    if len(items) == 1 and english.is_personal_pronoun(items[0].text):
        new = english.with_case(items[0].text, case)
        if new != items[0].text:
            return [Item(new, None, items[0].slot)]
    coordinated = any(i.text.lower() in ("and", "or", "nor") for i in items)
    out = []
    for k, it in enumerate(items):
        conjunct = (
            coordinated
            and english.is_personal_pronoun(it.text)
            and (k == len(items) - 1 or items[k + 1].text.lower() in ("and", "or", "nor", ","))
            and (k == 0 or items[k - 1].text.lower() in ("and", "or", "nor", ","))
        )
        new = english.with_case(it.text, case) if conjunct else it.text
        if new != it.text and k > 0 and new.lower() != "i":
            new = new.lower()
        out.append(Item(new, None, it.slot) if new != it.text else Item(it.text, it.src, it.slot))
    return out


def phrase_head(analysis: Analysis, frame: Frame, phrase: list[Item]) -> int | None:
    srcs = {it.src for it in phrase if it.src is not None}
    for arg in frame.arguments:
        if arg.head in srcs:
            return arg.head
        if arg.function == "agent":
            inner = [t for t in analysis.sentence.tokens if t.head == arg.head and t.dep == "pobj"]
            if inner and inner[0].i in srcs:
                return inner[0].i
    return None


def conjoined_verbs(analysis: Analysis, frame: Frame) -> set[int]:
    """Verbs coordinated with the verb without an auxiliary or a subject of their own (*trims
    the hedges and mows the lawn*), every conjunct of a longer list too."""
    tokens = analysis.sentence.tokens
    out = set()
    for t in tokens:
        if (
            t.dep == "conj"
            and conj_of(tokens, t.i, frame.verb)
            and t.tag in ("VBD", "VBZ", "VBP", "VB")
            and t.pos == "VERB"
        ):
            has_own = any(
                c.head == t.i and c.dep in ("aux", "auxpass", "nsubj", "nsubjpass") for c in tokens
            )
            if not has_own:
                out.add(t.i)
    return out


def conjoined_participles(tokens: Sequence[Token], frame: Frame) -> set[int]:
    """Participles conjoined with the verb under its auxiliaries, sharing its subject (*is
    feeding her cat and reading a book*)."""
    return {
        t.i
        for t in tokens
        if t.dep == "conj"
        and conj_of(tokens, t.i, frame.verb)
        and t.tag in ("VBG", "VBN")
        and not any(
            c.head == t.i and c.dep in ("aux", "auxpass", "nsubj", "nsubjpass") for c in tokens
        )
    }


def particle_of(tokens: Sequence[Token], verb: int) -> int | None:
    """Index of the verb's particle (*give it up*), or None."""
    return next((t.i for t in tokens if t.dep == "prt" and t.head == verb and t.i > verb), None)


def apply_cut(layout: Layout, cut: Cut) -> None:
    """Drop the cut tokens from the moved phrases and from the sentence, respell articles."""
    layout.cut = cut.removed
    layout.respell = dict(cut.respell)
    layout.removed |= cut.removed
    for name in ("subject", "postverbal"):
        phrase = getattr(layout, name)
        if phrase is None:
            continue
        kept = [it for it in phrase if it.src is None or it.src not in cut.removed]
        for it in kept:
            if it.src in cut.respell:
                it.text = cut.respell[it.src]
        setattr(layout, name, kept)


# Polarity items that alternate with negation after the verb (*I bought some* / *did not buy any*).
_NEGATIVE_POLARITY = {
    "some": "any",
    "something": "anything",
    "someone": "anyone",
    "somebody": "anybody",
    "somewhere": "anywhere",
    "already": "yet",
}


# *already* / *yet* stand between the auxiliary and the verb (*have already switched* -> *have
# not yet switched*)
_ASPECTUAL = frozenset({"already", "yet"})


_CLAUSE_DEPS = ("relcl", "ccomp", "advcl", "acl", "xcomp", "csubj", "parataxis", "conj")


def polarity_items(layout: Layout) -> dict[int, str]:
    """*some* -> *any* in what follows the verb when the clause becomes negative, *any* -> *some*
    when it becomes affirmative or a question becomes a statement (not inside a subordinate
    clause, nor where arguments move)."""
    src, target, frame = layout.frame.predicate, layout.target, layout.frame
    # a question licenses *any* as negation does: a statement made from one takes *some*
    to_statement = src.force == "ques" and target.force == "prop" and target.polarity == "pos"
    if (src.polarity == target.polarity and not to_statement) or layout.postverbal is not None:
        return {}
    if target.polarity == "neg" and target.force == "ques":
        return {}  # a negative question keeps *some* (*Can't you grab some milk?*: a request)
    table = (
        _NEGATIVE_POLARITY
        if target.polarity == "neg"
        else {v: k for k, v in _NEGATIVE_POLARITY.items()}
    )
    tokens = layout.analysis.sentence.tokens
    subj = next((a for a in frame.arguments if a.function == "subj"), None)
    # the subject of a question made a statement too: *Can anyone help?* -> *Someone can help.*
    subject = range(*subj.span) if to_statement and subj is not None else range(0)
    out: dict[int, str] = {}
    for tok in tokens:
        word = tok.text.lower()
        if (
            (
                tok.i > frame.verb
                or tok.i in subject
                or (word in _ASPECTUAL and tok.i > frame.verb_group[0])
            )
            and not (word in _ASPECTUAL and target.force == "ques")  # *Hadn't she already*
            and word in table
            and _in_clause_of(tokens, tok.i, frame.verb)
            and not _licensed_locally(tokens, tok.i, frame.verb)
        ):
            out[tok.i] = table[word].capitalize() if tok.text[:1].isupper() else table[word]
    return out


_LOCAL_LICENSERS = english.read_lexicon("npi_licensers")


def _licensed_locally(tokens: Sequence[Token], i: int, verb: int) -> bool:
    """Whether a word between token ``i`` and the verb licenses *any* by itself (*without any
    help*), so the clause's polarity does not decide it."""
    seen = set()
    i = tokens[i].head
    while 0 <= i < len(tokens) and i != verb and i not in seen:
        seen.add(i)
        if tokens[i].text.lower() in _LOCAL_LICENSERS:
            return True
        i = tokens[i].head
    return False


def _in_clause_of(tokens: Sequence[Token], i: int, verb: int) -> bool:
    """Whether token ``i`` depends on ``verb`` without crossing into another clause."""
    seen = set()
    while i != verb and i not in seen and 0 <= i < len(tokens):
        seen.add(i)
        if tokens[i].dep in _CLAUSE_DEPS or tokens[i].head == i:
            return False
        i = tokens[i].head
    return i == verb
