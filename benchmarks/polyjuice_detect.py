"""Control-code detection against the codes pairs were made with, all eight, on SNLI dev.

    python benchmarks/polyjuice_detect.py [--pairs 1000] [--backend surface] [--seed 0] [--show 10]
                                          [--data FILE]

Seeded SNLI dev premises are transformed by Seam (the surface backend by default). Each edit has
a known Polyjuice code:

| Seam edit | code |
|---|---|
| ``negate`` | negation |
| ``tense(past)``, ``tense(fut)``, ``passive``, ``question`` | restructure |
| ``swap`` | shuffle |
| ``shorten(AGENT)``, ``shorten(PATIENT)`` | delete |

The other four codes have no Seam transformation, so their pairs are made by rules on the same
premises (:func:`rule_edit`), one token span replaced:

| rule | code |
|---|---|
| a determiner *a/an/the* of a singular noun -> *every/each*, a number word -> another | quantifier|
| one noun -> another noun of the same number, taken from another premise | lexical |
| an adjective put before a noun that has none (*a man* -> *a young man*) | insert |
| a noun phrase of two words or more -> a longer one from another premise | resemantic |

Captions (*A man cooking food.*) are left out: their edits also restore the verb. The pairs are
taken round-robin over the edits until ``--pairs`` changed outputs are collected.
:func:`engine.polyjuice.detect.detect_texts` then labels each pair. The script prints the
agreement, the confusion table (made-with code x detected code), the agreement per edit and
some disagreements.

Needs the SNLI development set, not shipped with Seam: a JSONL file with a ``premise`` per
line, passed with ``--data FILE``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _data import add_snli_option, require_snli  # noqa: E402

from engine.analyzers import SpacyAnalyzer  # noqa: E402
from engine.captions import caption_clause  # noqa: E402
from engine.pipeline import Transformer  # noqa: E402
from engine.polyjuice.detect import detect_texts  # noqa: E402

MADE_WITH = {
    "negate": "negation",
    "tense(past)": "restructure",
    "tense(fut)": "restructure",
    "passive": "restructure",
    "question": "restructure",
    "swap": "shuffle",
    "shorten(AGENT)": "delete",
    "shorten(PATIENT)": "delete",
}
RULES = {
    "rule:quantifier": "quantifier",
    "rule:lexical": "lexical",
    "rule:insert": "insert",
    "rule:resemantic": "resemantic",
}
NUMBERS = ["two", "three", "four", "five", "six", "seven"]
ADJECTIVES = ["young", "small", "tall", "quiet", "busy", "large", "happy", "dirty"]


def _rebuild(a, start: int, end: int, words: str) -> str:
    """The sentence with tokens [start, end) replaced by ``words`` (an empty span: inserted)."""
    text = a.sentence.text
    toks = a.sentence.tokens
    left = text[: toks[start].start] if start < len(toks) else text
    right = text[toks[end - 1].end :] if end > start else text[toks[start].start :]
    if end == start:
        return left + words + " " + right
    out = left + words + right
    return out[0].upper() + out[1:] if start == 0 else out


QUANTIFIERS = {
    "some",
    "many",
    "several",
    "few",
    "all",
    "every",
    "each",
    "any",
    "no",
    "most",
    "both",
    "another",
    "other",
    "much",
}


def toks_of(a, start: int, end: int) -> list:
    return list(a.sentence.tokens[start:end])


def _nouns(a, number: str) -> list:
    return [
        t for t in a.sentence.tokens if t.pos == "NOUN" and t.tag == number and t.text.isalpha()
    ]


def _chunks(a) -> list[tuple[int, int]]:
    """Noun phrases as token spans: a noun and its det/amod/compound/nummod dependents before it."""
    out = []
    for t in a.sentence.tokens:
        if t.pos != "NOUN":
            continue
        left = [
            c
            for c in a.sentence.tokens
            if c.head == t.i and c.i < t.i and c.dep in ("det", "amod", "compound", "nummod")
        ]
        start = min([c.i for c in left], default=t.i)
        if all(
            u.head in range(start, t.i + 1) or u.i == t.i
            for u in a.sentence.tokens[start : t.i + 1]
        ):
            out.append((start, t.i + 1))
    return out


def rule_edit(rule: str, a, pool, rng: random.Random) -> str | None:
    """One rule-made edit of the analysis ``a`` (see the module); ``pool``: other premises'
    analyses to take nouns and noun phrases from. None where the rule finds nothing to edit."""
    toks = a.sentence.tokens
    if rule == "rule:quantifier":
        for t in toks:
            head = toks[t.head] if 0 <= t.head < len(toks) else t
            if (
                t.dep == "det"
                and t.text.lower() in ("a", "the")
                and head.tag == "NN"
                and head.pos == "NOUN"
            ):
                word = rng.choice(["every", "each"])
                return _rebuild(a, t.i, t.i + 1, word.capitalize() if t.i == 0 else word)
            if t.dep == "nummod" and t.text.lower() in NUMBERS:
                word = rng.choice([n for n in NUMBERS if n != t.text.lower()])
                return _rebuild(a, t.i, t.i + 1, word.capitalize() if t.i == 0 else word)
        return None
    if rule == "rule:lexical":
        for t in _nouns(a, "NN") + _nouns(a, "NNS"):
            others = sorted(
                {u.text.lower() for b in pool for u in _nouns(b, t.tag)} - {t.text.lower()}
            )
            if others:
                return _rebuild(a, t.i, t.i + 1, rng.choice(others))
        return None
    if rule == "rule:insert":
        for t in _nouns(a, "NN") + _nouns(a, "NNS"):
            before = toks[t.i - 1] if t.i else None
            if (
                before is not None
                and before.dep == "det"
                and before.head == t.i
                and before.text.lower() != "an"
                and not any(c.head == t.i and c.dep in ("amod", "compound") for c in toks)
            ):
                return _rebuild(a, t.i, t.i, rng.choice(ADJECTIVES))
        return None
    if rule == "rule:resemantic":
        # no number or quantifier on either side (that would be a quantifier edit), nothing shared
        def plain(b, s, e):
            return toks_of(b, s, e)[0].text.lower() in ("a", "the") and not any(
                t.pos == "NUM" or t.text.lower() in QUANTIFIERS for t in toks_of(b, s, e)
            )

        mine = [(s, e) for s, e in _chunks(a) if e - s >= 2 and plain(a, s, e)]
        if not mine:
            return None
        s, e = mine[-1]
        own = {t.text.lower() for t in toks_of(a, s, e)} - {"a", "the"}
        theirs = sorted(
            {
                b.sentence.span_text(s2, e2)
                for b in pool
                for s2, e2 in _chunks(b)
                if e2 - s2 >= 3
                and plain(b, s2, e2)
                and not own & {t.text.lower() for t in toks_of(b, s2, e2)}
            }
        )
        if theirs:
            words = rng.choice(theirs)
            return _rebuild(a, s, e, words if s == 0 else words[0].lower() + words[1:])
        return None
    raise ValueError(rule)


def premises(snli: Path, seed: int) -> list[str]:
    seen: dict[str, None] = {}
    with open(snli, encoding="utf-8") as fh:
        for line in fh:
            text = json.loads(line)["premise"].replace(" .", ".").replace(" ,", ",").strip()
            if 3 <= len(text.split()) <= 30:
                seen.setdefault(text)
    texts = list(seen)
    random.Random(seed).shuffle(texts)
    return texts


def collect(snli: Path, backend: str, seed: int, per_edit: int) -> dict[str, list[tuple[str, str]]]:
    """Up to ``per_edit`` (source, edited) pairs for every edit: Seam's transformations on
    ``backend`` and the rule-made edits, on full clauses of shuffled SNLI premises."""
    transformer = Transformer(backend)
    analyzer = SpacyAnalyzer()
    texts = premises(snli, seed)
    every = {**MADE_WITH, **RULES}
    found: dict[str, list[tuple[str, str]]] = defaultdict(list)
    rng = random.Random(seed)
    for k in range(0, len(texts), 200):
        # full clauses only: a caption's edit also restores its verb (*A man cooking* -> *A man is
        # cooking*)
        batch = [
            (t, a)
            for t, a in zip(texts[k : k + 200], analyzer.analyze(texts[k : k + 200]), strict=True)
            if a.main_frame is not None and caption_clause(a) is None
        ]
        for expr in MADE_WITH:
            if len(found[expr]) >= per_edit:
                continue
            for rec in transformer.run_texts([t for t, _ in batch], expr):
                if rec["status"] == "ok" and rec["best"] and rec["best"] != rec["source"]:
                    found[expr].append((rec["source"], rec["best"]))
        pool = [a for _, a in batch]
        for rule in RULES:
            for t, a in batch:
                if len(found[rule]) < per_edit:
                    edited = rule_edit(rule, a, pool[:50], rng)
                    if edited and edited != t:
                        found[rule].append((t, edited))
        if all(len(found[e]) >= per_edit for e in every):
            break
    return found


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pairs", type=int, default=1000)
    p.add_argument("--backend", default="surface")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--show", type=int, default=10, help="disagreements to print")
    add_snli_option(p)
    args = p.parse_args(argv)
    snli = require_snli(args.data)

    every = {**MADE_WITH, **RULES}
    per_edit = -(-args.pairs // len(every))
    start = time.perf_counter()
    found = collect(snli, args.backend, args.seed, per_edit)
    pairs, made = [], []
    for n in range(per_edit):
        for expr in every:
            if n < len(found[expr]) and len(pairs) < args.pairs:
                pairs.append(found[expr][n])
                made.append((expr, every[expr]))
    built = time.perf_counter() - start
    start = time.perf_counter()
    codes = detect_texts(pairs)
    took = time.perf_counter() - start
    right = sum(c == m for c, (_, m) in zip(codes, made, strict=True))
    print(
        f"{len(pairs)} pairs from {args.backend} on SNLI dev (built in {built:.0f} s); "
        f"detection {len(pairs) / took:.0f} pairs/s"
    )
    print(
        f"agreement with the code Seam made the edit with: {right}/{len(pairs)} = "
        f"{right / len(pairs):.3f}"
    )
    table = Counter((m, c) for c, (_, m) in zip(codes, made, strict=True))
    detected = sorted({str(c) for c in codes})
    print("\nmade with \\ detected | " + " | ".join(detected))
    for m in sorted(set(every.values())):
        print(
            f"{m:20} | "
            + " | ".join(
                str(sum(v for (mm, c), v in table.items() if mm == m and str(c) == d))
                for d in detected
            )
        )
    by_expr = Counter(e for e, _ in made)
    ok_expr = Counter(e for c, (e, m) in zip(codes, made, strict=True) if c == m)
    print("\nper edit: " + ", ".join(f"{e} {ok_expr[e]}/{n}" for e, n in by_expr.items()))
    shown = 0
    for (x, y), c, (e, m) in zip(pairs, codes, made, strict=True):
        if c != m and shown < args.show:
            print(f"  {e}: {x!r} -> {y!r}: detected {c}, made with {m}")
            shown += 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
