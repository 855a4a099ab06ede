"""Fixtures for the Rust peers' tests: the two programs, built or skipped."""
import os
import subprocess

import pytest
from rust_peers_support import BUILD, ROOT, RUST_BIN, cargo


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
