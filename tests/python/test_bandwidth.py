"""hashbench bandwidth: the streaming-read bound per buffer size.  Its
output's shape and sanity (positive rates, cycles per byte the inverse of
bytes per cycle, one row per size in the order given, the load form asked
for) and every bad option with its message and exit status 2.  Nothing
here asserts a speed, nor that the rate falls with the size (a shared VM
does not promise that)."""
import json
import math
import re

import pytest

QUICK = ["-r", "2", "--sample-ms", "1"]


def run_json(hashbench, *args):
    p = hashbench("bandwidth", *QUICK, *args, "--format", "json")
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_json_is_sane(hashbench):
    data = run_json(hashbench, "-s", "32K,1M,4K")
    assert data["command"] == "bandwidth" and data["rounds"] == 2 and data["pin"] == -1
    assert [s["bytes"] for s in data["sizes"]] == [32768, 1048576, 4096]
    clk = data["core_clock_hz"]
    assert 0 < clk["min"] <= clk["median"] <= clk["max"] < 20e9
    for s in data["sizes"]:
        bpc = s["bytes_per_cycle"]
        assert 0 < bpc["min"] <= bpc["median"] <= bpc["max"], s
        assert bpc["spread"] >= 0
        assert math.isclose(s["cycles_per_byte"], 1 / bpc["median"], rel_tol=1e-3)
        assert s["bytes_per_second"] > 0
    assert data["load_bytes"] in (16, 32, 64) and data["sums"] == 8


def test_table(hashbench):
    p = hashbench("bandwidth", *QUICK, "-s", "8K,64K")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.decode().splitlines()
    assert re.match(r"streaming read: \w+ loads \(\d+ bytes\), 8 independent sums; 2 rounds; core clock [\d.]+ GHz",
                    lines[0])
    assert "not pinned" in lines[0]
    assert lines[1].split()[:3] == ["size", "bytes/cycle", "cycles/byte"]
    rows = lines[2:]
    assert [r.split()[0:2] for r in rows] == [["8", "KiB"], ["64", "KiB"]]
    for r in rows:
        bpc, cpb = float(r.split()[2]), float(r.split()[3])
        assert bpc > 0 and cpb > 0


def test_every_load_form_this_cpu_has(hashbench):
    """each form named in --help runs where the CPU has it, and is refused
    with a message where it has not (as under HB_X86_MASK)"""
    names = re.findall(r" (\w+) \((\d+) B\)", hashbench("bandwidth", "--help", check=0).stdout.decode())
    assert names and ("vector16", "16") in names
    for name, width in names:
        p = hashbench("bandwidth", *QUICK, "-s", "4K", "--loads", name, "--format", "json")
        if p.returncode == 0:
            d = json.loads(p.stdout)
            assert d["loads"] == name and d["load_bytes"] == int(width)
        else:
            assert p.returncode == 2 and b"this CPU (or HB_X86_MASK) has no" in p.stderr, p.stderr


def test_pin(hashbench):
    data = run_json(hashbench, "-s", "4K", "--pin", "0")
    assert data["pin"] == 0


@pytest.mark.parametrize("args, message", [
    (["-s", "1000"], "not a multiple of 512 bytes"),
    (["-s", "0"], "--sizes"),
    (["-s", "1K,,2K"], "--sizes"),
    (["-s", "12Q"], "--sizes"),
    (["-r", "0"], "--repeat"),
    (["-r", "1001"], "--repeat"),
    (["-r", "x"], "--repeat"),
    (["--pin", "-1"], "--pin"),
    (["--pin", "99999"], "--pin"),
    (["--sample-ms", "0"], "--sample-ms"),
    (["--sample-ms", "nan"], "--sample-ms"),
    (["--loads", "avx1024"], "unknown 'avx1024'"),
    (["--format", "csv"], "unknown format"),
    (["extra"], "unexpected argument"),
    (["--no-such-option"], "usage: hashbench bandwidth"),
])
def test_bad_options(hashbench, args, message):
    p = hashbench("bandwidth", *args)
    assert p.returncode == 2, (args, p.stdout, p.stderr)
    assert message.encode() in p.stderr, (args, p.stderr)
    assert p.stdout == b""


def test_pin_to_a_cpu_not_ours(hashbench):
    """a CPU this process may not use: sched_setaffinity's reason, status 2"""
    p = hashbench("bandwidth", "-s", "4K", "--pin", "1000")
    assert p.returncode == 2 and b"--pin 1000: Invalid argument" in p.stderr


def test_help(hashbench):
    p = hashbench("bandwidth", "--help", check=0)
    assert b"usage: hashbench bandwidth" in p.stdout
    assert b"bandwidth" in hashbench("--help", check=0).stdout
