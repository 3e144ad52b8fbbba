"""An MRS drawn as a DMRS graph in SVG, laid out here (no script, nothing loaded).

The nodes (predications) stand in a row in the order of the words they come from, each a box
with its predicate (and a named entity's constant); the links (roles) are arcs above the row,
labelled with the role and its post-slash (``ARG1/NEQ``). The node the index points to is
drawn in bold, and nodes named in ``marked`` (a rule's changes) are filled.
"""

from __future__ import annotations

from collections.abc import Collection
from html import escape

from delphin import dmrs

BOX_H, GAP, CHAR_W, ARC = 26, 18, 7.2, 28


def _label(node) -> str:
    text = str(node.predicate)
    return f"{text}({node.carg})" if node.carg else text


def draw(mrs, marked: Collection[str] = ()) -> str:
    """The SVG text of ``mrs`` (a pydelphin MRS) as a DMRS graph; ``marked``: predicates to
    highlight."""
    graph = dmrs.from_mrs(mrs)
    nodes = sorted(graph.nodes, key=lambda n: (n.cfrom if n.cfrom >= 0 else 10**6, n.id))
    widths = [max(60.0, CHAR_W * len(_label(n)) + 16) for n in nodes]
    xs, x = {}, 10.0
    for node, w in zip(nodes, widths, strict=True):
        xs[node.id] = (x, w)
        x += w + GAP
    links = list(graph.links)
    levels = _levels(links, nodes)
    top = ARC * (max(levels.values(), default=0) + 1) + 20
    height = top + BOX_H + 12
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="dmrs" width="{x:.0f}" '
        f'height="{height:.0f}" viewBox="0 0 {x:.0f} {height:.0f}" role="img" '
        f'aria-label="DMRS graph">',
        '<defs><marker id="arrow" viewBox="0 0 8 8" refX="8" refY="4" markerWidth="7" '
        'markerHeight="7" orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="#444"/></marker></defs>',
    ]
    for k, link in enumerate(links):
        (x1, w1), (x2, w2) = xs[link.start], xs[link.end]
        a, b = x1 + w1 / 2, x2 + w2 / 2
        lift = ARC * (levels[k] + 1)
        mid = (a + b) / 2
        role = link.role + (f"/{link.post}" if link.post and link.post != "EQ" else "")
        role = link.role if link.role == dmrs.BARE_EQ_ROLE else role
        parts.append(
            f'<path class="link" d="M{a:.0f},{top} C{a:.0f},{top - lift} {b:.0f},{top - lift} '
            f'{b:.0f},{top}" fill="none" stroke="#444" marker-end="url(#arrow)"/>'
        )
        parts.append(
            f'<text class="role" x="{mid:.0f}" y="{top - lift * 0.75 - 2:.0f}" '
            f'text-anchor="middle" font-size="11">{escape(role)}</text>'
        )
    for node in nodes:
        nx, w = xs[node.id]
        fill = "#ffe9a8" if str(node.predicate) in marked else "#eef3fb"
        weight = "bold" if node.id == graph.index else "normal"
        parts.append(
            f'<g class="node" data-predicate="{escape(str(node.predicate))}">'
            f'<rect x="{nx:.0f}" y="{top}" width="{w:.0f}" height="{BOX_H}" rx="4" '
            f'fill="{fill}" stroke="#345"/>'
            f'<text x="{nx + w / 2:.0f}" y="{top + 17}" text-anchor="middle" font-size="12" '
            f'font-family="monospace" font-weight="{weight}">{escape(_label(node))}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _levels(links, nodes) -> dict[int, int]:
    """A height for each arc: a longer arc goes above the shorter ones it spans."""
    order = {n.id: k for k, n in enumerate(nodes)}
    spans = sorted(
        range(len(links)),
        key=lambda k: abs(order[links[k].start] - order[links[k].end]),
    )
    levels: dict[int, int] = {}
    for k in spans:
        lo, hi = sorted((order[links[k].start], order[links[k].end]))
        under = [
            levels[j]
            for j in levels
            if lo <= min(order[links[j].start], order[links[j].end])
            and max(order[links[j].start], order[links[j].end]) <= hi
        ]
        levels[k] = max(under, default=-1) + 1
    return levels
