"""The neural layer: TAILOR-style control codes, prompts from the IR, typed perturbations,
the T5 generator, its training, and the controllability check."""

from .codes import (
    ANY,
    ArgControl,
    Blank,
    GeneratedSpan,
    Generation,
    Header,
    Prompt,
    VerbControl,
    clean_punct,
    parse_generation,
    specificity_of,
)

__all__ = [
    "ANY",
    "ArgControl",
    "Blank",
    "GeneratedSpan",
    "Generation",
    "Header",
    "Prompt",
    "VerbControl",
    "clean_punct",
    "parse_generation",
    "specificity_of",
]
