"""MkDocs hooks: pages generated from the code at build time.

* ``cli.md``: the line ``<!-- seam-cli-reference -->`` becomes the reference of every ``seam``
  subcommand, built from :func:`engine.cli.build_parser` (its help, usage, and each argument
  group's options with their help, choices and defaults).
* ``cli.md``: the line ``<!-- seam-cli-vocabulary -->`` becomes the table of the options
  several commands share (:func:`engine.cli.options.vocabulary`).
* ``statuses.md``: the line ``<!-- seam-error-codes -->`` becomes the table of error codes,
  built from the :class:`engine.errors.SeamError` hierarchy, and ``<!-- seam-refusal-codes -->``
  the table of the shared refusals' codes (:data:`engine.checks.REFUSALS`).
* ``developer.md``: the line ``<!-- seam-layers -->`` becomes the table of layers that
  ``tests/project/test_architecture.py`` enforces (its ``LAYERS``), and each line
  ``<!-- seam-modules engine/PACKAGE -->`` the table of that package's modules, each with the
  first paragraph of its docstring.

Nothing is copied by hand, so the pages cannot drift from the parsers and the error classes.
Importing :mod:`engine.cli` needs no network.
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError

CLI_MARKER = "<!-- seam-cli-reference -->"
VOCABULARY_MARKER = "<!-- seam-cli-vocabulary -->"
ERRORS_MARKER = "<!-- seam-error-codes -->"
REFUSALS_MARKER = "<!-- seam-refusal-codes -->"
LAYERS_MARKER = "<!-- seam-layers -->"
MODULES_MARKER = re.compile(r"^<!-- seam-modules (engine(?:/\w+)+) -->$", re.MULTILINE)

# Help strings may point at data outside the repository (a sibling ``../shared`` folder of the
# development setup); those pointers are dropped from the published page.
_OUTSIDE = re.compile(r"\s*\((?:e\.g\.\s*|the format of\s*)?\.\./shared[/][^)]*\)")
_OUTSIDE_BARE = re.compile(r"\.\./shared[/]\S*")


def _import_engine(config) -> None:
    root = str(Path(config.config_file_path).resolve().parent)
    if root not in sys.path:
        sys.path.insert(0, root)


def on_page_markdown(markdown: str, page, config, files) -> str:
    src = page.file.src_uri
    if src == "cli.md":
        if CLI_MARKER not in markdown:
            raise PluginError(f"docs/cli.md lost its marker line {CLI_MARKER}")
        if VOCABULARY_MARKER not in markdown:
            raise PluginError(f"docs/cli.md lost its marker line {VOCABULARY_MARKER}")
        _import_engine(config)
        markdown = markdown.replace(VOCABULARY_MARKER, vocabulary_table())
        return markdown.replace(CLI_MARKER, cli_reference())
    if src == "statuses.md":
        for marker in (ERRORS_MARKER, REFUSALS_MARKER):
            if marker not in markdown:
                raise PluginError(f"docs/statuses.md lost its marker line {marker}")
        _import_engine(config)
        markdown = markdown.replace(REFUSALS_MARKER, refusal_table())
        return markdown.replace(ERRORS_MARKER, error_table())
    if src == "developer.md":
        if LAYERS_MARKER not in markdown:
            raise PluginError(f"docs/developer.md lost its marker line {LAYERS_MARKER}")
        root = Path(config.config_file_path).resolve().parent
        markdown = MODULES_MARKER.sub(lambda m: module_table(root / m.group(1)), markdown)
        return markdown.replace(
            LAYERS_MARKER, layer_table(root / "tests" / "project" / "test_architecture.py")
        )
    return markdown


# --- a package's modules ----------------------------------------------------------------------

_ROLE = re.compile(r":\w+:`~?([^`]+)`")


def module_summary(path: Path) -> str:
    """The first paragraph of a module's docstring, as one line of Markdown (a Sphinx role
    becomes inline code of its last name)."""
    import ast

    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    first = " ".join(doc.split("\n\n")[0].split())
    first = _ROLE.sub(lambda m: f"`{m.group(1).split('.')[-1]}`", first)
    return first.replace("``", "`").replace("|", r"\|")


def module_table(package: Path) -> str:
    """The package's own summary, then every module of ``package`` with its summary; a module
    without a docstring fails the build, so the listing cannot fall behind the code."""
    intro = module_summary(package / "__init__.py").rstrip(":")
    rows = [f"{intro}." if intro and not intro.endswith(".") else intro, ""]
    rows += ["| module | what it holds |", "|---|---|"]
    for path in sorted(package.glob("*.py")):
        if path.name == "__init__.py":
            continue
        summary = module_summary(path)
        if not summary:
            raise PluginError(f"{path} has no docstring for the developer guide's listing")
        rows.append(f"| `{path.name}` | {summary} |")
    return "\n".join(rows)


# --- the CLI reference ------------------------------------------------------------------------


def _clean(text: str) -> str:
    """Help text as Markdown table-cell text: no pointers outside the repository, one line,
    no raw HTML, no stray emphasis, no column breaks."""
    text = _OUTSIDE.sub("", text)
    text = _OUTSIDE_BARE.sub("a local file", text)
    text = " ".join(text.split())
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace("*", r"\*").replace("|", r"\|")
    return text


def _code(text: str) -> str:
    """Inline code for a table cell (``|`` cannot be escaped inside backticks in every
    renderer, so it is written as an HTML entity in a <code> element)."""
    text = (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("|", "&#124;")
    )
    return f"<code>{text}</code>"


def _default(action: argparse.Action) -> str:
    if isinstance(
        action,
        (
            argparse._StoreTrueAction,
            argparse._StoreFalseAction,
            argparse._HelpAction,
            argparse._VersionAction,
            argparse._CountAction,
        ),
    ):
        return ""
    value = action.default
    if value is None or value is argparse.SUPPRESS:
        return ""
    if isinstance(value, (list, tuple)):
        return " ".join(_code(str(v)) for v in value)
    return _code(str(value))


def _declared_by() -> dict[str, list[str]]:
    """Each backend flag and the backends that declare it (the parser lists a shared flag once,
    in the first backend's group)."""
    from engine.backends.base import available_backends, backend_options

    out: dict[str, list[str]] = {}
    for name in available_backends():
        for opt in backend_options(name):
            out.setdefault(opt.flag, []).append(name)
    return out


def _notes(action: argparse.Action, help_text: str = "", backends: dict | None = None) -> list[str]:
    notes = []
    if backends:
        names = next((backends[f] for f in action.option_strings if f in backends), None)
        if names and len(names) > 1:
            notes.append("backends: " + ", ".join(names))
    if action.choices is not None and not isinstance(action, argparse._SubParsersAction):
        notes.append("one of " + ", ".join(_code(str(c)) for c in action.choices))
    if action.option_strings and action.required:
        notes.append("required")
    if isinstance(action, argparse._AppendAction) and "repeatable" not in help_text:
        notes.append("repeatable")
    if action.nargs == "?" and action.option_strings and action.const is not None:
        notes.append("alone: " + _code(str(action.const)))
    return notes


def _options_table(parser: argparse.ArgumentParser, backends: dict | None = None) -> list[str]:
    formatter = parser._get_formatter()
    out: list[str] = []
    for group in parser._action_groups:
        actions = [
            a
            for a in group._group_actions
            if a.help is not argparse.SUPPRESS
            and not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))
        ]
        if not actions:
            continue
        title = group.title or "options"
        out += [
            "",
            f"**{title[0].upper() + title[1:]}**",
            "",
            "| argument | help | default |",
            "|---|---|---|",
        ]
        for action in actions:
            invocation = formatter._format_action_invocation(action)
            help_text = _clean(formatter._expand_help(action)) if action.help else ""
            in_backend_group = (group.title or "").endswith(" backend")
            notes = _notes(action, help_text, backends if in_backend_group else None)
            if notes:
                help_text = (help_text + " " if help_text else "") + "(" + "; ".join(notes) + ")"
            out.append(f"| {_code(invocation)} | {help_text} | {_default(action)} |")
    return out


def cli_reference() -> str:
    import os

    from engine.cli import build_parser

    width = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"  # usage lines wrapped the same on every machine
    try:
        return _cli_reference(build_parser())
    finally:
        if width is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = width


def vocabulary_table() -> str:
    """The options that several commands share, each with one spelling everywhere."""
    from engine.cli import build_parser
    from engine.cli.options import vocabulary

    out = ["| option | also | commands |", "|---|---|---|"]
    for flag, entry in vocabulary(build_parser()).items():
        if len(entry["commands"]) < 2:
            continue
        spelled = ", ".join(f"`{o}`" for o in sorted(entry["short"]) + [flag])
        also = ", ".join(f"`{o}`" for o in sorted(entry["also"]))
        commands = ", ".join(f"[`{c}`](#seam-{c})" for c in entry["commands"])
        out.append(f"| {spelled} | {also} | {commands} |")
    return "\n".join(out) + "\n"


def _cli_reference(parser: argparse.ArgumentParser) -> str:
    sub_action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {a.dest: a.help for a in sub_action._choices_actions}
    out = ["## Global options", "", "```text", parser.format_usage().strip(), "```"]
    out += _options_table(parser)
    backends = _declared_by()
    out += ["", "## Commands", "", "| command | what it does |", "|---|---|"]
    for name in sub_action.choices:
        out.append(f"| [`seam {name}`](#seam-{name}) | {_clean(helps.get(name) or '')} |")
    for name, sub in sub_action.choices.items():
        out += ["", f"## seam {name}", ""]
        if helps.get(name):
            out.append(_clean(helps[name])[0].upper() + _clean(helps[name])[1:] + ".")
        if sub.description:
            out += ["", _clean(sub.description)]
        usage = _OUTSIDE.sub("", sub.format_usage().strip())
        out += ["", "```text", usage, "```"]
        out += _options_table(sub, backends)
    return "\n".join(out) + "\n"


# --- the error codes --------------------------------------------------------------------------


def refusal_table() -> str:
    """The shared refusals in the order they are asked: code, check, and the sentence of ours
    each refuses under its edit."""
    from engine.checks import MISPARSES, REFUSALS
    from engine.checks.table import NOT_ENGLISH

    out = ["| code | refuses | example (edit) |", "|---|---|---|"]
    out.append(
        f"| `{NOT_ENGLISH}` | text that is not English (another script, few plain words) "
        "| *Кошка спит на диване.* (any) |"
    )
    for entry in (*REFUSALS, *MISPARSES):
        module, name = entry.name.split(".")
        what = name.replace("_refusal", "").replace("_", " ")
        example = entry.example.replace("|", r"\|").replace("*", r"\*")
        out.append(f"| `{entry.code}` | {what} (`{module}`) | *{example}* (`{entry.edit}`) |")
    return "\n".join(out) + "\n"


def error_table() -> str:
    from engine import errors

    classes = [
        c
        for _, c in inspect.getmembers(errors, inspect.isclass)
        if issubclass(c, errors.SeamError) and c.__module__ == errors.__name__
    ]
    # a class without a code of its own (Located: the path:line message) is a mixin, not a row
    mixins = {
        c
        for c in classes
        if "code" not in vars(c) and c.code == errors.SeamError.code and c is not errors.SeamError
    }
    classes = [c for c in classes if c not in mixins]
    classes.sort(key=lambda c: (c.code, c.__mro__.index(errors.SeamError), c.__name__))
    out = ["| code | exception | is a | meaning |", "|---|---|---|---|"]
    for c in classes:
        parent = next(
            (b for b in c.__bases__ if issubclass(b, errors.SeamError) and b not in mixins),
            errors.SeamError if c is not errors.SeamError else None,
        )
        builtin = [b.__name__ for b in c.__bases__ if not issubclass(b, errors.SeamError)]
        is_a = ", ".join(([f"`{parent.__name__}`"] if parent else []) + [f"`{b}`" for b in builtin])
        doc = " ".join((inspect.getdoc(c) or "").split("\n\n")[0].split())
        doc = re.sub(r":\w+:`~?([^`]+)`", r"`\1`", doc).replace("``", "`")
        doc = _OUTSIDE.sub("", doc).replace("|", r"\|")
        out.append(f"| `{c.code}` | `{c.__name__}` | {is_a} | {doc} |")
    return "\n".join(out) + "\n"


# --- the layers -------------------------------------------------------------------------------


def layer_table(test_file: Path) -> str:
    """The ``LAYERS`` of the architecture test, read from its source (not imported)."""
    import ast

    tree = ast.parse(test_file.read_text(encoding="utf-8"))
    layers = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            getattr(t, "id", "") == "LAYERS" for t in node.targets
        ):
            layers = ast.literal_eval(node.value)
    if not layers:
        raise PluginError(f"{test_file} has no LAYERS table")
    out = ["| layer | modules and packages (under `engine/`) |", "|---|---|"]
    for level in sorted(layers):
        names = ", ".join(f"`{name.replace('.', '/')}`" for name in layers[level])
        out.append(f"| {level} | {names} |")
    return "\n".join(out) + "\n"
