"""The ``seam`` command line: a thin layer over :mod:`engine.pipeline`.

    seam transform "A man is riding a bike." --apply "tense(past)"
    seam transform -i in.jsonl -o out.jsonl --apply p --apply pa --backend surface [--resume]
    seam demo
    seam catalog
    seam analyze "The dogs chased a cat."
    seam grammar install|list|add
    seam rules check [FILES]
    seam contrast -i pairs.jsonl -o out.jsonl --pairs "p;f" "pa;pa" [--stats FILE] [--resume]
    seam nli-metrics --contrast out.jsonl --predictions preds.jsonl | --model PATH
    seam transform "The cook burned the toast." -a "tense(fut)" --backend tailor --model DIR
    seam train-tailor --data conll-2012/ --model t5-base/ --output tailor/
    seam transform -i in.jsonl -o out.jsonl -a p --backend erg --rank --validate degeneracy,erg
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import sys
from collections.abc import Sequence

from . import __version__
from .errors import SeamError
from .jsonl import InputRecord, JsonlWriter, completed_keys, count_lines, read_records
from .pipeline import DEFAULT_MAX_CHARS, Transformer, jobs

log = logging.getLogger("seam")


def _transform(args: argparse.Namespace) -> int:
    job_list = jobs(args.apply)
    if args.input and args.text:
        raise SeamError("give sentences either as arguments or with -i, not both")
    if not args.input and not args.text:
        raise SeamError("nothing to transform: give sentences as arguments or a JSONL file with -i")
    if args.resume and not args.output:
        raise SeamError("--resume needs -o OUTPUT (the partial output file to continue)")
    fmt = args.format or ("jsonl" if args.input or args.output else "text")
    transformer = Transformer(args.backend, max_chars=args.max_chars, batch_size=args.batch_size,
                              selector=_selector(args), **_backend_options(args))

    if args.input:
        records = read_records(args.input, text_field=args.text_field)
        total = count_lines(args.input) * len(job_list)
    else:
        records = (InputRecord(str(k), t, k) for k, t in enumerate(args.text, start=1))
        total = len(args.text) * len(job_list)

    skip: dict[tuple, int] = {}
    if args.resume:
        skip = completed_keys(args.output, ("id", "transformation"))
        log.info("resuming: %d records already in %s", sum(skip.values()), args.output)
    if args.output:
        sink = JsonlWriter(args.output, append=args.resume)
    else:
        sink = JsonlWriter(sys.stdout) if fmt == "jsonl" else None

    from tqdm import tqdm

    progress = tqdm(total=total, initial=sum(skip.values()), unit="rec", file=sys.stderr,
                    disable=args.quiet or (not args.input and total < 50), desc="seam transform")
    counts: dict[str, int] = {}
    written = 0
    with progress, (sink or contextlib.nullcontext()):
        for rec in transformer.run(records, job_list, skip):
            counts[rec["status"]] = counts.get(rec["status"], 0) + 1
            if sink is not None:
                sink.write(rec)
            else:
                print(rec["best"] if rec["best"] is not None else f"[{rec['status']}] {rec['reason']}")
            progress.update(1)
            written += 1
            if sink is not None and written % args.batch_size == 0:  # the same with -q (no progress bar)
                sink.flush()
    if args.output and not args.quiet:
        summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "nothing to do"
        print(f"seam: wrote {sum(counts.values())} records to {args.output} ({summary})", file=sys.stderr)
    return 0


def _backend_options(args: argparse.Namespace) -> dict:
    options = {"max_candidates": args.candidates} if args.backend in ("surface", "erg", "tailor") else {}
    if args.backend == "erg":
        options.update(ace=args.ace, grammar=args.grammar, erg_version=args.erg_version, workers=args.workers,
                       timeout=args.timeout, fragments=args.fragments)
    if args.backend == "tailor":
        from .tailor.generator import BEAM, SAMPLING

        options.update(model=args.model, device=args.device, srl=args.srl, srl_tokenizer=args.srl_tokenizer,
                       frames=args.frames, seed=args.seed, settings=BEAM if args.decoding == "beam" else SAMPLING,
                       validate=args.check_controls)
    return options


def _contrast(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from .nli.contrast import ContrastBuilder, format_summary, read_pairs, summarize

    if args.resume and not args.output:
        raise SeamError("--resume needs -o OUTPUT (the partial output file to continue)")
    fields = {"premise": args.premise_field, "hypothesis": args.hypothesis_field, "label": args.label_field}
    builder = ContrastBuilder(args.backend, pairs=args.pairs, label_rules=args.label_rules,
                              max_chars=args.max_chars, batch_size=args.batch_size, selector=_selector(args),
                              **_backend_options(args))
    skip: set[str] = set()
    if args.resume:
        skip = {k[0] for k in completed_keys(args.output, ("id",))}
        log.info("resuming: %d records already in %s", len(skip), args.output)
    total = count_lines(args.input) * len(builder.variants)
    written: list[dict] = []
    sink = JsonlWriter(args.output, append=args.resume) if args.output else JsonlWriter(sys.stdout)
    progress = tqdm(total=total, initial=len(skip), unit="rec", file=sys.stderr, disable=args.quiet,
                    desc="seam contrast")
    with progress, sink:
        for n, rec in enumerate(builder.run(read_pairs(args.input, fields), skip), start=1):
            sink.write(rec)
            if not args.output:
                written.append(rec)
            progress.update(1)
            if n % args.batch_size == 0:  # the same with -q (no progress bar)
                sink.flush()
    # statistics cover the whole output, including records written before a --resume
    if args.output:
        with open(args.output, encoding="utf-8") as fh:
            stats = summarize(json.loads(line) for line in fh if line.strip())
    else:
        stats = summarize(written)
    stats["backend"] = builder.backend_name
    if args.stats:
        with open(args.stats, "w", encoding="utf-8") as fh:
            json.dump(stats, fh, indent=2)
    if not args.quiet:
        print(format_summary(stats), file=sys.stderr)
    return 0


DEMO_SENTENCES = (
    "A man is riding a bike.",
    "In the park, the dogs chased a cat.",
    "She doesn't like him.",
)
DEMO_TRANSFORMATIONS = ("p", "f", "pa", "n", "q", "m", "i", "cleft(ARG1)", "s", "f+pa", "p+n+q")


def _demo(args: argparse.Namespace) -> int:
    transformer = Transformer("surface")
    records = transformer.run_texts(list(args.text or DEMO_SENTENCES), list(args.apply or DEMO_TRANSFORMATIONS))
    width = max(len(r["transformation"]) for r in records)
    source = None
    for rec in records:
        if rec["source"] != source:
            source = rec["source"]
            print(f"\n{source}")
        shown = rec["best"] if rec["status"] == "ok" else f"[{rec['status']}] {rec['reason']}"
        print(f"  {rec['transformation']:<{width}}  {shown}")
    print("\nTry: seam transform \"Your sentence.\" --apply \"tense(fut)+passive\"   (seam catalog lists them all)")
    return 0


def _catalog(args: argparse.Namespace) -> int:
    from .transforms import CATALOG, shorthand

    for entry in CATALOG.values():
        arg = f"({'|'.join(entry.args)})" if entry.args else ""
        print(f"{entry.name + arg:58} {entry.description}")
    print("\nShorthand (LIT): " + ", ".join(f"{k}={v}" for k, v in shorthand().items()))
    return 0


def _analyze(args: argparse.Namespace) -> int:
    from .analyzers import SpacyAnalyzer

    for analysis in SpacyAnalyzer().analyze(args.text):
        data = analysis.to_dict()
        if not args.tokens:
            data["sentence"].pop("tokens")
        print(json.dumps(data, ensure_ascii=False, indent=None if args.compact else 2))
    return 0


def _grammar(args: argparse.Namespace) -> int:
    from .erg import grammar as g

    if args.action == "install":
        g.install(args.path or args.version, ace=args.ace_version, registry_path=args.registry,
                  report=lambda msg: print(msg, file=sys.stderr))
        print(f"installed into {g.cache_dir()}; `seam transform --backend erg` will find it")
    elif args.action == "add":
        if not args.path:
            raise SeamError("seam grammar add needs the PATH of an ERG image (.dat)")
        g.add(args.path, version=args.version and int(args.version), name=args.name, semi=args.semi, ace=args.ace)
        print(f"registered {args.path}")
    else:
        rows = g.listing()
        for r in rows:
            state = f"installed at {r['installed']}" if r["installed"] else "not installed"
            ace = f" (ACE {r['ace']}, {r['platform']})" if r["platform"] else ""
            print(f"{r['kind']:4} {r['name']:8}{ace}: {state}  [{r['url']}]")
        for env in ("SEAM_ACE", "SEAM_ERG"):
            if os.environ.get(env):
                print(f"{env}={os.environ[env]} (takes precedence over the cache)")
    return 0


def _positive(value: str) -> int:
    """argparse type: an integer of at least 1."""
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {value!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def _rules(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .erg.rules import check_files
    from .resources import rules_dir

    if args.action == "example":
        return _rules_example(args)
    files = [Path(f) for f in args.files] or sorted((rules_dir() / "mrs").glob("*.toml"))
    if not files:
        raise SeamError("no rule files given and none found in rules/mrs")
    results = check_files(files)
    if args.live:
        from .erg.examples import check_live

        backends = _live_backends(args)
        try:
            results += check_live(files, backends)
        finally:
            for b in backends.values():
                b.close()
    failed = [r for r in results if not r.ok]
    for r in results:
        if not r.ok or args.verbose_check or getattr(r, "status", "") == "gap":
            print(r)
    skipped = sum(1 for r in results if getattr(r, "status", "") == "skip")
    gaps = sum(1 for r in results if getattr(r, "status", "") == "gap")
    print(f"seam rules check: {len(files)} files, {len(results)} examples/checks, {len(failed)} failed"
          + (f", {skipped} skipped (other ERG versions)" if skipped else "")
          + (f", {gaps} grammar gaps of the image (not rule errors; see their rows)" if gaps else ""),
          file=sys.stderr)
    return 1 if failed else 0


def _live_backends(args: argparse.Namespace) -> dict:
    """One erg backend per image: --grammar (repeatable), else SEAM_ERG, else every image in the cache."""
    from pathlib import Path

    from .backends.erg import ErgBackend
    from .erg import grammar as g

    images = list(args.grammar or [])
    if not images:
        if os.environ.get("SEAM_ERG"):
            images = [os.environ["SEAM_ERG"]]
        else:
            images = [e["path"] for _n, e in sorted(g.load_state().get("erg", {}).items()) if Path(e["path"]).is_file()]
    if not images:
        g.find_image()  # raises the GrammarError that says how to get one
    out = {}
    for image in images:
        b = ErgBackend(ace=args.ace, grammar=image, workers=1)
        out[f"{b.grammar.version} {Path(image).name}"] = b
    return out


def _rules_example(args: argparse.Namespace) -> int:
    from .backends.erg import ErgBackend
    from .erg.examples import example
    from .erg.rules import RuleSet

    if len(args.files) != 1 or not args.family:
        raise SeamError('usage: seam rules example "SENTENCE" --family NAME [--param KEY=VALUE ...]')
    params = {}
    for item in args.param or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise SeamError(f"--param takes KEY=VALUE, not {item!r}")
        params[key] = value
    with ErgBackend(ace=args.ace, grammar=(args.grammar or [None])[0], workers=1) as backend:
        print(example(args.files[0], args.family, params, backend, RuleSet.load()), end="")
    return 0


def _run_options(parser: argparse.ArgumentParser) -> None:
    """Options shared by the batch commands: output, backend, resume, limits, erg, quiet."""
    parser.add_argument("-o", "--output", help="JSONL output file (default: stdout)")
    parser.add_argument("-b", "--backend", default="surface", help="backend name (default: surface)")
    parser.add_argument("--resume", action="store_true", help="continue a partial -o file without duplicates")
    parser.add_argument("--batch-size", type=_positive, default=64)
    parser.add_argument("--max-chars", type=int, default=DEFAULT_MAX_CHARS, help="longer texts get an error record")
    parser.add_argument("--candidates", type=int, default=4, help="candidates the backend keeps per sentence")
    _erg_options(parser)
    _tailor_options(parser)
    _select_options(parser)
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar or summary")


def _erg_options(parser: argparse.ArgumentParser) -> None:
    e = parser.add_argument_group("erg backend")
    e.add_argument("--ace", help="ACE binary (else SEAM_ACE, then the cache)")
    e.add_argument("--grammar", help="ERG image .dat (else SEAM_ERG, then the cache)")
    e.add_argument("--erg-version", type=int, help="ERG version of the image if it cannot be detected (e.g. 2018)")
    e.add_argument("--workers", type=int, help="ACE processes of each kind (default: one per core)")
    e.add_argument("--timeout", type=int, default=10, help="ACE seconds per item (default 10)")
    e.add_argument("--fragments", action="store_true", help="allow fragment parses (root_frag)")


def _tailor_options(parser: argparse.ArgumentParser) -> None:
    t = parser.add_argument_group("tailor backend")
    t.add_argument("--model", help="TAILOR T5 checkpoint directory (else SEAM_TAILOR, then the cache)")
    t.add_argument("--device", help="torch device (default: cuda if available, else cpu)")
    t.add_argument("--decoding", choices=("sample", "beam"), default="sample",
                   help="TAILOR's sampling (default) or beam search")
    t.add_argument("--seed", type=int, default=0, help="sampling seed (default 0)")
    t.add_argument("--srl", help="AllenNLP SRL BERT archive for the analysis (else SEAM_SRL; default: spaCy roles)")
    t.add_argument("--srl-tokenizer", help="bert-base-uncased tokenizer directory for --srl (else SEAM_SRL_TOKENIZER)")
    t.add_argument("--frames", help="PropBank frame files for ARG2-ARG5 names (else SEAM_PROPBANK_FRAMES)")
    t.add_argument("--check-controls", action="store_true",
                   help="keep only generations that follow every control code (cycle consistency)")


def _select_options(parser: argparse.ArgumentParser) -> None:
    from .validate import VALIDATORS

    r = parser.add_argument_group("ranking and validation (any backend)")
    r.add_argument("--rank", nargs="?", const="composite",
                   help="rank candidates: ngram, ngram-mean, lm, lm-mean, closeness, levenshtein, overlap, "
                        "NAME=WEIGHT,... or composite (the default when no value is given: rules/ranking.toml)")
    r.add_argument("--rank-config", help="TOML file with the [composite] weights (default rules/ranking.toml)")
    r.add_argument("--validate", action="append", nargs="?", const=",".join(("degeneracy", "control")),
                   help=f"validators, comma-separated: {', '.join(VALIDATORS)} (default when no value is "
                        "given: degeneracy,control)")
    r.add_argument("--lm", help="causal LM checkpoint directory for lm scores (else SEAM_LM, then the cache)")
    r.add_argument("--ngram", help="ARPA or Sphinx binary n-gram model (else SEAM_NGRAM, else pocketsphinx's)")
    r.add_argument("--nli-model", help="NLI checkpoint directory for the entailment validator")
    r.add_argument("--expect", choices=("same", "different"), default="same",
                   help="entailment validator: meaning kept (default) or changed")
    r.add_argument("--bleu-range", default="0.1,0.95", help="bleu validator: LOW,HIGH (default 0.1,0.95)")
    r.add_argument("--max-drop", type=float, default=50.0,
                   help="likelihood validator: largest log-prob drop in nats (TAILOR 50, Polyjuice 10)")
    r.add_argument("--likelihood-lm", choices=("lm", "ngram"),
                   help="likelihood validator's model (default: lm when --lm is given, else ngram)")
    r.add_argument("--parses", help="erg validator: recorded ACE parses (JSONL) instead of a live ACE")


def _selector(args: argparse.Namespace):
    from .select import Selector

    if not args.rank and not args.validate:
        return None
    try:
        low, high = (float(x) for x in args.bleu_range.split(","))
    except ValueError:
        raise SeamError(f"--bleu-range must be LOW,HIGH (two numbers), got {args.bleu_range!r}") from None
    return Selector(args.rank, args.validate, lm=args.lm, ngram=args.ngram, nli=args.nli_model,
                    device=args.device, rank_config=args.rank_config, ace=args.ace, grammar=args.grammar,
                    parses=args.parses, bleu_range=(low, high), expect=args.expect, max_drop=args.max_drop,
                    likelihood_lm=args.likelihood_lm)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="seam", description="Controlled sentence transformations.")
    parser.add_argument("--version", action="version", version=f"seam {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug messages")
    sub = parser.add_subparsers(dest="command", required=True)

    t = sub.add_parser("transform", help="apply transformations to sentences or a JSONL file")
    t.add_argument("text", nargs="*", help="sentences (or use -i)")
    t.add_argument("-a", "--apply", action="append", required=True,
                   help="transformation expression, e.g. 'tense(fut)+passive' or LIT shorthand 'f+pa'; repeatable")
    t.add_argument("-i", "--input", help="JSONL input with a 'text' field (and optional 'id')")
    t.add_argument("--format", choices=("text", "jsonl"), help="stdout format (text: best realization per line)")
    t.add_argument("--text-field", default="text", help="input field holding the sentence (default: text)")
    _run_options(t)
    t.set_defaults(func=_transform)

    from .nli.contrast import LIT_PAIRS

    n = sub.add_parser("contrast", help="NLI contrast sets: transform premise and hypothesis, infer the new label")
    n.add_argument("-i", "--input", required=True, help="JSONL with premise, hypothesis, label (and id)")
    n.add_argument("--pairs", nargs="+", default=list(LIT_PAIRS),
                   help="pair expressions 'premise;hypothesis' (default: LIT's Table 2 set: %(default)s)")
    n.add_argument("--label-rules", nargs="+", help="label rule files (default: every rules/labels/*.toml)")
    n.add_argument("--stats", help="write the summary (counts and rates per pair) as JSON here")
    n.add_argument("--premise-field", default="premise", help="input field of the premise (default: premise, "
                   "else sentence1)")
    n.add_argument("--hypothesis-field", default="hypothesis", help="default: hypothesis, else sentence2")
    n.add_argument("--label-field", default="label", help="default: label, else gold_label")
    _run_options(n)
    n.set_defaults(func=_contrast)

    from .nli.metrics_cli import add_parser as add_metrics_parser

    add_metrics_parser(sub)

    d = sub.add_parser("demo", help="show the transformations on a few sentences (surface backend)")
    d.add_argument("text", nargs="*", help="sentences (default: three examples)")
    d.add_argument("-a", "--apply", action="append", help="transformations (default: a tour of the catalog)")
    d.set_defaults(func=_demo)

    c = sub.add_parser("catalog", help="list the transformations and the LIT shorthand")
    c.set_defaults(func=_catalog)

    a = sub.add_parser("analyze", help="print the IR analysis of sentences as JSON")
    a.add_argument("text", nargs="+")
    a.add_argument("--tokens", action="store_true", help="include the token list")
    a.add_argument("--compact", action="store_true", help="one JSON object per line")
    a.set_defaults(func=_analyze)

    g = sub.add_parser("grammar", help="install, list or register ACE and ERG images")
    g.add_argument("action", choices=("install", "list", "add"))
    g.add_argument("path", nargs="?", help="install: ERG version (default from the registry); add: image path")
    g.add_argument("--version", help="add: the image's ERG version (e.g. 2018)")
    g.add_argument("--ace-version", help="install: ACE release to pair with (default: the newest listed)")
    g.add_argument("--name", help="add: the name to register it under (default: its version)")
    g.add_argument("--semi", help="add: a SEM-I file to check rule predicates against")
    g.add_argument("--ace", help="add: an ACE binary to register too")
    g.add_argument("--registry", help="install: a registry TOML other than grammars/registry.toml")
    g.set_defaults(func=_grammar)

    from .tailor.train import add_train_parser

    add_train_parser(sub)

    r = sub.add_parser("rules", help="validate MRS rule files and run their worked examples; print new ones")
    r.add_argument("action", choices=("check", "example"))
    r.add_argument("files", nargs="*", help="check: rule files (default: every file in rules/mrs); "
                   "example: the sentence")
    r.add_argument("--all", dest="verbose_check", action="store_true", help="print passing examples too")
    r.add_argument("--live", action="store_true",
                   help="check: also run the sentence examples on a live ACE + ERG (every image found)")
    r.add_argument("--grammar", action="append", help="ERG image (repeatable; default: SEAM_ERG, then the cache)")
    r.add_argument("--ace", help="ACE binary (default: SEAM_ACE, then the cache)")
    r.add_argument("--family", help="example: the rule family to apply (passive, tense, cleft, ...)")
    r.add_argument("--param", action="append", help="example: a family parameter, KEY=VALUE (repeatable)")
    r.set_defaults(func=_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="seam: %(levelname)s: %(message)s")
    try:
        return args.func(args)
    except SeamError as exc:
        print(f"seam: error: {exc}", file=sys.stderr)
        return 2
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError) as exc:
        print(f"seam: error: {exc.strerror}: {exc.filename}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("seam: interrupted; rerun with --resume to continue", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
