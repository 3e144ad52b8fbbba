"""Checks on a realization, the same for every backend and validator: whether it shows the
plan's change (:func:`shows_change`) and keeps everything the plan does not change
(:func:`keeps_source`: voice, tense, aspect, polarity, modality, force, the lexical verb, the
core arguments in their roles, and the order and place of every other word and punctuation
mark), judged by analyzing source and realization with the same analyzer; and the statement a
polar question inverts (:func:`declarative_of`)."""

from __future__ import annotations

import re

from .. import english
from ..ir import Analysis, Argument, Frame, Predicate
from ..transforms import EditPlan
from .clauses import agreement_of, finite_verb, place_with_verb, prepositional_object, punctuation
from .plan import CLAUSE_FEATURES, target_features

_AUX_START = re.compile(
    r"^(do|does|did|is|are|was|were|am|has|have|had|will|would|can|could|may|might|must|shall|should)"
    r"(n't)?\b",
    re.I,
)


# pronouns to their nominative (english.with_case's table), and any to some: some/any alternate
# with polarity (I bought some / did not buy any)
_PRONOUN_CASE = {**english.TO_NOMINATIVE, "any": "some"}


def shows_change(
    plan: EditPlan, text: str, derivation: str | None, analysis: Analysis | None
) -> str | None:
    """Why a realization does not show the plan's change, or None if it does (or cannot tell)."""
    f = plan.features
    if f.get("force") == "ques":
        if derivation:
            head = re.findall(r"\(\s*\d*\s*([\w-]+)", derivation)[:3]
            if "hd_yesno_c" not in head:
                return "not an inverted question"
        elif not _AUX_START.match(text.strip()):
            return "not an inverted question"
    if analysis is None or analysis.main_frame is None:
        return None
    got = analysis.main_frame.predicate
    checks = {
        "tense": lambda v: got.tense in (v, None) or got.modality is not None,
        "voice": lambda v: got.voice == v,
        "polarity": lambda v: got.polarity == v,
        "modality": lambda v: v is None or got.modality == v,
        "progressive": lambda v: got.progressive == v,
        "perfect": lambda v: got.perfect == v,
    }
    for feat, ok in checks.items():
        if feat in f and not ok(f[feat]):
            return f"{feat} is not {f[feat]}"
    return None


def _phrase(analysis: Analysis, arg: Argument) -> str:
    words = [
        t.text.lower()
        for t in analysis.sentence.tokens[arg.span[0] : arg.span[1]]
        if t.text.isalnum()
    ]
    if words and words[0] == "by" and arg.function == "agent":
        words = words[1:]
    return " ".join(_PRONOUN_CASE.get(w, w) for w in words)


def core_arguments(analysis: Analysis, frame: Frame) -> dict[str, str]:
    """ARG0-ARG2 of a frame as normalized phrases (agent *by* dropped, pronouns in the
    nominative)."""
    return {
        a.role: _phrase(analysis, a) for a in frame.arguments if a.role in ("ARG0", "ARG1", "ARG2")
    }


_CORE = ("ARG0", "ARG1", "ARG2")


def _skeleton(
    analysis: Analysis, frame: Frame, with_roles: bool, verb_slot: bool = True
) -> list[str]:
    """The sentence as the words outside the verb group and the core arguments, with each
    core argument as its role (``with_roles``) or left out; final punctuation dropped."""
    tokens = analysis.sentence.tokens
    spans = [(a.role, range(*a.span)) for a in frame.arguments if a.role in _CORE]
    group = set(frame.verb_group)
    out: list[str] = []
    for i, tok in enumerate(tokens):
        role = next((r for r, span in spans if i in span), None)
        if role is not None:
            if with_roles and (not out or out[-1] != role):
                out.append(role)
            continue
        if (
            i == frame.verb and verb_slot
        ):  # the lexical verb's place (auxiliaries, modals, negation come and go)
            out.append("V")
            continue
        word = tok.text.lower()
        if (
            i in group
            or tok.tag == "MD"
            or word in ("not", "n't")
            or tok.dep == "expl"
            or (word == "there" and i < 2)
        ):
            continue
        out.append(word)
    while out and out[-1] in (".", "?", "!"):
        out.pop()
    return out


def _voice_moves(skeleton: list[str], plan: EditPlan) -> list[str]:
    """The skeleton after a voice change: the promoted argument takes the subject's place and
    the agent (its by-phrase) the promoted argument's, or, if other core arguments follow
    that place, comes after the last of them (*Grandma gave the children some sweets* ->
    *The children were given some sweets by Grandma*)."""
    if plan.features["voice"] == "passive":
        subject, promoted = "ARG0", plan.features.get("promote", "ARG1")
    else:  # active: the agent comes back to the front
        subject, promoted = "ARG1", "ARG0"
    if subject not in skeleton or promoted not in skeleton:
        return skeleton
    out = list(skeleton)
    at = out.index(promoted)
    out[out.index(subject)] = promoted
    out[at] = None  # type: ignore[call-overload]
    after = [k for k in range(at + 1, len(out)) if out[k] in _CORE]
    out.insert((after[-1] + 1) if after else at, subject)
    return [w for w in out if w is not None]


def keeps_order(
    source: Analysis,
    plan: EditPlan,
    realization: Analysis,
    frame: Frame | None = None,
    got: Frame | None = None,
) -> str | None:
    """Why the words the plan does not touch are not as in the source, or None: adverbs,
    prepositional phrases and punctuation keep their order and their place among the core
    arguments (for a voice change, which moves the arguments, only their order). ``frame``
    and ``got``: the main frames as the caller reads them (default: the analyses')."""
    if plan.features.get("cleft") is not None:
        return None
    src_frame, got_frame = frame or source.main_frame, got or realization.main_frame
    if src_frame is None or got_frame is None:
        return None
    existential = any(
        t.dep == "expl" or t.text.lower() == "there" for t in source.sentence.tokens[:2]
    )
    roles = not existential  # the analyzer's roles of "there is" vary
    # a question inverts the verb when it is "be" (or an auxiliary): then only the order of the rest
    # counts
    verb = "force" not in plan.features and src_frame.predicate.lemma not in ("be", "have")
    want, have = (
        _skeleton(source, src_frame, roles, verb),
        _skeleton(realization, got_frame, roles, verb),
    )
    if roles and "voice" in plan.features and src_frame.predicate.voice != plan.features["voice"]:
        want = _voice_moves(want, plan)
        recipient = core_arguments(source, src_frame).get("ARG2")
        if recipient and "ARG2" not in have:  # "gave the children sweets" -> "... to the children"
            pattern = ["to", *recipient.split()]
            at = next((k for k in range(len(have)) if have[k : k + len(pattern)] == pattern), None)
            if at is not None:
                have = have[:at] + ["ARG2"] + have[at + len(pattern) :]
                agent = "ARG0" if plan.features["voice"] == "passive" else "ARG1"
                if agent in want and "V" in want:  # the by-phrase may come before the to-phrase
                    early = [w for w in want if w != agent]
                    early.insert(early.index("V") + 1, agent)
                    if have == early:
                        return None
    if (
        want != have
        and roles
        and plan.features.get("voice") == "passive"
        and _by_phrase_moved(want, have)
    ):
        return None  # the by-phrase after a place or goal phrase: *hung on the wall by her*
    if want != have:
        return f"words outside the edit changed ({' '.join(want)!r} -> {' '.join(have)!r})"
    return None


def _by_phrase_moved(want: list[str], have: list[str]) -> bool:
    """Whether ``have`` is ``want`` with the agent (``ARG0``, the by-phrase) further along after
    the verb: the rest in the same order."""
    if "ARG0" not in have or "V" not in have or "ARG0" not in want:
        return False
    return [w for w in want if w != "ARG0"] == [w for w in have if w != "ARG0"] and have.index(
        "ARG0"
    ) > have.index("V")


def _punctuation_changed(source: Analysis, plan: EditPlan, realization: Analysis) -> str | None:
    """A comma (or other mark) lost or added where the plan moves nothing."""
    if plan.swap or set(plan.features) & {"voice", "cleft", "shorten"}:
        return None
    lost = punctuation(source) - punctuation(realization)
    added = punctuation(realization) - punctuation(source)
    if not (lost or added):
        return None
    mark = next(iter(lost or added))
    return (
        f"the punctuation changed (a '{mark}' {'lost' if lost else 'added'}: a comma can change "
        "what a clause modifies)"
    )


def _features_changed(got: Predicate, target: Predicate) -> str | None:
    """A clause feature (or the it-cleft) that is not the planned target."""
    for feat in CLAUSE_FEATURES:
        if getattr(got, feat) != getattr(target, feat):
            return f"{feat} is {getattr(got, feat)}, expected {getattr(target, feat)}"
    if (got.cleft is None) != (target.cleft is None):
        return "the it-cleft is " + ("missing" if got.cleft is None else "not asked for")
    return None


def _frames_to_compare(
    source: Analysis, realization: Analysis, src_frame: Frame, got_frame: Frame, plan: EditPlan
) -> tuple[Frame, Frame]:
    """The two frames with the phrases that stay with the verb attached to it: a place phrase
    after the object under ``swap``; the verb's own phrase in the passive (hung on the wall,
    cured of ...); a prepositional object in the passive of an active source."""
    if plan.swap:
        src_frame, got_frame = (
            place_with_verb(source, src_frame),
            place_with_verb(realization, got_frame),
        )
    elif plan.features.get("voice") == "passive":
        lemma = src_frame.predicate.lemma
        src_frame = place_with_verb(source, src_frame, lemma)
        got_frame = place_with_verb(realization, got_frame, lemma)
    if plan.features.get("voice") == "passive" and src_frame.predicate.voice == "active":
        src_frame = prepositional_object(source, src_frame)
    return src_frame, got_frame


def _not_a_shortening(want: dict[str, str], have: dict[str, str], plan: EditPlan) -> str | None:
    """The shortened argument is meant to change, into a front part of itself (the head noun
    phrase): "The man, the grey coat" is not a shortening of "The man in the grey coat". Takes
    that argument out of ``want``."""
    role = plan.features.get("shorten")
    if not role:
        return None
    before, after = want.pop(role, None), have.get(role)
    if before and after:
        bw, aw = re.findall(r"[\w']+", before.lower()), re.findall(r"[\w']+", after.lower())
        if aw != bw[: len(aw)]:
            return f"{role} is {after!r}, not a front part of {before!r}"
    return None


def _argument_changed(
    want: dict[str, str], have: dict[str, str], plan: EditPlan, skip: set, promoted: str | None
) -> str | None:
    """A core argument whose phrase is not the one expected in its role."""
    for role, phrase in want.items():
        if role in skip or not phrase or role not in have:
            continue  # an argument the analyzer does not find in the realization cannot be judged
        if role == promoted and phrase.startswith("to ") and have[role] == phrase[3:]:
            continue  # the recipient of "giving a sample to a customer" becomes the subject
        if "voice" in plan.features and role == "ARG2" and have[role] == f"to {phrase}":
            continue  # "gave the children sweets" -> "sweets were given to the children"
        if have[role] != phrase:
            return f"{role} is {have[role]!r}, expected {phrase!r}"
    return None


def _agreement_changed(
    source: Analysis, realization: Analysis, src_frame: Frame, got_frame: Frame
) -> str | None:
    """The same subject, so the finite verb agrees with it as in the source ("A lot of people
    rely ..." is not "Does a lot of people rely ...?")."""
    before, after = finite_verb(source, src_frame), finite_verb(realization, got_frame)
    if before and after and not agreement_of(before) & agreement_of(after):
        return f"the verb agrees with another subject number ({before.text!r} -> {after.text!r})"
    return None


def keeps_source(source: Analysis, plan: EditPlan, realization: Analysis) -> str | None:
    """Why a realization changes something the plan does not ask for, or None.

    Source and realization must come from the same analyzer. Checked: every clause feature
    equals the planned target (so unplanned ones keep the source's value), the lexical verb,
    and each core argument's phrase in its role (swapped for ``swap``; the clefted focus is
    not compared, as the analyzer reads the relative pronoun there).
    """
    src_frame, got_frame = source.main_frame, realization.main_frame
    if src_frame is None:
        return None
    if got_frame is None:
        return "the realization has no main verb"
    target, reason = target_features(src_frame.predicate, plan)
    if reason:
        return reason
    got = got_frame.predicate
    if got.lemma != src_frame.predicate.lemma:
        return f"the verb changed ({src_frame.predicate.lemma} -> {got.lemma})"
    if why := _punctuation_changed(source, plan, realization) or _features_changed(got, target):
        return why
    src_frame, got_frame = _frames_to_compare(source, realization, src_frame, got_frame, plan)
    want = core_arguments(source, src_frame)
    if plan.swap and "ARG0" in want and "ARG1" in want:
        want["ARG0"], want["ARG1"] = want["ARG1"], want["ARG0"]
    have = core_arguments(realization, got_frame)
    if why := _not_a_shortening(want, have, plan):
        return why
    focus = target.cleft
    if focus == "SUBJ":
        focus = next((a.role for a in src_frame.arguments if a.function == "subj"), "ARG0")
    skip = {focus, got.cleft} if focus is not None else set()
    promoted = plan.features.get("promote") if plan.features.get("voice") == "passive" else None
    if why := _argument_changed(want, have, plan, skip, promoted):
        return why
    same_subject = not plan.swap and "voice" not in plan.features and target.cleft is None
    if (
        same_subject
        and src_frame.predicate.cleft is None
        and (why := _agreement_changed(source, realization, src_frame, got_frame))
    ):
        return why
    return keeps_order(source, plan, realization, src_frame, got_frame)


def declarative_of(question: str, source: Analysis) -> str | None:
    """The statement a polar question inverts, built with the source's subject: *Is a woman
    with sneakers sweeping out a shed?* -> *A woman with sneakers is sweeping out a shed.* A
    tagger often misreads the inverted form (the verb as a modifier of the subject); the
    statement is analyzed instead. The subject is the source's, or one of its core arguments
    (*Were the children given sweets by Grandma?*, a passive of *Grandma gave the children
    sweets.*). None where the question is not the first word, then such a phrase word for word,
    then the rest."""
    frame = source.main_frame
    subj = (
        next((a for a in frame.arguments if a.function == "subj"), None)
        if frame is not None
        else None
    )
    text = question.strip()
    if frame is None or subj is None or not text.endswith("?") or " " not in text:
        return None
    first, rest = text.split(" ", 1)
    if not first.isalpha() and "'" not in first:
        return None
    # the question's subject: the source's, or the core argument a passive in the plan promoted
    others = [a for a in frame.arguments if a is not subj and a.role in ("ARG0", "ARG1", "ARG2")]
    for arg in [subj, *others]:
        subject = source.sentence.span_text(*arg.span)
        tail = rest[len(subject) + 1 :].rstrip("?").rstrip()
        if rest.lower().startswith(subject.lower() + " ") and tail:
            return f"{subject[:1].upper()}{subject[1:]} {first.lower()} {tail}."
    return None
