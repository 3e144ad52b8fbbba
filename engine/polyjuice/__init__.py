"""The Polyjuice layer: counterfactual control codes placed by blanks.

* :mod:`.format`: prompts, training texts, reading completions back;
* :mod:`.blanks`: blanks from the dependency parse (the original's scheme) or from Seam's IR;
* :mod:`.detect`: the control code of any pair (x, x̂).
"""

from .detect import detect, detect_texts
from .format import CODES, Completion, prompt, read_completion, training_text

__all__ = [
    "CODES",
    "Completion",
    "detect",
    "detect_texts",
    "prompt",
    "read_completion",
    "training_text",
]
