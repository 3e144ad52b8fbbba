r"""The composition algebra: transformations as values, and the language that writes them.

Values:

* :class:`Transformation`: a sequence of catalog steps. ``a + b`` applies ``a`` then ``b``.
* :class:`Choice`: alternatives. ``a | b`` is the union of the results of ``a`` and of ``b``;
  sequence distributes over it: ``(a | b) + c == a + c | b + c``.
* :class:`Pair`: an NLI pair ``premise ; hypothesis``. ``(p;f) + pa`` adds ``pa`` to both
  sides, which LIT writes ``p;f +pa`` (the shared suffix follows a space).

Every value normalizes to :class:`EditPlan`\ s before a backend runs. Folding a sequence into
a plan obeys these laws (checked by property tests in ``tests/transforms/test_algebra.py``):

* ``o`` (``identity``) is neutral: ``o + a == a + o == a``;
* sequence is associative;
* a later value of the same feature wins: ``tense(past)+tense(fut) == tense(fut)``;
* steps that touch different features commute (:func:`commutes`);
* ``swap + swap == o``; every other step is idempotent (``a + a == a``);
* choice is associative, commutative and idempotent on plans.

Combinations no backend can realize as one sentence are declared in ``rules/algebra.toml``
and raise :class:`~engine.errors.IncompatibleError` with the declared reason.

Grammar (whitespace is free between tokens, except before a pair's shared suffix)::

    pair     := choice [ ";" choice ] [ WS "+" sequence ]    (only where a pair is expected)
    choice   := sequence ( "|" sequence )*
    sequence := atom ( ("+" | ".") atom )*
    atom     := NAME [ "(" ARG ")" ] | SHORTHAND | "(" choice ")" | "(" pair ")"

``SHORTHAND`` is one of LIT's letters (``o p f pr m n q pa i s``) from
``rules/strategies/lit.json``. Errors are :class:`~engine.errors.ExpressionError` with the
1-based column of the offending character.

>>> str(parse("f+pa"))
'tense(fut)+passive'
>>> [str(t) for t in parse_choice("(p|f)+pa").options]
['tense(past)+passive', 'tense(fut)+passive']
>>> [(str(a), str(b)) for a, b in parse_pair("p;f +pa").alternatives()]
[('tense(past)+passive', 'tense(fut)+passive')]
>>> parse("tense(past)+tense(fut)+passive").plan().as_dict()
{'voice': 'passive', 'tense': 'fut'}

One module, over 400 lines: the values (transformation, choice, pair, plan), their algebra
(folding, commutation, declared incompatibilities) and the expression language that writes them
must agree exactly (``parse(str(x)) == x``); the parser is a third of it.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn

from ..errors import ExpressionError, IncompatibleError, RuleError, UnknownTransformationError
from ..resources import rules_dir
from .catalog import CATALOG, CLEAR, FEATURES, Step

# --------------------------------------------------------------------------------------------
# Edit plans
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EditPlan:
    """Normalized target: the features to set, and whether to swap subject and object.

    Two plans are equal when they set the same features to the same values, whatever the
    order in which the steps were written.
    """

    features: Mapping[str, Any] = field(default_factory=dict)
    swap: bool = False

    def as_dict(self) -> dict[str, Any]:
        out = dict(sorted(self.features.items(), key=lambda kv: FEATURES.index(kv[0])))
        if self.swap:
            out = {"swap": True, **out}
        return out

    @property
    def is_identity(self) -> bool:
        return not self.features and not self.swap

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.features.items(), key=str)), self.swap))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EditPlan) and self.as_dict() == other.as_dict()

    def __str__(self) -> str:
        if self.is_identity:
            return "identity"
        return ", ".join(f"{k}={v}" for k, v in self.as_dict().items())


def fold(steps: Iterable[Step]) -> EditPlan:
    """Fold steps into a plan without checking compatibility (see :meth:`Transformation.plan`)."""
    features: dict[str, Any] = {}
    swap = False
    for step in steps:
        for edit in step.edits:
            if edit.feature == "swap":
                swap = not swap
            elif edit.value is CLEAR:
                features.pop(edit.feature, None)
            else:
                features[edit.feature] = edit.value
    return EditPlan(features, swap)


def touched(steps: Iterable[Step]) -> frozenset[str]:
    """The features a sequence of steps sets, clears or toggles."""
    return frozenset(edit.feature for step in steps for edit in step.edits)


# --------------------------------------------------------------------------------------------
# Declared incompatibilities (rules/algebra.toml)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Incompatibility:
    """Feature values that cannot be realized together. ``when`` maps a feature to the values
    that trigger it (``"*"``: any value that is set and not None)."""

    id: str
    when: Mapping[str, tuple[Any, ...]]
    reason: str

    def matches(self, plan: EditPlan) -> bool:
        values = dict(plan.features)
        if plan.swap:
            values["swap"] = True
        for feature, allowed in self.when.items():
            if feature not in values:
                return False
            value = values[feature]
            if "*" in allowed:
                if value is None:
                    return False
            elif value not in allowed:
                return False
        return True


def load_incompatibilities(path=None) -> tuple[Incompatibility, ...]:
    """Read ``[[incompatible]]`` tables (``id``, ``when``, ``reason``) from a TOML file."""
    path = path or rules_dir() / "algebra.toml"
    try:
        data = tomllib.loads(open(path, encoding="utf-8").read())
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(f"invalid TOML: {exc}", str(path)) from None
    out = []
    for k, entry in enumerate(data.get("incompatible", []), start=1):
        missing = {"id", "when", "reason"} - set(entry)
        unknown = set(entry) - {"id", "when", "reason"}
        if missing or unknown:
            raise RuleError(
                f"[[incompatible]] #{k}: needs id, when, reason"
                + (f"; unknown keys {sorted(unknown)}" if unknown else ""),
                str(path),
            )
        when = {}
        for feature, value in entry["when"].items():
            if feature not in FEATURES:
                raise RuleError(
                    f"[[incompatible]] {entry['id']}: unknown feature {feature!r} "
                    f"(features: {', '.join(FEATURES)})",
                    str(path),
                )
            when[feature] = tuple(value) if isinstance(value, list) else (value,)
        out.append(Incompatibility(entry["id"], when, entry["reason"]))
    return tuple(out)


@functools.lru_cache(maxsize=1)
def incompatibilities() -> tuple[Incompatibility, ...]:
    return load_incompatibilities()


def check(plan: EditPlan) -> None:
    """Raise :class:`IncompatibleError` if a declared incompatibility matches the plan."""
    for rule in incompatibilities():
        if rule.matches(plan):
            raise IncompatibleError(f"{rule.reason} [{rule.id}]", rule=rule.id)


# --------------------------------------------------------------------------------------------
# Values
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Transformation:
    """A sequence of steps; ``a + b`` applies ``a`` then ``b``."""

    steps: tuple[Step, ...] = ()

    def __add__(self, other):
        if isinstance(other, Transformation):
            return Transformation(self.steps + other.steps)
        if isinstance(other, Choice):
            return Choice((self,)) + other
        return NotImplemented

    def __or__(self, other):
        return Choice((self,)) | other

    def plan(self) -> EditPlan:
        """The normalized plan; :class:`IncompatibleError` if it cannot be realized."""
        result = fold(self.steps)
        check(result)
        return result

    def plans(self) -> list[EditPlan]:
        return [self.plan()]

    @property
    def options(self) -> tuple[Transformation, ...]:
        return (self,)

    def __str__(self) -> str:
        return "+".join(str(s) for s in self.steps) or "identity"


IDENTITY = Transformation()


@dataclass(frozen=True)
class Choice:
    """Alternatives, realized as the union of their results."""

    options: tuple[Transformation, ...]

    def __post_init__(self):
        if not self.options:
            raise ExpressionError("a choice needs at least one alternative")

    def __add__(self, other):
        right = other.options if isinstance(other, Transformation | Choice) else None
        if right is None:
            return NotImplemented
        return Choice(tuple(a + b for a, b in itertools.product(self.options, right)))

    def __radd__(self, other):
        if isinstance(other, Transformation):
            return Choice((other,)) + self
        return NotImplemented

    def __or__(self, other):
        if isinstance(other, Transformation | Choice):
            return Choice(self.options + other.options)
        return NotImplemented

    def plans(self) -> list[EditPlan]:
        """The distinct plans of the compatible alternatives, in the order written.

        Raises :class:`IncompatibleError` only when no alternative is compatible."""
        out: list[EditPlan] = []
        errors: list[IncompatibleError] = []
        for option in self.options:
            try:
                p = option.plan()
            except IncompatibleError as exc:
                errors.append(exc)
                continue
            if p not in out:
                out.append(p)
        if not out:
            raise errors[0]
        return out

    def __str__(self) -> str:
        return " | ".join(str(o) for o in self.options)


@dataclass(frozen=True)
class Pair:
    """An NLI pair of transformations: the premise's and the hypothesis's."""

    premise: Choice
    hypothesis: Choice

    def __add__(self, suffix):
        """``(p;f) + pa``: the same suffix on both sides."""
        if isinstance(suffix, Transformation | Choice):
            return Pair(self.premise + suffix, self.hypothesis + suffix)
        return NotImplemented

    def alternatives(self) -> list[tuple[Transformation, Transformation]]:
        """Every (premise, hypothesis) combination of the two sides' alternatives."""
        return list(itertools.product(self.premise.options, self.hypothesis.options))

    def __str__(self) -> str:
        def side(c: Choice) -> str:
            return f"({c})" if len(c.options) > 1 else str(c)

        return f"{side(self.premise)} ; {side(self.hypothesis)}"


# Features whose order against ``shorten`` matters: a shortening is an entailment of the
# statement it applies to, so ``shorten + question`` shortens and then asks, while
# ``question + shorten`` would shorten inside a question, which entails nothing.
_ORDERED_WITH_SHORTEN = frozenset({"polarity", "force"})


def commutes(a: Transformation, b: Transformation) -> bool:
    """Whether ``a + b`` and ``b + a`` always give the same result: they touch disjoint
    features, or both only toggle ``swap``; ``shorten`` does not commute with negation or a
    question (see above).

    >>> commutes(parse("tense(past)"), parse("passive")), commutes(parse("p"), parse("f"))
    (True, False)
    >>> short = parse("shorten(ARG0)")
    >>> commutes(short, parse("question")), commutes(short, parse("p"))
    (False, True)
    """
    ta, tb = touched(a.steps), touched(b.steps)
    if ("shorten" in ta and tb & _ORDERED_WITH_SHORTEN) or (
        "shorten" in tb and ta & _ORDERED_WITH_SHORTEN
    ):
        return False
    return not (ta & tb) or ta == tb == {"swap"}


def equivalent(a: Transformation | Choice, b: Transformation | Choice) -> bool:
    """Whether two values realize the same set of plans (compatible ones only)."""
    return set(_safe_plans(a)) == set(_safe_plans(b))


def _safe_plans(value) -> list[EditPlan]:
    try:
        return value.plans()
    except IncompatibleError:
        return []


# --------------------------------------------------------------------------------------------
# The expression language
# --------------------------------------------------------------------------------------------

_TOKEN = re.compile(
    r"(?P<ws>\s*)(?:(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<punct>[()+.|;])|(?P<sign>-)|(?P<bad>\S))"
)


@functools.lru_cache(maxsize=1)
def shorthand() -> dict[str, str]:
    """LIT's shorthand letters -> catalog expressions (from ``rules/strategies/lit.json``)."""
    data = json.loads((rules_dir() / "strategies" / "lit.json").read_text(encoding="utf-8"))
    return dict(data["shorthand"])


@dataclass(frozen=True)
class _Tok:
    kind: str
    value: str
    col: int  # 1-based
    spaced: bool  # whitespace before it


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.toks: list[_Tok] = []
        pos = 0
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if m is None or m.lastgroup == "ws":  # only trailing whitespace is left
                break
            kind = m.lastgroup
            assert kind is not None  # every alternative of _TOKEN is a named group
            self.toks.append(_Tok(kind, m.group(kind), m.start(kind) + 1, bool(m.group("ws"))))
            pos = m.end()
        self.i = 0

    # -- helpers ------------------------------------------------------------------------------
    def peek(self) -> _Tok | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def end_col(self) -> int:
        return len(self.text.rstrip()) + 1

    def fail(
        self, msg: str, col: int | None = None, cls: type[ExpressionError] = ExpressionError
    ) -> NoReturn:
        raise cls(msg, self.text, col if col is not None else self.end_col())

    def expect(self, value: str) -> _Tok:
        tok = self.peek()
        if tok is None or tok.value != value:
            found = f"found {tok.value!r}" if tok else "the expression ends"
            self.fail(f"expected {value!r}, {found}", tok.col if tok else None)
        self.i += 1
        return tok

    # -- grammar ------------------------------------------------------------------------------
    def pair(self, top: bool) -> Pair | Choice:
        left = self.choice()
        tok = self.peek()
        if isinstance(left, Pair) or tok is None or tok.value != ";":
            return left
        self.i += 1
        right = self.choice(stop_at_spaced_plus=top)
        if isinstance(right, Pair):
            self.fail("a pair cannot contain another pair", tok.col)
        result = Pair(left, right)
        tok = self.peek()
        if top and tok is not None and tok.value == "+" and tok.spaced:  # LIT's shared suffix
            self.i += 1
            if self.peek() is None:
                self.fail("expression ends with '+'", tok.col)
            suffix = self.sequence()
            if isinstance(suffix, Pair):
                self.fail("a pair's suffix cannot be a pair", tok.col)
            result = result + suffix
        return result

    def choice(self, stop_at_spaced_plus: bool = False) -> Choice | Pair:
        first = self.sequence(stop_at_spaced_plus)
        options = [] if isinstance(first, Pair) else list(first.options)
        while (tok := self.peek()) is not None and tok.value == "|":
            if isinstance(first, Pair):
                self.fail("pairs cannot be alternatives; give each pair separately", tok.col)
            self.i += 1
            nxt = self.sequence(stop_at_spaced_plus)
            if isinstance(nxt, Pair):
                self.fail("pairs cannot be alternatives; give each pair separately", tok.col)
            options.extend(nxt.options)
        return first if isinstance(first, Pair) else Choice(tuple(options))

    def sequence(self, stop_at_spaced_plus: bool = False) -> Transformation | Choice | Pair:
        value = self.atom()
        while (tok := self.peek()) is not None and tok.value in ("+", "."):
            if stop_at_spaced_plus and tok.value == "+" and tok.spaced:
                break
            self.i += 1
            following = self.peek()
            if following is None:
                self.fail(f"expression ends with {tok.value!r}", tok.col)
            col = following.col
            nxt = self.atom()
            if isinstance(nxt, Pair):
                self.fail("a pair can only come first in a sequence: write (p;f)+pa", col)
            value = value + nxt
        return value

    def atom(self) -> Transformation | Choice | Pair:
        tok = self.peek()
        if tok is None:
            self.fail("expected a transformation name, the expression ends")
        if tok.value == "(":
            self.i += 1
            inner = self.pair(top=False)
            self.expect(")")
            if isinstance(inner, Pair):
                return inner
            return inner if len(inner.options) > 1 else inner.options[0]
        if tok.kind != "name":
            self.fail(f"expected a transformation name, found {tok.value!r}", tok.col)
        self.i += 1
        arg = None
        nxt = self.peek()
        if nxt is not None and nxt.value == "(":  # NAME ( ARG )
            self.i += 1
            a = self.peek()
            if a is None:
                self.fail("unclosed '('", nxt.col)
            if a.value in ("(", ")"):
                self.fail("expected an argument inside ()", a.col)
            arg = a.value
            self.i += 1
            close = self.peek()
            if close is None or close.value != ")":
                self.fail("expected ')'", close.col if close else None)
            self.i += 1
        return Transformation(_term(tok.value, arg, self.text, tok.col))

    def done(self) -> None:
        tok = self.peek()
        if tok is not None:
            if tok.value == ";":
                self.fail("a pair has exactly one ';' (premise ; hypothesis)", tok.col)
            if tok.kind == "name" or tok.value == "(":
                self.fail(f"expected '+' between transformations, found {tok.value!r}", tok.col)
            self.fail(f"unexpected {tok.value!r}", tok.col)


def _term(name: str, arg: str | None, expression: str, col: int) -> tuple[Step, ...]:
    if arg is None and name in shorthand():
        expanded = parse(shorthand()[name])
        assert isinstance(expanded, Transformation)  # lit.json's shorthand has no choices
        return expanded.steps
    key = name.lower()
    if key not in CATALOG:
        known = ", ".join(sorted(CATALOG)) + "; shorthand: " + " ".join(shorthand())
        raise UnknownTransformationError(
            f"unknown transformation {name!r} (known: {known})", expression, col
        )
    if arg is not None and key in ("cleft", "passive", "shorten"):
        arg = arg.upper()
    elif arg is not None:
        arg = arg.lower()
    try:
        return (Step(key, arg),)
    except UnknownTransformationError as exc:
        raise UnknownTransformationError(str(exc), expression, col) from None


MAX_NESTING = 50  # parentheses deeper than this are an error, not a RecursionError


def _start(expression: str) -> _Parser:
    if not isinstance(expression, str) or not expression.strip():
        raise ExpressionError("empty transformation expression; try e.g. 'tense(past)' or 'p'")
    depth = deepest = 0
    for ch in expression:
        depth += (ch == "(") - (ch == ")")
        deepest = max(deepest, depth)
    if deepest > MAX_NESTING:
        raise ExpressionError(
            f"the expression is nested {deepest} parentheses deep; at most {MAX_NESTING} are read"
        )
    return _Parser(expression)


def parse_choice(expression: str | Transformation | Choice) -> Choice:
    """Parse an expression that may contain choices (``a|b``) into a :class:`Choice`."""
    if isinstance(expression, Choice):
        return expression
    if isinstance(expression, Transformation):
        return Choice((expression,))
    p = _start(expression)
    value = p.pair(top=False)
    if isinstance(value, Pair):
        p.fail(
            "a premise;hypothesis pair is not a single transformation (use it with seam contrast)",
            next(t.col for t in p.toks if t.value == ";"),
        )
    p.done()
    return value


def parse(expression: str | Transformation | Choice) -> Transformation | Choice:
    """Parse an expression: a :class:`Transformation`, or a :class:`Choice` if it has ``|``.

    A Transformation or a Choice passes through.
    """
    if isinstance(expression, Transformation | Choice):
        return expression
    choice = parse_choice(expression)
    return choice.options[0] if len(choice.options) == 1 else choice


def parse_pair(expression: str | Pair) -> Pair:
    """Parse an NLI pair ``premise ; hypothesis`` (LIT: ``p;f +pa`` = ``p+pa ; f+pa``).

    >>> str(parse_pair("(p;f)+i"))
    'tense(past)+cleft(SUBJ) ; tense(fut)+cleft(SUBJ)'
    """
    if isinstance(expression, Pair):
        return expression
    p = _start(expression)
    value = p.pair(top=True)
    p.done()
    if not isinstance(value, Pair):
        p.fail("expected a pair 'premise ; hypothesis', e.g. 'p;f' or 'o;pa'")
    return value
