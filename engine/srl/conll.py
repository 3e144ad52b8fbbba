"""SRL training data: CoNLL-2012 (OntoNotes) files and JSONL frames, read as :class:`SrlFrame`\\ s.

Both readers yield one :class:`ConllSentence` per sentence, with one frame per predicate.

**CoNLL-2012** (``*.gold_conll``, as built by the CoNLL-2012 scripts from OntoNotes): one
token per line, a blank line after each sentence, ``#begin document`` / ``#end document``
around each document part. Columns: document id, part number, word number, word, POS,
parse bit, predicate lemma, frameset id, word sense, speaker, named entities, then one
column per predicate with bracketed arguments (``(ARG0*``, ``*``, ``*)``, ``(V*)``), and
the coreference column last. Brackets become BIO tags (``(ARG0*`` ``*)`` -> ``B-ARG0``
``I-ARG0``); ``R-`` and ``C-`` prefixes stay in the label (``B-C-ARG1``). The verb of a
column is where its ``(V*`` opens; its lemma and frameset come from that row.

>>> rows = '''
... doc 0 0 Nobody NN  * -    -  - - * (ARG0*) *      -
... doc 0 1 saw    VBD * see  01 - - * (V*)    *      -
... doc 0 2 it     PRP * -    -  - - * (ARG1*  (ARG0*) -
... doc 0 3 coming VBG * come 01 - - * *)      (V*)   -
... doc 0 4 /.     .   * -    -  - - * *       *      -
... '''.splitlines()
>>> sentence = next(iter_conll2012(rows))
>>> sentence.tokens
('Nobody', 'saw', 'it', 'coming', '.')
>>> sentence.frames[0].tags, sentence.frames[0].lemma, sentence.frames[1].verb
(('B-ARG0', 'B-V', 'B-ARG1', 'I-ARG1', 'O'), 'see', 3)

**JSONL frames**: one sentence per line,
``{"tokens": [...], "frames": [{"verb": 1, "tags": [...], "lemma": "see", "frameset": "01"}]}``
(``"text"``, split on whitespace, may stand for ``"tokens"``; ``lemma`` and ``frameset``
are optional). :func:`sentence_to_json` writes that shape.

A malformed sentence or line raises :class:`CorpusError`, whose message starts with
``path:line:``. With ``errors="skip"`` it is logged as a warning instead, the reader goes
on, and the number skipped is logged at the end of each file.
"""

from __future__ import annotations

import json
import logging
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ..errors import DataFileError, InputError, ResourceNotFoundError
from .tags import SrlFrame

log = logging.getLogger(__name__)

Errors = Literal["raise", "skip"]

# Penn Treebank / OntoNotes escapes of brackets and sentence-final punctuation.
UNESCAPES: dict[str, str] = {
    "-LRB-": "(",
    "-RRB-": ")",
    "-LCB-": "{",
    "-RCB-": "}",
    "-LSB-": "[",
    "-RSB-": "]",
    "/.": ".",
    "/?": "?",
}

_FIXED_COLUMNS = 11  # document ... named entities; predicate columns follow, coreference last
_ARGUMENT_CELL = re.compile(r"((?:\([^()*\s]+)*)\*(\)*)")
_OPENING = re.compile(r"\(([^()*\s]+)")


class CorpusError(DataFileError):
    """A sentence or line of an SRL corpus is malformed; ``path`` and ``line`` locate it."""


@dataclass(frozen=True)
class ConllSentence:
    """One sentence of an SRL corpus with a frame per predicate.

    ``index`` is the sentence's position in its document part (CoNLL-2012) or among the
    file's records (JSONL), from 0; ``line`` is the 1-based line where it starts in ``path``.
    """

    document: str
    part: int
    index: int
    tokens: tuple[str, ...]
    frames: tuple[SrlFrame, ...]
    line: int
    path: str = field(default="", compare=False)


# --- CoNLL-2012 --------------------------------------------------------------------------


def read_conll2012(
    path: str | Path, unescape: bool = True, errors: Errors = "raise", counts: Counter | None = None
) -> Iterator[ConllSentence]:
    """Sentences of a CoNLL-2012 file, or of every ``*gold_conll`` file under a folder.

    Files of a folder are read recursively in sorted path order. ``unescape`` turns
    ``-LRB-`` into ``(``, ``/.`` into ``.`` and so on (:data:`UNESCAPES`). With
    ``errors="skip"``, ``counts["skipped_malformed"]`` counts the sentences skipped.
    """
    _check_errors(errors)
    files = _files(path, "*gold_conll")  # checked now, not at the first next()

    def sentences() -> Iterator[ConllSentence]:
        for file in files:
            with open(file, encoding="utf-8") as handle:
                yield from iter_conll2012(handle, str(file), unescape, errors, counts)

    return sentences()


def iter_conll2012(
    lines: Iterable[str],
    source: str = "<lines>",
    unescape: bool = True,
    errors: Errors = "raise",
    counts: Counter | None = None,
) -> Iterator[ConllSentence]:
    """Sentences of CoNLL-2012 ``lines``; ``source`` names them in errors and warnings."""
    _check_errors(errors)
    rows: list[tuple[int, list[str]]] = []
    index = 0
    skipped = 0

    def flush() -> Iterator[ConllSentence]:
        nonlocal index, skipped
        if not rows:
            return
        try:
            sentence = _conll_sentence(rows, index, source, unescape)
        except CorpusError as exc:
            _skip(exc, errors, counts, "sentence")
            skipped += 1
        else:
            yield sentence
        index += 1
        rows.clear()

    for lineno, raw in enumerate(lines, start=1):
        line = raw.strip()
        if line.startswith("#"):
            yield from flush()
            if line.startswith("#begin document"):
                index = 0
            continue
        if not line:
            yield from flush()
            continue
        rows.append((lineno, line.split()))
    yield from flush()
    if skipped:
        log.warning("%s: skipped %d malformed sentence(s)", source, skipped)


def _conll_sentence(
    rows: list[tuple[int, list[str]]], index: int, source: str, unescape: bool
) -> ConllSentence:
    first_line, first = rows[0]
    width = len(first)
    if width < _FIXED_COLUMNS + 1:
        raise CorpusError(
            f"expected at least {_FIXED_COLUMNS + 1} columns (11 fixed, the predicates, "
            f"coreference), found {width}",
            source,
            first_line,
        )
    for lineno, columns in rows:
        if len(columns) != width:
            raise CorpusError(
                f"expected {width} columns like the sentence's first row, found {len(columns)}",
                source,
                lineno,
            )
    try:
        part = int(first[1])
    except ValueError:
        raise CorpusError(
            f"part number {first[1]!r} is not an integer", source, first_line
        ) from None
    words = [columns[3] for _, columns in rows]
    tokens = tuple(UNESCAPES.get(w, w) for w in words) if unescape else tuple(words)
    frames = []
    for column in range(_FIXED_COLUMNS, width - 1):
        tags = _bio_tags(rows, column, source)
        verb = next((i for i, tag in enumerate(tags) if tag == "B-V"), None)
        if verb is None:
            raise CorpusError(f"predicate column {column + 1} has no (V*) verb", source, first_line)
        verb_row = rows[verb][1]
        frames.append(
            SrlFrame(tokens, verb, tuple(tags), _dash_none(verb_row[6]), _dash_none(verb_row[7]))
        )
    return ConllSentence(first[0], part, index, tokens, tuple(frames), first_line, source)


def _bio_tags(rows: list[tuple[int, list[str]]], column: int, source: str) -> list[str]:
    """The BIO tags of one predicate column; arguments may not nest (BIO cannot say it)."""
    tags = []
    label: str | None = None
    for lineno, columns in rows:
        cell = columns[column]
        match = _ARGUMENT_CELL.fullmatch(cell)
        if not match:
            raise CorpusError(
                f"column {column + 1}: {cell!r} is not an argument cell like (ARG0*, * or *)",
                source,
                lineno,
            )
        opened = _OPENING.findall(match.group(1))
        closed = len(match.group(2))
        if len(opened) > 1 or (opened and label is not None):
            raise CorpusError(
                f"column {column + 1}: nested arguments in {cell!r} cannot be written as BIO tags",
                source,
                lineno,
            )
        if opened:
            label = opened[0]
            tags.append(f"B-{label}")
        else:
            tags.append(f"I-{label}" if label is not None else "O")
        if closed > 1 or (closed and label is None):
            raise CorpusError(
                f"column {column + 1}: {cell!r} closes an argument that is not open",
                source,
                lineno,
            )
        if closed:
            label = None
    if label is not None:
        raise CorpusError(
            f"column {column + 1}: argument ({label}* is not closed by the end of the sentence",
            source,
            rows[0][0],
        )
    return tags


def _dash_none(value: str) -> str | None:
    return None if value == "-" else value


# --- JSONL frames ------------------------------------------------------------------------


def read_frames_jsonl(
    path: str | Path, errors: Errors = "raise", counts: Counter | None = None
) -> Iterator[ConllSentence]:
    """Sentences of a JSONL file of frames (see the module docstring); blank lines skipped."""
    _check_errors(errors)
    path = Path(path)
    if not path.is_file():
        raise ResourceNotFoundError(f"SRL frames file not found: {path} (expected a .jsonl file)")
    return _jsonl_sentences(path, errors, counts)


def _jsonl_sentences(
    path: Path, errors: Errors, counts: Counter | None = None
) -> Iterator[ConllSentence]:
    source = str(path)
    index = 0
    skipped = 0
    with open(path, encoding="utf-8") as handle:
        for lineno, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            try:
                sentence = _json_sentence(raw, index, lineno, source)
            except CorpusError as exc:
                _skip(exc, errors, counts, "line")
                skipped += 1
                continue
            index += 1
            yield sentence
    if skipped:
        log.warning("%s: skipped %d malformed line(s)", source, skipped)


def _json_sentence(raw: str, index: int, lineno: int, source: str) -> ConllSentence:
    def fail(message: str) -> CorpusError:
        return CorpusError(message, source, lineno)

    try:
        record = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise fail(f"invalid JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(record, dict):
        raise fail(f"expected a JSON object, got {type(record).__name__}")
    if "tokens" in record:
        tokens = record["tokens"]
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            raise fail("'tokens' must be a list of strings")
    elif isinstance(record.get("text"), str):
        tokens = record["text"].split()
    else:
        raise fail("expected 'tokens' (a list of strings) or 'text' (a string)")
    if not tokens:
        raise fail("the sentence has no tokens")
    frames_in = record.get("frames", [])
    if not isinstance(frames_in, list):
        raise fail("'frames' must be a list of objects")
    tokens = tuple(tokens)
    frames = []
    for number, obj in enumerate(frames_in, start=1):
        if not isinstance(obj, dict):
            raise fail(f"frame {number}: expected an object, got {type(obj).__name__}")
        verb, tags = obj.get("verb"), obj.get("tags")
        if not isinstance(verb, int) or isinstance(verb, bool):
            raise fail(f"frame {number}: 'verb' must be a token index (an integer)")
        if not isinstance(tags, list) or not all(_is_bio(t) for t in tags):
            raise fail(f"frame {number}: 'tags' must be a list of BIO tags (B-ARG0, I-ARG0, O)")
        lemma, frameset = obj.get("lemma"), obj.get("frameset")
        if not all(v is None or isinstance(v, str) for v in (lemma, frameset)):
            raise fail(f"frame {number}: 'lemma' and 'frameset' must be strings if given")
        try:
            frames.append(SrlFrame(tokens, verb, tuple(tags), lemma, frameset))
        except InputError as exc:
            raise fail(f"frame {number}: {exc}") from None
    document = record.get("document", "")
    return ConllSentence(str(document), 0, index, tokens, tuple(frames), lineno, source)


def _is_bio(tag: Any) -> bool:
    return isinstance(tag, str) and (tag == "O" or (tag[:2] in ("B-", "I-") and len(tag) > 2))


def sentence_to_json(sentence: ConllSentence) -> dict[str, Any]:
    """The JSONL record of a sentence, as :func:`read_frames_jsonl` reads it back.

    >>> frame = SrlFrame(("It", "rained"), 1, ("O", "B-V"), "rain", "01")
    >>> sentence_to_json(ConllSentence("d", 0, 0, frame.tokens, (frame,), 1))
    ... # doctest: +NORMALIZE_WHITESPACE
    {'tokens': ['It', 'rained'],
     'frames': [{'verb': 1, 'tags': ['O', 'B-V'], 'lemma': 'rain', 'frameset': '01'}]}
    """
    return {
        "tokens": list(sentence.tokens),
        "frames": [
            {"verb": f.verb, "tags": list(f.tags), "lemma": f.lemma, "frameset": f.frameset}
            for f in sentence.frames
        ],
    }


# --- Either ------------------------------------------------------------------------------


def read_srl_corpus(
    path: str | Path, unescape: bool = True, errors: Errors = "raise", counts: Counter | None = None
) -> Iterator[ConllSentence]:
    """Sentences of an SRL corpus: ``.jsonl`` files as JSONL frames, anything else (a file
    or a folder of ``*gold_conll`` files) as CoNLL-2012. ``unescape`` applies to CoNLL only;
    ``counts["skipped_malformed"]`` counts what ``errors="skip"`` skipped."""
    path = Path(path)
    if path.suffix == ".jsonl" and not path.is_dir():
        return read_frames_jsonl(path, errors, counts)
    return read_conll2012(path, unescape, errors, counts)


def _files(path: str | Path, pattern: str) -> list[Path]:
    path = Path(path)
    if path.is_dir():
        files = sorted(p for p in path.rglob(pattern) if p.is_file())
        if not files:
            log.warning("no %s files under %s", pattern, path)
        return files
    if path.is_file():
        return [path]
    raise ResourceNotFoundError(f"SRL corpus not found: {path} (expected a file or a folder)")


def _skip(exc: CorpusError, errors: Errors, counts: Counter | None, what: str) -> None:
    """Raise a malformed record's error, or (``errors="skip"``) count and log it."""
    if errors == "raise":
        raise exc
    if counts is not None:
        counts["skipped_malformed"] += 1
    log.warning("skipped a malformed %s: %s", what, exc)


def _check_errors(errors: str) -> None:
    if errors not in ("raise", "skip"):
        raise InputError(f"errors must be 'raise' or 'skip', not {errors!r}")
