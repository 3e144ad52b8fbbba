"""The transformation expression language.

Grammar (whitespace is free between tokens)::

    expression := term ("+" term)*
    term       := NAME [ "(" ARG ")" ] | SHORTHAND
    ARG        := past | pres | fut | + | - | a modal | ARG0 | ARG1 | ARG2 | AGENT | PATIENT | SUBJ

``SHORTHAND`` is one of LIT's letters (``o p f pr m n q pa i s``), defined as data in
``rules/strategies/lit.json``. Errors are :class:`~engine.errors.ExpressionError` with the
1-based column of the offending character.

>>> str(parse("f+pa"))
'tense(fut)+passive'
>>> str(parse(" tense( past ) + cleft(AGENT)"))
'tense(past)+cleft(AGENT)'
"""

from __future__ import annotations

import functools
import json
import re

from ..errors import ExpressionError, UnknownTransformationError
from ..resources import rules_dir
from .catalog import CATALOG, Step, Transformation

_TOKEN = re.compile(r"\s*(?:(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<punct>[()+])|(?P<sign>[+-])|(?P<bad>\S))")


@functools.lru_cache(maxsize=1)
def shorthand() -> dict[str, str]:
    """LIT's shorthand letters -> catalog expressions (from ``rules/strategies/lit.json``)."""
    data = json.loads((rules_dir() / "strategies" / "lit.json").read_text(encoding="utf-8"))
    return dict(data["shorthand"])


def _tokens(text: str):
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:  # only trailing whitespace is left
            return
        kind = m.lastgroup
        start = m.start(kind)
        yield kind, m.group(kind), start + 1
        pos = m.end()


def parse(expression: str | Transformation) -> Transformation:
    """Parse an expression into a :class:`Transformation` (a Transformation passes through)."""
    if isinstance(expression, Transformation):
        return expression
    if not isinstance(expression, str) or not expression.strip():
        raise ExpressionError("empty transformation expression; try e.g. 'tense(past)' or 'p'")
    toks = list(_tokens(expression))
    steps: list[Step] = []
    i = 0

    def fail(msg: str, col: int, cls=ExpressionError):
        raise cls(msg, expression, col)

    expect_term = True
    while i < len(toks):
        kind, value, col = toks[i]
        if expect_term:
            if kind != "name":
                fail(f"expected a transformation name, found {value!r}", col)
            i += 1
            arg = None
            if i < len(toks) and toks[i][1] == "(":
                if i + 1 >= len(toks):
                    fail("unclosed '('", toks[i][2])
                _, arg, acol = toks[i + 1]
                if arg in ("(", ")"):
                    fail("expected an argument inside ()", acol)
                if i + 2 >= len(toks) or toks[i + 2][1] != ")":
                    fail("expected ')'", toks[i + 2][2] if i + 2 < len(toks) else len(expression) + 1)
                i += 3
            steps.extend(_term(value, arg, expression, col))
            expect_term = False
        else:
            if value != "+":
                fail(f"expected '+' between transformations, found {value!r}", col)
            i += 1
            expect_term = True
    if expect_term:
        fail("expression ends with '+'", len(expression.rstrip()) + 1)
    return Transformation(tuple(steps))


def _term(name: str, arg: str | None, expression: str, col: int) -> tuple[Step, ...]:
    if arg is None and name in shorthand():
        return parse(shorthand()[name]).steps
    key = name.lower()
    if key not in CATALOG:
        known = ", ".join(sorted(CATALOG)) + "; shorthand: " + " ".join(shorthand())
        raise UnknownTransformationError(f"unknown transformation {name!r} (known: {known})", expression, col)
    if arg is not None and key in ("cleft", "passive", "shorten"):
        arg = arg.upper()
    elif arg is not None:
        arg = arg.lower()
    try:
        return (Step(key, arg),)
    except UnknownTransformationError as exc:
        raise UnknownTransformationError(str(exc), expression, col) from None
