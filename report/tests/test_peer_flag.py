"""The record's `peer` flag survives the store (issue 18): each result's flag
comes back from the store as the record gave it, on SQLite and PostgreSQL;
the report's peer figures follow the flag, not the implementation's name;
a result without the flag (the console runners write none) is one of ours;
a store of the layout before the column is refused.  With hashbench built,
a real `bench --impl best,peers` record goes through the store the same way."""
import copy
import json
import os
import subprocess
from pathlib import Path

import pytest
from sqlalchemy import update

from hashbench_report import dataset as dsm
from hashbench_report import record as rec
from hashbench_report import scaling
from hashbench_report import store

from conftest import GBA_FILE, synthetic_record

ROOT = Path(__file__).resolve().parents[2]
EXE = Path(os.environ.get("HB_BUILD", ROOT / "build")) / "hashbench"


def flagged_record():
    """A host record whose names say nothing of who is a peer: a peer named
    like one of ours ("fast-lib"), one of ours named like a peer library
    ("openssl-style"), and a result without the flag at all."""
    r = synthetic_record("host", "measured", ["sha256"], implementations=("fast-lib", "openssl-style", "plain"),
                         sizes=(1024,), kbps=1000.0, arch="x86_64")
    flags = {"fast-lib": True, "openssl-style": False}
    for m in r["results"]:
        if m["implementation"] in flags:
            m["peer"] = flags[m["implementation"]]
    return r


def stored_flags(engine):
    return {(m["algorithm"], m["implementation"], m["size"]): m["peer"] for m in store.load_measurements(engine)}


def test_flags_come_back_as_recorded(engine, tmp_path):
    path = tmp_path / "flags.json"
    path.write_text(json.dumps(flagged_record()))
    store.ingest_file(engine, path)
    assert stored_flags(engine) == {("sha256", "fast-lib", 1024): True, ("sha256", "openssl-style", 1024): False,
                                    ("sha256", "plain", 1024): False}
    # the values are booleans on both backends, not 0/1 or strings
    assert all(type(v) is bool for v in stored_flags(engine).values())


def test_the_report_reads_the_flag_not_the_name(engine, tmp_path):
    path = tmp_path / "flags.json"
    path.write_text(json.dumps(flagged_record()))
    store.ingest_file(engine, path)
    ds = dsm.build(engine)
    ms = ds.for_machine(ds.host_machine)
    assert dsm.best_of(ms, ours=False)["implementation"] == "fast-lib"
    # synthetic_record makes later implementations faster: "plain" is our fastest
    assert dsm.best_of(ms, ours=True)["implementation"] == "plain"
    ratio, ours, peer = dsm.peer_ratios(ds)["sha256"][1024]
    assert (ours, peer) == ("plain", "fast-lib")
    assert dsm.peer_names(ds, ds.host_machine) == {"fast-lib"}
    # the throughput chart's line order: ours first, then the peers
    assert list(dsm.throughput_series(ds, "sha256")) == ["openssl-style", "plain", "fast-lib"]


def test_console_records_hold_no_peer(engine):
    # the console runners write no flag: every result is one of ours
    store.ingest_file(engine, GBA_FILE)
    flags = stored_flags(engine)
    assert flags and not any(flags.values())


def test_thread_scaling_dashes_the_flagged_peers(engine, tmp_path):
    r = synthetic_record("host", "measured", ["blake3"], implementations=("mt/1t", "mt/2t", "crate/1t", "crate/2t"),
                         sizes=(65536,), kbps=1000.0, arch="x86_64")
    for m in r["results"]:
        m["peer"] = m["implementation"].startswith("crate/")
    path = tmp_path / "scale.json"
    path.write_text(json.dumps(r))
    store.ingest_file(engine, path)
    ds = dsm.build(engine)
    assert scaling.peers(ds) == {"crate"}
    fig = scaling.chart("blake3", 65536, scaling.curves(ds)[("blake3", 65536)], scaling.peers(ds))
    dashes = {t.name: t.line.dash for t in fig.data if t.name in ("mt", "crate")}
    assert dashes == {"mt": "solid", "crate": "dash"}


def test_a_store_without_the_column_is_refused(db_url):
    engine = store.open_store(db_url)
    with engine.begin() as conn:
        conn.execute(update(store.store_info).where(store.store_info.c.key == "version").values(value="2"))
    engine.dispose()
    with pytest.raises(store.StoreVersionError, match="table layout version 2.*uses version 3"):
        store.open_store(db_url)


def test_a_wrong_flag_is_refused(engine, tmp_path):
    # the schema says boolean: "yes" is refused before anything is stored
    r = flagged_record()
    r["results"][0]["peer"] = "yes"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(r))
    with pytest.raises(rec.RecordError):
        store.ingest_file(engine, path)
    assert store.count_rows(engine) == (0, 0)


@pytest.fixture(scope="module")
def bench_record(tmp_path_factory):
    """A real record: hashbench's own implementations and the peers measured in one run."""
    if not EXE.exists():
        pytest.skip(f"{EXE} is not built (make)")
    out = tmp_path_factory.mktemp("bench") / "peers.json"
    env = dict(os.environ, HB_RUST_PEERS="none")
    subprocess.run([str(EXE), "bench", "-a", "adler32,sha256", "--impl", "best,peers", "-s", "1K", "--budget", "10",
                    "--repeat", "3", "--format", "json", "-o", str(out)], check=True, env=env, capture_output=True)
    return out


def test_a_real_bench_record_keeps_its_flags(engine, bench_record):
    record = rec.load(bench_record)
    want = {(r["algorithm"], r["implementation"], r["size"]): r["peer"] for r in record["results"]}
    if not any(want.values()):
        pytest.skip("this build has no peer libraries (no_peers.c): nothing flagged")
    store.ingest_file(engine, bench_record)
    assert stored_flags(engine) == want
    ds = dsm.build(engine)
    ratios = dsm.peer_ratios(ds)
    for c in record["peer_comparisons"]:
        _, ours, peer = ratios[c["algorithm"]][c["size"]]
        assert peer == c["peer"]
        assert want[(c["algorithm"], ours, c["size"])] is False


def test_the_flag_is_part_of_the_fingerprint(bench_record):
    # a record whose flags differ is another record (stored beside, never merged)
    record = rec.load(bench_record)
    other = copy.deepcopy(record)
    other["results"][0]["peer"] = not other["results"][0]["peer"]
    assert rec.fingerprint(record) != rec.fingerprint(other)
