"""spaCy analyzer: sentence -> :class:`~engine.ir.Analysis`.

Heuristics, on spaCy's dependency parse (``en_core_web_sm``):

* **Predicates.** Every VERB token, and every AUX that is not itself an auxiliary (copular
  *be*), heads a frame, except attributive participles (``amod``). The frame's verb group is
  the verb with its ``aux``/``auxpass``/``neg`` children.
* **Tense.** A future modal (*will*, *shall*, *'ll*) gives ``fut``; another modal gives
  ``pres`` with ``modality`` set; otherwise the first finite form decides (VBD ``past``,
  VBZ/VBP ``pres``). Frames with no finite form have ``tense=None`` and ``finite=False``.
* **Aspect.** *have* followed by a participle in the group is perfect; *be* (not passive)
  followed by an ``-ing`` form is progressive. ``'s`` is *has* before *been* or an active
  participle, else *is*.
* **Voice.** An ``auxpass`` or ``nsubjpass`` child makes the frame passive.
* **Polarity.** A ``neg`` child (*not*, *n't*, *never*) makes it negative.
* **Force.** A final ``?`` with an auxiliary before the subject (or no subject) is a question.
* **It-cleft.** *it* + *be* + a focused phrase with a relative clause marks the relative
  clause's frame as the main one, with ``cleft`` set to the role the focus fills there.
* **Roles.** Active subject -> ARG0 (ARG1 for copular *be*); passive subject -> ARG1 (ARG2 if
  a direct object remains); direct object -> ARG1; indirect object -> ARG2; *by*-agent -> ARG0;
  copular complement -> ARG2; PPs and adverbs -> ARGM by preposition or word class (time,
  location, direction, cause, manner, comitative); modals -> ARGM-MOD; negation -> ARGM-NEG.
  A role's span is the subtree of its head, clipped to contiguous tokens.

These are heuristics: the SRL tagger of the neural layer and the ERG analyzer give better
roles where they are installed, and fill the same IR.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .. import english
from ..ir import Analysis, Argument, Frame, Predicate, Sentence, Token
from ..resources import load_spacy

_LOCATIVE = {
    "in",
    "on",
    "at",
    "under",
    "near",
    "beside",
    "inside",
    "outside",
    "behind",
    "above",
    "below",
    "between",
    "among",
    "around",
    "next",
    "by",
    "over",
    "underneath",
    "beneath",
    "within",
    "across",
}
_DIRECTIONAL = {
    "to",
    "into",
    "onto",
    "toward",
    "towards",
    "from",
    "through",
    "along",
    "up",
    "down",
    "out",
    "off",
    "past",
    "via",
}
_TEMPORAL = {"during", "before", "after", "since", "until", "till", "while", "when", "throughout"}
_CAUSAL = {"because", "due"}
_TIME_WORDS = {
    "now",
    "today",
    "yesterday",
    "tomorrow",
    "soon",
    "then",
    "already",
    "still",
    "yet",
    "recently",
    "later",
    "earlier",
    "once",
    "again",
    "currently",
    "tonight",
    "always",
    "often",
    "sometimes",
    "usually",
    "never",
    "ago",
    "year",
    "years",
    "month",
    "week",
    "day",
    "days",
    "time",
    "morning",
    "evening",
    "night",
    "afternoon",
    "weekend",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
}
_SUBJECT_DEPS = ("nsubj", "nsubjpass", "csubj", "csubjpass", "expl")


def _token(tok) -> Token:
    return Token(
        i=tok.i,
        text=tok.text,
        start=tok.idx,
        end=tok.idx + len(tok.text),
        lemma=tok.lemma_,
        pos=tok.pos_,
        tag=tok.tag_,
        dep=tok.dep_,
        head=tok.head.i,
        whitespace=tok.whitespace_,
        ent_type=tok.ent_type_,
    )


def _span(tok, exclude: Sequence = ()) -> tuple[int, int]:
    """Token span of ``tok``'s subtree, contiguous, not crossing into ``exclude`` tokens."""
    start, end = tok.left_edge.i, tok.right_edge.i + 1
    for ex in exclude:
        if ex.i < tok.i:
            start = max(start, ex.i + 1)
        elif ex.i > tok.i:
            end = min(end, ex.i)
    return start, end


def _pp_role(prep) -> str:
    low = prep.lower_
    pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
    if low in _TEMPORAL or (
        pobj is not None and (pobj.ent_type_ in ("DATE", "TIME") or pobj.lower_ in _TIME_WORDS)
    ):
        return "ARGM-TMP"
    if low in _CAUSAL:
        return "ARGM-CAU"
    if low == "with":
        return (
            "ARGM-COM" if pobj is not None and pobj.lower_ in english.person_nouns() else "ARGM-MNR"
        )
    if low in _LOCATIVE:
        return "ARGM-LOC"
    if low in _DIRECTIONAL:
        return "ARGM-DIR"
    if low == "for":
        return "ARGM-PRP"
    return "ARGM-ADV"


def _adv_role(tok) -> str:
    low = tok.lower_
    if low in english.NEGATORS:
        return "ARGM-NEG"
    if low in _TIME_WORDS or tok.ent_type_ in ("DATE", "TIME"):
        return "ARGM-TMP"
    if low in ("here", "there", "everywhere", "somewhere", "nearby", "outside", "inside", "home"):
        return "ARGM-LOC"
    if low.endswith("ly"):
        return "ARGM-MNR"
    return "ARGM-ADV"


class SpacyAnalyzer:
    """Analyze sentences with spaCy; one pipeline per analyzer, batched with ``nlp.pipe``.

    >>> analyzer = SpacyAnalyzer()
    >>> a = analyzer.analyze(["The dogs chased a cat."])[0]
    >>> a.main_frame.predicate.tense, [x.role for x in a.main_frame.arguments][:2]
    ('past', ['ARG0', 'ARG1'])
    """

    name = "spacy"

    def __init__(self, model: str | None = None, nlp=None, batch_size: int = 64):
        self.nlp = nlp if nlp is not None else load_spacy(model)
        self.batch_size = batch_size
        _add_clitic_cases(self.nlp)

    def analyze(self, texts: Iterable[str], entities: bool = True) -> list[Analysis]:
        """Analyze a batch of texts; the order of the output follows the input. ``entities=False``
        skips the entity recognizer (half of the small model's time): tokens get no entity
        type, so temporal phrases are told by their words alone and names are not people."""
        off = [] if entities or "ner" not in self.nlp.pipe_names else ["ner"]
        return [
            self.from_doc(doc)
            for doc in self.nlp.pipe(list(texts), batch_size=self.batch_size, disable=off)
        ]

    def from_doc(self, doc) -> Analysis:
        _repair_ought_to(doc)
        _repair_modal_question(doc)
        _repair_clothing_phrases(doc)
        _repair_nominal_clauses(doc)
        _repair_copular_participles(doc)
        _repair_auxiliary_dependents(doc)
        _repair_finite_tags(doc)
        _repair_inverted_copula(doc)
        sentence = Sentence(text=doc.text, tokens=tuple(_token(t) for t in doc))
        heads = [t for t in doc if _heads_frame(t)]
        frames: list[Frame] = []
        main = None
        root = next(iter(doc.sents)).root if len(doc) else None
        cleft = _cleft(root) if root is not None else None
        for tok in heads:
            frame = _frame(tok, doc)
            if cleft is not None and tok.i == cleft[0].i:
                frame = _with_cleft(frame, cleft[1], doc)
            if tok.i == (cleft[0].i if cleft else root.i if root is not None else -1):
                main = len(frames)
            frames.append(frame)
        if main is None and frames:
            # The root is not verbal (a fragment, or a parse error): take the first finite frame.
            main = next((k for k, f in enumerate(frames) if f.finite), None)
        return Analysis(
            sentence=sentence, frames=tuple(frames), main=main, analyzer=self.name, native=doc
        )


_CLITICS = ("'m", "'re", "'s", "'ve", "'ll", "'d", "n't")


def _add_clitic_cases(nlp) -> None:
    """Keep space-separated clitics whole (PTB-tokenized text such as SNLI's ``it 's``);
    without this the tokenizer splits a lower-case ``'m`` into ``'`` + ``m``."""
    from spacy.symbols import ORTH

    for clitic in _CLITICS:
        nlp.tokenizer.add_special_case(clitic, [{ORTH: clitic}])


def _repair_auxiliary_dependents(doc) -> None:
    """An auxiliary has no dependents: a subject the parser hung on the auxiliary (*The little
    girl in the pink dress* <- *is* in *... is dancing*) belongs to the verb it helps."""
    for aux in doc:
        if aux.dep_ not in ("aux", "auxpass") or aux.head.i == aux.i:
            continue
        for k in list(aux.children):
            if k.dep_ in _SUBJECT_DEPS:
                k.head = aux.head


def _repair_modal_question(doc) -> None:
    """A polar question on a modal needs a verb: where the parser made the modal the root and
    read the verb after the subject as an adjective modifying it (*Will the new bridge open
    before ...?*: *open* an ``amod`` of *bridge*), that word is the verb, the modal its
    auxiliary and the subject its subject."""
    from lemminflect import getAllLemmas

    for modal in doc:
        if (
            modal.tag_ == "MD"
            and modal.dep_ == "aux"
            and modal.i == modal.sent.start
            and modal.sent[-1].text == "?"
            and modal.head.pos_ == "ADJ"
            and modal.head.dep_ == "ROOT"
            and modal.head.lower_ in getAllLemmas(modal.head.lower_).get("VERB", ())
        ):
            modal.head.pos_, modal.head.tag_ = "VERB", "VB"  # *Will the library open next spring?*
            continue
        if (
            modal.tag_ != "MD"
            or modal.dep_ != "ROOT"
            or modal.i != modal.sent.start
            or modal.sent[-1].text != "?"
        ):
            continue
        if any(t.pos_ == "VERB" for t in modal.sent):
            continue
        subj = next((c for c in modal.children if c.dep_ == "nsubj"), None)
        if subj is None:
            continue
        word = next(
            (c for c in subj.children if c.dep_ == "amod" and c.i > subj.i), None
        )  # after the noun
        if word is None or word.lower_ not in getAllLemmas(word.lower_).get("VERB", ()):
            continue
        others = [k for k in modal.children if k.i != subj.i]
        word.head, word.dep_, word.pos_, word.tag_ = word, "ROOT", "VERB", "VB"
        modal.head, modal.dep_ = word, "aux"
        subj.head = word
        for k in others:
            k.head = word


def _repair_clothing_phrases(doc) -> None:
    """*in a white uniform* right after a noun describes that noun (*another player in a white
    uniform*), whatever the parser attached it to: a verb-attached *in*/*with* phrase whose
    noun is clothing (``rules/lexicon/clothing_nouns.txt``) moves to the noun before it."""
    clothing = english.clothing_nouns()
    for prep in doc:
        if prep.dep_ != "prep" or prep.lower_ not in ("in", "wearing", "with") or prep.i == 0:
            continue
        noun = next((c for c in prep.children if c.dep_ == "pobj"), None)
        before = doc[prep.i - 1]
        if (
            noun is None
            or noun.lemma_.lower() not in clothing
            or before.pos_ not in ("NOUN", "PROPN", "PRON")
        ):
            continue
        if prep.head.pos_ in ("VERB", "AUX") and prep.head.i != before.i:
            prep.head = before


def _repair_nominal_clauses(doc) -> None:
    """An adverbial clause is headed by a verb: one the parser headed by a noun that English also
    has as a verb (*When the bell rings, ...*: *rings* a plural noun, *bell* its compound) is a
    finite verb, and its compound or determiner-led noun before it is its subject."""
    from lemminflect import getAllLemmas

    for tok in doc:
        if tok.dep_ != "advcl" or tok.pos_ != "NOUN" or not tok.is_alpha:
            continue
        if not any(
            c.dep_ in ("mark", "advmod")
            and c.i < tok.i
            and c.lower_
            in (
                "when",
                "whenever",
                "after",
                "before",
                "until",
                "till",
                "once",
                "if",
                "unless",
                "while",
                "because",
                "as",
            )
            for c in tok.children
        ):
            continue
        verbs = getAllLemmas(tok.lower_).get("VERB")
        subject = next(
            (
                c
                for c in tok.children
                if c.dep_ == "compound" and c.i == tok.i - 1 and c.pos_ in ("NOUN", "PROPN")
            ),
            None,
        )
        if not verbs or subject is None:
            continue
        lemma = verbs[0]
        low = tok.lower_
        tag = (
            "VBD"
            if low == english.inflect(lemma, "VBD")
            else "VBZ"
            if low == english.inflect(lemma, "VBZ")
            else "VBP"
            if low == lemma
            else None
        )
        if tag is None:
            continue
        tok.pos_, tok.tag_, tok.lemma_ = "VERB", tag, lemma
        subject.dep_ = "nsubj"
        for c in tok.children:
            if c.dep_ == "det" and c.i < subject.i:
                c.head = subject


def _repair_ought_to(doc) -> None:
    """*ought to* is a modal: the parser makes *ought* the head and the verb its ``xcomp``
    (*Drivers ought to slow down*); the verb becomes the head, with *ought* its modal auxiliary
    and *to* its auxiliary, and *ought*'s other dependents move to the verb."""
    for ought in list(doc):
        if ought.lower_ != "ought" or ought.dep_ in ("aux", "auxpass"):
            continue
        verb = next(
            (
                c
                for c in ought.children
                if c.dep_ == "xcomp"
                and c.pos_ in ("VERB", "AUX")
                and any(g.lower_ == "to" and g.dep_ == "aux" for g in c.children)
            ),
            None,
        )
        if verb is None:
            continue
        others = [k for k in ought.children if k.i != verb.i]
        if ought.dep_ == "ROOT":
            verb.head, verb.dep_ = verb, "ROOT"
        else:
            verb.head, verb.dep_ = ought.head, ought.dep_
        ought.head, ought.dep_, ought.tag_ = verb, "aux", "MD"
        for k in others:
            k.head = verb


def _repair_inverted_copula(doc) -> None:
    """A polar question on copular *be* has its subject after *be*: a subject the parser hung on
    the adjective (*Is the central bank ready to ...?*: *bank* <- *ready*, a small clause)
    belongs to *be*, and an adjective hung on the subject (*Aren't the shops busy ...?*) is
    *be*'s complement."""
    for be in doc:
        if (
            be.lemma_ != "be"
            or be.dep_ != "ROOT"
            or be.i != be.sent.start
            or be.sent[-1].text != "?"
        ):
            continue
        subj = next((c for c in be.children if c.dep_ in _SUBJECT_DEPS), None)
        if subj is not None:
            # ... and an adjective it hung after the subject (*Aren't the shops busy ...?*: *busy*
            # a modifier of *shops*) is the copula's complement
            if not any(c.dep_ in ("acomp", "attr") for c in be.children):
                adj = next(
                    (
                        g
                        for g in subj.children
                        if g.dep_ == "amod" and g.i > subj.i and g.pos_ == "ADJ"
                    ),
                    None,
                )
                if adj is not None:
                    adj.head, adj.dep_ = be, "acomp"
            continue
        for comp in [c for c in be.children if c.dep_ in ("acomp", "attr") and c.pos_ == "ADJ"]:
            subj = next(
                (
                    g
                    for g in comp.children
                    if g.dep_ in ("nsubj", "npadvmod")
                    and g.i < comp.i
                    and g.pos_ in ("NOUN", "PROPN", "PRON")
                ),
                None,
            )
            if subj is not None:
                subj.head, subj.dep_ = be, "nsubj"
                break


def _repair_finite_tags(doc) -> None:
    """A clause head with a subject and no auxiliary is finite, whatever the tagger said:
    VBN becomes VBD (*bids ranged*), VB becomes VBP (*the unions call*), a past or participle
    tag on a form spelled as the base (*they run*, not *ran*) becomes VBP, and a present tag on
    a form that is only the simple past (*the children swam*) becomes VBD."""
    for tok in doc:
        if tok.pos_ != "VERB" or tok.dep_ not in ("ROOT", "conj", "ccomp"):
            continue
        kids = list(tok.children)
        if not any(c.dep_ in ("nsubj", "expl") for c in kids) or any(
            c.dep_ in ("aux", "auxpass") for c in kids
        ):
            continue
        lemma = english.verb_lemma(tok.text, tok.lemma_)
        if (
            tok.tag_ in ("VBN", "VBD")
            and tok.lower_ == lemma
            and english.inflect(lemma, "VBD") != lemma
        ):
            tok.tag_ = (
                "VBP"  # *run*, *come*: a participle spelled like the base form is the present
            )
        elif tok.tag_ == "VBN":
            tok.tag_ = "VBD"
        elif tok.tag_ == "VB":
            tok.tag_ = "VBP"
    for tok in doc:
        # a present-tagged verb spelled as its lemma's simple past and not as a present form
        # (*The children swam*: *swam* VBP) is the past
        if (
            tok.pos_ == "VERB"
            and tok.tag_ in ("VBP", "VBZ")
            and not any(c.dep_ in ("aux", "auxpass") for c in tok.children)
        ):
            lemma = english.verb_lemma(tok.text, tok.lemma_)
            low = tok.lower_
            if (
                low != lemma
                and low == english.inflect(lemma, "VBD")
                and low != english.inflect(lemma, "VBZ")
            ):
                tok.tag_ = "VBD"


def _repair_copular_participles(doc) -> None:
    """Re-attach *be* + participle parsed as copula + complement (a known small-model error).

    ``Is the girl playing?`` comes out as ``Is``/ROOT with ``playing``/acomp (or as an ``acl``
    of the subject when there is an object: ``Is the man washing the ball?``); the participle
    becomes the head, *be* its auxiliary (``aux`` before ``-ing``, ``auxpass`` before ``-ed``
    participles), and *be*'s other dependents move to the participle. A passive's subject
    becomes ``nsubjpass`` and a *by*-phrase ``agent``.
    """
    for be in list(doc):
        if be.lemma_ != "be" or be.dep_ in ("aux", "auxpass"):
            continue
        comp = next(
            (
                c
                for c in be.children
                if c.dep_ in ("acomp", "attr")
                and c.tag_ in ("VBG", "VBN")
                and not any(g.dep_ == "det" for g in c.children)
            ),
            None,
        )
        subj = next((c for c in be.children if c.dep_ == "nsubj"), None)
        inverted = be.i == be.sent.start and be.sent[-1].text == "?"
        if subj is None and inverted:
            subj = next((c for c in be.children if c.dep_ == "attr"), None)
        if (
            comp is None
            and subj is not None
            and be.i < subj.i
            and not any(
                c.dep_ in ("acomp",) or (c.dep_ == "attr" and c.i != subj.i) for c in be.children
            )
        ):
            # Inverted question: "Is the man washing the ball?" parsed with "washing" as an acl
            # of the subject (or of an attr the parser took the subject for).
            comp = next(
                (g for g in subj.children if g.dep_ == "acl" and g.tag_ in ("VBG", "VBN")), None
            )
            if (
                comp is None
            ):  # or of a noun in the subject's PP (*Is a man with a cart studying ...?*)
                comp = next(
                    (
                        g
                        for g in subj.subtree
                        if g.tag_ == "VBG"
                        and g.i > subj.i
                        and (
                            (
                                g.dep_ == "acl"
                                and g.head.dep_ == "pobj"
                                and g.head.head.head.i == subj.i
                            )
                            or (
                                g.dep_ == "pcomp"
                                and g.head.dep_ == "prep"
                                and g.head.head.i == subj.i
                            )
                        )
                    ),
                    None,
                )
            if comp is not None:
                subj.dep_ = "nsubj"
        if comp is None:
            continue
        passive = comp.tag_ == "VBN"
        others = [k for k in be.children if k.i != comp.i]
        if be.dep_ == "ROOT":
            comp.head, comp.dep_ = comp, "ROOT"
        else:
            comp.head, comp.dep_ = be.head, be.dep_
        be.head, be.dep_ = comp, "auxpass" if passive else "aux"
        for k in others:
            k.head = comp
            if passive and k.dep_ == "nsubj":
                k.dep_ = "nsubjpass"
            if passive and k.dep_ == "prep" and k.lower_ == "by":
                k.dep_ = "agent"


def _heads_frame(tok) -> bool:
    if tok.dep_ in ("amod", "compound", "aux", "auxpass", "nmod"):
        return False
    if tok.pos_ == "VERB":
        return True
    return (
        tok.pos_ == "AUX"
        and tok.lemma_ == "be"
        and tok.dep_ in ("ROOT", "conj", "ccomp", "relcl", "advcl")
    )


def _verb_group(tok) -> list:
    group = [
        c
        for c in tok.children
        if c.dep_ in ("aux", "auxpass") or (c.dep_ == "neg" and c.i < tok.i + 3)
    ]
    group.append(tok)
    return sorted(group, key=lambda t: t.i)


def _frame(tok, doc) -> Frame:
    group = _verb_group(tok)
    verbs = [t for t in group if t.dep_ != "neg"]
    modality = None
    tense: str | None = None
    finite = False
    lemmas: list[str | None] = []
    for k, t in enumerate(verbs):
        nxt = verbs[k + 1] if k + 1 < len(verbs) else None
        lemma = (
            english.aux_lemma(t.text, nxt.tag_ if nxt else "", nxt.text if nxt else "", t.dep_)
            if t.i != tok.i
            else None
        )
        lemmas.append(lemma)
    for t, lemma in zip(verbs, lemmas, strict=True):
        modal = lemma if lemma not in (None, "be", "have", "do") else None
        if modal is not None:
            finite = True
            if modal in english.FUTURE_MODALS:
                tense = "fut"
            else:
                modality, tense = modal, "pres"
            break
        form_tense = english.finite_aux_tense(t.text) if t.i != tok.i else None
        if form_tense is not None or t.tag_ in ("VBD", "VBZ", "VBP"):
            # An auxiliary's form shows its tense even where the tagger says VB ("Do they ...?").
            finite = True
            tense = form_tense or ("past" if t.tag_ == "VBD" else "pres")
            break
    if (
        not finite
        and tok.tag_ == "VB"
        and tok.dep_ == "ROOT"
        and not any(c.dep_ in _SUBJECT_DEPS for c in tok.children)
    ):
        finite, tense = True, "pres"  # imperative
    perfect = progressive = False
    for k, t in enumerate(verbs[:-1]):
        nxt = verbs[k + 1]
        if lemmas[k] == "have":  # auxiliary "have" is the perfect, whatever the participle's tag
            perfect = True
        if lemmas[k] == "be" and t.dep_ == "aux" and nxt.tag_ == "VBG":
            progressive = True
    passive = any(c.dep_ in ("auxpass", "nsubjpass", "csubjpass") for c in tok.children)
    negated = any(c.dep_ == "neg" for c in tok.children)
    question = _is_question(tok, doc)
    lemma = "be" if tok.pos_ == "AUX" else english.verb_lemma(tok.text, tok.lemma_)
    lemma = english.verb_sense(
        lemma, tok.text, [c.text for c in tok.children if c.dep_ in ("prep", "dative")]
    )
    predicate = Predicate(
        lemma=lemma,
        tense=tense if finite else None,
        progressive=progressive,
        perfect=perfect,
        voice="passive" if passive else "active",
        modality=modality,
        polarity="neg" if negated else "pos",
        force="ques" if question else "prop",
    )
    return Frame(
        predicate=predicate,
        verb=tok.i,
        verb_group=tuple(t.i for t in group),
        arguments=tuple(sorted(_arguments(tok, passive, group), key=lambda a: a.span)),
        finite=finite,
        clause="main" if tok.dep_ == "ROOT" else tok.dep_,
    )


def _is_question(tok, doc) -> bool:
    sent = tok.sent
    if not len(sent) or sent[-1].text != "?":
        return False
    subj = next((c for c in tok.children if c.dep_ in _SUBJECT_DEPS), None)
    if subj is None:
        return True
    first_verb = _verb_group(tok)[0]
    return first_verb.i < subj.left_edge.i


# Dependents whose (role, function) as an argument of their verb is the same everywhere.
_FIXED_ARGUMENTS = {
    "dobj": ("ARG1", "obj"),
    "agent": ("ARG0", "agent"),
    "attr": ("ARG2", "attr"),
    "acomp": ("ARG2", "attr"),
    "oprd": ("ARG2", "attr"),
    "advcl": ("ARGM-ADV", "comp"),
    "neg": ("ARGM-NEG", "neg"),
}


def _argument_label(
    c, tok, has_dobj: bool, copula: bool, verb_lemma: str
) -> tuple[str, str] | None:
    """(role, function) of the verb ``tok``'s dependent ``c`` as its argument, or None."""
    dep = c.dep_
    if dep in _FIXED_ARGUMENTS:
        return _FIXED_ARGUMENTS[dep]
    if dep in ("nsubj", "csubj", "expl"):
        return ("ARG1" if copula else "ARG0"), "subj"
    if dep in ("nsubjpass", "csubjpass"):
        return ("ARG2" if has_dobj else "ARG1"), "subj"
    if dep == "dative":
        return "ARG2", ("pp" if c.pos_ == "ADP" else "iobj")
    if dep in ("ccomp", "xcomp"):
        return None if has_dobj else ("ARG1", "comp")
    if dep == "prep":
        if _recipient_pp(c, tok, has_dobj, verb_lemma):
            return "ARG2", "pp"  # lent the painting [to a gallery]: the recipient
        return _pp_role(c), "pp"
    if dep == "advmod":
        return _adv_role(c), "adv"
    if dep == "npadvmod":
        if _misparsed_object(c, tok, has_dobj):
            return "ARG1", "obj"
        time = c.lower_ in _TIME_WORDS or c.ent_type_ in ("DATE", "TIME")
        return ("ARGM-TMP" if time else "ARGM-EXT"), "adv"
    if dep == "aux" and c.tag_ == "MD":
        return "ARGM-MOD", "aux"
    return None


def _recipient_pp(c, tok, has_dobj: bool, verb_lemma: str) -> bool:
    """Whether ``c`` is a *to*-phrase after the object of a recipient verb."""
    return (
        c.lower_ == "to"
        and has_dobj
        and verb_lemma in english.RECIPIENT_VERBS
        and any(d.dep_ == "dobj" and d.i < c.i for d in tok.children)
    )


def _arguments(tok, passive: bool, group) -> list[Argument]:
    doc = tok.doc
    args: list[Argument] = []
    children = list(tok.children)
    has_dobj = any(c.dep_ == "dobj" for c in children)
    copula = tok.pos_ == "AUX"
    verb_lemma = english.verb_lemma(tok.text, tok.lemma_)

    def add(role: str, head, function: str, span=None):
        # a phrase stops at the verb group (*A woman ... does not walk ...: berlin*, where the
        # parser hung a word after the verb on the subject)
        start, end = span or _span(head, exclude=[tok, *(g for g in group if g.i != head.i)])
        args.append(Argument(role, (start, end), doc[start:end].text, head.i, function))

    for c in children:
        label = _argument_label(c, tok, has_dobj, copula, verb_lemma)
        if label is not None:
            role, function = label
            # a negation or a modal is its one word
            add(role, c, function, (c.i, c.i + 1) if function in ("neg", "aux") else None)
    return _merge_adjacent(_merge_adjacent_subjects(args, doc), doc, "obj")


def _merge_adjacent_subjects(args: list[Argument], doc) -> list[Argument]:
    """One subject even when the parser attached two adjacent pieces of it to the verb
    (a tokenizer split such as ``u.s`` + ``.``)."""
    subjects = sorted((a for a in args if a.function == "subj"), key=lambda a: a.span)
    if len(subjects) < 2:
        return args
    merged = [subjects[0]]
    for a in subjects[1:]:
        last = merged[-1]
        if a.span[0] == last.span[1] and a.role == last.role:
            start, end = last.span[0], a.span[1]
            merged[-1] = Argument(last.role, (start, end), doc[start:end].text, last.head, "subj")
        else:
            merged.append(a)
    return [a for a in args if a.function != "subj"] + merged


def _merge_adjacent(args: list[Argument], doc, function: str) -> list[Argument]:
    """One argument of ``function`` where the parser gave the verb two adjacent ones (*used a
    floor mop*: *floor* and *mop* both ``dobj``): the phrase is one, headed by its last head."""
    found = sorted((a for a in args if a.function == function), key=lambda a: a.span)
    if len(found) < 2:
        return args
    merged = [found[0]]
    for a in found[1:]:
        last = merged[-1]
        if (
            a.span[0] == last.span[1]
            and a.role == last.role
            and function == "obj"
            and _determined(doc[a.head])
            and _determined(doc[last.head])
        ):
            # two noun phrases, each with its determiner: a double object the parser did not label
            # (*send all passengers a voucher*): the first is the recipient
            merged[-1] = Argument("ARG2", last.span, last.text, last.head, "iobj")
            merged.append(a)
        elif a.span[0] == last.span[1] and a.role == last.role:
            # a clause the parser hung on the second noun (*a floor mop [to clean up ...]*) is the verb's
            head = doc[a.head]
            end = (
                max(
                    [head.i]
                    + [
                        c.right_edge.i
                        for c in head.children
                        if c.dep_ not in ("advcl", "relcl", "acl") and c.i > head.i
                    ]
                )
                + 1
            )
            start = last.span[0]
            merged[-1] = Argument(last.role, (start, end), doc[start:end].text, a.head, function)
        else:
            merged.append(a)
    return [a for a in args if a.function != function] + merged


def _determined(noun) -> bool:
    """A noun phrase with its own determiner, possessor or numeral, or a pronoun."""
    return noun.pos_ == "PRON" or any(
        c.dep_ in ("det", "poss", "nummod", "predet") for c in noun.children
    )


def _misparsed_object(np, verb, has_dobj: bool) -> bool:
    """A determiner-headed noun phrase right after a non-copular verb that has no object is
    its object, not an adverbial (the small model reads *led the way* as npadvmod)."""
    return (
        not has_dobj
        and verb.pos_ == "VERB"
        and np.left_edge.i == verb.i + 1
        and np.pos_ in ("NOUN", "PROPN")
        and np.lower_ not in _TIME_WORDS
        and np.ent_type_ not in ("DATE", "TIME")
        and any(c.dep_ in ("det", "poss") for c in np.children)
    )


# Adverbs that can be the focus of an it-cleft (*It was here that ...*, *It was then that ...*).
_CLEFT_ADVERBS = frozenset(
    {"here", "there", "then", "now", "today", "yesterday", "recently", "later", "earlier"}
)


def _cleft(root):
    """(relative-clause verb, focus token) when ``root`` is an it-cleft, else None."""
    if root.lemma_ != "be":
        return None
    subj = next((c for c in root.children if c.dep_ in ("nsubj", "expl")), None)
    if subj is None or subj.lower_ != "it":
        return None
    for c in root.children:
        if c.dep_ in ("attr", "acomp", "prep") or (
            c.dep_ == "advmod" and c.lower_ in _CLEFT_ADVERBS
        ):
            # the cleft's relative clause is the focus's first one, unless a later one that ends the
            # sentence has *who* after a noun that is not a person (*It was the boy who won the race
            # who kissed his mother*: *who* cannot modify *race*, so that clause is the cleft's)
            # a relative between commas is the focus's own (*the show, which begins at nine, that ...*)
            rel = next(
                (
                    g
                    for g in c.children
                    if g.dep_ == "relcl"
                    and not (
                        g.left_edge.i > 0
                        and root.doc[g.left_edge.i - 1].text == ","
                        and g.right_edge.i + 1 < len(root.doc)
                        and root.doc[g.right_edge.i + 1].text == ","
                    )
                ),
                None,
            )
            end = max((t.i for t in root.sent if not t.is_punct), default=root.i)
            for g in c.subtree:
                if (
                    g.dep_ != "relcl"
                    or g is rel
                    or g.right_edge.i < end
                    or rel is None
                    or g.i < rel.i
                ):
                    continue
                who = next(
                    (k for k in g.children if k.lower_ in ("who", "whom") and k.i < g.i), None
                )
                noun = g.head
                if (
                    who is not None
                    and noun.pos_ == "NOUN"
                    and noun.lemma_.lower() not in english.person_nouns()
                    and noun.ent_type_ != "PERSON"
                ):
                    rel = g
            if rel is None:
                rel = next(
                    (
                        g
                        for g in root.children
                        if g.dep_ in ("relcl", "ccomp", "advcl") and g.i > c.i
                    ),
                    None,
                )
            if rel is not None and rel.pos_ in ("VERB", "AUX"):
                return rel, c
    return None


def _with_cleft(frame: Frame, focus, doc) -> Frame:
    """Mark ``frame`` as the clefted clause; the focus fills the role its gap fills."""
    rel = doc[frame.verb]
    gap_pronoun = next(
        (c for c in rel.children if c.lower_ in ("who", "whom", "that", "which")), None
    )
    role = None
    if gap_pronoun is not None:
        role = next((a.role for a in frame.arguments if a.head == gap_pronoun.i), None)
    if role is None:
        subj = next((a for a in frame.arguments if a.function == "subj"), None)
        role = "ARG1" if subj is not None else "ARG0"
    pred = frame.predicate
    return Frame(
        predicate=Predicate(**{**pred.features(), "lemma": pred.lemma, "cleft": role}),
        verb=frame.verb,
        verb_group=frame.verb_group,
        arguments=frame.arguments,
        finite=frame.finite,
        clause=frame.clause,
    )
