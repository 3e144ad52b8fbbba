"""The argument layout: the source sentence seen as slots (subject, verb group, what follows the
verb), which clause a plan edits, and how voice changes and swaps move the core arguments
(the object becomes the subject and the subject a *by*-phrase, and back, with pronoun case)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .. import agreement, english
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
    target: dict
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
    return out


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


def unchanged_group(src: Predicate, target: dict, layout: Layout) -> bool:
    keys = ("tense", "progressive", "perfect", "voice", "modality", "polarity")
    same = all(src.features()[k] == target[k] for k in keys)
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
    tokens = analysis.sentence.tokens
    out = set()
    for t in tokens:
        if (
            t.dep == "conj"
            and t.head == frame.verb
            and t.tag in ("VBD", "VBZ", "VBP", "VB")
            and t.pos == "VERB"
        ):
            has_own = any(
                c.head == t.i and c.dep in ("aux", "auxpass", "nsubj", "nsubjpass") for c in tokens
            )
            if not has_own:
                out.add(t.i)
    return out


def _conjoined_participles(tokens: Sequence[Token], frame: Frame) -> set[int]:
    """Participles conjoined with the verb under its auxiliaries, sharing its subject (*is
    feeding her cat and reading a book*)."""
    return {
        t.i
        for t in tokens
        if t.dep == "conj"
        and t.head == frame.verb
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
}
_CLAUSE_DEPS = ("relcl", "ccomp", "advcl", "acl", "xcomp", "csubj", "parataxis", "conj")


def polarity_items(layout: Layout) -> dict[int, str]:
    """*some* -> *any* in what follows the verb when the clause becomes negative, *any* -> *some*
    when it becomes affirmative or a question becomes a statement (not inside a subordinate
    clause, nor where arguments move)."""
    src, target, frame = layout.frame.predicate, layout.target, layout.frame
    # a question licenses *any* as negation does: a statement made from one takes *some*
    to_statement = src.force == "ques" and target["force"] == "prop" and target["polarity"] == "pos"
    if (src.polarity == target["polarity"] and not to_statement) or layout.postverbal is not None:
        return {}
    table = (
        _NEGATIVE_POLARITY
        if target["polarity"] == "neg"
        else {v: k for k, v in _NEGATIVE_POLARITY.items()}
    )
    tokens = layout.analysis.sentence.tokens
    out: dict[int, str] = {}
    for tok in tokens:
        word = tok.text.lower()
        if (
            tok.i > frame.verb
            and word in table
            and _in_clause_of(tokens, tok.i, frame.verb)
            and not _licensed_locally(tokens, tok.i, frame.verb)
        ):
            out[tok.i] = table[word].capitalize() if tok.text[:1].isupper() else table[word]
    return out


_LOCAL_LICENSERS = frozenset({"without", "never", "hardly", "rarely", "seldom", "barely", "no"})


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


def unreliable_object(tokens: Sequence[Token], obj: Argument | None) -> str | None:
    """Why the parse of the object cannot be trusted for moving it, or None: an object headed by
    an adjective after a compound noun is a secondary predicate the parse did not separate
    (*painted the kitchen yellow*: *kitchen* compound, *yellow* object)."""
    if obj is None:
        return None
    head = tokens[obj.head]
    if _may_be_adjective(head) and any(
        t.head == head.i and t.dep == "compound" and t.pos in ("NOUN", "PROPN") for t in tokens
    ):
        return (
            f"the object '{obj.text}' ends in the adjective '{head.text}', a secondary predicate "
            "(resultative or depictive) that the parse does not separate from the object"
        )
    kids = [t for t in tokens if t.head == head.i and t.i != head.i]
    participle = next((t for t in kids if t.dep == "acl" and t.tag == "VBG" and t.i > head.i), None)
    if participle is not None and any(t.head == participle.i and t.dep == "dobj" for t in tokens):
        return (
            f"the participle '{participle.text}' after the object '{head.text}' may describe the subject "
            "(a caption's second participle), and moving the object would carry it along"
        )
    if (
        head.tag == "NN"
        and any((t.dep == "compound" and t.tag == "NNP") or t.tag == "PRP" for t in kids)
        and not any(t.dep in ("det", "poss", "nummod", "predet") for t in kids)
    ):
        return (
            f"the object '{obj.text}' is a name before a bare noun, likely an object and its predicate "
            f"(elected X {head.text}) that the parse does not separate"
        )
    return None


_SECONDARY_DEPS = ("oprd", "advcl", "advmod", "acomp", "ccomp", "xcomp")


def _without_time_phrase(tokens: Sequence[Token], obj: Argument) -> Argument:
    """The object without a time phrase at its very end (*new measures to curb inflation [on
    Tuesday]*): the parser hangs it inside the object, but it dates the verb, and it stays
    after the verb when the object moves."""
    from dataclasses import replace

    for pp in (
        t
        for t in tokens
        if t.dep == "prep"
        and obj.span[0] < t.i < obj.span[1]
        and t.head != t.i
        and t.text.lower() in _TIME_PREPOSITIONS
    ):
        end = _subtree_end(tokens, pp.i)
        if end != obj.span[1] - 1:
            continue
        noun = next((t for t in tokens if t.head == pp.i and t.dep == "pobj"), None)
        if noun is not None and (
            noun.ent_type in ("DATE", "TIME") or noun.text.lower() in _TIME_NOUNS
        ):
            return replace(
                obj,
                span=(obj.span[0], pp.i),
                text=" ".join(t.text for t in tokens[obj.span[0] : pp.i]),
            )
    return obj


def _without_verb_phrase(tokens: Sequence[Token], agent: Argument) -> Argument:
    """The by-phrase without a phrase at its end that modifies the verb, not the agent: a time
    phrase (*on Monday*, *during the night*) or one about the subject (*bitten by a dog on his
    morning round*: a possessive pronoun). The parser hangs such phrases on the agent's noun;
    in the active they stay after the verb."""
    from dataclasses import replace

    noun = next((t for t in tokens if t.head == agent.head and t.dep == "pobj"), None)
    if noun is None:
        return agent
    for pp in (
        t for t in tokens if t.head == noun.i and t.dep == "prep" and noun.i < t.i < agent.span[1]
    ):
        inner = [t for t in tokens if english.descends(tokens, t.i, pp.i) and t.i != pp.i]
        obj = next((t for t in inner if t.head == pp.i and t.dep == "pobj"), None)
        if obj is None or pp.text.lower() == "of":
            continue
        temporal = (
            obj.ent_type in ("DATE", "TIME")
            or obj.text.lower() in _TIME_NOUNS
            or pp.text.lower() in ("during", "before", "after", "since", "until")
        )
        possessive = any(t.tag == "PRP$" for t in inner)
        if temporal or possessive:
            return replace(
                agent,
                span=(agent.span[0], pp.i),
                text=" ".join(t.text for t in tokens[agent.span[0] : pp.i]),
            )
    return agent


def secondary_predicate_end(
    tokens: Sequence[Token], frame: Frame, obj: Argument | None
) -> int | None:
    """The last token of a secondary predicate right after the object (*painted the fence
    white*, *elected him president*), or None: a passive's by-phrase follows it."""
    if obj is None or obj.span[1] >= len(tokens):
        return None
    first = tokens[obj.span[1]]
    if first.head == frame.verb and (
        first.dep == "oprd" or (first.dep in _SECONDARY_DEPS and first.tag.startswith("JJ"))
    ):
        return first.i
    if (
        first.dep == "det"
        and tokens[first.head].dep == "oprd"
        and tokens[first.head].head == frame.verb
    ):
        return _subtree_end(tokens, first.head)  # called him a liar; called it the end of an era
    return None


# Prepositions that head a verb's place or goal complement right after its object (*hang the
# painting on the wall*, *carry passengers across the bay*): a passive's by-phrase follows it.
COMPLEMENT_PREPOSITIONS = frozenset(
    {
        "to",
        "into",
        "onto",
        "on",
        "in",
        "at",
        "across",
        "through",
        "over",
        "under",
        "from",
        "off",
        "toward",
        "towards",
        "against",
        "inside",
        "out",
    }
)


def complement_pp_end(tokens: Sequence[Token], frame: Frame, obj: Argument | None) -> int | None:
    """The last token of a place or goal phrase of the verb right after its object, or None: a
    passive's by-phrase goes after it (*The painting was hung on the wall by her*). Time phrases
    (*on Monday*) are adjuncts and are left alone."""
    if obj is None or obj.span[1] >= len(tokens):
        return None
    first = tokens[obj.span[1]]
    if (
        first.dep == "prep"
        and first.text.lower() == "of"
        and frame.predicate.lemma in english.OF_COMPLEMENT_VERBS
    ):
        return _subtree_end(tokens, first.i)  # cured of their fear by ...
    if first.dep not in ("prep", "dative") or first.text.lower() not in COMPLEMENT_PREPOSITIONS:
        return None
    placement = frame.predicate.lemma in english.placement_verbs()
    if not placement and (first.head != frame.verb or first.text.lower() not in _GOAL_PREPOSITIONS):
        return None  # a place phrase of another verb may modify the object (bought the house on the hill)
    if first.head not in (frame.verb, obj.head):
        return None
    pobj = next((t for t in tokens if t.head == first.i and t.dep == "pobj"), None)
    if pobj is None or pobj.ent_type in ("DATE", "TIME") or pobj.text.lower() in _TIME_NOUNS:
        return None
    end = _subtree_end(tokens, first.i)
    if any(
        t.text in (",", ";", "(") or t.pos in ("VERB", "AUX") for t in tokens[first.i : end + 1]
    ):
        return (
            None  # a long phrase with its own clause or apposition: the by-phrase stays before it
        )
    return end


_TIME_PREPOSITIONS = frozenset(
    {"on", "in", "at", "during", "before", "after", "since", "until", "throughout"}
)
_GOAL_PREPOSITIONS = frozenset(
    {"to", "into", "onto", "across", "through", "toward", "towards", "off"}
)
_TIME_NOUNS = frozenset(
    {
        "morning",
        "afternoon",
        "evening",
        "night",
        "day",
        "week",
        "month",
        "year",
        "time",
        "weekend",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "summer",
        "winter",
        "spring",
        "autumn",
        "moment",
        "past",
        "future",
    }
)


def _subtree_end(tokens: Sequence[Token], head: int) -> int:
    """The last token of ``head``'s subtree (the parse's phrase headed there)."""
    end = head
    for t in tokens:
        if t.i > end and english.descends(tokens, t.i, head):
            end = t.i
    return end


def _may_be_adjective(tok: Token) -> bool:
    """Tagged an adjective, or a noun-tagged word from the secondary-predicate lexicon (*red*)."""
    return tok.tag.startswith("JJ") or tok.text.lower() in english.result_adjectives()


def _recipient_passive(
    layout: Layout, subj: Argument, obj: Argument | None, iobj: Argument | None, promote: str | None
) -> str | None:
    """The passive of a verb with a recipient: ``passive(ARG2)`` promotes the recipient (*The
    children were given some sweets by Grandma.*, also from *to a customer*); plain ``passive``
    promotes the theme and the recipient follows as a *to*-phrase (*Some sweets were given to
    the children by Grandma.*)."""
    frame, tokens = layout.frame, layout.analysis.sentence.tokens
    recipient = (
        iobj
        if iobj is not None
        else next(
            (
                a
                for a in frame.arguments
                if a.role == promote
                and a.function == "pp"
                and tokens[a.span[0]].text.lower() == "to"
            ),
            None,
        )
    )
    if recipient is None:
        return f"passive({promote}): the verb has no recipient '{promote}' to promote"
    if obj is None:
        return "passive: the verb has no theme object"
    start = recipient.span[0] + (1 if recipient.function == "pp" else 0)
    rec_items, theme_items = (
        items_of(tokens, (start, recipient.span[1]), "arg1"),
        items_of(tokens, obj.span, "obj"),
    )
    agent = [Item("by", None, "agent")] + [
        Item(i.text, i.src, "agent") for i in recase(items_of(tokens, subj.span, "arg0"), "acc")
    ]
    layout.removed.update(range(*subj.span))
    layout.removed.update(range(*recipient.span))
    if promote == "ARG2":  # the recipient becomes the subject; the theme stays after the verb
        layout.subject, layout.subject_role = recase(rec_items, "nom"), "ARG2"
        layout.postverbal, layout.postverbal_role, layout.postverbal_slot = agent, "ARG0", "agent"
        layout.postverbal_at = obj.span[1] - 1
        after = tokens[obj.span[1]] if obj.span[1] < len(tokens) else None
        if (
            after is not None
            and after.dep == "prep"
            and after.head == frame.verb
            and after.text.lower() in ("for", "of", "about", "with", "from")
        ):
            layout.postverbal_at = _subtree_end(
                tokens, after.i
            )  # sent a voucher [for their next flight] by ...
    else:  # a double-object verb's plain passive (a to-phrase recipient takes the ordinary one)
        layout.removed.update(range(*obj.span))
        layout.subject, layout.subject_role = recase(theme_items, "nom"), "ARG1"
        to = [Item("to", None, "obj")] + [
            Item(i.text, i.src, "obj") for i in recase(rec_items, "acc")
        ]
        layout.postverbal, layout.postverbal_role, layout.postverbal_slot = (
            to + agent,
            "ARG0",
            "agent",
        )
    for it in layout.subject:
        it.slot = "subj"
    head = (
        recipient.head
        if promote == "ARG2" and recipient.function != "pp"
        else (
            next(
                (t.i for t in tokens if t.head == recipient.head and t.dep == "pobj"),
                recipient.head,
            )
            if promote == "ARG2"
            else obj.head
        )
    )
    layout.agreement = agreement.noun_phrase(tokens, head, [it.text for it in layout.subject])
    return None


def _keep_subject(layout: Layout, subj: Argument | None) -> None:
    """Lay out a clause whose voice and argument order stay as they are."""
    if subj is not None:
        layout.subject = items_of(layout.analysis.sentence.tokens, subj.span, "subj")
        layout.subject_role = subj.role
        layout.removed.update(range(*subj.span))
    layout.agreement = agreement.clause_subject(layout.analysis, layout.frame)


def _active_to_passive(layout: Layout, plan: EditPlan) -> bool:
    """Whether the plan writes the plain passive of an active clause (no swap)."""
    return (
        layout.frame.predicate.voice == "active"
        and layout.target["voice"] == "passive"
        and not plan.swap
    )


def _refusal(
    layout: Layout,
    plan: EditPlan,
    subj: Argument | None,
    obj: Argument | None,
    iobj: Argument | None,
) -> str | None:
    """Why the clause's core arguments cannot be moved as the plan asks, or None."""
    frame, tokens = layout.frame, layout.analysis.sentence.tokens
    src = frame.predicate
    verb = tokens[frame.verb].text
    if src.lemma == "be" and not src.voice == "passive":
        return "copular 'be' has no object to promote or swap"
    if subj is None:
        if src.force == "ques":
            return (
                f"the parse finds no subject for '{verb}' in the question, so its arguments "
                "cannot be moved"
            )
        return f"the main verb '{verb}' has no subject to move"
    clause = next((a for a in frame.arguments if a.function == "comp" and a.role == "ARG1"), None)
    if (
        obj is None
        and clause is not None
        and not plan.swap
        and src.voice == "active"
        and (english.prepositional_object(tokens, frame) is None)
    ):
        return (
            f"the main verb '{verb}' takes a clause ('{clause.text}'), not a noun phrase, as its "
            "object; passive and swap edit the main clause only"
        )
    shared = conjoined_verbs(layout.analysis, frame) | _conjoined_participles(tokens, frame)
    if shared:
        word = tokens[min(shared)].text
        return f"the subject is shared with the conjoined verb '{word}'; moving it would change that verb's subject too"
    if why := unreliable_object(tokens, obj):
        return why
    if iobj is not None and not _active_to_passive(layout, plan):
        return f"double-object verb (indirect object '{iobj.text}'): only its passive is written, not {'swap' if plan.swap else 'an active'}"
    return None


def _moved_object(layout: Layout, plan: EditPlan, obj: Argument | None) -> Argument | None:
    """The active object without the phrases that stay with the verb when it moves."""
    tokens, src = layout.analysis.sentence.tokens, layout.frame.predicate
    if obj is None or src.voice != "active":
        return obj
    # announced new measures ... [on Tuesday]: the verb's
    obj = _without_time_phrase(tokens, obj)
    if plan.swap:
        return english.without_place_phrase(tokens, obj)  # the PP stays with the verb
    # hung [on the wall]; cured [of their fear]
    return english.verb_complement_cut(tokens, obj, src.lemma)


def _core_roles(
    layout: Layout, subj: Argument, obj: Argument | None, agent: Argument | None
) -> tuple[Argument | None, Argument | None, Argument | None]:
    """(ARG0, ARG1, agent) of the source clause; an agent that becomes the subject loses a
    trailing phrase of the verb."""
    if layout.frame.predicate.voice == "active":
        return subj, obj, agent
    if agent is not None and layout.target["voice"] == "active":
        # bitten by a dog [on his round]
        agent = _without_verb_phrase(layout.analysis.sentence.tokens, agent)
    return agent, subj, agent


def _stranded_preposition(tokens: Sequence[Token], verb: int) -> int | None:
    """A preposition or particle right after the verb with nothing of its own (*laughed at*)."""
    return next(
        (
            t.i
            for t in tokens
            if t.head == verb
            and t.dep in ("prep", "prt")
            and t.i == verb + 1
            and not any(g.head == t.i for g in tokens)
        ),
        None,
    )


def _arrange_active(
    layout: Layout, plan: EditPlan, p0: list[Item] | None, p1: list[Item] | None
) -> str | None:
    """Make ARG0 the subject and ARG1 the object of an active target; a reason if impossible."""
    if p0 is None:
        return "an agentless passive has no agent to make the subject of an active sentence"
    layout.subject, layout.subject_role = recase(p0, "nom"), "ARG0"
    if p1 is None:
        return None
    layout.postverbal, layout.postverbal_role, layout.postverbal_slot = (
        recase(p1, "acc"),
        "ARG1",
        "obj",
    )
    tokens, frame = layout.analysis.sentence.tokens, layout.frame
    stranded = _stranded_preposition(tokens, frame.verb)
    if stranded is not None and frame.predicate.voice == "passive" and not plan.swap:
        layout.postverbal_at = stranded  # She was laughed at -> They laughed at her
    return None


def _by_phrase_at(tokens: Sequence[Token], frame: Frame, obj: Argument | None) -> int | None:
    """The source token a passive's by-phrase follows when not the verb: the end of a
    secondary predicate, a complement phrase or an adverb particle after the object."""
    if (end := secondary_predicate_end(tokens, frame, obj)) is not None:
        return end  # painted white by them
    if (end := complement_pp_end(tokens, frame, obj)) is not None:
        return end  # hung on the wall by her
    if (
        obj is not None
        and obj.span[1] < len(tokens)
        and tokens[obj.span[1]].head == frame.verb
        and tokens[obj.span[1]].dep in ("advmod", "prt")
        and tokens[obj.span[1]].text.lower() in english.ADVERB_PARTICLES
    ):
        return obj.span[1]  # threw the letters away -> were thrown away by her
    return None


def _arrange_passive(
    layout: Layout, obj: Argument | None, p0: list[Item] | None, p1: list[Item] | None
) -> str | None:
    """Make ARG1 the subject and ARG0 a by-phrase of a passive target; a reason if impossible."""
    if p1 is None:
        return "no direct object to promote: passive needs a transitive verb with an object"
    if layout.postverbal_at is None:
        layout.postverbal_at = _by_phrase_at(layout.analysis.sentence.tokens, layout.frame, obj)
    layout.subject, layout.subject_role = recase(p1, "nom"), "ARG1"
    if p0 is not None:
        layout.postverbal = [Item("by", None, "agent")] + [
            Item(i.text, i.src, "agent") for i in recase(p0, "acc")
        ]
        layout.postverbal_role, layout.postverbal_slot = "ARG0", "agent"
    return None


def _settle_subject(layout: Layout, obj: Argument | None) -> None:
    """Mark the new subject's items and take the verb's agreement from its head."""
    for it in layout.subject:
        it.slot = "subj"
    head_src = phrase_head(layout.analysis, layout.frame, layout.subject)
    if head_src is None and obj is not None and layout.subject_role == "ARG1":
        head_src = obj.head  # a prepositional object, which is not among the frame's arguments
    layout.agreement = agreement.noun_phrase(
        layout.analysis.sentence.tokens, head_src, [it.text for it in layout.subject]
    )


def arrange(layout: Layout, plan: EditPlan) -> str | None:
    """Decide who is subject and what follows the verb; return a reason if impossible."""
    frame, target, tokens = layout.frame, layout.target, layout.analysis.sentence.tokens
    src = frame.predicate
    subj, obj, agent = (by_function(frame, f) for f in ("subj", "obj", "agent"))
    if target["voice"] == src.voice and not plan.swap:
        _keep_subject(layout, subj)
        return None
    iobj = by_function(frame, "iobj")
    if why := _refusal(layout, plan, subj, obj, iobj):
        return why
    promote = plan.features.get("promote")
    if (iobj is not None or promote not in (None, "ARG1")) and _active_to_passive(layout, plan):
        return _recipient_passive(layout, subj, obj, iobj, promote)
    obj = _moved_object(layout, plan, obj)
    if obj is None and _active_to_passive(layout, plan):
        if (found := english.prepositional_object(tokens, frame)) is not None:
            prep, obj = found
            layout.postverbal_at = prep  # the joke was laughed at [by everyone]
    arg0, arg1, agent = _core_roles(layout, subj, obj, agent)
    p0 = (
        items_of(
            tokens, (arg0.span[0] + (1 if arg0.function == "agent" else 0), arg0.span[1]), "arg0"
        )
        if arg0
        else None
    )  # a by-phrase without its *by*
    p1 = items_of(tokens, arg1.span, "arg1") if arg1 else None
    if plan.swap:
        if p0 is None or p1 is None:
            return f"swap needs both a subject and an object, and '{tokens[frame.verb].text}' has only one of them here"
        p0, p1 = p1, p0
    # Mia was sent [a letter]: it stays after the verb
    retained = obj if src.voice == "passive" else None
    for a in (subj, obj, agent):
        if a is not None and a is not retained:
            layout.removed.update(range(*a.span))
    if target["voice"] == "active":
        why = _arrange_active(layout, plan, p0, p1)
    else:
        why = _arrange_passive(layout, obj, p0, p1)
    if why:
        return why
    _settle_subject(layout, obj)
    return None
