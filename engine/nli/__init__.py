"""NLI contrast sets: label inference from rules (``rules/labels/``), the ``seam contrast``
pipeline over premise/hypothesis pairs, and model-side metrics (``seam nli-metrics``)."""
