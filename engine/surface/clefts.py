"""It-clefts on the surface layout: *It is X who/that ...*, *who* for people and *that*
otherwise; fronted adverbials stay before *it*; a focused pronoun takes nominative or
accusative case."""

from __future__ import annotations

from .. import english
from .layout import Item, Layout, Options, items_of
from .orthography import PUNCT_END


def resolve_cleft(role: str | None, layout: Layout) -> str | None:
    if role == "SUBJ":
        return layout.subject_role
    return role


def focus_is_person(layout: Layout, role: str) -> bool:
    tokens = layout.analysis.sentence.tokens
    if role == layout.subject_role:
        phrase = layout.subject or []
    elif role == layout.postverbal_role:
        phrase = [it for it in layout.postverbal or [] if it.text != "by" or it.src is not None]
    else:
        arg = layout.frame.argument(role)
        phrase = items_of(tokens, arg.span, "x") if arg else []
    words = [it.text.lower() for it in phrase]
    if len(words) == 1 and english.is_personal_pronoun(words[0]):
        return True
    persons = english.person_nouns()
    srcs = [it.src for it in phrase if it.src is not None]
    if any(tokens[s].ent_type == "PERSON" for s in srcs):
        return True
    return any(w in persons for w in words)


def cleft_slot(layout: Layout, role: str) -> tuple[str, tuple[int, int] | None] | None:
    """Where the focus of ``cleft(role)`` is: (slot, source span to mark) or None."""
    if role == layout.subject_role:
        return "subj", None
    if role == layout.postverbal_role and layout.postverbal:
        return layout.postverbal_slot, None
    if layout.postverbal is None:
        arg = layout.frame.argument(role)
        if arg is not None and arg.function == "obj":
            return "obj", arg.span
        if arg is not None and arg.function in ("pp", "attr", "agent"):
            return "arg:" + role, arg.span
    return None


def cleft(items: list[Item], role: str, layout: Layout, options: Options,
           question: bool) -> list[Item] | None:
    found = cleft_slot(layout, role)
    if found is None:
        return None
    slot, span = found
    if span is not None:
        for it in items:
            if it.src is not None and span[0] <= it.src < span[1]:
                it.slot = slot
    focus = [it for it in items if it.slot == slot]
    if not focus:
        return None
    if len(focus) == 1 and english.is_personal_pronoun(focus[0].text):
        case = options.focus_case if slot == "subj" else "acc"
        focus = [Item(english.with_case(focus[0].text, case), None, slot)]
    rest = [it for it in items if it.slot != slot]
    final = [rest.pop()] if rest and rest[-1].text in PUNCT_END else []
    # Material before the subject (fronted adverbials) stays in front of "it".
    subj_pos = next((k for k, it in enumerate(rest) if it.slot in ("subj", "op")), None)
    if slot == "subj":
        subj_pos = next((k for k, it in enumerate(items) if it.slot == "subj"), 0)
        prefix = [it for it in items[:subj_pos] if it.slot not in ("vg",)]
        prefix = [it for it in prefix if it in rest]
    else:
        prefix = rest[:subj_pos] if subj_pos else []
    body = [it for it in rest if it not in prefix]
    copula = "was" if layout.target["tense"] == "past" and not layout.target.get("modality") else "is"
    head = [Item(copula, None, "cleft"), Item("it", None, "cleft")] if question else [
        Item("it", None, "cleft"), Item(copula, None, "cleft")]
    return prefix + head + focus + [Item(options.relative, None, "cleft")] + body + final
