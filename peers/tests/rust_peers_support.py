"""What the Rust peers' tests share: paths, the workload, cargo."""
import os
import shutil
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("HB_BUILD", ROOT / "build"))
RUST_BIN = BUILD / "hashbench-rust-peers"
RUST_LIB = BUILD / "libhashbench_rust_peers.so"


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
