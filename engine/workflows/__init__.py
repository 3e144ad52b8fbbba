"""Workflows: what Seam does with the pipeline, one layer above it.

Nothing below this package imports it; each workflow drives
:class:`~engine.pipeline.Transformer` (or a backend) and the feature packages' own parts.

* :mod:`.run`: the one run loop (resume, flushing, progress, status counts) and its local
  executor; :mod:`.distributed`: the Ray executor behind the same interface;
* :mod:`.contrast`: NLI contrast sets (``seam contrast``) from premise/hypothesis pairs;
* :mod:`.evaluate`: scoring a backend on a gold file (``seam eval``);
* :mod:`.compare`: every backend on the same plans, with an HTML report (``seam compare``);
* :mod:`.audit`: an audit of a backend's outputs (``seam audit``);
* :mod:`.acceptability`: training data for the acceptability classifier (``seam train-accept``);
* :mod:`.polyjuice_data`: Polyjuice training pairs made by Seam's backends.
"""
