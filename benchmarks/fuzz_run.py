"""Hostile-input run: random Unicode, word salad and mutated SNLI lines through ``seam
transform`` and ``seam contrast``, checking that nothing is lost or duplicated, no traceback
is printed, and ``--resume`` after a cut gives back the same file.

    python benchmarks/fuzz_run.py [--n 10000] [--seed 0] [--snli FILE]

Prints, per command: lines, records expected and written, statuses, error codes, exit status,
seconds, and whether the resumed output equals the uninterrupted one. Exit 1 if any check fails.

Needs the SNLI development set, not shipped with Seam (its premises are mutated into hostile
lines): a JSONL file with a ``premise`` per line, passed with ``--snli FILE``.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from _data import require

ROOT = Path(__file__).resolve().parent.parent
SEAM = [sys.executable, "-m", "engine.cli"]
TRANSFORMS = ["p", "pa", "q+n"]
PAIRS = ["p;f", "pa;pa"]
SNLI = "the SNLI development set (a JSONL file with a premise per line)"


def _random_unicode(rng: random.Random) -> str:
    pools = [
        (0x20, 0x7E),
        (0xA0, 0x24F),
        (0x370, 0x3FF),
        (0x590, 0x6FF),
        (0x4E00, 0x4FFF),
        (0x1F300, 0x1F64F),
        (0x0, 0x1F),
        (0x200B, 0x200F),
        (0xFE00, 0xFE0F),
    ]
    out = []
    for _ in range(rng.randint(0, 60)):
        lo, hi = rng.choice(pools)
        out.append(chr(rng.randint(lo, hi)))
    return "".join(out)


def _mutate(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        op = rng.random()
        k = rng.randrange(len(chars) + 1)
        if op < 0.3 and chars:
            del chars[min(k, len(chars) - 1)]
        elif op < 0.6:
            chars.insert(k, rng.choice("  .,?!'\"-()[]{}\\/\t" + "abcdefghijklmnopqrstuvwxyz"))
        elif op < 0.8 and len(chars) > 1:
            j = rng.randrange(len(chars))
            chars[min(k, len(chars) - 1)], chars[j] = chars[j], chars[min(k, len(chars) - 1)]
        else:
            return text.upper() if rng.random() < 0.5 else text.lower() + " " + text
    return "".join(chars)


def sentences(snli: Path, n: int) -> list[str]:
    out = []
    with open(snli, encoding="utf-8") as fh:
        for line in fh:
            out.append(json.loads(line)["premise"])
            if len(out) >= n:
                break
    return out


def hostile_text(rng: random.Random, corpus: list[str], vocab: list[str]) -> str:
    kind = rng.random()
    if kind < 0.25:
        return _random_unicode(rng)
    if kind < 0.5:
        return " ".join(rng.choice(vocab) for _ in range(rng.randint(1, 25))) + rng.choice(
            ["", ".", "?", " !"]
        )
    if kind < 0.9:
        return _mutate(rng.choice(corpus), rng)
    return rng.choice(corpus)


def line_for(obj_text: dict, rng: random.Random) -> bytes:
    """A JSONL line, sometimes broken on purpose."""
    kind = rng.random()
    if kind < 0.02:
        return b""  # blank line
    if kind < 0.04:
        return b"{not json " + obj_text.get("text", "x")[:10].encode("utf-8", "surrogatepass")
    if kind < 0.05:
        return ("[" * 1200 + "]" * 1200).encode()
    if kind < 0.06:
        return ('{"id": ' + "7" * 5000 + ', "text": "A dog ran."}').encode()
    if kind < 0.07:
        return (
            json.dumps(obj_text, ensure_ascii=False)
            .replace("\\n", "\r")
            .encode("utf-8", "surrogatepass")
        )
    if kind < 0.08:
        obj_text = {**obj_text, "text": "\ud800" + obj_text.get("text", "")}  # lone surrogate
    if kind < 0.09:
        obj_text = {**obj_text, "text": "The dog barks. " * 400}  # over --max-chars
    if kind < 0.10:
        obj_text = {**obj_text, "id": {"nested": [1, 2]}}
    if kind < 0.12:
        obj_text = {**obj_text, "id": "dup"}
    return json.dumps(obj_text, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")


def run(argv: list[str]) -> tuple[int, str, float]:
    start = time.perf_counter()
    proc = subprocess.run(
        [*SEAM, *argv], cwd=ROOT, capture_output=True, text=True, errors="replace"
    )
    return proc.returncode, proc.stderr, time.perf_counter() - start


def check(name: str, argv: list[str], out: Path, expected: Counter, key) -> bool:
    code, err, seconds = run([*argv, "-o", str(out), "-q"])
    recs = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    got = Counter(key(r) for r in recs)
    statuses = Counter(r["status"] for r in recs)
    codes = Counter(r.get("code") for r in recs if r["status"] == "error")
    traceback = "Traceback" in err
    # cut the output in the middle of a record and resume
    data = out.read_bytes()
    cut = out.with_suffix(".cut.jsonl")
    cut.write_bytes(data[: len(data) * 2 // 3 + 7])
    rcode, rerr, rseconds = run([*argv, "-o", str(cut), "-q", "--resume"])
    same = cut.read_bytes() == data
    ok = (
        got == expected
        and not traceback
        and code in (0, 3)
        and rcode == code
        and same
        and "Traceback" not in rerr
    )
    print(f"== {name}: exit {code}, {seconds:.1f} s ({sum(got.values()) / seconds:.0f} records/s)")
    print(
        f"   records expected {sum(expected.values())}, written {len(recs)}, keys equal: "
        f"{got == expected}"
    )
    print(f"   statuses {dict(statuses)}; error codes {dict(codes)}")
    print(
        f"   traceback: {traceback}; resume after a cut: exit {rcode}, {rseconds:.1f} s, same "
        f"file: {same}"
    )
    if not ok:
        print(err[-3000:], rerr[-2000:], sep="\n")
    return ok


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=10000, help="input lines per command (default 10000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--snli",
        default=str(ROOT.parent / "shared" / "data" / "snli" / "dev.jsonl"),
        help="the SNLI development set, JSONL with a premise per line "
        "(default: ../shared/data/snli/dev.jsonl)",
    )
    args = p.parse_args(argv)
    snli = require(args.snli, SNLI, "--snli", "FILE")
    rng = random.Random(args.seed)
    corpus = sentences(snli, 2000)
    vocab = sorted({w for s in corpus for w in s.split()})
    tmp = Path(tempfile.mkdtemp(prefix="seam-fuzz-"))

    # transform: one record per line and transformation, whatever the line holds
    lines, ids = [], []
    for k in range(1, args.n + 1):
        raw = line_for({"id": f"t{k}", "text": hostile_text(rng, corpus, vocab)}, rng)
        lines.append(raw)
    data = b"\xef\xbb\xbf" + b"\n".join(lines) + b"\n"
    inp = tmp / "transform.jsonl"
    inp.write_bytes(data)
    from engine.jsonl import read_records

    ids = [r.id for r in read_records(inp)]
    expected = Counter((i, t) for i in ids for t in TRANSFORMS)
    a_args = [a for t in TRANSFORMS for a in ("-a", t)]
    ok = check(
        "seam transform",
        ["transform", "-i", str(inp), *a_args],
        tmp / "transform.out.jsonl",
        expected,
        lambda r: (r["id"], r["transformation"]),
    )

    # contrast: one record per line and pair alternative
    pairs = []
    for k in range(1, args.n + 1):
        obj = {
            "id": f"c{k}",
            "premise": hostile_text(rng, corpus, vocab),
            "hypothesis": hostile_text(rng, corpus, vocab),
            "label": rng.choice(["entailment", "neutral", "contradiction", "", "-", "maybe"]),
        }
        raw = line_for({**obj, "text": obj["premise"]}, rng)
        pairs.append(raw.replace(b'"text"', b'"unused"'))
    cinp = tmp / "contrast.jsonl"
    cinp.write_bytes(b"\n".join(pairs) + b"\n")
    from engine.workflows.contrast import read_pairs

    cids = [x.id for x in read_pairs(cinp)]
    cexpected = Counter(f"{i}/{pair}" for i in cids for pair in PAIRS)
    ok &= check(
        "seam contrast",
        ["contrast", "-i", str(cinp), "--pairs", *PAIRS],
        tmp / "contrast.out.jsonl",
        cexpected,
        lambda r: r["id"],
    )
    print(f"inputs and outputs in {tmp}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
