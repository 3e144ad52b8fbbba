"""A pool of long-lived ACE parser and generator processes (through pydelphin).

One process per worker, started once and reused for every item (LIT started one per call).
Every item comes back as an :class:`AceResult` with a status: ``ok``, ``no_parse`` (or
``no_realization`` for generation), ``timeout`` or ``ace_error``; a crashed or hung process is
killed and restarted and the batch goes on.

Known ACE/pydelphin hazards handled here:

* Generation passes ``-n`` only to an ACE shown to count results per item: with a stock
  0.9.34, once one item hits the cap pydelphin's reader can return empty results for every
  later item. :meth:`AcePool.limit_realizations` probes that once (two generations of a short
  sentence with ``-n 1``); otherwise results are capped in Python, and a response with no
  results where ACE reported some restarts the process and retries once.
  Some ACE builds report ``readings`` summed over all items of a process; that is detected
  and the per-item count used, so an MRS with no realization does not cost a restart.
* Parsing defaults to the full-sentence roots ``root_strict root_informal`` (fragment readings
  can rank first and then generate nothing); ``fragments=True`` adds ``root_frag``.
* A per-item watchdog kills a process that does not answer within ``timeout`` plus a grace
  period, beyond ACE's own ``--timeout``.

One module, over 400 lines: the worker (one ACE process, its restarts and watchdog) and the pool
(scheduling items over workers, the ``-n`` probe) share the process protocol and its hazards,
documented once above.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import queue
import re
import subprocess
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from delphin import ace as _delphin_ace

from ..results import ACE_ERROR, NO_PARSE, NO_REALIZATION, OK, TIMEOUT  # noqa: F401 - the item statuses
from .grammar import Grammar

log = logging.getLogger(__name__)


STRICT_ROOTS = ("root_strict", "root_informal")
FRAGMENT_ROOTS = ("root_frag",)
WATCHDOG_GRACE = 5.0
PROBE = "Kim slept."  # generated twice to learn whether ACE's -n is safe in generation


@dataclass(frozen=True)
class AceOptions:
    """ACE limits and roots; the defaults are the ones the recorded parses were made with."""

    timeout: int = 10
    max_chart_megabytes: int = 1200
    max_unpack_megabytes: int = 1500
    parse_results: int = 5
    max_realizations: int = 100
    roots: tuple[str, ...] = STRICT_ROOTS
    fragments: bool = False
    generate_timeout: int | None = None  # seconds per generation (default: ``timeout``)
    generate_results: int | None = (
        None  # pass -n N to the generator (only for an ACE without the -n bug)
    )

    def parser_args(self) -> list[str]:
        roots = self.roots + (FRAGMENT_ROOTS if self.fragments else ())
        return ["-n", str(self.parse_results), *self._limits(self.timeout), "-r", " ".join(roots)]

    def generator_args(self) -> list[str]:
        n = ["-n", str(self.generate_results)] if self.generate_results else []
        return [*n, *self._limits(self.seconds("generate")), "--rooted-derivations"]

    def seconds(self, kind: str) -> int:
        """The per-item time limit of a worker kind."""
        return self.generate_timeout or self.timeout if kind == "generate" else self.timeout

    def _limits(self, timeout: int) -> list[str]:
        return [
            "--timeout",
            str(timeout),
            "--max-chart-megabytes",
            str(self.max_chart_megabytes),
            "--max-unpack-megabytes",
            str(self.max_unpack_megabytes),
        ]


@dataclass(frozen=True)
class AceResult:
    """One item's outcome. ``results``: parse readings ``{"mrs", "derivation"}`` best first,
    or realizations ``{"surface", "derivation"}`` in ACE's order."""

    status: str
    reason: str = ""
    results: tuple[dict[str, Any], ...] = field(default=())
    seconds: float = 0.0  # the call's wall time: ACE, the pipe and pydelphin's reading
    ace_seconds: float = 0.0  # the time ACE reports it spent on the item (0 where it did not say)


class AceWorker:
    """One ACE process of one kind (``parse`` or ``generate``), restarted when it fails."""

    def __init__(self, kind: str, grammar: Grammar, options: AceOptions):
        if kind not in ("parse", "generate"):
            raise ValueError(f"kind must be 'parse' or 'generate', not {kind!r}")
        self.kind = kind
        self.grammar = grammar
        self.options = options
        self.proc = None
        self.starts = 0
        self._last_readings = 0  # the previous item's `readings` on this process
        self._cumulative: bool | None = None  # does this ACE report `readings` summed over items?

    def _start(self) -> None:
        if _FAST_READER:
            cls = _Parser if self.kind == "parse" else _Generator
        else:  # a pydelphin without the reader's internals this was written against (1.8-1.11)
            cls = _delphin_ace.ACEParser if self.kind == "parse" else _delphin_ace.ACEGenerator
        args = self.options.parser_args() if self.kind == "parse" else self.options.generator_args()
        self.proc = cls(
            str(self.grammar.image),
            cmdargs=args,
            executable=str(self.grammar.ace),
            stderr=subprocess.DEVNULL,
        )  # type: ignore[arg-type]  # Popen takes it
        self.starts += 1
        self._last_readings = 0

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            proc._p.kill()
            proc._p.wait(timeout=5)
        except Exception:  # already gone
            pass

    def run(self, datum: str) -> AceResult:
        datum = " ".join(datum.split())
        empty = NO_PARSE if self.kind == "parse" else NO_REALIZATION
        if not datum:
            return AceResult(empty, "empty input")
        start = time.perf_counter()
        for attempt in (1, 2):
            try:
                if self.proc is None:
                    self._start()
            except Exception as exc:
                self.close()
                return AceResult(
                    ACE_ERROR,
                    f"ACE did not start: {type(exc).__name__}: {exc}",
                    seconds=time.perf_counter() - start,
                )
            response, killed = self._interact(datum)
            elapsed = time.perf_counter() - start
            if killed:
                self.close()
                return AceResult(
                    TIMEOUT,
                    "ACE did not answer within "
                    f"{self.options.seconds(self.kind) + WATCHDOG_GRACE:.0f}s; the process was "
                    "killed and will be restarted",
                    seconds=elapsed,
                )
            if isinstance(response, Exception):
                self.close()
                if attempt == 1 and not isinstance(response, _Crashed):
                    continue
                return AceResult(
                    ACE_ERROR, f"ACE failed: {type(response).__name__}: {response}", seconds=elapsed
                )
            results = list(response.get("results") or [])
            reported = self._reported(_int(response.get("readings")), len(results))
            if not results and reported:
                # The desync hazard: ACE says it found results, pydelphin returned none.
                log.warning("ACE reported %s results but returned none; restarting", reported)
                self.close()
                if attempt == 1:
                    continue
                return AceResult(
                    ACE_ERROR,
                    f"ACE reported {reported} results but returned none, twice",
                    seconds=elapsed,
                )
            return dataclasses.replace(
                self._interpret(response, results, elapsed), ace_seconds=_ace_seconds(response)
            )
        raise AssertionError("unreachable")

    def _reported(self, readings: int, returned: int) -> int:
        """How many results ACE says it found for this item. Some ACE builds (the 0.9.34
        research fork) report ``readings`` summed over the process's items; that is detected
        from the first item that returns results after another did, and the difference taken,
        so an item with no realization is not mistaken for a desynchronized reader."""
        last, self._last_readings = self._last_readings, readings
        if self._cumulative is None and returned and last:
            if readings == last + returned:
                self._cumulative = True
            elif readings == returned:
                self._cumulative = False
        if self._cumulative:
            return max(readings - last, 0)
        return readings

    def _interact(self, datum: str):
        """(response or exception, killed-by-watchdog)."""
        proc = self.proc
        fired = threading.Event()

        def kill():
            fired.set()
            try:
                proc._p.kill()
            except Exception:
                pass

        run_id = getattr(proc, "_run_id", 0)
        timer = threading.Timer(self.options.seconds(self.kind) + WATCHDOG_GRACE, kill)
        timer.daemon = True
        timer.start()
        try:
            response = proc.interact(datum)
        except Exception as exc:  # pydelphin raises several types when ACE dies mid-item
            response = exc
        finally:
            timer.cancel()
        if (
            not fired.is_set()
            and not isinstance(response, Exception)
            and not response.get("results")
            and not _finished(response)
        ):
            # An empty answer without ACE's statistics for the item may be a dying process
            # whose exit is not visible yet. (Waiting on every empty answer cost 0.1 s per
            # MRS without a realization: a sixth of the generators' time on short sentences.)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc._p.wait(timeout=0.1)
        if (
            not fired.is_set()
            and not isinstance(response, Exception)
            and (proc._p.poll() is not None or getattr(proc, "_run_id", 0) != run_id)
        ):
            # ACE exited during this item (pydelphin may already have reopened it).
            response = _Crashed("ACE exited while processing this item")
        return response, fired.is_set()

    def _interpret(self, response, results: list[dict], elapsed: float) -> AceResult:
        errors = " ".join(str(e) for e in response.get("ERRORS") or [])
        error = str(response.get("error") or "")
        limit = self.options.seconds(self.kind)
        if elapsed < limit and _TIMEOUT.search(error):
            # Stale: ACE arms an alarm for each generation and never disarms it, so one that goes
            # off while the process waits for its next item is reported with that item. An item
            # answered within the limit did not run out of time itself.
            error = ", ".join(p for p in error.split(", ") if not _TIMEOUT.search(p))
        text = f"{errors} {error}".strip()
        if _TIMEOUT.search(text) or (not results and not text and elapsed >= limit):
            # the second: the alarm went off as the item ended, and its note went to the next item
            return AceResult(
                TIMEOUT,
                f"ACE timeout ({limit}s)" + (f": {text}" if text else ""),
                tuple(results),
                elapsed,
            )
        if results:
            if self.kind == "generate":
                results = results[: self.options.max_realizations]
            return AceResult(OK, "", tuple(_clean(r) for r in results), elapsed)
        if errors:
            return AceResult(ACE_ERROR, f"ACE error: {errors}", seconds=elapsed)
        if self.kind == "parse":
            reason = error or "the grammar found no full-sentence reading"
            return AceResult(NO_PARSE, reason, seconds=elapsed)
        return AceResult(
            NO_REALIZATION, error or "ACE generated nothing from this MRS", seconds=elapsed
        )


_TIMEOUT = re.compile(r"time(d)? ?out", re.IGNORECASE)


_RESULT_KEYS = frozenset({"result-id", "surface", "derivation", "mrs", "score", "tree"})
_FIELD = re.compile(
    r"\(:([\w-]+) \. "
    r'?(?:"([^"\\]*(?:\\.[^"\\]*)*)"|(-?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)|([^\s()"]+))\)'
)
_ESCAPE = re.compile(r'\\(["\\])')


def read_tsdb(response: dict, line: str) -> dict:
    """Fill ``response`` from one item of ACE's ``--tsdb-stdout`` output as pydelphin's reader
    does, with one regular expression instead of its character-by-character S-expression
    parser (a generation with derivations runs to tens of kilobytes; that parser was a quarter
    of the erg backend's Python time). Output with nested fields (a parse's ``:flags``, a
    chart) or fields it does not know inside a result is left to pydelphin's reader."""
    if "(:flags" in line or "(:chart" in line:
        return _delphin_ace._tsdb_response(response, line)
    results: list[dict] = []
    top: dict[str, Any] = {}
    done = False  # past the results
    for m in _FIELD.finditer(line):
        key, string, number, symbol = m.groups()
        if string is not None:
            value: Any = _ESCAPE.sub(r"\1", string).strip()
        elif number is not None:
            value = float(number) if any(c in number for c in ".eE") else int(number)
        else:
            value = symbol
        if key == "result-id" and not done:
            results.append({key: value})
        elif key in _RESULT_KEYS and results and not done:
            results[-1][key] = value
        elif key == "result-id" or key in _RESULT_KEYS:
            return _delphin_ace._tsdb_response(response, line)  # a result after other fields
        else:
            done = done or bool(results)
            top[key] = value
    if len(results) != line.count("(:result-id ."):
        return _delphin_ace._tsdb_response(response, line)
    for key, value in top.items():
        if key == "p-input":
            response.setdefault("tokens", {})["initial"] = value
        elif key == "p-tokens":
            response.setdefault("tokens", {})["internal"] = value
        else:
            response[key] = value
    response["results"].extend(results)
    return response


_FAST_READER = all(
    hasattr(_delphin_ace, name) for name in ("_make_response", "_tsdb_response")
) and all(hasattr(c, "_result_lines") for c in (_delphin_ace.ACEParser, _delphin_ace.ACEGenerator))


class _Parser(_delphin_ace.ACEParser):
    """pydelphin's ACE parser with :func:`read_tsdb` reading its answers."""

    def _tsdb_receive(self):
        lines = self._result_lines()
        response, lines = _delphin_ace._make_response(lines, self.run_info)
        if self._p.poll() is not None:  # as pydelphin: reopen a process that exited
            self._open()
        return read_tsdb(response, " ".join(lines))


class _Generator(_delphin_ace.ACEGenerator):
    """pydelphin's ACE generator with :func:`read_tsdb` reading its answers."""

    def _tsdb_receive(self):
        lines = self._result_lines(termini=[re.compile(r"\(:results \.")])
        response, lines = _delphin_ace._make_response(lines, self.run_info)
        return read_tsdb(response, " ".join(lines))


class _Crashed(RuntimeError):
    """ACE died on an item: reported as that item's ``ace_error``, not retried."""


def _finished(response) -> bool:
    """Whether ACE wrote its statistics for the item (``--tsdb-stdout`` puts the time it spent
    before the results): an answer it finished, not the end of a dying process's output."""
    return "treal" in response or "tcpu" in response


def _ace_seconds(response) -> float:
    """The time ACE says it spent on the item (``:treal``, milliseconds), 0 where it did not say."""
    try:
        return max(float(response.get("treal", 0)), 0.0) / 1000.0
    except (TypeError, ValueError):
        return 0.0


def _int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _clean(result: dict) -> dict:
    return {k: result[k] for k in ("mrs", "derivation", "surface") if k in result}


class AcePool:
    """Long-lived parser and generator processes, ``workers`` of each, used batch by batch.

    ``fresh=True`` starts a new process for every item and closes it after (LIT's way): only
    for comparison in ``benchmarks/erg_pipeline.py``.
    """

    def __init__(
        self,
        grammar: Grammar,
        workers: int | None = None,
        options: AceOptions | None = None,
        fresh: bool = False,
    ):
        self.grammar = grammar
        self.options = options or AceOptions()
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.fresh = fresh
        self._idle: dict[str, queue.Queue[AceWorker]] = {
            "parse": queue.Queue(),
            "generate": queue.Queue(),
        }
        self._all: list[AceWorker] = []
        self._lock = threading.Lock()
        # per kind: items, seconds spent inside ACE calls and the part ACE reports as its own
        # (both summed over workers), timeouts
        self.stats: dict[str, dict[str, float]] = {
            k: {"items": 0, "seconds": 0.0, "ace_seconds": 0.0, "timeouts": 0}
            for k in ("parse", "generate")
        }
        self._executor = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="ace")
        self._limited: bool | None = (
            None  # does this ACE count generation results per item (probed)?
        )

    def __enter__(self) -> AcePool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self._executor.shutdown(wait=True)
        for w in self._all:
            w.close()
        self._all.clear()

    @property
    def process_starts(self) -> int:
        return sum(w.starts for w in self._all)

    def _checkout(self, kind: str) -> AceWorker:
        """An idle worker of ``kind`` (``parse``, ``generate``, ``parse:N`` for N readings,
        ``parse:N:S`` for N readings and S seconds per item, or ``generate:S`` for S seconds
        per item)."""
        try:
            return self._idle.setdefault(kind, queue.Queue()).get_nowait()
        except queue.Empty:
            base, *extra = kind.split(":")
            options = self.options
            if base == "parse" and extra:
                options = dataclasses.replace(options, parse_results=int(extra[0]))
                if len(extra) > 1:
                    options = dataclasses.replace(options, timeout=int(extra[1]))
            elif extra:
                options = dataclasses.replace(options, generate_timeout=int(extra[0]))
            w = AceWorker(base, self.grammar, options)
            with self._lock:
                self._all.append(w)
            return w

    @property
    def restarts(self) -> int:
        """Processes started beyond the first of each worker (crashes, timeouts, desyncs)."""
        return sum(max(w.starts - 1, 0) for w in self._all)

    def _one(self, kind: str, datum: str) -> AceResult:
        w = self._checkout(kind)
        try:
            res = w.run(datum)
            with self._lock:
                st = self.stats[kind.split(":")[0]]
                st["items"] += 1
                st["seconds"] += res.seconds
                st["ace_seconds"] += res.ace_seconds
                st["timeouts"] += res.status == TIMEOUT
            return res
        except Exception as exc:  # never lose an item: anything unexpected is that item's error
            w.close()
            return AceResult(ACE_ERROR, f"{type(exc).__name__}: {exc}")
        finally:
            if self.fresh:
                w.close()
            self._idle[kind].put(w)

    def _submit(self, kind: str, items: Sequence[str]) -> list[Future[AceResult]]:
        """Queue items for the workers (first in, first out, whatever their kind); one future
        each."""
        return [self._executor.submit(self._one, kind, d) for d in items]

    def parse(
        self, texts: Sequence[str], readings: int | None = None, seconds: int | None = None
    ) -> list[AceResult]:
        """Parse sentences; one result per sentence, in order. ``readings`` asks for more (or
        fewer) readings than the pool's options, ``seconds`` for another time limit per
        sentence, from processes kept for that setting."""
        return [f.result() for f in self.submit_parse(texts, readings, seconds)]

    def submit_parse(
        self, texts: Sequence[str], readings: int | None = None, seconds: int | None = None
    ) -> list[Future[AceResult]]:
        """:meth:`parse` without waiting: one future per sentence, so the caller can work while
        ACE parses (the futures never raise: a failure is the item's ``ace_error``)."""
        readings = self.options.parse_results if readings is None else readings
        if seconds is not None and seconds != self.options.timeout:
            return self._submit(f"parse:{readings}:{seconds}", texts)
        if readings == self.options.parse_results:
            return self._submit("parse", texts)
        return self._submit(f"parse:{readings}", texts)

    def limit_realizations(self, n: int, probe: str = PROBE) -> bool:
        """Pass ``-n n`` to the generators from now on if this ACE counts its results per item
        (probed once: ``probe`` parsed, its first reading generated twice by one process
        with ``-n 1``; a build that sums the counts over items, or any failure, says no).
        Call before the first generation; returns whether the limit is on."""
        if self._limited is None:
            self._limited = False
            parsed = self.parse([probe])[0]
            if parsed.status == OK and parsed.results:
                w = AceWorker(
                    "generate", self.grammar, dataclasses.replace(self.options, generate_results=1)
                )
                try:
                    first, second = w.run(parsed.results[0]["mrs"]), w.run(parsed.results[0]["mrs"])
                    self._limited = (
                        first.status == second.status == OK
                        and w.starts == 1
                        and w._cumulative is False
                    )
                finally:
                    w.close()
        if self._limited:
            self.options = dataclasses.replace(self.options, generate_results=n)
        return self._limited

    def generate(self, mrss: Sequence[str], seconds: int | None = None) -> list[AceResult]:
        """Generate from SimpleMRS strings; one result per MRS, in order. ``seconds`` sets
        another time limit per item, on processes kept for that limit."""
        return [f.result() for f in self.submit_generate(mrss, seconds)]

    def submit_generate(
        self, mrss: Sequence[str], seconds: int | None = None
    ) -> list[Future[AceResult]]:
        """:meth:`generate` without waiting: one future per MRS (never raising)."""
        if seconds is None or seconds == self.options.seconds("generate"):
            return self._submit("generate", mrss)
        return self._submit(f"generate:{seconds}", mrss)
