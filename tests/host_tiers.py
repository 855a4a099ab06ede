"""The test tiers on a host that is not x86-64 (run_tiers.py's list adapted).

run_tiers.py keeps one list of tiers, written for the x86-64 machines the
project is developed on.  On another host (an ARM board; an ARM Debian root
run through qemu-user by `make test-arm`, tools/arm-root/) each tier passes
through adapt(), which
- runs the x86-64 core tunings (HB_X86_CORE) and feature masks (HB_X86_MASK)
  once without them, and the ARM feature masks in their place: HB_ARM_MASK
  on aarch64 (src/arch/aarch64/cpu_aarch64.h), HB_ARM32_MASK on 32-bit ARM
  (src/arch/arm/cpu_arm.h);
- reports a tier that cannot apply here as skipped, with the reason.
Under user-mode emulation more tiers cannot apply (sanitizers, valgrind,
emulators inside the emulator); emulation() says when that is the case.

Every rule must match a tier: a renamed tier fails loudly here instead of
silently running its x86-64 form.
"""
import os
import platform
import re
import shutil
import struct
import subprocess
from pathlib import Path


class Skip:
    """A tier that is not run on this host, and why."""

    def __init__(self, reason):
        self.reason = reason

    def __repr__(self):
        return f"Skip({self.reason!r})"


MACHINE = platform.machine()
AARCH64 = MACHINE in ("aarch64", "arm64")
ARM32 = MACHINE.startswith("arm") and not AARCH64
BITS = struct.calcsize("P") * 8

# feature bits removed in turn, so the dispatcher reaches each lower
# implementation (as the x86-64 list does with HB_X86_MASK); the last
# removes everything: the portable and fast C alone.
AARCH64_MASKS = {          # src/arch/aarch64/cpu_aarch64.h
    "no CRC32": 0x20,
    "no PMULL, AES": 0x06,
    "no SHA1, SHA2": 0x18,
    "no SHA3, SHA512": 0xC0,
    "no Advanced SIMD": 0x01,
    "nothing at all": 0xFFFFFFFF,
}
ARM32_MASKS = {            # src/arch/arm/cpu_arm.h
    "no CRC32": 0x20,
    "no PMULL, AES": 0x06,
    "no SHA1, SHA2": 0x18,
    "no NEON": 0x01,
    "nothing at all": 0xFFFFFFFF,
}


def arm_masks():
    """(environment variable, {label: mask}) for this host, or (None, {})."""
    if AARCH64:
        return "HB_ARM_MASK", AARCH64_MASKS
    if ARM32:
        return "HB_ARM32_MASK", ARM32_MASKS
    return None, {}


def emulation():
    """Why this host is taken to run under user-mode emulation, or "".

    HB_TEST_EMULATED=1 says so outright (make test-arm sets it: newer QEMU
    versions fake an ARM /proc/cpuinfo).  Otherwise an ARM program that sees
    an x86 /proc/cpuinfo (vendor_id, flags) is running under qemu-user."""
    said = os.environ.get("HB_TEST_EMULATED")
    if said is not None:
        return "emulated (HB_TEST_EMULATED=1)" if said not in ("", "0") else ""
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text(errors="replace")
    except OSError:
        return ""
    if re.search(r"^(vendor_id|flags)\s*:", cpuinfo, re.M):
        return f"emulated ({MACHINE} program, /proc/cpuinfo is an x86 host's: qemu-user)"
    return ""


def not_installable(packages):
    """The packages apt has no candidate for on this host's architecture."""
    if not shutil.which("apt-cache"):
        return []
    missing = []
    for pkg in packages:
        out = subprocess.run(["apt-cache", "policy", pkg], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True).stdout
        if "Candidate:" not in out or "Candidate: (none)" in out:
            missing.append(pkg)
    return missing


def without_x86(cmd):
    """The command without its HB_X86_* environment (and `env` if nothing is left)."""
    if cmd[0] != "env":
        return cmd
    rest = [a for a in cmd[1:] if not a.startswith(("HB_X86_CORE=", "HB_X86_MASK="))]
    if rest and "=" in rest[0]:
        return ["env"] + rest
    return rest


def once(commands):
    """The tier's commands with the x86-64 tunings and masks dropped, duplicates once."""
    seen, out = set(), []
    for cmd in map(without_x86, commands):
        if tuple(cmd) not in seen:
            seen.add(tuple(cmd))
            out.append(cmd)
    return out


def masked(commands):
    """Once without masks, then once per ARM feature mask."""
    base = once(commands)
    var, masks = arm_masks()
    return base + [["env", f"{var}={mask:#x}"] + cmd for mask in masks.values() for cmd in base]


def renamed(name, with_masks=False):
    """The tier's name with the x86-64 tunings' and masks' wording made this host's."""
    var, _ = arm_masks()
    each = f", plain and each {var} feature mask" if with_masks and var else ""
    name = name.replace("native 64-bit", f"native {BITS}-bit")
    name = name.replace(", each core tuning and feature mask", each)
    return name.replace(", each x86-64 core tuning", each)


# the console tiers and the Debian packages their emulators come from
CONSOLE_PACKAGES = {
    "gba:": ["libretro-mgba"],
    "gb:": ["libretro-gambatte", "libretro-mgba"],
    "n64:": ["mupen64plus-ui-console", "cen64"],
    "nes:": ["libretro-nestopia"],
    "nes-sim65:": ["cc65"],
    "nds:": ["libretro-desmume"],
}


def rules(emulated):
    """[(tier name prefix, function(name, commands) -> (name, commands or Skip))]."""
    def keep(name, commands):
        return name, commands

    def skip_emulated(why):
        def rule(name, commands):
            return (name, Skip(f"{emulated}: {why}")) if emulated else (name, commands)
        return rule

    def verify_masked(name, commands):
        return renamed(name, with_masks=True), masked(commands)

    def plain(name, commands):
        return renamed(name), once(commands)

    def differential(name, commands):
        cmds = once(commands)
        if emulated:    # the smaller sizes of the ASan tier: emulation is as slow
            cmds = [["env", "HB_DIFF_BIG=2", "HB_DIFF_MAXLEN=1100"] + c for c in cmds]
        return renamed(name), cmds

    def sanitizer(name, commands):
        # ASan, UBSan and TSan do start under qemu-user (a heap overflow was
        # caught in an arm64 root); what rules them out is the time: another
        # full build and runs at sanitizer speed, emulated
        if emulated:
            return name, Skip(f"{emulated}: a sanitizer build and its runs take too long under emulation "
                              "(a second full build); a native ARM host runs this tier")
        return renamed(name), once(commands)

    def clang_sanitizer(masks):
        # the clang UBSan tier: as the gcc sanitizer tiers, and only where clang is
        def rule(name, commands):
            if not emulated and not (shutil.which("clang-14") or shutil.which("clang")):
                return name, Skip(f"no clang on this {MACHINE} host (apt install clang)")
            if emulated or not masks:
                return sanitizer(name, commands)
            return renamed(name, with_masks=True), masked(commands)
        return rule

    def fuzz(name, commands):
        if emulated:
            return name, Skip(f"{emulated}: clang's libFuzzer is not installed in the emulated roots, "
                              "and the targets' runs under emulation would be too short to find anything")
        return renamed(name), once(commands)

    def tsan(name, commands):
        if BITS != 64:
            return name, Skip(f"ThreadSanitizer supports 64-bit targets only ({MACHINE} is {BITS}-bit)")
        return sanitizer(name, commands)

    def cross(name, commands):
        return name, Skip(f"the cross tier runs the other architectures under qemu-user from an x86-64 host "
                          f"(its Debian cross compilers and the QEMU plugin's counts); its results do not "
                          f"depend on the host, and on {MACHINE} its own architecture would be emulated")

    def console(packages):
        def rule(name, commands):
            if emulated:
                return name, Skip(f"{emulated}: the console emulators would run inside the emulator; "
                                  "the x86-64 hosts run this tier")
            gone = not_installable(packages)
            if gone:
                return name, Skip(f"no {', '.join(gone)} package for {MACHINE} in apt")
            return name, commands
        return rule

    def valgrind(name, commands):
        # valgrind does run under qemu-user (the whole tier passed in the
        # arm64 root in about 3 min); a root without it installed skips
        if emulated and not shutil.which("valgrind"):
            return name, Skip(f"{emulated}: valgrind is not installed here")
        return name, commands

    def python(name, commands):
        if emulated and not Path(commands[0][0]).exists():
            return name, Skip(f"{emulated}: no .venv here (make test-arm leaves the Python test "
                              "packages out of its roots to keep the run short; sh tools/setup.sh "
                              "test makes it)")
        return name, commands

    table = [
        ("build", keep),     # the plain build; the longer "build: ..." prefixes below win over it
        ("portability:", skip_emulated("the compilers' acceptance of the sources does not depend on the "
                                       "host; the x86-64 hosts run this tier")),
        ("verify: built-in vectors, native", verify_masked),
        ("unit tests, native", keep),
        ("differential vs", differential),
        ("self-differential:", plain),
        ("build: two-word", skip_emulated("the two-word 64-bit form is the same portable C on every host "
                                          "and a second full build under emulation takes ~10 min; the "
                                          "x86-64 hosts and a native ARM host run it")),
        ("verify: built-in vectors, two-word", skip_emulated("its build is skipped")),
        ("unit tests, two-word", skip_emulated("its build is skipped")),
        ("build: ASan", sanitizer),
        ("verify under ASan", sanitizer),
        ("unit tests under ASan", sanitizer),
        ("differential under ASan", sanitizer),
        ("build: fuzz", fuzz),
        ("fuzz smoke", fuzz),
        ("build: ThreadSanitizer", tsan),
        ("threads under ThreadSanitizer", tsan),
        ("contract (SUPERCOP-style)", verify_masked),
        ("contract under ASan", sanitizer),
        ("build: clang UBSan", clang_sanitizer(False)),
        ("contract and unit tests under clang UBSan", clang_sanitizer(True)),
        ("cross:", cross),
        ("valgrind", valgrind),
        ("report:", skip_emulated("the report (Python, PostgreSQL, Chromium) does not depend on the host; "
                                  "the x86-64 hosts run it")),
        ("rust peers:", skip_emulated("no Rust toolchain in the emulated root; a cargo build under "
                                      "emulation takes too long")),
        ("python:", python),
        ("structure:", skip_emulated("the layout rules read the sources, which do not depend on the host, "
                                     "and need the .venv's pytest, which the roots leave out")),
        ("peer call cost:", skip_emulated("it compares two times of the same call, and under emulation "
                                          "both are QEMU's, not a CPU's")),
        ("quality:", python),
        ("quality calibration:", skip_emulated("96 random oracles through the whole battery: about 2 min "
                                               "of CPU natively, far longer emulated; the valgrind tier "
                                               "runs the battery's engine here")),
    ] + [(prefix, console(pkgs)) for prefix, pkgs in CONSOLE_PACKAGES.items()]
    return table


def adapt(tiers):
    """run_tiers.py's x86-64 list made this host's (see the module's comment)."""
    table = rules(emulation())
    used = set()
    out = []
    for name, commands in tiers:
        # the longest matching prefix: "build: ASan" before "build: "
        matches = [(p, r) for p, r in table if name.startswith(p)]
        if not matches:
            out.append((renamed(name), once(commands)))
            continue
        prefix, rule = max(matches, key=lambda m: len(m[0]))
        used.add(prefix)
        new_name, new_commands = rule(name, commands)
        out.append((renamed(new_name), new_commands))     # a skipped tier's name too
    unused = [p for p, _ in table if p not in used]
    if unused:
        raise SystemExit(f"host_tiers.py: no tier starts with {unused}: update its rules to the renamed tiers")
    return out
