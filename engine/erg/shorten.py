"""``shorten(ROLE)`` on an MRS: cut an argument down to its head noun phrase.

The argument's post-nominal modifiers are the EPs that share its noun's label and stand after
the noun in the sentence (character spans): prepositional phrases, participles, relative
clauses, and the time or place phrases inside them. They are removed with everything only
they reach (the *park* of *in the park*, the *I* of *that I bought*): entities no kept EP
refers to, their quantifiers and modifiers, and what their holes are qeq to. Prenominal
adjectives stay (*a red car* keeps *red*: dropping them is not entailment-safe in general).
"""

from __future__ import annotations

from delphin.mrs import EP, MRS, HCons, ICons

from .mrsview import View, is_well_formed, vtype


def shorten(m: MRS, role: str) -> MRS | str:
    """The MRS with the main verb's ``role`` argument (ERG role) shortened, or why not.
    Returns ``"unchanged"`` when the argument has no post-nominal modifier."""
    view = View(m)
    main = view.main
    if main is None:
        return "no main predication"
    x = main.args.get(role)
    if x is None or vtype(x) != "x":
        return f"the main verb has no entity argument {role} to shorten"
    heads = [ep for ep in m.rels if ep.iv == x and not ep.is_quantifier()]
    if len(heads) != 1 or heads[0].lnk is None or heads[0].cto < 0:
        return "the argument has no single head noun with a position in the sentence"
    noun = heads[0]
    post = [
        ep
        for ep in m.rels
        if ep.label == noun.label and ep is not noun and ep.lnk is not None and ep.cfrom >= noun.cto
    ]
    if not post:
        return "unchanged"
    seeds = {id(ep) for ep in post}
    qeq = {hc.hi: hc.lo for hc in m.hcons}
    by_label: dict[str, list[EP]] = {}
    by_iv: dict[str, list[EP]] = {}
    for ep in m.rels:
        if id(ep) in seeds:
            continue
        by_label.setdefault(ep.label, []).append(ep)
        by_iv.setdefault(ep.iv, []).append(ep)
    # keep what the rest of the sentence reaches without the seeds: labels (through qeqs),
    # the EPs that introduce a variable, and their label-mates
    kept: dict[int, EP] = {}
    todo = [m.top, m.index]
    seen: set[str] = set()
    while todo:
        v = todo.pop()
        if v is None or v in seen:
            continue
        seen.add(v)
        eps = list(by_label.get(qeq.get(v, v), ())) if vtype(v) == "h" else list(by_iv.get(v, ()))
        for ep in eps:
            if id(ep) in kept:
                continue
            kept[id(ep)] = ep
            todo.append(ep.label)
            todo += [val for r, val in ep.args.items() if r != "CARG"]
    rels = [ep for ep in m.rels if id(ep) in kept]
    holes = {v for ep in rels for v in ep.args.values()} | {m.top}
    labels = {ep.label for ep in rels}
    hcons = [
        HCons(hc.hi, hc.relation, hc.lo) for hc in m.hcons if hc.hi in holes and hc.lo in labels
    ]
    present = {v for ep in rels for v in ep.args.values()}
    icons = [
        ICons(ic.left, ic.relation, ic.right)
        for ic in m.icons
        if ic.left in present and ic.right in present
    ]
    variables = {
        v: dict(p) for v, p in m.variables.items() if v in present or v in (m.top, m.index)
    }
    out = MRS(
        m.top,
        m.index,
        [EP(ep.predicate, ep.label, dict(ep.args), ep.lnk, ep.surface, ep.base) for ep in rels],
        hcons,
        icons,
        variables,
    )
    if not is_well_formed(out):
        return "shortening would leave an ill-formed MRS"
    return out
