"""Acceptability judges on real data: the trained classifier, the ERG, and an n-gram baseline.

    python benchmarks/acceptability.py [--encoder DIR] [--epochs 3] [--no-erg] [--backends surface]
                                       [--synthetic 200] [--json FILE]

Two test sets:

* **CoLA in-domain dev** (``../shared/data/cola/in_domain_dev.tsv``), sentences judged alone;
* **backend outputs on the transformation gold set** (``../shared/data/gold/transform_dev.jsonl``).
  Every candidate of each backend's ``ok`` records is taken: acceptable if it is in the case's
  accept list, unacceptable otherwise. The best outputs alone are almost all right (surface's
  precision is 1.0), and the other candidates supply the unacceptable class.

Three judges:

* (a) the classifier (:mod:`engine.accept.classifier`). It is trained on CoLA's train split plus
  Seam's synthetic data: the seed outputs of ``--synthetic`` SNLI premises, their corruptions and
  wrong-plan edits, sorted by REC-VAL. It starts from ``--encoder``, a local pretrained
  BERT/RoBERTa folder, or else from a small random BERT (no pretrained encoder is reachable
  here, so expect little);
* (b) the ERG judge, where ACE and an image are found: acceptable iff the ERG parses it;
* (c) the n-gram likelihood baseline: the mean per-token log-probability, thresholded where
  macro-F1 is best on CoLA train.

For each judge and set the script prints macro-F1 with a bootstrap standard deviation (1,000
resamples), MCC, and precision and recall per class. It also prints McNemar's test of each
judge against the n-gram baseline. With model checkpoints (``--maskfill``, ``--noisy-beam``,
``--noisy-polyjuice``, ``--sabotage``, ``--self-train``), a second classifier is trained on SNT
plus the model-made samples and compared with the SNT-only one by McNemar's test, the paper's
comparison.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.accept import metrics  # noqa: E402
from engine.accept.classifier import AcceptClassifier, Example, build_tiny_encoder, train  # noqa: E402
from engine.accept.data import read_cola  # noqa: E402
from engine.accept.validator import plan_text  # noqa: E402

DATA = ROOT.parent / "shared" / "data"


def gold_outputs(backends: list[str]) -> list[tuple[str, Example]]:
    from engine.evaluate import evaluate, normalize, read_gold

    cases = read_gold(DATA / "gold" / "transform_dev.jsonl")
    out = []
    for backend in backends:
        _total, _per, records = evaluate(cases, backend)
        for case, rec in zip(cases, records, strict=True):
            if rec["status"] != "ok" or not case.accept:
                continue
            accept = {normalize(a) for a in case.accept}
            seen = set()
            for cand in rec.get("candidates") or []:  # every candidate, not only the best
                text = cand["text"]
                if normalize(text) not in seen:
                    seen.add(normalize(text))
                    out.append((backend, Example(case.text, plan_text(case.apply), text, int(normalize(text) in accept))))
    return out


def synthetic(n: int, seed: int, models: argparse.Namespace | None = None) -> list[Example]:
    """SNT samples of ``n`` SNLI premises; with ``models``, the model-made ones too."""
    from engine.accept import data, validation

    texts = []
    with open(DATA / "snli" / "dev.jsonl", encoding="utf-8") as fh:
        for line in fh:
            t = json.loads(line)["premise"].replace(" .", ".").strip()
            if t not in texts and 4 <= len(t.split()) <= 20:
                texts.append(t)
    random.Random(seed).shuffle(texts)
    seeds = data.seed_samples(texts[:n], ["p", "f", "n", "q", "pa"])
    samples = seeds + data.snt_samples(seeds, seed=seed)
    if models is not None:
        from engine.cli.accept import _model_samples

        samples += _model_samples(models, seeds)
    results = validation.sort(samples, {"rec": validation.FRAMEWORK.create("rec")})
    print("synthetic data after REC-VAL:", json.dumps(validation.report(results)), file=sys.stderr)
    return data.examples(results)


def judge_table(name: str, gold: list[int], pred: list[int]) -> dict:
    s = metrics.scores(gold, pred, bootstrap=1000, seed=0)
    print(f"  {name:12} n={s['n']:4}  macro-F1 {s['macro_f1']:.3f} ± {s['macro_f1_std']:.3f}  MCC {s['mcc']:+.3f}  "
          f"acceptable P/R {s['precision_1']:.2f}/{s['recall_1']:.2f}  "
          f"unacceptable P/R {s['precision_0']:.2f}/{s['recall_0']:.2f}")
    return s


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--encoder", help="a local pretrained BERT/RoBERTa folder (default: a small random BERT)")
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--lr", type=float, default=None, help="default 3e-5 with --encoder, 1e-3 for the random BERT")
    p.add_argument("--folds", type=int, default=3)
    p.add_argument("--synthetic", type=int, default=200, help="SNLI premises for synthetic data (0: none)")
    p.add_argument("--backends", nargs="+", default=["surface", "erg"])
    p.add_argument("--no-erg", action="store_true")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", help="write every score here")
    g = p.add_argument_group("model-made samples: with any of these, a second classifier is trained on SNT plus "
                             "them, and McNemar's test compares it with the SNT-only one")
    g.add_argument("--maskfill", help="T5 checkpoint for mask filling")
    g.add_argument("--maskfill-finetune", action="store_true")
    g.add_argument("--noisy-beam", help="TAILOR checkpoint for noisy beam search")
    g.add_argument("--noisy-polyjuice", help="Polyjuice checkpoint for noisy beam search")
    g.add_argument("--sigma", type=float, default=1.0)
    g.add_argument("--sabotage", help="TAILOR checkpoint for data sabotage")
    g.add_argument("--self-train", type=int, default=0)
    g.add_argument("--self-train-generator")
    g.add_argument("--device")
    args = p.parse_args(argv)

    from engine.rank.ngram import NgramLM

    cola_train = read_cola(DATA / "cola" / "in_domain_train.tsv")
    cola_dev = read_cola(DATA / "cola" / "in_domain_dev.tsv")
    gold = gold_outputs(args.backends)
    start = time.perf_counter()
    train_set = cola_train + (synthetic(args.synthetic, args.seed) if args.synthetic else [])
    with tempfile.TemporaryDirectory() as tmp:
        base = args.encoder or str(build_tiny_encoder(Path(tmp) / "enc", [e.output for e in train_set]))
        lr = args.lr or (3e-5 if args.encoder else 1e-3)
        meta = train(base, train_set, Path(tmp) / "accept", epochs=args.epochs, lr=lr, batch_size=32,
                     folds=args.folds, seed=args.seed)
        clf = AcceptClassifier.load(str(Path(tmp) / "accept"))
        trained = time.perf_counter() - start
        sets = {"cola-dev": [e for e in cola_dev], "gold-outputs": [e for _, e in gold]}
        preds = {s: {"classifier": clf.predict([e.pair() for e in exs])} for s, exs in sets.items()}
        made = any([args.maskfill, args.noisy_beam, args.noisy_polyjuice, args.sabotage, args.self_train])
        if made and args.synthetic:
            full = cola_train + synthetic(args.synthetic, args.seed, models=args)
            train(base, full, Path(tmp) / "accept-full", epochs=args.epochs, lr=lr, batch_size=32, folds=args.folds,
                  seed=args.seed)
            clf_full = AcceptClassifier.load(str(Path(tmp) / "accept-full"))
            for s, exs in sets.items():
                preds[s]["classifier+models"] = clf_full.predict([e.pair() for e in exs])
    lm = NgramLM()

    def mean_lp(texts):
        return [s.mean for s in lm.token_scores(texts)]

    cut = metrics.best_threshold([e.label for e in cola_train], mean_lp([e.output for e in cola_train]))
    for s, exs in sets.items():
        preds[s]["ngram"] = [int(v >= cut) for v in mean_lp([e.output for e in exs])]
    if not args.no_erg:
        from engine.erg import grammar as gmod

        if gmod.live_grammars():
            from engine.validate import ACCEPT, ErgGrammaticality, Item

            judge = ErgGrammaticality(veto=True)
            for s, exs in sets.items():
                verdicts = judge.check([Item(e.output, e.output) for e in exs])
                preds[s]["erg"] = [int(v.verdict == ACCEPT) for v in verdicts]
        else:
            print("no ACE + ERG found: the ERG judge is left out", file=sys.stderr)
    out = {"classifier": {**meta, "encoder": args.encoder or "random small BERT", "train_examples": len(train_set),
                          "train_seconds": round(trained)}, "sets": {}}
    print(f"classifier: {len(train_set)} training examples ({len(cola_train)} CoLA train), threshold "
          f"{meta['threshold']:.3f}, {trained:.0f} s; encoder: {out['classifier']['encoder']}")
    for s, exs in sets.items():
        g = [e.label for e in exs]
        print(f"\n{s}: {len(exs)} items, {sum(g)} acceptable")
        out["sets"][s] = {}
        for name, pred in preds[s].items():
            out["sets"][s][name] = judge_table(name, g, pred)
        for name, pred in preds[s].items():
            if name != "ngram":
                m = metrics.mcnemar(g, pred, preds[s]["ngram"])
                out["sets"][s][name]["mcnemar_vs_ngram"] = m
                print(f"  McNemar {name} vs ngram: {m['b01']} vs {m['b10']} discordant, p = {m['p_value']:.3g}")
        if "classifier+models" in preds[s]:  # the paper's comparison: against the SNT-only classifier
            m = metrics.mcnemar(g, preds[s]["classifier+models"], preds[s]["classifier"])
            out["sets"][s]["classifier+models"]["mcnemar_vs_snt_only"] = m
            print(f"  McNemar classifier+models vs SNT-only: {m['b01']} vs {m['b10']} discordant, "
                  f"p = {m['p_value']:.3g}")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
