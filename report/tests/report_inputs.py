"""Builds the stores the report tests render: real host fixtures alone; real
host, QEMU and GBA fixtures together; and real host fixtures plus synthetic
QEMU, console and peer records (clearly marked synthetic; they exercise the
code paths real records do not reach yet: other consoles, a size other than
1024 bytes, peers)."""
import json
import struct
import zlib
from pathlib import Path

from hashbench_report import store

from conftest import FIXTURES, GBA_FILE, QEMU_FILES, REAL_FILES, synthetic_record


def tiny_png(path, width=8, height=6):
    """A real PNG (checkerboard), written by hand so the test needs no imaging library."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(255 * ((x + y) % 2) for x in range(width)) for y in range(height))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_bytes(png)


def real_store(db):
    engine = store.open_store(db)
    for f in REAL_FILES:
        store.ingest_file(engine, f)
    return engine


def targets_store(db):
    """Every real fixture: host runs, QEMU instruction counts, the GBA."""
    engine = real_store(db)
    for f in [*QEMU_FILES, GBA_FILE]:
        store.ingest_file(engine, f)
    return engine


def full_store(db, folder):
    """Real host runs plus synthetic peer, QEMU and console records, and a real hashbench files run."""
    engine = real_store(db)
    folder = Path(folder)
    records = {
        # a peer measured beside ours on the same host machine as the real fixtures
        "peer.json": _as_host_peer(),
        "qemu-aarch64.json": synthetic_record("qemu-aarch64", "instruction-count", ["crc32", "sha256", "blake3"],
                                              ipb=12.0, arch="aarch64"),
        "qemu-mips.json": synthetic_record("qemu-mips", "instruction-count", ["crc32", "sha256"], ipb=30.0,
                                           arch="mips"),
        "n64.json": synthetic_record("n64", "cycle-exact", ["sha256", "md5"], kbps=800.0, arch="mips3",
                                     clock_hz=93.75e6),
        "nes.json": synthetic_record("nes", "approximate", ["sha256"], sizes=(64,), kbps=2.0, arch="6502",
                                     clock_hz=1.79e6),
    }
    for name, rec in records.items():
        (folder / name).write_text(json.dumps(rec))
        store.ingest_file(engine, folder / name)
    tiny_png(folder / "screenshots" / "nes" / "title.png")
    # a real hashbench files run: the files section's charts and tables
    store.ingest_file(engine, FIXTURES / "files-host.json")
    return engine


def _as_host_peer():
    real = json.loads(REAL_FILES[0].read_text())
    rec = synthetic_record("host", "measured", ["sha256", "crc32"], implementations=("openssl",),
                           sizes=(64, 1024, 65536), kbps=300000.0, arch=real["context"]["arch"])
    rec["context"]["cpu_model"] = real["context"]["cpu_model"]
    rec["context"]["date"] = "2099-01-01T00:00:00Z"
    for r in rec["results"]:
        r["peer"] = True            # as hashbench bench marks a peer library's results
    return rec
