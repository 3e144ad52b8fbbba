"""Read-only helpers over a pydelphin MRS: the index EP, the clause's main predication, qeqs.

The rule engine, the ERG analyzer and the tests share these, so that "the verb a rule
targets" means the same thing everywhere.

>>> from delphin.codecs import simplemrs
>>> m = simplemrs.decode('[ LTOP: h0 INDEX: e2 RELS: < [ _may_v_modal LBL: h1 ARG0: e2 ARG1: h3 ] '
...     '[ _sleep_v_1 LBL: h4 ARG0: e5 ARG1: x6 ] > HCONS: < h0 qeq h1 h3 qeq h4 > ]')
>>> View(m).main.predicate
'_sleep_v_1'
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from delphin import mrs as dmrs_mrs
from delphin import variable
from delphin.codecs import simplemrs
from delphin.mrs import EP, MRS

MODAL_SUFFIX = "_v_modal"


def decode(text: str) -> MRS:
    """SimpleMRS text -> MRS (pydelphin's decoder; raises its own errors on bad input)."""
    return simplemrs.decode(text)


def encode(m: MRS, lnk: bool = True) -> str:
    """MRS -> one-line SimpleMRS."""
    return simplemrs.encode(m, lnk=lnk)


def is_well_formed(m: MRS) -> bool:
    """pydelphin's check: connected, intrinsic variables, plausible scoping."""
    return dmrs_mrs.is_well_formed(m)


def vtype(var: str | None) -> str:
    """The type letter of a variable (``x3`` -> ``x``); ``''`` for None or a constant."""
    if not var:
        return ""
    try:
        return variable.type(var)
    except ValueError:
        return ""


class View:
    """Indexes over one MRS for matching and analysis."""

    def __init__(self, m: MRS):
        self.m = m
        self.qeq = {hc.hi: hc.lo for hc in m.hcons if hc.relation == "qeq"}

    @cached_property
    def by_label(self) -> dict[str, list[EP]]:
        out: dict[str, list[EP]] = {}
        for ep in self.m.rels:
            out.setdefault(ep.label, []).append(ep)
        return out

    def target(self, handle: str | None) -> str | None:
        """The label a hole reaches: through its qeq, or the handle itself if it is a label."""
        if handle is None:
            return None
        return self.qeq.get(handle, handle if handle in self.by_label else None)

    @property
    def top_label(self) -> str | None:
        """The label TOP is qeq to (TOP itself if it is a label)."""
        return self.target(self.m.top)

    @cached_property
    def index_ep(self) -> EP | None:
        """The non-quantifier EP whose ARG0 is INDEX (verbs preferred over modifiers)."""
        hits = [ep for ep in self.m.rels if ep.iv == self.m.index and not ep.is_quantifier()]
        return _prefer_verb(hits)

    def clause_head(self, label: str | None, _depth: int = 0) -> EP | None:
        """The head EP of the scopal position ``label``: the EP the others there modify.

        A ``neg`` found there, or a scopal head (``_never_a_1``, ``subord``), is looked
        through to what it scopes over (its ARG1).
        """
        eps = [ep for ep in self.by_label.get(label or "", ()) if not ep.is_quantifier()]
        if not eps:
            return None
        for ep in eps:
            if ep.predicate == "neg":
                inner = (
                    self.clause_head(self.target(ep.args.get("ARG1")), _depth + 1)
                    if _depth < 8
                    else None
                )
                if inner is not None:
                    return inner
        modified = {ep.args.get("ARG1") for ep in eps}
        heads = [ep for ep in eps if ep.iv in modified and vtype(ep.iv) == "e"]
        head = _prefer_verb(heads or eps)
        # A scopal modifier over the clause (never, while, subord ...): its ARG1 is the clause.
        if (
            head is not None
            and vtype(head.args.get("ARG1")) == "h"
            and not head.predicate.endswith(MODAL_SUFFIX)
        ):
            if _depth < 8:
                inner = self.clause_head(self.target(head.args.get("ARG1")), _depth + 1)
                if inner is not None:
                    return inner
        return head

    @cached_property
    def path(self) -> list[EP]:
        """The EPs from the index EP down to :attr:`main` (modals, cleft copulas, negs passed)."""
        self.main  # noqa: B018 - computes the path
        return self._path

    @cached_property
    def main(self) -> EP | None:
        """The clause's main predication.

        The index EP, except: under a modal (``*_v_modal``) it is the head of the modal's
        ARG1; in an ERG 1214 it-cleft (``_be_v_itcleft``) the head of its ARG2; in the ERG
        2018 cleft analysis (``_be_v_id`` sharing its label with a ``relative_mod`` whose
        ARG1 is a ``generic_entity``) the head of the relative clause.
        """
        ep = self.index_ep
        self._path: list[EP] = [ep] if ep is not None else []
        for _ in range(8):  # modal over modal is finite; this bounds malformed input
            if ep is None:
                return None
            inner = None
            if ep.predicate.endswith(MODAL_SUFFIX):
                inner = self.clause_head(self.target(ep.args.get("ARG1")))
            elif ep.predicate == "_be_v_itcleft":
                inner = self._taking(ep.args.get("ARG1"), ep) or self.clause_head(
                    self.target(ep.args.get("ARG2"))
                )
            elif (rel := self.cleft_relative(ep)) is not None:
                # the clefted clause's head is the predication with the gap as an argument
                inner = self._taking(rel.args.get("ARG1"), rel) or self.clause_head(
                    self.target(rel.args.get("ARG2"))
                )
                if inner is not None:
                    self._path += self._chain(self.target(rel.args.get("ARG2")), inner.label)
            if inner is None or inner is ep:
                return ep
            ep = inner
            self._path.append(ep)
        return ep

    def _chain(self, label: str | None, stop: str) -> list[EP]:
        """Scopal EPs (neg, modals, ...) met descending from ``label`` to the label ``stop``."""
        out: list[EP] = []
        for _ in range(8):
            if label is None or label == stop:
                break
            scopal = [
                ep for ep in self.by_label.get(label, ()) if vtype(ep.args.get("ARG1")) == "h"
            ]
            if not scopal:
                break
            out.append(scopal[0])
            label = self.target(scopal[0].args.get("ARG1"))
        return out

    def _taking(self, var: str | None, exclude: EP) -> EP | None:
        """The (verbal, if any) EP that has ``var`` as a non-ARG0 argument."""
        hits = [
            ep
            for ep in self.m.rels
            if ep is not exclude
            and not ep.is_quantifier()
            and any(v == var for r, v in ep.args.items() if r != "ARG0")
        ]
        return _prefer_verb(hits)

    def cleft_relative(self, ep: EP) -> EP | None:
        """The ``relative_mod`` of an ERG 2018 it-cleft headed by copula ``ep``, or None."""
        if ep.predicate != "_be_v_id":
            return None
        for other in self.by_label.get(ep.label, ()):
            if other.predicate == "relative_mod":
                gap = other.args.get("ARG1")
                if any(e.predicate == "generic_entity" and e.iv == gap for e in self.m.rels):
                    return other
        return None

    def props(self, var: str | None) -> dict[str, str]:
        return dict(self.m.variables.get(var, {})) if var else {}


def _prefer_verb(eps: Iterable[EP]) -> EP | None:
    eps = list(eps)
    for ep in eps:
        if "_v_" in ep.predicate:
            return ep
    return eps[0] if eps else None


def diff(a: MRS, b: MRS) -> dict[str, list]:
    """A readable structural difference between two MRSs over the same variable names.

    Keys: ``added``/``removed`` EPs (as ``pred(ARG0)``), ``changed`` EP arguments,
    ``props`` changes, ``hcons`` and ``icons`` added/removed, ``index``/``top`` moves.
    Tests use it to check that a rule made exactly its intended change.
    """
    out = _ep_changes(a, b)
    props = _prop_changes(a, b)
    if props:
        out["props"] = props
    ha = {(h.hi, str(getattr(h.relation, "value", h.relation)), h.lo) for h in a.hcons}
    hb = {(h.hi, str(getattr(h.relation, "value", h.relation)), h.lo) for h in b.hcons}
    if ha != hb:
        out["hcons"] = [sorted(hb - ha), sorted(ha - hb)]
    ia = {(i.left, i.relation, i.right) for i in a.icons}
    ib = {(i.left, i.relation, i.right) for i in b.icons}
    if ia != ib:
        out["icons"] = [sorted(ib - ia), sorted(ia - ib)]
    if a.index != b.index:
        out["index"] = [a.index, b.index]
    if a.top != b.top:
        out["top"] = [a.top, b.top]
    return out


def _ep_changes(a: MRS, b: MRS) -> dict[str, list]:
    """The ``removed``, ``added`` and ``changed`` EPs of :func:`diff` (keys only when not empty)."""

    def ep_key(ep: EP) -> tuple:
        return (ep.predicate, ep.label, tuple(sorted(ep.args.items())))

    ka, kb = {ep_key(e) for e in a.rels}, {ep_key(e) for e in b.rels}
    out: dict[str, list] = {}
    removed = [k for k in ka - kb]
    added = [k for k in kb - ka]
    # An EP that kept predicate and ARG0 but changed arguments is "changed", not added+removed.
    changed = []
    for r in list(removed):
        for ad in list(added):
            if r[0] == ad[0] and dict(r[2]).get("ARG0") == dict(ad[2]).get("ARG0"):
                changed.append((r[0], dict(r[2]).get("ARG0"), _arg_delta(r, ad)))
                removed.remove(r)
                added.remove(ad)
                break
    if removed:
        out["removed"] = sorted(f"{k[0]}({dict(k[2]).get('ARG0', '')})" for k in removed)
    if added:
        out["added"] = sorted(f"{k[0]}({dict(k[2]).get('ARG0', '')})" for k in added)
    if changed:
        out["changed"] = sorted(changed, key=str)
    return out


def _prop_changes(a: MRS, b: MRS) -> list[tuple]:
    """``(var, property, old, new)`` for each property changed on a variable both MRSs have."""
    props = []
    for var in sorted(set(a.variables) | set(b.variables)):
        pa, pb = dict(a.variables.get(var, {})), dict(b.variables.get(var, {}))
        for p in sorted(set(pa) | set(pb)):
            if pa.get(p) != pb.get(p) and var in a.variables and var in b.variables:
                props.append((var, p, pa.get(p), pb.get(p)))
    return props


def _arg_delta(old: tuple, new: tuple) -> dict[str, tuple]:
    oa, na = dict(old[2]), dict(new[2])
    delta = {r: (oa.get(r), na.get(r)) for r in sorted(set(oa) | set(na)) if oa.get(r) != na.get(r)}
    if old[1] != new[1]:
        delta["LBL"] = (old[1], new[1])
    return delta
