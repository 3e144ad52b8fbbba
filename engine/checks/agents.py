"""Who acts: whether a subject names someone who does things (a person, a group, an
institution, a named organization) rather than a thing that is or holds. Many checks turn on it
(a stative reading, a modal's reading, a pronoun's referent), so it sits below them all.

The words are data: ``agent_nouns.txt``, ``person_heads.txt``, ``thing_nouns.txt`` and the
person nouns of :func:`engine.english.person_nouns`.
"""

from __future__ import annotations

from .. import english
from ..ir import Analysis, Frame, Token

_PERSON_WORDS = frozenset(
    "i you we he she they everyone everybody anyone anybody someone somebody nobody".split()
)
# (-er and -or also make instruments: a boiler, a motor; they are not read as agents)
_AGENT_SUFFIXES = ("ist", "ian", "eer")


def subject_acts(analysis: Analysis, frame: Frame) -> bool:
    """Whether the frame has a subject and it names someone who acts (:func:`is_agent`)."""
    tokens = analysis.sentence.tokens
    subj = next((a for a in frame.arguments if a.function == "subj"), None)
    return (
        subj is not None and 0 <= subj.head < len(tokens) and is_agent(analysis, tokens[subj.head])
    )


def measures_as_an_act(analysis: Analysis, frame: Frame) -> bool:
    """Whether *measure* or *weigh* is done by someone to a thing (*We measured strike and dip
    at twelve stations*, *The nurse weighed the baby*), not a measure stated of the subject
    (*The room measures four metres*, *The baby weighed 3 kg*): a subject that acts and an
    object that counts nothing. Such a verb has a progressive and a passive."""
    if frame.predicate.lemma not in ("measure", "weigh"):
        return False
    obj = next((a for a in frame.arguments if a.function == "obj"), None)
    if obj is None or not subject_acts(analysis, frame):
        return False
    tokens = analysis.sentence.tokens[obj.span[0] : obj.span[1]]
    return not any(t.tag == "CD" and obj.head in (t.i, t.head) for t in tokens)


def is_agent(analysis: Analysis, head: Token) -> bool:
    """Whether a subject's head names someone who acts: a personal pronoun, a person or
    institution noun (``person_nouns.txt``, ``agent_nouns.txt``), a person, organization or
    group name, or a noun with a person suffix (*-ist*, *-ian*, *-eer*; not *-ee*: a tree) or
    a person noun's ending (``person_heads.txt``: *policyholder*, *taxpayer*)."""
    word = head.text.lower()
    lemma = head.lemma.lower() or word
    if word in _PERSON_WORDS or head.ent_type in ("PERSON", "ORG", "NORP", "GPE"):
        return True
    nouns = english.person_nouns() | _AGENT_NOUNS
    if lemma in nouns or word in nouns or head.tag == "NNP":
        return True
    if head.pos != "NOUN" or lemma in _THING_NOUNS:
        return False
    # *policyholder*, *homeowner*: a compound written as one word, ending in a person noun
    return lemma.endswith(_AGENT_SUFFIXES) or any(
        lemma.endswith(end) and len(lemma) > len(end) + 2 for end in _PERSON_HEADS
    )


_AGENT_NOUNS = english.read_lexicon("agent_nouns")
_PERSON_HEADS = english.read_lexicon("person_heads")
_THING_NOUNS = english.read_lexicon("thing_nouns")
