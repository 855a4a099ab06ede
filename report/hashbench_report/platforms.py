"""Platform names and order, timing fidelity labels, and console builds in implementation names.

The results records name platforms `host`, `qemu-<arch>`, `nes`, `gb`, `gbc`
(the Game Boy ROM on a Color, in double speed), `gba`, `nds`, `dsi`, `3ds`,
`n64` (docs/schema/results.schema.json).
"""

# The original suite's column order: slowest console first, then the QEMU
# architectures, then the machine the report was made on.
CONSOLES = [
    ("nes", "NES"), ("gb", "Game Boy"), ("gbc", "GB Color (2x)"), ("gba", "GBA"), ("nds", "DS"),
    ("dsi", "DSi"), ("3ds", "3DS"), ("n64", "N64"),
]
CONSOLE_NAMES = dict(CONSOLES)

# Consoles no emulator here can run: what stands in for them (docs/consoles/nds.md).
NO_EMULATOR = {
    "3ds": "3DS: no 3DS emulator exists here; its column shows the instruction counts per byte of QEMU's "
           "arm11mpcore model (the 3DS's ARM11 MPCore, 268 MHz) once make cross has run, never a time.",
}

# published.csv spells platforms its own way
PUBLISHED_PLATFORM = {"NES": "nes", "GB": "gb", "GBA": "gba", "NDS": "nds", "DSi": "dsi", "3DS": "3ds", "N64": "n64"}

FIDELITY = {
    # label, one-letter mark in tables, what it means
    "measured": ("measured", "M", "timed on real hardware by its clock"),
    "cycle-exact": ("cycle-exact", "C", "counted by a cycle-exact emulator"),
    "approximate": ("approximate", "A", "an emulator whose timing is approximate"),
    "projected": ("projected", "P", "projected from a count, not run at speed"),
    "instruction-count": ("instruction-count", "I", "instructions per byte under QEMU, not time"),
    "cycle-modelled": ("cycle-modelled", "Y", "cycles from an emulator that models the CPU's pipeline and caches "
                       "(cen64), not verified cycle-exact"),
}

# Best first: which of two records of the same platform speaks for it
# (published.py's comparison), when a console ran in two emulators.
FIDELITY_ORDER = ("measured", "cycle-exact", "cycle-modelled", "approximate", "projected", "instruction-count")


def fidelity_rank(fidelity):
    return FIDELITY_ORDER.index(fidelity) if fidelity in FIDELITY_ORDER else len(FIDELITY_ORDER)


# A console also run in a second emulator: its records are a machine of their
# own, "n64 (cen64)" beside "n64" (mupen64plus), so the report shows both
# columns instead of letting the newer run replace the other.  The key is the
# first word of the record's context.emulator, lower case.
SECOND_EMULATORS = {"n64": ("cen64",)}


def console_machine(platform, emulator):
    """ "n64 (cen64)" for a cen64 run of the N64; the platform name otherwise."""
    word = (emulator or "").split(" ")[0].lower()
    if word and word in SECOND_EMULATORS.get(platform, ()):
        return f"{platform} ({word})"
    return platform

# Consoles that run more than one build of the library record the build after
# an "@" in the implementation name ("fast@arm-iwram", docs/consoles/gba.md);
# the report gives each build its own column.
BUILD_NAMES = {"thumb-rom": "Thumb ROM", "arm-iwram": "ARM IWRAM"}


def split_build(implementation):
    """("fast", "arm-iwram") for "fast@arm-iwram"; (implementation, None) without a build."""
    base, sep, build = implementation.partition("@")
    return (base, build) if sep and build else (implementation, None)


def build_title(build):
    return BUILD_NAMES.get(build, build)


def is_qemu(platform):
    return platform.startswith("qemu-")


def is_console(platform):
    return platform in CONSOLE_NAMES


def display_name(platform):
    if platform in CONSOLE_NAMES:
        return CONSOLE_NAMES[platform]
    if is_qemu(platform):
        return "QEMU " + platform[len("qemu-"):]
    return platform


def machine_title(machine, platform):
    """A column heading: the console's name, "QEMU <arch> (<cpu>)", or the host machine."""
    if platform in CONSOLE_NAMES:
        # "N64 (cen64)": a second emulator's column says which
        extra = machine[len(platform):] if machine.startswith(platform + " (") else ""
        return CONSOLE_NAMES[platform] + extra
    if is_qemu(platform) and machine.startswith("qemu-"):
        return "QEMU " + machine[len("qemu-"):]
    return machine


def clock_text(hz):
    """16777216 -> "16.78 MHz"."""
    if not hz:
        return ""
    if hz >= 1e9:
        return f"{hz / 1e9:.3g} GHz"
    return f"{hz / 1e6:.4g} MHz"


def platform_sort_key(platform):
    """Consoles in the original order, then QEMU architectures by name, then
    hosts, then anything else."""
    order = [p for p, _ in CONSOLES]
    if platform in order:
        return (0, order.index(platform), platform)
    if is_qemu(platform):
        return (1, 0, platform)
    if platform == "host":
        return (2, 0, platform)
    return (3, 0, platform)
