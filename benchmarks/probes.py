"""Judged probes: new sentences from registers nobody tuned for, every output judged by hand.

Each file in ``benchmarks/probes/`` is one probe: 40 sentences we wrote, run under several
edits, and every record judged blind by the rules in ``benchmarks/probes/README.md`` (RIGHT /
WRONG for an ``ok`` answer, JUSTIFIED / UNJUSTIFIED for a refusal). This script runs the
surface backend on every record again and compares:

- an ``ok`` whose output was judged WRONG (in the first run or a later one) is a failure;
- in this folder, an ``ok`` whose output nobody has judged (a RIGHT one that turned into
  another output, or a new ``ok`` where Seam refused) is a failure too, until it is judged
  (probes from ``--data-dir`` only count them): ``--unjudged FILE``
  writes those records for judging, and ``--add-judgments FILE`` merges the verdicts back
  (each line ``{"id", "transformation", "output", "verdict", "note"}``) into ``later``;
- an output judged RIGHT that is now refused is counted as lost coverage, not a failure.

It prints, per probe, the first run's figures (what measured generalization) and today's:
``ok``, RIGHT, WRONG, unjudged, coverage and precision of ``ok``. Exit status 1 on any
failure.

    python benchmarks/probes.py                        # benchmarks/probes/*.jsonl
    python benchmarks/probes.py --data-dir DIR         # also every *.jsonl probe in DIR
    python benchmarks/probes.py --unjudged todo.jsonl  # what needs judging
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HERE = ROOT / "benchmarks" / "probes"


def load(path: Path) -> list[dict]:
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{n}: not JSON ({exc.msg})") from None
    return out


def verdicts(rec: dict) -> dict[str, tuple[str, str]]:
    """Every judged ``ok`` output of a record: output -> (RIGHT or WRONG, note)."""
    out = {}
    if rec.get("status") == "ok" and rec.get("verdict") in ("RIGHT", "WRONG"):
        out[rec["output"]] = (rec["verdict"], rec.get("note", ""))
    for later in rec.get("later", []):
        out[later["output"]] = (later["verdict"], later.get("note", ""))
    return out


def run(records: list[dict]) -> list[tuple[str, str, str]]:
    """(status, best output or '', reason) for each record, one batch per transformation."""
    from engine.pipeline import Transformer

    surface = Transformer("surface")
    by_expr: dict[str, list[int]] = collections.defaultdict(list)
    for k, rec in enumerate(records):
        by_expr[rec["transformation"]].append(k)
    out: list[tuple[str, str, str]] = [("", "", "")] * len(records)
    for expr, ks in by_expr.items():
        results = surface.run_texts([records[k]["source"] for k in ks], expr)
        for k, r in zip(ks, results, strict=True):
            out[k] = (r["status"], r.get("best") or "", r.get("reason", ""))
    return out


def score(
    name: str,
    records: list[dict],
    now: list[tuple[str, str, str]],
    todo: list[dict],
    ours: bool = True,
):
    """The figures of one probe; ``ours``: a probe of this folder, where an unjudged ``ok`` is a
    failure (in another folder it is only counted: its judgments are not kept here)."""
    first_ok = [r for r in records if r.get("status") == "ok"]
    first_right = sum(r.get("verdict") == "RIGHT" for r in first_ok)
    counts = collections.Counter()
    failures = []
    for rec, (status, output, reason) in zip(records, now, strict=True):
        if status != "ok":
            counts["refused"] += 1
            if rec.get("status") == "ok" and rec.get("verdict") == "RIGHT":
                counts["lost"] += 1
            continue
        counts["ok"] += 1
        verdict = verdicts(rec).get(output)
        if verdict is None:
            counts["unjudged"] += 1
            if ours:
                failures.append(f"UNJUDGED {rec['id']} [{rec['transformation']}] -> {output!r}")
            todo.append(
                {
                    "probe": name,
                    "id": rec["id"],
                    "transformation": rec["transformation"],
                    "source": rec["source"],
                    "output": output,
                    "reason": reason,
                }
            )
        elif verdict[0] == "WRONG":
            counts["wrong"] += 1
            failures.append(
                f"WRONG    {rec['id']} [{rec['transformation']}] -> {output!r} ({verdict[1]})"
            )
        else:
            counts["right"] += 1
    n = len(records)
    judged = counts["right"] + counts["wrong"]
    print(
        f"{name:14} first run: ok {len(first_ok)}/{n}, precision "
        f"{first_right / max(len(first_ok), 1):.3f}   now: ok {counts['ok']}/{n} "
        f"(coverage {counts['ok'] / max(n, 1):.3f}), RIGHT {counts['right']}, WRONG "
        f"{counts['wrong']}, unjudged {counts['unjudged']}, precision of judged "
        f"{counts['right'] / max(judged, 1):.3f}, RIGHT now refused {counts['lost']}"
    )
    return failures, counts


def add_judgments(path: Path, judgments: Path) -> int:
    """Merge judged outputs into the probe file's records (``later``)."""
    records = load(path)
    index = {(r["id"], r["transformation"]): r for r in records}
    added = 0
    for j in load(judgments):
        if j.get("probe") not in (None, path.stem):
            continue
        rec = index.get((j["id"], j["transformation"]))
        if rec is None or j.get("verdict") not in ("RIGHT", "WRONG"):
            continue
        later = [x for x in rec.get("later", []) if x["output"] != j["output"]]
        later.append({"output": j["output"], "verdict": j["verdict"], "note": j.get("note", "")})
        rec["later"] = later
        added += 1
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    path.write_text(text, encoding="utf-8")
    return added


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data-dir", help="a folder of more judged probes (*.jsonl)")
    p.add_argument("--unjudged", help="write the ok records nobody has judged to this file")
    p.add_argument("--add-judgments", help="merge judged outputs from this JSONL file")
    p.add_argument("--show", type=int, default=50, help="failures to print (default 50)")
    args = p.parse_args(argv)
    files = sorted(HERE.glob("*.jsonl"))
    if args.data_dir:
        extra = Path(args.data_dir)
        if not extra.is_dir():
            raise SystemExit(f"--data-dir {extra}: no such folder")
        files += sorted(extra.glob("*.jsonl"))
    if args.add_judgments:
        for path in sorted(HERE.glob("*.jsonl")):
            print(f"{path.name}: {add_judgments(path, Path(args.add_judgments))} judgments added")
        return 0
    todo: list[dict] = []
    failures: list[str] = []
    total = collections.Counter()
    for path in files:
        records = load(path)
        fails, counts = score(path.stem, records, run(records), todo, path.parent == HERE)
        failures += fails
        total.update(counts)
        total["records"] += len(records)
    judged = total["right"] + total["wrong"]
    print(
        f"{'all':14} ok {total['ok']}/{total['records']} (coverage "
        f"{total['ok'] / max(total['records'], 1):.3f}), precision of judged "
        f"{total['right'] / max(judged, 1):.3f}, unjudged {total['unjudged']}"
    )
    for line in failures[: args.show]:
        print(" ", line)
    if args.unjudged:
        Path(args.unjudged).write_text(
            "".join(json.dumps(t, ensure_ascii=False) + "\n" for t in todo), encoding="utf-8"
        )
        print(f"{len(todo)} unjudged records written to {args.unjudged}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
