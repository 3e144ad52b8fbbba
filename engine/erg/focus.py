"""The focus of an it-cleft in an analysis: which argument a cleft target names, and whether
it names a person (who picks *who* or *which*). Read by the cleft flow and by the filter that
checks a realization's relativizer, so it sits below both."""

from __future__ import annotations

from .. import english
from ..ir import Analysis, Argument


def focus_argument(analysis: Analysis, target: str) -> Argument | None:
    """The clause argument a cleft target names (``SUBJ``: the surface subject)."""
    frame = analysis.main_frame
    if frame is None:
        return None
    if target == "SUBJ":
        return next((a for a in frame.arguments if a.function == "subj"), None)
    return next(
        (
            a
            for a in frame.arguments
            if a.role == target and a.function in ("subj", "obj", "iobj", "pp", "agent")
        ),
        None,
    )


def is_person(analysis: Analysis, arg: Argument) -> bool:
    """Whether ``arg`` names a person: a name the tagger marks as one, a personal pronoun, or
    a noun of ``person_nouns.txt``."""
    tokens = analysis.sentence.tokens[arg.span[0] : arg.span[1]]
    words = {t.text.lower() for t in tokens} | {t.lemma.lower() for t in tokens if t.lemma}
    if any(t.ent_type == "PERSON" for t in tokens) or any(map(english.is_personal_pronoun, words)):
        return True
    return bool(words & english.person_nouns())
