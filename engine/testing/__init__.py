"""Tiny random models built in-process, for the tests and for the benchmarks' speed runs at a
real model's shape: a T5 with TAILOR's control vocabulary (:mod:`.t5`), GPT-2s for the ranker
and the Polyjuice generator (:mod:`.gpt2`), a BERT NLI classifier (:mod:`.nli`) and a BERT
encoder for the acceptability classifier (:mod:`.encoder`). They learn nothing transferable.

Nothing in the product imports this package (``tests/project/test_architecture.py`` checks it); it
ships so that a contributor's or a third-party backend's tests can build the same models.
"""
