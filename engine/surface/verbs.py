"""The verb group: the chain of auxiliaries and the lexical verb a target needs (modal or
*will*, perfect *have*, progressive *be*, passive *be*), with agreement, do-support, negation
after the first auxiliary (full or contracted), subject-auxiliary inversion for questions,
and where the new chain's words go among the source tokens."""

from __future__ import annotations

from collections.abc import Sequence

from .. import english
from ..english import Agreement
from ..ir import Frame, Predicate, Token
from .layout import Options, by_function


def verb_chain(
    lemma: str,
    target: Predicate,
    agr: Agreement,
    invariant: frozenset[str],
    options: Options,
    passive: str = "be",
) -> list[str]:
    """The words of the verb group ``target`` asks for on ``lemma``: modal or *will*, *have*,
    progressive *be*, the passive's auxiliary (``passive``: *be*, or *get* where the source
    has it: *when the otters get bored* -> *got bored*), the verb."""
    words: list[str] = []
    need = "fin"
    tense = target.tense
    if target.modality:
        words.extend(
            target.modality.split()
        )  # "will be able to": a periphrastic modal is several words
        need = "VB"
    elif tense == "fut":
        words.append("will")
        need = "VB"

    def form(lem: str) -> str:
        if need == "fin":
            tag = "VBD" if tense == "past" else ("VBZ" if english.third_singular(agr) else "VBP")
        else:
            tag = need
        return english.inflect(lem, tag, agr, invariant)

    if target.perfect or options.modal_perfect:
        words.append(form("have"))
        need = "VBN"
    if target.progressive:
        words.append(form("be"))
        need = "VBG"
    if target.voice == "passive":
        words.append(form(passive))
        need = "VBN"
    words.append(form(lemma))
    return words


def passive_auxiliary(tokens: Sequence[Token], frame: Frame) -> str:
    """*get* when the frame's passive is made with it (*get bored*, *got caught*), else
    *be*."""
    gets = any(
        tokens[i].dep == "auxpass" and (tokens[i].lemma or "").lower() == "get"
        for i in frame.verb_group
        if 0 <= i < len(tokens)
    )
    return "get" if gets else "be"


def has_auxiliary(chain: list[str], lemma: str) -> bool:
    return len(chain) > 1 or lemma == "be"


def do_support(chain: list[str], lemma: str, agr: Agreement, tense: str, invariant) -> list[str]:
    tag = "VBD" if tense == "past" else ("VBZ" if english.third_singular(agr) else "VBP")
    return [english.inflect("do", tag, agr), english.inflect(lemma, "VB", agr, invariant)]


def with_negation(
    chain: list[str],
    negative: bool,
    options: Options,
    lemma: str,
    tense: str,
    agr: Agreement,
    invariant: frozenset[str],
) -> list[str]:
    if not negative:
        return chain
    if not has_auxiliary(chain, lemma):
        # do-support: the finite form of the lexical verb moves to "do".
        chain = do_support(chain, lemma, agr, tense, invariant)
    head, rest = chain[0], chain[1:]
    contraction = english.negative_contraction(head)
    # A contracted source keeps contractions first, except where the stem changes (won't).
    irregular = options.irregular_ok or (
        contraction is not None and contraction[:-3] in options.source_stems
    )
    contract = (
        options.contract if english.is_regular_contraction(head) else options.contract and irregular
    )
    if contract and contraction and not english.is_rare_contraction(contraction):
        # "won't" = "wo" + "n't", as tokenizers (and PTB) split it.
        return [contraction[:-3], "n't", *rest]
    return [head, "not", *rest]


def invert(chain, lemma, target, agr, invariant) -> tuple[list[str], list[str]]:
    """Split the chain into the fronted operator and the rest (do-support if needed)."""
    if has_auxiliary(chain, lemma) or (len(chain) > 1 and chain[1] in ("not", "n't")):
        if len(chain) > 1 and chain[1] == "n't":
            return chain[2:], [chain[0], "n't"]
        return chain[1:], chain[:1]
    do_chain = do_support(chain, lemma, agr, target.tense, invariant)
    return do_chain[1:], do_chain[:1]


def tag_of(chain: list[str], target: Predicate) -> str:
    """Penn tag the lexical verb has in ``chain`` (for conjoined verbs)."""
    main = chain[-1]
    if len(chain) == 1:
        return "VBD" if target.tense == "past" else ("VBZ" if main.endswith("s") else "VBP")
    prev = chain[-2].lower()
    if prev in ("not", "n't"):
        prev = chain[-3].lower() if len(chain) > 2 else ""
    prev = prev.removesuffix("n't")  # an operator: *Hasn't it ...*
    if (
        prev in ("been", "was", "were", "is", "are", "am", "be", "being")
        and target.voice == "passive"
    ):
        return "VBN"
    if target.progressive and prev in ("be", "is", "are", "am", "was", "were", "been"):
        return "VBG"
    if prev in ("have", "has", "had"):
        return "VBN"
    return "VB"


def place_chain(
    frame: Frame, chain: list[str], tokens: Sequence[Token], operator: Sequence[str] = ()
) -> dict[int, list[str]]:
    """Where the words of a new verb chain go: the first word takes the place of the first
    auxiliary after the subject (so adverbs between auxiliaries stay: *has also made* ->
    *will also have made*), the rest that of the lexical verb; other group tokens go. A manner
    adverb right before the verb stays right before it (:func:`manner_adverbs`: *were randomly
    assigned* -> *might have been randomly assigned*). ``operator``: the words of a question
    that went before the subject, so no word of ``chain`` takes the first auxiliary's place
    (*Has the report also been checked?*)."""
    verb = tokens[frame.verb]
    fronted = bool(operator)
    if chain:  # the source's spelling of the verb (*labelled*, *learnt*, *had fitted*)
        before = [w.lower() for w in [*operator, *chain[:-1]] if w.lower() not in ("not", "n't")]
        participle = bool(before) and before[-1] in _PARTICIPLE_AUXILIARIES
        same = (verb.tag == "VBN" and participle) or (verb.tag == "VBD" and not before)
        chain = [*chain[:-1], english.keep_spelling(chain[-1], verb.text, verb.lemma, same)]
    subj = by_function(frame, "subj")
    subj_start = subj.span[0] if subj else -1
    verbs = [i for i in frame.verb_group if tokens[i].dep != "neg"]
    anchor = next((i for i in verbs if i > subj_start), frame.verb)
    out: dict[int, list[str]] = {i: [] for i in frame.verb_group}
    if anchor == frame.verb:
        # a verb without auxiliaries: a new auxiliary (and its negation) goes before the
        # adverbs that precede it (*often visits* -> *might often visit*, *does not often visit*)
        adverbs = _preverbal_adverbs(frame, tokens, subj.span[1] if subj else -1)
        anchor = adverbs[0] if adverbs else frame.verb
    if anchor == frame.verb or len(chain) == 1:
        out[frame.verb] = list(chain)  # auxiliaries that go leave their adverbs before the verb
        after = _copula_adverbs(frame, tokens) if not fronted and len(chain) > 1 else []
        if after and not any(w.lower() in ("not", "n't") for w in chain):
            # *is in fact a copy* -> *might in fact be a copy*, *has clearly been empty*
            out[frame.verb] = chain[:1]
            out[after[-1]] = [tokens[after[-1]].text, *chain[1:]]
        return out
    head = 0 if fronted else 2 if len(chain) > 2 and chain[1] in ("not", "n't") else 1
    manner = manner_adverbs(frame, tokens, anchor - 1)
    rest = chain[head:-1]
    if manner and rest:
        out[manner[0]] = [*rest, tokens[manner[0]].text]
        out[frame.verb] = chain[-1:]
    else:
        out[frame.verb] = chain[head:]
    # the first auxiliary's place, or before the adverbs of a verb that had none
    out[anchor] = [*chain[:head], *out.get(anchor, [tokens[anchor].text])]
    return out


# The auxiliaries after which a verb is a past participle (*had fitted*, *was swollen*)
_PARTICIPLE_AUXILIARIES = frozenset(
    {"have", "has", "had", "having", "be", "is", "are", "am", "was", "were", "been", "being"}
)


def manner_adverbs(frame: Frame, tokens: Sequence[Token], after: int) -> list[int]:
    """The run of manner or degree adverbs in *-ly* (or of ``degree_adverbs.txt``: *well*)
    right before the verb (after ``after``): those not listed as clause adverbs
    (``clause_adverbs.txt``, ``epistemic_adverbs.txt``, ``habitual_adverbs.txt``), which stand
    after the first auxiliary instead."""
    run: list[int] = []
    # after a second auxiliary the source already placed it as the verb's own (*has been
    # seriously injured*: not *had seriously been injured*)
    second = sorted(i for i in frame.verb_group if i < frame.verb)[1:2]
    for i in range(frame.verb - 1, after, -1):
        t = tokens[i]
        word = t.text.lower()
        if (
            t.dep != "advmod"
            or t.head != frame.verb
            or i in frame.verb_group
            or not (word.endswith("ly") or word in _DEGREE_ADVERBS)
            or (word in _CLAUSE_ADVERBS and not (second and i > second[0]))
        ):
            break
        run.insert(0, i)
    return run


_DEGREE_ADVERBS = english.read_lexicon("degree_adverbs")  # well, ill, half, much ...
_CLAUSE_ADVERBS = (
    english.read_lexicon("clause_adverbs")
    | english.read_lexicon("epistemic_adverbs")
    | english.read_lexicon("habitual_adverbs")
)


def _copula_adverbs(frame: Frame, tokens: Sequence[Token]) -> list[int]:
    """The clause adverbs (``clause_adverbs.txt`` and the others of :data:`_CLAUSE_ADVERBS`:
    *clearly*, *often*, *in fact*) right after a copula that has no auxiliary (*is in fact a
    copy*): they stand after the first auxiliary an edit adds (*might in fact be*)."""
    verb = tokens[frame.verb]
    if (verb.lemma or "").lower() != "be" or frame.verb + 1 >= len(tokens):
        return []
    nxt = tokens[frame.verb + 1]
    if nxt.head == frame.verb and nxt.dep == "advmod" and nxt.text.lower() in _CLAUSE_ADVERBS:
        return [frame.verb + 1]
    if frame.verb + 2 < len(tokens):
        two = f"{nxt.text} {tokens[frame.verb + 2].text}".lower()
        if nxt.head == frame.verb and two in _CLAUSE_ADVERBS:
            return [frame.verb + 1, frame.verb + 2]
    return []


def _preverbal_adverbs(frame: Frame, tokens: Sequence[Token], subj_end: int) -> list[int]:
    """The adverbs between the subject and a verb that has no auxiliary (*She often visits*);
    for a verb phrase without a subject of its own, the run of adverbs right before its verb
    (*... and urgently needs pasta*)."""
    if subj_end < 0:
        run: list[int] = []
        i = frame.verb - 1
        while i >= 0 and tokens[i].dep == "advmod" and tokens[i].head == frame.verb:
            run.insert(0, i)
            i -= 1
        return run if run and i >= 0 and tokens[i].dep == "cc" else []
    out = [
        i
        for i in range(subj_end, frame.verb)
        if tokens[i].dep == "advmod" and tokens[i].head == frame.verb and i not in frame.verb_group
    ]
    # only a run of adverbs right before the verb
    return out if out and out == list(range(out[0], frame.verb)) else []
