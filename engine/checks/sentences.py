"""Refusals of a sentence whatever the plan: text that is not English, a reporting clause that
follows what it reports, a presentational or existential sentence, several clauses, and the
verbs the tagger misread (:data:`engine.checks.table.MISPARSES`, which the surface realizer
asks through :func:`engine.checks.table.misparsed_verb`). :func:`engine.checks.table.refusal`
asks the others first.

The English word lists they read are data files under ``rules/lexicon/``."""

from __future__ import annotations

import re
import unicodedata

from .. import english
from ..ir import Analysis
from .clauses import heads_a_finite_clause

_ENGLISH_WORD = re.compile(r"^[A-Za-z][A-Za-z'.-]*$")


REPORTING_VERBS = english.read_lexicon("reporting_verbs")  # rules/lexicon/reporting_verbs.txt


def not_english(analysis: Analysis) -> str | None:
    """Why the text is not English to edit, or None: fewer than half of its words are written
    in the Latin alphabet (random Unicode, another script)."""
    words = [t.text for t in analysis.sentence.tokens if any(c.isalnum() for c in t.text)]
    if not words:
        return "the text has no words"
    foreign = [
        w for w in words if any(c.isalpha() and "LATIN" not in unicodedata.name(c, "") for c in w)
    ]
    if foreign:
        return f"the text is not English: '{foreign[0]}' is not written in the Latin alphabet"
    latin = sum(1 for w in words if _ENGLISH_WORD.match(w) or w.isdigit())
    if latin * 2 < len(words):
        return (
            f"the text is not English: {len(words) - latin} of its {len(words)} words are not "
            "plain words"
        )
    return None


def reporting_clause(analysis: Analysis) -> str | None:
    """Why the main clause found is not the sentence's, or None: a reporting clause after what
    it reports (*Never trust a stranger, Bork said softly.*) carries none of its content."""
    frame = analysis.main_frame
    if frame is None or frame.predicate.lemma not in REPORTING_VERBS:
        return None
    tokens = analysis.sentence.tokens
    reported = [
        t
        for t in tokens
        if t.head == frame.verb
        and t.i < frame.verb
        and t.dep in ("ccomp", "parataxis", "advcl")
        and t.pos in ("VERB", "AUX")
        and any(p.text == "," and t.i < p.i < frame.verb for p in tokens)
    ]
    if reported:
        return (
            f"'{tokens[frame.verb].text}' heads a reporting clause after what it reports; the "
            "reported clause is the content, and editing the reporting clause would not edit it"
        )
    return None


def inverted_reporting(analysis: Analysis) -> str | None:
    """Why the main clause found is an inverted reporting clause (*..., admitted Tuppence.*,
    *..., continued my friend.*), or None: every edit of it would edit the wrong clause."""
    frame = analysis.main_frame
    if frame is None or frame.predicate.lemma not in REPORTING_VERBS:
        return None
    tokens = analysis.sentence.tokens
    verb = tokens[frame.verb]
    last = max((t.i for t in tokens if t.text not in (".", "!", "?", '"', "'")), default=verb.i)
    if any(a.function == "subj" and a.span[1] <= verb.i for a in frame.arguments):
        return None  # a subject before the verb (*the Sun, announced ...*): not inverted
    if verb.tag == "VB" and not any(a.function == "subj" for a in frame.arguments):
        return None  # an imperative after a fronted phrase (*After lunch, call your mother*)
    if (
        verb.i > 0
        and tokens[verb.i - 1].text in (",", '"', "'")
        and verb.i > 2
        and (
            last == verb.i
            or all(english.descends(tokens, t.i, verb.i) for t in tokens[verb.i + 1 : last + 1])
        )
    ):
        return (
            f"'{verb.text}' heads an inverted reporting clause after what it reports (..., "
            f"{verb.text} {analysis.sentence.span_text(verb.i + 1, last + 1)}); the reported "
            "clause is the content"
        )
    return None


_PRESENTATIONAL = frozenset({"here", "there"})


_EXISTENTIAL = english.read_lexicon("existential_verbs")  # There is / seems to be / remains ...


def presentational(analysis: Analysis) -> str | None:
    """Why the sentence is a presentational inversion (*Here are a bunch of people enjoying
    dinner.*, *There goes the bus.*), or None: a fronted *here*/*there* followed by the verb
    group and then its subject. The participle that follows is not the clause's predicate but a
    modifier of the presented noun, and every clause edit would edit the wrong thing
    (*Here dinner is enjoying a bunch of people.*). An expletive *there* (*There is a man ...*)
    is not this: its *be* is the predicate and the copular checks answer for it."""
    frame = analysis.main_frame
    tokens = analysis.sentence.tokens
    if frame is None or not tokens or tokens[0].text.lower() not in _PRESENTATIONAL:
        return None
    first_verb = min(frame.verb_group) if frame.verb_group else frame.verb
    if tokens[0].dep == "expl":  # There goes the bus: a verb of motion or position, not be
        if (
            first_verb == 1
            and frame.predicate.lemma not in _EXISTENTIAL
            and not any(t.text == "?" for t in tokens)
        ):
            return (
                f"a presentational 'There {tokens[1].text} ...' sentence: 'there' is not its "
                "subject, and no clause edit applies"
            )
        return None
    subject = next((a for a in frame.arguments if a.function == "subj"), None)
    if subject is None or not (0 < first_verb < subject.span[0]):
        return None
    if any(t.text == "?" for t in tokens):
        return None  # a question (*Here is where?*) is another matter
    return (
        f"a presentational '{tokens[0].text} {tokens[first_verb].text} ...' sentence: the "
        "subject follows the verb, and what follows the subject modifies it; no clause edit applies"
    )


def several_clauses(analysis: Analysis, linked: frozenset[int] = frozenset()) -> str | None:
    """Why the sentence is not one clause to edit, or None: independent clauses joined by a
    semicolon, or by a bare comma before the main clause's subject (*A man is stealing a bike,
    the chances he is a thief are high.*). An edit of the clause the parser made the root would
    leave the other as it was. ``linked``: the verbs of clauses the edit reaches alike
    (:func:`.clauses.linked_clauses`, for a tense edit), which are no such clause."""
    frame = analysis.main_frame
    tokens = analysis.sentence.tokens
    if frame is None:
        return None
    semicolons = sum(t.text == ";" for t in tokens)
    if semicolons and not (linked and semicolons == 1):
        return (
            "the sentence has independent clauses joined by ';'; an edit of one would leave the "
            "other as it is"
        )
    subj = next((a for a in frame.arguments if a.function == "subj"), None)
    start = subj.span[0] if subj is not None else frame.verb
    for t in tokens:
        if (
            t.head != frame.verb
            or t.dep not in ("ccomp", "parataxis", "conj", "advcl")
            or t.pos not in ("VERB", "AUX")
            or frame.predicate.lemma in REPORTING_VERBS
            or t.i in linked
        ):
            continue
        own_subject = next(
            (c for c in tokens if c.head == t.i and c.dep in ("nsubj", "nsubjpass")), None
        )
        if own_subject is None or any(
            c.head == t.i and (c.dep in ("mark", "cc") or c.tag in ("WRB", "WDT", "WP"))
            for c in tokens
        ):
            continue
        if (
            own_subject.i == 0
            and t.i == 1
            and f"{own_subject.text} {t.text}".lower() in DISCOURSE_MARKERS
            and not any(c.head == t.i and c.i > t.i and c.dep != "punct" for c in tokens)
        ):
            continue  # *You know, ...*: a marker of speech, not a second clause
        if not heads_a_finite_clause(tokens, t):
            continue
        lo, hi = (t.i, start) if t.i < start else (frame.verb, own_subject.i)
        joined = [p for p in tokens if lo < p.i < hi and p.head in (frame.verb, t.i)]
        if any(p.text == "," for p in joined) and not any(p.dep == "cc" for p in joined):
            comma = next(p for p in joined if p.text == ",")
            later = own_subject.i if t.i > frame.verb else start  # the second clause's start
            link = " ".join(p.text for p in tokens[comma.i : max(comma.i + 1, later)])
            link = link if len(link) <= 20 else ","
            return (
                f"the sentence has two independent clauses joined by '{link}'; an edit of one "
                "would leave the other as it is"
            )
    return None


_INDEFINITES = english.read_lexicon("indefinite_pronouns")  # Everyone, nothing, each ...
_KINSHIP_NAMES = english.read_lexicon("kinship_names")  # Mom, Grandpa ...
DISCOURSE_MARKERS = english.read_lexicon("discourse_markers")  # You know, I mean ...


def caption_participle(analysis: Analysis) -> str | None:
    """A bare noun and a participle that opens the sentence (*Store covered in the fridge*): a
    caption or an instruction, not a past-tense clause."""
    frame = analysis.main_frame
    tokens = analysis.sentence.tokens
    if frame is None or not 0 <= frame.verb < len(tokens):
        return None
    if tokens[frame.verb].tag not in ("VBD", "VBN"):
        return None
    subj = next((a for a in frame.arguments if a.function == "subj"), None)
    if subj is None:
        return None
    head, verb = tokens[subj.head], tokens[frame.verb]
    participle = (
        english.inflect(english.verb_lemma(verb.text, verb.lemma), "VBN") == verb.text.lower()
    )
    if (
        subj.span[0] == 0
        and head.tag == "NN"
        and head.text.lower() not in _INDEFINITES | _KINSHIP_NAMES  # *Mom called this morning*
        and not any(
            t.head == head.i and t.dep in ("det", "poss", "nummod", "predet") for t in tokens
        )
        and len(frame.verb_group) == 1
        and participle
        and not any(a.function == "obj" for a in frame.arguments)
    ):
        return (
            f"'{subj.text} {verb.text} ...' reads as a caption (a bare noun and a participle), "
            "not a past-tense clause"
        )
    return None


def hyphen_split(analysis: Analysis) -> str | None:
    """The main verb is one part of a hyphenated word the parse split (*hand-embroidered*): the
    realizer would move its parts apart (*will hand- be embroidered*)."""
    frame = analysis.main_frame
    tokens = analysis.sentence.tokens
    if frame is None or not 0 <= frame.verb < len(tokens):
        return None
    verb = frame.verb
    after = verb + 1 < len(tokens) and tokens[verb + 1].text == "-" and not tokens[verb].whitespace
    before = verb > 0 and tokens[verb - 1].text == "-" and not tokens[verb - 1].whitespace
    if not (after or before):
        return None
    first = last = verb
    while (
        first > 0
        and not tokens[first - 1].whitespace
        and tokens[first - 1].text not in (",", ";", ":")
    ):
        first -= 1
    while (
        last + 1 < len(tokens)
        and not tokens[last].whitespace
        and tokens[last + 1].text not in (",", ".", ";", ":", "?", "!")
    ):
        last += 1
    word = analysis.sentence.text[tokens[first].start : tokens[last].end]
    return (
        f"the verb '{tokens[verb].text}' is part of a hyphenated word ('{word}') that the parse "
        "split, so the clause structure it gives cannot be trusted"
    )


def comma_in_verb_group(analysis: Analysis) -> str | None:
    """A comma inside the main verb group (*has, in the end, agreed* read as one group)."""
    frame = analysis.main_frame
    tokens = analysis.sentence.tokens
    if frame is None or not any(
        tokens[i].text == ","
        for i in range(min(frame.verb_group), frame.verb)
        if 0 <= i < len(tokens)
    ):
        return None
    return (
        f"the parse puts a comma inside the verb group of '{tokens[frame.verb].text}', so the "
        "clause structure it gives cannot be trusted"
    )


def two_subjects(analysis: Analysis) -> str | None:
    """The parse gives the main verb two subjects."""
    frame = analysis.main_frame
    if frame is None or sum(a.function == "subj" for a in frame.arguments) <= 1:
        return None
    return (
        f"the parse gives '{analysis.sentence.tokens[frame.verb].text}' two subjects, so the "
        "clause structure it gives cannot be trusted"
    )


def stray_modal(analysis: Analysis) -> str | None:
    """A modal the parse leaves out of every verb group: it hangs inside a phrase
    (*Could the rusty staining ... indicate ...?*, where *Could* became part of the subject)."""
    tokens = analysis.sentence.tokens
    grouped = {i for f in analysis.frames for i in f.verb_group}
    stray = next((t for t in tokens if t.tag == "MD" and t.i not in grouped), None)
    if stray is None or analysis.main_frame is None or tokens[stray.head].pos in ("VERB", "AUX"):
        return None
    return (
        f"the parse leaves the modal '{stray.text}' out of every verb group (it attaches it to "
        f"'{tokens[stray.head].text}'), so the clause structure it gives cannot be trusted"
    )


# Where a word tagged a noun stands as one: after a preposition, as an object, inside another
# noun, as a measure (*Thanks to ...*), beside another noun. A verb form there (*in the
# shallows*, *pale wing bars*) is a noun the lexicon of verbs also lists.
_NOUN_PLACES = frozenset(
    {"pobj", "dobj", "compound", "npadvmod", "appos", "attr", "poss", "dative"}
)


def verb_tagged_a_noun(analysis: Analysis) -> str | None:
    """A form English has only as a verb, tagged a noun where a verb stands (*Our clinic neuters
    male dogs*: *neuters* read as the subject; *before a cooler airmass arrives*)."""
    from lemminflect import getAllLemmas

    for tok in analysis.sentence.tokens:
        word = tok.text.lower()
        if tok.pos not in ("NOUN", "PROPN") or not word.isalpha() or word.endswith("ing"):
            continue
        if (tok.pos == "PROPN" and tok.text[:1].isupper()) or tok.dep in _NOUN_PLACES:
            continue  # a name (*Mars*, *Met Office*), or a noun's place (*in the shallows*)
        readings = getAllLemmas(word)
        if set(readings) == {"VERB"} and word not in readings["VERB"]:
            return (
                f"the parse took the verb '{tok.text}' for a noun, so the clause structure it "
                "gives cannot be trusted"
            )
    return None


def noun_as_coordinated_verb(analysis: Analysis) -> str | None:
    """A coordinated "verb" English has only as a noun or an adjective (*a horse and buggy*
    read as *... rode and buggy*)."""
    from lemminflect import getAllLemmas

    for tok in analysis.sentence.tokens:
        word = tok.text.lower()
        if tok.dep == "conj" and tok.tag.startswith("VB") and word.isalpha():
            readings = getAllLemmas(word)
            if readings and "VERB" not in readings and "AUX" not in readings:
                return (
                    f"the parse took '{tok.text}' for a coordinated verb, which English has only "
                    f"as a {'noun' if 'NOUN' in readings else 'adjective'}, so the clause "
                    "structure it gives cannot be trusted"
                )
    return None


def verb_as_coordinated_noun(analysis: Analysis) -> str | None:
    """A verb form tagged a noun, conjoined with a verb (*She sings and dances*: *dances* read
    as a plural noun)."""
    from lemminflect import getAllLemmas

    tokens = analysis.sentence.tokens
    for tok in tokens:
        word = tok.text.lower()
        head = tokens[tok.head] if 0 <= tok.head < len(tokens) else None
        if (
            tok.dep == "conj"
            and tok.pos == "NOUN"
            and head is not None
            and head.pos == "VERB"
            and word.isalpha()
            and "VERB" in getAllLemmas(word)
            and not any(
                t.head == tok.i and t.dep in ("det", "poss", "amod", "nummod") for t in tokens
            )
        ):
            return (
                f"the parse took '{tok.text}' for a noun conjoined with the verb '{head.text}', "
                "so the clause structure it gives cannot be trusted"
            )
    return None
