"""Repairs of spaCy's parse before it is read as frames: each fixes one class of error the
small English model makes (a subject hung on an auxiliary, *ought to*, modal questions,
clothing phrases, nominal clauses, copular participles, *'s* for *has*, finite tags, inverted
copulas), in the
order :func:`repair` applies them; and the tokenizer cases that keep PTB clitics whole."""

from __future__ import annotations

from .. import english

# The words that open a clause of time, condition or reason (*when*, *if*, *because*)
_CLAUSE_OPENERS = english.read_lexicon("temporal_subordinators") | {"because"}

SUBJECT_DEPS = ("nsubj", "nsubjpass", "csubj", "csubjpass", "expl")


_CLITICS = ("'m", "'re", "'s", "'ve", "'ll", "'d", "n't")


def add_clitic_cases(nlp) -> None:
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
            if k.dep_ in SUBJECT_DEPS:
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
            c.dep_ in ("mark", "advmod") and c.i < tok.i and c.lower_ in _CLAUSE_OPENERS
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
        subj = next((c for c in be.children if c.dep_ in SUBJECT_DEPS), None)
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


_PLACE_DEPS = ("advmod", "prep", "npadvmod")


def _repair_has_clitic(doc) -> None:
    """A clitic *'s* before a past participle that takes an object, or before *been*, *had* or
    *got*, or *gone* with a place, is *has*, not *is* (*He's had other problems*, *She's got a
    new job*, *It's been a long week*, *She's gone home*): the verb is active and perfect, its
    subject a subject, not a passive's."""
    for clitic in doc:
        verb = clitic.head
        if (
            clitic.lower_ != "'s"
            or clitic.dep_ not in ("aux", "auxpass")
            or verb.i == clitic.i
            or any(t.pos_ != "ADV" for t in doc[clitic.i + 1 : verb.i])
            or verb.i < clitic.i
            or verb.tag_ not in ("VBN", "VBD")
        ):
            continue
        kids = list(verb.children)
        if not (
            verb.lower_ in ("been", "had", "got", "gotten")
            or any(k.dep_ in ("dobj", "ccomp", "xcomp") for k in kids)
            # *She's gone home*: *is gone* takes no place or direction
            or (verb.lower_ == "gone" and any(k.dep_ in _PLACE_DEPS for k in kids))
        ):
            continue
        clitic.dep_, clitic.lemma_ = "aux", "have"
        verb.tag_ = "VBN"
        for k in kids:
            if k.dep_ == "nsubjpass":
                k.dep_ = "nsubj"
            elif k.dep_ == "auxpass" and k.i != clitic.i:
                k.dep_ = "aux"


def repair(doc) -> None:
    """Apply every repair to ``doc``, in place, in this order (a later one reads what an
    earlier one fixed)."""
    _repair_ought_to(doc)
    _repair_modal_question(doc)
    _repair_clothing_phrases(doc)
    _repair_nominal_clauses(doc)
    _repair_copular_participles(doc)
    _repair_auxiliary_dependents(doc)
    _repair_has_clitic(doc)
    _repair_finite_tags(doc)
    _repair_inverted_copula(doc)
