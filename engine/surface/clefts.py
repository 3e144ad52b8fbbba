"""It-clefts on the surface layout: *It is X who/that ...*, *who* for people and *that*
otherwise; fronted adverbials stay before *it*; a focused pronoun takes nominative or
accusative case. :func:`uncleft` undoes one."""

from __future__ import annotations

import re

from .. import english
from ..captions import children
from .layout import Item, Layout, Options, items_of
from .orthography import PUNCT_END, ptb_spacing


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
    if not srcs:
        return any(w in persons for w in words)
    # the phrase's heads decide, never a name or noun inside its modifiers (*the letter that
    # Anna found*): the words whose head lies outside the phrase, and their conjuncts
    inside = set(srcs)
    heads = [s for s in srcs if tokens[s].head == s or tokens[s].head not in inside]
    heads += [s for s in srcs if tokens[s].dep == "conj" and tokens[s].head in heads]
    if any(tokens[h].lemma.lower() in _PERSON_OR_THING for h in heads):
        return False  # *our coach* may be a bus: 'that' fits either
    return any(
        tokens[h].ent_type == "PERSON"
        or english.is_personal_pronoun(tokens[h].text.lower())
        or tokens[h].text.lower() in persons
        or tokens[h].lemma.lower() in persons
        for h in heads
    )


def _focus_tokens(layout: Layout, role: str) -> list[int]:
    """The source tokens of the phrase a cleft of ``role`` focuses."""
    tokens = layout.analysis.sentence.tokens
    if role == layout.subject_role:
        phrase = layout.subject or []
    else:
        arg = layout.frame.argument(role)
        phrase = items_of(tokens, arg.span, "x") if arg else []
    return [it.src for it in phrase if it.src is not None]


def comma_clause_in_focus(layout: Layout, role: str) -> str | None:
    """Why the focus cannot be clefted, or None: it ends in a clause set off by a comma (a
    non-restrictive relative, *no symptoms, which is why ...*, or an appended remark), which
    comments on the whole sentence and cannot move inside *It is X that ...*."""
    tokens = layout.analysis.sentence.tokens
    srcs = _focus_tokens(layout, role)
    for k, s in enumerate(srcs[:-1]):
        if tokens[s].text == "," and any(tokens[t].pos in ("VERB", "AUX") for t in srcs[k + 1 :]):
            rest = " ".join(tokens[t].text for t in srcs[k + 1 :])
            return (
                f"the focus holds a clause set off by a comma (', {rest}'), which cannot move "
                "into the focus"
            )
    return None


def bare_noun_focus(layout: Layout, role: str) -> str | None:
    """Why the focus cannot be clefted, or None: a bare singular count noun, the headline style
    of captions (*Man looking at ...*: *It is man who ...* is not English), a quantifier pronoun,
    or a demonstrative pronoun (*That's the third time ...*: *It is that that's ...*)."""
    tokens = layout.analysis.sentence.tokens
    srcs = _focus_tokens(layout, role)
    head = next(
        (
            s
            for s in srcs
            if tokens[s].text.lower() in _QUANTIFIER_PRONOUNS and tokens[s].dep != "det"
        ),
        None,
    )  # (*each*, *all* before a noun are its determiners: *Each candidate*)
    if head is not None and head == srcs[0]:
        srcs = [head]  # *everyone in the village*: the quantifier pronoun heads the focus
    if len(srcs) == 1 and tokens[srcs[0]].text.lower() in _QUANTIFIER_PRONOUNS | _QUANTIFIERS:
        word = tokens[srcs[0]].text.lower()
        who = "who" if word.endswith(("one", "body")) else "that"
        return (
            f"the focus '{tokens[srcs[0]].text}' is a quantifier pronoun; 'It is {word} {who} "
            "...' states an exhaustive focus that the sentence does not"
        )
    if len(srcs) == 1 and tokens[srcs[0]].text.lower() in ("this", "that", "these", "those"):
        return (
            f"the focus '{tokens[srcs[0]].text}' is a demonstrative pronoun pointing back in the "
            f"text; 'It is {tokens[srcs[0]].text.lower()} that ...' does not focus it"
        )
    first = tokens[srcs[0]].text.lower() if srcs else ""
    if len(srcs) > 1 and first in _QUANTIFIERS and tokens[srcs[0]].dep != "compound":
        return (  # *Most herbs prefer poor soil*: *It is most herbs that ...*
            f"the focus '{' '.join(tokens[s].text for s in srcs)}' is quantified ('{first}'); "
            "'It is ... that' would state an exhaustive focus the sentence does not"
        )
    main = layout.analysis.main_frame
    pred = main.predicate if main is not None else None
    if (
        len(srcs) == 1
        and first in ("you", "one")
        and pred is not None
        and (pred.modality or (pred.tense == "pres" and not pred.progressive))
    ):
        return (  # *You must water the shrubs*: advice to anyone, not to one person
            f"the focus '{tokens[srcs[0]].text}' speaks of anyone here (advice or a rule); "
            f"'It is {first} who ...' would single out one person"
        )
    if len(srcs) == 1 and tokens[srcs[0]].tag == "NN" and first not in _KINSHIP_NAMES:
        return (
            f"the focus '{tokens[srcs[0]].text}' is a bare singular noun (headline style); "
            f"'It is {tokens[srcs[0]].text.lower()} who/that ...' is not English"
        )
    return None


# Determiners that quantify a focus: *It is most herbs that ...* is not the sentence's claim.
_QUANTIFIERS = english.read_lexicon("focus_quantifiers")
_KINSHIP_NAMES = english.read_lexicon("kinship_names")
_PERSON_OR_THING = english.read_lexicon("person_or_thing_nouns")

# everyone, nobody ... (*all* and *each* head a quantified phrase, told by _QUANTIFIERS)
_QUANTIFIER_PRONOUNS = english.read_lexicon("indefinite_pronouns") - _QUANTIFIERS


def cleft_slot(layout: Layout, role: str) -> tuple[str, tuple[int, int] | None] | None:
    """Where the focus of ``cleft(role)`` is: (slot, source span to mark) or None."""
    if role == layout.subject_role:
        return "subj", None
    if role == layout.postverbal_role and layout.postverbal:
        return layout.postverbal_slot, None
    if layout.postverbal is None:
        arg = layout.frame.argument(role)
        if (
            arg is None and role == "ARG1"
        ):  # the object of a prepositional verb (looking after the puppies)
            found = english.prepositional_object(layout.analysis.sentence.tokens, layout.frame)
            arg = found[1] if found is not None else None
        if arg is not None and arg.function == "obj":
            return "obj", arg.span
        if (
            arg is not None and arg.function == "iobj"
        ):  # It was the children that Grandma gave some sweets
            return "iobj", arg.span
        if arg is not None and arg.function in ("pp", "attr", "agent"):
            return "arg:" + role, arg.span
    return None


def cleft(
    items: list[Item], role: str, layout: Layout, options: Options, question: bool
) -> list[Item] | None:
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
    copula = "was" if layout.target.tense == "past" and not layout.target.modality else "is"
    head = (
        [Item(copula, None, "cleft"), Item("it", None, "cleft")]
        if question
        else [Item("it", None, "cleft"), Item(copula, None, "cleft")]
    )
    return prefix + head + focus + [Item(options.relative, None, "cleft")] + body + final


def uncleft(analysis) -> str:
    """The plain clause an it-cleft states (*It was the dog that dug the hole.* -> *The dog dug
    the hole.*), built from the source tokens, read left to right: what stands before *it*, the
    focus between the copula and the relativizer, and the clause after it, to the end of the
    sentence. The focus goes back into the gap its relativizer marks (subject, object, or the
    object of a stranded preposition), with pronoun case; an adverbial focus (*It was in 2008
    that ...*, *It was here that ...*) goes in front of the clause with a comma. A cleft question
    (*Was it you who ...?*) gives its statement; the caller asks the question again. Raises
    ``ValueError`` with the reason where the cleft cannot be undone this way."""
    tokens = analysis.sentence.tokens
    frame = analysis.main_frame
    if frame is None or frame.predicate.cleft is None:
        raise ValueError("the sentence is not an it-cleft")
    it = next((t for t in tokens if t.text.lower() == "it" and t.dep in ("nsubj", "expl")), None)
    if it is None:
        raise ValueError("no 'it' + 'be' found for the cleft")
    question = (
        it.i > 0
        and english.verb_lemma(tokens[it.i - 1].text, tokens[it.i - 1].lemma) == "be"
        and tokens[-1].text == "?"
    )
    copula = (
        tokens[it.i - 1] if question else (tokens[it.i + 1] if it.i + 1 < len(tokens) else None)
    )
    if copula is None or english.verb_lemma(copula.text, copula.lemma) != "be":
        raise ValueError("no 'it' + 'be' found for the cleft")
    rel = frame.verb
    after = (it.i + 1) if question else (copula.i + 1)
    relativizer = next(
        (
            t.i
            for t in tokens[after + 1 : rel]
            if t.text.lower() in english.CLEFT_RELATIVIZERS and _in_relative(tokens, t.i, rel)
        ),
        None,
    )
    if relativizer is None:
        raise ValueError("the cleft has no relativizer to mark where its focus goes")
    final = len(tokens) - 1 if tokens[-1].text in PUNCT_END else len(tokens)
    focus = list(range(after, relativizer))
    body = list(range(relativizer + 1, final))
    if not focus or not body:
        raise ValueError("the cleft has no focus or no clause")
    prefix = [t.text for t in tokens[: min(it.i, copula.i)]]
    words = [tokens[i].text for i in focus]
    dep = tokens[relativizer].dep
    texts = [tokens[i].text for i in body]
    if tokens[focus[0]].tag in ("IN", "RB") or tokens[focus[0]].pos == "ADV":
        # an adverbial focus: in front of the clause it modifies
        if dep not in ("mark", "advmod") and tokens[relativizer].text.lower() != "that":
            raise ValueError("the adverbial focus has no place in the clause")
        head = [words[0][:1].upper() + words[0][1:], *words[1:], ","]
        first = tokens[body[0]]
        lead = (
            texts[0]
            if first.pos == "PROPN" or first.text == "I"
            else texts[0][:1].lower() + texts[0][1:]
        )
        order = head + [lead] + texts[1:]
        prefix = [w for w in prefix]  # material before "it" stays in front
    else:
        if len(words) == 1 and english.is_personal_pronoun(words[0]):
            words = [english.with_case(words[0], "nom" if dep.startswith("nsubj") else "acc")]
        kids = children(tokens)
        stranded = next(
            (
                i
                for i in body
                if tokens[i].tag == "IN"
                and not any(tokens[c].dep == "pobj" for c in kids[i])
                and (i + 1 >= final or not tokens[i + 1].text[:1].isalnum())
            ),
            None,
        )
        has_object = any(tokens[c].dep == "dobj" for c in kids[rel])
        if dep.startswith("nsubj"):
            order = words + texts
        else:
            if dep == "pobj":
                anchor = tokens[relativizer].head
            elif stranded is not None:
                anchor = stranded  # It was the janitor that she gave the keys to
            elif dep == "dobj" or not has_object:
                anchor = _after_verb(tokens, kids, rel)
            else:
                raise ValueError("the focus is not a noun phrase with a gap in the clause")
            at = next((k for k, i in enumerate(body) if i == anchor), None)
            if at is None:
                raise ValueError("the gap of the cleft could not be placed")
            order = texts[: at + 1] + words + texts[at + 1 :]
    end = "." if question else (tokens[final].text if final < len(tokens) else "")
    text = " ".join(prefix + order + ([end] if end else []))
    if not ptb_spacing(tokens):  # standard orthography: no space before punctuation and clitics
        text = re.sub(r"\s+([.,?!;:]|n't|'s|'re|'ve|'ll|'d|'m)", r"\1", text)
        text = re.sub(r",\s*,", ",", text)
        text = _source_joins(text, tokens)
    return text[:1].upper() + text[1:]


def _source_joins(text: str, tokens) -> str:
    """Words the source writes without a space between them stay joined (*$1-million*,
    *bye-bye*, *9:00*): the tokens were joined with spaces above."""
    for k in range(len(tokens) - 1):
        a, b = tokens[k], tokens[k + 1]
        if not a.whitespace and a.text[-1:] not in ".,?!;:" and b.text not in ".,?!;:":
            text = text.replace(f"{a.text} {b.text}", f"{a.text}{b.text}", 1)
    return text


def _in_relative(tokens, i: int, rel: int) -> bool:
    """Whether token ``i`` belongs to the relative clause headed by ``rel`` (its relativizer is a
    dependent of the verb, of one of its prepositions, or marks it)."""
    head = tokens[i].head
    if head == rel:
        return True
    return 0 <= head < len(tokens) and tokens[head].head == rel and tokens[i].dep == "pobj"


def _after_verb(tokens, kids: list[list[int]], verb: int) -> int:
    """The token an object follows: the verb, or its particle."""
    particle = next((c for c in kids[verb] if tokens[c].dep == "prt"), None)
    return particle if particle is not None else verb
