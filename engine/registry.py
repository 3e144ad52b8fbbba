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

from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

from .errors import SeamError

T = TypeVar("T")


class Registry(Generic[T]):
    """Factories by name, in registration order. ``error`` is the exception class raised for
    an unknown name."""

    def __init__(self, kind: str, error: type[SeamError] = SeamError):
        self.kind = kind
        self.error = error
        self._factories: dict[str, Callable[..., T]] = {}
        self._help: dict[str, str] = {}

    def register(self, name: str, factory: Callable[..., T] | None = None, *, help: str = ""):
        """Register ``factory`` under ``name``; without ``factory``, a decorator."""

        def add(f: Callable[..., T]) -> Callable[..., T]:
            if name in self._factories and self._factories[name] is not f:
                raise SeamError(f"{self.kind} {name!r} is registered twice")
            self._factories[name] = f
            self._help[name] = help or (f.__doc__ or "").strip().split("\n")[0]
            return f

        return add(factory) if factory is not None else add

    def names(self) -> list[str]:
        return list(self._factories)

    def __contains__(self, name: object) -> bool:
        return name in self._factories

    def __iter__(self) -> Iterator[str]:
        return iter(self._factories)

    def factory(self, name: str) -> Callable[..., T]:
        try:
            return self._factories[name]
        except KeyError:
            raise self.error(f"unknown {self.kind} {name!r}; available: {', '.join(self._factories)}") from None

    def create(self, name: str, *args: Any, **kwargs: Any) -> T:
        return self.factory(name)(*args, **kwargs)

    def help(self, name: str) -> str:
        self.factory(name)
        return self._help[name]
