"""English lexical facts shared by the analyzer and the surface realizer.

Auxiliary and modal forms, pronoun case, agreement, verb inflection (lemminflect, with
hand-written paradigms for the auxiliaries), the person-noun lexicon that chooses the
it-cleft relative pronoun, and the monotonicity lexicons that keep ``shorten`` an entailment
(privative adjectives, non-upward determiners, downward operators). Lexicons that linguists
may want to extend are data files in ``rules/lexicon/``.

The facts live in submodules by kind; every public name is re-exported here, so callers write
``english.X`` (``from .. import english``) whichever submodule defines it:

- :mod:`.auxiliaries`: auxiliary and modal forms, negative contractions, the polar-question
  operators, modal tense shifting (:func:`shift_modal`);
- :mod:`.agreement`: person and number (:class:`Agreement`), *be* forms, pronoun case, the
  personal and reflexive pronouns;
- :mod:`.lexicon`: the ``rules/lexicon/`` reader and word lists, the stative and no-object verb
  classes;
- :mod:`.articles`: *a* or *an* (:func:`indefinite_article`);
- :mod:`.inflection`: verb lemmas, inflection, past participles, the two verbs *lie*;
- :mod:`.phrases`: place prepositions, particles, polarity items, wh-words, complement verbs,
  and the helpers that find or cut a verb's phrase (:func:`prepositional_object`,
  :func:`verb_complement_cut`, :func:`descends`).

Each cached lexicon and module-level table exists once, in its submodule: code that monkeypatches
a name that other functions look up patches it in that submodule.
"""

from __future__ import annotations

from .agreement import (
    REFLEXIVES,
    THIRD_PL,
    THIRD_SG,
    TO_NOMINATIVE,
    Agreement,
    be_form,
    is_personal_pronoun,
    pronoun_agreement,
    third_singular,
    with_case,
)
from .articles import indefinite_article
from .auxiliaries import (
    FUTURE_MODALS,
    NEGATORS,
    OPERATORS,
    aux_lemma,
    finite_aux_tense,
    is_rare_contraction,
    is_regular_contraction,
    modal_lemma,
    negative_contraction,
    shift_modal,
)
from .inflection import (
    LIE_UNTRUE,
    inflect,
    keep_spelling,
    participle_table,
    past_participle,
    verb_lemma,
    verb_sense,
)
from .lexicon import (
    ADVERB_PLACES,
    NO_OBJECT,
    NO_PROGRESSIVE,
    STATIVE_VERBS,
    clothing_nouns,
    downward_operators,
    find_phrase,
    names_with_the,
    non_upward_determiners,
    person_nouns,
    phrase_pattern,
    placement_verbs,
    prepositional_verbs,
    privative_adjectives,
    quantity_nouns,
    read_lexicon,
    read_table,
    read_word_list,
    result_adjectives,
)
from .phrases import (
    ADVERB_PARTICLES,
    CLEFT_RELATIVIZERS,
    LOCATIVE_PREPOSITIONS,
    NEGATIVE_POLARITY_ITEMS,
    OF_COMPLEMENT_VERBS,
    RECIPIENT_VERBS,
    WH_WORDS,
    descends,
    prepositional_object,
    verb_complement_cut,
    without_place_phrase,
)

__all__ = [
    # auxiliaries
    "FUTURE_MODALS",
    "NEGATORS",
    "OPERATORS",
    "aux_lemma",
    "finite_aux_tense",
    "is_rare_contraction",
    "is_regular_contraction",
    "modal_lemma",
    "negative_contraction",
    "shift_modal",
    # agreement
    "REFLEXIVES",
    "THIRD_PL",
    "THIRD_SG",
    "TO_NOMINATIVE",
    "Agreement",
    "be_form",
    "is_personal_pronoun",
    "pronoun_agreement",
    "third_singular",
    "with_case",
    # lexicon
    "NO_OBJECT",
    "NO_PROGRESSIVE",
    "STATIVE_VERBS",
    "clothing_nouns",
    "downward_operators",
    "find_phrase",
    "names_with_the",
    "non_upward_determiners",
    "person_nouns",
    "phrase_pattern",
    "placement_verbs",
    "prepositional_verbs",
    "privative_adjectives",
    "quantity_nouns",
    "read_lexicon",
    "read_word_list",
    "read_table",
    "result_adjectives",
    # articles
    "indefinite_article",
    # inflection
    "LIE_UNTRUE",
    "inflect",
    "keep_spelling",
    "participle_table",
    "past_participle",
    "verb_lemma",
    "verb_sense",
    # phrases
    "ADVERB_PARTICLES",
    "ADVERB_PLACES",
    "LOCATIVE_PREPOSITIONS",
    "NEGATIVE_POLARITY_ITEMS",
    "OF_COMPLEMENT_VERBS",
    "RECIPIENT_VERBS",
    "CLEFT_RELATIVIZERS",
    "WH_WORDS",
    "descends",
    "prepositional_object",
    "verb_complement_cut",
    "without_place_phrase",
]
