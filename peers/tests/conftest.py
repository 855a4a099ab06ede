"""Fixtures for the Rust peers' tests: the two programs, built or skipped."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("HB_BUILD", ROOT / "build"))
RUST_BIN = BUILD / "hashbench-rust-peers"


def cargo():
    """The cargo `make peers` would use, or None."""
    found = shutil.which("cargo")
    home = Path.home() / ".cargo" / "bin" / "cargo"
    return found or (str(home) if home.exists() else None)


def workload(n):
    return bytes((i * 31 + 7) & 0xFF for i in range(n))


def workload_digests():
    out = {}
    for line in (ROOT / "tests" / "vectors" / "workload-digests.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            algo, hexd = line.split()
            out[algo] = hexd
    return out


@pytest.fixture(scope="session")
def hashbench():
    exe = BUILD / "hashbench"
    if not exe.exists():
        pytest.fail(f"{exe} is not built: run make first")

    def run(*args, env=None, check=None):
        e = dict(os.environ)
        e.pop("HB_RUST_PEERS", None)
        e.update(env or {})
        p = subprocess.run([str(exe), *map(str, args)], capture_output=True, env=e)
        if check is not None:
            assert p.returncode == check, (p.returncode, p.stdout[-2000:], p.stderr[-2000:])
        return p

    return run


@pytest.fixture(scope="session")
def rust_peers():
    """Runs hashbench-rust-peers, building it first (make peers) when cargo is
    here; skips, saying why, when it cannot be built."""
    if cargo() is None and not RUST_BIN.exists():
        pytest.skip("cargo not found (Rust from rustup): the Rust peers cannot be built")
    if cargo() is not None:
        p = subprocess.run(["make", "-s", f"BUILD={BUILD}", "peers"], cwd=ROOT, capture_output=True, text=True)
        assert p.returncode == 0, f"make peers failed:\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}"
    assert RUST_BIN.exists()

    def run(*args, check=None):
        p = subprocess.run([str(RUST_BIN), *map(str, args)], capture_output=True)
        if check is not None:
            assert p.returncode == check, (p.returncode, p.stdout[-2000:], p.stderr[-2000:])
        return p

    return run
