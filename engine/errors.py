"""One exception hierarchy for Seam.

Every error Seam raises on purpose is a :class:`SeamError`. Messages name the input, what
was expected and what to do about it. Each class carries a stable ``code`` so that records
and logs can be filtered without parsing messages.
"""

from __future__ import annotations


class SeamError(Exception):
    """Base class of every error Seam raises on purpose."""

    code = "E000"


class ExpressionError(SeamError, ValueError):
    """A transformation expression could not be parsed.

    ``column`` is the 1-based column of the offending character in ``expression``.
    """

    code = "E101"

    def __init__(self, message: str, expression: str = "", column: int | None = None):
        self.expression = expression
        self.column = column
        if expression and column is not None:
            pointer = " " * (column - 1) + "^"
            message = f"{message} (column {column})\n  {expression}\n  {pointer}"
        super().__init__(message)


class UnknownTransformationError(ExpressionError):
    """A transformation name or argument is not in the catalog."""

    code = "E102"


class InputError(SeamError, ValueError):
    """A sentence or record cannot be processed (empty, too long, wrong type)."""

    code = "E201"


class RecordError(InputError):
    """A JSONL line is not a valid input record."""

    code = "E202"


class ResumeError(InputError):
    """``--resume`` cannot continue: the input changed since the output was written."""

    code = "E203"


class OutputExistsError(InputError):
    """The output a run would write already holds a user's work: continue it (``--resume``) or
    replace it (``--overwrite``), never replaced without being asked."""

    code = "E204"


class Located(SeamError):
    """An error at a place in a file: ``path`` and ``line`` locate it, ``message`` says what is
    wrong, and ``str()`` starts with ``path:line:`` (``path:`` without a line)."""

    def __init__(self, message: str, path: str = "", line: int | None = None):
        self.path = path
        self.line = line
        self.message = message
        where = f"{path}:{line}: " if path and line else (f"{path}: " if path else "")
        super().__init__(where + message)


class DataFileError(Located, RecordError):
    """A record of a data file (a corpus, a frame file) is malformed (see :class:`Located`)."""


class ResourceNotFoundError(SeamError, FileNotFoundError):
    """A model, grammar or data file could not be found; the message says how to get it."""

    code = "E301"


class BackendError(SeamError, RuntimeError):
    """A backend failed in a way that is not a per-record outcome."""

    code = "E401"


class UnknownBackendError(BackendError, KeyError):
    """The requested backend name is not registered."""

    code = "E402"

    def __str__(self) -> str:  # KeyError would otherwise quote the message
        return self.args[0] if self.args else ""


class RuleError(Located, ValueError):
    """A rule file is malformed: bad TOML, an unknown key, a dangling reference (located as
    :class:`Located` says)."""

    code = "E501"


class GrammarError(ResourceNotFoundError):
    """ACE or an ERG image is missing, unknown or failed verification."""

    code = "E302"


class MissingExtraError(ResourceNotFoundError):
    """An optional package is not installed; the message names the extra that installs it."""

    code = "E305"


class EncoderError(ResourceNotFoundError):
    """A pretrained encoder folder is not usable: no weights or tokenizer, not an encoder, or
    a tokenizer that does not belong to the model."""

    code = "E303"


class EncoderChangedError(EncoderError):
    """An encoder's weights differ from the checksum recorded the first time it was used."""

    code = "E304"


class IncompatibleError(ExpressionError):
    """A composition asks for feature values no backend can realize together; the reason
    and the id of the declaring entry in ``rules/algebra.toml`` come with it."""

    code = "E103"

    def __init__(self, message: str, rule: str = ""):
        self.rule = rule
        super().__init__(message)


class TailorError(SeamError, ValueError):
    """A TAILOR control code, prompt or perturbation is malformed or cannot be built."""

    code = "E801"


class DegenerateGenerationError(TailorError):
    """A generation is junk: a known degenerate token, no labelled span, leaked control codes."""

    code = "E802"


class GeneratorError(BackendError):
    """A T5 checkpoint could not be loaded or run (not a per-record outcome)."""

    code = "E803"


class RefusedRequestError(SeamError, PermissionError):
    """``seam serve`` refused a request that did not come from its own page: a ``Host`` that
    is not the server's, an ``Origin`` of another site, or no per-run token (HTTP 403)."""

    code = "E601"


class StaleEditError(InputError):
    """A rule file changed on disk since the edit sent to ``seam serve`` was made (HTTP 409):
    reload the file and make the edit again."""

    code = "E602"


class RankError(SeamError, ValueError):
    """A ranker or validator is misconfigured: an unknown name, a bad weight or range."""

    code = "E901"


class ScorerError(BackendError):
    """A language model or NLI checkpoint for ranking cannot be loaded or run."""

    code = "E902"


class InternalError(SeamError, RuntimeError):
    """A bug: an exception in Seam or a backend that nobody raised on purpose. Its records are
    ``error`` with this code, its traceback is logged, and ``seam`` exits 3."""

    code = "E999"
