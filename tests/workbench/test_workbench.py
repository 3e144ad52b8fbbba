"""The rule workbench (``seam serve``): every API endpoint, hostile input, rule files written
only inside the rules folder and atomically, and the page driven in a real headless browser
(Chromium through Selenium), saving a screenshot of each view for the docs. Offline (recorded
parses) everywhere; the browser test runs live too where ACE and an ERG image are found."""

from __future__ import annotations

import shutil
import socket
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from engine.resources import rules_dir  # noqa: E402
from engine.workbench.app import MAX_BODY, create_app  # noqa: E402
from engine.workbench.bench import Workbench  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "images" / "workbench"
SENTENCE = "The farmer sold the old tractor."


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    """A copy of the shipped rule files: the tests write to it, never to rules/mrs."""
    folder = tmp_path_factory.mktemp("rules")
    for path in (rules_dir() / "mrs").glob("*.toml"):
        shutil.copy(path, folder / path.name)
    return folder


@pytest.fixture(scope="module")
def bench(rules):
    wb = Workbench(rules, live=False)
    yield wb
    wb.close()


PORT = 8765


@pytest.fixture(scope="module")
def app(bench):
    return create_app(bench, port=PORT)


@pytest.fixture(scope="module")
def client(app):
    """A client as the page is: on the server's own address, sending back the run's token."""
    return TestClient(app, base_url=f"http://127.0.0.1:{PORT}", headers={"X-Seam-Token": app.token})


def test_the_page_and_the_status(client):
    page = client.get("/")
    assert page.status_code == 200 and "Seam workbench" in page.text
    assert "http://" not in page.text.replace("http://www.w3.org", "")  # nothing from the network
    status = client.get("/api/status").json()
    assert status["live"] is False and "offline" in status["offline"]
    assert SENTENCE in status["recorded"]
    assert {"passive", "tense", "negation"} <= {f["name"] for f in status["families"]}


def test_a_sentence_gives_its_ir_and_its_readings_with_the_one_seam_uses(client):
    out = client.post("/api/analyze", json={"text": SENTENCE}).json()
    main = out["ir"]["frames"][out["ir"]["main"]]
    assert main["predicate"]["lemma"] == "sell" and main["predicate"]["tense"] == "past"
    assert [r["chosen"] for r in out["readings"]] == [True]
    assert out["why"] == "first reading" and out["source"].startswith("recorded")
    svg = out["readings"][0]["svg"]
    assert svg.startswith("<svg") and "_sell_v_1" in svg and "ARG1" in svg


def test_a_sentence_without_a_recorded_parse_still_gets_its_ir(client):
    out = client.post("/api/analyze", json={"text": "Seven geese crossed the road."}).json()
    assert out["readings"] == [] and "no recorded parse" in out["source"]
    assert out["ir"]["frames"]


def test_a_transformation_shows_every_backend_and_what_the_rules_did(client):
    out = client.post("/api/apply", json={"text": SENTENCE, "expression": "negate"}).json()
    assert out["backends"]["surface"]["best"] == "The farmer did not sell the old tractor."
    [effect] = out["erg"]
    [variant] = effect["variants"]
    assert variant["rules"] == "negation.sentential"
    assert "neg" in " ".join(variant["changes"].get("added", []))
    assert 'fill="#ffe9a8"' in variant["svg"]  # the added predication is highlighted
    refused = client.post(
        "/api/apply",
        json={"text": "Our teacher will explain the rules.", "expression": "tense(fut)"},
    ).json()
    assert refused["erg"][0]["outcome"]["reason"]  # already future: the refusal says why


def test_a_worked_example_is_added_checked_and_kept_only_in_the_rules_folder(client, rules):
    before = (rules / "negation.toml").read_text(encoding="utf-8")
    shipped = (rules_dir() / "mrs" / "negation.toml").read_text(encoding="utf-8")
    out = client.post(
        "/api/rules/negation.toml/example",
        json={
            "rule": "negation.sentential",
            "sentence": SENTENCE,
            "realization": "The farmer did not sell the old tractor.",
        },
    ).json()
    assert out["written"] is True and all(r["ok"] for r in out["check"])
    after = (rules / "negation.toml").read_text(encoding="utf-8")
    assert after.startswith(before.rstrip()) and '"The farmer sold the old tractor."' in after
    assert (rules_dir() / "mrs" / "negation.toml").read_text(encoding="utf-8") == shipped
    rows = client.post("/api/check", json={}).json()["rows"]
    assert rows and all(r["ok"] for r in rows)
    assert not list(rules.glob(".*.tmp"))  # the atomic write left nothing behind


def test_an_edit_is_compared_with_the_saved_rules_on_a_corpus(client, rules):
    saved = client.get("/api/rules/negation.toml").json()["text"]
    edited = saved.replace('name = "negation.sentential"', 'name = "negation.plain"')
    out = client.post(
        "/api/rules/negation.toml/regress", json={"text": edited, "expression": "negate"}
    ).json()
    assert out["sentences"] == 8 and out["changes"]  # the recorded sentences
    assert {c["change"] for c in out["changes"]} == {"different"}
    [change] = [c for c in out["changes"] if c["sentence"] == SENTENCE]
    assert change["before"]["made"][0].startswith("negation.sentential:")
    assert change["after"]["made"][0].startswith("negation.plain:")
    assert (rules / "negation.toml").read_text(encoding="utf-8") == saved  # nothing written
    mine = client.post(
        "/api/rules/negation.toml/regress",
        json={"text": saved, "expression": "negate", "corpus": [SENTENCE]},
    ).json()
    assert mine["sentences"] == 1 and mine["changes"] == []
    too_many = client.post(
        "/api/rules/negation.toml/regress",
        json={"text": saved, "expression": "negate", "corpus": ["A b."] * 201},
    )
    assert too_many.status_code == 400 and "at most" in too_many.json()["error"]


def test_the_live_check_says_it_needs_a_grammar_offline(client):
    out = client.post("/api/check", json={"live": True})
    assert out.status_code == 400 and "needs ACE" in out.json()["error"]


def test_broken_rule_text_is_reported_with_its_line_and_never_written(client, rules):
    opened = client.get("/api/rules/tense.toml").json()
    good = opened["text"]
    broken = good.replace("[[rule]]", "[[rule]]\nbogus_key = 1", 1)
    out = client.post(
        "/api/rules/tense.toml/save", json={"text": broken, "version": opened["version"]}
    ).json()
    rows = out["rows"]
    assert out["written"] is False
    assert rows and not rows[0]["ok"] and rows[0]["line"] and "bogus_key" in rows[0]["message"]
    assert (rules / "tense.toml").read_text(encoding="utf-8") == good
    rows = client.post("/api/rules/tense.toml/validate", json={"text": "[[rule"}).json()["rows"]
    assert not rows[0]["ok"]


@pytest.mark.parametrize(
    "path, body, status, says",
    [
        ("/api/analyze", {"text": "x" * 5000}, 400, "at most"),
        ("/api/analyze", {"text": ""}, 400, "give a sentence"),
        ("/api/analyze", {"text": ["a list"]}, 400, "give a sentence"),
        ("/api/apply", {"text": SENTENCE, "expression": "fly(away)"}, 400, "unknown"),
        ("/api/apply", {"text": SENTENCE}, 400, "expression"),
        (
            "/api/rules/..passwd.toml/example",
            {"rule": "x", "sentence": SENTENCE},
            400,
            "not a rule file name",
        ),
        (
            "/api/rules/negation.toml/example",
            {"rule": "nope", "sentence": SENTENCE},
            400,
            "no rule",
        ),
        ("/api/rules/a b.toml/validate", {"text": "x"}, 400, "not a rule file name"),
    ],
)
def test_hostile_input_is_a_clear_error(client, path, body, status, says):
    out = client.post(path, json=body)
    assert out.status_code == status and says in out.json()["error"]


def test_a_huge_body_or_broken_json_is_refused(client):
    json_type = {"Content-Type": "application/json"}
    big = client.post(
        "/api/analyze", content=b"{" + b" " * (MAX_BODY + 1) + b"}", headers=json_type
    )
    assert big.status_code == 413 and "at most" in big.json()["error"]
    broken = client.post("/api/analyze", content=b"{not json", headers=json_type)
    assert broken.status_code == 400 and "not JSON" in broken.json()["error"]


def test_many_requests_at_once_neither_fail_nor_corrupt_a_rule_file(client, rules):
    opened = client.get("/api/rules/modality.toml").json()
    text = opened["text"]

    def save(_):
        sent = {"text": text, "version": opened["version"]}
        return client.post("/api/rules/modality.toml/save", json=sent).status_code

    def analyze(_):
        return client.post("/api/analyze", json={"text": SENTENCE}).status_code

    with ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(save, range(12))) + list(pool.map(analyze, range(12)))
    assert set(codes) == {200}
    assert (rules / "modality.toml").read_text(encoding="utf-8") == text


# -- the page in a real browser ----------------------------------------------------------------


def _driver():
    webdriver = pytest.importorskip("selenium.webdriver")
    driver_path = shutil.which("chromedriver")
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not driver_path or not browser:
        pytest.skip("no chromium and chromedriver on this machine (Debian: chromium-driver)")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1600"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(driver_path), options=options)


def _serve(bench):
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(bench, port=port), host="127.0.0.1", port=port, log_level="warning"
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not server.started and time.time() < deadline:
        time.sleep(0.05)
    return server, thread, f"http://127.0.0.1:{port}/"


def _walk_the_page(bench, shots: Path | None, prefix: str):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    server, thread, url = _serve(bench)
    driver = _driver()
    from selenium.common.exceptions import StaleElementReferenceException

    # a view re-rendered between finding an element and reading it is looked up again
    wait = WebDriverWait(driver, 60, ignored_exceptions=[StaleElementReferenceException])
    try:
        driver.get(url)
        wait.until(lambda d: "loading" not in d.find_element(By.ID, "status").text)
        box = driver.find_element(By.ID, "sentence")
        box.clear()
        box.send_keys(SENTENCE)
        driver.find_element(By.ID, "analyze").click()
        wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "#analysis svg.dmrs")))
        assert "sell" in driver.find_element(By.ID, "ir").text
        assert driver.find_elements(By.CSS_SELECTOR, ".reading.chosen")
        if shots:
            driver.save_screenshot(str(shots / f"{prefix}1-analysis.png"))
        expr = driver.find_element(By.ID, "expression")
        expr.clear()
        expr.send_keys("negate")
        driver.find_element(By.ID, "apply").click()
        wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "#effect .variant svg")))
        assert "did not sell" in driver.find_element(By.ID, "backends").text
        if shots:
            driver.save_screenshot(str(shots / f"{prefix}2-effect.png"))
        driver.find_element(By.CSS_SELECTOR, ".add-example").click()
        wait.until(lambda d: d.find_element(By.CSS_SELECTOR, ".example-result").text)
        assert (
            "added to negation.toml" in driver.find_element(By.CSS_SELECTOR, ".example-result").text
        )
        driver.find_element(By.ID, "check-all").click()
        wait.until(ec.presence_of_element_located((By.ID, "check-summary")))
        assert ", 0 failed" in driver.find_element(By.ID, "check-summary").text
        from selenium.webdriver.support.ui import Select

        Select(driver.find_element(By.ID, "family")).select_by_visible_text("tense")
        Select(driver.find_element(By.CSS_SELECTOR, ".family-param")).select_by_visible_text("fut")
        driver.find_element(By.ID, "apply-family").click()
        wait.until(ec.presence_of_element_located((By.ID, "family-result")))
        assert "applied" in driver.find_element(By.ID, "effect").text
        Select(driver.find_element(By.ID, "rule-file")).select_by_visible_text("negation.toml")
        driver.find_element(By.ID, "load-rule").click()
        wait.until(lambda d: d.find_element(By.ID, "rule-text").get_attribute("value"))
        assert "The farmer sold the old tractor." in driver.find_element(
            By.ID, "rule-text"
        ).get_attribute("value")  # the example added above
        driver.find_element(By.ID, "save-rule").click()  # a write: the token and the version
        wait.until(ec.presence_of_element_located((By.ID, "save-result")))
        assert "saved negation.toml" in driver.find_element(By.ID, "save-result").text
        if shots:
            driver.save_screenshot(str(shots / f"{prefix}3-rules.png"))
        driver.execute_script(  # the sentential rule made to match nothing
            "const t = document.getElementById('rule-text');"
            "const n = 'name = \"negation.sentential\"\\n';"
            "const [head, tail] = t.value.split(n);"
            "t.value = head + n + tail.replace('V = { index = true }',"
            " 'V = { index = true, pred = \"_never_v_1\" }');"
        )
        corpus = Path(tempfile.mkdtemp()) / "corpus.txt"
        corpus.write_text(SENTENCE + "\n", encoding="utf-8")
        driver.find_element(By.ID, "corpus-file").send_keys(str(corpus))  # an uploaded file
        wait.until(lambda d: d.find_element(By.ID, "corpus").get_attribute("value").strip())
        driver.find_element(By.ID, "regress").click()
        wait.until(ec.presence_of_element_located((By.ID, "regress-summary")))
        assert "1 of 1 sentences changed" in driver.find_element(By.ID, "regress-summary").text
        assert "disappeared" in driver.find_element(By.ID, "regression").text
        if shots:
            driver.execute_script("document.getElementById('regression').scrollIntoView()")
            driver.save_screenshot(str(shots / f"{prefix}4-regression.png"))
    finally:
        driver.quit()
        server.should_exit = True
        thread.join(timeout=10)


def test_the_page_in_a_headless_browser(bench):
    SHOTS.mkdir(parents=True, exist_ok=True)
    _walk_the_page(bench, SHOTS, "")


@pytest.mark.ace
def test_the_page_in_a_headless_browser_on_a_live_grammar(rules, tmp_path):
    from engine.erg.grammar import find_grammar
    from engine.errors import GrammarError

    try:
        find_grammar()
    except GrammarError as exc:
        pytest.skip(f"no live ACE and ERG image: {exc}")
    live = tmp_path / "rules"
    shutil.copytree(rules, live)
    wb = Workbench(live, live=True)
    try:
        assert wb.erg is not None
        _walk_the_page(wb, None, "live-")
    finally:
        wb.close()


def test_a_rule_family_applies_directly_with_its_parameters(client):
    out = client.post(
        "/api/family",
        json={"text": SENTENCE, "family": "tense", "params": {"value": "fut"}},
    ).json()
    assert out["params"] == {"value": "fut"}
    applied = [r for r in out["rules"] if r["status"] == "applied"]
    assert applied and "fut" in str(applied[0]["changes"]) and applied[0]["svg"].startswith("<svg")
    bad = client.post(
        "/api/family", json={"text": SENTENCE, "family": "tense", "params": {"value": "someday"}}
    )
    assert bad.status_code == 400 and "must be one of" in bad.json()["error"]
    unknown = client.post("/api/family", json={"text": SENTENCE, "family": "teleport"})
    assert unknown.status_code == 400 and "no rule family" in unknown.json()["error"]


def test_serve_seeds_a_user_rules_folder_and_never_replaces_a_users_file(tmp_path, monkeypatch):
    from engine.resources import rules_dir, seed_user_rules, user_rules_dir

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = user_rules_dir()
    assert folder == tmp_path / "seam" / "rules" / "mrs"
    shipped = sorted(p.name for p in (rules_dir() / "mrs").glob("*.toml"))
    target, copied = seed_user_rules()
    assert target == folder and copied == len(shipped) > 0
    assert sorted(p.name for p in folder.glob("*.toml")) == shipped
    mine = folder / shipped[0]
    mine.write_text("# my edit\n")
    _, copied = seed_user_rules()
    assert copied == 0 and mine.read_text() == "# my edit\n"
    assert not str(folder).startswith(str(rules_dir()))
