"""Voice changes and swaps on the argument layout (:func:`arrange`): the object becomes the
subject and the subject a *by*-phrase, and back, with pronoun case; the recipient passive
(*The children were given sweets*); and the refusals where the parse cannot be trusted to move
the arguments."""

from __future__ import annotations

from collections.abc import Sequence

from .. import agreement, english
from ..ir import Argument, Frame, Token
from ..transforms import EditPlan
from .layout import (
    Item,
    Layout,
    by_function,
    conjoined_participles,
    conjoined_verbs,
    items_of,
    phrase_head,
    recase,
)
from .phrases import (
    complement_pp_end,
    secondary_predicate_end,
    subtree_end,
    unreliable_object,
    without_time_phrase,
    without_verb_phrase,
)


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
            layout.postverbal_at = subtree_end(
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
        and layout.target.voice == "passive"
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
    shared = conjoined_verbs(layout.analysis, frame) | conjoined_participles(tokens, frame)
    if shared:
        word = tokens[min(shared)].text
        return (
            f"the subject is shared with the conjoined verb '{word}'; moving it would change "
            "that verb's subject too"
        )
    if why := unreliable_object(tokens, obj):
        return why
    if iobj is not None and not _active_to_passive(layout, plan):
        return (
            f"double-object verb (indirect object '{iobj.text}'): only its passive is written, "
            f"not {'swap' if plan.swap else 'an active'}"
        )
    return None


def _moved_object(layout: Layout, plan: EditPlan, obj: Argument | None) -> Argument | None:
    """The active object without the phrases that stay with the verb when it moves."""
    tokens, src = layout.analysis.sentence.tokens, layout.frame.predicate
    if obj is None or src.voice != "active":
        return obj
    # announced new measures ... [on Tuesday]: the verb's
    obj = without_time_phrase(tokens, obj)
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
    if agent is not None and layout.target.voice == "active":
        # bitten by a dog [on his round]
        agent = without_verb_phrase(layout.analysis.sentence.tokens, agent)
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
        and tokens[obj.span[1]].dep in ("advmod", "prt", "npadvmod")
        and tokens[obj.span[1]].text.lower() in english.ADVERB_PARTICLES | english.ADVERB_PLACES
    ):
        return obj.span[1]  # threw the letters away -> were thrown away by her; sent home
    after = obj.span[1] if obj is not None else frame.verb + 1
    if (
        after < len(tokens)
        and tokens[after].dep in ("prep", "dative")
        and tokens[after].head == frame.verb
        and any(t.head == after and t.dep == "pobj" and t.tag == "PRP" for t in tokens)
    ):
        # ruined the app for me -> was ruined for me by the update (not: by the update for me)
        return subtree_end(tokens, after)
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
    if target.voice == src.voice and not plan.swap:
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
            return (
                f"swap needs both a subject and an object, and '{tokens[frame.verb].text}' has "
                "only one of them here"
            )
        p0, p1 = p1, p0
    # Mia was sent [a letter]: it stays after the verb
    retained = obj if src.voice == "passive" else None
    for a in (subj, obj, agent):
        if a is not None and a is not retained:
            layout.removed.update(range(*a.span))
    if target.voice == "active":
        why = _arrange_active(layout, plan, p0, p1)
    else:
        why = _arrange_passive(layout, obj, p0, p1)
    if why:
        return why
    _settle_subject(layout, obj)
    return None
