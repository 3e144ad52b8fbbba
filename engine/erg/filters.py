"""Which ERG realizations to keep, and how they read: the filters every realization passes
(junk and stutters, non-words, a relativizer that does not fit the focus), the shortlist of
realizations worth a spaCy check, the source's casing and apostrophes, and how well an ERG
reading agrees with the spaCy analysis of the same sentence (reading choice)."""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from .. import english
from ..checks import shows_change
from ..ir import Analysis
from ..rank.closeness import span_overlap as closeness
from ..transforms import EditPlan
from .focus import focus_argument, is_person
from .mrsview import View, vtype

JUNK = (
    re.compile(r"[.?!]\s+\S"),  # sentence punctuation inside ("her Dad. on a phone")
    re.compile(r"\b(\w+)[\s-]+-?\1\b", re.I),  # stutters ("She she", "It-it")
    re.compile(r"\b(who|which|that|whom),", re.I),  # a comma after a relativizer ("who, saw")
    # a comma between a preposition and its noun phrase ("a fox in, the garden")
    re.compile(
        r"\b(in|on|at|with|by|for|from|of|into|onto|over|under|near|behind|through|across|along)"
        r",\s+(the|a|an|his|her|their|its|my|our|your|this|these|those|some)\b",
        re.I,
    ),
)


_INFLECTED_TAGS = ("NNS", "VBD", "VBN", "VBZ", "VBG", "JJR", "JJS")


def _content_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in ("the", "a", "an", "by")}


def reading_agreement(reading: Analysis, check: Analysis | None) -> int:
    """How well an ERG reading agrees with the spaCy analysis of the same sentence: the main
    verb's lemma (4), tense (1), voice (1), and each core argument's words (1 each) and head
    word (1 each: "The man in the grey coat" read with *coat* as the subject shares most words
    but not the head)."""
    if check is None or check.main_frame is None or reading.main_frame is None:
        return 0
    mine, theirs = reading.main_frame, check.main_frame
    score = 4 * (mine.predicate.lemma == theirs.predicate.lemma)
    score += mine.predicate.tense == theirs.predicate.tense
    score += mine.predicate.voice == theirs.predicate.voice
    for arg in theirs.arguments:
        if arg.role in ("ARG0", "ARG1", "ARG2"):
            other = mine.argument(arg.role)
            a, b = (
                _content_words(arg.text),
                _content_words(other.text) if other is not None else set(),
            )
            score += bool(a) and len(a & b) * 2 > len(a)
            head = head_word(check, arg)
            score += other is not None and bool(head) and head in _words(other.text)
    return score


def selects_preposition(reading: Analysis) -> bool:
    """Whether an ERG reading takes the main verb as a prepositional verb of the lexicon
    (``rules/lexicon/prepositional_verbs.txt``) with its preposition selected and its object an
    argument (*looked after the twins* as ``_look_v_after``), rather than the verb with a
    prepositional modifier. Among readings that agree equally with the spaCy analysis (which
    reads the object as a prepositional phrase either way) that one is preferred: the other
    edits come out the same, and only it has an argument to passivize, as on the surface
    backend."""
    from delphin import predicate as dpred
    from delphin.mrs import MRS

    if not isinstance(reading.native, MRS) or (main := View(reading.native).main) is None:
        return False
    try:
        lemma, pos, sense = dpred.split(main.predicate)
    except (ValueError, dpred.PredicateError):
        return False
    return (
        pos == "v"
        and sense is not None
        and f"{lemma} {sense}" in english.prepositional_verbs()
        and any(vtype(main.args.get(role)) == "x" for role in ("ARG2", "ARG3"))
    )


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[\w']+", text)}


def head_word(analysis: Analysis, arg) -> str:
    """The lower-cased head word of an argument of ``analysis`` where it is a noun, else ""."""
    tokens = analysis.sentence.tokens
    if 0 <= arg.head < len(tokens):
        # only a noun heads: the "by" of a passive agent, a cleft's "who", a pronoun say nothing
        tok = tokens[arg.head]
        return tok.text.lower() if tok.pos in ("NOUN", "PROPN") else ""
    return ""


def head_mismatch(reading: Analysis, check: Analysis | None) -> str | None:
    """The first core argument (ARG0, ARG1) of the spaCy analysis whose head word is not in the
    ERG reading's argument of the same role, as "ARG0 'man'"; None where they agree or either
    side lacks the role."""
    if check is None or check.main_frame is None or reading.main_frame is None:
        return None
    tokens = reading.sentence.tokens
    for arg in check.main_frame.arguments:
        if arg.role not in ("ARG0", "ARG1"):
            continue
        other = reading.main_frame.argument(arg.role)
        head = head_word(check, arg)
        if other is None or not head:
            continue
        # the word itself, or the word the reading's own head EP sits on ("the kitchen yellow"
        # read as a compound headed by *yellow* contains *kitchen*, but is not headed by it)
        theirs = tokens[other.head].text.lower() if 0 <= other.head < len(tokens) else ""
        if head not in _words(other.text) or (theirs.isalpha() and theirs != head):
            return f"{arg.role} '{head}'"
    return None


def doubled_auxiliary(check: Analysis | None, source: Analysis | None) -> str | None:
    """Two auxiliaries of one lemma on one verb where the source has at most one ("Do the
    printer does not work?"), or None. Needs the spaCy analyses."""
    if check is None or source is None:
        return None

    def counts(a: Analysis) -> dict[tuple[int, str], int]:
        out: dict[tuple[int, str], int] = {}
        for tok in a.sentence.tokens:
            if tok.dep == "aux" and tok.lemma in ("do", "have"):
                out[(tok.head, tok.lemma)] = out.get((tok.head, tok.lemma), 0) + 1
        return out

    before = max(counts(source).values(), default=0)
    for (_head, lemma), n in counts(check).items():
        if n > 1 and n > before:
            return f"two auxiliaries '{lemma}' on one verb"
    return None


def non_word(text: str, source: str, check: Analysis | None) -> str | None:
    """A word of ``text`` that is not in the source and is not the usual inflection of its
    lemma ("childs", "mans"), or None. Needs the spaCy analysis of ``text``."""
    if check is None:
        return None
    seen = {w.lower() for w in re.findall(r"[\w']+", source)}
    for tok in check.sentence.tokens:
        word = tok.text.lower()
        if word in seen or not word.isalpha() or tok.tag not in _INFLECTED_TAGS or not tok.lemma:
            continue
        if _unknown_inflection(word, "VERB" if tok.tag.startswith("V") else "NOUN"):
            return tok.text  # an inflected word the lexicon does not know ("visitting")
        forms = _forms(tok.lemma.lower(), tok.tag)
        # not a form of its lemma ("childs"), or a rarer form where the source has the usual one
        # ("peoples" for "people")
        if forms and (word not in forms or (word != forms[0] and forms[0] in seen)):
            return tok.text
    return None


@functools.lru_cache(maxsize=65536)
def _unknown_inflection(word: str, upos: str) -> bool:
    """Not in lemminflect's lexicon, yet its rules read it as an inflection. Cached, as
    :func:`_forms`: lemminflect deep-copies its tables on every lookup."""
    from lemminflect import getAllLemmas, getAllLemmasOOV

    return not getAllLemmas(word) and bool(getAllLemmasOOV(word, upos=upos))


@functools.lru_cache(maxsize=65536)
def _forms(lemma: str, tag: str) -> tuple[str, ...]:
    """lemminflect's forms of ``lemma`` for a Penn tag, the usual one first."""
    from lemminflect import getAllInflections

    return tuple(getAllInflections(lemma).get(tag) or ())


def source_casing(text: str, source: str) -> str:
    """The source's orthography on a realization: words the source has keep its
    capitalization inside the sentence (the generator capitalizes some lexicon entries: "a
    Long letter"), and the generator's typographic apostrophe (didn’t) becomes the source's."""
    if "\u2019" not in source:
        text = text.replace("\u2019", "'")
    cased: dict[str, str] = {}
    for k, m in enumerate(re.finditer(r"[A-Za-z][\w'-]*", source)):
        if k > 0 or (len(m.group()) > 1 and m.group().isupper()):
            cased.setdefault(m.group().lower(), m.group())
    first = True

    def fix(m: re.Match) -> str:
        nonlocal first
        word, was_first = m.group(), first
        first = False
        want = cased.get(word.lower())
        if was_first or want is None or want == word:
            return word
        return want

    text = re.sub(r"[A-Za-z][\w'-]*", fix, text)
    # clitics written against their word in the source stay against it (the patient's, didn't)
    for clitic in ("'s", "n't", "'re", "'ve", "'ll", "'d", "'m"):
        if f" {clitic}" not in source and clitic in source:
            text = text.replace(f" {clitic}", clitic)
    return text


class Generated(NamedTuple):
    """One realization ACE gave for a job: the sentence, its derivation (when ACE sent one)
    and the names of the rules whose MRS it realizes."""

    surface: str
    derivation: str | None
    rules: str


CHECKED_REALIZATIONS = (
    12  # per job, the closest realizations that pass the cheap filters are analyzed
)


def shortlist(raw: list[Generated], source: str, plan: EditPlan) -> list[Generated]:
    """The realizations worth analyzing: not ERG junk, inverted where a question is asked
    (from the derivation), distinct, and the closest ``CHECKED_REALIZATIONS`` to the source
    (the analyzer is the backend's main cost after ACE). Falls back to all when the cheap
    filters leave none, so the record can say why."""
    seen, keep = set(), []
    for item in raw:
        surface, derivation, _names = item
        if (
            surface in seen
            or any(p.search(surface) for p in JUNK)
            or shows_change(plan, surface, derivation, None)
        ):
            continue
        seen.add(surface)
        keep.append(item)
    if not keep:
        return raw[:CHECKED_REALIZATIONS]
    keep.sort(key=lambda item: -closeness(source, item.surface))
    return keep[:CHECKED_REALIZATIONS]


def relativizer_mismatch(text: str, source: Analysis, target: str) -> str | None:
    """*which* for a person focus, or *who* for a thing, in an it-cleft realization."""
    arg = focus_argument(source, target)
    if arg is None:
        return None
    person = is_person(source, arg)
    words = re.findall(r"[a-z]+", text.lower())
    if person and "which" in words:
        return "'which' for a person"
    if not person and ("who" in words or "whom" in words):
        return "'who' for a thing"
    return None


def normalized(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[^\w\s']", "", text.lower())).strip()
