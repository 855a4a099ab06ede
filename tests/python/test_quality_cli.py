"""hashbench quality: the JSON record against docs/schema/quality.schema.json
and against the rule it states, same seed -> same report (whatever the
thread count), another seed -> other keys, the resumable --state file
(resumed after a cut, refused when it is another run's), bad input, and the
CSV, Markdown and table forms.  A few fast algorithms at the quick size keep
it short; the whole roster is run_tiers.py's quality tier."""
import csv
import io
import json
import re
import subprocess
import time

import jsonschema
import pytest
from conftest import BUILD, ROOT

SCHEMA = json.loads((ROOT / "docs" / "schema" / "quality.schema.json").read_text())
ALGOS = "djb2,xxh64,sha256"
TIMING = ("started", "wall_seconds", "peak_rss_kib", "threads", "jobs_resumed", "host", "build")


def run_json(hashbench, *args):
    p = hashbench("quality", "--quick", "-a", ALGOS, "--format", "json", *args)
    assert p.returncode == 0, p.stderr.decode()
    data = json.loads(p.stdout)
    jsonschema.validate(data, SCHEMA)
    return data, p.stderr.decode()


def untimed(data):
    """The report without what may differ between equal runs."""
    d = json.loads(json.dumps(data))
    for k in TIMING:
        d.pop(k, None)
    for a in d["algorithms"]:
        a.pop("seconds", None)
    return d


@pytest.fixture(scope="module")
def one_run(hashbench):
    return run_json(hashbench, "--seed", "7", "-j", "2")


def test_json_validates_and_follows_its_rule(one_run):
    data, err = one_run
    assert data["seed"] == 7 and data["mode"] == "quick" and data["config"]["log2_keys"] == 16
    assert "seed 7" in err
    assert [a["id"] for a in data["algorithms"]] == ALGOS.split(",")
    widths = {a["id"]: [w["bits"] for w in a["widths"]] for a in data["algorithms"]}
    # the full digest, and for digests over 64 bits the low 64 and 32 bits
    assert widths == {"djb2": [32], "xxh64": [64], "sha256": [256, 64, 32]}
    keyed = {a["id"]: a["keyed"] for a in data["algorithms"]}
    assert keyed == {"djb2": False, "xxh64": True, "sha256": False}
    for a in data["algorithms"]:
        assert a["pick"] in a["impls"]
        for w in a["widths"]:
            m = w["tests"]
            assert m == len(w["results"]) and m > 0
            fails = [r["p"] < data["rule"]["alpha"] / m for r in w["results"]]
            assert [r["failed"] for r in w["results"]] == fails
            assert w["failed"] == sum(fails)
            low = min(w["results"], key=lambda r: r["p"])
            assert w["worst"]["p"] == low["p"] and w["worst"]["test"] == low["test"]


def test_seed_tests_run_on_keyed_algorithms_only(hashbench, one_run):
    data, _ = one_run
    listing = hashbench("quality", "--list-tests", check=0).stdout.decode()
    keyed_tests = {line.split()[0] for line in listing.splitlines()[1:] if line.split()[1] == "keyed"}
    every = {line.split()[0] for line in listing.splitlines()[1:]}
    for a in data["algorithms"]:
        ran = {r["test"] for w in a["widths"] for r in w["results"]}
        assert ran <= every
        if a["keyed"]:
            assert keyed_tests <= ran, a["id"]
        else:
            assert not (ran & keyed_tests), a["id"]


def test_same_seed_same_report_whatever_the_threads(hashbench, one_run):
    again, _ = run_json(hashbench, "--seed", "7", "-j", "1")
    assert untimed(again) == untimed(one_run[0])
    # more threads than CPUs, the smallest memory budget: jobs wait for room, the report is the same
    tight, _ = run_json(hashbench, "--seed", "7", "-j", "5", "--max-memory", "16")
    assert untimed(tight) == untimed(one_run[0])


def test_another_seed_draws_other_keys(hashbench, one_run):
    other, _ = run_json(hashbench, "--seed", "8")
    assert other["seed"] == 8

    def stats(d):
        return [(r["test"], r["variant"], r["statistic"]) for a in d["algorithms"]
                for w in a["widths"] for r in w["results"]]
    a, b = stats(one_run[0]), stats(other)
    assert [x[:2] for x in a] == [x[:2] for x in b]      # the same tests ...
    assert a != b                                         # ... on other keys


def test_random_seed_is_printed_and_recorded(hashbench):
    data, err = run_json(hashbench, "--seed", "random")
    m = re.search(r"seed (\d+)", err)
    assert m and int(m.group(1)) == data["seed"]


def test_state_resumes_a_cut_run(hashbench, tmp_path, one_run):
    state = tmp_path / "run.state"
    full, _ = run_json(hashbench, "--seed", "7", "--state", state)
    lines = state.read_text().splitlines(keepends=True)
    jobs = len(lines) - 1
    assert jobs == full["jobs"] and full["jobs_resumed"] == 0
    assert untimed(full) == untimed(one_run[0])
    # as a kill leaves it: two jobs done and a third cut mid-line
    state.write_text("".join(lines[:3]) + lines[3][: len(lines[3]) // 2])
    resumed, _ = run_json(hashbench, "--seed", "7", "--state", state)
    assert resumed["jobs_resumed"] == 2
    assert untimed(resumed) == untimed(full)
    after = state.read_text().splitlines()
    assert len(after) == jobs + 1 and all(l.endswith("}") for l in after)
    # all done: a rerun runs nothing and says the same
    third, _ = run_json(hashbench, "--seed", "7", "--state", state)
    assert third["jobs_resumed"] == jobs and untimed(third) == untimed(full)


def test_state_survives_a_real_kill(hashbench, tmp_path):
    state = tmp_path / "killed.state"
    exe = BUILD / "hashbench"
    cmd = [str(exe), "quality", "--quick", "-a", "sha256,md5,sha1", "-j", "1",
           "--state", str(state), "--format", "json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while time.time() < deadline and proc.poll() is None:
        if state.exists() and len(state.read_text().splitlines()) >= 3:
            break
        time.sleep(0.01)
    proc.kill()
    proc.wait()
    done_before = len(state.read_text().splitlines()) - 1
    p = subprocess.run(cmd, capture_output=True, check=True)
    data = json.loads(p.stdout)
    jsonschema.validate(data, SCHEMA)
    assert data["jobs_resumed"] >= min(done_before, 1)
    assert len(state.read_text().splitlines()) == data["jobs"] + 1


def test_state_of_another_run_is_refused(hashbench, tmp_path):
    state = tmp_path / "s.state"
    hashbench("quality", "--quick", "-a", "djb2", "--seed", "3", "--state", state, check=0)
    before = state.read_bytes()
    for args in (["--quick", "--seed", "4"], ["--seed", "3"]):     # another seed; the full size
        p = hashbench("quality", "-a", "djb2", "--state", state, *args)
        assert p.returncode == 2
        assert b"another run" in p.stderr and b"seed" in p.stderr
        assert state.read_bytes() == before
    junk = tmp_path / "junk"
    junk.write_text("not a state file\n")
    p = hashbench("quality", "--quick", "-a", "djb2", "--state", junk)
    assert p.returncode == 2 and b"not a hashbench quality state file" in p.stderr
    bad_line = tmp_path / "bad-line"
    bad_line.write_bytes(before + b"{\"subject\": 12}\n")
    p = hashbench("quality", "--quick", "-a", "djb2", "--seed", "3", "--state", bad_line)
    assert p.returncode == 2 and b"not a finished job" in p.stderr


@pytest.mark.parametrize("args, says", [
    (["-a", "no-such-hash"], b"no-such-hash"),
    (["--seed", "abc"], b"--seed"),
    (["--seed", "-1"], b"--seed"),
    (["--seed", "18446744073709551616"], b"--seed"),
    (["--format", "xml"], b"--format"),
    (["--jobs", "0"], b"--jobs"),
    (["--save", "/nonexistent-dir/q.json"], b"/nonexistent-dir"),
    (["--state", "/nonexistent-dir/q.state"], b"/nonexistent-dir"),
    (["stray"], b"unexpected argument"),
    (["--test", "no-such-test"], b"--test"),
    (["--max-memory", "1"], b"--max-memory"),
    (["--bogus"], b"usage"),
])
def test_bad_input_is_refused(hashbench, args, says):
    p = hashbench("quality", "--quick", "-a", "djb2", *args)
    assert p.returncode == 2, p.stderr
    assert says in p.stderr
    assert p.stdout == b""


def test_csv_md_table_and_save(hashbench, tmp_path, one_run):
    data, _ = one_run
    rows = [(a["id"], w) for a in data["algorithms"] for w in a["widths"]]
    p = hashbench("quality", "--quick", "-a", ALGOS, "--seed", "7", "--format", "csv", check=0)
    got = list(csv.DictReader(io.StringIO(p.stdout.decode())))
    assert [(r["algorithm"], int(r["width"]), int(r["tests"]), int(r["failed"])) for r in got] == \
        [(a, w["bits"], w["tests"], w["failed"]) for a, w in rows]
    assert all(r["seed"] == "7" and r["mode"] == "quick" for r in got)
    save = tmp_path / "saved.json"
    p = hashbench("quality", "--quick", "-a", ALGOS, "--seed", "7", "--format", "md", "--save", save, check=0)
    md = [l for l in p.stdout.decode().splitlines() if l.startswith("| ")]
    assert len(md) == 1 + len(rows)
    cells = [[c.strip() for c in l.strip("|").split("|")] for l in md[1:]]
    assert [(c[0], int(c[1]), int(c[4])) for c in cells] == [(a, w["bits"], w["failed"]) for a, w in rows]
    saved = json.loads(save.read_text())
    jsonschema.validate(saved, SCHEMA)
    assert untimed(saved) == untimed(data)
    p = hashbench("quality", "--quick", "-a", ALGOS, "--seed", "7", check=0)
    table = p.stdout.decode()
    assert re.search(r"^djb2\s+32\s+not keyed\s+\d+\s+\d+", table, re.M)
    assert re.search(r"^xxh64\s+64\s+8-byte seed\s+\d+\s+\d+", table, re.M)
    assert "seed 7" in table


def test_one_test_alone(hashbench, one_run):
    """--test runs one test: the same results as in the whole battery (its
    keys depend on the seed and the test alone), judged among fewer tests."""
    data, _ = one_run
    first = data["algorithms"][0]["widths"][0]["results"][-1]["test"]
    alone, _ = run_json(hashbench, "--seed", "7", "--test", first)

    def bare(results):
        return [{k: v for k, v in r.items() if k != "failed"} for r in results if r["test"] == first]
    for a, b in zip(alone["algorithms"], data["algorithms"]):
        for wa, wb in zip(a["widths"], b["widths"]):
            assert {r["test"] for r in wa["results"]} == {first}
            assert bare(wa["results"]) == bare(wb["results"])
