#!/usr/bin/env python3
"""Links the sim65 program(s) of one algorithm and says which runs what.

First one program with both implementations (bin/<ident>.sim).  When ld65
reports that it does not fit sim65's memory, one program per implementation
instead (bin/<ident>.portable.sim, bin/<ident>.fast.sim); an implementation
that does not fit even alone is recorded as not run, with ld65's own figure
of how far over it is.  Any other link error fails the build.

    link_sim65.py IDENT BUILD_DIR CONFIG LIBRARY

reads BUILD_DIR/main/IDENT.o, BUILD_DIR/hbt_measure.o and
BUILD_DIR/stubs/IDENT[.impl].o; writes BUILD_DIR/bin/IDENT.json:

    {"algorithm": "sha256",
     "programs": {"portable": "build/sim65/bin/sha256.sim", "fast": ...},
     "not_run": {"fast": "why"}}
"""
import json
import re
import subprocess
import sys
from pathlib import Path

OVERFLOW = re.compile(r"Segment '(\w+)' overflows memory area '(\w+)' by (\d+) bytes")


def link(out, objects, config):
    """None when linked; the overflow in bytes when it does not fit; exits on any other error."""
    proc = subprocess.run(["ld65", "-C", str(config), "-m", str(out.with_suffix(".map")), "-o", str(out)]
                          + [str(o) for o in objects] + ["sim6502.lib"],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if proc.returncode == 0:
        if proc.stdout.strip():
            sys.exit(f"link_sim65: {out}: ld65 warned:\n{proc.stdout}")
        return None
    over = [int(m.group(3)) for m in OVERFLOW.finditer(proc.stdout)]
    if over:
        out.unlink(missing_ok=True)
        return max(over)      # each later segment repeats the overshoot before it
    sys.exit(f"link_sim65: {out}: ld65 failed:\n{proc.stdout}")


def main(argv):
    if len(argv) != 5:
        sys.exit("usage: link_sim65.py IDENT BUILD_DIR CONFIG LIBRARY")
    ident, build, config, library = argv[1], Path(argv[2]), Path(argv[3]), Path(argv[4])
    bindir = build / "bin"
    bindir.mkdir(parents=True, exist_ok=True)
    common = [build / "main" / f"{ident}.o", build / "hbt_measure.o"]
    impls = [p.name[len(ident) + 1:-2] for p in sorted((build / "stubs").glob(f"{ident}.*.o"))]
    impls.sort(key=lambda n: (n != "portable", n))     # the registry's order: portable first
    manifest = {"algorithm": ident, "programs": {}, "not_run": {}}

    whole = bindir / f"{ident}.sim"
    over = link(whole, common + [build / "stubs" / f"{ident}.o", library], config)
    if over is None:
        for name in impls or ["portable"]:
            manifest["programs"][name] = str(whole)
    elif not impls:
        manifest["not_run"]["portable"] = (f"does not fit sim65's memory: {over} bytes more than the "
                                           "61 KB a sim6502 program may use")
    else:
        for name in impls:
            alone = bindir / f"{ident}.{name}.sim"
            o = link(alone, common + [build / "stubs" / f"{ident}.{name}.o", library], config)
            if o is None:
                manifest["programs"][name] = str(alone)
            else:
                manifest["not_run"][name] = (f"does not fit sim65's memory: alone, {o} bytes more than "
                                             "the 61 KB a sim6502 program may use")
    (bindir / f"{ident}.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
