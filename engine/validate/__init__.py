"""Validators: each says accept, reject or flag of a candidate, with a reason (the framework:
:mod:`engine.validate.base`). One registry serves ranking (``--validate``) and the sorting of
acceptability training data (``seam train-accept --validators``).

======================  =====================================================================
``degeneracy``          empty or unchanged output, junk tokens, leaked control codes, loops
``erg``                 the ERG (through ACE) must parse the candidate
``control``             re-analysis shows the requested change (and the TAILOR controls)
``bleu``                BLEU-4 against the source inside a range
``entailment``          two-way entailment with the source under a local NLI model
``likelihood``          TAILOR/Polyjuice fluency filter: log-probability drop under a bound
``rec-val``             REC-VAL: re-analysis recovers the plan (the change shows, the rest is
                        kept)
``bleu-val``            BLEU-VAL: BLEU-4 against a reference output; a near miss is rejected
``ent-val``             ENT-VAL: two-way entailment with a reference output
``accept``              the trained acceptability classifier (``seam train-accept``); below
                        its threshold a candidate is rejected (an entry point of
                        :mod:`engine.accept.validator`)
======================  =====================================================================
"""

from ..errors import RankError
from ..registry import Registry
from .base import (
    ACCEPT,
    FLAG,
    GRAMMAR,
    MEANING,
    REJECT,
    VERDICTS,
    Item,
    Settings,
    Validator,
    Verdict,
    validate,
    worst,
)
from .control import ControlAdherence, Recovery
from .degeneracy import Degeneracy, degeneracy
from .grammar import ErgGrammaticality, RecordedParses
from .similarity import (
    BleuRange,
    Entailment,
    LikelihoodDrop,
    NearMiss,
    ReferenceEntailment,
    bleu,
)

# Every validator by name: a factory takes the one :class:`Settings` object. An outside
# package adds one through the ``seam.validators`` entry point (as the ``accept`` validator of
# :mod:`engine.accept.validator` does).
VALIDATOR_REGISTRY: Registry[Validator] = Registry(
    "validator", RankError, entry_points="seam.validators"
)
VALIDATOR_REGISTRY.register(
    "degeneracy", lambda s: Degeneracy(), help="empty, unchanged or junk output"
)
VALIDATOR_REGISTRY.register(
    "erg",
    lambda s: ErgGrammaticality(
        RecordedParses(s.parses) if s.parses else None, ace=s.ace, grammar=s.grammar, veto=s.veto
    ),
    help="the ERG must parse the candidate",
)
VALIDATOR_REGISTRY.register(
    "control",
    lambda s: ControlAdherence(s.toolkit.analyzer()),
    help="re-analysis shows the requested change",
)
VALIDATOR_REGISTRY.register(
    "bleu", lambda s: BleuRange(*s.bleu_range), help="BLEU-4 against the source in a range"
)
VALIDATOR_REGISTRY.register(
    "entailment",
    lambda s: Entailment(s.toolkit.nli(), expect=s.expect),
    help="two-way entailment with the source",
)


def _likelihood(s: Settings) -> LikelihoodDrop:
    which = s.likelihood_lm or ("lm" if s.toolkit.options["lm"] else "ngram")
    return LikelihoodDrop(s.toolkit.language_model(which), s.max_drop, nlp=s.toolkit.spacy())


VALIDATOR_REGISTRY.register("likelihood", _likelihood, help="log-probability drop under a bound")
VALIDATOR_REGISTRY.register(
    "rec-val",
    lambda s: Recovery(s.toolkit.analyzer()),
    help="REC-VAL: re-analysis recovers the plan (the change shows, the rest is kept)",
)
VALIDATOR_REGISTRY.register(
    "bleu-val",
    lambda s: NearMiss(*s.near_miss),
    help="BLEU-VAL: BLEU-4 against the reference; a near miss is rejected",
)
VALIDATOR_REGISTRY.register(
    "ent-val",
    lambda s: ReferenceEntailment(s.toolkit.nli(), s.threshold),
    help="ENT-VAL: two-way entailment with the reference",
)
VALIDATORS = tuple(VALIDATOR_REGISTRY.names())

__all__ = [
    "ACCEPT",
    "FLAG",
    "GRAMMAR",
    "MEANING",
    "REJECT",
    "VALIDATORS",
    "VALIDATOR_REGISTRY",
    "VERDICTS",
    "BleuRange",
    "ControlAdherence",
    "Degeneracy",
    "Entailment",
    "ErgGrammaticality",
    "Item",
    "LikelihoodDrop",
    "NearMiss",
    "RecordedParses",
    "Recovery",
    "ReferenceEntailment",
    "Settings",
    "Validator",
    "Verdict",
    "bleu",
    "degeneracy",
    "validate",
    "worst",
]
