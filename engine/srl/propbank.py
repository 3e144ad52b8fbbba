"""Readable names for PropBank arguments, as TAILOR's control codes spell them.

TAILOR writes arguments by readable name (``AGENT: the dog``), never by number. Most labels
have one fixed name: ``ARG0`` is always AGENT and ``ARG1`` always PATIENT, whatever the
verb; modifiers (``ARGM-TMP``, ``ARGM-LOC`` ...) are named by :func:`engine.ir.readable_role`.
The numbered arguments above ARG1 mean something different for every verb, so their name
comes from the verb's PropBank frame file, one roleset at a time:

1. if the first word of the role's description is *instrument*, *attribute*, *start* or
   *end*, the name is that word in capitals (``descr="instrument, thing hit with"`` ->
   INSTRUMENT);
2. otherwise, if the role's function tag read as a modifier has a readable name, that is the
   name (``f="loc"`` -> ARGM-LOC -> LOCATIVE; ``f="dir"`` -> DIRECTIONAL);
3. otherwise the argument has no name (``f="ppt"``, ``f="pag"``, an empty description).

The roleset is the one of the given frameset id (``"01"``, from gold data); without one (a
tagger does not tell verb senses apart) it is the first roleset of the verb, in file order,
that names the argument. A frameset id the file does not have (frame files of another
PropBank release) is treated like no frameset id.

**Fallback.** Without frame files, or for a verb that has none, numbered arguments above
ARG1 (ARG2 ... ARG5, ARGA) have no name: :func:`readable_name` returns ``None``. As in
TAILOR, an argument with no name is never blanked: it stays in the prompt as literal
context. Reference (``R-ARG0``) and continuation (``C-ARG1``) arguments have no name either,
for the same reason. So a missing resource makes prompts less varied, never wrong.

**Malformed frame files** raise :class:`FrameFileError`, naming the file and the position
of the XML error. The frame files are a resource the user installed; a silent fallback for
a broken file would quietly change generated data, while the error says which file to
replace.

>>> readable_name("ARG0"), readable_name("ARG1"), readable_name("ARGM-LOC")
('AGENT', 'PATIENT', 'LOCATIVE')
>>> readable_name("ARG2") is None, readable_name("R-ARG0") is None
(True, True)

Frame files are found by :meth:`PropBankFrames.find`: an explicit path, else
``$SEAM_PROPBANK_FRAMES``, else ``<cache>/propbank-frames`` (see
:func:`engine.resources.cache_dir`). The ``frames/`` folder of a checkout of the
``propbank/propbank-frames`` repository is the expected content; the checkout itself also
works.
"""

from __future__ import annotations

import logging
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DataFileError, ResourceNotFoundError
from ..ir import readable_role
from ..resources import cache_dir

log = logging.getLogger(__name__)

ENV_VAR = "SEAM_PROPBANK_FRAMES"
CACHE_NAME = "propbank-frames"

# Descriptions whose first word is the name itself (TAILOR's rule 1).
_NAMED_BY_DESCRIPTION = ("instrument", "attribute", "start", "end")
_NUMBERED_ABOVE_ARG1 = re.compile(r"ARG[2-9A]")
_FIRST_WORD = re.compile(r"[A-Za-z]+")
_SAFE_LEMMA = re.compile(r"[\w'-]+")


class FrameFileError(DataFileError):
    """A PropBank frame file is not well-formed XML; ``path`` (and ``line``) locate it."""


@dataclass(frozen=True)
class Roleset:
    """One roleset of a frame file: ``id`` (``"break.01"``), the ``predicate`` lemma it sits
    under (``"break"``, ``"break_down"``) and the readable ``names`` of its numbered
    arguments (``{"ARG2": "INSTRUMENT"}``; arguments with no name are absent)."""

    id: str
    predicate: str
    names: Mapping[str, str] = field(default_factory=dict)

    @property
    def frameset(self) -> str:
        """The frameset id, the part after the last dot: ``"01"``."""
        return self.id.rpartition(".")[2]


class PropBankFrames:
    """A folder of PropBank frame files (``<lemma>.xml``), read lazily, one file per lemma.

    >>> frames = PropBankFrames.find("/nonexistent/frames")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.errors.ResourceNotFoundError: PropBank frame files not found at /nonexistent/frames; ...
    """

    def __init__(self, directory: str | Path):
        directory = Path(directory).expanduser()
        if not directory.is_dir():
            raise ResourceNotFoundError(
                f"PropBank frame files not found at {directory}; clone "
                "https://github.com/propbank/propbank-frames and pass its frames/ folder "
                f"(or set ${ENV_VAR})."
            )
        # A checkout of propbank-frames keeps the XML files in frames/.
        if not any(directory.glob("*.xml")) and (directory / "frames").is_dir():
            directory = directory / "frames"
        self.directory = directory
        self._files: dict[str, tuple[Roleset, ...]] = {}

    def __repr__(self) -> str:
        return f"PropBankFrames({str(self.directory)!r})"

    @classmethod
    def find(cls, path: str | Path | None = None) -> PropBankFrames | None:
        """The frame files at ``path``, else ``$SEAM_PROPBANK_FRAMES``, else the cache.

        Returns ``None`` when none is found (the documented fallback applies then). An
        explicit ``path`` that does not exist raises :class:`ResourceNotFoundError`; a
        ``$SEAM_PROPBANK_FRAMES`` that does not exist is logged as a warning and skipped.
        """
        if path is not None:
            return cls(path)
        env = os.environ.get(ENV_VAR)
        if env:
            if Path(env).expanduser().is_dir():
                return cls(env)
            log.warning("$%s=%s is not a folder; looking in the cache instead", ENV_VAR, env)
        cached = cache_dir() / CACHE_NAME
        if cached.is_dir():
            return cls(cached)
        log.info("no PropBank frame files found; arguments above ARG1 get no readable name")
        return None

    def rolesets(self, lemma: str) -> tuple[Roleset, ...]:
        """Every roleset in the frame file of ``lemma``, in file order (empty if none).

        A particle verb (``break_down``) is looked up in its own file if there is one, else
        in the file of its verb (``break.xml``).
        """
        lemma = lemma.strip().lower()
        if not _SAFE_LEMMA.fullmatch(lemma):
            return ()
        for stem in dict.fromkeys((lemma, lemma.partition("_")[0])):
            if stem not in self._files:
                self._files[stem] = self._read(self.directory / f"{stem}.xml")
            if self._files[stem]:
                return self._files[stem]
        return ()

    def readable(self, lemma: str, role: str, frameset: str | None = None) -> str | None:
        """The readable name of ``role`` for the verb ``lemma`` (see the module docstring).

        ``frameset`` is the roleset number (``"01"``) or the whole id (``"break.01"``).
        """
        return readable_name(role, lemma, self, frameset)

    def _numbered(self, lemma: str, role: str, frameset: str | None) -> str | None:
        rolesets = self.rolesets(lemma)
        if not rolesets:
            return None
        if frameset:
            chosen = [r for r in rolesets if _same_frameset(r, frameset)]
            if chosen:
                return chosen[0].names.get(role)
            log.debug("%s has no roleset %s; using the first that names %s", lemma, frameset, role)
        lemma = lemma.strip().lower()
        own = [r for r in rolesets if r.predicate == lemma] or rolesets
        return next((r.names[role] for r in own if role in r.names), None)

    @staticmethod
    def _read(path: Path) -> tuple[Roleset, ...]:
        if not path.is_file():
            return ()
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError as exc:
            line = exc.position[0] if exc.position else None
            raise FrameFileError(
                f"not a well-formed PropBank frame file ({exc}); replace it from "
                "https://github.com/propbank/propbank-frames or delete it",
                str(path),
                line,
            ) from exc
        rolesets = []
        for predicate in root.iter("predicate"):
            lemma = (predicate.get("lemma") or path.stem).strip().lower()
            for roleset in predicate.iter("roleset"):
                names = {}
                for role in roleset.iter("role"):
                    number = (role.get("n") or "").strip().upper()
                    name = _name_of_role(role.get("descr") or "", role.get("f") or "")
                    if number and number != "M" and name:
                        names[f"ARG{number}"] = name
                rolesets.append(Roleset(roleset.get("id") or "", lemma, names))
        log.debug("read %d rolesets from %s", len(rolesets), path)
        return tuple(rolesets)


def readable_name(
    role: str,
    lemma: str | None = None,
    frames: PropBankFrames | None = None,
    frameset: str | None = None,
) -> str | None:
    """The readable name of a PropBank ``role``, or ``None`` if it has none.

    ARG0, ARG1, V and the modifiers come from the fixed table; ARG2 and above come from
    ``frames`` for ``lemma`` (and ``frameset`` if known), and are ``None`` without them.

    >>> readable_name("ARGM-TMP"), readable_name("V"), readable_name("C-ARG1")
    ('TEMPORAL', 'VERB', None)
    >>> readable_name("ARGM-PRR") is None  # not in TAILOR's table: stays as context
    True
    """
    label = role.strip().upper()
    if _NUMBERED_ABOVE_ARG1.fullmatch(label):
        if frames is None or not lemma:
            return None
        return frames._numbered(lemma, label, frameset)
    if label.startswith(("R-", "C-")):
        return None
    name = readable_role(label)
    return name if name != label else None


def _name_of_role(descr: str, function_tag: str) -> str | None:
    """TAILOR's rule for one ``<role>``: a telling description word, else the function tag."""
    first = _FIRST_WORD.match(descr.strip())
    if first and first.group().lower() in _NAMED_BY_DESCRIPTION:
        return first.group().upper()
    tag = function_tag.strip().upper()
    if not tag:
        return None
    modifier = f"ARGM-{tag}"
    name = readable_role(modifier)
    return name if name != modifier else None


def _same_frameset(roleset: Roleset, frameset: str) -> bool:
    frameset = frameset.strip().lower()
    if "." in frameset:
        return roleset.id.lower() == frameset
    number = roleset.frameset.lower()
    return number == frameset or (number.lstrip("0") == frameset.lstrip("0") != "")
