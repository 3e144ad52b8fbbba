"""One registry style for everything Seam looks up by name: backends, validators, scorers and
``seam`` commands.

>>> shapes = Registry("shape")
>>> @shapes.register("square", help="four equal sides")
... def square(side):
...     return side * side
>>> shapes.create("square", 3), shapes.names(), shapes.help("square")
(9, ['square'], 'four equal sides')
>>> shapes.create("circle", 1)
Traceback (most recent call last):
...
engine.errors.SeamError: unknown shape 'circle'; available: square
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from importlib.metadata import entry_points
from typing import Any, Generic, TypeVar

from .errors import SeamError

T = TypeVar("T")


class Registry(Generic[T]):
    """Factories by name, in registration order. ``error`` is the exception class raised for
    an unknown name.

    With ``entry_points`` (a group name such as ``seam.backends``), the factories that
    installed packages declare in that entry-point group are added the first time the registry
    is read, after Seam's own: an outside package adds a backend, validator, scorer or command
    with no edit here. One that fails to load is left out with a warning; one that takes a
    name already registered is refused with a warning."""

    def __init__(
        self, kind: str, error: type[SeamError] = SeamError, entry_points: str | None = None
    ):
        self.kind = kind
        self.error = error
        self.group = entry_points
        self._factories: dict[str, Callable[..., T]] = {}
        self._help: dict[str, str] = {}
        self._plugins: list[str] = []
        self._loaded = entry_points is None

    def _load(self) -> None:
        if self._loaded or self.group is None:  # no group: nothing to load (_loaded is True)
            return
        self._loaded = True

        log = logging.getLogger(__name__)
        for ep in entry_points(group=self.group):
            if ep.name in self._factories:
                log.warning(
                    "%s %r of %s is not registered: the name is taken", self.kind, ep.name, ep.value
                )
                continue
            try:
                factory = ep.load()
            except Exception as exc:  # a broken plugin must not break Seam
                log.warning(
                    "%s %r of %s could not be loaded: %s", self.kind, ep.name, ep.value, exc
                )
                continue
            self.register(ep.name, factory)
            self._plugins.append(ep.name)

    def refresh(self) -> None:
        """Read the entry points again (after installing a package in the same process)."""
        for name in self._plugins:
            self._factories.pop(name, None)
            self._help.pop(name, None)
        self._plugins = []
        self._loaded = self.group is None

    def register(self, name: str, factory: Callable[..., T] | None = None, *, help: str = ""):
        """Register ``factory`` under ``name``; without ``factory``, a decorator."""

        def add(f: Callable[..., T]) -> Callable[..., T]:
            if name in self._factories and self._factories[name] is not f:
                raise SeamError(f"{self.kind} {name!r} is registered twice")
            self._factories[name] = f
            self._help[name] = help or " ".join((f.__doc__ or "").strip().split("\n\n")[0].split())
            return f

        return add(factory) if factory is not None else add

    def names(self) -> list[str]:
        self._load()
        return list(self._factories)

    def __contains__(self, name: object) -> bool:
        self._load()
        return name in self._factories

    def __iter__(self) -> Iterator[str]:
        self._load()
        return iter(list(self._factories))

    def factory(self, name: str) -> Callable[..., T]:
        self._load()
        try:
            return self._factories[name]
        except KeyError:
            raise self.error(
                f"unknown {self.kind} {name!r}; available: {', '.join(self._factories)}"
            ) from None

    def create(self, name: str, *args: Any, **kwargs: Any) -> T:
        return self.factory(name)(*args, **kwargs)

    def help(self, name: str) -> str:
        self.factory(name)
        return self._help[name]
