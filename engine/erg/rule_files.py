"""Reading a rule file of ``rules/mrs/`` into a :class:`~engine.erg.rule_schema.Family`, and
validating it on the way: unknown keys, wrong kinds, references to EPs and variables a rule
does not bind, actions with missing or unknown arguments, and worked examples. Every error is
a :class:`~engine.errors.RuleError` with the file and line (:func:`load_family`).

One module, over 400 lines: it is the validator of one file format, key by key; each part
(rule, pattern, condition, action, example) is a small function, and they share the locator
that gives every error its line."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..errors import RuleError
from .rule_schema import (
    IMPLEMENTABLE,
    PSEUDO,
    VAR_TYPES,
    Action,
    Condition,
    EPPattern,
    Example,
    Family,
    Rule,
    VersionSpec,
)

_FAMILY_KEYS = {"family", "implements", "description", "strategy", "params", "rule"}


_RULE_KEYS = {
    "name",
    "description",
    "erg",
    "when",
    "match",
    "require",
    "unless",
    "do",
    "example",
    "needs",
}


_PATTERN_KEYS = {"pred", "index", "main", "args", "label", "props"}


_COND_KEYS = {"reason", "ep", "icons", "var", "props"}


_EXAMPLE_KEYS = {"sentence", "mrs", "params", "expect", "not_applicable", "realization", "erg"}


_ACTIONS: dict[str, tuple[set[str], set[str]]] = {  # op -> (required keys, optional keys)
    "add_ep": ({"id", "pred", "label", "args"}, {"carg"}),
    "remove_ep": ({"ep"}, set()),
    "set_pred": ({"ep", "pred"}, set()),
    "set_arg": ({"ep", "role", "value"}, set()),
    "set_props": ({"var", "props"}, set()),
    "add_qeq": ({"hi", "lo"}, set()),
    "remove_qeq": ({"hi"}, set()),
    "rewire_qeq": ({"from", "to"}, set()),
    "add_icons": ({"left", "relation", "right"}, set()),
    "remove_icons": (set(), {"left", "relation", "right"}),
    "set_index": ({"value"}, set()),
    "set_top": ({"value"}, set()),
}


class _Locator:
    """Line numbers of tables in a TOML rule file, for file:line messages."""

    def __init__(self, text: str):
        self.rules: list[int] = []
        self.sub: dict[tuple[int, str], list[int]] = {}
        for n, line in enumerate(text.splitlines(), start=1):
            s = line.strip()
            if s == "[[rule]]":
                self.rules.append(n)
            elif m := re.fullmatch(r"\[\[?rule\.(\w+)(?:\.(\w+))?\]\]?", s):
                key = m.group(1) if not m.group(2) else f"{m.group(1)}.{m.group(2)}"
                self.sub.setdefault((len(self.rules) - 1, key), []).append(n)
            elif (m := re.match(r"(\w+)\s*=\s*\{", s)) and self.rules:
                self.sub.setdefault((len(self.rules) - 1, f"match.{m.group(1)}"), []).append(n)

    def rule(self, i: int) -> int | None:
        return self.rules[i] if i < len(self.rules) else None

    def table(self, i: int, key: str, k: int = 0) -> int | None:
        lines = self.sub.get((i, key), [])
        return lines[k] if k < len(lines) else self.rule(i)


def load_family(path: str | Path) -> Family:
    """Load and validate one rule file; every problem is a :class:`RuleError` with a line."""
    path = Path(path)
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RuleError(f"cannot read rule file: {exc}", where) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise RuleError(f"not valid TOML: {exc}", where, int(m.group(1)) if m else None) from None
    loc = _Locator(text)
    try:
        return _family(data, where, loc)
    except RuleError as exc:
        # an unknown key is reported at its own line, not at its table's header
        key = getattr(exc, "key", None)
        line = _key_line(text, exc.line, key) if key and exc.line else None
        if line is None or line == exc.line:
            raise
        raise RuleError(exc.message, where, line) from None


def _key_line(text: str, start: int, key: str) -> int | None:
    """The line of ``key = ...`` in the table that starts at line ``start`` (1-based)."""
    pattern = re.compile(rf"(^|[{{,]\s*){re.escape(key)}\s*=")
    lines = text.splitlines()
    for n in range(start, len(lines) + 1):
        s = lines[n - 1].strip()
        if n > start and s.startswith("["):
            return None  # the next table
        if pattern.search(s):
            return n
    return None


def _family(data: dict, where: str, loc: _Locator) -> Family:
    _no_unknown(data, _FAMILY_KEYS, "rule file", where, 1)
    for key in ("family", "implements"):
        if not isinstance(data.get(key), str):
            raise RuleError(f"missing top-level string '{key}'", where, 1)
    if data["implements"] not in IMPLEMENTABLE:
        raise RuleError(
            f"implements must be one of {', '.join(IMPLEMENTABLE)}, not {data['implements']!r}",
            where,
            1,
        )
    _string(data.get("description"), "description", where, 1, optional=True)
    if not isinstance(data.get("params", {}), dict):
        raise RuleError(
            f"[params] must be a table of NAME = [values], not {_kind(data['params'])}", where, 1
        )
    strategy = data.get("strategy", "first")
    if strategy not in ("first", "all"):
        raise RuleError(f"strategy must be 'first' or 'all', not {strategy!r}", where, 1)
    params = {}
    for k, v in (data.get("params") or {}).items():
        if not (isinstance(v, list) and v and all(isinstance(x, str) for x in v)):
            raise RuleError(f"params.{k} must be a non-empty list of strings", where, 1)
        params[k] = tuple(v)
    raw_rules = data.get("rule")
    if not isinstance(raw_rules, list) or not raw_rules:
        raise RuleError("a rule file needs at least one [[rule]] table", where, 1)
    rules = tuple(
        _load_rule(r, i, data["family"], params, where, loc) for i, r in enumerate(raw_rules)
    )
    names = [r.name for r in rules]
    for i, n in enumerate(names):
        if names.index(n) != i:
            raise RuleError(f"duplicate rule name {n!r}", where, loc.rule(i))
    return Family(
        data["family"],
        data["implements"],
        data.get("description", ""),
        strategy,
        params,
        rules,
        where,
    )


def _no_unknown(table: Mapping, allowed: set[str], what: str, where: str, line: int | None):
    unknown = sorted(set(table) - allowed)
    if unknown:
        err = RuleError(
            f"unknown key(s) in {what}: {', '.join(unknown)}; allowed: "
            f"{', '.join(sorted(allowed))}",
            where,
            line,
        )
        err.key = unknown[0]  # type: ignore[attr-defined]  # load_family finds its line
        raise err


def _tables(raw: Any, what: str, where: str, line: int | None) -> list[dict]:
    """An array of tables (``[[rule.do]]``); a single table or any other value is an error."""
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(t, dict) for t in raw):
        raise RuleError(
            f"{what} must be an array of tables ([[{what}]]), not {_kind(raw)}", where, line
        )
    return raw


def _string(
    value: Any, what: str, where: str, line: int | None, optional: bool = False
) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise RuleError(f"{what} must be a string, not {_kind(value)}", where, line)
    return value


def _kind(value: Any) -> str:
    names = {
        str: "a string",
        int: "a number",
        float: "a number",
        bool: "a boolean",
        list: "an array",
        dict: "a table",
    }
    return (
        f"{names.get(type(value), type(value).__name__)} ({value!r})"
        if not isinstance(value, dict)
        else "a table"
    )


def _load_rule(raw: Any, i: int, family: str, params: Mapping, where: str, loc: _Locator) -> Rule:
    line = loc.rule(i)
    if not isinstance(raw, dict):
        raise RuleError("[[rule]] must be a table", where, line)
    _no_unknown(raw, _RULE_KEYS, "[[rule]]", where, line)
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise RuleError("rule needs a 'name'", where, line)
    try:
        erg = VersionSpec(str(raw.get("erg", "*")))
    except ValueError as exc:
        raise RuleError(str(exc), where, line) from None
    match_raw = raw.get("match")
    if not isinstance(match_raw, dict) or not match_raw:
        raise RuleError(
            f"rule {name!r} needs a [rule.match] table naming at least one EP", where, line
        )
    bound: set[str] = set()
    match = []
    for ep_name, pat in match_raw.items():
        pl = loc.table(i, f"match.{ep_name}")
        match.append(_pattern(ep_name, pat, bound, where, pl))
        bound.add(ep_name)
    for key in ("description", "needs"):
        _string(raw.get(key), f"rule {name!r}: {key}", where, line, optional=True)
    require = tuple(
        _condition(c, bound, where, loc.table(i, "require", k))
        for k, c in enumerate(_tables(raw.get("require"), "rule.require", where, line))
    )
    unless = tuple(
        _condition(c, bound, where, loc.table(i, "unless", k))
        for k, c in enumerate(_tables(raw.get("unless"), "rule.unless", where, line))
    )
    actions = []
    known = set(bound)
    for k, a in enumerate(_tables(raw.get("do"), "rule.do", where, line)):
        al = loc.table(i, "do", k)
        actions.append(_action(a, known, params, where, al))
    if not actions:
        raise RuleError(f"rule {name!r} has no [[rule.do]] actions", where, line)
    examples = tuple(
        _example(e, params, where, loc.table(i, "example", k))
        for k, e in enumerate(_tables(raw.get("example"), "rule.example", where, line))
    )
    if not examples:
        raise RuleError(
            f"rule {name!r} has no [[rule.example]]: every rule carries worked examples",
            where,
            line,
        )
    when = _props(raw.get("when", {}), where, line)
    for k, vals in when.items():
        k = k.lower()
        if k not in params or not set(vals) <= set(params[k]):
            raise RuleError(
                f"rule {name!r}: when.{k} must list values of the declared params.{k}", where, line
            )
    when = {k.lower(): v for k, v in when.items()}
    for ex in examples:
        if when and not all(ex.params.get(k) in v for k, v in when.items()):
            raise RuleError(
                f"rule {name!r}: example parameters {dict(ex.params)} are outside the rule's when",
                where,
                ex.line,
            )
    return Rule(
        name,
        family,
        raw.get("description", ""),
        erg,
        tuple(match),
        require,
        unless,
        tuple(actions),
        examples,
        raw.get("needs", f"the pattern of {name} does not match"),
        where,
        line,
        when,
    )


def _props(raw: Any, where: str, line: int | None) -> dict[str, tuple[str, ...]]:
    if not isinstance(raw, dict):
        raise RuleError("props must be a table of PROPERTY = value or [values]", where, line)
    out = {}
    for k, v in raw.items():
        vals = v if isinstance(v, list) else [v]
        if not all(isinstance(x, str) for x in vals):
            raise RuleError(f"property {k} must be a string or list of strings", where, line)
        out[k.upper()] = tuple(vals)
    return out


def _check_ref(ref: str, known: set[str], where: str, line: int | None, what: str):
    """Validate a reference: INDEX, TOP, TOPLBL, NAME.ROLE[@qeq], qeq:NAME, new:t1."""
    if ref in PSEUDO:
        return
    if ref.startswith("new:"):
        if len(ref) < 5 or ref[4] not in VAR_TYPES:
            raise RuleError(
                f"{what}: new variable {ref!r} must start with a type letter (new:h1, new:e1, "
                "new:x1)",
                where,
                line,
            )
        return
    if ref.startswith("qeq:"):
        target = ref[4:]
        if target not in known and target != "MAIN":
            raise RuleError(f"{what}: qeq:{target} names no EP bound before it", where, line)
        return
    m = re.fullmatch(
        r"(\w+)\.(LBL|ARG\d|\{\w+\}|RSTR|BODY|CARG|L-INDEX|R-INDEX|L-HNDL|R-HNDL)(@qeq)?", ref
    )
    if not m:
        raise RuleError(
            f"{what}: {ref!r} is not a reference (NAME.ROLE, NAME.ROLE@qeq, INDEX, TOP, TOPLBL, "
            "qeq:NAME or new:<type><n>)",
            where,
            line,
        )
    if m.group(1) not in known:
        raise RuleError(
            f"{what}: {ref!r} refers to {m.group(1)!r}, which is not bound before it", where, line
        )


def _pattern(name: str, raw: Any, bound: set[str], where: str, line: int | None) -> EPPattern:
    if not isinstance(raw, dict):
        raise RuleError(f"match.{name} must be a table", where, line)
    _no_unknown(raw, _PATTERN_KEYS, f"match.{name}", where, line)
    preds = raw.get("pred", [])
    preds = tuple(preds if isinstance(preds, list) else [preds])
    if not all(isinstance(p, str) for p in preds):
        raise RuleError(
            f"match.{name}.pred must be a predicate glob or a list of them, not "
            f"{_kind(raw['pred'])}",
            where,
            line,
        )
    for flag in ("index", "main"):
        if flag in raw and not isinstance(raw[flag], bool):
            raise RuleError(
                f"match.{name}.{flag} must be true or false, not {_kind(raw[flag])}", where, line
            )
    args = raw.get("args", {})
    if not isinstance(args, dict):
        raise RuleError(f"match.{name}.args must be a table of ROLE = constraint", where, line)
    known = bound | {name}
    for role, c in args.items():
        if not isinstance(c, str):
            raise RuleError(f"match.{name}.args.{role} must be a string", where, line)
        if c == "none" or set(c.split("|")) <= VAR_TYPES:
            continue
        _check_ref(
            c,
            bound if not c.startswith("qeq:") else known,
            where,
            line,
            f"match.{name}.args.{role}",
        )
    label = _string(
        raw.get("label"), f"match.{name}.label (the name of a bound EP)", where, line, optional=True
    )
    if label is not None and label not in bound:
        raise RuleError(
            f"match.{name}.label must name an EP bound before it, not {label!r}", where, line
        )
    return EPPattern(
        name,
        preds,
        bool(raw.get("index")),
        bool(raw.get("main")),
        dict(args),
        label,
        _props(raw.get("props", {}), where, line),
    )


def _condition(raw: Any, bound: set[str], where: str, line: int | None) -> Condition:
    if not isinstance(raw, dict):
        raise RuleError("conditions must be tables", where, line)
    _no_unknown(raw, _COND_KEYS, "condition", where, line)
    if not isinstance(raw.get("reason"), str):
        raise RuleError(
            "every condition needs a 'reason' string (it is what users see)", where, line
        )
    kinds = [k for k in ("ep", "icons", "var") if k in raw]
    if len(kinds) != 1:
        raise RuleError("a condition has exactly one of 'ep', 'icons', 'var'", where, line)
    if "ep" in raw:
        return Condition(
            raw["reason"], ep=_pattern("_cond", raw["ep"], bound, where, line), line=line
        )
    if "icons" in raw:
        ic = raw["icons"]
        if not isinstance(ic, dict) or set(ic) - {"left", "relation", "right"}:
            raise RuleError("icons condition takes left, relation, right", where, line)
        for k, v in ic.items():
            _string(v, f"icons.{k}", where, line)
        for k in ("left", "right"):
            if k in ic:
                _check_ref(ic[k], bound, where, line, f"icons.{k}")
        return Condition(raw["reason"], icons=dict(ic), line=line)
    _check_ref(_string(raw["var"], "var", where, line), bound, where, line, "var")
    return Condition(
        raw["reason"], var=raw["var"], props=_props(raw.get("props", {}), where, line), line=line
    )


def _action(raw: Any, known: set[str], params: Mapping, where: str, line: int | None) -> Action:
    op, body = _action_table(raw, where, line)
    _check_action_body(op, body, params, where, line)
    _check_action_targets(op, body, known, where, line)
    for what, ref in _ACTION_REFS[op](body):
        if not isinstance(ref, str):
            raise RuleError(f"{op}.{what} must be a string reference", where, line)
        _check_ref(ref, known, where, line, f"{op}.{what}")
    if op == "add_ep":
        known.add(body["id"])
    return Action(op, dict(body), line)


def _action_table(raw: Any, where: str, line: int | None) -> tuple[str, dict]:
    """The one ``op = { ... }`` pair of a [[rule.do]] table, its op a known action."""
    if not isinstance(raw, dict) or len(raw) != 1:
        raise RuleError(
            "each [[rule.do]] holds exactly one action, e.g. set_props = { ... }", where, line
        )
    op, body = next(iter(raw.items()))
    if op not in _ACTIONS:
        raise RuleError(f"unknown action {op!r}; known: {', '.join(sorted(_ACTIONS))}", where, line)
    if not isinstance(body, dict):
        raise RuleError(f"{op} takes a table", where, line)
    return op, body


def _check_action_body(op: str, body: dict, params: Mapping, where: str, line: int | None):
    """An action's keys, the parameters it uses and the types of its values."""
    required, optional = _ACTIONS[op]
    missing = required - set(body)
    if missing:
        raise RuleError(f"{op} needs {', '.join(sorted(missing))}", where, line)
    _no_unknown(body, required | optional, op, where, line)
    for p in re.findall(r"\{(\w+)\}", str(body)):
        if p not in params:
            raise RuleError(
                f"{op} uses parameter {{{p}}}, which the file's [params] does not declare",
                where,
                line,
            )
    for key in ("id", "pred", "ep", "role", "relation", "carg"):
        if key in body:
            _string(body[key], f"{op}.{key}", where, line)
    for key in ("args", "props"):
        if key in body and not isinstance(body[key], dict):
            raise RuleError(f"{op}.{key} must be a table, not {_kind(body[key])}", where, line)


def _check_action_targets(op: str, body: dict, known: set[str], where: str, line: int | None):
    """The EP an action creates has a capitalized name; the EP it edits is a bound one."""
    if op == "add_ep" and not re.fullmatch(r"[A-Z]\w*", body["id"]):
        raise RuleError(f"add_ep.id must be a capitalized name, not {body['id']!r}", where, line)
    if op in ("remove_ep", "set_pred", "set_arg") and body["ep"] not in known:
        raise RuleError(f"{op}.ep {body['ep']!r} is not a bound EP", where, line)


def _set_props_refs(body: dict) -> list[tuple[str, Any]]:
    """set_props refers to its variable and to the variable of each ``=REF:PROP`` copy."""
    refs: list[tuple[str, Any]] = [("var", body["var"])]
    for k, v in body["props"].items():
        if isinstance(v, str) and v.startswith("="):
            refs.append((f"props.{k}", v[1:].rsplit(":", 1)[0]))
    return refs


def _icons_refs(body: dict) -> list[tuple[str, Any]]:
    return [(k, body[k]) for k in ("left", "right") if k in body]


# op -> the (key, reference) pairs of its body that must name bound EPs or variables
_ACTION_REFS: dict[str, Callable[[dict], list[tuple[str, Any]]]] = {
    "add_ep": lambda body: [
        ("label", body["label"]),
        *((f"args.{r}", v) for r, v in body["args"].items()),
    ],
    "remove_ep": lambda body: [],
    "set_pred": lambda body: [],
    "set_arg": lambda body: [] if body["value"] == "none" else [("value", body["value"])],
    "set_props": _set_props_refs,
    "add_qeq": lambda body: [("hi", body["hi"]), ("lo", body["lo"])],
    "remove_qeq": lambda body: [("hi", body["hi"])],
    "rewire_qeq": lambda body: [("from", body["from"]), ("to", body["to"])],
    "add_icons": _icons_refs,
    "remove_icons": _icons_refs,
    "set_index": lambda body: [("value", body["value"])],
    "set_top": lambda body: [("value", body["value"])],
}


def _example(raw: Any, params: Mapping, where: str, line: int | None) -> Example:
    """A worked example: an MRS one (``mrs`` + ``expect`` SimpleMRS or ``not_applicable``) or a
    sentence one (``sentence`` + ``expect`` acceptable realizations or ``not_applicable``),
    which only a live grammar can check (``seam rules check --live``)."""
    if not isinstance(raw, dict):
        raise RuleError("[[rule.example]] must be a table", where, line)
    _no_unknown(raw, _EXAMPLE_KEYS, "[[rule.example]]", where, line)
    for key in ("sentence", "mrs", "not_applicable", "realization"):
        _string(raw.get(key), f"example {key}", where, line, optional=True)
    if ("expect" in raw) == ("not_applicable" in raw):
        raise RuleError(
            "an example has exactly one of 'expect' or 'not_applicable' (reason text)", where, line
        )
    mrs = raw.get("mrs")
    expect = raw.get("expect")
    accept: tuple[str, ...] = ()
    if mrs is None:
        if not raw.get("sentence"):
            raise RuleError(
                "an example needs 'mrs' (SimpleMRS of the source) or 'sentence'", where, line
            )
        if expect is not None:
            items = [expect] if isinstance(expect, str) else expect
            if (
                not isinstance(items, list)
                or not items
                or not all(isinstance(x, str) and x for x in items)
            ):
                raise RuleError(
                    "a sentence example's expect is a realization or a list of acceptable "
                    f"realizations, not {_kind(expect)}",
                    where,
                    line,
                )
            accept, expect = tuple(items), None
    else:
        _string(expect, "example expect (SimpleMRS of the result)", where, line, optional=True)
        if raw.get("realization"):
            accept = (raw["realization"],)
    ex_params = raw.get("params", {})
    if not isinstance(ex_params, dict):
        raise RuleError(
            f'example params must be a table such as {{ value = "past" }}, not {_kind(ex_params)}',
            where,
            line,
        )
    for k, v in ex_params.items():
        if k not in params or v not in params[k]:
            raise RuleError(f"example parameter {k}={v!r} is not declared in [params]", where, line)
    try:
        erg = VersionSpec(str(raw.get("erg", "*")))
    except ValueError as exc:
        raise RuleError(str(exc), where, line) from None
    # a parameter left out takes the first value [params] declares, as in `seam rules example`
    filled = {k: vals[0] for k, vals in params.items()} | dict(ex_params)
    return Example(
        raw.get("sentence", ""),
        mrs,
        filled,
        expect,
        raw.get("not_applicable"),
        raw.get("realization"),
        line,
        accept,
        erg,
    )
