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

from collections.abc import Iterable

from .. import english
from ..ir import Analysis, Frame, Predicate, Sentence, Token
from ..resources import load_spacy
from .repairs import SUBJECT_DEPS, add_clitic_cases, repair
from .roles import arguments


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
        add_clitic_cases(self.nlp)

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
        repair(doc)
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
        and not any(c.dep_ in SUBJECT_DEPS for c in tok.children)
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
        arguments=tuple(sorted(arguments(tok, passive, group), key=lambda a: a.span)),
        finite=finite,
        clause="main" if tok.dep_ == "ROOT" else tok.dep_,
    )


def _is_question(tok, doc) -> bool:
    sent = tok.sent
    if not len(sent) or sent[-1].text != "?":
        return False
    subj = next((c for c in tok.children if c.dep_ in SUBJECT_DEPS), None)
    if subj is None:
        return True
    first_verb = _verb_group(tok)[0]
    return first_verb.i < subj.left_edge.i


# Adverbs that can be the focus of an it-cleft (*It was here that ...*, *It was then that ...*).
_CLEFT_ADVERBS = english.read_lexicon("cleft_adverbs")


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
            # a relative between commas is the focus's own (*the show, which begins at nine,
            # that ...*)
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
