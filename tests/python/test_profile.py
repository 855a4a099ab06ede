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
FIGURES_SCHEMA = json.loads((ROOT / "docs" / "schema" / "profile-figures.schema.json").read_text())
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
    """the implementations tune measures: available, not a peer, and
    pickable (not BLAKE3 mt where the affinity mask holds one CPU)"""
    return [i["name"] for i in entry["implementations"] if i["available"] and i["rank"] >= 0 and i["pickable"]]


@pytest.fixture(scope="module")
def tuned(tmp_path_factory):
    """a real (small) tune: its cache folder and the profile's path"""
    cache = tmp_path_factory.mktemp("tuned-cache")
    run(cache, "tune", "-a", "crc32,sha256,blake2b", "-s", "64,1K", *QUICK, check=0)
    files = list((cache / "hashbench").glob("profile-*.json"))
    assert len(files) == 1, files
    return cache, files[0]


def crafted(tmp_path, tuned, text=None, **changes):
    """a cache holding a profile at this machine's path: the tuned one with
    its key's fields and its top-level members changed as asked (key
    fields by name: cpu_model=...; members: sizes=, algorithms=,
    overrides=, format_version=), or this text"""
    cache = tmp_path / "cache"
    (cache / "hashbench").mkdir(parents=True)
    path = cache / "hashbench" / tuned[1].name
    if text is None:
        doc = json.loads(tuned[1].read_text())
        for name, value in changes.items():
            if name in doc["key"]:
                doc["key"][name] = value
            else:
                doc[name] = value
        text = json.dumps(doc, indent=1)
    path.write_text(text)
    return cache, path


def picking(listing, picks, sizes):
    """the members of a profile whose pick for algorithm a is picks[a] at
    every size: the listed algorithms, and an override wherever that is not
    the static ranks' pick"""
    return dict(sizes=sizes, algorithms=list(picks),
                overrides=[{"algorithm": a, "size": s, "pick": i, "static_pick": listing[a]["best"]}
                           for a, i in picks.items() for s in sizes if i != listing[a]["best"]])


def figures_of(path):
    """the figures file beside the profile at path (figures-KEY.json)"""
    figures = json.loads((path.parent / path.name.replace("profile-", "figures-", 1)).read_text())
    assert figures["format"] == "hashbench-profile-figures" and figures["profile"] == path.name
    return figures


def picks_of(doc, listing):
    """{algorithm: [(size, pick), ...]} as a format-2 profile says: its
    override where it has one, else the static ranks' pick"""
    over = {(o["algorithm"], o["size"]): o["pick"] for o in doc["overrides"]}
    out = {}
    for a in doc["algorithms"]:
        aid, sizes = (a, doc["sizes"]) if isinstance(a, str) else (a["id"], a["sizes"])
        out[aid] = [(s, over.get((aid, s), listing[aid]["best"])) for s in sizes]
    return out


def test_tune_writes_a_profile_that_fits_its_schema(tuned, listing):
    cache, path = tuned
    jsonschema.Draft202012Validator.check_schema(PROFILE_SCHEMA)
    jsonschema.Draft202012Validator.check_schema(FIGURES_SCHEMA)
    doc = json.loads(path.read_text())
    jsonschema.validate(doc, PROFILE_SCHEMA)
    figures = figures_of(path)
    jsonschema.validate(figures, FIGURES_SCHEMA)
    assert doc["format_version"] == 2
    assert doc["sizes"] == [64, 1024]
    assert doc["algorithms"] == ["crc32", "sha256", "blake2b"]
    assert [a["id"] for a in figures["algorithms"]] == ["crc32", "sha256", "blake2b"]
    for a in figures["algorithms"]:
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
    # the profile keeps exactly the cells whose pick is not the ranks'
    assert doc["overrides"] == [{"algorithm": a["id"], "size": s["size"], "pick": s["pick"],
                                 "static_pick": s["static_pick"]}
                                for a in figures["algorithms"] for s in a["sizes"] if s["pick"] != s["static_pick"]]
    assert "mb_per_s" not in path.read_text()
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
    figures = {a["id"]: a for a in figures_of(path)["algorithms"]}
    for algo in ("crc32", "sha256", "blake2b"):
        assert data[algo]["pick_source"] == "profile"
        # the picks tune made, overrides and ranks' alike, as the figures say
        assert data[algo]["profile_picks"] == [{"size": s["size"], "implementation": s["pick"]}
                                               for s in figures[algo]["sizes"]]
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
        cache, _ = crafted(tmp_path / f"round{k}", tuned, **picking(listing, picks, [64, 1048576]))
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
    # crc32 measured at sizes of its own ({id, sizes}), not the top level's
    cache, _ = crafted(tmp_path, tuned, sizes=[1024], algorithms=[{"id": "crc32", "sizes": [64, 65536]}],
                       overrides=[{"algorithm": "crc32", "size": 64, "pick": impls[0]},
                                  {"algorithm": "crc32", "size": 65536, "pick": impls[1]}])
    p = run(cache, "bench", "-a", "crc32", "-s", "64,100,1K,40K,1M", *QUICK, "--format", "json", check=0)
    assert not profile_warnings(p.stderr)
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


OTHER_BUILD = "0.1.0 build-id 00112233445566778899aabbccddeeff00112233"


def bad_profiles(tuned, listing):
    """kind: (the changes crafted makes, what the warning must say[, what sum's must])"""
    good = tuned[1].read_text()
    doc = json.loads(good)
    v1 = {"format": "hashbench-profile", "format_version": 1, "key": doc["key"],
          "algorithms": [{"id": "sha256", "sizes": [{"size": 64, "pick": "portable", "static_pick": "portable"}]}]}
    no_json = "not valid JSON"
    other = "made for another machine or build"
    out = {
        "corrupt": (dict(text="{ this is not json"), no_json),
        "control-bytes": (dict(text='{"format": "hashbench-profile", "format_version": 2, "key": \x01\n\x1b[2J\xff}'),
                          no_json),
        "truncated": (dict(text=good[: len(good) // 2]), no_json),
        "empty": (dict(text=""), no_json),
        "duplicate-member": (dict(text=good.replace('"format_version": 2,', '"format_version": 2, "format_version": 2,')),
                             "duplicate object key"),
        "not-a-profile": (dict(text='{"format": "something else", "format_version": 2}'), "not a hashbench profile"),
        "version-1": (dict(text=json.dumps(v1)), "a profile of format version 1, this build reads 2"),
        "version-3": (dict(format_version=3), "a profile of format version 3, this build reads 2"),
        "foreign-cpu": (dict(cpu_model=doc["key"]["cpu_model"] + "0"), other + " (the CPU model differs)"),
        "foreign-microcode": (dict(cpu_microcode="0xdeadbeef"), other + " (the microcode differs)"),
        "foreign-features": (dict(features=doc["key"]["features"] + " avx512f"), other),
        # another build is quiet (test_another_build_is_quiet...), not when the machine differs too
        "foreign-cpu-and-build": (dict(cpu_model=doc["key"]["cpu_model"] + "0", build=OTHER_BUILD),
                                  other + " (the CPU model differs)"),
        "stale-impl": (dict(overrides=[{"algorithm": "sha256", "size": 64, "pick": "no-such-impl"}]),
                       "it picks sha256 implementation 'no-such-impl', which this build does not have"),
        "stale-algo": (dict(algorithms=["sha256", "sha1024"]),
                       "it names algorithm 'sha1024', which this build does not have"),
        "override-stale-algo": (dict(overrides=[{"algorithm": "sha1024", "size": 64, "pick": "portable"}]),
                                "it names algorithm 'sha1024', which this build does not have"),
        "override-unlisted-algo": (dict(overrides=[{"algorithm": "md5", "size": 64, "pick": "portable"}]),
                                   "it overrides md5, which it does not list"),
        "override-unmeasured-size": (dict(overrides=[{"algorithm": "sha256", "size": 100, "pick": "portable"}]),
                                     "it overrides sha256 at 100 bytes, a size it does not list"),
        "override-twice": (dict(overrides=[{"algorithm": "sha256", "size": 64, "pick": "portable"}] * 2),
                           "it overrides sha256 at 64 bytes twice"),
        "override-without-pick": (dict(overrides=[{"algorithm": "sha256", "size": 64}]),
                                  "an override without an algorithm, a size and a pick"),
        "no-overrides": (dict(overrides=None), "it has no overrides list"),
        "duplicate-algo": (dict(algorithms=["sha256", "crc32", "sha256"]), "it lists sha256 twice"),
        "unsorted-sizes": (dict(sizes=[1024, 64]), "its sizes are missing, do not increase"),
        "zero-size": (dict(sizes=[0, 64]), "its sizes are missing, do not increase"),
        "no-sizes": (dict(sizes=None), "its sizes are missing, do not increase"),
        "unsorted-own-sizes": (dict(algorithms=[{"id": "sha256", "sizes": [1024, 64]}], overrides=[]),
                               "sha256 has no sizes, or sizes that do not increase"),
    }
    if unavailable_impl(listing):
        a, i = unavailable_impl(listing)
        out["not-on-this-cpu"] = (dict(algorithms=[a], overrides=[{"algorithm": a, "size": 64, "pick": i}]),
                                  f"it picks {a} implementation '{i}', which this CPU cannot run")
    if peer_impl(listing):
        a, i = peer_impl(listing)
        # sum loads the peers' module only when one is named: to it, no such implementation
        out["peer"] = (dict(algorithms=[a], overrides=[{"algorithm": a, "size": 64, "pick": i}]),
                       f"it picks {a} implementation '{i}', which is a peer library, not hashbench's own",
                       f"it picks {a} implementation '{i}', which this build does not have")
    return out


BAD_KINDS = ["corrupt", "control-bytes", "truncated", "empty", "duplicate-member", "not-a-profile", "version-1",
             "version-3", "foreign-cpu", "foreign-microcode", "foreign-features", "foreign-cpu-and-build", "stale-impl",
             "stale-algo", "override-stale-algo", "override-unlisted-algo", "override-unmeasured-size",
             "override-twice", "override-without-pick", "no-overrides", "duplicate-algo", "unsorted-sizes",
             "zero-size", "no-sizes", "unsorted-own-sizes", "not-on-this-cpu", "peer"]


def test_every_bad_kind_is_tested(tuned, listing):
    assert set(bad_profiles(tuned, listing)) <= set(BAD_KINDS)


@pytest.mark.parametrize("kind", BAD_KINDS)
def test_refused_profile_warns_once_and_ranks_pick(tmp_path, tuned, listing, kind):
    cases = bad_profiles(tuned, listing)
    if kind not in cases:
        pytest.skip(f"no such implementation on this machine for {kind}")
    changes, reason, sum_reason = (cases[kind] + (None,))[:3]
    sum_reason = sum_reason or reason
    cache, path = crafted(tmp_path, tuned, **changes)
    data = tmp_path / "workload"
    data.write_bytes(workload(1024))
    want = workload_digests()

    p = run(cache, "sum", "-a", "sha256", "-v", data, check=0)
    assert p.stdout.split()[0].decode() == want["sha256"]
    warnings = profile_warnings(p.stderr)
    assert len(warnings) == 1, p.stderr
    assert warnings[0].startswith(f"hashbench: warning: profile {path} ignored: ")
    assert sum_reason in warnings[0], (sum_reason, warnings[0])
    assert all(32 <= ord(ch) < 127 for ch in warnings[0]), warnings[0]     # one printable line
    assert f"sha256/{listing['sha256']['best']}".encode() in p.stderr

    p = run(cache, "list", "--format", "json", check=0)
    assert len(profile_warnings(p.stderr)) == 1, p.stderr
    assert reason in profile_warnings(p.stderr)[0]
    assert all(a["pick_source"] == "ranks" for a in json.loads(p.stdout))

    p = run(cache, "bench", "-a", "sha256,crc32", "-s", "64", *QUICK, "--format", "json", check=0)
    assert len(profile_warnings(p.stderr)) == 1, p.stderr
    assert reason in profile_warnings(p.stderr)[0]
    doc = json.loads(p.stdout)
    assert doc["context"]["profile"] is None
    for r in doc["results"]:
        assert r["implementation"] == listing[r["algorithm"]]["best"]

    # turned off: not even read
    for off in ({"args": ["--no-profile"]}, {"env": {"HB_NO_PROFILE": "1"}}):
        q = run(cache, *off.get("args", []), "sum", "-a", "sha256", data, env_extra=off.get("env"), check=0)
        assert q.stderr == b"" and q.stdout.split()[0].decode() == want["sha256"]
    assert run(cache, "tune", "--check", check=1).stdout.startswith(f"profile: {path} ignored".encode())


def another_builds(tuned, version):
    """this machine's profile as another build wrote it (the one a rebuild
    leaves): format 2 as tune writes it, or format 1 (the builds before)"""
    doc = json.loads(tuned[1].read_text())
    doc["key"]["build"] = OTHER_BUILD
    if version == 1:
        doc = {"format": "hashbench-profile", "format_version": 1, "key": doc["key"],
               "algorithms": [{"id": "sha256", "sizes": [{"size": 64, "pick": "portable", "static_pick": "portable"}]}]}
    return json.dumps(doc, indent=1)


def notes(stderr):
    return [l for l in stderr.decode().splitlines() if "another build" in l]


@pytest.mark.parametrize("version", [2, 1])
def test_another_build_is_quiet_in_sum_and_verify(tmp_path, tuned, listing, version):
    """A rebuild leaves the previous build's profile behind: sum and verify
    say nothing of it (every checksum would otherwise say it until tune
    runs again); list, bench and tune --check say once that the static
    ranks are in use, and how to tune again."""
    cache, path = crafted(tmp_path, tuned, text=another_builds(tuned, version))
    data = tmp_path / "workload"
    data.write_bytes(workload(1024))
    want = workload_digests()["sha256"]
    (tmp_path / "LIST").write_text(f"{want}  {data}\n")

    p = run(cache, "sum", "-a", "sha256", data, check=0)
    assert p.stderr == b"" and p.stdout.split()[0].decode() == want
    p = run(cache, "sum", "-a", "sha256", "-v", data, check=0)
    assert not notes(p.stderr) and not profile_warnings(p.stderr), p.stderr
    assert f"sha256/{listing['sha256']['best']}".encode() in p.stderr
    p = run(cache, "sum", "-a", "sha256", "-c", tmp_path / "LIST", check=0)
    assert p.stderr == b"", p.stderr
    p = run(cache, "verify", "-a", "sha256,crc32", check=0)
    assert p.stderr == b"", p.stderr

    for args in (["list"], ["list", "--format", "json"],
                 ["bench", "-a", "sha256,crc32", "-s", "64", *QUICK, "--format", "json"]):
        p = run(cache, *args, check=0)
        assert not profile_warnings(p.stderr), (args, p.stderr)
        said = notes(p.stderr)
        assert len(said) == 1, (args, p.stderr)
        assert f"the profile {path} was made by another build of hashbench" in said[0], said
        assert "static ranks" in said[0] and "hashbench tune" in said[0], said
        if args[-1] == "json" and args[0] == "list":
            assert all(a["pick_source"] == "ranks" for a in json.loads(p.stdout))
        if args[0] == "bench":
            doc = json.loads(p.stdout)
            assert doc["context"]["profile"] is None
            for r in doc["results"]:
                assert r["implementation"] == listing[r["algorithm"]]["best"]

    p = run(cache, "tune", "--check", check=1)
    assert p.stdout.decode() == (f"profile: {path} is another build's: the static ranks until hashbench tune "
                                 "measures this one\n")
    assert p.stderr == b""


def other_impl(listing, algo):
    """one of algo's own implementations that the static ranks do not pick"""
    others = [i for i in own_impls(listing[algo]) if i != listing[algo]["best"]]
    assert others, algo
    return others[0]


def test_an_override_is_honoured(tmp_path, tuned, listing):
    """a hand-written profile overriding crc32 at 1 KiB only: sum and bench
    take the override there and the static ranks' pick at 64 bytes; the
    same profile without the override takes the ranks' at both"""
    best, other = listing["crc32"]["best"], other_impl(listing, "crc32")
    small, large = tmp_path / "small", tmp_path / "large"
    small.write_bytes(workload(64))
    large.write_bytes(workload(1024))
    want = workload_digests()["crc32"]
    for overrides, at_1k in (([{"algorithm": "crc32", "size": 1024, "pick": other, "static_pick": best}], other),
                             ([], best)):
        cache, path = crafted(tmp_path / f"with{len(overrides)}", tuned, sizes=[64, 1024], algorithms=["crc32"],
                              overrides=overrides)
        jsonschema.validate(json.loads(path.read_text()), PROFILE_SCHEMA)
        p = run(cache, "sum", "-a", "crc32", "--threads", "1", "-v", large, check=0)
        assert not profile_warnings(p.stderr), p.stderr
        assert p.stdout.split()[0].decode() == want
        assert f"crc32/{at_1k}, 1 thread".encode() in p.stderr, p.stderr
        assert b"picked by this machine's profile" in p.stderr
        p = run(cache, "sum", "-a", "crc32", "--threads", "1", "-v", small, check=0)
        assert f"crc32/{best}, 1 thread".encode() in p.stderr, p.stderr
        p = run(cache, "bench", "-a", "crc32", "-s", "64,1K", *QUICK, "--format", "json", check=0)
        assert {r["size"]: r["implementation"] for r in json.loads(p.stdout)["results"]} == {64: best, 1024: at_1k}
        data = {a["id"]: a for a in json.loads(run(cache, "list", "--format", "json", check=0).stdout)}
        assert data["crc32"]["profile_picks"] == [{"size": 64, "implementation": best},
                                                  {"size": 1024, "implementation": at_1k}]
        assert data["sha256"]["pick_source"] == "ranks"


# what the profile's loader refuses through jansson (JSON_REJECT_DUPLICATES):
# what RFC 8259 forbids, and what Python's json takes: NaN, integers past
# 64 bits, surrogates (escaped or in UTF-8), \u0000, a bare scalar
BAD_JSON = {
    "trailing-garbage": None, "two-values": None, "trailing-comma-object": None, "trailing-comma-array": None,
    "single-quotes": None, "leading-zero": None, "bare-minus": None, "point-without-digits": None,
    "exponent-without-digits": None, "true-misspelt": None, "unknown-escape": None, "short-unicode-escape": None,
    "raw-tab-in-string": None, "raw-newline-in-string": None, "nul-in-string": None, "invalid-utf8": None,
    "overlong-utf8": None, "unterminated-string": None, "missing-colon": None, "utf8-surrogate": "python takes it",
    "non-string-key": None, "missing-comma": None,
    "nan": "python takes it", "integer-too-large": "python takes it", "lone-high-surrogate": "python takes it",
    "lone-low-surrogate": "python takes it", "scalar-document": "python takes it",
    "escaped-nul": "python takes it",
}


def bad_json(good, kind):
    """a good profile's text made bad in one way (BAD_JSON)"""
    body = json.dumps(json.loads(good), indent=1).encode()
    name = b'"cpu_name": ' + json.dumps(json.loads(good)["cpu_name"]).encode()
    assert body.count(name) == 1

    def cpu_name(raw):
        return body.replace(name, b'"cpu_name": ' + raw)

    return {
        "trailing-garbage": lambda: body + b" x",
        "two-values": lambda: body + b" {}",
        "trailing-comma-object": lambda: body[: body.rindex(b"}")].rstrip() + b",\n}",
        "trailing-comma-array": lambda: cpu_name(b"[1, 2,]"),
        "single-quotes": lambda: body.replace(b'"format"', b"'format'"),
        "leading-zero": lambda: cpu_name(b"012"),
        "bare-minus": lambda: cpu_name(b"-"),
        "point-without-digits": lambda: cpu_name(b"1."),
        "exponent-without-digits": lambda: cpu_name(b"1e+"),
        "true-misspelt": lambda: cpu_name(b"ture"),
        "unknown-escape": lambda: cpu_name(b'"\\x41"'),
        "short-unicode-escape": lambda: cpu_name(b'"\\u12"'),
        "raw-tab-in-string": lambda: cpu_name(b'"a\tb"'),
        "raw-newline-in-string": lambda: cpu_name(b'"a\nb"'),
        "nul-in-string": lambda: cpu_name(b'"a\x00b"'),
        "invalid-utf8": lambda: cpu_name(b'"a\xc3\x28"'),
        "overlong-utf8": lambda: cpu_name(b'"\xc0\xaf"'),
        "utf8-surrogate": lambda: cpu_name(b'"\xed\xa0\x80"'),
        "unterminated-string": lambda: body[: body.index(name) + len(b'"cpu_name": "abc')],
        "missing-colon": lambda: body.replace(b'"format": ', b'"format" '),
        "non-string-key": lambda: body.replace(b'"format": ', b"format: "),
        "missing-comma": lambda: cpu_name(b"[1 2]"),
        "nan": lambda: cpu_name(b"NaN"),
        "integer-too-large": lambda: cpu_name(b"99999999999999999999"),
        "lone-high-surrogate": lambda: cpu_name(b'"\\ud800 x"'),
        "lone-low-surrogate": lambda: cpu_name(b'"\\udc00"'),
        "escaped-nul": lambda: cpu_name(b'"a\\u0000b"'),
        "scalar-document": lambda: b"2",
    }[kind]()


@pytest.mark.parametrize("kind", list(BAD_JSON))
def test_the_loader_refuses_bad_json(tmp_path, tuned, kind):
    """each is refused whole, as not JSON, with the one warning"""
    text = bad_json(tuned[1].read_text(), kind)
    if BAD_JSON[kind] is None:               # Python's reader agrees: not JSON
        with pytest.raises(ValueError):
            json.loads(text)
    cache, path = crafted(tmp_path, tuned)
    path.write_bytes(text)
    p = run(cache, "list", "--format", "json", check=0)
    warnings = profile_warnings(p.stderr)
    assert len(warnings) == 1, p.stderr
    assert f"profile {path} ignored: not valid JSON (line " in warnings[0], warnings[0]
    assert all(32 <= ord(ch) < 127 for ch in warnings[0]), warnings[0]
    assert all(a["pick_source"] == "ranks" for a in json.loads(p.stdout))


def test_the_reader_takes_any_json_spelling(tmp_path, tuned, listing):
    """escapes (\\u, surrogate pairs, \\", \\t), UTF-8, no whitespace or
    CRLF, members it does not know, exponents: the same profile"""
    other = other_impl(listing, "crc32")
    doc = json.loads(tuned[1].read_text())
    doc.update(cpu_name='AMD "EPYC"\t\u00e9\U0001F600', sizes=[64, 1024], algorithms=["crc32", "sha256"],
               overrides=[{"algorithm": "crc32", "size": 1024, "pick": other}],
               notes={"nested": [True, False, None, -1.5e-3, 0, {}, []]})
    spellings = {
        "ascii-escapes": json.dumps(doc, ensure_ascii=True).encode(),
        "utf8-compact": json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode(),
        "crlf-indented": json.dumps(doc, indent="\t").replace("\n", "\r\n").encode(),
        # a string spelt with escapes is the same string: ids, names, values
        "escaped-strings": json.dumps(doc).replace('"crc32"', '"\\u0063rc32"')
                                          .replace('"sha256"', '"sha\\u0032\\u00356"')
                                          .replace('"format": "hashbench-profile"', '"form\\u0061t": "hashbench\\u002dprofile"')
                                          .replace('"overrides"', '"\\u006fverrides"').encode(),
    }
    for kind, text in spellings.items():
        assert json.loads(text)["overrides"][0]["algorithm"] == "crc32"
        cache, path = crafted(tmp_path / kind, tuned)
        path.write_bytes(text)
        p = run(cache, "list", "--format", "json", check=0)
        assert not profile_warnings(p.stderr), (kind, p.stderr)
        data = {a["id"]: a for a in json.loads(p.stdout)}
        assert data["crc32"]["profile_picks"] == [{"size": 64, "implementation": listing["crc32"]["best"]},
                                                  {"size": 1024, "implementation": other}], kind
        assert data["sha256"]["pick_source"] == "profile" and data["md5"]["pick_source"] == "ranks"
        p = run(cache, "bench", "-a", "sha256", "-s", "64", *QUICK, "--format", "json", check=0)
        assert json.loads(p.stdout)["context"]["profile"]["id"] == hashlib.sha256(text).hexdigest()[:16]
