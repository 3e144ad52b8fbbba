"""Validators shared by every backend: each says accept, reject or flag, with a reason.

======================  =====================================================================
``degeneracy``          empty or unchanged output, junk tokens, leaked control codes, loops
``erg``                 the ERG (through ACE) must parse the candidate
``control``             re-analysis shows the requested change (and the TAILOR controls)
``bleu``                BLEU-4 against the source inside a range
``entailment``          two-way entailment with the source under a local NLI model
``likelihood``          TAILOR/Polyjuice fluency filter: log-probability drop under a bound
======================  =====================================================================
"""

from .base import ACCEPT, FLAG, REJECT, VERDICTS, Item, Validator, Verdict, worst
from .control import ControlAdherence
from .degeneracy import Degeneracy, degeneracy
from .grammar import ErgGrammaticality, RecordedParses
from .similarity import BleuRange, Entailment, LikelihoodDrop, bleu

VALIDATORS = ("degeneracy", "erg", "control", "bleu", "entailment", "likelihood")

__all__ = ["ACCEPT", "FLAG", "REJECT", "VALIDATORS", "VERDICTS", "BleuRange", "ControlAdherence", "Degeneracy",
           "Entailment", "ErgGrammaticality", "Item", "LikelihoodDrop", "RecordedParses", "Validator", "Verdict",
           "bleu", "degeneracy", "worst"]
