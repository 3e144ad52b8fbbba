"""MRS rewrite rules as data: loading, validation, matching and application.

A rule file (TOML, in ``rules/mrs/``) holds one *family*: the rules that implement one
plan feature (``tense``, ``passive`` ...). Each rule has a pattern over EPs, conditions,
rewrite actions and worked examples; ``rules/mrs/README.md`` documents the schema. The
matcher is a backtracking search over EP bindings in pattern order (a small constraint
solver), so a pattern can name any number of EPs and relate them by argument identity,
shared labels and qeq reachability.

The layer in modules: the schema (:mod:`.rule_schema`), reading and validating a file
(:mod:`.rule_files`), matching and rewriting (:mod:`.matching`), and here the set of families
with its application and the ``seam rules check`` of the files' worked examples.

>>> rs = RuleSet.load()
>>> from engine.erg.mrsview import decode, encode
>>> m = decode('[ LTOP: h0 INDEX: e2 [ e TENSE: past ] RELS: < [ _sleep_v_1 LBL: h1 '
...            'ARG0: e2 ARG1: x3 ] [ pron LBL: h4 ARG0: x3 ] [ pronoun_q LBL: h5 ARG0: x3 '
...            'RSTR: h6 BODY: h7 ] > HCONS: < h0 qeq h1 h6 qeq h4 > ]')
>>> out = rs.apply("tense", m, {"value": "fut"})
>>> out.status, out.mrs.variables["e2"]["TENSE"]
('applied', 'fut')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from delphin.mrs import MRS

from ..errors import RuleError
from ..resources import rules_dir
from ..results import NOT_APPLICABLE  # a rule outcome, and the record status it becomes
from .matching import apply_rule
from .mrsview import decode, diff, encode
from .rule_files import load_family
from .rule_schema import (
    APPLIED,
    ILL_FORMED,
    UNSUPPORTED,
    Example,
    Family,
    GrammarProfile,
    Outcome,
    Rule,
)

# The rule layer's names, in one place for its callers (the schema, the loader, the matcher).
__all__ = [
    "APPLIED",
    "ILL_FORMED",
    "NOT_APPLICABLE",
    "UNSUPPORTED",
    "CheckResult",
    "Example",
    "Family",
    "GrammarProfile",
    "Outcome",
    "Rule",
    "RuleSet",
    "apply_rule",
    "check_files",
    "load_family",
]


class RuleSet:
    """All rule families, by name and by the plan feature they implement."""

    def __init__(self, families: Iterable[Family]):
        self.families: dict[str, Family] = {}
        for f in families:
            if f.name in self.families:
                raise RuleError(
                    f"family {f.name!r} is defined twice (also in {self.families[f.name].path})",
                    f.path,
                    1,
                )
            self.families[f.name] = f

    @classmethod
    def load(cls, paths: Iterable[str | Path] | None = None) -> RuleSet:
        """Load rule files (default: every ``*.toml`` in the shipped ``rules/mrs/``)."""
        if paths is None:
            paths = sorted((rules_dir() / "mrs").glob("*.toml"))
        return cls(load_family(p) for p in paths)

    def __getitem__(self, name: str) -> Family:
        try:
            return self.families[name]
        except KeyError:
            raise RuleError(
                f"no rule family {name!r}; known: {', '.join(sorted(self.families))}"
            ) from None

    def implementing(self, feature: str) -> list[Family]:
        """The families whose ``implements`` names this plan step, in load order."""
        return [f for f in self.families.values() if f.implements == feature]

    def apply(
        self,
        family: str,
        m: MRS,
        params: Mapping[str, str] | None = None,
        grammar: GrammarProfile | None = None,
    ) -> Outcome:
        """The first applicable rule's outcome (or the most informative failure)."""
        outs = self.apply_all(family, m, params, grammar, first=True)
        return outs[0]

    def apply_all(
        self,
        family: str,
        m: MRS,
        params: Mapping[str, str] | None = None,
        grammar: GrammarProfile | None = None,
        first: bool | None = None,
    ) -> list[Outcome]:
        """Every applicable rule's outcome (``strategy = "all"``), or the first one.

        With nothing applicable, one failure outcome: a rule's not-applicable reason is
        preferred over "unsupported for this grammar".
        """
        fam = self[family]
        params = dict(params or {})
        for k, v in params.items():
            if k not in fam.params or v not in fam.params[k]:
                raise RuleError(
                    f"{family}: parameter {k}={v!r} not declared; allowed: {dict(fam.params)}",
                    fam.path,
                )
        first = fam.strategy == "first" if first is None else first
        applied, failures = [], []
        for rule in fam.rules:
            if not rule.admits(params):
                continue
            out = apply_rule(rule, m, params, grammar)
            if out.status == APPLIED:
                applied.append(out)
                if first:
                    break
            else:
                failures.append(out)
        if applied:
            return applied
        if not failures:
            return [Outcome(NOT_APPLICABLE, family, f"no {family} rule takes {params}")]
        rank = {NOT_APPLICABLE: 0, ILL_FORMED: 1, UNSUPPORTED: 2}
        return [min(failures, key=lambda o: (rank[o.status], not o.matched))]


@dataclass(frozen=True)
class CheckResult:
    path: str
    line: int | None
    rule: str
    ok: bool
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {'ok' if self.ok else 'FAIL'} {self.rule}: {self.message}"


def check_files(paths: Iterable[str | Path]) -> list[CheckResult]:
    """Validate rule files and run every worked example; one result per example or error."""
    from delphin import mrs as _mrs  # local: only checking needs isomorphism

    results = []
    defined: dict[str, str] = {}  # family name -> the file that defines it first
    for path in paths:
        try:
            fam = load_family(path)
        except RuleError as exc:
            results.append(CheckResult(str(path), exc.line, "-", False, exc.message))
            continue
        except (
            Exception
        ) as exc:  # a shape no check foresaw: still a file:line message, never a traceback
            results.append(
                CheckResult(str(path), 1, "-", False, f"cannot load: {type(exc).__name__}: {exc}")
            )
            continue
        if fam.name in defined:  # the set would not load: RuleSet refuses a family twice
            results.append(
                CheckResult(
                    str(path),
                    1,
                    "-",
                    False,
                    f"family {fam.name!r} is defined twice (also in {defined[fam.name]})",
                )
            )
            continue
        defined[fam.name] = str(path)
        for rule in fam.rules:
            for ex in rule.examples:
                label = f"{ex.sentence!r}" if ex.sentence else "example"
                if ex.mrs is None:
                    continue  # a sentence example: only `seam rules check --live` can run it
                try:
                    src = decode(ex.mrs)
                except Exception as exc:  # pydelphin's decode errors have no common base
                    results.append(
                        CheckResult(fam.path, ex.line, rule.name, False, f"{label}: bad mrs: {exc}")
                    )
                    continue
                out = apply_rule(rule, src, ex.params)
                if ex.not_applicable is not None:
                    ok = out.status == NOT_APPLICABLE and ex.not_applicable in out.reason
                    msg = (
                        f"{label}: not applicable ({out.reason})"
                        if ok
                        else f"{label}: expected not applicable ({ex.not_applicable!r}), got "
                        f"{out.status} {out.reason}"
                    )
                    results.append(CheckResult(fam.path, ex.line, rule.name, ok, msg))
                    continue
                if out.status != APPLIED:
                    results.append(
                        CheckResult(
                            fam.path,
                            ex.line,
                            rule.name,
                            False,
                            f"{label}: {out.status}: {out.reason}",
                        )
                    )
                    continue
                try:
                    want = decode(ex.expect)
                except Exception as exc:
                    results.append(
                        CheckResult(
                            fam.path, ex.line, rule.name, False, f"{label}: bad expect: {exc}"
                        )
                    )
                    continue
                ok = _mrs.is_isomorphic(out.mrs, want, properties=True)
                msg = (
                    f"{label} -> {ex.realization!r}"
                    if ok
                    else f"{label}: output differs from expect: {diff(want, out.mrs)}; got "
                    f"{encode(out.mrs, lnk=False)}"
                )
                results.append(CheckResult(fam.path, ex.line, rule.name, ok, msg))
    return results
