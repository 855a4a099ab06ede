"""Shared fixtures: where the hashbench binary is, and how to run it."""
import os
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("HB_BUILD", ROOT / "build"))
VECTORS = ROOT / "tests" / "vectors"

# `best` follows this machine's profile where one is in the cache
# (hashbench tune, docs/tune.md): the tests see an empty cache of their own
# unless they make one (test_profile.py), never the user's.
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="hashbench-test-cache-")
os.environ.pop("HB_NO_PROFILE", None)


def workload(n=1024):
    return bytes((i * 31 + 7) & 0xFF for i in range(n))


def workload_digests():
    out = {}
    for line in (VECTORS / "workload-digests.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            algo, hexd = line.split()
            out[algo] = hexd
    return out


@pytest.fixture(scope="session")
def hashbench():
    exe = BUILD / "hashbench"
    if not exe.exists():
        pytest.fail(f"{exe} is not built: run make first")

    def run(*args, input=None, check=None, **kw):
        proc = subprocess.run([str(exe), *map(str, args)], input=input, capture_output=True, **kw)
        if check is not None:
            assert proc.returncode == check, (proc.returncode, proc.stdout[-2000:], proc.stderr[-2000:])
        return proc

    return run
