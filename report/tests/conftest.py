"""Shared test fixtures: the real result files (host runs, QEMU instruction
counts, the GBA; fixtures/README.md says where each came from), a store per
backend (SQLite in a temporary folder, and a real PostgreSQL server started
on loopback for the session), and synthetic records for what has no real
results yet (the other consoles, peers): those exist only to exercise the
report's code paths and are never shown as measurements."""
import glob
import json
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest

from hashbench_report import store

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
REAL_FILES = sorted(FIXTURES.glob("host-*.json"))
QEMU_FILES = sorted(FIXTURES.glob("qemu-*.json"))
GBA_FILE = FIXTURES / "gba.json"
GBA_SHOTS = FIXTURES / "gba-screenshots"
ALL_FIXTURES = sorted(FIXTURES.glob("*.json"))
# quality records ("schema": "hashbench-quality/1"); not results records
QUALITY_FILES = sorted(FIXTURES.glob("quality-*.json"))
RESULTS_FIXTURES = [f for f in ALL_FIXTURES if f not in QUALITY_FILES]


def pg_binaries():
    """initdb and pg_ctl, from PATH or Debian's /usr/lib/postgresql/<version>/bin."""
    found = {}
    for name in ("initdb", "pg_ctl"):
        path = shutil.which(name)
        if not path:
            candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
            path = candidates[-1] if candidates else None
        found[name] = path
    return found


def _free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    """A throw-away PostgreSQL cluster in a temporary folder, on a free loopback port.
    PostgreSQL refuses to run as root, so as root it runs as the `postgres` user."""

    def __init__(self, initdb, pg_ctl):
        self.initdb, self.pg_ctl = initdb, pg_ctl
        self.dir = Path(tempfile.mkdtemp(prefix="hb-pg-"))
        self.data = self.dir / "data"
        self.port = _free_port()
        self.prefix = []
        if os.geteuid() == 0:
            self.prefix = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.dir, "postgres", "postgres")

    def run(self, cmd):
        return subprocess.run(self.prefix + cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=120)

    def start(self):
        p = self.run([self.initdb, "-D", str(self.data), "-U", "hb", "--auth=trust", "-E", "UTF8",
                      "--no-locale"])
        if p.returncode:
            raise RuntimeError("initdb failed:\n" + p.stdout)
        opts = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.dir} -c fsync=off"
        p = self.run([self.pg_ctl, "-D", str(self.data), "-o", opts, "-l", str(self.dir / "log"), "-w", "start"])
        if p.returncode:
            log = (self.dir / "log").read_text() if (self.dir / "log").exists() else ""
            raise RuntimeError("pg_ctl start failed:\n" + p.stdout + log)

    def stop(self):
        self.run([self.pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "stop"])
        shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, dbname="postgres"):
        return f"postgresql://hb@127.0.0.1:{self.port}/{dbname}"

    def new_database(self):
        import psycopg
        name = "hb_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)


@pytest.fixture(scope="session")
def pg_server():
    bins = pg_binaries()
    missing = [n for n, p in bins.items() if not p]
    if missing:
        pytest.skip("PostgreSQL tests skipped: " + ", ".join(missing) + " not found (Debian package postgresql)")
    if os.geteuid() == 0:
        import pwd
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("PostgreSQL tests skipped: running as root and there is no postgres user to run the server")
        if not shutil.which("runuser"):
            pytest.skip("PostgreSQL tests skipped: running as root and runuser (util-linux) is missing")
    server = PgServer(bins["initdb"], bins["pg_ctl"])
    server.start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A fresh, empty store on each backend."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite")
    return request.getfixturevalue("pg_server").new_database()


@pytest.fixture
def engine(db_url):
    eng = store.open_store(db_url)
    yield eng
    eng.dispose()


def load_fixture(name):
    return json.loads((FIXTURES / name).read_text())


def synthetic_record(platform, fidelity, algorithms, implementations=("portable",), sizes=(1024,),
                     ipb=None, kbps=100.0, arch="synthetic", clock_hz=None):
    """A schema-valid record for a platform with no real results yet.  Its
    figures are placeholders chosen by the test, never measurements."""
    results = []
    for i, algo in enumerate(algorithms):
        for j, impl in enumerate(implementations):
            for size in sizes:
                bps = kbps * 1000.0 * (1 + i) * (1 + j)
                ns = size / bps * 1e9
                results.append({
                    "algorithm": algo, "tier": "crypto", "implementation": impl, "size": size,
                    "timing_fidelity": fidelity, "iterations_per_sample": 1, "samples_ns": [ns, ns * 1.01, ns * 0.99],
                    "median_ns": ns, "min_ns": ns * 0.99, "max_ns": ns * 1.01, "spread": 0.01,
                    "bytes_per_second": bps, "instructions_per_byte": (ipb * (1 + i)) if ipb else None,
                    "digest": "00ff", "warnings": ["synthetic test warning"] if i == 0 else []})
                if fidelity == "instruction-count":
                    # what a QEMU record carries (docs/schema: required for instruction counts)
                    results[-1]["instructions"] = round(results[-1]["instructions_per_byte"] * size)
    context = {"platform": platform, "arch": arch, "cpu_model": f"synthetic {platform}", "compiler": "none",
               "compiler_flags": "", "hashbench_version": "0.0.0-test", "date": "2000-01-01T00:00:00Z",
               "timer": {"name": "synthetic", "resolution_ns": 1}}
    if clock_hz:
        context["clock_hz"] = clock_hz
    return {"schema": "hashbench-results", "schema_version": 1, "context": context,
            "settings": {"sizes": list(sizes), "mode": "throughput"}, "warnings": [], "results": results}
