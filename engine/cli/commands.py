"""The table of ``seam`` commands: each command module registers its commands here with
:func:`command`, and :mod:`engine.cli` builds the parser from :data:`COMMANDS`. A module of
its own below both, so that neither imports the other back."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from ..registry import Registry


@dataclass(frozen=True)
class Command:
    """A ``seam`` subcommand: ``configure`` adds its arguments, ``run`` does it and returns the
    exit status."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    description: str | None = None


COMMANDS: Registry[Command] = Registry("command", entry_points="seam.commands")


def command(
    name: str,
    help: str,
    configure: Callable[[argparse.ArgumentParser], None],
    description: str | None = None,
):
    """Decorator: register the function as the ``run`` of command ``name``."""

    def deco(run: Callable[[argparse.Namespace], int]):
        COMMANDS.register(name, Command(name, help, configure, run, description), help=help)
        return run

    return deco
