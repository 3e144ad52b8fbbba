"""The symbolic layer: ACE process pool, grammar discovery, ERG analyzer, MRS rewrite rules."""

from .grammar import Grammar, find_grammar
from .rules import GrammarProfile, RuleSet, apply_rule, check_files, load_family

__all__ = [
    "Grammar",
    "GrammarProfile",
    "RuleSet",
    "apply_rule",
    "check_files",
    "find_grammar",
    "load_family",
]
