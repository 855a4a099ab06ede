"""hashbench tune and the profile `best` follows (docs/tune.md).

A profile is taken only when it was made on this machine by this build; a
corrupt, truncated, foreign or stale one is refused with exactly one warning
line, and whatever the profile picks, the digests stay right.  Speed is
never asserted here: only which implementation runs and what it computes.
"""
import hashlib
import json
import os
import subprocess
from pathlib import Path

import jsonschema
import pytest

from conftest import BUILD, ROOT, workload, workload_digests

EXE = str(BUILD / "hashbench")
PROFILE_SCHEMA = json.loads((ROOT / "docs" / "schema" / "profile.schema.json").read_text())
RESULTS_SCHEMA = json.loads((ROOT / "docs" / "schema" / "results.schema.json").read_text())
QUICK = ("--budget", "1", "--repeat", "1")


def env_for(cache, **extra):
    env = dict(os.environ, XDG_CACHE_HOME=str(cache), **extra)
    if "HB_NO_PROFILE" not in extra:
        env.pop("HB_NO_PROFILE", None)
    return env


def run(cache, *args, env_extra=None, check=None, **kw):
    p = subprocess.run([EXE, *map(str, args)], capture_output=True, env=env_for(cache, **(env_extra or {})), **kw)
    if check is not None:
        assert p.returncode == check, (p.returncode, p.stdout[-2000:], p.stderr[-2000:])
    return p


def profile_warnings(stderr):
    return [l for l in stderr.decode().splitlines() if "warning: profile" in l]


@pytest.fixture(scope="module")
def listing(tmp_path_factory):
    cache = tmp_path_factory.mktemp("empty-cache")
    return {a["id"]: a for a in json.loads(run(cache, "list", "--format", "json", check=0).stdout)}


def own_impls(entry):
    """the implementations tune measures: available, not a peer"""
    return [i["name"] for i in entry["implementations"] if i["available"] and i["rank"] >= 0]


@pytest.fixture(scope="module")
def tuned(tmp_path_factory):
    """a real (small) tune: its cache folder and the profile's path"""
    cache = tmp_path_factory.mktemp("tuned-cache")
    run(cache, "tune", "-a", "crc32,sha256,blake2b", "-s", "64,1K", *QUICK, check=0)
    files = list((cache / "hashbench").glob("profile-*.json"))
    assert len(files) == 1, files
    return cache, files[0]


def crafted(tmp_path, tuned, algorithms=None, text=None, **key_changes):
    """a cache holding a profile at this machine's path: the tuned one's key
    (changed as asked) with these algorithms, or this text"""
    cache = tmp_path / "cache"
    (cache / "hashbench").mkdir(parents=True)
    path = cache / "hashbench" / tuned[1].name
    if text is None:
        doc = json.loads(tuned[1].read_text())
        doc["key"].update(key_changes)
        if algorithms is not None:
            doc["algorithms"] = algorithms
        text = json.dumps(doc, indent=1)
    path.write_text(text)
    return cache, path


def with_figures(path):
    """the profile at path with the figures of its companion file
    (figures-KEY.json beside profile-KEY.json) put back in each size"""
    doc = json.loads(path.read_text())
    figures = json.loads((path.parent / path.name.replace("profile-", "figures-", 1)).read_text())
    assert figures["format"] == "hashbench-profile-figures" and figures["profile"] == path.name
    assert all("mb_per_s" not in s for a in doc["algorithms"] for s in a["sizes"])
    by_id = {a["id"]: {s["size"]: s["mb_per_s"] for s in a["sizes"]} for a in figures["algorithms"]}
    for a in doc["algorithms"]:
        for s in a["sizes"]:
            s["mb_per_s"] = by_id[a["id"]][s["size"]]
    return doc


def test_tune_writes_a_profile_that_fits_its_schema(tuned, listing):
    cache, path = tuned
    jsonschema.Draft202012Validator.check_schema(PROFILE_SCHEMA)
    jsonschema.validate(json.loads(path.read_text()), PROFILE_SCHEMA)
    doc = with_figures(path)
    jsonschema.validate(doc, PROFILE_SCHEMA)
    assert [a["id"] for a in doc["algorithms"]] == ["crc32", "sha256", "blake2b"]
    for a in doc["algorithms"]:
        assert [s["size"] for s in a["sizes"]] == [64, 1024]
        for k, s in enumerate(a["sizes"]):
            # every implementation this CPU runs was measured, no peer (at the
            # larger sizes, those a third as fast as the fastest are left out)
            if k == 0:
                assert sorted(s["mb_per_s"]) == sorted(own_impls(listing[a["id"]]))
            else:
                assert set(s["mb_per_s"]) <= set(a["sizes"][k - 1]["mb_per_s"])
                before = a["sizes"][k - 1]["mb_per_s"]
                top = max(f["best"] for f in before.values())
                assert {n for n, f in before.items() if f["best"] >= top / 3} <= set(s["mb_per_s"])
            assert s["static_pick"] in s["mb_per_s"]
            assert s["pick"] in s["mb_per_s"]
            assert s["static_pick"] == listing[a["id"]]["best"]
            top = max(f["best"] for f in s["mb_per_s"].values())
            assert s["mb_per_s"][s["pick"]]["best"] * 1.03 >= top
            assert all(f["best"] >= f["median"] for f in s["mb_per_s"].values())
    assert doc["key"]["cpu_tuning"] == listing["sha256"]["cpu_tuning"]
    assert run(cache, "tune", "--check", check=0).stdout.startswith(b"profile: " + str(path).encode())


def test_tune_check_without_profile(tmp_path):
    p = run(tmp_path, "tune", "--check", check=1)
    assert b"none for this machine" in p.stdout
    assert p.stderr == b""


def test_no_profile_is_silent_and_ranks_pick(tmp_path, listing):
    p = run(tmp_path, "list", "--format", "json", check=0)
    assert p.stderr == b""
    assert all(a["pick_source"] == "ranks" and a["profile_picks"] == [] for a in json.loads(p.stdout))


def test_list_says_profile_or_ranks(tuned):
    cache, path = tuned
    p = run(cache, "list", check=0)
    assert p.stderr == b""
    lines = p.stdout.decode().splitlines()
    assert str(path) in lines[0]
    rows = {l.split()[0]: l for l in lines[1:]}
    for algo in ("crc32", "sha256", "blake2b"):
        assert "[profile: " in rows[algo], rows[algo]
    assert rows["md5"].endswith("[ranks]")
    data = {a["id"]: a for a in json.loads(run(cache, "list", "--format", "json", check=0).stdout)}
    doc = {a["id"]: a for a in json.loads(path.read_text())["algorithms"]}
    assert data["sha256"]["pick_source"] == "profile"
    assert data["sha256"]["profile_picks"] == [{"size": s["size"], "implementation": s["pick"]}
                                              for s in doc["sha256"]["sizes"]]
    assert data["md5"]["pick_source"] == "ranks"
    for off in ({"args": ["--no-profile"]}, {"env": {"HB_NO_PROFILE": "1"}}):
        q = run(cache, "list", "--format", "json", *off.get("args", []), env_extra=off.get("env"), check=0)
        assert q.stderr == b""
        assert all(a["pick_source"] == "ranks" for a in json.loads(q.stdout))


def test_each_implementation_picked_gives_verified_digests(tmp_path, tuned, listing):
    """round k: every algorithm's profile picks its k-th own implementation
    at every size; sum and bench must run exactly it, with the right digest"""
    data = tmp_path / "workload"
    data.write_bytes(workload(1024))
    want = workload_digests()
    rounds = max(len(own_impls(a)) for a in listing.values())
    algos = list(listing)
    for k in range(rounds):
        picks = {a: own_impls(listing[a])[k % len(own_impls(listing[a]))] for a in algos}
        cache, _ = crafted(tmp_path / f"round{k}", tuned, algorithms=[
            {"id": a, "sizes": [{"size": 64, "pick": picks[a]}, {"size": 1048576, "pick": picks[a]}]}
            for a in algos])
        for a in algos:
            p = run(cache, "sum", "-a", a, "--threads", "1", "-v", data, check=0)
            assert p.stdout.split()[0].decode() == want[a], (a, picks[a])
            assert f"{a}/{picks[a]}, 1 thread".encode() in p.stderr, (a, picks[a], p.stderr)
            assert b"picked by this machine's profile" in p.stderr
            assert not profile_warnings(p.stderr)
        p = run(cache, "bench", "-a", ",".join(algos), "-s", "1K", *QUICK, "--format", "json", check=0)
        doc = json.loads(p.stdout)
        assert doc["context"]["profile"]["path"].endswith(tuned[1].name)
        got = {r["algorithm"]: r for r in doc["results"]}
        assert set(got) == set(algos)
        for a in algos:
            assert got[a]["implementation"] == picks[a], (a, got[a]["implementation"], picks[a])
            assert got[a]["digest"] == want[a], (a, picks[a])


def test_bench_best_follows_the_profile_per_size(tmp_path, tuned, listing):
    impls = own_impls(listing["crc32"])
    assert len(impls) >= 2
    cache, _ = crafted(tmp_path, tuned, algorithms=[
        {"id": "crc32", "sizes": [{"size": 64, "pick": impls[0]}, {"size": 65536, "pick": impls[1]}]}])
    p = run(cache, "bench", "-a", "crc32", "-s", "64,100,1K,40K,1M", *QUICK, "--format", "json", check=0)
    picked = {r["size"]: r["implementation"] for r in json.loads(p.stdout)["results"]}
    # nearest measured size by ratio: 1K is nearer 64 (16x) than 64K (64x)
    assert picked == {64: impls[0], 100: impls[0], 1024: impls[0], 40960: impls[1], 1048576: impls[1]}


def test_record_names_the_profile(tmp_path, tuned):
    cache, path = tuned
    p = run(cache, "bench", "-a", "sha256", "-s", "64", *QUICK, "--format", "json", check=0)
    doc = json.loads(p.stdout)
    jsonschema.validate(doc, RESULTS_SCHEMA)
    prof = doc["context"]["profile"]
    assert prof["path"] == str(path)
    assert prof["id"] == hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    assert prof["build"] == json.loads(path.read_text())["key"]["build"]
    q = run(cache, "bench", "--no-profile", "-a", "sha256", "-s", "64", *QUICK, "--format", "json", check=0)
    assert json.loads(q.stdout)["context"]["profile"] is None


def unavailable_impl(listing):
    for a in listing.values():
        for i in a["implementations"]:
            if not i["available"]:
                return a["id"], i["name"]
    return None


def peer_impl(listing):
    for a in listing.values():
        for i in a["implementations"]:
            if i["rank"] < 0 and i["available"]:
                return a["id"], i["name"]
    return None


def bad_profiles(tuned, listing):
    good = tuned[1].read_text()
    doc = json.loads(good)
    out = {
        "corrupt": dict(text="{ this is not json"),
        "control-bytes": dict(text='{"format": "hashbench-profile", "format_version": 1, "key": \x01\n\x1b[2J\xff}'),
        "truncated": dict(text=good[: len(good) // 2]),
        "empty": dict(text=""),
        "not-a-profile": dict(text='{"format": "something else", "format_version": 1}'),
        "foreign-cpu": dict(cpu_model=doc["key"]["cpu_model"] + "0"),
        "foreign-microcode": dict(cpu_microcode="0xdeadbeef"),
        "foreign-features": dict(features=doc["key"]["features"] + " avx512f"),
        "foreign-build": dict(build="0.1.0 build-id 00112233445566778899aabbccddeeff00112233"),
        "stale-impl": dict(algorithms=[{"id": "sha256", "sizes": [{"size": 64, "pick": "no-such-impl"}]}]),
        "stale-algo": dict(algorithms=[{"id": "sha1024", "sizes": [{"size": 64, "pick": "portable"}]}]),
        "unsorted-sizes": dict(algorithms=[{"id": "sha256", "sizes": [{"size": 1024, "pick": "portable"},
                                                                      {"size": 64, "pick": "portable"}]}]),
    }
    if unavailable_impl(listing):
        a, i = unavailable_impl(listing)
        out["not-on-this-cpu"] = dict(algorithms=[{"id": a, "sizes": [{"size": 64, "pick": i}]}])
    if peer_impl(listing):
        a, i = peer_impl(listing)
        out["peer"] = dict(algorithms=[{"id": a, "sizes": [{"size": 64, "pick": i}]}])
    return out


@pytest.mark.parametrize("kind", ["corrupt", "control-bytes", "truncated", "empty", "not-a-profile", "foreign-cpu",
                                  "foreign-microcode", "foreign-features", "foreign-build", "stale-impl",
                                  "stale-algo", "unsorted-sizes", "not-on-this-cpu", "peer"])
def test_refused_profile_warns_once_and_ranks_pick(tmp_path, tuned, listing, kind):
    cases = bad_profiles(tuned, listing)
    if kind not in cases:
        pytest.skip(f"no such implementation on this machine for {kind}")
    cache, path = crafted(tmp_path, tuned, **cases[kind])
    data = tmp_path / "workload"
    data.write_bytes(workload(1024))
    want = workload_digests()

    p = run(cache, "sum", "-a", "sha256", "-v", data, check=0)
    assert p.stdout.split()[0].decode() == want["sha256"]
    warnings = profile_warnings(p.stderr)
    assert len(warnings) == 1, p.stderr
    assert warnings[0].startswith(f"hashbench: warning: profile {path} ignored: ")
    assert all(32 <= ord(ch) < 127 for ch in warnings[0]), warnings[0]     # one printable line
    assert f"sha256/{listing['sha256']['best']}".encode() in p.stderr

    p = run(cache, "list", "--format", "json", check=0)
    assert len(profile_warnings(p.stderr)) == 1, p.stderr
    assert all(a["pick_source"] == "ranks" for a in json.loads(p.stdout))

    p = run(cache, "bench", "-a", "sha256,crc32", "-s", "64", *QUICK, "--format", "json", check=0)
    assert len(profile_warnings(p.stderr)) == 1, p.stderr
    doc = json.loads(p.stdout)
    assert doc["context"]["profile"] is None
    for r in doc["results"]:
        assert r["implementation"] == listing[r["algorithm"]]["best"]

    # turned off: not even read
    for off in ({"args": ["--no-profile"]}, {"env": {"HB_NO_PROFILE": "1"}}):
        q = run(cache, *off.get("args", []), "sum", "-a", "sha256", data, env_extra=off.get("env"), check=0)
        assert q.stderr == b"" and q.stdout.split()[0].decode() == want["sha256"]
    assert run(cache, "tune", "--check", check=1).stdout.startswith(f"profile: {path} ignored".encode())
