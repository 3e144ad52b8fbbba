"""The surface realizer behind the embedded ``surface`` backend, one job per module:

* :mod:`.layout`: the argument layout (subject, verb group, what follows the verb), which
  clause a plan edits, and how voice changes and swaps move the core arguments;
* :mod:`.verbs`: the verb chain (modal, *will*, *have*, *be*, agreement, do-support,
  negation, inversion) and where it goes among the source tokens;
* :mod:`.clefts`: *It is X who/that ...*;
* :mod:`.orthography`: final punctuation, capitals and the source's own spacing;
* :mod:`.realizer`: :class:`SurfaceRealizer`, which puts them together.

Shared English lives outside it: :mod:`engine.agreement`, :mod:`engine.shortening`
(``shorten``), :mod:`engine.captions`, :mod:`engine.checks`, :mod:`engine.english`.
The backend adapter is :class:`engine.backends.surface.SurfaceBackend`.
"""

from .realizer import SurfaceRealizer

__all__ = ["SurfaceRealizer"]
