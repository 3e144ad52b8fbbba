"""Worked examples on a live grammar: ``seam rules check --live`` and ``seam rules example``.

A rule's example with a ``sentence`` is run end to end on each image: the sentence is parsed
(the erg backend's reading choice), the rule applied with the example's ``params``, the result
generated, and the example passes when one of the realizations is acceptable (a sentence
example's ``expect`` list, an MRS example's ``realization``) or, for ``not_applicable``, when the
rule refuses with that reason. Examples of rules (or examples) that target another ERG version
are skipped for that image and say so.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ..errors import RuleError
from .mrsview import decode, encode
from .rules import APPLIED, NOT_APPLICABLE, Example, Family, Rule, apply_rule, load_family


@dataclass(frozen=True)
class LiveResult:
    path: str
    line: int | None
    rule: str
    image: str
    status: (
        str  # "ok", "FAIL", "skip", "gap" (the image cannot generate the expected sentence at all)
    )
    message: str

    @property
    def ok(self) -> bool:
        return self.status != "FAIL"

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.status} {self.rule} [ERG {self.image}]: {self.message}"


def normalize(text: str) -> str:
    """The gold set's normalization: lower case, contractions expanded, no space before
    punctuation, single spaces."""
    t = text.lower()
    t = t.replace("won't", "will not").replace("can't", "can not").replace("cannot", "can not")
    t = re.sub(r"n't\b", " not", t)
    t = re.sub(r"\s+([.,?!])", r"\1", t)
    return re.sub(r"\s+", " ", t).strip()


def _live_examples(fam: Family) -> Iterable[tuple[Rule, Example]]:
    for rule in fam.rules:
        for ex in rule.examples:
            if ex.sentence and (ex.accept or ex.not_applicable is not None):
                yield rule, ex


def check_live(paths: Iterable[str | Path], backends: Mapping[str, object]) -> list[LiveResult]:
    """Run every sentence example of the rule files on each backend (``{image name:
    ErgBackend}``)."""
    results: list[LiveResult] = []
    families: list[Family] = []
    for path in paths:
        try:
            families.append(load_family(path))
        except RuleError as exc:
            results.append(LiveResult(str(path), exc.line, "-", "-", "FAIL", exc.message))
    for name, backend in backends.items():
        version = backend.grammar.version
        todo = [(fam, rule, ex) for fam in families for rule, ex in _live_examples(fam)]
        runnable = [
            (f, r, e) for f, r, e in todo if r.erg.admits(version) and e.erg.admits(version)
        ]
        for fam, rule, ex in todo:
            if (fam, rule, ex) not in runnable:
                results.append(
                    LiveResult(
                        fam.path,
                        ex.line,
                        rule.name,
                        name,
                        "skip",
                        f"{ex.sentence!r}: targets ERG "
                        f"{rule.erg.text if not rule.erg.admits(version) else ex.erg.text}",
                    )
                )
        sentences = sorted({e.sentence for _f, _r, e in runnable})
        analyses = dict(zip(sentences, backend.analyze(sentences), strict=True))
        parses = dict(zip(sentences, backend.pool.parse(sentences), strict=True))
        outputs: dict[int, object] = {}
        for k, (_fam, rule, ex) in enumerate(runnable):
            try:
                outputs[k] = _apply(rule, ex, analyses[ex.sentence], parses[ex.sentence], backend)
            except (
                Exception
            ) as exc:  # a rule that breaks on this sentence is that example's failure
                outputs[k] = f"the rule failed on it: {type(exc).__name__}: {exc}"
        to_generate = sorted(
            {
                encode(o.mrs, lnk=False)
                for o in outputs.values()
                if not isinstance(o, str) and o.status == APPLIED
            }
        )
        generated = dict(zip(to_generate, backend.generate(to_generate), strict=True))
        judged = [
            _judge(fam, rule, ex, name, outputs[k], generated)
            for k, (fam, rule, ex) in enumerate(runnable)
        ]
        failed = sorted(
            {
                a
                for (_f, _r, e), j in zip(runnable, judged, strict=True)
                if j.status == "FAIL"
                for a in e.accept
            }
        )
        own = _own_analyses(failed, backend)
        for k, ((_fam, _rule, ex), j) in enumerate(zip(runnable, judged, strict=True)):
            before = getattr(analyses[ex.sentence].native, "mrs", None)
            why = _gap(ex, outputs[k], own, before) if j.status == "FAIL" and ex.accept else None
            if why:
                j = LiveResult(
                    j.path, j.line, j.rule, j.image, "gap", f"{j.message} -- grammar gap: {why}"
                )
            results.append(j)
    return results


def _apply(rule: Rule, ex: Example, analysis, parse, backend):
    """The rule on the reading the backend chose, else on the first other reading it applies
    to (an example documents the rule on its sentence, whichever reading that takes)."""

    info = analysis.native
    if info is None or getattr(info, "mrs", None) is None:
        return f"no parse ({getattr(info, 'reason', '')})"
    first = apply_rule(rule, info.mrs, ex.params, backend.grammar.profile)
    if first.status == APPLIED or ex.not_applicable is not None:
        return first
    for k, r in enumerate(parse.results):
        if k == info.reading:
            continue
        try:
            out = apply_rule(rule, decode(r["mrs"]), ex.params, backend.grammar.profile)
        except Exception:  # an unreadable reading: try the next
            continue
        if out.status == APPLIED:
            return out
    # no reading of this image has what the rule matches (a hand-built image reads "could
    # not" with the negation outside the modal): the image's gap, judged as such; the rule
    # itself stays covered by its MRS examples on release parses
    return _NoReading(first)


class _NoReading:
    """A rule result on an image none of whose readings the rule applies to."""

    no_reading = True

    def __init__(self, result):
        self.status, self.reason, self.mrs = (
            result.status,
            result.reason,
            getattr(result, "mrs", None),
        )


def _own_analyses(sentences: list[str], backend) -> dict[str, tuple[str, bool]]:
    """Each sentence's first reading on the image and whether the image regenerates the
    sentence from it."""
    if not sentences:
        return {}
    parses = backend.pool.parse(sentences)
    mrss = [p.results[0]["mrs"] if p.results else "" for p in parses]
    todo = sorted({m for m in mrss if m})
    gens = dict(zip(todo, backend.generate(todo), strict=True))
    out = {}
    for sentence, mrs in zip(sentences, mrss, strict=True):
        res = gens.get(mrs)
        regenerates = res is not None and any(
            normalize(r.get("surface", "")) == normalize(sentence) for r in res.results
        )
        out[sentence] = (mrs, regenerates)
    return out


def _gap(ex: Example, out, own: Mapping[str, tuple[str, bool]], before=None) -> str | None:
    """Why a failed example is the image's gap, not the rule's error: the image cannot
    regenerate the expected sentence from its own parse, or its own analysis of that sentence
    uses other predicates than the rule's (release ERG) semantics."""

    whys = []
    for sentence in ex.accept:
        mrs, regenerates = own.get(sentence, ("", False))
        if not mrs:
            whys.append(f"the image does not parse {sentence!r}")
            continue
        if not regenerates:
            whys.append(f"the image does not generate {sentence!r} even from its own parse")
            continue
        if isinstance(out, str) or out.mrs is None:
            return None
        own_mrs = decode(mrs)
        theirs = {ep.predicate for ep in own_mrs.rels}
        ours = {ep.predicate for ep in out.mrs.rels}
        if theirs == ours:
            # same predicates: the rule's MRS should have generated, unless the image gives
            # their variables other properties than those the rule kept from the source ("no
            # man" without IND +, as a hand-built lexicon does); a property the rule itself
            # set (SF ques) that the expected sentence lacks is the example's error
            def props(m):
                return {
                    (ep.predicate, k, v)
                    for ep in m.rels
                    if ep.iv in m.variables
                    for k, v in m.variables[ep.iv].items()
                }

            kept = {(k, v) for _p, k, v in props(before)} if before is not None else set()
            odd = sorted(t for t in props(out.mrs) - props(own_mrs) if (t[1], t[2]) in kept)
            if not odd:
                return None
            whys.append(
                f"the image analyses {sentence!r} without "
                + ", ".join(f"{k} {v} on {p}" for p, k, v in odd[:3])
            )
            continue
        whys.append(
            f"the image analyses {sentence!r} with {', '.join(sorted(theirs - ours)) or '-'} "
            f"where the rule has {', '.join(sorted(ours - theirs)) or '-'}"
        )
    return "; ".join(whys) if len(whys) == len(ex.accept) else None


def _judge(fam: Family, rule: Rule, ex: Example, image: str, out, generated) -> LiveResult:
    label = repr(ex.sentence)
    if isinstance(out, str):
        return LiveResult(fam.path, ex.line, rule.name, image, "FAIL", f"{label}: {out}")
    if ex.not_applicable is not None:
        ok = out.status == NOT_APPLICABLE and ex.not_applicable in out.reason
        msg = (
            f"{label}: not applicable ({out.reason})"
            if ok
            else f"{label}: expected not applicable ({ex.not_applicable!r}), got {out.status} "
            f"{out.reason}"
        )
        return LiveResult(fam.path, ex.line, rule.name, image, "ok" if ok else "FAIL", msg)
    if out.status != APPLIED:
        status = "gap" if getattr(out, "no_reading", False) else "FAIL"
        why = (
            " -- grammar gap: the rule applies to none of the image's readings of the sentence"
            if status == "gap"
            else ""
        )
        return LiveResult(
            fam.path, ex.line, rule.name, image, status, f"{label}: {out.status}: {out.reason}{why}"
        )
    res = generated[encode(out.mrs, lnk=False)]
    surfaces = [r.get("surface", "") for r in res.results]
    accepted = {normalize(a) for a in ex.accept}
    hit = next((s for s in surfaces if normalize(s) in accepted), None)
    if hit is not None:
        return LiveResult(fam.path, ex.line, rule.name, image, "ok", f"{label} -> {hit!r}")
    got = (
        "; ".join(repr(s) for s in surfaces[:6])
        or f"nothing ({res.status}{': ' + res.reason if res.reason else ''})"
    )
    return LiveResult(
        fam.path,
        ex.line,
        rule.name,
        image,
        "FAIL",
        f"{label}: no acceptable realization among {len(surfaces)}: {got}",
    )


def _toml_str(text: str) -> str:
    return (
        "'" + text + "'"
        if "'" not in text
        else '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    )


def family_params(fam, given: Mapping[str, str]) -> dict[str, str]:
    """``given`` checked against the family's declared ``[params]``, each one missing set to its
    first declared value (the family's default: ``promote = "ARG2"`` for the passive)."""
    for key, value in given.items():
        if key not in fam.params:
            known = ", ".join(sorted(fam.params)) or "none"
            raise RuleError(f"{fam.name} has no parameter {key!r} (its parameters: {known})")
        if value not in fam.params[key]:
            raise RuleError(
                f"{fam.name}: {key} must be one of {', '.join(fam.params[key])}, not {value!r}"
            )
    return {key: given.get(key, values[0]) for key, values in fam.params.items()}


def example(sentence: str, family: str, params: Mapping[str, str], backend, rules) -> str:
    """A ready ``[[rule.example]]`` for ``family`` on ``sentence``: the MRS before and after
    and the realizations, as TOML to paste (keep the acceptable realizations in ``expect``).
    ``params`` not given take the family's first declared value."""
    fam = rules[family]
    params = family_params(fam, params)
    analysis = backend.analyze([sentence])[0]
    info = analysis.native
    if info is None or getattr(info, "mrs", None) is None:
        raise RuleError(
            f"{sentence!r} has no parse on ERG {backend.grammar.version}: "
            f"{getattr(info, 'reason', '')}"
        )
    outs = rules.apply_all(family, info.mrs, dict(params), backend.grammar.profile)
    lines = [
        f"# ERG {backend.grammar.version}, reading {info.reading + 1} of {info.readings} "
        f"({info.chosen_by})"
    ]
    param_text = (
        "{ " + ", ".join(f'{k} = "{v}"' for k, v in params.items()) + " }" if params else "{}"
    )
    for out in outs:
        if out.status != APPLIED:
            lines += [
                f"# {family}: {out.status}: {out.reason}",
                "[[rule.example]]",
                f"sentence = {_toml_str(sentence)}",
                f"params = {param_text}",
                f"not_applicable = {_toml_str(out.reason)}",
            ]
            continue
        after = encode(out.mrs, lnk=False)
        res = backend.generate([after])[0]
        surfaces = [r.get("surface", "") for r in res.results]
        lines += [
            f"# rule {out.rule}: {len(surfaces)} realizations"
            + ("" if surfaces else f" ({res.status}: {res.reason})"),
            "[[rule.example]]",
            f"sentence = {_toml_str(sentence)}",
            f"params = {param_text}",
            "expect = [" + ", ".join(_toml_str(s) for s in surfaces) + "]",
            f"# mrs = {_toml_str(encode(info.mrs, lnk=False))}",
            f"# after = {_toml_str(after)}",
        ]
        if fam.strategy == "first":
            break
    return "\n".join(lines) + "\n"
