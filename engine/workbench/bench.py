"""The workbench's library side: every view's answer as JSON-ready data, computed by the same
code paths as ``seam transform`` and ``seam rules check`` (the analyzer, the erg steps over an
:class:`~engine.erg.session.ErgSession`, the backends, the rule loader and checker).

With ACE and an ERG image found, sentences are parsed live; without, the readings come from
recorded parses (``rules/workbench/parses.jsonl``, our own sentences parsed by the ERG 2018
image) and everything else (the IR, the surface backend, rule matching and rewriting) works
the same. Rule files are read and written only inside the configured rules folder, each write
validated first and atomic.

One module, over 400 lines: :class:`Workbench` holds the resources every view shares (the
analyzer, the backends, the ERG session, the rules folder and its lock), and each view's answer
is one of its methods.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tempfile
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..analyzers import SpacyAnalyzer
from ..backends.erg import ErgBackend
from ..backends.hybrid import HybridBackend
from ..checks import keeps_source, shows_change
from ..erg import reading, rewrite
from ..erg.analyzer import analysis_from_mrs
from ..erg.examples import check_live, family_params
from ..erg.filters import reading_agreement, source_casing
from ..erg.mrsview import decode, diff, encode
from ..erg.reading import reading_refusal
from ..erg.rules import RuleSet, check_files
from ..erg.session import ErgSession
from ..errors import GrammarError, InputError, RuleError, StaleEditError
from ..ir import Analysis
from ..pipeline import Transformer
from ..resources import rules_dir
from ..transforms import parse
from .rulefiles import atomic_write, example_block, insert_after_rule
from .svg import draw

MAX_TEXT = 500  # characters of a sentence
MAX_RULE_TEXT = 200_000  # characters of a rule file sent from the page
MAX_NAME = 100  # characters of a rule file's name
_FILE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*\.toml$")


class Workbench:
    """The resources of one ``seam serve``: the spaCy analyzer, the surface backend, an ERG
    session (live, or over recorded parses), and the rules folder. ``live``: False to stay
    offline even where a grammar is found; ``ace`` / ``grammar``: where to find one."""

    def __init__(
        self,
        rules: str | Path | None = None,
        *,
        live: bool = True,
        ace: str | None = None,
        grammar: str | None = None,
        parses: str | Path | None = None,
        timeout: int = 10,
        models: Mapping[str, str] | None = None,
    ):

        self.rules = rules_folder(rules)
        self.analyzer = SpacyAnalyzer()
        self.surface = Transformer("surface")
        # the neural backends shown beside the others, where a checkpoint is given
        self.models = {name: Transformer(name, model=path) for name, path in (models or {}).items()}
        self.lock = threading.Lock()
        self.offline = "started offline (--offline)"
        self.erg: ErgSession | None = None
        if live:
            try:
                self.erg = ErgSession(
                    ace=ace, grammar=grammar, workers=1, timeout=timeout, rules=self.files()
                )
                self.offline = ""
            except GrammarError as exc:
                self.offline = f"no ACE and ERG image found ({exc})"
        version = self.erg.grammar.version if self.erg else 2018
        self.session = self.erg or ErgSession.without_ace(version or 2018, self.files())
        if self.erg is not None:  # the grammar's backends, on the same session, opened once
            erg = ErgBackend(session=self.erg)
            hybrid = HybridBackend(erg=erg, surface=self.surface.backend)
            self.models = {"erg": Transformer(erg), "hybrid": Transformer(hybrid), **self.models}
        self.recorded = _recorded(
            Path(parses) if parses else rules_dir() / "workbench" / "parses.jsonl"
        )

    def close(self) -> None:
        if self.erg is not None:
            self.erg.close()

    # -- status and rules --------------------------------------------------------------------
    def files(self) -> list[str]:
        """The rule files of the rules folder: plain files only, never a symbolic link."""
        return [str(p) for p in sorted(self.rules.glob("*.toml")) if _plain(p)]

    def links(self) -> list[Path]:
        """Symbolic links among the rule files: never read or written, reported by check."""
        return [p for p in sorted(self.rules.glob("*.toml")) if p.is_symlink()]

    def status(self) -> dict[str, Any]:
        g = self.session.grammar
        return {
            "live": self.erg is not None,
            "grammar": f"ERG {g.version} ({g.image})" if self.erg else f"recorded ERG {g.version}",
            "offline": self.offline,
            "rules": str(self.rules),
            "recorded": sorted(self.recorded),
            "families": self.families(),
        }

    def families(self) -> list[dict[str, Any]]:
        return [
            {
                "name": f.name,
                "implements": f.implements,
                "params": {k: list(v) for k, v in f.params.items()},
                "file": Path(f.path).name,
                "rules": [r.name for r in f.rules],
            }
            for f in self.session.rules.families.values()
        ]

    def reload(self) -> None:
        """Read the rule files again (after an edit)."""

        self.session.rules = RuleSet.load(self.files())

    def path_of(self, name: str) -> Path:
        """A rule file of the rules folder by its name; anything else is refused."""
        if not isinstance(name, str) or len(name) > MAX_NAME or not _FILE_NAME.match(name):
            raise InputError(
                f"not a rule file name: {name[:MAX_NAME]!r} (a name such as passive.toml, "
                f"at most {MAX_NAME} characters)"
            )
        path = self.rules / name
        try:
            if path.is_symlink():
                raise InputError(f"{name} is a symbolic link; the workbench opens plain files only")
            if path.resolve().parent != self.rules or not path.is_file():
                raise InputError(f"no rule file {name!r} in the rules folder")
        except OSError as exc:
            raise InputError(f"cannot open {name!r}: {exc.strerror}") from None
        return path

    # -- sentence -> analysis ----------------------------------------------------------------
    def readings(self, text: str) -> tuple[list[str], str]:
        """ACE's readings of ``text`` (SimpleMRS, in ACE's order) and where they come from."""
        if self.erg is not None:
            [res] = self.erg.parse_texts([text])
            note = "" if res.status == "ok" else f"ACE: {res.status} {res.reason}".strip()
            return [r["mrs"] for r in res.results], note or "parsed live"
        if text in self.recorded:
            return self.recorded[text], "recorded parse (offline)"
        return [], f"{self.offline}; this sentence has no recorded parse"

    def analyze(self, text: str) -> dict[str, Any]:

        text = _text(text)
        check = self.analyzer.analyze([text])[0]
        mrss, source = self.readings(text)
        out: dict[str, Any] = {"text": text, "ir": check.to_dict(), "source": source}
        choice = reading.choose(text, mrss, check) if mrss else None
        chosen, why = (choice.index, choice.how) if not isinstance(choice, str | None) else (-1, "")
        if self.erg is not None and choice is not None and not isinstance(choice, str):
            [a] = reading.analyze(self.erg, [text])  # with the round trip that breaks ties
            if isinstance(a.native, reading.ParseInfo) and a.native.status == "ok":
                chosen, why = a.native.reading, a.native.chosen_by
        out["readings"] = [
            {
                "index": k,
                "mrs": m,
                "svg": draw(decode(m)),
                "chosen": k == chosen,
                **_judged(text, m, check),
            }
            for k, m in enumerate(mrss)
        ]
        out["chosen"], out["why"] = chosen, why or (choice if isinstance(choice, str) else "")
        return out

    # -- rule -> effect ----------------------------------------------------------------------
    def apply(self, text: str, expression: str) -> dict[str, Any]:
        """Every backend's record for ``text`` under ``expression``, and on the ERG side the
        rules that applied, the rewritten MRS against the reading with its changes, and (live)
        ACE's realizations with each one's check verdicts."""

        text = _text(text)
        plans = parse(expression).plans()
        out: dict[str, Any] = {"text": text, "expression": expression, "backends": {}}
        out["backends"]["surface"] = self.surface.run_texts([text], expression)[0]
        for name, transformer in self.models.items():
            out["backends"][name] = transformer.run_texts([text], expression)[0]
        analysis = self.reading_of(text)  # the reading every plan's rules start from
        out["erg"] = [self._rules_effect(analysis, plan) for plan in plans]
        return out

    def apply_family(self, text: str, family: str, params: Mapping[str, str]) -> dict[str, Any]:
        """One rule family applied to the reading directly, with ``params`` (a family's
        parameters not given take its first declared value, as in ``seam rules example``):
        every rule's outcome, the MRS it made with its changes, and (live) ACE's realizations."""

        text = _text(text)
        fam = self.session.rules.families.get(family)
        if fam is None:
            raise InputError(f"no rule family {family!r}")
        try:
            given = family_params(fam, params)
        except RuleError as exc:
            raise InputError(str(exc)) from None
        analysis = self.reading_of(text)
        info = analysis.native
        if info is None or info.mrs is None:
            raise InputError(f"no reading of {text!r}: {getattr(info, 'reason', '')}")
        outcomes = self.session.rules.apply_all(
            family, info.mrs, dict(given), self.session.grammar.profile
        )
        rows = []
        for out in outcomes:
            row: dict[str, Any] = {"rule": out.rule, "status": out.status, "reason": out.reason}
            if out.mrs is not None and out.status == "applied":
                changes = diff(info.mrs, out.mrs)
                row.update(
                    mrs=encode(out.mrs, lnk=False),
                    changes=changes,
                    svg=draw(out.mrs, _marked(changes, out.mrs)),
                )
                if self.erg is not None:
                    [res] = self.erg.generate([row["mrs"]])
                    row["realizations"] = [r.get("surface", "") for r in res.results]
            rows.append(row)
        return {"text": text, "family": family, "params": given, "rules": rows}

    def reading_of(self, text: str):
        """The reading the erg steps use, as an analysis with its ParseInfo."""

        if self.erg is not None:
            return reading.analyze(self.erg, [text])[0]
        check = self.analyzer.analyze([text])[0]
        mrss, source = self.readings(text)
        choice = reading.choose(text, mrss, check) if mrss else source
        if isinstance(choice, str):
            return Analysis(
                check.sentence,
                analyzer="erg",
                native=reading.ParseInfo("no_parse", choice, check=check),
            )
        a = choice.analysis
        info = reading.ParseInfo("ok", "", a.native, len(mrss), choice.index, choice.how, check)
        return Analysis(a.sentence, a.frames, a.main, "erg", mrss[choice.index], info)

    def _rules_effect(self, analysis, plan) -> dict[str, Any]:

        job = rewrite.rewrite(self.session, analysis, plan)
        out: dict[str, Any] = {"plan": str(plan), "variants": []}
        if job.outcome is not None:
            out["outcome"] = {"status": job.outcome.status, "reason": job.outcome.reason}
            return out
        source = analysis.native.mrs
        for names, mrs in job.variants:
            changes = diff(source, mrs)
            marked = _marked(changes, mrs)
            variant: dict[str, Any] = {
                "rules": names,
                "mrs": encode(mrs, lnk=False),
                "changes": changes,
                "svg": draw(mrs, marked),
            }
            if self.erg is not None:
                variant["realizations"] = self._verdicts(analysis, plan, mrs)
            out["variants"].append(variant)
        out["source_mrs"] = encode(source, lnk=False)
        return out

    def _verdicts(self, analysis, plan, mrs) -> list[dict[str, Any]]:
        """ACE's realizations of ``mrs``, each with the checks every backend's output meets."""

        assert self.erg is not None
        [res] = self.erg.generate([encode(mrs, lnk=False)])
        surfaces = list(
            dict.fromkeys(source_casing(r.get("surface", ""), analysis.text) for r in res.results)
        )
        checked = self.analyzer.analyze(surfaces) if surfaces else []
        source = analysis.native.check
        out = []
        for s, got in zip(surfaces, checked, strict=True):
            shows = shows_change(plan, s, None, got)
            keeps = keeps_source(source, plan, got) if source is not None else None
            out.append(
                {
                    "text": s,
                    "shows_change": shows or "yes",
                    "keeps_rest": keeps or "yes",
                    "ok": shows is None and keeps is None,
                }
            )
        return out

    # -- rule files ----------------------------------------------------------------------------
    def rule_text(self, name: str) -> dict[str, str]:
        """A rule file's text and its version (what a save or an example sends back)."""
        data = self.path_of(name).read_bytes()
        return {"text": data.decode("utf-8"), "version": _version(data)}

    def version(self, name: str) -> str:
        return _version(self.path_of(name).read_bytes())

    def validate(self, name: str, text: str) -> list[dict[str, Any]]:
        """The ``rules check`` of the whole rule set with ``text`` as rule file ``name``, worked
        examples included: one row per error or worked example of that file (file, line, rule,
        ok, message), and a row for every other file the set would then fail to load."""

        self.path_of(name)
        if not isinstance(text, str) or len(text) > MAX_RULE_TEXT:
            raise InputError(f"a rule file of at most {MAX_RULE_TEXT} characters")
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            for other in self.files():
                if Path(other).name != name:
                    shutil.copyfile(other, folder / Path(other).name)
            (folder / name).write_text(text, encoding="utf-8")
            rows = check_files(sorted(folder.glob("*.toml")))
            out = []
            for r in rows:
                mine = Path(r.path).name == name
                if mine or (not r.ok and r.rule == "-"):
                    row = {**_row(r), "file": Path(r.path).name}
                    row["message"] = row["message"].replace(f"{folder}/", "")
                    out.append(row)
        return out

    def check(self, live: bool = False) -> list[dict[str, Any]]:
        """``seam rules check`` on every file of the rules folder; ``live`` (with ACE) also runs
        the sentence examples end to end, as ``--live`` does."""

        rows = [{**_row(r), "file": Path(r.path).name} for r in check_files(self.files())]
        for link in self.links():
            rows.append(
                {
                    "line": 1,
                    "rule": "-",
                    "ok": False,
                    "message": "a symbolic link: the workbench reads plain files only",
                    "file": link.name,
                }
            )
        if live:
            if self.erg is None:
                raise InputError(f"the live check needs ACE and an ERG image: {self.offline}")

            image = Path(str(self.erg.grammar.image)).name
            for r in check_live(self.files(), {image: self.models["erg"].backend}):
                rows.append({**_row(r), "file": Path(r.path).name, "status": r.status})
        return rows

    def save(self, name: str, text: str, version: str) -> dict[str, Any]:
        """Write ``text`` to rule file ``name``, made on the file's ``version``: only if the
        file is still at that version (else :class:`~engine.errors.StaleEditError`) and the
        whole rule set passes its check with it, worked examples included (else nothing is
        written and the failing rows come back); atomically, then the rules are reloaded."""
        with self.lock:
            self._same_version(name, version)
            rows = self.validate(name, text)
            if any(not r["ok"] for r in rows):
                return {"written": False, "rows": rows, "version": version}
            atomic_write(self.path_of(name), text)
            self.reload()
            return {"written": True, "rows": rows, "version": self.version(name)}

    def _same_version(self, name: str, version: str | None) -> None:
        if version is not None and version != self.version(name):
            raise StaleEditError(
                f"{name} changed since it was opened (another save or an added example); "
                "reload it and make the edit again"
            )

    def add_example(
        self,
        name: str,
        rule: str,
        sentence: str,
        params: Mapping[str, str],
        realization: str | None = None,
        *,
        version: str | None = None,
    ) -> dict[str, Any]:
        """Add a worked example to ``rule`` in rule file ``name``: ``sentence``'s reading as the
        MRS, what the rule makes of it as the expected MRS, and the accepted realization; the
        rule set is checked with it before it is written. ``version``: the file's version the
        page holds, if it holds one (a file changed since is refused)."""

        sentence = _text(sentence)
        if realization is not None:
            realization = _text(realization)
        analysis = self.reading_of(sentence)
        if analysis.native is None or analysis.native.mrs is None:
            raise InputError(f"no reading of {sentence!r} to make an example from")
        with self.lock:
            self._same_version(name, version)
            path = self.path_of(name)
            family = next(
                (f for f in self.session.rules.families.values() if Path(f.path) == path), None
            )
            if family is None or rule not in [r.name for r in family.rules]:
                raise InputError(f"{name} has no rule {rule!r}")
            given = {k: v for k, v in params.items() if k in family.params}
            out = self.session.rules.apply_all(
                family.name, analysis.native.mrs, dict(given), self.session.grammar.profile
            )
            mine = next((o for o in out if o.rule == rule), None)
            if mine is None or mine.mrs is None:
                reason = mine.reason if mine is not None else "it does not apply"
                raise InputError(f"rule {rule!r} does not apply to {sentence!r}: {reason}")
            block = example_block(
                sentence,
                encode(analysis.native.mrs, lnk=False),
                given,
                encode(mine.mrs, lnk=False),
                realization,
                self.session.grammar.version,
            )
            text = insert_after_rule(path.read_text(encoding="utf-8"), rule, block)
            rows = self.validate(name, text)
            if any(not r["ok"] for r in rows):
                return {"written": False, "check": rows, "version": self.version(name)}
            atomic_write(path, text)
            self.reload()
            return {"written": True, "check": rows, "example": block, "version": self.version(name)}


def _judged(text: str, mrs: str, check) -> dict[str, Any]:
    """How a reading compares with the spaCy analysis (what the reading choice weighs): its
    agreement, and why the checks would refuse it whatever the plan, if they would."""

    try:
        a = analysis_from_mrs(text, mrs)
    except Exception as exc:  # an MRS Seam cannot read is shown, not chosen
        return {"agreement": None, "refused": f"cannot read it: {type(exc).__name__}"}
    refused = reading_refusal(a, check)
    return {
        "agreement": reading_agreement(a, check),
        "refused": refused.reason if refused is not None else "",
    }


def _marked(changes: Mapping[str, list], mrs) -> set[str]:
    """The predicates a rule added or changed, or whose variable's properties it changed."""
    marked = {str(e).split("(")[0] for e in changes.get("added", [])}
    marked |= {str(c[0]) for c in changes.get("changed", [])}
    touched = {str(p[0]) for p in changes.get("props", [])}
    marked |= {str(ep.predicate) for ep in mrs.rels if ep.args.get("ARG0") in touched}
    return marked


def _text(text: Any) -> str:
    if not isinstance(text, str) or not text.strip():
        raise InputError("give a sentence")
    if len(text) > MAX_TEXT:
        raise InputError(f"a sentence of at most {MAX_TEXT} characters, not {len(text)}")
    return " ".join(text.split())


def rules_folder(rules: str | Path | None) -> Path:
    """The folder of MRS rule files the workbench reads and writes: ``rules`` itself, or its
    ``mrs`` folder when given the rules root (``rules/``, which also holds lexicons, label
    rules and the algebra); default the shipped ``rules/mrs``."""
    folder = Path(rules or rules_dir() / "mrs").resolve()
    if not folder.is_dir():
        raise InputError(f"no rules folder {folder}")
    if (folder / "mrs").is_dir() and any((folder / "mrs").glob("*.toml")):
        return folder / "mrs"
    return folder


def _plain(path: Path) -> bool:
    return path.is_file() and not path.is_symlink()


def _version(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _row(r) -> dict[str, Any]:
    return {"line": r.line, "rule": r.rule, "ok": r.ok, "message": r.message}


def _recorded(path: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                out[rec["text"]] = [r["mrs"] for r in rec.get("readings", [])]
    return out


__all__: Sequence[str] = ("MAX_RULE_TEXT", "MAX_TEXT", "Workbench")
