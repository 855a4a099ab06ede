#!/usr/bin/env python3
"""The DSi column: a projection from the DS run, since no emulator here runs
DSi mode (docs/consoles/nds.md says how to measure a real DSi).

The DSi's ARM9 is the DS's ARM946E-S clocked at 134.06 MHz (twice the DS's
67.03 MHz).  The projection keeps every cycle count of the DS record and
converts it at the DSi clock: time halves, throughput doubles.  It cannot
know what the faster clock costs in memory wait states (main RAM does not get
faster with the CPU), so the figures are an upper bound; the record says so,
and every result is labelled `projected`.

    project_dsi.py build/retro/nds/results.json build/retro/dsi/results.json
"""
import json
import sys
from pathlib import Path

DS_CLOCK_HZ = 67027964
DSI_CLOCK_HZ = 2 * DS_CLOCK_HZ     # 134.055928 MHz
NOTE = ("projected from the DS run's ARM9 cycle counts at the DSi's 134.06 MHz clock; "
        "not run in DSi mode; memory wait states at that clock are not modelled (an upper bound)")


def project(ds):
    ctx = ds["context"]
    if ctx.get("platform") != "nds" or ctx.get("clock_hz") != DS_CLOCK_HZ:
        raise ValueError(f"not a DS record at {DS_CLOCK_HZ} Hz: platform {ctx.get('platform')!r}, "
                         f"clock {ctx.get('clock_hz')!r}")
    scale = DS_CLOCK_HZ / DSI_CLOCK_HZ
    out = json.loads(json.dumps(ds))
    c = out["context"]
    c["platform"] = "dsi"
    c["cpu_model"] = "ARM946E-S (DSi mode, 134 MHz)"
    c["clock_hz"] = DSI_CLOCK_HZ
    c["emulator"] = f"none: {NOTE}"
    c["timer"]["name"] = "none (projection from the DS's " + ds["context"]["timer"]["name"] + ")"
    c["timer"]["resolution_ns"] = ds["context"]["timer"]["resolution_ns"] * scale
    c["counter"] = {"name": "ARM9 cycles of the DS run", "hz": DSI_CLOCK_HZ,
                    "hz_source": "the DSi's nominal ARM9 clock (projection)"}
    c["console"]["projected_from"] = {"platform": "nds", "date": ds["context"]["date"],
                                      "hashbench_build": ds["context"]["hashbench_build"],
                                      "clock_hz": DS_CLOCK_HZ}
    out["warnings"] = list(ds.get("warnings", [])) + [NOTE]
    for r in out["results"]:
        r["timing_fidelity"] = "projected"
        for key in ("median_ns", "min_ns", "max_ns"):
            if r.get(key) is not None:
                r[key] = r[key] * scale
        if r.get("samples_ns"):
            r["samples_ns"] = [s * scale for s in r["samples_ns"]]
        if r.get("samples_ticks"):
            # the DS counted timer ticks of 2 CPU cycles; the projection's counter is the CPU clock
            r["samples_ticks"] = [t * 2 for t in r["samples_ticks"]]
        r["counter_ticks_per_byte"] = r.get("cycles_per_byte")
        if r.get("bytes_per_second"):
            r["bytes_per_second"] = r["bytes_per_second"] / scale
    return out


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    src, dst = Path(argv[1]), Path(argv[2])
    try:
        ds = json.loads(src.read_text())
        out = project(ds)
    except (OSError, ValueError, KeyError) as e:
        print(f"project_dsi: {src}: {e}", file=sys.stderr)
        return 1
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(json.dumps(out, indent=1) + "\n")
    print(f"project_dsi: {len(out['results'])} results projected to {dst}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
