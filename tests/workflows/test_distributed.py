"""The Ray executor: the same records as the local one, a worker killed mid-run, a resumed run.
Each test starts a local Ray (2 CPUs) for its run and stops it."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("ray")

from engine.cli import main  # noqa: E402
from engine.errors import ResumeError  # noqa: E402

TEXTS = [
    "A man is riding a bike.",
    "The dog chased the cat.",
    "Two kids play soccer.",
    "She wrote a letter.",
    "A woman sells fruit.",
    "The band played a song.",
    "",
    "An old man reads the paper.",
]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    d = tmp_path_factory.mktemp("ray")
    src = d / "in.jsonl"
    rows = [json.dumps({"id": str(k), "text": t}) for k, t in enumerate(TEXTS * 25)]  # 200 records
    rows[17] = "{broken"
    src.write_text("\n".join(rows) + "\n")
    pairs = d / "pairs.jsonl"
    pairs.write_text(
        "".join(
            json.dumps(
                {
                    "id": str(k),
                    "premise": t,
                    "hypothesis": "A person is outside.",
                    "label": "neutral",
                }
            )
            + "\n"
            for k, t in enumerate(TEXTS[:6] * 5)
        )
    )
    local = d / "local.jsonl"
    assert (
        main(["transform", "-i", str(src), "-a", "p", "-a", "negate", "-o", str(local), "-q"]) == 0
    )
    return d, src, local, pairs


def _ray(args, out, *extra):
    return main(
        [
            *args,
            "-o",
            str(out),
            "-q",
            "--executor",
            "ray",
            "--ray-workers",
            "2",
            "--block-size",
            "50",
            *extra,
        ]
    )


def test_ray_gives_the_local_output(inputs, tmp_path, capsys):
    _d, src, local, _pairs = inputs
    out = tmp_path / "ray.jsonl"
    assert (
        main(
            [
                "transform",
                "-i",
                str(src),
                "-a",
                "p",
                "-a",
                "negate",
                "-o",
                str(out),
                "--executor",
                "ray",
                "--ray-workers",
                "2",
                "--block-size",
                "50",
            ]
        )
        == 0
    )
    err = capsys.readouterr().err  # progress, block by block, saying where it runs
    assert "seam transform on Ray, a local cluster Seam starts (2 CPUs)" in err
    assert out.read_text() == local.read_text()
    assert json.loads((tmp_path / "ray.jsonl.blocks" / "manifest.json").read_text())["blocks"] == 4


def test_contrast_on_ray_equals_local(inputs, tmp_path):
    _d, _src, _local, pairs = inputs
    here, there = tmp_path / "c-local.jsonl", tmp_path / "c-ray.jsonl"
    assert main(["contrast", "-i", str(pairs), "--pairs", "p;f", "n;n", "-o", str(here), "-q"]) == 0
    assert _ray(["contrast", "-i", str(pairs), "--pairs", "p;f", "n;n"], there) == 0
    assert there.read_text() == here.read_text()


def test_a_worker_killed_mid_run_loses_nothing(inputs, tmp_path, monkeypatch):
    _d, src, local, _pairs = inputs
    monkeypatch.setenv("SEAM_FAULT_KILL_BLOCK", "2")
    out = tmp_path / "killed.jsonl"
    assert _ray(["transform", "-i", str(src), "-a", "p", "-a", "negate"], out) == 0
    assert (tmp_path / "killed.jsonl.blocks" / ".killed-2").exists()  # the worker really died once
    assert out.read_text() == local.read_text()


def test_a_stopped_run_resumes_without_losses_or_duplicates(inputs, tmp_path, monkeypatch, capsys):
    _d, src, local, _pairs = inputs
    out = tmp_path / "resumed.jsonl"
    monkeypatch.setenv("SEAM_FAULT_STOP_AFTER", "2")
    assert (
        _ray(["transform", "-i", str(src), "-a", "p", "-a", "negate"], out) == 130
    )  # as an interrupted run
    blocks = sorted(p.name for p in (tmp_path / "resumed.jsonl.blocks").glob("block-*.jsonl"))
    assert len(blocks) == 2
    monkeypatch.delenv("SEAM_FAULT_STOP_AFTER")
    capsys.readouterr()
    assert _ray(["transform", "-i", str(src), "-a", "p", "-a", "negate"], out, "--resume") == 0
    assert "2 of 4 blocks processed" in capsys.readouterr().err
    assert out.read_text() == local.read_text()
    with pytest.raises(ResumeError):  # another transformation list: the finished blocks do not fit
        from engine.workflows.distributed import RayExecutor
        from engine.workflows.run import RunSpec

        spec = RunSpec("transform", apply=("f",))
        RayExecutor(block_size=50).execute(spec, src, out, resume=True)


def test_a_cluster_named_by_the_environment_is_not_joined_without_address(
    inputs, tmp_path, monkeypatch
):
    """A cluster already on the machine (here RAY_ADDRESS pointing at one, as `ray start --head`
    leaves it) is joined only with --address; without it Seam starts its own, and num_cpus is
    never passed to a cluster it joins."""
    _d, src, local, _pairs = inputs
    monkeypatch.setenv("RAY_ADDRESS", "127.0.0.1:6399")  # nothing listens there
    out = tmp_path / "ray.jsonl"
    assert _ray(["transform", "-i", str(src), "-a", "p", "-a", "negate"], out) == 0
    assert out.read_text() == local.read_text()
