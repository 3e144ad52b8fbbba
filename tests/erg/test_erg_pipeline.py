"""The ACE pool, grammar discovery/install, rule-file errors and the erg backend end to end.

ACE is not installable here, so the pool and the backend are driven by tests/fake_ace.py, a
stand-in that speaks ACE's --tsdb-stdout protocol through pydelphin's real ACEParser and
ACEGenerator (and can crash, hang and desynchronize on purpose). Tests that need the real
ACE and ERG are marked ``ace`` and skipped with the reason when they are absent.
"""

from __future__ import annotations

import bz2
import io
import json
import os
import stat
import sys
import tarfile
from pathlib import Path

import pytest

from engine import transform
from engine.cli import main as cli
from engine.erg import grammar as gmod
from engine.erg.ace import AceOptions, AcePool
from engine.erg.grammar import Grammar
from engine.erg.mrsview import encode
from engine.erg.rules import GrammarProfile, RuleSet, check_files, load_family
from engine.errors import GrammarError, RuleError

HERE = Path(__file__).resolve().parents[1]  # tests/, where fake_ace.py is
ALICE = (
    "[ LTOP: h0 INDEX: e2 [ e SF: prop TENSE: past MOOD: indicative PROG: - PERF: - ] RELS: < "
    "[ proper_q<0:5> LBL: h4 ARG0: x3 [ x PERS: 3 NUM: sg IND: + ] RSTR: h5 BODY: h6 ] "
    '[ named<0:5> LBL: h7 CARG: "Alice" ARG0: x3 ] [ _see_v_1<6:9> LBL: h1 ARG0: e2 ARG1: x3 '
    "ARG2: x9 [ x PERS: 3 NUM: sg IND: + ] ] [ proper_q<10:14> LBL: h10 ARG0: x9 RSTR: h11 "
    'BODY: h12 ] [ named<10:14> LBL: h13 CARG: "Bob" ARG0: x9 ] > HCONS: < h0 qeq h1 h5 qeq h7 '
    "h11 qeq h13 > ICONS: < > ]"
)
ERG2018 = GrammarProfile(2018, None, frozenset({"parg_d", "_be_v_itcleft"}))


def _fake_ace(tmp_path: Path, data: dict) -> Grammar:
    script = tmp_path / "ace"
    script.write_text(f'#!/bin/sh\nexec {sys.executable} {HERE / "fake_ace.py"} "$@"\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    table = tmp_path / "fake.json"
    table.write_text(json.dumps(data))
    os.environ["FAKE_ACE_DATA"] = str(table)
    return Grammar(script, table, 2018, ERG2018)


@pytest.fixture
def fake(tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_ACE_DATA", "")
    from delphin.codecs import simplemrs

    rules = RuleSet.load()
    src = simplemrs.decode(ALICE)
    q = rules.apply("question", src, {}, ERG2018).mrs
    p = rules.apply("passive", src, {"promote": "ARG2"}, ERG2018).mrs
    data = {
        "parse": {"Alice saw Bob.": [ALICE]},
        "generate": [
            [
                encode(q),
                ["Alice saw Bob?", "Did Alice see Bob?"],
                ["(root_strict (1 sb-hd_mc_c))", "(root_strict (2 hd_yesno_c))"],
            ],
            [
                encode(p),
                ["Bob was seen by Alice.", "Bob was seen, by Alice.", "Bob. was seen by Alice."],
                ["(a)", "(b)", "(c)"],
            ],
        ],
    }
    return _fake_ace(tmp_path, data)


def test_pool_types_every_failure_and_survives(fake):
    with AcePool(fake, workers=2, options=AceOptions(timeout=1)) as pool:
        out = pool.parse(
            ["Alice saw Bob.", "Nobody knows this.", "CRASH", "", "HANG", "Alice saw Bob."]
        )
        assert [r.status for r in out] == [
            "ok",
            "no_parse",
            "ace_error",
            "no_parse",
            "timeout",
            "ok",
        ]
        assert out[0].results[0]["mrs"] == ALICE
        assert "killed" in out[4].reason and "exited" in out[2].reason
        gen = pool.generate([ALICE, "[ DESYNC ]", "not an mrs"])
        assert gen[0].status == "no_realization"  # ALICE unchanged is not in the fake's table
        assert gen[1].status == "ace_error" and "reported 2 results" in gen[1].reason
        assert gen[2].status == "no_realization"
        # the pool kept going: processes were restarted, not the batch
        assert pool.parse(["Alice saw Bob."])[0].status == "ok"


def test_a_parse_can_have_its_own_time_limit(fake, monkeypatch):
    """``seconds`` on a parse applies to those sentences only, from processes kept for it: a
    hung one is killed after that limit, not the pool's."""
    from engine.erg import ace

    monkeypatch.setattr(ace, "WATCHDOG_GRACE", 0.5)
    with AcePool(fake, workers=1, options=AceOptions(timeout=60)) as pool:
        hung, ok = pool.parse(["HANG", "Alice saw Bob."], readings=3, seconds=1)
        assert hung.status == "timeout" and "within 2s" in hung.reason
        assert ok.status == "ok"
        assert pool.parse(["Alice saw Bob."])[0].status == "ok"  # the pool's own processes
        assert {w.options.timeout for w in pool._all} == {1, 60}


def test_a_built_cleft_the_erg_does_not_parse_in_time_is_a_timeout(tmp_path, monkeypatch):
    """ERG 2018: the cleft built around the clause is confirmed by parsing it; where that parse
    runs into its limit the record is ``timeout`` with the reason, and the other relativizer
    (as slow to parse) is not tried."""
    from engine.backends.erg import ErgBackend
    from engine.erg import ace, cleft

    monkeypatch.setenv("FAKE_ACE_DATA", "")
    monkeypatch.setattr(ace, "WATCHDOG_GRACE", 0.5)
    monkeypatch.setattr(cleft, "CLEFT_SECONDS", 1)
    grammar = _fake_ace(
        tmp_path,
        {
            "parse": {"Alice saw Bob.": [ALICE]},
            "generate": [],
            "hang": ["It was Alice who saw Bob.", "It was Alice that saw Bob."],
        },
    )
    with ErgBackend(grammar_info=grammar, workers=1) as backend:
        rec = transform(["Alice saw Bob."], ["cleft(ARG0)"], backend=backend)[0]
        assert backend.pool.stats["parse"]["items"] == 2  # the source, then one cleft
    assert rec["status"] == "timeout"
    assert "did not finish parsing it within 1s" in rec["reason"] and "who" in rec["reason"]


def test_a_stale_timeout_note_is_not_the_items_and_a_late_empty_item_timed_out(fake):
    """ACE 0.9.34 never disarms a generation's alarm: when it goes off between items, the next
    item carries its "timeout" note. An item answered within the limit did not time out; one
    that ran to the limit with nothing did, though its note went elsewhere."""
    with AcePool(fake, workers=1, options=AceOptions(timeout=1)) as pool:
        stale, late = pool.generate(["[ STALE ]", "[ LATE ]"])
        assert stale.status == "no_realization", stale.reason
        assert late.status == "timeout" and late.seconds >= 1


def test_an_empty_answer_ace_finished_is_no_realization_and_a_dying_one_is_an_error(fake):
    """An empty answer with ACE's timings is a finished item (taken at once, with the time ACE
    reports); one without them may be the end of a dying process, and is checked for that."""
    with AcePool(fake, workers=1, options=AceOptions(timeout=5)) as pool:
        slow, dying, after = pool.generate(["[ SLOW ]", "[ DYING ]", "[ SLOW ]"])
        assert slow.status == after.status == "no_realization"
        assert 0.2 <= slow.ace_seconds <= slow.seconds
        assert dying.status == "ace_error" and "exited" in dying.reason
        assert pool.stats["generate"]["ace_seconds"] >= 0.4 and pool.restarts == 1


def test_pool_reuses_processes_unlike_fresh_mode(fake):
    with AcePool(fake, workers=1) as warm:
        warm.parse(["Alice saw Bob."] * 4)
        assert warm.process_starts == 1
    with AcePool(fake, workers=1, fresh=True) as cold:
        cold.parse(["Alice saw Bob."] * 4)
        assert cold.process_starts == 4


def test_ace_options_never_pass_n_to_the_generator():
    opts = AceOptions()
    assert "-n" not in opts.generator_args() and "-n" in opts.parser_args()
    assert opts.parser_args()[-1] == "root_strict root_informal"
    assert AceOptions(fragments=True).parser_args()[-1].endswith("root_frag")


@pytest.mark.parametrize("cumulative", [False, True])
def test_the_generation_limit_is_used_only_where_ace_counts_per_item(
    tmp_path, monkeypatch, cumulative
):
    from engine.backends.erg import ErgBackend

    monkeypatch.setenv("FAKE_ACE_CUMULATIVE", "1" if cumulative else "")
    grammar = _fake_ace(
        tmp_path, {"parse": {"Kim slept.": [ALICE]}, "generate": [[ALICE, ["Kim slept."], ["(a)"]]]}
    )
    with ErgBackend(grammar_info=grammar, workers=1) as backend:
        assert backend.generate([ALICE])[0].status == "ok"
        assert ("-n" in backend.pool.options.generator_args()) is not cumulative
    with ErgBackend(grammar_info=grammar, workers=1, gen_results=0) as backend:  # 0: never
        backend.generate([ALICE])
        assert "-n" not in backend.pool.options.generator_args()


def test_erg_backend_end_to_end(fake):
    from engine.backends.erg import ErgBackend

    with ErgBackend(grammar_info=fake, workers=1) as backend:
        recs = transform(
            ["Alice saw Bob.", "Unknown words here.", ""],
            ["q", "pa", "tense(fut)", "swap"],
            backend=backend,
        )
    by = {(r["source"], r["transformation"]): r for r in recs}
    q = by[("Alice saw Bob.", "q")]
    assert q["status"] == "ok" and [c["text"] for c in q["candidates"]] == [
        "Did Alice see Bob?"
    ]  # not inverted: dropped
    pa = by[("Alice saw Bob.", "pa")]
    assert [c["text"] for c in pa["candidates"]] == [
        "Bob was seen by Alice."
    ]  # comma duplicate and junk dropped
    fut = by[("Alice saw Bob.", "tense(fut)")]
    assert fut["status"] == "no_realization" and "tense" in fut["reason"]
    assert by[("Unknown words here.", "q")]["status"] == "no_parse"
    assert by[("", "q")]["status"] == "error"
    assert len(recs) == 12


def test_the_erg_steps_run_without_the_backend(fake):
    """A caller that is not the backend (a workbench page, the audit) opens an ErgSession and
    runs the steps itself: the reading, the rewritten MRSs, the realization and the selection
    are the ones the backend gives."""
    from engine.erg import reading, realize, rewrite
    from engine.erg.session import ErgSession
    from engine.transforms import parse

    plans = [parse("q").plan(), parse("pa").plan()]
    with ErgSession(grammar_info=fake, workers=1) as erg:
        [analysis] = reading.analyze(erg, ["Alice saw Bob."])
        assert isinstance(analysis.native, reading.ParseInfo)
        assert analysis.native.status == "ok" and analysis.native.chosen_by == "first reading"
        assert reading.checked(analysis) is analysis.native.check
        job = rewrite.rewrite(erg, analysis, plans[1])
        assert job.outcome is None and [names for names, _ in job.variants] != []
        assert rewrite.targets(erg, analysis, plans[1]) == [m for _, m in job.variants]
        q, pa = realize.realize(erg, [analysis, analysis], plans)
    assert [c.text for c in q.candidates] == ["Did Alice see Bob?"]
    assert [c.text for c in pa.candidates] == ["Bob was seen by Alice."]
    assert pa.details["reading"] == 0 and pa.details["rules"]


def test_already_satisfied_is_the_same_record_on_every_backend(fake):
    from engine.backends.erg import ErgBackend

    exprs = ["uncleft", "active", "declarative", "tense(past)"]
    with ErgBackend(grammar_info=fake, workers=1) as backend:
        recs = transform(["Alice saw Bob."], exprs, backend=backend)
    surface = transform(["Alice saw Bob."], exprs, backend="surface")
    for erg, surf in zip(recs, surface, strict=True):
        assert (
            erg["status"] == "ok"
            and erg["best"] == "Alice saw Bob."
            and erg["reason"].startswith("unchanged: ")
        )
        assert {k: v for k, v in erg.items() if k not in ("backend", "details")} == {
            k: v for k, v in surf.items() if k != "backend"
        }


def test_erg_backend_reports_inapplicable_rules(fake):
    from engine.backends.erg import ErgBackend

    with ErgBackend(grammar_info=fake, workers=1) as backend:
        recs = transform(["Alice saw Bob."], ["cleft(ARG2)", "shorten(ARG1)"], backend=backend)
    assert [r["status"] for r in recs] == ["not_applicable", "ok"]
    assert "no ARG2" in recs[0]["reason"] and recs[1]["reason"].startswith(
        "unchanged: "
    )  # Bob has no modifier


def test_erg_backend_realizes_commuting_compositions_identically(fake):
    from engine.backends.erg import ErgBackend

    orders = [
        ("q+pa", "pa+q"),
        ("passive(ARG2)+q", "q+passive(ARG2)"),
        ("tense(fut)+q", "q+tense(fut)"),
        ("swap+n", "n+swap"),
    ]
    with ErgBackend(grammar_info=fake, workers=1) as backend:
        for ab, ba in orders:
            one, two = transform(["Alice saw Bob."], [ab, ba], backend=backend)
            assert {k: v for k, v in one.items() if k != "transformation"} == {
                k: v for k, v in two.items() if k != "transformation"
            }


def test_contrast_sets_with_the_erg_backend(fake):
    from engine.backends.erg import ErgBackend
    from engine.workflows.contrast import ContrastBuilder

    with ErgBackend(grammar_info=fake, workers=1) as backend:
        recs = ContrastBuilder(backend, pairs=["pa;pa", "q;o", "p;f"]).run_pairs(
            [("Alice saw Bob.", "Alice saw Bob.", "entailment")]
        )
    assert [r["backend"] for r in recs] == ["erg"] * 3
    pa, q, pf = recs
    assert (pa["premise"], pa["hypothesis"], pa["label"], pa["rule"]) == (
        "Bob was seen by Alice.",
        "Bob was seen by Alice.",
        "entailment",
        "lit-4",
    )
    assert (q["premise"], q["status"], q["label"]) == (
        "Did Alice see Bob?",
        "no_label",
        "unknown",
    ), q["reason"]
    # the premise is already past (unchanged, as on every backend); the fake has no future
    # realization
    assert pf["status"] == "no_realization" and pf["reason"].startswith("hypothesis: "), pf


# -- grammar discovery and install -------------------------------------------------------------


def test_discovery_order_and_clear_errors(tmp_path, monkeypatch):
    monkeypatch.setenv("SEAM_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("SEAM_ACE", raising=False)
    monkeypatch.delenv("SEAM_ERG", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(GrammarError, match="seam grammar install"):
        gmod.find_ace()
    with pytest.raises(GrammarError, match="no ERG image"):
        gmod.find_image()
    ace = tmp_path / "ace"
    ace.write_text("#!/bin/sh\n")
    ace.chmod(0o755)
    image = tmp_path / "erg-2018-x86-64-0.9.34.dat"
    image.write_bytes(b"img")
    monkeypatch.setenv("SEAM_ACE", str(ace))
    monkeypatch.setenv("SEAM_ERG", str(image))
    g = gmod.find_grammar()
    assert (g.ace, g.image, g.version) == (ace, image, 2018) and "parg_d" in g.profile.absent
    other = tmp_path / "other.dat"
    with pytest.raises(GrammarError, match="does not exist"):
        gmod.find_image(other)  # an explicit argument wins, and must exist


def test_install_from_a_local_registry(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SEAM_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv(
        "SEAM_ACE", raising=False
    )  # a user's own grammar must not change the outcome
    monkeypatch.delenv("SEAM_ERG", raising=False)
    # a small ACE release and an ERG image, served by file:// URLs
    payload = b"#!/bin/sh\necho 'ACE version 0.9.34'\n"
    tgz = tmp_path / "ace-9.9.9-x86-64.tar.gz"
    with tarfile.open(tgz, "w:gz") as tar:
        info = tarfile.TarInfo("ace-9.9.9/ace")
        info.size, info.mode = len(payload), 0o755
        tar.addfile(info, io.BytesIO(payload))
    img = tmp_path / "erg-2018-x86-64-9.9.9.dat.bz2"
    img.write_bytes(bz2.compress(b"grammar image bytes"))
    plat = gmod.platform_tag()
    registry = tmp_path / "registry.toml"
    registry.write_text(
        f'default_erg = "2018"\n[ace."9.9.9"]\n"{plat}" = {{ url = "{tgz.as_uri()}", sha256 = "" '
        '}\n[erg."2018"]\nversion = 2018\nabsent = ["parg_d"]\n'
        f'images = [{{ ace = "9.9.9", platform = "{plat}", url = "{img.as_uri()}", sha256 = "" '
        "}]\n"
    )
    assert cli(["grammar", "install", "2018", "--registry", str(registry)]) == 0
    err = capsys.readouterr().err
    assert "computed and recorded now" in err
    state = gmod.load_state()
    assert Path(state["erg"]["2018"]["path"]).read_bytes() == b"grammar image bytes"
    assert len(state["erg"]["2018"]["sha256"]) == 64
    assert gmod.find_ace().name == "ace" and gmod.find_image() == Path(state["erg"]["2018"]["path"])
    # a known, wrong sha256 is refused before anything is unpacked
    bad = registry.read_text().replace(
        'url = "' + img.as_uri() + '", sha256 = ""',
        'url = "' + img.as_uri() + '", sha256 = "' + "0" * 64 + '"',
    )
    registry.write_text(bad)
    with pytest.raises(GrammarError, match="sha256 mismatch"):
        gmod.install("2018", registry_path=registry, report=lambda m: None)
    assert cli(["grammar", "list"]) == 0
    # offline (here: a file that is not there), the error says how to install from local files
    registry.write_text(bad.replace(img.as_uri(), (tmp_path / "gone.dat.bz2").as_uri()))
    with pytest.raises(GrammarError, match="seam grammar add IMAGE.dat --ace"):
        gmod.install("2018", registry_path=registry, report=lambda m: None)


def test_grammar_add_registers_an_image(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SEAM_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("SEAM_ERG", raising=False)
    monkeypatch.delenv("SEAM_ACE", raising=False)
    monkeypatch.setenv(
        "PATH", str(tmp_path / "no-bin")
    )  # no ACE anywhere: registered without a trial parse
    image = tmp_path / "my.dat"
    image.write_bytes(b"x")
    assert cli(["grammar", "add", str(image)]) == 2  # version unknown: says so
    assert "--version" in capsys.readouterr().err
    assert cli(["grammar", "add", str(image), "--version", "1214"]) == 0
    assert gmod.find_image() == image.resolve() and gmod.detect_version(image.resolve()) == 1214


def _script(path: Path, body: str) -> Path:
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(0o755)
    return path


def test_grammar_add_refuses_an_image_that_fails_a_trial_parse(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SEAM_CACHE", str(tmp_path / "cache"))
    for var in ("SEAM_ERG", "SEAM_ACE"):
        monkeypatch.delenv(var, raising=False)
    image = tmp_path / "erg-2018-junk.dat"
    image.write_bytes(b"not a grammar")
    junk_ace = _script(
        tmp_path / "ace-junk",
        "cat >/dev/null\necho 'this does not appear to be a grammar image.' >&2\nexit 255\n",
    )
    assert cli(["grammar", "add", str(image), "--ace", str(junk_ace)]) == 2
    err = capsys.readouterr().err
    assert "E302" in err and "failed a trial parse" in err and "grammar image" in err
    assert "erg" not in gmod.load_state() or not gmod.load_state()["erg"]  # nothing registered
    good_ace = _script(
        tmp_path / "ace-good",
        "cat >/dev/null\necho 'SENT: The dog barked.'\n"
        "echo '[ LTOP: h0 INDEX: e2 RELS: < > HCONS: < > ]'\n",
    )
    assert cli(["grammar", "add", str(image), "--ace", str(good_ace)]) == 0
    assert gmod.load_state()["erg"]["2018"]["path"] == str(image.resolve())


def _tar(path: Path, members: list[tuple[tarfile.TarInfo, bytes]]) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for info, data in members:
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data) if data else None)
    return path


def _member(name: str, kind: bytes = tarfile.REGTYPE, mode: int = 0o644) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.mode = kind, mode
    return info


@pytest.mark.parametrize(
    ("member", "why"),
    [
        (
            lambda dest: _member(str(dest.parent / (dest.name + "-evil") / "x")),
            "outside",
        ),  # sibling with the same prefix
        (lambda dest: _member("../x"), "outside"),
        (lambda dest: _member("dev", tarfile.CHRTYPE), "device node"),
        (lambda dest: _member("pipe", tarfile.FIFOTYPE), "FIFO"),
        (lambda dest: _member("link", tarfile.SYMTYPE), "link"),
    ],
)
def test_archive_unpacking_refuses_anything_outside_or_special(tmp_path, member, why):
    dest = tmp_path / "ace" / "0.9.34"
    info = member(dest)
    archive = _tar(
        tmp_path / "a.tar.gz",
        [(_member("ok.txt"), b"fine"), (info, b"x" if info.isfile() else b"")],
    )
    with pytest.raises(GrammarError, match=why):
        gmod._safe_extract(archive, dest)
    assert not (dest / "ok.txt").exists()  # checked before anything is written
    assert not (tmp_path / "ace" / "0.9.34-evil").exists()


def test_archive_unpacking_drops_setuid_and_keeps_files(tmp_path):
    archive = _tar(
        tmp_path / "a.tar.gz",
        [
            (_member("bin", tarfile.DIRTYPE, 0o755), b""),
            (_member("bin/ace", mode=0o4755), b"#!/bin/sh\n"),
        ],
    )
    written = gmod._safe_extract(archive, tmp_path / "out")
    assert [p.name for p in written] == ["ace"]
    mode = written[0].stat().st_mode
    assert mode & 0o111 and not mode & (stat.S_ISUID | stat.S_ISGID | stat.S_ISVTX)


def test_downloads_are_https_only(tmp_path):
    with pytest.raises(GrammarError, match="only https"):
        gmod._download("http://example.org/ace.tar.gz", tmp_path / "a", "", lambda m: None)
    assert all(
        entry["url"].startswith("https://")
        for per in gmod.registry()["ace"].values()
        for entry in per.values()
    )
    assert all(
        img["url"].startswith("https://")
        for e in gmod.registry()["erg"].values()
        for img in e["images"]
    )


# -- rule files ----------------------------------------------------------------------------------

GOOD = """family = "demo"
implements = "question"

[[rule]]
name = "demo"

[rule.match]
V = { index = true, args = { ARG0 = "e" } }

[[rule.do]]
set_props = { var = "V.ARG0", props = { SF = "ques" } }

[[rule.example]]
mrs = 'MRS'
expect = 'EXPECT'
"""


@pytest.mark.parametrize(
    ("mutation", "line", "message"),
    [
        (("[[rule.do]]", "[[rule.do]"), 10, "not valid TOML"),
        # an unknown key is reported at its own line, not at its table's header
        (('name = "demo"', 'name = "demo"\ncolour = 1'), 6, "unknown key"),
        (('implements = "question"', 'implements = "question"\nauthor = "me"'), 3, "unknown key"),
        (('V.ARG0", props', 'W.ARG0", props'), 10, "not bound"),
        (("set_props", "explode"), 10, "unknown action"),
        (("expect = 'EXPECT'", ""), 13, "exactly one of"),
    ],
)
def test_malformed_rule_files_name_file_and_line(tmp_path, mutation, line, message):
    path = tmp_path / "demo.toml"
    path.write_text(GOOD.replace("MRS", ALICE).replace(*mutation))
    with pytest.raises(RuleError, match=message) as err:
        load_family(path)
    assert err.value.line == line and str(err.value).startswith(f"{path}:{line}:")


@pytest.mark.parametrize(
    ("mutation", "line", "message"),
    [
        (
            ('name = "demo"', 'name = "demo"\nrequire = 5'),
            4,
            "rule.require must be an array of tables",
        ),
        (
            ("V = { index = true,", 'V = { label = ["V"], index = true,'),
            8,
            "label .* must be a string",
        ),
        (
            ("expect = 'EXPECT'", "expect = 'EXPECT'\nparams = \"x\""),
            13,
            "example params must be a table",
        ),
        (('implements = "question"', 'implements = "questions"'), 1, "implements must be one of"),
        (("[[rule.example]]", "[[rule.example]]\nsentence = 7"), 13, "sentence must be a string"),
    ],
)
def test_wrongly_typed_values_are_file_line_errors(tmp_path, mutation, line, message, capsys):
    path = tmp_path / "demo.toml"
    path.write_text(
        GOOD.replace(*mutation)
        .replace("MRS", ALICE)
        .replace("EXPECT", ALICE.replace("SF: prop", "SF: ques"))
    )
    with pytest.raises(RuleError, match=message) as err:
        load_family(path)
    assert err.value.line == line
    # `seam rules check` reports it with file:line, no traceback, and still checks the other files
    good = tmp_path / "good.toml"
    good.write_text(
        GOOD.replace("MRS", ALICE).replace("EXPECT", ALICE.replace("SF: prop", "SF: ques"))
    )
    assert cli(["rules", "check", str(path), str(good)]) == 1
    out = capsys.readouterr()
    assert (
        f"{path}:{line}: FAIL" in out.out
        and f"{good}:13: ok" not in out.err
        and "Traceback" not in out.err
    )
    assert any(r.ok and r.path == str(good) for r in check_files([path, good]))


def test_sentence_examples_need_a_live_grammar_and_list_acceptable_realizations(tmp_path, capsys):
    text = GOOD.replace(
        "mrs = 'MRS'\nexpect = 'EXPECT'",
        'sentence = "Alice saw Bob."\nexpect = ["Did Alice see Bob?"]',
    )
    path = tmp_path / "demo.toml"
    path.write_text(text)
    ex = load_family(path).rules[0].examples[0]
    assert ex.mrs is None and ex.accept == ("Did Alice see Bob?",)
    assert check_files([path]) == []  # nothing an offline check can run
    assert cli(["rules", "check", str(path)]) == 0  # and the summary says why
    assert "1 sentence example not run (they need a grammar: --live)" in capsys.readouterr().err
    path.write_text(text.replace('expect = ["Did Alice see Bob?"]', "expect = [1]"))
    with pytest.raises(RuleError, match="list of acceptable realizations"):
        load_family(path)


def test_rules_check_live_and_rules_example_on_the_fake_ace(fake, tmp_path, monkeypatch, capsys):
    # the fake also regenerates the unchanged sentence, so a wrong expectation is a rule error, not
    # a gap
    data = json.loads(Path(os.environ["FAKE_ACE_DATA"]).read_text())
    data["generate"].append([ALICE, ["Alice saw Bob."], ["(root_strict (1 sb-hd_mc_c))"]])
    fake = _fake_ace(tmp_path, data)
    monkeypatch.setenv("SEAM_ACE", str(fake.ace))
    monkeypatch.setenv("SEAM_ERG", str(fake.image))
    monkeypatch.setattr(gmod, "detect_version", lambda image: 2018)
    from engine.resources import rules_dir

    # the shipped question rules, less the example the fake cannot parse, plus a sentence example
    question = (
        (rules_dir() / "mrs" / "question.toml")
        .read_text()
        .replace('sentence = "Did Alice see Bob?"\n', "")
    )
    path = tmp_path / "question.toml"
    good = (
        question
        + '\n[[rule.example]]\nsentence = "Alice saw Bob."\nexpect = ["Did Alice see Bob?"]\n'
    )
    path.write_text(good)
    assert cli(["rules", "check", str(path), "--live"]) == 0
    out = capsys.readouterr()
    assert "0 failed" in out.err
    wrong = good.replace('expect = ["Did Alice see Bob?"]', 'expect = ["Alice saw Bob."]')
    path.write_text(wrong)
    assert cli(["rules", "check", str(path), "--live"]) == 1
    out = capsys.readouterr().out
    assert "no acceptable realization" in out and "'Did Alice see Bob?'" in out
    assert cli(["rules", "example", "Alice saw Bob.", "--family", "question"]) == 0
    printed = capsys.readouterr().out
    assert (
        "[[rule.example]]" in printed
        and "Did Alice see Bob?" in printed
        and "# after = " in printed
    )
    import tomllib

    assert tomllib.loads(printed)["rule"]["example"][0]["expect"] == [
        "Alice saw Bob?",
        "Did Alice see Bob?",
    ]
    # a parameter not given takes the family's first declared value; a wrong one is a clear error
    assert cli(["rules", "example", "Alice saw Bob.", "--family", "passive"]) == 0
    printed = capsys.readouterr().out
    assert 'params = { promote = "ARG2" }' in printed and "Bob was seen by Alice." in printed
    assert (
        cli(
            ["rules", "example", "Alice saw Bob.", "--family", "passive", "--param", "promote=ARG9"]
        )
        != 0
    )
    assert "promote must be one of ARG2, ARG3" in capsys.readouterr().err
    # so does a sentence example that leaves it out (it was a KeyError traceback)
    path = tmp_path / "passive.toml"
    text = (
        (rules_dir() / "mrs" / "passive.toml").read_text().split("\n[[rule]]")
    )  # [1]: passive.icons
    text[1] += (
        '\n[[rule.example]]\nsentence = "Alice saw Bob."\nexpect = ["Bob was seen by Alice."]\n'
    )
    path.write_text("\n[[rule]]".join(text))
    cli(
        ["rules", "check", str(path), "--live", "--all"]
    )  # the file's other examples need a real grammar
    rows = [r for r in capsys.readouterr().out.splitlines() if "'Alice saw Bob.'" in r]
    assert rows and all(
        ": ok passive.icons" in r and "Bob was seen by Alice." in r for r in rows
    ), rows


def test_rules_check_runs_examples_and_fails_wrong_ones(tmp_path, capsys):
    path = tmp_path / "demo.toml"
    path.write_text(
        GOOD.replace("MRS", ALICE).replace("EXPECT", ALICE)
    )  # expect = unchanged: wrong
    results = check_files([path])
    assert len(results) == 1 and not results[0].ok and "differs" in results[0].message
    assert cli(["rules", "check", str(path)]) == 1
    assert f"{path}:13: FAIL demo" in capsys.readouterr().out
    fixed = ALICE.replace("SF: prop", "SF: ques")
    path.write_text(GOOD.replace("MRS", ALICE).replace("EXPECT", fixed))
    assert cli(["rules", "check", str(path)]) == 0
    assert cli(["rules", "check"]) == 0  # the shipped rules


# -- the hybrid backend ----------------------------------------------------------------------------
@pytest.fixture
def fake_hybrid(tmp_path, monkeypatch):
    """A fake ACE that parses Alice's sentence and its future, and generates only the question."""
    monkeypatch.setenv("FAKE_ACE_DATA", "")
    from delphin.codecs import simplemrs

    rules = RuleSet.load()
    src = simplemrs.decode(ALICE)
    q = rules.apply("question", src, {}, ERG2018).mrs
    fut = rules.apply("tense", src, {"value": "fut"}, ERG2018).mrs
    data = {
        "parse": {"Alice saw Bob.": [ALICE], "Alice will see Bob.": [encode(fut)]},
        "generate": [[encode(q), ["Did Alice see Bob?"], ["(root_strict (2 hd_yesno_c))"]]],
    }
    return _fake_ace(tmp_path, data)


def test_hybrid_uses_the_erg_first_and_verifies_surface_candidates(fake_hybrid):
    from engine.backends.erg import ErgBackend
    from engine.backends.hybrid import HybridBackend

    with HybridBackend(erg=ErgBackend(grammar_info=fake_hybrid, workers=1)) as backend:
        recs = transform(["Alice saw Bob."], ["question", "tense(fut)", "negate"], backend=backend)
    q, fut, neg = recs
    assert (q["best"], q["details"]["produced_by"], q["candidates"][0]["origin"]) == (
        "Did Alice see Bob?",
        "erg",
        "erg",
    )
    # the ERG generates no future here; the surface candidate parses with exactly the target MRS
    assert fut["best"] == "Alice will see Bob." and fut["details"]["produced_by"] == "surface"
    assert fut["details"]["erg_judge"] == "verified" and fut["candidates"][0]["origin"] == "surface"
    # the ERG cannot parse the surface candidate: kept, with that evidence
    assert neg["best"] == "Alice did not see Bob." and neg["details"]["erg_judge"] == "no parse"


def test_hybrid_declares_the_union_of_what_both_realize(fake_hybrid):
    from engine.backends.erg import ErgBackend
    from engine.backends.hybrid import HybridBackend

    with HybridBackend(erg=ErgBackend(grammar_info=fake_hybrid, workers=1)) as backend:
        assert {"promote", "shorten", "swap", "cleft"} <= backend.supports
        rec = transform(["Alice saw Bob."], ["tense(past)"], backend=backend)[0]
    assert rec["reason"] == "unchanged: the sentence is already past tense"


def test_a_reading_the_checks_refuse_is_not_round_tripped(tmp_path, monkeypatch):
    """*saw* read as the tool: the record is no_parse with the reason, and the generator never
    sees the sentence (its round trip would only spend ACE's time)."""
    from engine.backends.erg import ErgBackend

    monkeypatch.setenv("FAKE_ACE_DATA", "")
    sawed = ALICE.replace("_see_v_1", "_saw_v_1")
    grammar = _fake_ace(
        tmp_path,
        {
            "parse": {
                "Alice saw Bob.": [sawed],
                "Alice met Bob.": [ALICE.replace("_see_v_1", "_meet_v_1")],
            },
            "generate": [],
        },
    )
    with ErgBackend(grammar_info=grammar, workers=1) as backend:
        recs = transform(["Alice saw Bob."], ["q"], backend=backend)
        assert recs[0]["status"] == "no_parse" and "main verb 'see'" in recs[0]["reason"]
        assert backend.pool.stats["generate"]["items"] == 0
        transform(["Alice met Bob."], ["q"], backend=backend)  # the question is generated
        assert backend.pool.stats["generate"]["items"] >= 1


def test_only_ties_and_big_readings_are_round_tripped(tmp_path, monkeypatch):
    """The round trip runs where it can change something: a single agreeing reading of a
    small MRS goes straight to its edits; two agreeing readings are round-tripped."""
    from engine.backends.erg import ErgBackend

    monkeypatch.setenv("FAKE_ACE_DATA", "")
    other = ALICE.replace(
        "proper_q LBL: h4", "udef_q LBL: h4"
    )  # another reading with the same words
    grammar = _fake_ace(
        tmp_path,
        {
            "parse": {
                "Alice saw Bob.": [ALICE],
                "Alice met Bob.": [
                    ALICE.replace("_see_v_1", "_meet_v_1"),
                    other.replace("_see_v_1", "_meet_v_1"),
                ],
            },
            "generate": [],
        },
    )
    with ErgBackend(grammar_info=grammar, workers=1) as backend:
        backend.analyze(["Alice saw Bob."])
        assert backend.pool.stats["generate"]["items"] == 0
        backend.analyze(["Alice met Bob."])
        assert backend.pool.stats["generate"]["items"] >= 1


@pytest.mark.parametrize(
    "options, limit",
    [
        ({"gen_timeout": 5}, 2),
        ({"gen_timeout": 1}, 1),
        ({"gen_timeout": 5, "round_trip_timeout": 4}, 4),
        ({}, 2),
    ],
)
def test_the_round_trip_limit(tmp_path, monkeypatch, options, limit):
    """Two seconds unless asked otherwise, and never more than a generation may take."""
    from engine.backends.erg import ErgBackend

    monkeypatch.setenv("FAKE_ACE_DATA", "")
    with ErgBackend(
        grammar_info=_fake_ace(tmp_path, {"parse": {}}), workers=1, **options
    ) as backend:
        assert backend.round_trip_limit == limit


@pytest.mark.parametrize("seconds, edited", [(0.0, True), (0.3, False)])
def test_a_slow_reading_that_gives_back_no_source_is_not_edited(
    tmp_path, monkeypatch, seconds, edited
):
    """Neither agreeing reading regenerates the source: where generating the one used took
    longer than SLOW_ROUND_TRIP, its edits are not sent to ACE (each would be as slow) and the
    record says why; where it was quick, they are."""
    from engine.backends.erg import ErgBackend
    from engine.erg import reading

    monkeypatch.setenv("FAKE_ACE_DATA", "")
    monkeypatch.setenv("FAKE_ACE_GEN_SECONDS", str(seconds))
    monkeypatch.setattr(reading, "SLOW_ROUND_TRIP", 0.2)
    met = ALICE.replace("_see_v_1", "_meet_v_1")
    other = met.replace("proper_q LBL: h4", "udef_q LBL: h4")
    grammar = _fake_ace(
        tmp_path,
        {
            "parse": {"Alice met Bob.": [met, other]},
            "generate": [[met, ["Bob was met by Alice."], ["(1 x)"]]],
        },
    )
    with ErgBackend(grammar_info=grammar, workers=1) as backend:
        rec = transform(["Alice met Bob."], ["q"], backend=backend)[0]
        trips = 2  # the reading used, then the other one
        assert backend.pool.stats["generate"]["items"] == (trips + 1 if edited else trips)
    if not edited:
        assert rec["status"] == "no_realization"
        assert (
            "no reading gives back the sentence" in rec["reason"]
            and "not attempted" in rec["reason"]
        )
    else:
        assert "not attempted" not in rec["reason"]


GENERATION_LINE = (
    '(:results . (((:result-id . 0)(:surface . "Kim said \\"hi\\".")  (:derivation ." (12 '
    'sb-hd_mc_c -1.5 0 3 (\\"kim\\" -1 \\"token [ +FORM string ]\\"))") (:mrs ."[ LTOP: h0 '
    ']")(:score . -17.57)) ((:result-id . 1)(:surface . "A back\\\\slash.") (:derivation ." (1 '
    'x)") (:mrs ."[ ]")(:score . 2)) )) '
    "(:readings . 2) (:pedges . 111) (:tgc . 0)   (:total . 8) (:treal . 9) (:tcpu . 8) (:others "
    ". 1041776) "
    '(:error . "timeout")'
)


@pytest.mark.parametrize(
    "line",
    [
        GENERATION_LINE,
        "(:results . ()) (:readings . 0) (:pedges . 504) (:total . 65) (:treal . 65) (:error . "
        '"input EP not in index")',
        # a parse's nested flags, and a field inside a result the fast reader does not know:
        # pydelphin reads those
        '(:ninputs . 1) (:results . (((:result-id . 0) (:mrs . "[ ]") (:flags ((:ascore . -3.5) '
        "(:probability . 0.5)))))) "
        "(:readings . 1) (:treal . 4)",
        '(:results . (((:result-id . 0) (:surface . "a") (:odd . 1)) ((:result-id . 1) (:surface '
        '. "b")))) (:readings . 2)',
    ],
)
def test_the_fast_reader_reads_ace_output_as_pydelphin_does(line):
    from delphin import ace, interface

    from engine.erg.ace import read_tsdb

    expected = ace._tsdb_response(interface.Response({"results": []}), line)
    assert dict(read_tsdb(interface.Response({"results": []}), line)) == dict(expected)
    if line is GENERATION_LINE:
        assert [r["surface"] for r in expected["results"]] == ['Kim said "hi".', "A back\\slash."]
