"""Shared checks on plans and realizations, the same for every backend and validator, by what
they are:

* :mod:`.plan`: plan semantics. :func:`target_features` (what a predicate's features become
  under a plan: the modal carries the tense, ``can`` + past is ``could``, or why the plan
  cannot be expressed on it); :func:`already_satisfied` (the one definition of "the source
  already shows this change": status ``ok``, the source as the only candidate, a reason
  starting ``unchanged:``); :func:`unsupported` (what a backend cannot express);
* :mod:`.table`: :func:`refusal`, the linguistic refusals every backend shares, asked in the
  order of :data:`REFUSALS`, each with a stable code (``R`` and three digits) and a sentence it
  refuses; their checks live in :mod:`.refusals` (imperatives, wh-questions, stative verbs,
  measure verbs, reflexives, contradicting time adverbs), :mod:`.closed`, :mod:`.scope`, ...,
  and :mod:`.sentences` holds the refusals of a sentence whatever the plan;
* :mod:`.outputs`: checks on a realization. :func:`shows_change` (it shows the plan's change)
  and :func:`keeps_source` (it keeps everything the plan does not change: voice, tense,
  aspect, polarity, modality, force, the lexical verb, the core arguments in their roles, and
  the order and place of every other word and punctuation mark), judged by analyzing source
  and realization with the same analyzer;
* :mod:`.clauses`: reading a clause off an analysis, for the others.

The English word lists they read are data files under ``rules/lexicon/``, loaded once.

>>> from engine.ir import Predicate
>>> from engine.transforms import EditPlan
>>> already_satisfied(Predicate("see", tense="past"), EditPlan({"tense": "past"}))
'unchanged: the sentence is already past tense'
>>> can = Predicate("see", tense="pres", modality="can")
>>> target_features(can, EditPlan({"tense": "past"}))[0].modality
'could'
"""

from .clauses import (
    CONCESSIVE_SUBORDINATORS,
    TEMPORAL_SUBORDINATORS,
    main_clause_tokens,
    temporal_clauses,
)
from .closed import comment_clauses
from .outputs import core_arguments, declarative_of, keeps_order, keeps_source, shows_change
from .plan import (
    CLAUSE_FEATURES,
    UNCHANGED,
    already_satisfied,
    describe,
    plan_features,
    target_features,
    unsupported,
    value_name,
)
from .refusals import NEGATIVE_ADVERBS
from .scope import clause_heads, negation_joins, own_group_conjuncts
from .scope import phrase as clause_phrase
from .sentences import (
    REPORTING_VERBS,
    inverted_reporting,
    not_english,
    presentational,
    reporting_clause,
    several_clauses,
)
from .sequence import backshifted_clauses
from .table import MISPARSES, REFUSALS, Refusal, Refused, misparsed_verb, refusal
from .time import time_conflict

__all__ = [
    "CLAUSE_FEATURES",
    "CONCESSIVE_SUBORDINATORS",
    "NEGATIVE_ADVERBS",
    "MISPARSES",
    "REFUSALS",
    "Refusal",
    "Refused",
    "clause_heads",
    "own_group_conjuncts",
    "clause_phrase",
    "comment_clauses",
    "negation_joins",
    "REPORTING_VERBS",
    "TEMPORAL_SUBORDINATORS",
    "UNCHANGED",
    "already_satisfied",
    "core_arguments",
    "declarative_of",
    "describe",
    "inverted_reporting",
    "keeps_order",
    "keeps_source",
    "main_clause_tokens",
    "misparsed_verb",
    "not_english",
    "plan_features",
    "presentational",
    "refusal",
    "reporting_clause",
    "several_clauses",
    "shows_change",
    "target_features",
    "temporal_clauses",
    "backshifted_clauses",
    "time_conflict",
    "unsupported",
    "value_name",
]
