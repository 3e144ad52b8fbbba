"""Locative phrases stay with the verb when ``swap`` moves the object to the subject.

*The girl is paddling a rusty canoe in the water.* The ERG (and spaCy) attach *in the water* to
*canoe*; swapped as parsed, that gives *A rusty canoe in the water is paddling the girl.*, where
a reader takes the place to belong to the event. The surface backend leaves such a phrase after
the verb (``engine/surface/layout.py``); here the same is done in the MRS: a locative
preposition EP that modifies the new subject's noun from after it is re-attached to the verb
(its ARG1 becomes the verb's event, its label the verb's), and ACE realizes it in the verb
phrase.
"""

from __future__ import annotations

import re

from delphin.mrs import EP, MRS, HCons, ICons

from ..english import LOCATIVE_PREPOSITIONS
from .mrsview import View, is_well_formed, vtype

_PREPOSITION = re.compile(r"_([a-z]+)_p(?:_[a-z]+)?$")


def locatives_to_verb(m: MRS) -> MRS:
    """``m`` with the locative PPs after the main verb's ARG1 noun attached to the verb instead;
    ``m`` itself where there is none (or the result would be ill-formed)."""
    view = View(m)
    main = view.main
    x = main.args.get("ARG1") if main is not None else None
    if main is None or x is None or vtype(x) != "x":
        return m
    nouns = [ep for ep in m.rels if ep.iv == x and not ep.is_quantifier()]
    if len(nouns) != 1 or nouns[0].lnk is None or nouns[0].cto < 0:
        return m
    noun = nouns[0]
    moved = {
        id(ep)
        for ep in m.rels
        if ep.label == noun.label
        and ep.args.get("ARG1") == x
        and ep.lnk is not None
        and ep.cfrom >= noun.cto
        and (hit := _PREPOSITION.search(str(ep.predicate)))
        and hit.group(1) in LOCATIVE_PREPOSITIONS
    }
    if not moved:
        return m
    rels = [
        EP(ep.predicate, main.label, {**ep.args, "ARG1": main.iv}, ep.lnk, ep.surface, ep.base)
        if id(ep) in moved
        else EP(ep.predicate, ep.label, dict(ep.args), ep.lnk, ep.surface, ep.base)
        for ep in m.rels
    ]
    out = MRS(
        m.top,
        m.index,
        rels,
        [HCons(h.hi, h.relation, h.lo) for h in m.hcons],
        [ICons(i.left, i.relation, i.right) for i in m.icons],
        {v: dict(p) for v, p in m.variables.items()},
    )
    return out if is_well_formed(out) else m
