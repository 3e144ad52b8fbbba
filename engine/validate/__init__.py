"""Validators shared by every backend: each says accept, reject or flag, with a reason.

======================  =====================================================================
``degeneracy``          empty or unchanged output, junk tokens, leaked control codes, loops
``erg``                 the ERG (through ACE) must parse the candidate
``control``             re-analysis shows the requested change (and the TAILOR controls)
``bleu``                BLEU-4 against the source inside a range
``entailment``          two-way entailment with the source under a local NLI model
``likelihood``          TAILOR/Polyjuice fluency filter: log-probability drop under a bound
``accept``              the trained acceptability classifier (``seam train-accept``); below
                        its threshold a candidate is rejected
======================  =====================================================================
"""

from ..errors import RankError
from ..registry import Registry
from .base import ACCEPT, FLAG, REJECT, VERDICTS, Item, Validator, Verdict, worst
from .control import ControlAdherence
from .degeneracy import Degeneracy, degeneracy
from .grammar import ErgGrammaticality, RecordedParses
from .similarity import BleuRange, Entailment, LikelihoodDrop, bleu

# Validators by name. A factory takes the settings object that opens them (the Selector:
# ``toolkit``, ``parses``, ``ace``, ``grammar``, ``bleu_range``, ``expect``, ``max_drop``,
# ``likelihood_lm``).
VALIDATOR_REGISTRY: Registry[Validator] = Registry(
    "validator", RankError, entry_points="seam.validators"
)
VALIDATOR_REGISTRY.register(
    "degeneracy", lambda s: Degeneracy(), help="empty, unchanged or junk output"
)
VALIDATOR_REGISTRY.register(
    "erg",
    lambda s: ErgGrammaticality(
        RecordedParses(s.parses) if s.parses else None, ace=s.ace, grammar=s.grammar
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


def _likelihood(s) -> LikelihoodDrop:
    which = s.likelihood_lm or ("lm" if s.toolkit.options["lm"] else "ngram")
    return LikelihoodDrop(s.toolkit.language_model(which), s.max_drop, nlp=s.toolkit.spacy())


VALIDATOR_REGISTRY.register("likelihood", _likelihood, help="log-probability drop under a bound")


def _accept(s):
    from ..accept.classifier import AcceptClassifier
    from .accept import AcceptValidator

    return AcceptValidator(
        AcceptClassifier.load(s.accept_model, device=s.toolkit.device), veto=True
    )


VALIDATOR_REGISTRY.register(
    "accept",
    _accept,
    help="the trained acceptability classifier (seam train-accept): a "
    "candidate below its threshold is rejected",
)
VALIDATORS = tuple(VALIDATOR_REGISTRY.names())

__all__ = [
    "ACCEPT",
    "FLAG",
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
    "RecordedParses",
    "Validator",
    "Verdict",
    "bleu",
    "degeneracy",
    "worst",
]
