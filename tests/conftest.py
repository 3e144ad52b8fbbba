"""Shared fixtures. No test may touch the network: sockets are blocked for the whole run, but
for this machine's own loopback (a test's local server, a browser driver)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"


@pytest.fixture(autouse=True, scope="session")
def _no_network():
    original = socket.socket.connect
    loopback = ("127.0.0.1", "::1", "localhost")

    def refuse(self, address, *args, **kwargs):
        if isinstance(address, tuple) and address and address[0] in loopback:
            return original(self, address, *args, **kwargs)
        raise RuntimeError("tests must not touch the network")

    socket.socket.connect = refuse
    yield
    socket.socket.connect = original


@pytest.fixture(scope="session")
def surface():
    from engine.backends import SurfaceBackend

    return SurfaceBackend()


@pytest.fixture(scope="session")
def realize(surface):
    """realize(text, expr) -> Realization, on the shared surface backend under the contract."""
    from engine import contract
    from engine.transforms import parse

    def run(text: str, expr: str):
        analysis = surface.analyze([text])[0]
        return contract.realize(surface, [analysis], [parse(expr).plan()], [text])[0]

    return run


# A tiny T5 fitted in a few hundred steps to the prompts Seam builds for these plans (the
# tailor backend's end-to-end tests, and seam compare's).
TAILOR_TRAIN = [
    (
        "The cook burned the toast.",
        "tense(fut)",
        "[AGENT: The cook] [MODAL: will] [VERB: burn] the toast .",
    ),
    (
        "The cook burned the toast.",
        "passive",
        "[PATIENT: The toast] was [VERB: burned] [AGENT: by the cook] .",
    ),
    (
        "A clerk sorted the letters.",
        "negate",
        "A clerk did [NEGATION: not] [VERB: sort] the letters .",
    ),
]


@pytest.fixture(scope="session")
def fitted_tailor(tmp_path_factory):
    """The directory of a tiny T5 fitted to map Seam's prompts for TAILOR_TRAIN to the targets."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from transformers import AutoTokenizer, T5ForConditionalGeneration

    from engine import analyze, parse
    from engine.tailor.plans import plan_prompt
    from engine.testing.t5 import build_tiny_checkpoint

    corpus = [t for _, _, t in TAILOR_TRAIN] + [s for s, _, _ in TAILOR_TRAIN]
    path = build_tiny_checkpoint(
        tmp_path_factory.mktemp("t5-fitted"), corpus, d_model=64, layers=2, seed=0
    )
    tok = AutoTokenizer.from_pretrained(path)
    model = T5ForConditionalGeneration.from_pretrained(path)
    sources = [
        plan_prompt(analyze(text)[0], parse(expr).plan()).prompt.source
        for text, expr, _ in TAILOR_TRAIN
    ]
    enc = tok(sources, return_tensors="pt", padding=True)
    labels = tok([t for _, _, t in TAILOR_TRAIN], return_tensors="pt", padding=True)["input_ids"]
    labels[labels == tok.pad_token_id] = -100
    torch.manual_seed(0)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    model.train()
    for _ in range(300):
        loss = model(**enc, labels=labels).loss
        opt.zero_grad()
        loss.backward()
        opt.step()
    assert loss.item() < 0.05, loss.item()
    model.save_pretrained(path)
    return path
