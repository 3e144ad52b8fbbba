"""Synthetic unacceptable sentences: rule-based corruptions (the SNT baseline of Batra et al.)
and Seam's own wrong-plan edits.

Each corruption method reads a spaCy :class:`~engine.ir.Analysis` and a ``random.Random``,
and returns the corrupted text, or None where it does not apply. Outputs are tidy strings
(single spaces, the final punctuation kept, the first word capitalized as in the source) and
always differ from the input.

* ``omission`` drops a content span, an argument or a modifier:
  *The old sailor painted his boat on Sunday.* -> *The old sailor painted his boat.*
* ``repetition`` repeats a word or a short phrase:
  *A nurse is carrying a tray.* -> *A nurse is carrying carrying a tray.*
* ``swap_values`` exchanges two content words of one part of speech:
  *The farmer sold a horse.* -> *The horse sold a farmer.*
* ``hallucination`` brings in an unrelated word from a fixed list, replacing a noun or an
  adjective or adding an adjective: *A girl is reading a book.* -> *A girl is reading a volcano.*
* ``agreement`` breaks subject-verb agreement on the finite verb:
  *The children are singing.* -> *The children is singing.*
* ``inflection`` gives the verb a wrong form after its auxiliary, or a noun the wrong number
  after its numeral or determiner: *Three boys have climbed the tree.* -> *Three boy have climbed
  the tree.*
* ``word_order`` moves a word to an ungrammatical place (determiner after its noun, verb at
  the end, verb before its auxiliary): *My uncle cooked the soup.* -> *My uncle the soup cooked.*

:func:`wrong_plan` realizes another plan than the one asked for (*tense(past)* asked, the
output of *negate* given), unacceptable for that plan. :func:`corrupt` runs the methods over
a batch, deterministically per sentence and method.

>>> from engine import analyze
>>> analysis = analyze(["The children are singing."])[0]
>>> agreement(analysis, random.Random(0))
'The children is singing.'
>>> word_order(analyze(["My uncle cooked the soup."])[0], random.Random(0))
'My uncle the soup cooked.'

One module, over 400 lines: every corruption method shares the same rendering of edited token
lists back into a tidy sentence; each method is a small function over it.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..english import indefinite_article, inflect, read_lexicon, read_word_list, verb_lemma
from ..ir import Analysis, Token
from ..transforms import parse

# A piece of the output: its text, whether it is glued to the previous piece (no space before),
# and the index of the source token it came from (-1 for an inserted word).
Piece = tuple[str, bool, int]

# Unrelated words for hallucinations: concrete, regular plurals, rarely in captions or premises.
ODD_NOUNS: tuple[str, ...] = read_word_list("odd_nouns")
ODD_ADJECTIVES: tuple[str, ...] = read_word_list("odd_adjectives")

# Expressions a wrong-plan edit picks from (one whose plan differs from the one asked for).
WRONG_PLAN: tuple[str, ...] = (
    "tense(past)",
    "tense(fut)",
    "negate",
    "passive",
    "question",
    "modal(may)",
    "swap",
)

_CONTENT = ("NOUN", "PROPN", "ADJ", "NUM")
_MODIFIER_DEPS = frozenset(
    {
        "amod",
        "advmod",
        "prep",
        "compound",
        "nummod",
        "acl",
        "relcl",
        "npadvmod",
        "appos",
        "advcl",
        "poss",
        "nmod",
    }
)
_SINGULAR_DETS = read_lexicon("singular_determiners")
_PLURAL_DETS = frozenset({"these", "those", "many", "several", "both", "few"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "csubj", "csubjpass", "expl"})
_SEPARATORS = frozenset({",", ";", ":", ".", "!", "?", ")", "]", '"'})
_TIME = frozenset({"DATE", "TIME"})
_NEGATIONS = frozenset({"not", "n't", "never"})
# Finite forms whose agreement can be broken, and the form that breaks it.
_AGREEMENT_SWAP = {
    "is": "are",
    "are": "is",
    "am": "is",
    "was": "were",
    "were": "was",
    "has": "have",
    "have": "has",
    "does": "do",
    "do": "does",
}
# Contracted forms, spelled out in the form that breaks agreement (*He's* -> *He are*).
_CONTRACTED_SWAP = {
    ("'s", "be"): "are",
    ("'re", "be"): "is",
    ("'m", "be"): "is",
    ("'s", "have"): "have",
    ("'ve", "have"): "has",
}


@dataclass(frozen=True)
class Corruption:
    """A corrupted sentence: its source, the text, the method and what it changed."""

    source: str
    text: str
    method: str
    reason: str


# -- rendering ---------------------------------------------------------------------------


def _is_punct(tok: Token) -> bool:
    return tok.pos == "PUNCT" or (not any(ch.isalnum() for ch in tok.text))


def _pieces(a: Analysis) -> list[Piece]:
    """The sentence's tokens as pieces, each glued where the source had no space before it."""
    toks = a.sentence.tokens
    return [(t.text, k > 0 and toks[k - 1].whitespace == "", k) for k, t in enumerate(toks)]


def _match_case(word: str, like: str) -> str:
    """``word`` capitalized the way ``like`` is (all caps, capitalized, or as it is)."""
    if like.isupper() and len(like) > 1:
        return word.upper()
    if like[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _opening(a: Analysis) -> Token:
    """The sentence's first word (its first token that is not punctuation)."""
    toks = a.sentence.tokens
    return next((t for t in toks if not _is_punct(t)), toks[0])


def _lowers(tok: Token) -> bool:
    """Whether a capitalized first word goes in lower case elsewhere (not a name, *I* or an
    acronym)."""
    return tok.pos != "PROPN" and tok.text != "I" and not (len(tok.text) > 1 and tok.text.isupper())


def _render(a: Analysis, pieces: list[Piece], articles: bool = False) -> str | None:
    """The text of the pieces, tidied: stray punctuation dropped, the first word capitalized,
    and with ``articles``, *a* / *an* fitted to a word that has come to follow it. None if the
    text equals the source."""
    toks = a.sentence.tokens
    final = toks[-1].i if toks and _is_punct(toks[-1]) else None
    out: list[Piece] = []
    for text, glued, origin in pieces:
        punct = origin >= 0 and _is_punct(toks[origin])
        if punct and origin != final and text in (",", ";", ":"):
            if not out or out[-1][0] in (",", ";", ":"):
                continue  # a comma left at the start or doubled by a removal
        if punct and origin == final and out and out[-1][0] == ",":
            out.pop()
        out.append((text, glued, origin))
    if not out or all(o >= 0 and _is_punct(toks[o]) for _, _, o in out):
        return None
    for k in range(
        len(out) - 1 if articles else 0
    ):  # a / an before a word that was not its neighbour
        text, glued, origin = out[k]
        following = out[k + 1]
        if (
            text.lower() in ("a", "an")
            and following[2] != origin + 1
            and following[0][:1].isalpha()
            and following[0].lower() not in ("a", "an", "the")
        ):
            out[k] = (_match_case(indefinite_article(out[k + 1][0]), text), glued, origin)
    first = next(k for k, (_, _, o) in enumerate(out) if not (o >= 0 and _is_punct(toks[o])))
    opening = _opening(a)
    for k, (text, glued, origin) in enumerate(out):
        if k != first and origin == opening.i and _lowers(opening):
            out[k] = (text[:1].lower() + text[1:], glued, origin)
    if opening.text[:1].isupper():
        text, glued, origin = out[first]
        out[first] = (text[:1].upper() + text[1:], glued, origin)
    result = "".join(
        ("" if glued or k == 0 else " ") + text for k, (text, glued, _) in enumerate(out)
    )
    result = " ".join(result.split())
    if result == a.text or result == " ".join(a.text.split()):
        return None
    return result


def _words(a: Analysis) -> list[Token]:
    """The tokens that are words (no punctuation)."""
    return [t for t in a.sentence.tokens if not _is_punct(t)]


def _subtree(a: Analysis, root: int) -> set[int]:
    """The token indices headed (directly or not) by ``root``, ``root`` included."""
    return a.subtree(root)


def _span(indices: set[int]) -> tuple[int, int] | None:
    """``(start, end)`` of a set of token indices if they are contiguous, else None."""
    start, end = min(indices), max(indices) + 1
    return (start, end) if end - start == len(indices) else None


def _trim(a: Analysis, span: tuple[int, int]) -> tuple[int, int]:
    """The span without punctuation at either edge."""
    toks = a.sentence.tokens
    start, end = span
    while start < end and _is_punct(toks[start]):
        start += 1
    while end > start and _is_punct(toks[end - 1]):
        end -= 1
    return start, end


def _plural(word: str, lemma: str) -> str | None:
    from lemminflect import getInflection

    forms = getInflection(lemma.lower() or word.lower(), tag="NNS")
    return _match_case(forms[0], word) if forms and forms[0].lower() != word.lower() else None


def _singular(word: str) -> str | None:
    from lemminflect import getLemma

    forms = getLemma(word.lower(), upos="NOUN")
    return _match_case(forms[0], word) if forms and forms[0].lower() != word.lower() else None


# -- the methods -------------------------------------------------------------------------


def omission(a: Analysis, rng: random.Random) -> str | None:
    """Drop an argument of the main verb or a modifier's subtree (never all the words)."""
    toks = a.sentence.tokens
    words = {t.i for t in _words(a)}
    spans: set[tuple[int, int]] = set()
    frame = a.main_frame
    if frame is not None:
        spans.update(arg.span for arg in frame.arguments if arg.function not in ("aux", "neg"))
    for t in toks:
        if t.dep in _MODIFIER_DEPS and t.head != t.i:
            span = _span(_subtree(a, t.i))
            if span is not None:
                spans.add(span)
    keep = []
    for span in sorted(spans):
        start, end = _trim(a, span)
        inside = set(range(start, end)) & words
        if not inside or inside >= words or (frame is not None and frame.verb in inside):
            continue
        if end < len(toks) and toks[end - 1].whitespace == "" and not _is_punct(toks[end]):
            continue  # a clitic would be left without its host (*'s running*)
        if start > 0 and toks[start - 1].whitespace == "":
            continue  # a clitic, or part of a word
        keep.append((start, end))
    if not keep:
        return None
    start, end = rng.choice(sorted(set(keep)))
    return _render(a, [p for p in _pieces(a) if not start <= p[2] < end], articles=True)


def repetition(a: Analysis, rng: random.Random) -> str | None:
    """Say a word, or a phrase of two or three words, twice in a row."""
    toks = a.sentence.tokens
    pieces = _pieces(a)
    spans = {(t.i, t.i + 1) for t in _words(a) if not pieces[t.i][1]}
    frame = a.main_frame
    if frame is not None:
        for arg in frame.arguments:
            start, end = _trim(a, arg.span)
            if 2 <= end - start <= 3 and not pieces[start][1]:
                spans.add((start, end))
    if not spans:
        return None
    start, end = rng.choice(sorted(spans))
    copy = list(pieces[start:end])
    text, _, origin = copy[0]
    if origin == _opening(a).i and _lowers(toks[origin]):
        text = text[:1].lower() + text[1:]
    copy[0] = (text, False, -1)
    return _render(a, pieces[:end] + copy + pieces[end:])


def swap_values(a: Analysis, rng: random.Random) -> str | None:
    """Exchange two content words of one part of speech (two nouns, two adjectives ...)."""
    words = [t for t in _words(a) if t.pos in _CONTENT]
    pairs = [
        (x, y)
        for k, x in enumerate(words)
        for y in words[k + 1 :]
        if x.pos == y.pos and x.text.lower() != y.text.lower()
    ]
    if not pairs:
        return None
    x, y = rng.choice(pairs)
    pieces = _pieces(a)
    pieces[x.i] = (y.text, pieces[x.i][1], y.i)
    pieces[y.i] = (x.text, pieces[y.i][1], x.i)
    return _render(a, pieces, articles=True)


def hallucination(a: Analysis, rng: random.Random) -> str | None:
    """Replace a noun or an adjective with an unrelated one, or add an unrelated adjective."""
    present = {t.text.lower() for t in a.sentence.tokens}
    nouns = [n for n in ODD_NOUNS if n not in present]
    adjectives = [j for j in ODD_ADJECTIVES if j not in present]
    options: list[tuple[str, Token]] = []
    for t in _words(a):
        if (
            t.pos == "NOUN"
            and t.tag in ("NN", "NNS")
            and t.dep != "npadvmod"
            and t.ent_type not in _TIME
        ):
            options += [("noun", t), ("add", t)]
        elif t.pos == "ADJ" and t.dep == "amod":
            options.append(("adjective", t))
    if not options:
        return None
    kind, tok = rng.choice(options)
    pieces = _pieces(a)
    glued = pieces[tok.i][1]
    if kind == "noun":
        word = rng.choice(nouns)
        word = (_plural(word, word) or word) if tok.tag == "NNS" else word
        pieces[tok.i] = (_match_case(word, tok.text), glued, -1)
    elif kind == "adjective":
        pieces[tok.i] = (_match_case(rng.choice(adjectives), tok.text), glued, -1)
    else:
        pieces.insert(tok.i, (rng.choice(adjectives), glued, -1))
    return _render(a, pieces, articles=True)


def _finite(a: Analysis) -> Token | None:
    """The finite verb of the main clause (its first auxiliary, or the verb)."""
    frame = a.main_frame
    if frame is None:
        return None
    toks = a.sentence.tokens
    for k in frame.verb_group:
        if toks[k].tag in ("VBZ", "VBP", "VBD", "MD"):
            return toks[k]
    return None


def agreement(a: Analysis, rng: random.Random) -> str | None:
    """Break subject-verb agreement: *is* <-> *are*, *was* <-> *were*, *has* <-> *have*,
    *does* <-> *do*, or a lexical verb's third-person *-s* added or removed."""
    tok = _finite(a)
    if tok is None or tok.tag == "MD":
        return None
    verb = a.main_frame.verb
    if not any(t.head in (verb, tok.i) and t.dep in _SUBJECTS for t in a.sentence.tokens):
        return None  # an imperative has no subject to agree with
    low = tok.text.lower().replace("\u2019", "'")
    pieces = _pieces(a)
    glued = pieces[tok.i][1]
    if low.startswith("'"):
        word = _CONTRACTED_SWAP.get((low, tok.lemma.lower()), "")
        if not word:
            return None
        glued = False
    elif low in _AGREEMENT_SWAP:
        word = _AGREEMENT_SWAP[low]
    elif tok.tag == "VBD":
        return None  # a past lexical verb shows no agreement
    else:
        lemma = verb_lemma(tok.text, tok.lemma)
        word = lemma if tok.tag == "VBZ" else inflect(lemma, "VBZ")
    if word.lower() == low:
        return None
    pieces[tok.i] = (_match_case(word, tok.text), glued, tok.i)
    return _render(a, pieces)


def _wrong_verb_forms(a: Analysis) -> list[tuple[int, str]]:
    """(token, form) for the main verb in a form its auxiliary cannot take."""
    frame = a.main_frame
    if frame is None:
        return []
    toks = a.sentence.tokens
    verb = toks[frame.verb]
    auxiliaries = [
        toks[k]
        for k in frame.verb_group
        if k < frame.verb and toks[k].text.lower() not in _NEGATIONS
    ]
    if not auxiliaries or verb.tag not in ("VB", "VBG", "VBN"):
        return []
    aux = auxiliaries[-1]
    lemma = verb_lemma(verb.text, verb.lemma)
    aux_lemma = verb_lemma(aux.text, aux.lemma) if aux.tag != "MD" else "modal"
    forms = {tag: inflect(lemma, tag) for tag in ("VB", "VBD", "VBG", "VBN", "VBZ")}
    if aux_lemma == "be":
        right = {forms["VBG"], forms["VBN"]}
    elif aux_lemma == "have":
        right = {forms["VBN"]}
    else:
        right = {forms["VB"]}
    wrong = sorted({f for f in forms.values() if f not in right and f.lower() != verb.text.lower()})
    return [(verb.i, f) for f in wrong]


def _wrong_noun_numbers(a: Analysis) -> list[tuple[int, str]]:
    """(token, form) for a noun in the number its numeral or determiner rules out."""
    toks = a.sentence.tokens
    out = []
    for t in toks:
        if t.pos != "NOUN" or t.tag not in ("NN", "NNS"):
            continue
        markers = [
            d
            for d in toks
            if d.head == t.i
            and d.i < t.i
            and (d.dep in ("det", "nummod") or d.text.lower() in _PLURAL_DETS)
        ]
        singular = any(d.text.lower() in _SINGULAR_DETS or d.text == "1" for d in markers)
        plural = any(
            d.text.lower() in _PLURAL_DETS or (d.tag == "CD" and not singular) for d in markers
        )
        if t.tag == "NN" and singular:
            form = _plural(t.text, t.lemma)
        elif t.tag == "NNS" and plural:
            form = _singular(t.text)
        else:
            continue
        if form is not None:
            out.append((t.i, form))
    return out


def inflection(a: Analysis, rng: random.Random) -> str | None:
    """A verb form its auxiliary cannot take (*is ride*, *will rode*, *has riding*), or a noun
    in the wrong number for its numeral or determiner (*two dog*, *a dogs*)."""
    options = _wrong_verb_forms(a) + _wrong_noun_numbers(a)
    if not options:
        return None
    k, word = rng.choice(options)
    pieces = _pieces(a)
    pieces[k] = (_match_case(word, pieces[k][0]), pieces[k][1], k)
    return _render(a, pieces)


def word_order(a: Analysis, rng: random.Random) -> str | None:
    """Put a word where English does not: a determiner after the next word, the main verb at
    the end, or the verb before its auxiliary."""
    toks = a.sentence.tokens
    pieces = _pieces(a)
    moves: list[tuple[str, int]] = []
    for t in toks[:-1]:
        after = toks[t.i + 1]
        free = (
            after.whitespace != ""
            or after.i + 1 == len(toks)
            or toks[after.i + 1].text in _SEPARATORS
        )
        if (
            t.dep == "det"
            and t.head > t.i
            and not _is_punct(after)
            and not pieces[after.i][1]
            and free
        ):
            moves.append(("det", t.i))
    frame = a.main_frame
    if frame is not None:
        words = _words(a)
        if words and words[-1].i != frame.verb and frame.verb > 0:
            moves.append(("end", frame.verb))
        before = frame.verb - 1
        if (
            before in frame.verb_group
            and toks[before].text.lower() not in _NEGATIONS
            and not pieces[frame.verb][1]
            and not pieces[before][1]
        ):
            moves.append(("aux", frame.verb))
    if not moves:
        return None
    kind, k = rng.choice(moves)
    if kind == "det":
        pieces[k], pieces[k + 1] = (
            (pieces[k + 1][0], pieces[k][1], pieces[k + 1][2]),
            (pieces[k][0], False, k),
        )
    elif kind == "aux":
        pieces[k - 1], pieces[k] = (
            (pieces[k][0], pieces[k - 1][1], k),
            (pieces[k - 1][0], False, k - 1),
        )
    else:
        verb = pieces.pop(k)
        last = max(i for i, p in enumerate(pieces) if not (p[2] >= 0 and _is_punct(toks[p[2]])))
        pieces.insert(last + 1, (verb[0], False, verb[2]))
    return _render(a, pieces)


METHODS: dict[str, Callable[[Analysis, random.Random], str | None]] = {
    "omission": omission,
    "repetition": repetition,
    "swap_values": swap_values,
    "hallucination": hallucination,
    "agreement": agreement,
    "inflection": inflection,
    "word_order": word_order,
}


# -- wrong plans -------------------------------------------------------------------------


def wrong_plan(text: str, expr: str, rng: random.Random, transformer) -> tuple[str, str] | None:
    """Another plan's output for ``text``: (output, expression) for an expression of
    :data:`WRONG_PLAN` whose plan differs from ``expr``'s and whose ``ok`` output differs from
    the input and from ``expr``'s own output; None if there is none. ``transformer`` is an
    :class:`~engine.pipeline.Transformer`."""

    wanted = parse(expr).plans()
    others = [e for e in WRONG_PLAN if all(parse(e).plan() != p for p in wanted)]
    if not others:
        return None
    rng.shuffle(others)
    records = transformer.run_texts([text], [expr, *others])
    own = records[0]["best"] if records[0]["status"] == "ok" else None
    for other, rec in zip(others, records[1:], strict=True):
        best = rec["best"]
        if rec["status"] == "ok" and best and best != text and best != own:
            return best, other
    return None


# -- the batch ---------------------------------------------------------------------------


def _changes(source: str, text: str) -> str:
    """The words removed and added, e.g. ``-a bike +a volcano``."""
    old, new = source.split(), text.split()
    parts = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if op in ("delete", "replace"):
            parts.append("-" + " ".join(old[i1:i2]))
        if op in ("insert", "replace"):
            parts.append("+" + " ".join(new[j1:j2]))
    return " ".join(parts)


def corrupt(
    analyses: Sequence[Analysis],
    methods: Sequence[str] | None = None,
    seed: int = 0,
    per_sentence: int = 1,
) -> list[Corruption]:
    """Up to ``per_sentence`` distinct corruptions of every analysis by every method (all of
    :data:`METHODS` by default), in input then method order. Each (sentence, method) draws
    from its own generator, so a result does not depend on the rest of the batch."""
    names = list(methods) if methods is not None else list(METHODS)
    unknown = [m for m in names if m not in METHODS]
    if unknown:
        raise ValueError(f"unknown corruption method(s) {unknown}; known: {sorted(METHODS)}")
    out = []
    for a in analyses:
        for name in names:
            rng = random.Random(f"{seed}\x00{a.text}\x00{name}")
            found: list[str] = []
            for _ in range(per_sentence * 3):
                text = METHODS[name](a, rng)
                if text is None:
                    break
                if text != a.text and text not in found:
                    found.append(text)
                    if len(found) == per_sentence:
                        break
            out += [Corruption(a.text, t, name, f"{name}: {_changes(a.text, t)}") for t in found]
    return out
