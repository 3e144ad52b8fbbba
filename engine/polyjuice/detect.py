"""What kind of edit a pair (x, x̂) is, in Polyjuice's eight codes.

The original's order of rules, on the spaCy analyses of both sentences:

1. the sentence-level **restructure**: the same verb with another voice, tense, modality
   (*is looking* -> *may be looking*) or mood (*There is* -> *Is there*);
2. per edit (a difflib op over the tokens, equal ops and edits of bare *the/a/an/be* dropped):
   **negation** (negation cues differ, a subjunctive *should/could have* on one side only, or
   *and* <-> *but*), **quantifier** (quantifiers or numbers differ, not just *a/an/one*),
   **lexical** (a WordNet hypernym or antonym, else a single content word for a single content
   word) or **resemantic** (other replacements), **insert** / **delete**;
3. the sentence's code: one edit gives its code; for several, **shuffle** when the content
   words removed and added are the same words moved, **global** (None) for five edits or more,
   **resemantic** when there are both insertions and deletions or the whole clause is rewritten
   (another main verb, half the content words gone on each side), the code of the edits when
   they agree, else the code of the edit that changes most content words. (The original sorts
   edits by their semantic distance and takes the first; through its own wrapper that distance
   is always 1, so it took the first edit in the sentence, whatever it was.)

Bugs of the original fixed here:
- its *and*/*but* check could never fire (a list compared with a set);
- a missing comma joined two negation cues (*didn't* and *use to*);
- its tense reading ignored auxiliaries other than *can*/*do* (*is riding* -> *was riding* was
  not a tense change). Here the first finite verb of the main verb's group decides, and
  *will*/*shall* make a future;
- identical sentences after tokenization raised an IndexError; here they are ``equal``;
- a question made by inversion or a modal added was any edit's code (*lexical*); here it is a
  restructure of the same verb.

WordNet (hypernyms and antonyms for *lexical*) is read through nltk from a local copy when one is
found (``wordnet=`` a folder in nltk's format, else ``SEAM_WORDNET``, else nltk's data path).
Without it, a replacement is *lexical* only as one content word for another. *Poodle* -> *dog*
is still lexical, but *a dog* -> *the small animal* becomes resemantic.

>>> from engine import analyze
>>> detect(*analyze(["A man is riding a bike.", "A man is not riding a bike."]))
'negation'
>>> detect(*analyze(["A man is riding a bike.", "A man was riding a bike."]))
'restructure'
>>> detect(*analyze(["A man is riding a bike.", "A bike is riding a man."]))
'shuffle'

One module, over 400 lines: the eight codes are decided by one ordered cascade over the same
pair of analyses (the order is the original's and decides ties); each rule is a small function
here, in that order.
"""

from __future__ import annotations

import difflib
import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .. import english
from ..analyzers import SpacyAnalyzer
from ..ir import Analysis, Token

log = logging.getLogger(__name__)

EQUAL = "equal"
_STOP = frozenset({"the", "an", "a", "be", ""})
_NEG_LEMMAS = english.read_lexicon("polyjuice_negation_words")
_NEG_PHRASES = ("rather than", "other than", "suppose to", "use to", "hard to")
_QUANT_WORDS = english.read_lexicon("polyjuice_quantifier_words")
_CONTENT_POS = frozenset({"NOUN", "ADJ", "ADV", "NUM", "PRON", "PROPN", "VERB"})
_NOT_CONTENT = frozenset({"be", "this", "there", "the", "a", "an", "that", "those", "-pron-"})


@dataclass(frozen=True)
class Edit:
    op: str  # replace, insert, delete
    a: tuple[Token, ...]
    b: tuple[Token, ...]

    def text(self, side: str) -> str:
        return " ".join(t.text.lower() for t in (self.a if side == "a" else self.b))


def _form(t: Token) -> str:
    """A token as the diff sees it: *an* is *a* (the article follows the next word's sound)."""
    if t.text.lower() == "an":
        return "A" if t.text[0].isupper() else "a"
    return t.text


def edits(a: Analysis, b: Analysis) -> list[Edit]:
    """The non-equal token edits, without edits of bare *the/a/an/be* on both sides."""
    ta, tb = a.sentence.tokens, b.sentence.tokens
    ops = difflib.SequenceMatcher(
        a=[_form(t) for t in ta], b=[_form(t) for t in tb], autojunk=False
    ).get_opcodes()
    out = []
    for op, i1, i2, j1, j2 in ops:
        if op == "equal":
            continue
        e = Edit(op, tuple(ta[i1:i2]), tuple(tb[j1:j2]))
        if {t.lemma.lower() for t in e.a} | {t.lemma.lower() for t in e.b} <= _STOP:
            continue
        out.append(e)
    return out


# -- sentence-level features ----------------------------------------------------------------------


def _root(a: Analysis) -> Token | None:
    return next((t for t in a.sentence.tokens if t.dep == "ROOT"), None)


def tense(a: Analysis, root: Token | None = None) -> str | None:
    """``fut``, ``past`` or ``pres`` of a verb (default: the main one): *will*/*shall* make a
    future, else the first finite verb of its group decides (VBD past)."""
    root = root or _root(a)
    if root is None:
        return None
    tokens = a.sentence.tokens
    group = sorted(
        [t for t in tokens if t.head == root.i and t.dep in ("aux", "auxpass") and t.i < root.i]
        + [root],
        key=lambda t: t.i,
    )
    if any(
        _MODAL_FORMS.get(t.text.lower(), t.text.lower()) in ("will", "shall") for t in group[:-1]
    ):
        return "fut"
    first = group[0]
    if first.tag == "VBD":
        return "past"
    if first.tag == "MD" and first.text.lower() in ("would", "could", "might", "should"):
        return "past"
    return "pres"


def voice(a: Analysis, root: Token | None = None) -> str:
    root = root or _root(a)
    if root is None:
        return "active"
    passive = any(t.head == root.i and t.dep in ("auxpass", "nsubjpass") for t in a.sentence.tokens)
    return "passive" if passive else "active"


@lru_cache(maxsize=4096)
def _verb_lemma(text: str) -> str:
    from lemminflect import getLemma

    found = getLemma(text.lower(), upos="VERB")
    return found[0] if found else text.lower()


def _clause_verbs(a: Analysis) -> dict[str, Token]:
    """Verbs heading a clause, by lemma (lemminflect: spaCy's small model reads *rides* as
    *rid*)."""
    out: dict[str, Token] = {}
    for t in a.sentence.tokens:
        if t.pos in ("VERB", "AUX") and t.dep in (
            "ROOT",
            "conj",
            "advcl",
            "ccomp",
            "relcl",
            "xcomp",
            "acl",
            "csubj",
        ):
            if t.pos == "AUX" and not any(
                c.head == t.i and c.dep in ("nsubj", "attr", "acomp") for c in a.sentence.tokens
            ):
                continue
            out.setdefault(_verb_lemma(t.text), t)
    return out


_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj"})
_MODALS = frozenset(
    {"can", "could", "may", "might", "must", "shall", "should", "will", "would", "ought"}
)
_MODAL_FORMS = {
    "ca": "can",
    "wo": "will",
    "sha": "shall",
    "'ll": "will",
    "'d": "would",
}  # ca|n't, wo|n't


def _group(a: Analysis, verb: Token) -> list[Token]:
    """The verb with its auxiliaries, in order."""
    return sorted(
        [t for t in a.sentence.tokens if t.head == verb.i and t.dep in ("aux", "auxpass")] + [verb],
        key=lambda t: t.i,
    )


def modals(a: Analysis, verb: Token) -> frozenset[str]:
    """The modal auxiliaries of a verb (*may* of *may be looking*)."""
    forms = (
        _MODAL_FORMS.get(t.text.lower(), t.text.lower()) for t in _group(a, verb) if t.tag == "MD"
    )
    return frozenset(f for f in forms if f in _MODALS)


def interrogative(a: Analysis, verb: Token) -> bool:
    """The verb's clause is a question by inversion: its first auxiliary (or the verb itself)
    comes before its subject (*Is there ...*, *Does she play ...*, *What is he doing?*)."""
    subject = next((t for t in a.sentence.tokens if t.head == verb.i and t.dep in _SUBJECTS), None)
    return subject is not None and _group(a, verb)[0].i < subject.i


def _question(a: Analysis) -> bool:
    words = [t for t in a.sentence.tokens if t.text.strip()]
    return bool(words) and words[-1].text == "?"


def restructured(a: Analysis, b: Analysis) -> bool:
    """Some clause keeps its verb but changes voice, tense, modality (*is looking* -> *may be
    looking*) or mood (*There is* -> *Is there*); or the sentence becomes a question (or stops
    being one) with the same content words. A counterfactual *should/could have* on one
    side only is negation, as in the original, not a change of modality."""
    if _question(a) != _question(b) and all(_inflection_only(e) for e in edits(a, b)):
        return True  # the same words as a question: auxiliaries moved or added, inflection changed
    va, vb = _clause_verbs(a), _clause_verbs(b)
    counterfactual = _subjunctive(a.sentence.tokens) != _subjunctive(b.sentence.tokens)
    for lemma, ta in va.items():
        tb = vb.get(lemma)
        if tb is None:
            continue
        if voice(a, ta) != voice(b, tb) or tense(a, ta) != tense(b, tb):
            return True
        if not counterfactual and (
            modals(a, ta) != modals(b, tb) or interrogative(a, ta) != interrogative(b, tb)
        ):
            return True
    return False


# -- per-edit rules -------------------------------------------------------------------------------


def _negations(tokens: Sequence[Token]) -> set[str]:
    found = {
        t.lemma.lower()
        for t in tokens
        if t.lemma.lower() in _NEG_LEMMAS or t.dep == "neg" or t.text.lower() == "n't"
    }
    text = " ".join(t.lemma.lower() for t in tokens)
    found |= {p for p in _NEG_PHRASES if p in text}
    return found


def _subjunctive(tokens: Sequence[Token]) -> bool:
    text = " ".join(t.text.lower() for t in tokens)
    return "should have" in text or "could have" in text


def _is_negation(e: Edit, a: Analysis, b: Analysis) -> bool:
    if _negations(e.a) != _negations(e.b):
        return True
    if _subjunctive(a.sentence.tokens) != _subjunctive(b.sentence.tokens):
        return True
    return {t.text.lower() for t in e.a} ^ {t.text.lower() for t in e.b} == {"and", "but"}


def _quantifiers(tokens: Sequence[Token]) -> set[str]:
    return {
        t.text.lower()
        for t in tokens
        if (
            t.text.lower() in _QUANT_WORDS
            and t.dep in ("det", "nsubj", "dobj", "amod", "npadvmod", "pobj")
        )
        or t.dep in ("nummod", "quantmod")
        or t.pos == "NUM"
    }


def _is_quantifier(e: Edit) -> bool:
    qa, qb = _quantifiers(e.a), _quantifiers(e.b)
    if {e.text("a"), e.text("b")} <= {"a", "an", "one"}:
        return False
    return (bool(qa) and bool(qb) and qa != qb) or (bool(qa) != bool(qb))


def _content(tokens: Sequence[Token]) -> list[Token]:
    return [t for t in tokens if t.pos in _CONTENT_POS and t.lemma.lower() not in _NOT_CONTENT]


@lru_cache(maxsize=1)
def wordnet(path: str | None = None):
    """nltk's WordNet reader on a local copy, or None (see the module)."""
    try:
        import nltk
        from nltk.corpus.reader.wordnet import WordNetCorpusReader
    except ImportError:
        return None
    folder = path or os.environ.get("SEAM_WORDNET")
    try:
        if folder:
            nltk.data.path.insert(0, os.path.dirname(os.path.abspath(folder)))
            return WordNetCorpusReader(os.path.abspath(folder), None)
        from nltk.corpus import wordnet as wn

        wn.ensure_loaded()
        return wn
    except Exception as exc:  # LookupError when nltk's data has no wordnet
        log.warning(
            "WordNet not found (%s): detection calls a replacement `lexical` only when it is one "
            "content word for another. Give a local copy with SEAM_WORDNET=DIR or nltk's data "
            "path.",
            type(exc).__name__,
        )
        return None


def _related(x: str, y: str) -> bool:
    wn = wordnet()
    if wn is None:
        return False
    sx, sy = set(wn.synsets(x, "n")), set(wn.synsets(y, "n"))
    for s in sx:
        closure = set(s.closure(lambda z: z.hypernyms()))
        if closure & sy:
            return True
    for s in sy:
        if set(s.closure(lambda z: z.hypernyms())) & sx:
            return True
    for s in wn.synsets(x):
        for lemma in s.lemmas():
            if any(ant.name() == y for ant in lemma.antonyms()):
                return True
    return False


def _lexical(e: Edit) -> bool:
    ca, cb = _content(e.a), _content(e.b)
    if len(ca) <= 1 and len(cb) <= 1:
        return True
    ra = [t for t in e.a if t.head not in {u.i for u in e.a} or t.head == t.i]
    rb = [t for t in e.b if t.head not in {u.i for u in e.b} or t.head == t.i]
    if (
        len(ra) == 1
        and len(rb) == 1
        and {ra[0].lemma, rb[0].lemma} & {"have", "be", "get"} == set()
    ):
        return _related(ra[0].lemma.lower(), rb[0].lemma.lower())
    return False


def tag(e: Edit, a: Analysis, b: Analysis) -> str:
    """One edit's code."""
    local = max(len(e.a), len(e.b)) <= 5
    if local and _is_negation(e, a, b):
        return "negation"
    if local and _is_quantifier(e):
        return "quantifier"
    if e.op == "replace":
        return "lexical" if _lexical(e) else "resemantic"
    return e.op


_FUNCTION = frozenset({"do", "be", "have", "not", "n't", "some", "any", "a", "an", "the"})


def _inflection_only(e: Edit) -> bool:
    """The edit changes only inflection and function words (*plays* -> *play*, *some* -> *any*,
    an auxiliary): the content words are the same lemmas."""

    def lemmas(tokens):
        return sorted(
            _verb_lemma(t.text) if t.pos in ("VERB", "AUX") else t.lemma.lower()
            for t in tokens
            if t.lemma.lower() not in _FUNCTION
            and t.text.lower() not in _FUNCTION
            and t.pos != "PUNCT"
        )

    return lemmas(e.a) == lemmas(e.b)


def _shuffled(found: Sequence[Edit]) -> bool:
    removed = {t.lemma.lower() for e in found for t in _content(e.a)}
    added = {t.lemma.lower() for e in found for t in _content(e.b)}
    both = removed & added
    return bool(both) and (both == removed or both == added) and "there" not in removed | added


def _content_lemmas(tokens: Sequence[Token]) -> set[str]:
    return {_verb_lemma(t.text) if t.pos == "VERB" else t.lemma.lower() for t in _content(tokens)}


def _weight(e: Edit) -> int:
    """How much an edit changes, standing in for the original's semantic distance of a phrase
    (0 for function words only): the content lemmas on one side and not on the other."""
    return len(_content_lemmas(e.a) ^ _content_lemmas(e.b))


def rewritten(a: Analysis, b: Analysis) -> bool:
    """A whole-clause rewrite: the main verb is another verb, and at least half the content
    words of each sentence are gone from the other (*A man is riding a bike.* -> *A dog is
    sleeping on the couch.*)."""
    ra, rb = _root(a), _root(b)
    if ra is None or rb is None or _verb_lemma(ra.text) == _verb_lemma(rb.text):
        return False
    ca, cb = _content_lemmas(a.sentence.tokens), _content_lemmas(b.sentence.tokens)
    return bool(ca) and bool(cb) and len(ca - cb) * 2 >= len(ca) and len(cb - ca) * 2 >= len(cb)


def detect(a: Analysis, b: Analysis) -> str | None:
    """The code of the pair: one of the eight, ``equal``, or None (a global rewrite)."""
    if [t.text for t in a.sentence.tokens] == [t.text for t in b.sentence.tokens]:
        return EQUAL
    if restructured(a, b):
        return "restructure"
    found = edits(a, b)
    if not found:
        return EQUAL
    tags = [tag(e, a, b) for e in found]
    if len(found) == 1:
        return tags[0]
    if "negation" in tags and all(
        t == "negation" or _inflection_only(e) for e, t in zip(found, tags, strict=True)
    ):
        return "negation"
    if _shuffled(found):
        return "shuffle"
    if len(found) >= 5:
        return None
    if {"insert", "delete"} <= set(tags) or rewritten(a, b):
        return "resemantic"
    if len(set(tags)) == 1:
        return tags[0]
    # Edits of different codes: the original sorts its phrases by semantic distance, largest
    # first, and the first one is the pair's code. The edit that changes most content words
    # stands for it here (the first such edit on a tie).
    weights = [_weight(e) for e in found]
    return tags[weights.index(max(weights))]


def detect_texts(pairs: Sequence[tuple[str, str]], analyzer=None) -> list[str | None]:
    """Codes for many pairs, every distinct sentence analyzed once (one batch)."""
    if analyzer is None:
        analyzer = SpacyAnalyzer()
    texts = list(dict.fromkeys(t for pair in pairs for t in pair))
    analyses = dict(zip(texts, analyzer.analyze(texts), strict=True)) if texts else {}
    return [detect(analyses[x], analyses[y]) for x, y in pairs]
