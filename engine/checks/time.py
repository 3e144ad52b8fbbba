"""A time adverbial or date of the main clause that contradicts the tense a plan asks for
(*yesterday* under the future, *next year* under the past): :func:`time_conflict`.

The adverbials and month names are data files under ``rules/lexicon/``
(``past_time_adverbials.txt``, ``future_time_adverbials.txt``, ``months.txt``)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence

from .. import english
from ..english import descends
from ..ir import Analysis, Frame, Token
from .clauses import depends_on, main_clause_tokens, temporal_clauses

_PAST_TIME = english.phrase_pattern("past_time_adverbials")
_FUTURE_TIME = english.phrase_pattern("future_time_adverbials")
_PRESENT_TIME = english.phrase_pattern("present_time_adverbials")
_MONTHS = english.read_lexicon("months")
TIME_NOUNS = english.read_lexicon("time_nouns")  # rules/lexicon/time_nouns.txt
_TERMS = english.read_lexicon("term_nouns")  # *the next parliament*: a time after *next* only
_PAST_DETERMINERS = frozenset({"last", "previous"})
_PARTS_OF_TIME = frozenset({"end", "start", "beginning", "middle", "close", "rest"})
_FUTURE_DETERMINERS = frozenset({"next", "coming"})


def _now_in_the_group(
    tokens: Sequence[Token], frame: Frame, plan_tense: str | None, perfect: bool
) -> str | None:
    """*The crew will now come round*: *now* after *will* dates the clause at the moment of
    speaking (an announcement), which a past would contradict (*now came round*) and a future
    perfect would make a guess of (*will now have come round*). A past narrative's *now* (*was
    now ready*) and a present's (*is now testing*, *has now been testing*) are left alone."""
    src = frame.predicate
    group = [i for i in frame.verb_group if i != frame.verb and 0 <= i < len(tokens)]
    first = min(group, default=None)
    if first is None or first + 1 >= len(tokens) or tokens[first + 1].text.lower() != "now":
        return None
    if src.tense != "fut" or src.perfect:  # (*is now testing* -> *has now been testing*)
        return None
    if plan_tense == "past" or perfect:
        return f"'{tokens[first].text} now' dates the clause at the moment of speaking; " + (
            "the past would contradict it"
            if plan_tense == "past"
            else "its perfect would make a span of it"
        )
    return None


def dated_phrases(words: list[str]) -> tuple[str | None, str | None]:
    """The small grammar of time expressions, beside the fixed phrases of the lexicons: *last*
    / *previous* + a time noun (*last Tuesday*, *last spring*), a time noun + *ago* (*three
    weeks ago*), *once upon a time* date a clause in the past; *next* / *the coming* + a time
    noun (*next March*) or a term (``term_nouns.txt``: *the next parliament*) in the future.
    ``words``: the clause's words; (past, future) phrases."""
    past = future = None
    low = [w.lower() for w in words]
    for k, w in enumerate(low):
        nxt = low[k + 1].rstrip("s") if k + 1 < len(low) else ""
        if w in _PAST_DETERMINERS and (nxt in TIME_NOUNS or nxt in _TERMS):
            past = past or f"{words[k]} {words[k + 1]}"
        elif w == "ago" and k > 0 and low[k - 1].rstrip("s") in TIME_NOUNS:
            start = k - 2 if k > 1 else k - 1
            past = past or " ".join(words[start : k + 1])
        elif w in _FUTURE_DETERMINERS and (nxt in TIME_NOUNS or nxt in _TERMS):
            future = future or f"{words[k]} {words[k + 1]}"
    text = " ".join(low)
    if "once upon a time" in text:
        past = past or "once upon a time"
    return past, future


_YEAR = re.compile(r"^(1[0-9]{3}|20[0-9]{2})s?$")


def time_conflict(
    analysis: Analysis, frame: Frame, tense: str, year: int | None = None
) -> str | None:
    """Why the main clause's own time adverbial contradicts ``tense``, or None: a past-time one
    (*yesterday*, *last winter*, *in 1998*, *in March 2019*) under the present or future, a
    future-time one (*tomorrow*, *next year*, a year after this one) under the past. A time
    phrase inside a relative or other embedded clause, or inside a noun phrase (*the Act of
    1994*), does not concern the main clause. ``year``: this year (default: today's)."""
    past, future = dates(analysis, frame, year)
    names = {"past": "past", "pres": "present", "fut": "future"}
    if tense in ("fut", "pres") and past is not None:
        return (
            f"the past-time expression '{past}' dates the main clause; the {names[tense]} tense "
            "would contradict it, and changing it would alter the content"
        )
    if tense == "past" and future is not None:
        return (
            f"the future-time expression '{future}' dates the main clause; the past tense would "
            "contradict it, and changing it would alter the content"
        )
    return None


def present_time(
    analysis: Analysis, frame: Frame, plan_tense: str | None, perfect: bool
) -> str | None:
    """Why a word that dates the main clause now (``present_time_adverbials.txt``: *currently*,
    *at the moment*) does not survive the edit: a past or future tense would contradict it; a
    perfect cannot keep it inside the verb group (*are currently restocking*: *have been
    currently restocking*). None otherwise."""
    if plan_tense not in ("past", "fut") and not perfect:
        return None
    tokens = analysis.sentence.tokens
    if (why := _now_in_the_group(tokens, frame, plan_tense, perfect)) is not None:
        return why
    text = " ".join(tokens[i].text for i in main_clause_tokens(analysis, frame))
    if (m := _PRESENT_TIME.search(text)) is None:
        return None
    if plan_tense in ("past", "fut"):
        tense = "past" if plan_tense == "past" else "future"
        return (
            f"'{m.group()}' dates the main clause now; the {tense} tense would contradict it, "
            "and dropping it would alter the content"
        )
    group = frame.verb_group or [frame.verb]
    inside = [
        tokens[i].text
        for i in range(min(group), max(group))
        if i not in group and tokens[i].text.lower() == m.group().lower()
    ]
    if inside:  # *are currently restocking*: *have been currently restocking* is not English
        return (
            f"'{inside[0]}' dates the verb now; with the perfect ('been {inside[0]}') it is not "
            "natural English"
        )
    return None


_WEEKDAYS = english.read_lexicon("weekdays")
_CLOCK = english.read_lexicon("clock_words")
_SEASONS = frozenset({"spring", "summer", "autumn", "fall", "winter"})


def time_point(analysis: Analysis, frame: Frame) -> str | None:
    """A phrase of the main clause that names a point in time, past or future (*yesterday*,
    *on Friday*, *at 3 p.m.*, *in 2019*, *tomorrow*), or places its event after another one
    (*later*, *soon*, *then* opening the clause), or None: the present perfect cannot take one (*has
    turned retrograde on Friday*, *Later in the show, Priya has shared ...*)."""
    past, future = dates(analysis, frame)
    if past or future:
        return past or future
    tokens = analysis.sentence.tokens
    own = main_clause_tokens(analysis, frame)
    for x in [t.i for t in tokens if t.head == frame.verb and t.dep == "xcomp" and t.i != t.head]:
        # *turns retrograde on Friday*: the phrase hangs on the verb's complement
        own = own + [i for i in range(len(tokens)) if depends_on(tokens, i, x, within_clause=True)]
    for i in own:
        word = tokens[i].text.lower()
        nxt = [tokens[j].text.lower() for j in range(i + 1, min(i + 4, len(tokens)))]
        day = nxt[0].removesuffix("s") if nxt else ""  # *on Sundays*: a habit dated all the same
        if word == "on" and nxt and (day in _WEEKDAYS or nxt[0] in _MONTHS):
            return f"{tokens[i].text} {tokens[i + 1].text}"
        if word == "on" and "day" in nxt[:3] and (nxt[0] == "day" or nxt[0] == "the"):
            last = i + 1 + nxt.index("day") + (1 if nxt[0] == "day" else 0)
            return " ".join(
                t.text for t in tokens[i : last + 1]
            )  # *on day five*, *on the first day*
        if word == "in" and nxt and (nxt[0] in _MONTHS or nxt[0] in _SEASONS):
            return f"{tokens[i].text} {tokens[i + 1].text}"  # *prunes them in February*
        if word == "in" and nxt[:1] == ["the"] and len(nxt) > 1 and nxt[1] in _SEASONS:
            return " ".join(t.text for t in tokens[i : i + 3])  # *in the spring*
        if (when := _part_of_a_time(tokens, i)) is not None:
            return when  # *at the end of the month*, *at the start of next term*
        if word == "at" and nxt and (tokens[i + 1].tag == "CD" or nxt[0] in _CLOCK):
            return f"{tokens[i].text} {tokens[i + 1].text}"  # at seven, at 6 p.m., at noon
        if word in ("after", "before") and nxt and (nxt[0] in _CLOCK or _clock_time(tokens, i)):
            return f"{tokens[i].text} {tokens[i + 1].text}"  # *after 6 p.m.*: a time of day
        if word in ("tonight", "tomorrow", "yesterday"):
            return tokens[i].text
        if word in _AFTER_ANOTHER and _opens_clause(tokens, i):
            return tokens[i].text  # *Later in the show, Priya shares ...*: after another event
    return None


# Words that, opening the clause, place its event after another one, a step of a story or a
# sequence (*Later in the show, ...*, *Then the guide explains ...*); elsewhere they need not
# (*remain hot for several minutes afterwards*, *Years later, ...*, *the next chapter*).
_AFTER_ANOTHER = frozenset({"later", "afterwards", "afterward", "soon", "shortly", "then", "next"})


def _opens_clause(tokens: Sequence[Token], i: int) -> bool:
    return i == 0 or tokens[i - 1].text in (",", ";", ":")


def _part_of_a_time(tokens: Sequence[Token], i: int) -> str | None:
    """*at the end of the month*, *at the start of next term*: *at* + a part of a time
    (``_PARTS_OF_TIME``) + *of* + a determiner or none + a time noun or term, as the words
    from ``i``; None when they are not one."""
    low = [t.text.lower() for t in tokens[i : i + 7]]
    if len(low) < 5 or low[0] != "at" or low[1] != "the" or low[2] not in _PARTS_OF_TIME:
        return None
    if low[3] != "of":
        return None
    k = 5 if low[4] in ("the", "this", "that", "next", "each", "every") else 4
    if k >= len(low):
        return None
    noun = low[k].removesuffix("s")
    if noun in TIME_NOUNS or noun in _TERMS or noun in _MONTHS:
        return " ".join(t.text for t in tokens[i : i + k + 1])
    return None


def perfect_at_a_point(when: str, tense: str | None) -> str:
    """The reason a perfect cannot take the point in time ``when`` (:func:`time_point`)."""
    if tense == "fut":  # *will have reopened in March*: done by then, which needs 'by March'
        return (
            f"'{when}' names a point in time; the future perfect says what is done by a time "
            "('by ...'), not at it"
        )
    return (
        f"'{when}' names a point in time; the present perfect cannot take one ('has left on "
        "Friday' is not English)"
    )


def _clock_time(tokens: Sequence[Token], i: int) -> bool:
    """Whether the word after ``i`` is a number read as a time of day (*6 p.m.*, *9:30*)."""
    if i + 1 >= len(tokens) or tokens[i + 1].tag != "CD":
        return False
    after = tokens[i + 2].text.lower() if i + 2 < len(tokens) else ""
    return ":" in tokens[i + 1].text or after in _CLOCK or after in ("a.m.", "p.m.", "am", "pm")


def dates(
    analysis: Analysis, frame: Frame, year: int | None = None
) -> tuple[str | None, str | None]:
    """The past-time and future-time expressions that date the main clause (and its temporal
    clauses): the fixed phrases of the lexicons, :func:`dated_phrases`, and years before or
    after this one (``year``, default today's)."""

    tokens = analysis.sentence.tokens
    own = main_clause_tokens(analysis, frame)
    for clause in temporal_clauses(analysis, frame):  # *After he retired in 1988, he ...*
        own = own + main_clause_tokens(analysis, clause)
    # *by the end of the next parliament*: the of-phrase of a part of a time is a time too
    parts = [i for i in own if tokens[i].text.lower() in _PARTS_OF_TIME]
    own = own + [
        i
        for i in range(len(tokens))
        if i not in own and any(descends(tokens, i, p) and i > p for p in parts)
    ]
    own = sorted(set(own))
    text = " ".join(tokens[i].text for i in own)
    this_year = year or datetime.date.today().year
    past = m.group() if (m := _PAST_TIME.search(text)) else None
    future = m.group() if (m := _FUTURE_TIME.search(text)) else None
    grammar_past, grammar_future = dated_phrases([tokens[i].text for i in own])
    past, future = past or grammar_past, future or grammar_future
    # a year in a phrase without a verb of its own dates the clause too (*observed four moons
    # orbiting Jupiter in 1610*)
    finite = {f.verb for f in analysis.frames if f.finite}
    for i in range(len(tokens)):
        if (
            i not in own
            and clause_of(tokens, i, finite) == frame.verb
            and (_via_verb(tokens, i) or _in_a_span(tokens, i))
        ):
            own = own + [i]
    own = own + [i for i in range(len(tokens)) if i not in own and _year_of_a_noun(tokens, i, own)]
    for i in own:
        word = tokens[i].text
        if _YEAR.match(word) and (
            tokens[i].ent_type == "DATE"
            or tokens[tokens[i].head].text.lower() in _MONTHS
            or tokens[tokens[i].head].dep == "prep"
            or tokens[i].dep == "pobj"
        ):
            when = int(word.rstrip("s"))
            start, j = i, tokens[i].head
            while (
                0 <= j < len(tokens)
                and j in own
                and (tokens[j].text.lower() in _MONTHS or tokens[j].dep == "prep")
            ):
                start, j = min(start, j), (tokens[j].head if tokens[j].dep != "prep" else -1)
            phrase = " ".join(t.text for t in tokens[start : i + 1])
            if when < this_year and past is None:
                past = phrase
            elif when > this_year and future is None:
                future = phrase
    return past, future


def _year_of_a_noun(tokens: Sequence[Token], i: int, own: list[int]) -> bool:
    """Whether token ``i`` is a year in a phrase the parse hangs on a noun of the clause that
    still dates its event: the *of*-phrase of a time noun (*during the long winter of 1911*),
    or *in* or *during* a year after a noun (*pulled out by a dredging crew in 1868*: a crew
    is not of a year; the time is the verb's). *The Act of 1994* names a thing, not a time."""
    tok = tokens[i]
    if not _YEAR.match(tok.text) or tok.dep != "pobj" or not 0 <= tok.head < len(tokens):
        return False
    prep = tokens[tok.head]
    noun = tokens[prep.head] if 0 <= prep.head < len(tokens) else prep
    if noun.i not in own or noun.pos not in ("NOUN", "PROPN"):
        return False
    if prep.text.lower() == "of":
        return noun.lemma.lower() in TIME_WORDS or noun.lemma.lower() in _SEASONS
    return prep.text.lower() in ("in", "during")


def clause_of(tokens: Sequence[Token], i: int, finite: set[int]) -> int | None:
    """The nearest finite verb above token ``i`` (``i`` itself when it is one)."""
    seen: set[int] = set()
    while 0 <= i < len(tokens) and i not in seen:
        if i in finite:
            return i
        seen.add(i)
        if tokens[i].head == i:
            return None
        i = tokens[i].head
    return None


def _in_a_span(tokens: Sequence[Token], i: int) -> bool:
    """Whether token ``i`` is a year that bounds a stretch of time (*fell by 12 percent between
    2015 and 2020*, *from 2015*), wherever the parse hangs the phrase: a span dates the event."""
    head = tokens[i].head
    if tokens[i].dep == "conj" and 0 <= head < len(tokens):
        head = tokens[head].head
    return bool(_YEAR.match(tokens[i].text)) and (
        0 <= head < len(tokens) and tokens[head].text.lower() in _SPAN_PREPOSITIONS
    )


_SPAN_PREPOSITIONS = frozenset({"between", "from", "until", "till", "through", "since"})


def _via_verb(tokens: Sequence[Token], i: int) -> bool:
    """Whether token ``i`` hangs on a verb without a clause of its own (*orbiting Jupiter in
    1610*), not on a noun of the clause (*The treaty of 1848*)."""
    seen: set[int] = set()
    j = tokens[i].head
    while 0 <= j < len(tokens) and j not in seen and tokens[j].head != j:
        if tokens[j].pos == "VERB":
            # a participle set off by a comma tells of its noun with a time of its own (*a
            # three-year study, beginning in September 2025, that ...*)
            return not (tokens[j].dep == "acl" and j > 0 and tokens[j - 1].text == ",")
        seen.add(j)
        j = tokens[j].head
    return False


# Words that name a time: a stretch, a weekday, a month.
TIME_WORDS = TIME_NOUNS | english.read_lexicon("weekdays") | english.read_lexicon("months")


def names_its_time(tokens: Sequence[Token], verb: Token, clock: bool = True) -> bool:
    """Whether the clause of ``verb`` names its own time (a date, a weekday, a month, a clock
    time): it tells a fact with a time of its own (*the third quarter, which ended on September
    30*), not a comment on the clause around it, and keeps its tense when that one changes.
    Without ``clock``, a clock time does not count (*kept us awake until 3 a.m.* is told from
    the main event)."""
    return any(
        descends(tokens, x.i, verb.i)
        and x.pos in ("NOUN", "PROPN", "NUM")  # not the modal *may*
        # *held the afternoon heat*: a time word that modifies another noun names no time
        and not (x.dep == "compound" and tokens[x.head].lemma.lower() not in TIME_WORDS)
        # a plural time word names no time of its own (*after our late evenings*, *on
        # weekends*), a date or clock time does (*the 1990s*)
        and not (x.tag == "NNS" and x.lemma.lower() in TIME_WORDS)
        and (
            x.ent_type in (("DATE", "TIME") if clock else ("DATE",))
            or x.lemma.lower() in TIME_WORDS
        )
        for x in tokens
    )
