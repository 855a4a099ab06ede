"""Threads follow the CPU affinity mask (issue 30): under `taskset -c N`
or `bench --pin N` every default thread count is the CPUs of the mask, and
a pick never runs more threads than there are CPUs -- BLAKE3 `mt` is not
the pick on one CPU, neither the static ranks' nor a profile's.

Each test pins to the first CPU of this process's own mask.  What would
be the same with or without the mask (one CPU in it) is skipped; speed is
never asserted, only which implementation runs, on how many threads, and
what it computes."""
import glob
import json
import os
import re
import shutil
import subprocess
import time

import pytest
from conftest import BUILD
from references import REFERENCES

EXE = str(BUILD / "hashbench")
TASKSET = shutil.which("taskset")
MASK = sorted(os.sched_getaffinity(0))
CPU = MASK[0]
QUICK = ["--budget", "5", "--repeat", "3"]
MiB = 1 << 20

several_cpus = pytest.mark.skipif(len(MASK) < 2, reason="one CPU in this process's mask: nothing to narrow")
needs_taskset = pytest.mark.skipif(not TASKSET, reason="taskset (util-linux) is not installed")


def mt_available():
    """BLAKE3 `mt` is offered on this CPU (x86-64: with AVX2; aarch64: NEON)"""
    listing = json.loads(subprocess.run([EXE, "list", "--format", "json"], capture_output=True).stdout)
    blake3 = next(a for a in listing if a["id"] == "blake3")
    return any(i["name"] == "mt" and i["available"] for i in blake3["implementations"])


pytestmark = pytest.mark.skipif(not mt_available(), reason="no BLAKE3 mt on this CPU: no threaded pick to check")


def run(*args, pin=None, env=None, check=0):
    cmd = ([TASKSET, "-c", str(pin)] if pin is not None else []) + [EXE, *map(str, args)]
    p = subprocess.run(cmd, capture_output=True, env=env)
    if check is not None:
        assert p.returncode == check, (cmd, p.returncode, p.stdout[-2000:], p.stderr[-2000:])
    return p


def sum_verbose(path, *args, pin=None, env=None):
    """(implementation, threads, digest) of `hashbench sum -v -a blake3`"""
    p = run("sum", "-v", "-a", "blake3", *args, path, pin=pin, env=env)
    m = re.search(r"blake3/(\S+), (\d+) threads?", p.stderr.decode())
    assert m, p.stderr
    return m.group(1), int(m.group(2)), p.stdout.split()[0].decode()


def bench_json(*args, env=None):
    p = run("bench", "-a", "blake3", *QUICK, "--format", "json", *args, env=env)
    return json.loads(p.stdout)


@pytest.fixture(scope="module")
def big_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("affinity") / "f"
    data = bytes((i * 131 + (i >> 12)) & 0xFF for i in range(8 * MiB + 5))
    path.write_bytes(data)
    return path, REFERENCES["blake3"](data).hex()


@needs_taskset
def test_sum_under_taskset_one_cpu_is_one_thread(big_file):
    path, want = big_file
    impl, threads, digest = sum_verbose(path, pin=CPU)
    assert threads == 1 and impl != "mt", ("the pick on one CPU is the single-threaded best", impl, threads)
    assert digest == want
    # --threads named explicitly is the user's: mt on that many, as b3sum --num-threads
    impl, threads, digest = sum_verbose(path, "--threads", "2", pin=CPU)
    assert (impl, threads, digest) == ("mt", 2, want)


@several_cpus
def test_sum_default_threads_are_the_mask(big_file):
    path, want = big_file
    impl, threads, digest = sum_verbose(path)
    assert (impl, threads, digest) == ("mt", min(len(MASK), 32), want)
    if TASKSET:
        two = ",".join(map(str, MASK[:2]))
        p = subprocess.run([TASKSET, "-c", two, EXE, "sum", "-v", "-a", "blake3", str(path)], capture_output=True)
        assert re.search(rb"blake3/mt, 2 threads", p.stderr), p.stderr


def listed_blake3(pin=None):
    listing = json.loads(run("list", "--format", "json", pin=pin).stdout)
    blake3 = next(a for a in listing if a["id"] == "blake3")
    return blake3["best"], {i["name"]: i["pickable"] for i in blake3["implementations"]}


@needs_taskset
def test_list_under_taskset_says_mt_is_not_pickable():
    best, pickable = listed_blake3(pin=CPU)
    assert best != "mt" and pickable["mt"] is False
    assert all(p for name, p in pickable.items() if name != "mt")
    if len(MASK) > 1:
        assert listed_blake3() == ("mt", {name: True for name in pickable})


@several_cpus
def test_bench_pin_does_not_pick_mt():
    """the static ranks put mt first; on the one CPU of --pin the pick is single-threaded"""
    free = bench_json("-s", "1M")
    assert [r["implementation"] for r in free["results"]] == ["mt"]
    pinned = bench_json("-s", "1M", "--pin", CPU)
    assert pinned["context"]["pinned_cpu"] == CPU
    assert [r["implementation"] for r in pinned["results"]] not in (["mt"], []), pinned["results"]


@pytest.fixture(scope="module")
def mt_profile(tmp_path_factory):
    """a cache whose profile (made by a real tune on this machine) ranks
    mt first at 1 MiB: an override says so"""
    cache = tmp_path_factory.mktemp("mt-profile")
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    env.pop("HB_NO_PROFILE", None)
    run("tune", "-a", "blake3", "-s", "64K,1M", "--budget", "1", "--repeat", "1", "-q", env=env)
    path, = (cache / "hashbench").glob("profile-*.json")
    doc = json.loads(path.read_text())
    doc["overrides"] = [{"algorithm": "blake3", "size": MiB, "pick": "mt", "static_pick": "mt"}]
    path.write_text(json.dumps(doc, indent=1))
    return env


@several_cpus
def test_bench_pin_with_a_profile_ranking_mt_first(mt_profile):
    free = bench_json("-s", "1M", env=mt_profile)
    assert free["context"]["profile"] is not None
    assert [r["implementation"] for r in free["results"]] == ["mt"]
    pinned = bench_json("-s", "1M", "--pin", CPU, env=mt_profile)
    assert pinned["context"]["profile"] is not None, "the profile is still in force, its mt pick set aside"
    impls = [r["implementation"] for r in pinned["results"]]
    assert impls and "mt" not in impls, impls


@needs_taskset
def test_sum_under_taskset_with_a_profile_ranking_mt_first(mt_profile, big_file):
    path, want = big_file
    impl, threads, digest = sum_verbose(path, pin=CPU, env=mt_profile)
    assert impl != "mt" and threads == 1 and digest == want, (impl, threads)


def test_bench_scale_default_counts_after_pin():
    """--scale without MAX: the CPUs --pin leaves, 1"""
    data = bench_json("--impl", "mt", "-s", "300K", "--scale", "--pin", CPU)
    assert data["settings"]["scale"] == 1
    assert sorted(r.get("threads") for r in data["results"]) == [1]


@needs_taskset
def test_tune_on_one_cpu_leaves_mt_out(tmp_path):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    env.pop("HB_NO_PROFILE", None)
    run("tune", "-a", "blake3", "-s", "1M", "--budget", "1", "--repeat", "1", "-q", pin=CPU, env=env)
    figures, = (tmp_path / "hashbench").glob("figures-*.json")
    size, = json.loads(figures.read_text())["algorithms"][0]["sizes"]
    assert "mt" not in size["mb_per_s"] and size["pick"] != "mt" and size["static_pick"] != "mt", size


def rust_peers_built():
    return (BUILD / "libhashbench_rust_peers.so").exists()


@pytest.mark.skipif(not rust_peers_built(), reason="the Rust peers are not built (make peers)")
def test_rayon_peer_and_every_thread_keep_to_the_pinned_cpu():
    """rayon's global pool is made at its first use, after --pin: one
    thread, on the pinned CPU, as every other thread of the process"""
    p = subprocess.Popen([EXE, "bench", "-a", "blake3", "-s", "1M", "--impl", "best,peers",
                          "--budget", "300", "--pin", str(CPU), "-q", "--format", "json"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seen = {}
    while p.poll() is None:
        for t in glob.glob(f"/proc/{p.pid}/task/*"):
            try:
                status = open(f"{t}/status").read()
            except OSError:
                continue
            seen[t] = re.search(r"^Cpus_allowed_list:\s*(\S+)", status, re.M).group(1)
        time.sleep(0.005)
    out, err = p.communicate()
    assert p.returncode == 0, err
    impls = [r["implementation"] for r in json.loads(out)["results"]]
    if "rust-blake3-rayon" not in impls:
        pytest.skip(f"the Rust peers did not load: {err.decode()[-300:]}")
    assert seen and set(seen.values()) == {str(CPU)}, seen
    # the main thread and rayon's one worker (mt is not the pick: no pool)
    assert len(seen) <= 2, seen
