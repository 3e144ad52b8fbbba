"""The rule workbench (``seam serve``): a local web page for writing transformation rules.

* :mod:`.bench`: the answers (sentence analysis, ERG readings, rule effects, every backend's
  output, rule files checked, edited and given worked examples), from the library's own code
  paths;
* :mod:`.svg`: an MRS drawn as a DMRS graph;
* :mod:`.app`: the web application (Starlette) and its page.
"""
