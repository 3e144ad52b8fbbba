"""The one run loop behind ``seam transform``, ``seam contrast`` and :func:`run_file`.

A *producer* turns input items into output records (a :class:`~engine.pipeline.Transformer`
with its jobs, or a :class:`~engine.workflows.contrast.ContrastBuilder`). :func:`run` drives one
over a stream of items: it resumes a partial output (skipping the records already written,
after checking that the input has not changed since), writes records as they come, flushes
every ``batch_size`` records (the same with or without a progress bar), shows progress,
and counts statuses. Its :class:`RunReport` says what happened, including how many records
failed because of a bug (``E999``), which makes ``seam`` exit 3.

>>> import io, json
>>> from engine.pipeline import Transformer, jobs
>>> out = io.StringIO()
>>> items = [InputRecord("1", "A man is riding a bike.", 1)]
>>> report = run(TransformProducer(Transformer("surface"), jobs(["p"])), items, sink=out)
>>> json.loads(out.getvalue())["best"], report.counts
('A man was riding a bike.', Counter({'ok': 1}))
"""

from __future__ import annotations

import logging
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol

from ..errors import InternalError, ResumeError, SeamError
from ..jsonl import InputRecord, JsonlWriter, count_lines, parse_line, read_records, written_records
from ..pipeline import DEFAULT_MAX_CHARS, Transformer, jobs
from ..progress import bar as progress_bar
from ..results import ACE_ERROR, ERROR
from .contrast import ContrastBuilder, parse_pair_line, read_pairs

log = logging.getLogger(__name__)


class Written(Protocol):
    """A typed output record (:class:`~engine.results.Record`,
    :class:`~engine.results.ContrastRecord`): what the run loop counts, and writes with
    ``to_json``."""

    status: str
    reason: str
    code: str | None

    def to_json(self) -> dict: ...


class Producer(Protocol):
    """What the run loop drives."""

    def records(
        self, items: Iterable[Any], skip: Mapping[tuple, int] | None = None
    ) -> Iterator[Written]: ...

    def item_keys(self, item: Any) -> list[tuple]: ...

    def record_key(self, record: dict) -> tuple: ...

    @property
    def per_item(self) -> int:
        """Records per input item (for the progress bar's total)."""
        ...


class TransformProducer:
    """A :class:`~engine.pipeline.Transformer` with its jobs, as a producer: one record per
    (input, transformation), keyed ``(id, transformation)``."""

    def __init__(self, transformer, job_list: Sequence):
        self.transformer = transformer
        self.jobs = list(job_list)

    def records(
        self, items: Iterable[InputRecord], skip: Mapping[tuple, int] | None = None
    ) -> Iterator[Written]:
        return self.transformer.records(items, self.jobs, skip)

    def item_keys(self, item: InputRecord) -> list[tuple]:
        return [(item.id, j.name) for j in self.jobs]

    @property
    def per_item(self) -> int:
        return len(self.jobs)

    @staticmethod
    def record_key(record: dict) -> tuple:
        return (record.get("id"), record.get("transformation"))


FAILED = (ERROR, ACE_ERROR)  # statuses of records that could not be processed


@dataclass
class RunReport:
    """What a run did: records written (``counts`` per status), records found already written
    (``resumed``), and records that failed because of a bug (``bugs``: code ``E999``)."""

    counts: Counter = field(default_factory=Counter)
    resumed: int = 0
    bugs: int = 0
    output: str | None = None

    first_error: str | None = None  # the reason of the first failed record, for the summary

    def note(self, rec: Written) -> None:
        """Count one written record."""
        status = rec.status
        self.counts[status] += 1
        if status in FAILED:
            if rec.code == InternalError.code:
                self.bugs += 1
            if self.first_error is None:
                code = f"{rec.code} " if rec.code else ""
                self.first_error = f"{code}{rec.reason or status}"

    def note_json(self, rec: dict) -> None:
        """Count one record read back from JSON (the Ray executor's blocks)."""
        self.counts[rec.get("status")] += 1
        if rec.get("status") in FAILED:
            if rec.get("code") == InternalError.code:
                self.bugs += 1
            if self.first_error is None:
                code = f"{rec['code']} " if rec.get("code") else ""
                self.first_error = f"{code}{rec.get('reason') or rec.get('status')}"

    @property
    def failed(self) -> int:
        return sum(self.counts[s] for s in FAILED)

    @property
    def written(self) -> int:
        return sum(self.counts.values())

    def summary(self) -> str:
        parts = ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items())) or "nothing to do"
        where = f" to {self.output}" if self.output else ""
        resumed = f"; {self.resumed} were already there" if self.resumed else ""
        return f"wrote {self.written} records{where} ({parts}){resumed}"


def check_resume(producer: Producer, items: Iterable[Any], written: Iterable[dict]) -> None:
    """Refuse to resume when the input changed since the output was written: a record whose
    input line now reads differently (edited, or shifted by an inserted or deleted line), or
    records of inputs that are gone. Records without a fingerprint are not checked."""
    seen: dict[tuple, list[str | None]] = defaultdict(list)
    for rec in written:
        seen[producer.record_key(rec)].append(rec.get("fingerprint"))
    for queue in seen.values():
        queue.reverse()  # pop() gives them in file order
    ids = set()
    for item in items:
        ids.add(item.id)
        for key in producer.item_keys(item):
            pending = seen.get(key)
            if not pending:
                continue
            fp = pending.pop()
            if fp is not None and item.fingerprint is not None and fp != item.fingerprint:
                raise ResumeError(
                    f"--resume: line {item.line} of the input (id {item.id!r}) is not the line "
                    "the output's records were made from (the input was edited, or lines were "
                    "inserted or deleted); restore the input, or give --overwrite instead of "
                    "--resume to start again (it replaces the output)"
                )
    gone = [key for key, queue in seen.items() if queue]
    asked = [key for key in gone if len(key) > 1 and key[0] in ids]
    if asked:  # the lines are all there: the run asks for other transformations
        names = ", ".join(dict.fromkeys(str(key[1]) for key in asked))
        raise ResumeError(
            f"--resume: the output holds records of transformations this run does not ask for "
            f"({names}); resume with the same -a as the run that wrote it, or give --overwrite "
            "instead of --resume to start again (it replaces the output)"
        )
    if gone:
        raise ResumeError(
            f"--resume: the output holds records of {len(gone)} input(s) the input no longer has "
            f"(first: {gone[0]!r}); restore the input, or give --overwrite instead of --resume to "
            "start again (it replaces the output)"
        )


def run(
    producer: Producer,
    items: Iterable[Any] | Callable[[], Iterable[Any]],
    *,
    output: str | Path | None = None,
    sink: IO[str] | None = None,
    resume: bool = False,
    batch_size: int = 64,
    progress: bool = False,
    total: int | None = None,
    desc: str = "seam",
    on_record: Callable[[Written], None] | None = None,
) -> RunReport:
    """Drive ``producer`` over ``items`` and write every record to ``output`` (a JSONL file)
    or ``sink`` (a text stream), or to neither when only ``on_record`` wants them.

    ``items`` may be a callable returning a fresh iterable: ``resume`` then reads the input
    once to check it against the output (:func:`check_resume`) and once to run (a plain
    iterable is consumed by the check, so pass a list or a callable when resuming).
    """
    fresh = items if callable(items) else (lambda: items)
    report = RunReport(output=str(output) if output is not None else None)
    skip: Counter = Counter()
    if resume:
        if output is None:
            raise SeamError("--resume needs -o OUTPUT (the partial output file to continue)")
        written = written_records(output)
        if written:
            check_resume(producer, fresh(), written)
        skip = Counter(producer.record_key(r) for r in written)
        report.resumed = len(written)
        log.info("resuming: %d records already in %s", report.resumed, output)
    writer = (
        JsonlWriter(output, append=resume)
        if output is not None
        else (JsonlWriter(sink) if sink else None)
    )
    from tqdm import tqdm

    # The time left is estimated here, not by tqdm: records come in bursts (a batch at a time)
    # after the backend's warm-up (loading spaCy, starting ACE), so a rate counted per record
    # is first inflated by the warm-up, then by each burst. The estimate starts at the third
    # burst: the records of the bursts after the first, over the time they took.
    fmt = (
        "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} [{elapsed}{postfix}]"
        if total
        else None
    )
    bar = progress_bar(
        total=total,
        initial=report.resumed,
        unit="rec",
        file=sys.stderr,
        disable=not progress,
        desc=desc,
        bar_format=fmt,
    )
    bursts: list[tuple[float, int]] = []  # (time, records before it) at the start of each burst
    last = None
    try:
        with bar:
            for rec in producer.records(fresh(), skip):
                report.note(rec)
                if writer is not None:
                    writer.write(rec.to_json())
                if on_record is not None:
                    on_record(rec)
                if progress:
                    now = time.monotonic()
                    if last is None or now - last >= 0.05:
                        bursts.append((now, bar.n))
                        if total and len(bursts) >= 3 and bursts[-1][0] > bursts[1][0]:
                            rate = (bursts[-1][1] - bursts[1][1]) / (bursts[-1][0] - bursts[1][0])
                            if rate > 0:
                                left = tqdm.format_interval((total - bar.n) / rate)
                                bar.set_postfix_str(f"about {left} left", refresh=False)
                    last = now
                bar.update(1)
                if writer is not None and report.written % batch_size == 0:
                    writer.flush()
    finally:
        if writer is not None:
            writer.close()
    return report


@dataclass(frozen=True)
class RunSpec:
    """What to run, the same for every executor: ``kind`` ``transform`` (``backend``,
    ``apply``, ``text_field``) or ``contrast`` (``backend``, ``pairs``, ``label_rules``,
    ``fields``), with backend ``options``. Each executor builds the producer from it once per
    worker (:meth:`build`), so it holds only what pickles."""

    kind: str
    backend: str = "surface"
    apply: tuple = ()
    pairs: tuple = ()
    label_rules: tuple | None = None
    fields: dict | None = None
    text_field: str = "text"
    options: dict = field(default_factory=dict)
    batch_size: int = 64
    max_chars: int = 100_000

    def build(self, selector=None) -> Producer:
        """The producer: a Transformer with its jobs, or a ContrastBuilder."""
        if self.kind == "transform":
            t = Transformer(
                self.backend,
                max_chars=self.max_chars,
                batch_size=self.batch_size,
                selector=selector,
                **self.options,
            )
            return TransformProducer(t, jobs(list(self.apply)))

        return ContrastBuilder(
            self.backend,
            pairs=list(self.pairs),
            label_rules=self.label_rules,
            max_chars=self.max_chars,
            batch_size=self.batch_size,
            selector=selector,
            **self.options,
        )

    def read(self, input: str | Path) -> Iterator[Any]:
        """The input items of a file, one per line (a broken line is an item with its error)."""
        if self.kind == "transform":
            return read_records(input, text_field=self.text_field)

        return read_pairs(input, self.fields)

    def parse(self, raw: str, lineno: int) -> Any:
        """One input line as an item (the Ray executor reads the lines itself)."""
        if self.kind == "transform":
            return parse_line(raw, lineno)

        return parse_pair_line(raw, lineno, self.fields)


class Executor(Protocol):
    """Runs a :class:`RunSpec` over an input into an output, resumably: the local executor
    (:class:`LocalExecutor`) and Ray's (:class:`~engine.workflows.distributed.RayExecutor`)."""

    def execute(
        self, spec: RunSpec, input: str | Path, output: str | Path, *, resume: bool = False
    ) -> RunReport: ...


@dataclass
class LocalExecutor:
    """This process: the producer opened once, the run loop (:func:`run`) over the input.
    ``selector`` validates and ranks (``--rank``/``--validate``); ``sink`` and ``on_record``
    also get the records (e.g. standard output, or a summary); ``progress`` shows a bar."""

    selector: Any = None
    progress: bool = False
    sink: IO[str] | None = None
    on_record: Callable[[Written], None] | None = None
    producer: Producer | None = None  # the producer built by the last run

    def execute(
        self,
        spec: RunSpec,
        input: str | Path | Sequence[Any],
        output: str | Path | None,
        *,
        resume: bool = False,
    ) -> RunReport:
        """``input``: a file, or the items themselves (a list)."""
        self.producer = spec.build(self.selector)
        if isinstance(input, str | Path):
            path = input

            def items() -> Iterable[Any]:
                return spec.read(path)

            total = count_lines(path) * self.producer.per_item
        else:
            listed = list(input)

            def items() -> Iterable[Any]:
                return listed

            total = len(listed) * self.producer.per_item
        return run(
            self.producer,
            items,
            output=output,
            sink=self.sink,
            resume=resume,
            batch_size=spec.batch_size,
            progress=self.progress,
            total=total,
            desc=f"seam {spec.kind}",
            on_record=self.on_record,
        )


def run_file(
    input: str | Path,
    output: str | Path,
    apply,
    *,
    backend="surface",
    resume: bool = False,
    text_field: str = "text",
    batch_size: int = 64,
    progress: bool = False,
    selector=None,
    max_chars: int | None = None,
    **backend_options,
) -> RunReport:
    """Transform a JSONL file (one ``text`` per line) into a JSONL file of records, as
    ``seam transform -i INPUT -o OUTPUT`` does: batches, resume, flushing, progress."""

    spec = RunSpec(
        "transform",
        backend,
        apply=tuple([apply] if isinstance(apply, str) else apply),
        text_field=text_field,
        options=backend_options,
        batch_size=batch_size,
        max_chars=max_chars or DEFAULT_MAX_CHARS,
    )
    return LocalExecutor(selector, progress).execute(spec, input, output, resume=resume)
