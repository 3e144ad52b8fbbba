"""Shared fixtures. No test may touch the network: sockets are blocked for the whole run."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"


@pytest.fixture(autouse=True, scope="session")
def _no_network():
    def refuse(*args, **kwargs):
        raise RuntimeError("tests must not touch the network")

    original = socket.socket.connect
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
