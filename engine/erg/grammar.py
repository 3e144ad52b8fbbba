"""Finding, installing and registering ACE and ERG images.

Lookup order for both the ACE binary and the grammar image: explicit argument, then the
``SEAM_ACE`` / ``SEAM_ERG`` environment variables, then what ``seam grammar install`` or
``seam grammar add`` recorded in the per-user cache (``<cache>/grammars.json``), then (ACE
only) an ``ace`` on ``PATH``. Downloads come only from ``grammars/registry.toml``.

One module, over 400 lines: finding, installing, verifying and listing ACE and ERG images all
read and write the same per-user record (``grammars.json``) and the same registry; splitting
them would spread that file's format over several modules.
"""

from __future__ import annotations

import bz2
import hashlib
import json
import logging
import os
import platform
import re
import shutil
import subprocess
import tarfile
import tomllib
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import GrammarError
from ..resources import cache_dir, grammars_dir
from .rules import GrammarProfile

log = logging.getLogger(__name__)

INSTALL_HINT = (
    "Install them with `seam grammar install` (downloads the official ACE release over https and "
    "ERG image into the cache), or register files you already have with `seam grammar add PATH` "
    "and SEAM_ACE=/path/to/ace, or set SEAM_ERG=/path/to/erg.dat."
)


def registry(path: str | Path | None = None) -> dict[str, Any]:
    """The parsed ``grammars/registry.toml``."""
    path = Path(path) if path else grammars_dir() / "registry.toml"
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def platform_tag() -> str:
    return f"{platform.system().lower()}-{platform.machine().lower()}"


def _state_path() -> Path:
    return cache_dir() / "grammars.json"


def load_state() -> dict[str, Any]:
    """What is installed or registered: ``{"ace": {...}, "erg": {...}}``."""
    try:
        return json.loads(_state_path().read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"ace": {}, "erg": {}}
    except (OSError, json.JSONDecodeError) as exc:
        raise GrammarError(f"cannot read {_state_path()}: {exc}; delete it and reinstall") from None


def _save_state(state: dict[str, Any]) -> None:
    path = _state_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2, sort_keys=True), encoding="utf-8")
    tmp.replace(path)


@dataclass(frozen=True)
class Grammar:
    """A usable ACE binary and ERG image, with what the rule engine needs to know."""

    ace: Path
    image: Path
    version: int | None
    profile: GrammarProfile


def detect_version(image: str | Path) -> int | None:
    """The ERG version of an image: as registered, else from its file name (``erg-2018-...``)."""
    image = Path(image)
    for entry in load_state().get("erg", {}).values():
        if Path(entry.get("path", "")) == image and entry.get("version"):
            return int(entry["version"])
    m = re.search(r"erg[-_]?(\d{4})", image.name, re.I)
    return int(m.group(1)) if m else None


def profile_for(version: int | None, semi: str | Path | None = None) -> GrammarProfile:
    """The rule engine's view of an ERG version: known-absent predicates, and the SEM-I's."""
    absent: set[str] = set()
    for entry in registry().get("erg", {}).values():
        if version is not None and entry.get("version") == version:
            absent.update(entry.get("absent", ()))
    predicates = None
    if semi:
        from delphin import semi as dsemi

        try:
            predicates = frozenset(dsemi.load(str(semi)).predicates)
        except Exception as exc:  # pydelphin raises several types for a bad SEM-I
            raise GrammarError(f"cannot read SEM-I {semi}: {exc}") from None
    return GrammarProfile(version, predicates, frozenset(absent))


def find_ace(ace: str | Path | None = None) -> Path:
    """The ACE binary: argument, ``SEAM_ACE``, the cache, then ``ace`` on PATH."""
    tried = []
    for source, value in (("argument", ace), ("SEAM_ACE", os.environ.get("SEAM_ACE"))):
        if value:
            path = Path(value).expanduser()
            if path.is_file() and os.access(path, os.X_OK):
                return path
            raise GrammarError(
                f"ACE binary from {source} ({path}) does not exist or is not executable. "
                + INSTALL_HINT
            )
    for entry in sorted(
        load_state().get("ace", {}).values(), key=lambda e: e.get("installed", ""), reverse=True
    ):
        path = Path(entry.get("path", ""))
        tried.append(str(path))
        if path.is_file():
            return path
    on_path = shutil.which("ace")
    if on_path:
        return Path(on_path)
    raise GrammarError(
        "ACE was not found (no argument, no SEAM_ACE, nothing installed in "
        f"{cache_dir()}, no `ace` on PATH). " + INSTALL_HINT
    )


def find_image(image: str | Path | None = None) -> Path:
    """The ERG image: argument, ``SEAM_ERG``, then the cache (the default version first)."""
    for source, value in (("argument", image), ("SEAM_ERG", os.environ.get("SEAM_ERG"))):
        if value:
            path = Path(value).expanduser()
            if path.is_file():
                return path
            raise GrammarError(f"ERG image from {source} ({path}) does not exist. " + INSTALL_HINT)
    entries = load_state().get("erg", {})
    default = str(registry().get("default_erg", ""))
    for name in sorted(entries, key=lambda n: (n != default, n)):
        path = Path(entries[name].get("path", ""))
        if path.is_file():
            return path
    raise GrammarError(
        f"no ERG image found (no argument, no SEAM_ERG, nothing installed in {cache_dir()}). "
        + INSTALL_HINT
    )


def find_grammar(
    ace: str | Path | None = None,
    image: str | Path | None = None,
    version: int | None = None,
    semi: str | Path | None = None,
) -> Grammar:
    """ACE and the ERG image together, with the image's version and rule profile."""
    ace_path, image_path = find_ace(ace), find_image(image)
    version = version or detect_version(image_path)
    if version is None:
        log.warning(
            "cannot tell the ERG version of %s; assuming 2018 (pass --erg-version)", image_path
        )
        version = 2018
    if semi is None:
        for entry in load_state().get("erg", {}).values():
            if Path(entry.get("path", "")) == image_path and entry.get("semi"):
                semi = entry["semi"]
    return Grammar(ace_path, image_path, version, profile_for(version, semi))


def live_grammars(
    ace: str | Path | None = None, images: list[str | Path] | None = None
) -> list[Grammar]:
    """Every usable ACE + ERG pair: the given images, else ``SEAM_ERG``, else every image
    registered in the cache (one per ERG version, the default first). Empty when there is no
    ACE or no image; never raises for a missing grammar."""
    try:
        ace_path = find_ace(ace)
    except GrammarError:
        return []
    if images:
        paths = [Path(i) for i in images]
    elif os.environ.get("SEAM_ERG"):
        paths = [Path(os.environ["SEAM_ERG"])]
    else:
        entries = load_state().get("erg", {})
        default = str(registry().get("default_erg", ""))
        paths = [
            Path(entries[n].get("path", ""))
            for n in sorted(entries, key=lambda n: (n != default, n))
        ]
    out, versions = [], set()
    for path in paths:
        if not path.is_file():
            continue
        g = find_grammar(ace_path, path)
        if g.version not in versions:
            versions.add(g.version)
            out.append(g)
    return out


# -- install / add ---------------------------------------------------------------------------


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _download(url: str, dest: Path, expected: str, report) -> str:
    dest.parent.mkdir(parents=True, exist_ok=True)
    if not url.startswith(("https://", "file://")):
        raise GrammarError(
            f"refusing to download {url}: only https (or a local file:// URL) is allowed"
        )
    part = dest.with_suffix(dest.suffix + ".part")
    report(f"downloading {url}")
    try:
        with urllib.request.urlopen(url, timeout=60) as resp, open(part, "wb") as out:
            shutil.copyfileobj(resp, out, 1 << 20)
    except OSError as exc:
        part.unlink(missing_ok=True)
        raise GrammarError(
            f"download of {url} failed: {exc}. Without network, install from files you already "
            "have: `seam grammar add IMAGE.dat --ace PATH/TO/ace` (the image is checked with a "
            "trial parse), or set SEAM_ACE and SEAM_ERG; a copy of the registry with file:// "
            "URLs also works (`seam grammar install --registry FILE`)"
        ) from None
    digest = _sha256(part)
    if expected and digest != expected:
        part.unlink(missing_ok=True)
        raise GrammarError(
            f"sha256 mismatch for {url}: expected {expected}, got {digest}; nothing was installed"
        )
    part.replace(dest)
    if expected:
        report(f"  sha256 verified: {digest}")
    else:
        report(f"  sha256 (not known in the registry; computed and recorded now): {digest}")
    return digest


def _safe_extract(archive: Path, dest: Path) -> list[Path]:
    """Unpack a tar archive strictly inside ``dest``: regular files and folders only.

    Refused, before anything is written: absolute names, ``..`` parts, names that resolve
    outside ``dest`` (a sibling folder sharing its prefix included), links, device nodes and
    FIFOs. Modes are reduced to rwx for the owner and r-x for others (no setuid, setgid or
    sticky bits). Returns the files written.
    """
    root = dest.resolve()
    with tarfile.open(archive) as tar:
        members = tar.getmembers()
        for member in members:
            name = member.name
            target = (root / name).resolve()
            inside = target == root or target.is_relative_to(root)
            if Path(name).is_absolute() or ".." in Path(name).parts or not inside:
                raise GrammarError(
                    f"refusing to unpack {name!r} from {archive}: it points outside the folder"
                )
            if not (member.isfile() or member.isdir()):
                kind = (
                    "a link"
                    if member.issym() or member.islnk()
                    else "a FIFO"
                    if member.isfifo()
                    else "a device node"
                    if member.ischr() or member.isblk()
                    else "not a plain file"
                )
                raise GrammarError(f"refusing to unpack {name!r} from {archive}: it is {kind}")
        written = []
        root.mkdir(parents=True, exist_ok=True)
        for member in members:
            target = root / member.name
            if member.isdir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            src = tar.extractfile(member)
            with src, open(target, "wb") as out:
                shutil.copyfileobj(src, out, 1 << 20)
            target.chmod(member.mode & 0o755 | 0o600)
            written.append(target)
    return written


def install(
    erg: str | None = None,
    ace: str | None = None,
    registry_path: str | Path | None = None,
    report=print,
) -> dict[str, Any]:
    """Download, verify and unpack ACE and the ERG image into the cache; return the state."""
    reg = registry(registry_path)
    erg = erg or str(reg.get("default_erg"))
    entry = reg.get("erg", {}).get(erg)
    if entry is None:
        raise GrammarError(
            f"ERG {erg!r} is not in the registry; known: {', '.join(sorted(reg.get('erg', {})))}"
        )
    plat = platform_tag()
    images = [
        i for i in entry["images"] if (ace is None or i["ace"] == ace) and i["platform"] == plat
    ]
    if not images:
        raise GrammarError(
            f"no ERG {erg} image in the registry for ACE {ace or 'any'} on {platform_tag()}"
        )
    image = images[0]
    ace_version = image["ace"]
    ace_entry = reg.get("ace", {}).get(ace_version, {}).get(image["platform"])
    if ace_entry is None:
        raise GrammarError(f"ACE {ace_version} for {image['platform']} is not in the registry")
    root = cache_dir()
    state = load_state()
    downloads = root / "downloads"
    # ACE
    archive = downloads / Path(ace_entry["url"]).name
    digest = _download(ace_entry["url"], archive, ace_entry.get("sha256", ""), report)
    ace_dir = root / "ace" / ace_version
    ace_dir.mkdir(parents=True, exist_ok=True)
    binaries = [p for p in _safe_extract(archive, ace_dir) if p.name == "ace"]
    if not binaries:
        raise GrammarError(f"{archive} holds no `ace` binary")
    binaries[0].chmod(binaries[0].stat().st_mode | 0o111)
    state.setdefault("ace", {})[ace_version] = {
        "path": str(binaries[0]),
        "sha256": digest,
        "url": ace_entry["url"],
    }
    report(f"ACE {ace_version}: {binaries[0]}")
    # ERG image
    packed = downloads / Path(image["url"]).name
    digest = _download(image["url"], packed, image.get("sha256", ""), report)
    dat = root / "erg" / packed.name.removesuffix(".bz2")
    dat.parent.mkdir(parents=True, exist_ok=True)
    opener = bz2.open if packed.name.endswith(".bz2") else open
    with opener(packed, "rb") as src, open(dat, "wb") as out:
        shutil.copyfileobj(src, out, 1 << 20)
    state.setdefault("erg", {})[erg] = {
        "path": str(dat),
        "sha256": digest,
        "url": image["url"],
        "version": entry.get("version"),
        "ace": ace_version,
    }
    _save_state(state)
    report(f"ERG {erg}: {dat}")
    return state


TRIAL_SENTENCE = "The dog barked."


def trial_parse(
    ace: str | Path, image: str | Path, sentence: str = TRIAL_SENTENCE, timeout: float = 60.0
) -> None:
    """Parse one easy sentence with ``ace`` and ``image``; a :class:`GrammarError` saying what
    went wrong when no MRS comes back (not an image, an image for another ACE, a crash)."""
    try:
        done = subprocess.run(
            [str(ace), "-g", str(image), "-1", "--timeout", "20"],
            input=sentence + "\n",
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        raise GrammarError(
            f"{image}: a trial parse of {sentence!r} with {ace} took over {timeout:.0f} s"
        ) from None
    except OSError as exc:
        raise GrammarError(f"{ace} could not be run for a trial parse: {exc}") from None
    if done.returncode != 0 or "LTOP" not in done.stdout:
        said = (done.stderr or done.stdout).strip().splitlines()
        raise GrammarError(
            f"{image} failed a trial parse of {sentence!r} with {ace} (exit {done.returncode}"
            + (f": {said[-1][:200]}" if said else "")
            + "); it was not registered"
        )


def add(
    path: str | Path,
    version: int | None = None,
    name: str | None = None,
    semi: str | Path | None = None,
    ace: str | Path | None = None,
    check: bool = True,
) -> dict[str, Any]:
    """Register an ERG image (and optionally an ACE binary) the user already has. With
    ``check``, the image must first parse a trial sentence with that ACE (or the one
    :func:`find_ace` finds); with no ACE anywhere it is registered unchecked, with a warning."""
    path = Path(path).expanduser().resolve()
    if not path.is_file():
        raise GrammarError(f"{path} is not a file")
    version = version or detect_version(path)
    if version is None:
        raise GrammarError(
            f"cannot tell the ERG version of {path.name}; pass --version (e.g. 2018)"
        )
    if check:
        try:
            binary = Path(ace).expanduser().resolve() if ace else find_ace()
        except GrammarError:
            binary = None
            log.warning("no ACE found: %s is registered without a trial parse", path)
        if binary is not None:
            trial_parse(binary, path)
    state = load_state()
    state.setdefault("erg", {})[name or str(version)] = {
        "path": str(path),
        "version": version,
        "sha256": _sha256(path),
        **({"semi": str(Path(semi).resolve())} if semi else {}),
    }
    if ace:
        ace = Path(ace).expanduser().resolve()
        if not ace.is_file():
            raise GrammarError(f"{ace} is not a file")
        state.setdefault("ace", {})["local"] = {"path": str(ace)}
    _save_state(state)
    return state


def listing() -> list[dict[str, str]]:
    """Rows for ``seam grammar list``: every known and every installed grammar."""
    reg, state = registry(), load_state()
    rows = []
    for name, entry in reg.get("erg", {}).items():
        inst = state.get("erg", {}).get(name)
        for img in entry["images"]:
            rows.append(
                {
                    "kind": "erg",
                    "name": name,
                    "ace": img["ace"],
                    "platform": img["platform"],
                    "installed": inst["path"] if inst and inst.get("ace") == img["ace"] else "",
                    "url": img["url"],
                }
            )
    for name, inst in state.get("erg", {}).items():
        if name not in reg.get("erg", {}) or not inst.get("ace"):
            rows.append(
                {
                    "kind": "erg",
                    "name": name,
                    "ace": "",
                    "platform": "",
                    "installed": inst["path"],
                    "url": "(added)",
                }
            )
    for ver, inst in state.get("ace", {}).items():
        rows.append(
            {
                "kind": "ace",
                "name": ver,
                "ace": ver,
                "platform": "",
                "installed": inst["path"],
                "url": inst.get("url", "(added)"),
            }
        )
    return rows
