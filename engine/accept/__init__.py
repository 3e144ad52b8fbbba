"""Adaptive acceptability classifiers (after Batra et al.): synthetic acceptable and
unacceptable edits, a validation framework that sorts them, and a classifier that judges any
backend's output.

* :mod:`.corrupt`: rule-based corruptions (SNT) and Seam's wrong-plan edits;
* :mod:`.data`: seed outputs of a backend, their corruptions, CoLA;
* :mod:`.validation`: REC-VAL, the ERG, BLEU-VAL, ENT-VAL, and the sorting;
* :mod:`.classifier`: the sequence-pair classifier, training with k-fold thresholds;
* :mod:`.metrics`: per-class precision and recall, macro-F1 with bootstrap deviation, MCC,
  McNemar's test;
* :mod:`.validator`: the classifier as the ``accept`` validator of every backend.
"""
