"""What an argument moved by a voice change or a swap would carry, and whether it can be
moved whole: a phrase after the object that may be the verb's (*disclose information to third
parties*, *develop resistance over time*), words of its phrase the parse leaves outside it, a
measure (*30%*), a generic *you* that a passive would make a *by*-phrase; and where the
passive's *by*-phrase would stand (:func:`passive_order`): after a pronoun that names its noun,
or against a phrase its noun would take.

One module, over 400 lines: every check asks what a moved argument carries or leaves behind,
through the same readers of its span, its head and the phrases around it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import english
from ..agreement import noun_phrase
from ..english import descends
from ..ir import Analysis, Frame, Token
from ..transforms import EditPlan
from .agents import is_agent, measures_as_an_act
from .clauses import depends_on
from .closed import moved_functions
from .scope import phrase
from .time import TIME_NOUNS

# Verbs whose *about*-phrase after the object is their own (asked the chef about the menu).
_ABOUT_VERBS = english.read_lexicon("reporting_verbs") | english.read_lexicon("about_verbs")


def carried_phrase(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why moving the object (a passive, a swap, a cleft) could carry a phrase not its own: a
    prepositional phrase after the object's noun other than an *of*-phrase (*disclose
    information to third parties*, *develop resistance over time*). The parse attaches it to
    the noun or to the verb, and a dependency parse does not settle which; moved with the
    object, a phrase of the verb changes the meaning (*Information to third parties may not be
    disclosed*)."""
    pred = main.predicate
    if "obj" not in moved_functions(main, plan):  # a voice change, a swap, a cleft
        return None
    obj = next((a for a in main.arguments if a.function == "obj"), None)
    if obj is None:
        return None
    cleft = plan.features.get("cleft")
    if cleft and not plan.swap and "voice" not in plan.features and cleft != obj.role:
        return None  # the cleft focuses another argument: the object stays where it is
    tokens = analysis.sentence.tokens
    start, end = obj.span
    if (
        aside := _comma_aside(tokens, start, end, obj.head)
    ) is not None:  # *your story, especially ...*
        return (
            f"the object holds a phrase set off by a comma ('{phrase(analysis, aside)}'); moved "
            "before the verb it would need a closing comma, which the parse does not place"
        )
    joined = next(
        (
            t
            for t in tokens
            if t.dep == "conj" and t.pos in ("NOUN", "PROPN") and t.head == main.verb
        ),
        None,
    )
    if joined is not None and joined.i > obj.head:  # *tested pH and salinity*
        return (
            f"the parse joins the noun '{joined.text}' to the verb, not to the object "
            f"'{obj.text}'; moved, the object would leave it behind"
        )
    head = tokens[obj.head] if 0 <= obj.head < len(tokens) else None
    place = next(
        (
            t
            for t in tokens[start:end]
            if t.text.lower() in english.ADVERB_PLACES
            and (
                (t is head and any(x.head == t.i and x.dep == "compound" for x in tokens))
                or (head is not None and t.head == head.i and t.dep in ("advmod", "npadvmod"))
            )
        ),
        None,
    )
    if place is not None:  # *sends a short newsletter home*: 'home' says where it goes
        return (
            f"the parse makes '{place.text}' part of the object, but it may say where the "
            "event goes ('home', 'abroad'); moved with the object it would not be English"
        )
    for t in tokens[start:end]:
        if not (
            t.dep == "prep"
            and t.i > obj.head
            and start <= t.head < end
            # a gerund after a preposition inside the object too (*pairs of lapwing across the
            # meadows*: the parse reads 'lapwing' as one), not a participle clause
            and (
                tokens[t.head].pos in ("NOUN", "PROPN", "PRON", "NUM")
                or (tokens[t.head].tag == "VBG" and tokens[t.head].dep == "pcomp")
            )
        ):
            continue
        word = t.text.lower()
        if word == "about" and pred.lemma in _ABOUT_VERBS:
            return (
                f"'{phrase(analysis, t)}' may say what '{pred.lemma}' is about rather than "
                f"which '{tokens[t.head].text}'; moved with the object it could change the meaning"
            )
        inside = [x for x in tokens if x.head == t.i and x.dep == "pobj"]
        timely = bool(inside) and (
            inside[0].ent_type in ("DATE", "TIME")
            or inside[0].text.lower().rstrip("s") in TIME_NOUNS
        )
        ours = (
            (word == "for" and pred.lemma in _FOR_VERBS)
            or (word == "with" and pred.lemma in _WITH_VERBS)
            or pred.lemma in _SMALL_CLAUSE
        )
        # *measured strike and dip at twelve stations*: after the last of a list, a phrase may
        # be the list's, its last noun's or the verb's
        listed = word != "of" and (
            (tokens[t.head].dep == "conj" and t.head != obj.head)
            or any(x.head == t.head and x.dep == "conj" and x.i < t.i for x in tokens)
        )
        if listed:
            return (
                f"the parse does not settle whether '{phrase(analysis, t)}' belongs to the "
                "list before it, to its last noun or to the verb; moved with the object it "
                "could change the meaning"
            )
        if word in _VERB_PREPOSITIONS or word in _PLACES or ours or (timely and word != "of"):
            pp = phrase(analysis, t)
            kind = (
                "a time phrase"
                if timely
                else "a place"
                if word in _PLACES
                else f"{'an' if word[:1] in 'aeiou' else 'a'} '{word}'-phrase"
            )
            return (
                f"the parse does not settle whether '{pp}' ({kind}) belongs to "
                f"'{tokens[t.head].text}' or to the verb; moved with the object it could "
                "change the meaning"
            )
    if (left := _as_after_object(tokens, main, end)) is not None:
        return (
            f"the parse gives '{phrase(analysis, left)}' to the verb, but right after the "
            f"object '{obj.text}' it may describe the object or its owner; moved, the object "
            "would leave it behind"
        )
    return None


def _as_after_object(tokens, main: Frame, end: int) -> Token | None:
    """An *as*-phrase of a person's role the parse hangs on the verb right after the object
    (*do not affect your statutory rights as a consumer*), unless the verb names, regards or
    uses its object as something (``naming_verbs.txt``, ``as_verbs.txt``: *appointed her as
    chair*)."""
    if end >= len(tokens):
        return None
    t = tokens[end]
    lemma = (tokens[main.verb].lemma or "").lower()
    if t.text.lower() != "as" or t.head != main.verb or t.dep != "prep":
        return None
    if lemma in _NAMING or lemma in _AS_VERBS:
        return None
    # a role of a person (*as a consumer*, *as a tenant*) may be the object's owner's; a role
    # of the event (*released two hostages as a gesture of goodwill*) is the verb's
    noun = next((x for x in tokens if x.head == t.i and x.dep == "pobj"), None)
    if noun is None or (noun.lemma or noun.text).lower() not in english.person_nouns():
        return None
    return t


_AS_VERBS = english.read_lexicon("as_verbs")  # *described the match as a disaster*


def _left_behind(analysis: Analysis, main: Frame, subj) -> str | None:
    """Why a moved subject would leave a phrase behind: one set off by commas between it and
    its verb (*A woman, wearing a helmet, rides a scooter*), or one the parse gives the verb
    that may be the subject's (:func:`_phrase_before_verb`)."""
    tokens = analysis.sentence.tokens
    if any(t.text == "," for t in tokens[subj.span[1] : min(main.verb_group or (main.verb,))]):
        return (
            f"a phrase set off by commas stands between the subject '{subj.text}' and its "
            "verb; moved, the subject would leave it behind"
        )
    if (gap := _phrase_before_verb(tokens, main, subj)) is not None:
        return (
            f"the parse gives '{phrase(analysis, gap)}' to the verb, but it stands between the "
            "subject and the verb and may be the subject's; moved, the subject would leave it "
            "behind"
        )
    return None


_SUBJECT_PRONOUNS = english.read_lexicon("subject_pronouns")


# Prepositions whose -ing clause has the main clause's subject as its doer (*without paying*,
# *after crossing*); not *by* (a means: *locked by pressing the button* stays true in a
# passive) nor *for* (a reason, often the object's: *forgive his sister for selling*).
_CONTROLLING = english.read_lexicon("controlling_prepositions")
_PLURAL_PRONOUNS = frozenset({"they", "them", "their", "themselves"})
# *it* is left out: two things it may stand for are told apart by what it does (*the bank froze
# the account after it detected fraud*), which Seam does not judge
_SINGULAR_PRONOUNS = frozenset({"he", "him", "his", "she", "her", "himself", "herself"})


def _pronoun_of_either(analysis: Analysis, main: Frame, subj) -> str | None:
    """Why the subject and the object cannot trade places: a pronoun after them that fits
    either (*Bats find insects in the dark because they listen for echoes*: after *Insects are
    found by bats*, *they* would read as the insects), which the source settles by the subject's
    place alone."""
    tokens = analysis.sentence.tokens
    obj = next((a for a in main.arguments if a.function == "obj"), None)
    if obj is None or subj.text.lower() in _PLURAL_PRONOUNS | _SINGULAR_PRONOUNS:
        return None
    number = noun_phrase(tokens, subj.head).number
    if noun_phrase(tokens, obj.head).number != number or not 0 <= obj.head < len(tokens):
        return None
    # the same kind (two people, two things): *the bank froze the account after it detected
    # fraud* leaves no doubt, an account detects nothing
    if _kind(analysis, tokens[subj.head]) != _kind(analysis, tokens[obj.head]):
        return None
    if number == "sg" and not (_person(tokens[subj.head]) and _person(tokens[obj.head])):
        return None  # *he* or *she* stands for a person: *told the jury that he ...*
    words = _PLURAL_PRONOUNS if number == "pl" else _SINGULAR_PRONOUNS
    pronoun = next(
        (t for t in tokens[obj.span[1] :] if t.text.lower() in words and t.tag.startswith("PRP")),
        None,
    )
    if pronoun is None:
        return None
    return (
        f"'{pronoun.text}' after the object may refer to the subject '{subj.text}' or to the "
        f"object '{obj.text}'; the subject's place settles it, and moving it would not"
    )


def _kind(analysis: Analysis, head: Token) -> bool:
    """Whether a noun names someone who acts (:func:`.agents.is_agent`, or a name of many:
    *the Lakers*), as against a thing."""
    return is_agent(analysis, head) or head.tag == "NNPS"


def _person(head: Token) -> bool:
    """Whether a noun is a common noun for one person (*the king*, not a group): a name is
    left out, since names tell *he* from *she* in ways Seam does not read (*Clinton picked up
    Connie when she ...*)."""
    return head.tag == "NN" and (head.lemma or head.text).lower() in english.person_nouns()


def _fronted_for_the_subject(analysis: Analysis, subj) -> str | None:
    """Why the subject cannot be moved or singled out after what opens the sentence: a
    participle phrase that describes the subject (*Born in Leeds, she trained ...*: before *it
    was she* it would describe *it*; *Having crossed the river, the regiment took the bridge*:
    before a passive it would describe *the bridge*), or a clause with a pronoun for it (*After
    she graduated, Priya joined ...*: with Priya singled out or moved into a by-phrase, *she*
    reads as someone else)."""
    tokens = analysis.sentence.tokens
    opening = [t for t in tokens[: subj.span[0]] if t.text not in (",", '"')]
    if not opening:
        return None
    lead = opening[0]
    if lead.dep in ("aux", "auxpass") and lead.tag == "VBG":  # *Having checked the wiring*
        lead = tokens[lead.head]
    if lead.tag in ("VBN", "VBG") and lead.dep in ("advcl", "acl", "ROOT", "amod"):
        return (
            f"the opening '{phrase(analysis, lead)}' describes the subject; before a cleft's "
            "'it is' or another subject it would describe that one"
        )
    if _verbless_opening(tokens, opening):
        said = analysis.sentence.span_text(opening[0].i, opening[-1].i + 1)
        return (
            f"the opening '{said}' has no subject of its own and describes "
            "the sentence's; before a cleft's 'it is' or another subject it would describe "
            "that one"
        )
    pronoun = next((t for t in opening if t.text.lower() in _SUBJECT_PRONOUNS), None)
    if pronoun is not None and subj.text.lower() not in _SUBJECT_PRONOUNS:
        return (
            f"'{pronoun.text}' in the opening refers to the subject '{subj.text}'; singled out "
            "or moved, the subject would read as someone else"
        )
    return None


_IMPERSONAL = english.read_lexicon("impersonal_openers")  # If necessary, Where possible ...


def _verbless_opening(tokens: Sequence[Token], opening: list[Token]) -> bool:
    """Whether what opens the sentence is a subordinator with no subject or finite verb after
    it (*If successful*, *Once dried*, *Although tired*, *When finished*) or an adjective
    phrase (*Tired and hungry*): a clause whose understood subject is the sentence's; not one
    of ``impersonal_openers.txt`` (*If necessary*)."""
    if len(opening) < 2 and not (opening and opening[0].tag == "JJ"):
        return False
    first, inside = opening[0], {t.i for t in opening}
    subordinator = first.dep == "mark" or (
        first.dep == "advmod"
        and first.head in inside
        and tokens[first.head].tag in ("VBN", "VBG", "JJ")
        and first.tag in ("WRB", "RB")
    )
    adjective = first.tag == "JJ" and first.dep == "advcl"
    if not (subordinator or adjective):
        return False
    if any(t.dep in ("nsubj", "nsubjpass", "expl") or t.tag in _FINITE for t in opening):
        return False
    return not any(t.text.lower() in _IMPERSONAL for t in opening[1:])


_FINITE = frozenset({"VBZ", "VBP", "VBD", "MD"})


def _phrase_before_verb(tokens, main: Frame, subj) -> Token | None:
    """A prepositional phrase the parse hangs on the verb that stands between the subject and
    the verb group (*Heavy rain in late May delayed the harvest*: 'in late May' may be the
    rain's), or None."""
    first = min(main.verb_group or (main.verb,))
    return next(
        (
            t
            for t in tokens[subj.span[1] : first]
            if t.head == main.verb and t.dep == "prep" and t.i == subj.span[1]
        ),
        None,
    )


def _comma_aside(tokens, start: int, end: int, head: int) -> Token | None:
    """The head of a phrase after a comma inside the span ``start:end`` that hangs on the
    phrase's ``head``, is no conjunct of a list and is not closed by a comma of its own inside
    the span (*your story, especially the twist*; not *the mill, the bakery and the pub*, *two
    elements, polonium and radium,*, nor *with a restless, almost violent energy*)."""
    for t in tokens[start + 1 : end - 1]:
        if t.text != ",":
            continue
        after = [x for x in tokens[t.i + 1 : end] if not t.i < x.head < end]
        closed = any(x.text == "," for x in tokens[t.i + 1 : end])  # *, polonium and radium,*
        if after and after[0].head == head and after[0].dep not in ("conj", "cc", "punct"):
            return None if closed else after[0]
    return None


_UNITS = english.read_lexicon("unit_nouns")

# Verbs of perception: *They were seen by me* reports an event, unlike *is known by me*.
_PERCEPTION = frozenset({"see", "hear", "notice", "watch"})

# Place prepositions other than the commonest (*in*, *on*, *at*, *by*), whose phrase after an
# object is as often the event's place as the noun's (*arrested a man outside the pharmacy*,
# *grew tomatoes against a wall*)
_PLACES = (english.LOCATIVE_PREPOSITIONS - {"in", "on", "at", "by", "over", "into", "onto"}) | {
    "against",
    "among",
    "between",
    "toward",
    "towards",
    "within",
}

# Prepositions whose phrase after an object is most often the verb's (a recipient, a source,
# a goal, a span of time): disclose information to third parties, buy it from a dealer.
_VERB_PREPOSITIONS = english.read_lexicon("verb_phrase_prepositions")
_FOR_VERBS = english.read_lexicon("for_verbs")  # *mistake the signs for laziness*
_WITH_VERBS = english.read_lexicon("with_verbs")  # *fill the gallery with energy*
_SMALL_CLAUSE = english.read_lexicon("small_clause_verbs")  # *wants everyone on deck*
_NAMING = english.read_lexicon("naming_verbs")  # *named the puppy Biscuit*


def _names_its_object(tokens, obj) -> bool:
    """Whether the parse may have folded a name or a description into the object: a quotation
    in it, a name or an apposition hung on its noun, a common word before a name, a *her*
    that may be the object itself. (A second phrase the parse sets apart stays in place:
    *called it the culmination of ...* becomes *It was called the culmination of ...*.)"""
    head = obj.head
    return (
        any(t.text in ('"', "“", "”") for t in tokens[obj.span[0] : obj.span[1] + 1])
        or any(
            t.head == head and t.i > head and t.dep in ("appos", "compound", "npadvmod")
            for t in tokens
        )
        or (0 <= head < len(tokens) and tokens[head].dep == "compound")
        # *named the puppy Biscuit*: a common word before a name, read as one noun
        or (
            0 <= head < len(tokens)
            and tokens[head].tag == "NNP"
            and any(
                t.head == head and t.dep == "compound" and not t.text[:1].isupper() for t in tokens
            )
        )
        # *elected her treasurer*: *her* read as a possessive
        or tokens[obj.span[0]].text.lower() == "her"
    )


_SUBJECT_ADVERBS = english.read_lexicon("subject_adverbs")


def subject_adverb_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why an adverb about the subject (``subject_adverbs.txt``: *Together we can ...*, *the
    board unanimously approved*) blocks an edit that moves the subject: a passive or a swap
    would make it describe the new subject, and an it-cleft would leave it before *it is*."""
    voice = plan.features.get("voice")
    moves = plan.swap or (voice is not None and voice != main.predicate.voice)
    cleft = plan.features.get("cleft") in ("SUBJ", "ARG0") and not moves
    if not (moves or cleft):
        return None
    tokens = analysis.sentence.tokens
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    if cleft and subj is not None and (gap := _phrase_before_verb(tokens, main, subj)):
        return (  # *It was heavy rain that in late May delayed ...*: the subject split
            f"the parse gives '{phrase(analysis, gap)}' to the verb, but it stands between the "
            "subject and the verb and may be the subject's; the cleft would split them"
        )
    if subj is not None and (moves or cleft) and (why := _fronted_for_the_subject(analysis, subj)):
        return why
    first = min(main.verb_group or (main.verb,))
    if (
        cleft
        and subj is not None
        and first - 1 >= subj.span[1]  # (a comma the subject's phrase holds moves with it)
        and tokens[first - 1].text == ","
    ):
        return (  # *A young man , without protective gear , is on a bicycle*
            f"a phrase set off by commas stands between the subject '{subj.text}' and its "
            "verb; the cleft's 'who' or 'that' would have to follow it"
        )
    for t in tokens:
        if t.text.lower() not in _SUBJECT_ADVERBS or not depends_on(tokens, t.i, main.verb):
            continue
        if t.head != main.verb or t.dep not in ("advmod", "npadvmod"):
            continue
        if cleft and (subj is None or t.i > subj.span[0]):
            continue  # *It is we who can bring them back together*: it stays with its verb
        return f"'{t.text}' says something about the subject; " + (
            "moved before the cleft's 'it is' it would stand apart from the focus"
            if cleft
            else "after the subject moves it would describe the new one"
        )
    return None


def _controlled(tokens, main: Frame) -> Token | None:
    """A phrase on the main verb whose *-ing* clause has the subject as its doer (*without
    paying a fee*, ``_CONTROLLING``; *won the match, beating St Mary's 3-1*), or None."""
    return next(
        (
            t
            for t in tokens
            if t.head == main.verb
            and (
                (
                    t.dep == "prep"
                    and t.text.lower() in _CONTROLLING
                    and any(x.head == t.i and x.dep == "pcomp" and x.tag == "VBG" for x in tokens)
                )
                or (
                    t.dep == "advcl"
                    and t.tag == "VBG"
                    and t.i > main.verb
                    and tokens[t.i - 1].text == ","
                    and not any(x.head == t.i and x.dep in ("nsubj", "mark") for x in tokens)
                )
            )
        ),
        None,
    )


def _moved_subject(
    analysis: Analysis, main: Frame, subj, plan: EditPlan, controlled: Token | None
) -> str | None:
    """Why the subject cannot leave its place: a phrase after it that stays behind
    (:func:`_left_behind`), a phrase whose doer it is (*took the bridge without losing a man*:
    the bridge would lose none: ``controlled``, :func:`_controlled`), a pronoun that fits it and
    the object alike."""
    if why := _left_behind(analysis, main, subj):
        return why
    if controlled is not None and (subj.text.lower() not in ("you", "one") or plan.swap):
        return (
            f"the phrase '{phrase(analysis, controlled)}' is understood with the subject "
            f"'{subj.text}' as its doer; with another subject it would tell of that one"
        )
    return _pronoun_of_either(analysis, main, subj)


def moved_phrase_refusal(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why an argument a voice change or swap moves is not a whole phrase the realizer can
    move: words of its head's phrase outside its span (*the Pixel | 8*), a measure (*30%*), or
    a generic *you* or *one* that a passive would make a *by*-phrase while a phrase after the
    verb still needs it as its subject (*can be canceled by you without paying a fee*)."""
    pred = main.predicate
    moves = plan.swap or (plan.features.get("voice") == "passive" and pred.voice == "active")
    if not moves:
        return None
    tokens = analysis.sentence.tokens
    for arg in main.arguments:
        if arg.function not in ("subj", "obj") or not 0 <= arg.head < len(tokens):
            continue
        start, end = arg.span
        outside = [
            t
            for t in tokens
            if not start <= t.i < end
            and t.dep not in ("punct", "cc")
            and depends_on(tokens, t.i, arg.head)
        ]
        if outside:
            return (
                f"the parse puts '{outside[0].text}' in the phrase of "
                f"'{tokens[arg.head].text}' but outside its words; the phrase cannot be moved "
                "whole"
            )
    obj = next((a for a in main.arguments if a.function == "obj"), None)
    after = tokens[obj.span[1]] if obj is not None and obj.span[1] < len(tokens) else None
    if (
        after is not None
        and after.head == main.verb
        and after.dep in ("ccomp", "xcomp", "oprd", "acomp")
        and after.tag in ("VBN", "JJ")
    ):
        return (
            f"'{after.text}' after the object says what becomes of it (a secondary "
            "predicate the parse gives the verb); moving the object would strand it"
        )
    if obj is not None and pred.lemma in _NAMING and _names_its_object(tokens, obj):
        return (
            f"'{pred.lemma}' takes its object and a name or a description of it; the parse "
            f"does not set the two apart in '{obj.text}', and moved they would stay together"
        )
    if after is not None and after.pos == "NUM" and after.head == main.verb:
        return (
            f"the parse attaches '{after.text}' after the object to the verb, not to the "
            "object; where it belongs is not clear enough to move the object"
        )
    if obj is not None and 0 <= obj.head < len(tokens):
        head = tokens[obj.head]
        counted = any(x.head == head.i and x.dep == "nummod" for x in tokens)
        unit = (head.lemma or head.text).lower() in _UNITS and counted
        if head.pos == "NUM" or head.text in ("%", "percent", "per cent") or unit:
            return f"the object '{obj.text}' is a measure, not a participant that can be promoted"
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    controlled = _controlled(tokens, main)
    if (
        subj is not None
        and moves
        and (why := _moved_subject(analysis, main, subj, plan, controlled))
    ):
        return why
    if plan.features.get("voice") != "passive" or subj is None:
        return None
    who = subj.text.lower()
    if who in ("you", "one") and controlled is not None:
        return (
            f"the subject '{subj.text}' is generic here and understood in the phrase after the "
            f"verb; its passive ('by {who}') would leave that phrase without it"
        )
    if who in ("you", "one") and (pred.modality or (pred.tense == "pres" and not pred.progressive)):
        return (  # *You must water the shrubs deeply*: advice to anyone, not an act of 'you'
            f"the subject '{subj.text}' speaks of anyone here (advice or a rule); a passive "
            f"would make it 'by {who}', which no one writes"
        )
    if (
        who in ("i", "we", "you")
        and pred.lemma in english.NO_PROGRESSIVE - _PERCEPTION
        and not measures_as_an_act(analysis, main)
    ):
        return (  # *I can't remember the last time ...*: *can't be remembered by me*
            f"'{pred.lemma}' states what '{subj.text}' knows, feels or holds; its passive with "
            f"'by {english.with_case(who, 'acc')}' is not what anyone writes"
        )
    return None


# The possessive a pronoun subject would be repeated by (*She washed her car*).
_POSSESSIVE = {
    "i": frozenset({"my"}),
    "we": frozenset({"our"}),
    "you": frozenset({"your"}),
    "he": frozenset({"his"}),
    "she": frozenset({"her"}),
    "it": frozenset({"its"}),
    "they": frozenset({"their"}),
}

_FORWARD = {
    "plural": frozenset({"their", "theirs", "them", "themselves"}),
    "person": frozenset({"his", "him", "himself", "her", "herself"}),
    "thing": frozenset({"its", "it", "itself"}),
}


def _pronoun_class(tokens, head: Token) -> str:
    """Which pronouns can refer to the noun phrase headed by ``head``: ``plural``, ``person``
    (a person noun, a name that is not an organization's or a place's) or ``thing``."""
    if head.tag in ("NNS", "NNPS") or any(t.head == head.i and t.dep == "conj" for t in tokens):
        return "plural"
    if head.lemma.lower() in english.person_nouns() or (
        head.tag == "NNP" and head.ent_type not in ("ORG", "GPE", "LOC", "FAC", "PRODUCT")
    ):
        return "person"
    return "thing"


def passive_order(analysis: Analysis, main: Frame, plan: EditPlan) -> str | None:
    """Why the passive would put words in an order that says something else: a pronoun in a
    phrase of the object or right after it that can refer to the subject but not to the object
    would come before the by-phrase that names it (*The printer stores 50 pages in its memory*:
    *50 pages are stored in its memory by the printer*; a pronoun of the object's own head opens
    the sentence, *Its stake was sold by the company*), and a subject that ends in a relative
    clause or a phrase of its own would take what follows the by-phrase (*by customers who
    upgrade early at no cost*)."""
    passive = plan.features.get("voice") == "passive" and main.predicate.voice == "active"
    if not passive or plan.swap:  # (a swap's odd *Its pies recalled the company* is a swap)
        return None
    tokens = analysis.sentence.tokens
    subj = next((a for a in main.arguments if a.function == "subj"), None)
    if subj is None or not 0 <= subj.head < len(tokens):
        return None
    head = tokens[subj.head]
    obj = next((a for a in main.arguments if a.function == "obj"), None)
    # the object's possessive read as the subject's: after a pronoun subject it repeats it
    # (*She washed her car*: *Her car was washed by her*); after a noun it would come before
    # the name it may refer to, and read as someone else's (*Her savings were moved into an
    # account by Sarah*)
    own = (
        _POSSESSIVE.get(head.text.lower(), frozenset())
        if head.tag == "PRP"
        else _FORWARD[_pronoun_class(tokens, head)]
    )
    if head.ent_type == "ORG" or head.tag == "NNPS":  # *Fenwick Foods ... its* or *their*
        own = own | _FORWARD["thing"] | _FORWARD["plural"]
    mine = next(
        (
            t
            for t in tokens
            if obj is not None and t.head == obj.head and t.dep == "poss" and t.text.lower() in own
        ),
        None,
    )
    if mine is not None:
        return (
            f"'{mine.text}' may refer to the subject '{subj.text}'; in the passive it would open "
            "the sentence before the by-phrase that names it"
        )
    purpose = next(
        (
            t
            for t in tokens
            if obj is not None
            and t.head == main.verb
            and t.i >= obj.span[1]
            and t.dep in ("advcl", "xcomp")
            and t.tag == "VB"
            and any(x.head == t.i and x.dep == "aux" and x.text.lower() == "to" for x in tokens)
        ),
        None,
    )
    if purpose is not None:  # *announced a partnership ... to automate its warehouses*
        return (
            f"'{phrase(analysis, purpose)}' says what the deed of '{subj.text}' is for; after "
            "the by-phrase of a passive it would read as the purpose of whoever is named last"
        )
    if head.tag == "PRP":
        return None  # *She keeps the keys ...*: a pronoun subject names no one new
    after = [t for t in tokens if t.i > main.verb and descends(tokens, t.i, main.verb)]
    if obj is None:
        return None  # no passive to make: the realizer says why
    negated = "neg" in (main.predicate.polarity, plan.features.get("polarity"))
    words = [tokens[i].text.lower() for i in range(*obj.span)]
    if negated and (
        any(w in english.NEGATIVE_POLARITY_ITEMS for w in words) or words[:2] == ["a", "single"]
    ):
        return (
            f"'{obj.text}' needs the negation before it; as the subject of the passive it would "
            "come first ('A single point has not been scored')"
        )
    # a phrase in or right after the object that the by-phrase may follow (*stored in its
    # memory by the printer*); a pronoun of the object's own head opens the sentence and is
    # read as any possessive is (*Its stake was sold by the company*)
    preps = [
        t
        for t in tokens
        if t.dep in ("prep", "dative")
        and (obj.span[0] <= t.i < obj.span[1] or (t.i == obj.span[1] and t.head == main.verb))
    ]
    ahead = {t.i for t in tokens for p in preps if descends(tokens, t.i, p.i)}
    # a pronoun that fits the object as well may be the object's, which comes first then
    forward = _FORWARD[_pronoun_class(tokens, head)]
    if 0 <= obj.head < len(tokens):
        forward = forward - _FORWARD[_pronoun_class(tokens, tokens[obj.head])]
    pronoun = next((t for t in after if t.i in ahead and t.text.lower() in forward), None)
    clause = next(
        (
            t
            for t in tokens[obj.span[0] : obj.span[1]]
            if t.dep in ("advcl", "mark") and not descends(tokens, obj.head, t.i)
        ),
        None,
    )
    if clause is not None:  # *changed the way people lived because factories ...*
        inner = tokens[clause.head] if clause.dep == "mark" else clause
        return (
            f"the parse puts '{phrase(analysis, inner)}' inside the object; it may be a clause "
            "of the main verb, which the passive would carry along"
        )
    if pronoun is not None:
        return (
            f"'{pronoun.text}' may refer to the subject '{subj.text}'; in the passive it could "
            "come before the by-phrase that names it"
        )
    start, end = subj.span
    modified = any(
        start <= t.i < end and t.head == head.i and t.dep in ("relcl", "acl", "prep")
        for t in tokens
    )
    trailing = [t for t in after if t.pos != "PUNCT"]
    beyond = [t for t in trailing if obj is None or t.i >= obj.span[1]]
    if modified and beyond:
        return (
            f"the subject '{subj.text}' ends in a phrase of its own; as a by-phrase it would "
            f"run into '{phrase(analysis, beyond[0])}', which could then read as part of it"
        )
    return None
