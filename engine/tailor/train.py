"""Training a TAILOR generator, in three rooms:

* :mod:`engine.tailor.examples`: training examples from gold SRL (a positive and up to three
  negatives per gold predicate), read, written and split by sentence;
* :mod:`engine.tailor.sampling`: the random positive prompts, the negatives and the corpus
  keyword statistics they draw from;
* :mod:`engine.tailor.loss`: MLE on positives plus unlikelihood on negatives;
* :mod:`engine.tailor.trainer`: the T5 training loop (deterministic, resumable, dev loss).

``seam train-tailor`` is :mod:`engine.cli.train`. This module keeps the names importable from
one place.
"""

from .examples import (
    KINDS,
    TrainingExample,
    build_examples,
    collect_keyword_stats,
    is_examples_file,
    read_examples,
    split_examples,
    write_examples,
)
from .loss import IGNORE_INDEX, tailor_loss
from .sampling import (
    SUBSET_PROBABILITY,
    KeywordStats,
    TrainingTense,
    keyword_candidates,
    negative_prompts,
    random_prompt,
    relabel_pool,
)
from .trainer import TrainResult, evaluate, latest_checkpoint, train

__all__ = [
    "IGNORE_INDEX",
    "KINDS",
    "SUBSET_PROBABILITY",
    "KeywordStats",
    "TrainResult",
    "TrainingExample",
    "TrainingTense",
    "build_examples",
    "collect_keyword_stats",
    "evaluate",
    "is_examples_file",
    "keyword_candidates",
    "latest_checkpoint",
    "negative_prompts",
    "random_prompt",
    "read_examples",
    "relabel_pool",
    "split_examples",
    "tailor_loss",
    "train",
    "write_examples",
]
