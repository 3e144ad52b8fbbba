"""``seam detect``: Polyjuice control codes for pairs (:mod:`engine.polyjuice`)."""

from __future__ import annotations

import argparse
import json
import sys

from ..jsonl import lines, load_object, record_id
from . import command


def _configure_detect(d: argparse.ArgumentParser) -> None:
    d.add_argument("-i", "--input", required=True, help="JSONL with 'original' and 'perturbed' (and 'id')")
    d.add_argument("-o", "--output", help="JSONL output (default: stdout): each record with its 'code'")
    d.add_argument("--original-field", default="original")
    d.add_argument("--perturbed-field", default="perturbed")
    d.add_argument("--batch-size", type=int, default=256)
    d.add_argument("--wordnet", help="WordNet folder in nltk's format (else SEAM_WORDNET, else nltk's data path)")


def _detect_batch(batch: list[tuple[dict, str | None]], out, fields: tuple[str, str]) -> None:
    from ..polyjuice.detect import detect_texts

    todo = [k for k, (_, problem) in enumerate(batch) if problem is None]
    codes = detect_texts([(batch[k][0][fields[0]], batch[k][0][fields[1]]) for k in todo]) if todo else []
    found = dict(zip(todo, codes, strict=True))
    for k, (rec, problem) in enumerate(batch):
        rec = dict(rec)
        if problem is None:
            rec["code"] = found[k]
            rec["status"] = "ok" if found[k] is not None else "no_code"
        else:
            rec["code"], rec["status"], rec["reason"] = None, "error", problem
        out.write(json.dumps(rec, ensure_ascii=False) + "\n")


@command("detect", "Polyjuice control code of every (original, perturbed) pair", _configure_detect)
def detect(args: argparse.Namespace) -> int:
    if args.wordnet:
        from ..polyjuice.detect import wordnet

        wordnet(args.wordnet)  # load the local copy (cached for every later call)
    fields = (args.original_field, args.perturbed_field)
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    try:
        batch: list[tuple[dict, str | None]] = []
        for lineno, raw in lines(args.input):
            obj, error = load_object(raw, lineno) if raw.strip() else (None, f"line {lineno}: blank line")
            if obj is None:
                batch.append(({"id": str(lineno)}, error))
            else:
                obj = {**obj, "id": record_id(obj.get("id"), str(lineno))}
                bad = [f for f in fields if not isinstance(obj.get(f), str) or not obj[f].strip()]
                batch.append((obj, f"line {lineno}: field {bad[0]!r} must be a non-empty string" if bad else None))
            if len(batch) >= args.batch_size:
                _detect_batch(batch, out, fields)
                batch = []
        if batch:
            _detect_batch(batch, out, fields)
    finally:
        if out is not sys.stdout:
            out.close()
    return 0
