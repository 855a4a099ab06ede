"""The C peer libraries as a module (src/peers/loader/c_peers.c): the
hashbench program links none of them, so `hashbench sum` starts without
libcrypto, libsodium, ISA-L, libxxhash and zlib; bench, verify and list load
hashbench-peers.so and the peers are there as before; sum loads it only for
a peer named with --impl; rng finds the libraries' generators through it;
HB_PEERS_MODULE names another module or none, and a module that cannot be
loaded is a warning, not a failure.  The dynamic loader's own trace
(LD_DEBUG=files, glibc) says which libraries a process opened."""
import json
import os
import re

import pytest
from conftest import BUILD

MODULE = BUILD / "hashbench-peers.so"
PEER_LIBRARIES = ("libcrypto", "libsodium", "libisal", "libxxhash", "libz.")


@pytest.fixture(autouse=True)
def needs_the_module():
    if not MODULE.exists():
        pytest.skip(f"{MODULE} is not built (the peer libraries were not found: no C peers to load)")


@pytest.fixture
def small_file(tmp_path):
    f = tmp_path / "one-kib"
    f.write_bytes(bytes((i * 31 + 7) & 0xFF for i in range(1024)))
    return f


def env_with(**extra):
    env = dict(os.environ)
    env.pop("HB_PEERS_MODULE", None)
    env.pop("HB_RUST_PEERS", None)
    env.update(extra)
    return env


def opened(hashbench, *args, **extra):
    """(process, the shared objects the dynamic loader opened: their file= names)."""
    p = hashbench(*args, env=env_with(LD_DEBUG="files", **extra))
    names = set(re.findall(r"file=(\S+)", p.stderr.decode(errors="replace")))
    return p, names


def peer_libraries(names):
    return {n for n in names if any(os.path.basename(n).startswith(lib) for lib in PEER_LIBRARIES)}


def listing(hashbench, **extra):
    p = hashbench("list", "--format", "json", env=env_with(**extra), check=0)
    return json.loads(p.stdout)


def peers_of(data):
    """{algorithm: [peer names]} from `list --format json`."""
    out = {}
    for a in data:
        for i in a["implementations"]:
            if i["rank"] < 0:
                out.setdefault(a["id"], []).append(i["name"])
    return out


def test_sum_opens_no_peer_library(hashbench, small_file):
    p, names = opened(hashbench, "sum", "-a", "xxh64", small_file)
    assert p.returncode == 0, p.stderr[-2000:]
    assert not peer_libraries(names), sorted(names)
    assert not any("hashbench-peers" in n for n in names)


def test_list_loads_the_module_and_the_peers_are_there(hashbench):
    p, names = opened(hashbench, "list")
    assert p.returncode == 0
    assert any(n.endswith("hashbench-peers.so") for n in names), sorted(names)
    assert peer_libraries(names)
    peers = peers_of(listing(hashbench))
    assert "openssl" in peers["sha256"] and "zlib" in peers["crc32"] and "isal" in peers["crc32"]
    assert any("sodium" in n for n in peers["blake2b"]) and any("xxhash" in n for n in peers["xxh64"])


def test_without_the_module_there_are_no_c_peers(hashbench):
    assert peers_of(listing(hashbench, HB_PEERS_MODULE="none")) == {}


def test_sum_loads_the_module_for_a_named_peer(hashbench, small_file):
    p, names = opened(hashbench, "sum", "-a", "sha256", "--impl", "openssl", small_file)
    assert p.returncode == 0, p.stderr[-2000:]
    assert any(n.endswith("hashbench-peers.so") for n in names)
    ours = hashbench("sum", "-a", "sha256", small_file, env=env_with(), check=0)
    assert p.stdout == ours.stdout
    # without the module, the name is unknown: a usage error, as for any unknown name
    p = hashbench("sum", "-a", "sha256", "--impl", "openssl", small_file, env=env_with(HB_PEERS_MODULE="none"))
    assert p.returncode == 2 and b"openssl" in p.stderr


def test_bench_measures_the_c_peers(hashbench):
    p = hashbench("bench", "-a", "crc32,sha256", "--impl", "best,peers", "-s", "1K", "--budget", "5",
                  "--repeat", "3", "--format", "json", env=env_with(HB_RUST_PEERS="none"), check=0)
    data = json.loads(p.stdout)
    flagged = {(r["algorithm"], r["implementation"]) for r in data["results"] if r["peer"]}
    assert {("crc32", "zlib"), ("crc32", "isal"), ("sha256", "openssl")} <= flagged
    assert {c["algorithm"] for c in data["peer_comparisons"]} == {"crc32", "sha256"}


def test_a_module_that_cannot_be_loaded_is_a_warning(hashbench, tmp_path):
    bad = tmp_path / "not-a-module.so"
    bad.write_bytes(b"not an ELF file")
    p = hashbench("bench", "-a", "crc32", "--impl", "best,peers", "-s", "1K", "--budget", "5", "--repeat", "3",
                  "--format", "json", env=env_with(HB_PEERS_MODULE=str(bad), HB_RUST_PEERS="none"), check=0)
    data = json.loads(p.stdout)
    assert not any(r["peer"] for r in data["results"])
    assert any("C peers not measured: cannot load" in w and "HB_PEERS_MODULE" in w for w in data["warnings"])


def test_verify_passes_the_peers_vectors(hashbench):
    p = hashbench("verify", "-a", "crc32,sha256", "--impl", "peers", "-v", env=env_with(), check=0)
    assert p.returncode == 0, p.stdout[-2000:]
    out = p.stdout.decode()
    assert "openssl" in out and "zlib" in out


def test_rng_finds_the_libraries_generators(hashbench):
    p = hashbench("rng", "--sources", "openssl,sodium", "-s", "64K", "-r", "2", "--max-time", "2", "--format",
                  "json", env=env_with(HB_RNG_HWRNG="/nonexistent"), check=0)
    data = json.loads(p.stdout)
    got = {e["source"]: e for e in data["rng"]}
    assert set(got) == {"openssl", "sodium"}
    assert all(e["status"] == "measured" for e in got.values()), got
