"""Spelling out the realized items: final punctuation, capitals, and spacing that copies the
source's own whitespace wherever two source tokens stay neighbours."""

from __future__ import annotations

from collections.abc import Sequence

from .. import english
from ..ir import Token
from .layout import Item

NO_SPACE_BEFORE = {
    ".",
    ",",
    "?",
    "!",
    ";",
    ":",
    "n't",
    "'s",
    "'re",
    "'ve",
    "'ll",
    "'d",
    "'m",
    ")",
    "%",
    "'",
}


PUNCT_END = {".", "?", "!"}


def fix_final_punctuation(items: list[Item], tokens: Sequence[Token], question: bool) -> None:
    while len(items) > 1 and items[-1].text in PUNCT_END and items[-2].text in (",", ";"):
        del items[-2]  # an appositive's comma moved to the end: "... by the Pool, an amphitheatre."
    last = items[-1] if items else None
    if last is not None and last.text in PUNCT_END:
        want = "?" if question else ("." if last.text == "?" else last.text)
        if want != last.text:
            items[-1] = Item(want, None, last.slot)
    elif question:
        items.append(Item("?", None, "other"))


_KINSHIP_NAMES = english.read_lexicon("kinship_names")
_NAME_ENTITIES = ("PERSON", "GPE", "ORG", "NORP", "LOC", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART")


def is_proper(tok: Token) -> bool:
    """A word that keeps its capital inside a sentence: a proper noun, a named entity (the
    tagger misses some names: *Zoë*), *I*, an acronym, or a capitalized word that is no word of
    the English lexicon (*Spock*, tagged a common noun at the start of a sentence)."""
    if (
        tok.i == 0
        and _common_plural(tok.text)
        and (tok.ent_type not in ("PERSON", "ORG", "NORP") or tok.tag == "NNS")
    ):
        # *Refunds are processed ...*, *Tokens that are captured ...*; *Sutures will be
        # removed*: tagged a common plural, whatever the entity recognizer says
        return False
    if tok.i == 0 and tok.dep != "compound" and tok.text.lower() in _KINSHIP_NAMES:
        return True  # *Grandpa read the kids a story*: a name (a bare singular has a determiner)
    if tok.i == 0 and not tok.ent_type and tok.dep != "compound" and _common_noun(tok.text):
        return False  # *Snow is falling ...*: a common noun the tagger took for a name
    return (
        tok.pos == "PROPN"
        or tok.text == "I"
        or (tok.text.isupper() and len(tok.text) > 1)
        or tok.ent_type in _NAME_ENTITIES
        or _unknown_name(tok.text)
    )


def keeps_capital(tokens: Sequence[Token]) -> bool:
    """Whether the sentence's first word keeps its capital inside a sentence: a word of a name
    (:func:`is_proper`, :func:`starts_a_name`), not a common noun the tagger took for a name
    before another noun (*Bat activity was monitored*: *bat* is a common noun)."""
    if not tokens:
        return False
    if starts_a_name(tokens):
        return True
    first = tokens[0]
    head = tokens[first.head] if 0 < first.head < len(tokens) else None
    if (
        first.dep == "compound"
        and not first.ent_type
        and head is not None
        and head.pos == "NOUN"
        and head.text.islower()
        and _common_noun(first.text)
    ):
        return False
    return is_proper(first)


def starts_a_name(tokens: Sequence[Token]) -> bool:
    """Whether the parse makes the first word part of the capitalized proper noun it modifies
    (*Little Bear could not ...*: *Little*, tagged an adjective, is a compound of *Bear*): it
    keeps its capital inside a sentence."""
    if not tokens or tokens[0].dep != "compound" or not tokens[0].text[:1].isupper():
        return False
    head = tokens[tokens[0].head] if 0 < tokens[0].head < len(tokens) else None
    return head is not None and head.pos == "PROPN" and head.text[:1].isupper()


def _common_noun(word: str) -> bool:
    """Whether a capitalized word is, in lower case, a common English noun (*Snow*)."""
    from lemminflect import getAllLemmas

    return (
        word[:1].isupper() and word[1:].islower() and bool(getAllLemmas(word.lower()).get("NOUN"))
    )


def _common_plural(word: str) -> bool:
    """Whether a capitalized word is the plural of a common English noun (*Refunds*, *Tokens*):
    the tagger takes some for names at the start of a sentence."""
    from lemminflect import getAllLemmas

    lemmas = getAllLemmas(word.lower()).get("NOUN", ())
    return word[:1].isupper() and word.isalpha() and any(lem != word.lower() for lem in lemmas)


def _unknown_name(word: str) -> bool:
    from lemminflect import getAllLemmas

    return (
        word[:1].isupper()
        and word.isalpha()
        and len(word) > 1
        and not getAllLemmas(word.lower())
        and word.lower() not in _FUNCTION_WORDS
    )


_FUNCTION_WORDS = english.read_lexicon("noun_phrase_openers")


def fix_capitals(items: list[Item], tokens: Sequence[Token]) -> None:
    if not items or not tokens:
        return
    source_capitalized = tokens[0].text[:1].isupper()
    for k, it in enumerate(items):
        if k == 0:
            continue
        if it.src == 0 and (
            lower_the(tokens) if tokens[0].text == "The" else not keeps_capital(tokens)
        ):
            it.text = it.text[:1].lower() + it.text[1:]
        elif (
            it.src is None
            and it.text[:1].isupper()
            and it.text not in ("I",)
            and k > 0
            and it.slot in ("vg", "op", "cleft")
        ):
            it.text = it.text[:1].lower() + it.text[1:]
    first = items[0]
    mixed = first.text[:1].islower() and any(ch.isupper() for ch in first.text[1:])
    if source_capitalized and not mixed:  # *pH*, *iPhone* keep their case first too
        first.text = first.text[:1].upper() + first.text[1:]
    elif first.src is None and first.text != "I":
        first.text = first.text[:1].lower() + first.text[1:]
    for it in items[1:]:
        if it.src is None and english.is_personal_pronoun(it.text) and it.text.lower() != "i":
            it.text = it.text.lower()


def lower_the(tokens: Sequence[Token]) -> bool:
    """Whether a sentence-initial *The* of a name is lower-cased inside a sentence (*by the
    Supreme Court*): always, except for the names of ``rules/lexicon/names_with_the.txt`` (*The
    New York Times*)."""
    if not tokens or tokens[0].text != "The":
        return False
    words = [t.text.lower() for t in tokens[:8]]
    return not any(
        " ".join(words[: len(name.split())]) == name for name in english.names_with_the()
    )


def ptb_spacing(tokens: Sequence[Token]) -> bool:
    """True when the source separates clitics and punctuation by spaces (PTB style)."""
    for k in range(1, len(tokens)):
        if tokens[k].text in NO_SPACE_BEFORE and tokens[k - 1].whitespace:
            return True
    return False


def join(items: list[Item], tokens: Sequence[Token]) -> str:
    ptb = ptb_spacing(tokens)
    if not ptb:  # standard orthography writes "cannot" (PTB splits it)
        for k in range(len(items) - 1):
            if (
                items[k].text.lower() == "can"
                and items[k + 1].text == "not"
                and items[k].src is None
            ):
                items[k].text, items[k + 1].text = items[k].text + "not", ""
        items = [it for it in items if it.text]
    out: list[str] = []
    prev: Item | None = None
    for it in items:
        if prev is None:
            out.append(it.text)
        else:
            if prev.src is not None and it.src is not None and it.src == prev.src + 1:
                space = tokens[prev.src].whitespace
            elif ptb:
                space = " "
            elif it.text in NO_SPACE_BEFORE or (
                it.src is not None
                and it.src > 0
                and not tokens[it.src - 1].whitespace
                and it.text in NO_SPACE_BEFORE
            ):
                space = ""
            else:
                space = " "
            out.append(space + it.text)
        prev = it
    return "".join(out).strip()
