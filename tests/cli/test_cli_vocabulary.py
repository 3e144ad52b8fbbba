"""One name for one thing on every command (engine.cli.options.vocabulary): an option several
commands share is spelled the same everywhere, no command shows a name another command uses
for something else, and every old spelling still works with a warning naming the new one."""

from __future__ import annotations

import argparse
import json

import pytest

from engine.cli import build_parser, main
from engine.cli.options import vocabulary


@pytest.fixture(scope="module")
def parser():
    return build_parser()


def _commands(parser) -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _spellings(command: argparse.ArgumentParser) -> dict[str, tuple[str, ...]]:
    """long option -> every visible spelling of it on this command."""
    out = {}
    for action in command._actions:
        if action.help == argparse.SUPPRESS or not action.option_strings:
            continue
        long = [o for o in action.option_strings if o.startswith("--")]
        if long:
            out[long[0]] = tuple(sorted(action.option_strings))
    return out


def test_a_shared_option_has_the_same_short_spelling_on_every_command(parser):
    seen: dict[str, dict[tuple[str, ...], list[str]]] = {}
    for name, command in _commands(parser).items():
        for flag, spelled in _spellings(command).items():
            short = tuple(o for o in spelled if not o.startswith("--"))
            seen.setdefault(flag, {}).setdefault(short, []).append(name)
    split = {flag: ways for flag, ways in seen.items() if len(ways) > 1}
    assert not split, split


def test_the_batch_commands_take_the_common_flags(parser):
    commands = _commands(parser)
    for name in ("transform", "contrast", "eval", "compare", "audit"):
        flags = _spellings(commands[name])
        assert flags["--input"] == ("--input", "-i") and flags["--backend"] == ("--backend", "-b")
    for name in ("train-polyjuice", "train-accept"):  # the backend that makes training data
        assert _spellings(commands[name])["--backend"] == ("--backend", "-b")


@pytest.mark.parametrize(
    "flag, allowed",
    [
        ("--format", ()),  # --output-format everywhere
        ("--version", ()),  # the global option; --erg-version for an image's version
        ("--out", ()),
        ("--sentences", ()),
        ("--tailor", ()),  # --model on every command
        ("--polyjuice", ()),
        ("--pairs", ("contrast",)),  # pair expressions; a file of pairs is --pairs-file
    ],
)
def test_no_command_shows_a_name_kept_for_something_else(parser, flag, allowed):
    having = [n for n, c in _commands(parser).items() if flag in _spellings(c)]
    assert having == list(allowed)


@pytest.mark.parametrize(
    "argv, dest, value, new",
    [
        (["grammar", "add", "x.dat", "--version", "2018"], "erg_version", "2018", "--erg-version"),
        (["transform", "A cat sleeps.", "-a", "p", "--format", "jsonl"], "output_format", "jsonl",
         "--output-format"),
        (["encoder", "--format", "json"], "output_format", "json", "--output-format"),
        (["train-polyjuice", "--model", "m", "-o", "o", "--pairs", "p.jsonl"], "pairs_file",
         "p.jsonl", "--pairs-file"),
        (["serve", "--tailor", "T5DIR"], "old_tailor", "T5DIR", "--model tailor=DIR"),
    ],
)  # fmt: skip
def test_an_old_spelling_still_works_and_names_the_new_one(parser, capsys, argv, dest, value, new):
    args = parser.parse_args(argv)
    assert getattr(args, dest) == value
    err = capsys.readouterr().err
    assert "deprecated" in err and new in err


def test_the_vocabulary_lists_each_shared_option_with_its_commands(parser):
    table = vocabulary(parser)
    assert table["--backend"]["short"] == {"-b"}
    assert {"transform", "train-polyjuice", "train-accept"} <= set(table["--backend"]["commands"])
    assert "serve" in table["--model"]["commands"] and "--format" not in table


def test_serve_tells_a_checkpoints_backend_from_its_config(tmp_path):
    from engine.cli.serve import checkpoints
    from engine.errors import SeamError

    t5, gpt2, other = tmp_path / "t5", tmp_path / "gpt2", tmp_path / "bert"
    for folder, kind in ((t5, "t5"), (gpt2, "gpt2"), (other, "bert")):
        folder.mkdir()
        (folder / "config.json").write_text(json.dumps({"model_type": kind}))
    assert checkpoints([str(t5), str(gpt2)]) == {"tailor": str(t5), "polyjuice": str(gpt2)}
    assert checkpoints(["tailor=/x"], polyjuice="/y") == {"tailor": "/x", "polyjuice": "/y"}
    with pytest.raises(SeamError, match="neither a TAILOR"):
        checkpoints([str(other)])
    with pytest.raises(SeamError, match="tailor=DIR"):
        checkpoints([str(tmp_path / "missing")])


def test_text_to_a_file_is_refused_with_the_formats_it_can_write(tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    argv = ["transform", "A cat sleeps.", "-a", "p", "-o", str(out), "--output-format", "text"]
    assert main(argv) == 2
    assert "prints to stdout" in capsys.readouterr().err and not out.exists()


def test_help_lists_the_commands_in_the_order_of_a_first_session(parser, capsys):
    from engine.cli import HELP_ORDER

    assert list(_commands(parser))[: len(HELP_ORDER)] == list(HELP_ORDER)
    with pytest.raises(SystemExit):
        parser.parse_args(["--help"])
    listing = capsys.readouterr().out
    assert listing.index("  demo ") < listing.index("  transform ") < listing.index("  encoder ")
