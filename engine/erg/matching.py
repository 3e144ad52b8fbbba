"""Matching and applying MRS rules: a backtracking search over EP bindings in pattern order
(a small constraint solver), so a pattern can name any number of EPs and relate them by
argument identity, shared labels and qeq reachability; then the rewrite actions, in order.
A rule is applied at its first admissible binding.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterator, Mapping

from delphin.mrs import EP, MRS, HCons, ICons

from ..results import NOT_APPLICABLE  # a rule outcome, and the record status it becomes
from .mrsview import View, is_well_formed, vtype
from .rule_schema import (
    APPLIED,
    EVENT_DEFAULTS,
    ILL_FORMED,
    UNSUPPORTED,
    VAR_TYPES,
    Condition,
    EPPattern,
    GrammarProfile,
    Outcome,
    Rule,
    fill,
)


class _Ctx:
    """One application: the source MRS, its view, parameters and fresh-variable allocation."""

    def __init__(self, m: MRS, params: Mapping[str, str]):
        self.m = m
        self.view = View(m)
        self.params = params
        ids = [int(n) for v in _all_vars(m) if (n := re.sub(r"^\D+", "", v)).isdigit()]
        self.next_id = max(ids, default=0) + 1
        self.fresh: dict[str, str] = {}

    def new(self, name: str) -> str:
        if name not in self.fresh:
            kind = name[0]
            self.fresh[name] = f"{kind}{self.next_id}"
            self.next_id += 1
        return self.fresh[name]


def _all_vars(m: MRS) -> Iterator[str]:
    yield from m.variables
    for ep in m.rels:
        yield ep.label
        yield from (v for r, v in ep.args.items() if r != "CARG")
    for hc in m.hcons:
        yield hc.hi
        yield hc.lo
    if m.top:
        yield m.top


def _resolve(ref: str, b: Mapping[str, EP], ctx: _Ctx) -> str | None:
    ref = fill(ref, ctx.params)
    if ref == "INDEX":
        return ctx.m.index
    if ref == "TOP":
        return ctx.m.top
    if ref == "TOPLBL":
        return ctx.view.top_label
    if ref.startswith("new:"):
        return ctx.new(ref[4:])
    if ref.startswith("qeq:"):
        ep = b.get(ref[4:])
        return ep.label if ep is not None else None
    name, _, role = ref.partition(".")
    qeq = role.endswith("@qeq")
    role = role.removesuffix("@qeq")
    ep = b.get(name)
    if ep is None:
        return None
    val = ep.label if role == "LBL" else ep.args.get(role)
    return ctx.view.target(val) if qeq else val


def _ep_matches(p: EPPattern, ep: EP, b: Mapping[str, EP], ctx: _Ctx) -> bool:
    view = ctx.view
    if p.preds and not any(fnmatch.fnmatchcase(ep.predicate, fill(g, ctx.params)) for g in p.preds):
        return False
    if p.index and (ep.iv != ctx.m.index or ep.is_quantifier()):
        return False
    if p.main and ep is not view.main:
        return False
    if p.label is not None and ep.label != b[p.label].label:
        return False
    for role, c in p.args.items():
        val = ep.args.get(fill(role, ctx.params))
        if c == "none":
            if val is not None:
                return False
        elif set(c.split("|")) <= VAR_TYPES:
            if val is None or vtype(val) not in c.split("|"):
                return False
        elif c.startswith("qeq:"):
            other = ep if c[4:] == p.name else view.main if c[4:] == "MAIN" else b.get(c[4:])
            if val is None or other is None or view.target(val) != other.label:
                return False
        elif val is None or val != _resolve(c, b, ctx):
            return False
    if p.props and not _props_match(view.props(ep.iv), p.props, ctx):
        return False
    return True


def _props_match(have: Mapping[str, str], want: Mapping[str, tuple[str, ...]], ctx: _Ctx) -> bool:
    for k, vals in want.items():
        if have.get(k) not in {fill(v, ctx.params) for v in vals}:
            return False
    return True


def _bindings(
    patterns: tuple[EPPattern, ...],
    ctx: _Ctx,
    b: dict[str, EP] | None = None,
    distinct: bool = True,
) -> Iterator[dict[str, EP]]:
    """Bindings of the patterns in order; ``distinct``: different names, different EPs."""
    b = dict(b or {})
    if not patterns:
        yield b
        return
    p, rest = patterns[0], patterns[1:]
    used = {id(e) for e in b.values()} if distinct else set()
    for ep in ctx.m.rels:
        if id(ep) in used:
            continue
        if _ep_matches(p, ep, b, ctx):
            b[p.name] = ep
            yield from _bindings(rest, ctx, b, distinct)
            del b[p.name]


def _holds(c: Condition, b: Mapping[str, EP], ctx: _Ctx) -> bool:
    if c.ep is not None:
        return any(True for _ in _bindings((c.ep,), ctx, dict(b), distinct=False))
    if c.icons is not None:
        want = {k: (_resolve(v, b, ctx) if k != "relation" else v) for k, v in c.icons.items()}
        return any(all(getattr(ic, k) == v for k, v in want.items()) for ic in ctx.m.icons)
    return _props_match(ctx.view.props(_resolve(c.var, b, ctx)), c.props, ctx)


# -- application -----------------------------------------------------------------------------


def apply_rule(
    rule: Rule,
    m: MRS,
    params: Mapping[str, str] | None = None,
    grammar: GrammarProfile | None = None,
) -> Outcome:
    """Apply one rule at its first admissible binding."""
    params = dict(params or {})
    grammar = grammar or GrammarProfile()
    if not rule.erg.admits(grammar.version):
        return Outcome(
            UNSUPPORTED,
            rule.name,
            f"{rule.name} targets ERG {rule.erg.text}, not {grammar.version}",
        )
    missing = sorted(p for p in rule.predicates(params) if grammar.lacks(p))
    if missing:
        return Outcome(
            UNSUPPORTED,
            rule.name,
            f"{rule.name} needs {', '.join(missing)}, which ERG {grammar.version} does not have",
        )
    ctx = _Ctx(m, params)
    blocked = None
    for b in _bindings(rule.match, ctx):
        failed = next((c for c in rule.require if not _holds(c, b, ctx)), None)
        if failed is None:
            failed = next((c for c in rule.unless if _holds(c, b, ctx)), None)
        if failed is not None:
            blocked = blocked or failed.reason
            continue
        out = _rewrite(rule, b, ctx)
        if not is_well_formed(out):
            return Outcome(
                ILL_FORMED, rule.name, f"{rule.name} produced an MRS that is not well-formed", out
            )
        return Outcome(APPLIED, rule.name, "", out)
    return Outcome(NOT_APPLICABLE, rule.name, blocked or rule.needs, matched=blocked is not None)


def _rewrite(rule: Rule, b: Mapping[str, EP], ctx: _Ctx) -> MRS:
    """The MRS that ``rule``'s actions make of ``ctx.m`` at binding ``b``."""
    work = _Rewrite(b, ctx)
    for a in rule.actions:
        action = _ACTION_METHODS.get(a.op)
        if action is not None:
            action(work, a.params)
    return work.result()


class _Rewrite:
    """A working copy of the source MRS that a rule's actions edit, one method per action.

    References resolve against the source MRS (plus EPs the rule adds), so actions are
    simultaneous: ``set_arg V ARG1 = V.ARG2`` and ``set_arg V ARG2 = V.ARG1`` swap.
    """

    def __init__(self, b: Mapping[str, EP], ctx: _Ctx):
        m = ctx.m
        self.ctx = ctx
        self.rels = [
            EP(ep.predicate, ep.label, dict(ep.args), ep.lnk, ep.surface, ep.base) for ep in m.rels
        ]
        index_of = {id(ep): k for k, ep in enumerate(m.rels)}
        self.slot = {name: index_of[id(ep)] for name, ep in b.items()}  # name -> position in rels
        self.removed: set[int] = set()
        self.hcons = [(hc.hi, hc.lo) for hc in m.hcons]
        self.icons = [(ic.left, ic.relation, ic.right) for ic in m.icons]
        self.variables = {v: dict(p) for v, p in m.variables.items()}
        self.top, self.index = m.top, m.index
        self.refs: dict[str, EP] = dict(b)
        self.new_events: set[str] = set()

    def res(self, ref: str) -> str | None:
        """Resolve a reference, noting the fresh event variables it creates."""
        val = _resolve(ref, self.refs, self.ctx)
        if ref.startswith("new:") and vtype(val) == "e":
            self.new_events.add(val)
        return val

    def fill_params(self, template: str) -> str:
        """A template with the rule's parameters filled in."""
        return fill(template, self.ctx.params)

    def add_ep(self, p: Mapping) -> None:
        args = {r: self.res(v) for r, v in p["args"].items()}
        if "carg" in p:
            args["CARG"] = self.fill_params(p["carg"])
        ep = EP(self.fill_params(p["pred"]), self.res(p["label"]), args)
        self.rels.append(ep)
        self.refs[p["id"]] = ep
        self.slot[p["id"]] = len(self.rels) - 1

    def remove_ep(self, p: Mapping) -> None:
        self.removed.add(self.slot[p["ep"]])

    def set_pred(self, p: Mapping) -> None:
        k = self.slot[p["ep"]]
        old = self.rels[k]
        self.rels[k] = EP(self.fill_params(p["pred"]), old.label, old.args, old.lnk, old.surface)

    def set_arg(self, p: Mapping) -> None:
        k = self.slot[p["ep"]]
        old = self.rels[k]
        args = dict(old.args)
        role = self.fill_params(p["role"])
        if p["value"] == "none":
            args.pop(role, None)
        else:
            args[role] = self.res(p["value"])
        self.rels[k] = EP(old.predicate, old.label, args, old.lnk, old.surface)

    def set_props(self, p: Mapping) -> None:
        """Set properties of a variable; a value ``=REF:PROP`` copies PROP of REF's variable
        in the source MRS (and is skipped when that variable lacks it)."""
        props = self.variables.setdefault(self.res(p["var"]), {})
        for k, v in p["props"].items():
            if isinstance(v, str) and v.startswith("="):
                src, _, prop = v[1:].rpartition(":")
                v = dict(self.ctx.m.variables.get(self.res(src), {})).get(prop)
                if v is None:
                    continue
            props[k.upper()] = self.fill_params(str(v))

    def add_qeq(self, p: Mapping) -> None:
        self.hcons.append((self.res(p["hi"]), self.res(p["lo"])))

    def remove_qeq(self, p: Mapping) -> None:
        hi = self.res(p["hi"])
        self.hcons = [h for h in self.hcons if h[0] != hi]

    def rewire_qeq(self, p: Mapping) -> None:
        old, new = self.res(p["from"]), self.res(p["to"])
        self.hcons = [(hi, new if lo == old else lo) for hi, lo in self.hcons]

    def add_icons(self, p: Mapping) -> None:
        self.icons.append((self.res(p["left"]), p["relation"], self.res(p["right"])))

    def remove_icons(self, p: Mapping) -> None:
        """Remove the ICONS that agree with every one of left, relation, right given."""
        want = {
            k: (self.res(p[k]) if k != "relation" else p[k])
            for k in ("left", "relation", "right")
            if k in p
        }
        self.icons = [
            ic
            for ic in self.icons
            if not all(
                dict(zip(("left", "relation", "right"), ic, strict=True))[k] == v
                for k, v in want.items()
            )
        ]

    def set_index(self, p: Mapping) -> None:
        self.index = self.res(p["value"])

    def set_top(self, p: Mapping) -> None:
        self.top = self.res(p["value"])

    def result(self) -> MRS:
        """The edited MRS: new events get the default properties, removed EPs go, and only
        the variables still in use keep their properties."""
        variables = self.variables
        for ev in self.new_events:
            props = variables.setdefault(ev, {})
            for k, v in EVENT_DEFAULTS.items():
                props.setdefault(k, v)
        top, index, hcons = self.top, self.index, self.hcons
        kept = [ep for k, ep in enumerate(self.rels) if k not in self.removed]
        used = set(_all_vars(MRS(top, index, kept, [HCons.qeq(h, lo) for h, lo in hcons])))
        used.add(index)
        return MRS(
            top=top,
            index=index,
            rels=kept,
            hcons=[HCons.qeq(hi, lo) for hi, lo in hcons],
            icons=[ICons(left, rel, right) for left, rel, right in self.icons],
            variables={v: p for v, p in variables.items() if v in used},
            lnk=self.ctx.m.lnk,
            surface=self.ctx.m.surface,
        )


# rule action -> the _Rewrite method that performs it
_ACTION_METHODS = {
    "add_ep": _Rewrite.add_ep,
    "remove_ep": _Rewrite.remove_ep,
    "set_pred": _Rewrite.set_pred,
    "set_arg": _Rewrite.set_arg,
    "set_props": _Rewrite.set_props,
    "add_qeq": _Rewrite.add_qeq,
    "remove_qeq": _Rewrite.remove_qeq,
    "rewire_qeq": _Rewrite.rewire_qeq,
    "add_icons": _Rewrite.add_icons,
    "remove_icons": _Rewrite.remove_icons,
    "set_index": _Rewrite.set_index,
    "set_top": _Rewrite.set_top,
}


# -- rule sets -------------------------------------------------------------------------------
