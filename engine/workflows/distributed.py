"""Ray as the executor of ``seam transform`` and ``seam contrast`` (``--executor ray``).

The input is cut into blocks of ``block_size`` lines. Each Ray worker is an actor that opens
the producer once: the backend, its ACE pool or model, and spaCy. The workers process whole
blocks. A finished block is written atomically to ``OUTPUT.blocks/block-NNNNN.jsonl``, and
``manifest.json`` there records the input's fingerprint and the block size. At the end, the
blocks are joined in input order into the output, so the output is the same as the local
executor's.

* A worker that dies is restarted by Ray, and its block is retried (``max_restarts``,
  ``max_task_retries``).
* A killed run resumes with ``--resume``: finished blocks are kept, and only the others are
  processed. It is refused when the input or the block size changed.

Fault injection for tests: ``SEAM_FAULT_KILL_BLOCK=k`` makes the worker that first takes block
``k`` exit hard (once, marked by a file in the blocks folder). ``SEAM_FAULT_STOP_AFTER=n`` stops
the driver after ``n`` finished blocks.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import ResumeError, SeamError
from ..jsonl import lines
from .run import RunReport, RunSpec


class _Worker:
    """A Ray actor body: the producer, opened once."""

    def __init__(self, spec: RunSpec, blocks_dir: str):
        self.spec = spec
        self.producer = spec.build()
        self.blocks_dir = blocks_dir

    def process(self, index: int, block: list[tuple[int, str]]) -> tuple[int, list[dict]]:
        kill = os.environ.get("SEAM_FAULT_KILL_BLOCK")
        marker = Path(self.blocks_dir) / f".killed-{index}"
        if kill is not None and int(kill) == index and not marker.exists():
            marker.write_text("killed once\n")
            os._exit(1)
        items = [self.spec.parse(raw, lineno) for lineno, raw in block]
        return index, [rec.to_json() for rec in self.producer.records(items)]


def _fingerprint(all_lines: list[tuple[int, str]], block_size: int, spec: RunSpec) -> str:
    h = hashlib.sha256()
    for _, raw in all_lines:
        h.update(raw.strip().encode("utf-8", errors="surrogatepass") + b"\n")
    h.update(json.dumps([block_size, spec.kind, list(spec.apply), list(spec.pairs)]).encode())
    return h.hexdigest()[:16]


def _prepare(
    blocks_dir: Path, fp: str, block_size: int, n: int, input_path: str | Path, resume: bool
) -> None:
    """The blocks folder with its manifest: kept on ``resume`` (refused when it was made from
    another input, block size or transformation list), else started afresh."""
    manifest = blocks_dir / "manifest.json"
    if blocks_dir.exists() and resume:
        found = json.loads(manifest.read_text()) if manifest.exists() else {}
        if found.get("fingerprint") != fp:
            raise ResumeError(
                f"{blocks_dir} was made from another input, block size or transformation list; "
                "run without --resume to start again"
            )
    elif blocks_dir.exists():
        shutil.rmtree(blocks_dir)
    blocks_dir.mkdir(parents=True, exist_ok=True)
    manifest.write_text(
        json.dumps(
            {
                "fingerprint": fp,
                "block_size": block_size,
                "blocks": n,
                "input": str(input_path),
            }
        )
        + "\n"
    )


def run_ray(
    spec: RunSpec,
    input_path: str | Path,
    output: str | Path,
    *,
    workers: int = 2,
    address: str | None = None,
    block_size: int = 256,
    resume: bool = False,
    gpus_per_worker: float = 0,
    progress: Callable[[int, int], None] | None = None,
) -> RunReport:
    """Run ``spec`` over ``input_path`` on Ray and write the joined records to ``output``."""
    try:
        import ray
        from ray.util import ActorPool
    except ImportError:
        raise SeamError("--executor ray needs Ray: pip install 'seam[distributed]'") from None
    if block_size < 1 or workers < 1:
        raise SeamError("--block-size and --workers must be at least 1")
    all_lines = list(lines(input_path))
    blocks = [all_lines[k : k + block_size] for k in range(0, len(all_lines), block_size)]
    blocks_dir = Path(str(output) + ".blocks")
    fp = _fingerprint(all_lines, block_size, spec)  # the lines already read, not the file again
    _prepare(blocks_dir, fp, block_size, len(blocks), input_path, resume)
    done = {int(p.stem.split("-")[1]) for p in blocks_dir.glob("block-*.jsonl")}
    todo = [k for k in range(len(blocks)) if k not in done]
    report = RunReport(output=str(output))
    report.resumed = sum(
        1 for k in done for _ in open(blocks_dir / f"block-{k:05d}.jsonl", encoding="utf-8")
    )
    if todo:
        started = not ray.is_initialized()
        if started:
            # without --address Seam starts a cluster of its own ("local"), never joins one
            # already running on the machine (RAY_ADDRESS, or the file a stopped one leaves)
            ray.init(
                address=address or "local",
                num_cpus=None if address else workers,
                include_dashboard=False,
                log_to_driver=False,
                ignore_reinit_error=True,
                runtime_env={
                    "env_vars": {k: v for k, v in os.environ.items() if k.startswith("SEAM_")}
                },
            )
        actor = ray.remote(
            num_cpus=1, num_gpus=gpus_per_worker, max_restarts=3, max_task_retries=3
        )(_Worker)
        pool = ActorPool(
            [actor.remote(spec, str(blocks_dir)) for _ in range(min(workers, len(todo)))]
        )
        stop_after = int(os.environ.get("SEAM_FAULT_STOP_AFTER", "0") or 0)
        finished = 0
        try:
            for index, records in pool.map_unordered(
                lambda a, k: a.process.remote(k, blocks[k]), todo
            ):
                tmp = blocks_dir / f".block-{index:05d}.tmp"
                with open(tmp, "w", encoding="utf-8") as fh:
                    for rec in records:
                        fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
                tmp.replace(blocks_dir / f"block-{index:05d}.jsonl")
                finished += 1
                if progress:
                    progress(finished, len(todo))
                if stop_after and finished >= stop_after:
                    raise KeyboardInterrupt(
                        f"stopped after {finished} blocks (SEAM_FAULT_STOP_AFTER)"
                    )
        finally:
            if started:
                ray.shutdown()
    with open(output, "w", encoding="utf-8") as out:
        for k in range(len(blocks)):
            with open(blocks_dir / f"block-{k:05d}.jsonl", encoding="utf-8") as fh:
                for line in fh:
                    out.write(line)
                    if k not in done:
                        report.note_json(json.loads(line))
    print(
        f"seam: {len(todo)} of {len(blocks)} blocks processed on Ray ({workers} workers)",
        file=sys.stderr,
    )
    return report


__all__ = ["RunSpec", "run_ray"]


@dataclass
class RayExecutor:
    """The Ray executor behind the run loop's interface (:class:`~engine.workflows.run.Executor`):
    ``workers`` actors (on the cluster at ``address``, else a local one), blocks of
    ``block_size`` lines, ``gpus_per_worker``; ``progress(finished, todo)`` per block."""

    workers: int = 2
    address: str | None = None
    block_size: int = 256
    gpus_per_worker: float = 0
    progress: Callable[[int, int], None] | None = None

    def execute(
        self, spec: RunSpec, input: str | Path, output: str | Path, *, resume: bool = False
    ) -> RunReport:
        return run_ray(
            spec,
            input,
            output,
            workers=self.workers,
            address=self.address,
            block_size=self.block_size,
            resume=resume,
            gpus_per_worker=self.gpus_per_worker,
            progress=self.progress,
        )
