"""The QEMU targets of `make cross`: compiler, flags, emulator and pinned CPUs.

kind "glibc": the library, and with cli=True the hashbench command line,
built with the Debian cross compiler and linked statically; run with
qemu-ARCH.  kind "freestanding": the cores Debian's static glibc no longer
starts on (it is built for armv5te / mips64r2 / i686 and dies with SIGILL);
the library plus cross/freestanding's own start-up and raw system calls.

cpus: (QEMU -cpu, whether instruction counts are taken on it).  cli=False
targets are flag variants of a target (Thumb, Zbb): only the library and
the harness are built for them, which still checks every vector and the
workload digests.
"""

# Debian packages per compiler prefix: what a missing toolchain asks for.
PACKAGES = {
    "aarch64-linux-gnu": ["gcc-aarch64-linux-gnu", "libc6-dev-arm64-cross"],
    "arm-linux-gnueabi": ["gcc-arm-linux-gnueabi", "libc6-dev-armel-cross"],
    "arm-linux-gnueabihf": ["gcc-arm-linux-gnueabihf", "libc6-dev-armhf-cross"],
    "mips64-linux-gnuabi64": ["gcc-mips64-linux-gnuabi64", "libc6-dev-mips64-cross"],
    "riscv64-linux-gnu": ["gcc-riscv64-linux-gnu", "libc6-dev-riscv64-cross"],
    "s390x-linux-gnu": ["gcc-s390x-linux-gnu", "libc6-dev-s390x-cross"],
    "powerpc64-linux-gnu": ["gcc-powerpc64-linux-gnu", "libc6-dev-ppc64-cross"],
    "i686-linux-gnu": ["gcc-i686-linux-gnu", "libc6-dev-i386-cross"],
}
QEMU_PACKAGE = "qemu-user"

# Flags every freestanding build adds (see cross/freestanding/).
FREESTANDING = ("-ffreestanding -fno-builtin -fno-tree-loop-distribute-patterns -fno-pie "
                "-fno-stack-protector")

TARGETS = [
    # name, arch (results "arch"), kind, compiler prefix, qemu, target flags, cpus, cli
    dict(name="aarch64", arch="aarch64", kind="glibc", prefix="aarch64-linux-gnu",
         qemu="qemu-aarch64", flags="", cpus=[("cortex-a53", True), ("max", True)], cli=True),
    dict(name="armv5te", arch="arm", kind="glibc", prefix="arm-linux-gnueabi",
         qemu="qemu-arm", flags="-march=armv5te -marm", cpus=[("arm926", True), ("arm946", False)], cli=True),
    # the 3DS's ARM11 MPCore (ARMv6K): counted on QEMU's arm11mpcore model, and
    # its counts also written as the 3DS's record (console: platform, clock;
    # run_cross.py write_console_record), instruction counts at 268 MHz, not time
    dict(name="armv6k", arch="arm", kind="glibc", prefix="arm-linux-gnueabi",
         qemu="qemu-arm", flags="-march=armv6k -marm", cpus=[("arm1136", False), ("arm11mpcore", True)],
         cli=True, console=dict(cpu="arm11mpcore", platform="3ds", clock_hz=268000000,
                                cpu_model="ARM11 MPCore (3DS, 268 MHz)")),
    # Debian's armhf default: ARMv7-A, Thumb-2, hard float
    dict(name="armv7", arch="arm", kind="glibc", prefix="arm-linux-gnueabihf",
         qemu="qemu-arm", flags="-mcpu=cortex-a8 -mthumb", cpus=[("cortex-a8", True)], cli=True),
    dict(name="armv7-arm", arch="arm", kind="glibc", prefix="arm-linux-gnueabihf",
         qemu="qemu-arm", flags="-mcpu=cortex-a8 -marm", cpus=[("cortex-a8", True)], cli=False),
    dict(name="mips64r2", arch="mips64", kind="glibc", prefix="mips64-linux-gnuabi64",
         qemu="qemu-mips64", flags="-march=mips64r2", cpus=[("MIPS64R2-generic", True)], cli=True),
    # rv64gc has no rotate instruction; Zbb adds ror/rol
    dict(name="riscv64", arch="riscv64", kind="glibc", prefix="riscv64-linux-gnu",
         qemu="qemu-riscv64", flags="-march=rv64gc", cpus=[("rv64,zbb=false", True)], cli=True),
    dict(name="riscv64-zbb", arch="riscv64", kind="glibc", prefix="riscv64-linux-gnu",
         qemu="qemu-riscv64", flags="-march=rv64gc_zbb", cpus=[("rv64,zbb=true", True)], cli=False),
    # the only s390x model QEMU's TCG fully provides; gcc's default is z196 (arch9)
    dict(name="s390x", arch="s390x", kind="glibc", prefix="s390x-linux-gnu",
         qemu="qemu-s390x", flags="", cpus=[("qemu", True)], cli=True),
    dict(name="ppc64", arch="ppc64", kind="glibc", prefix="powerpc64-linux-gnu",
         qemu="qemu-ppc64", flags="", cpus=[("power7", True)], cli=True),
    dict(name="i686", arch="i386", kind="glibc", prefix="i686-linux-gnu",
         qemu="qemu-i386", flags="-march=i686", cpus=[("pentium2", True)], cli=True),
    # ARM7TDMI class (GBA): ARMv4T, in ARM and in Thumb mode
    dict(name="armv4t", arch="arm", kind="freestanding", prefix="arm-linux-gnueabi",
         qemu="qemu-arm", flags="-march=armv4t -marm", cpus=[("ti925t", True)], cli=False),
    dict(name="armv4t-thumb", arch="arm", kind="freestanding", prefix="arm-linux-gnueabi",
         qemu="qemu-arm", flags="-march=armv4t -mthumb", cpus=[("ti925t", True)], cli=False),
    # VR4300 (N64): MIPS III, n32 ABI (64-bit registers, 32-bit pointers)
    dict(name="mips3", arch="mips64", kind="freestanding", prefix="mips64-linux-gnuabi64",
         qemu="qemu-mipsn32", flags="-march=vr4300 -mabi=n32 -EB -mno-abicalls -fno-pic -G0",
         ldflags="-Wl,-e,_start", cpus=[("R4000", True)], cli=False),
    dict(name="i586", arch="i386", kind="freestanding", prefix="i686-linux-gnu",
         qemu="qemu-i386", flags="-march=pentium", cpus=[("pentium", True)], cli=False),
]

# start-up file per freestanding compiler
START = {
    "arm-linux-gnueabi": "cross/freestanding/start_arm.S",
    "mips64-linux-gnuabi64": "cross/freestanding/start_mips.S",
    "i686-linux-gnu": "cross/freestanding/start_i386.S",
}

# Dispatcher checks (added with the aarch64 instruction-set implementations,
# docs/impl-aarch64.md): per target, the environment variable that masks CPU
# feature bits, and cases (cpu, mask, {algorithm: implementation the
# dispatcher must pick}).  run_cross.py runs `hashbench verify` and the
# workload digests of the picked implementations under each mask, and
# compares the picks of `hashbench list`.
_ARM_ALL = {"sha1": "armv8", "sha256": "armv8", "hmac-sha256": "armv8", "pbkdf2-sha256": "armv8",
            "aes-cbc-mac": "armv8", "crc32": "crc", "crc32c": "crc", "crc64": "pmull",
            "crc64-xz": "pmull"}
_ARM_V82 = {"sha512": "armv8", "sha384": "armv8", "sha3-256": "armv8", "sha3-384": "armv8",
            "sha3-512": "armv8"}
# BLAKE3: `mt` (NEON on every core above 128 KiB, the single-threaded NEON code below) over `neon`
_ARM_NEON = {"adler32": "neon", "xxh3-64": "neon", "xxh3-128": "neon", "blake3": "mt"}
# the NEON BLAKE2 forms exist but rank below `fast` (one serial chain; docs/impl-aarch64.md)
_ARM_SCALAR = {"blake2s": "fast", "blake2b": "fast"}
_ARM_C = {a: "fast" for a in list(_ARM_ALL) + list(_ARM_V82) + list(_ARM_NEON) + list(_ARM_SCALAR)}
# 32-bit ARM (armhf, src/algorithms/*/arm/, docs/impl-arm32.md): the NEON
# kernels that rank above fast on Cortex-A8; HB_ARM32_MASK bit 0x1 is NEON.
# XXH32's and BLAKE2s's NEON forms rank below fast (no fewer cycles on
# Cortex-A8's stand-in models); BLAKE3's `mt` runs over `neon` and ranks
# above it, and stays the pick without NEON (over the fast C)
# (docs/impl-blake.md "32-bit ARM (NEON)")
_ARM32_NEON = {"adler32": "neon", "fletcher32": "neon", "xxh3-64": "neon", "xxh3-128": "neon",
               "blake2b": "neon"}
_ARM32_C = {**{a: "fast" for a in list(_ARM32_NEON) + ["xxh32", "blake2s"]}, "blake3": "mt"}
DISPATCH = {
    # Cortex-A8 (BeagleBone Black) has NEON: the kernels; without it, the C code
    "armv7": dict(env="HB_ARM32_MASK", cases=[
        ("cortex-a8", "0", {**_ARM32_NEON, "xxh32": "fast", "blake2s": "fast", "blake3": "mt"}),
        ("cortex-a8", "0x1", _ARM32_C),
    ]),
    # the armel targets' cores have no NEON (their NEON objects are built, never run)
    "armv5te": dict(env="HB_ARM32_MASK", cases=[
        ("arm926", "0", _ARM32_C),
    ]),
    "armv6k": dict(env="HB_ARM32_MASK", cases=[
        ("arm11mpcore", "0", _ARM32_C),
    ]),
    "aarch64": dict(env="HB_ARM_MASK", cases=[
        # -cpu max: ARMv8.x with SHA-512 and SHA-3
        ("max", "0", {**_ARM_ALL, **_ARM_V82, **_ARM_NEON, **_ARM_SCALAR}),
        # no CRC32 instructions: crc32/crc32c fall back to PMULL folding
        ("max", "0x20", {**_ARM_ALL, **_ARM_V82, **_ARM_NEON, "crc32": "pmull", "crc32c": "pmull"}),
        # no CRC32 and no PMULL: the table code
        ("max", "0x24", {"crc32": "fast", "crc32c": "fast", "crc64": "fast", "crc64-xz": "fast"}),
        # no SHA-512 / SHA-3 (what a Cortex-A53 lacks)
        ("max", "0xC0", {**_ARM_ALL, **_ARM_NEON, **{a: "fast" for a in _ARM_V82}}),
        # no Advanced SIMD: the vector code falls back to the C code
        ("max", "0x1", {**_ARM_ALL, **_ARM_V82, **{a: "fast" for a in _ARM_NEON}}),
        # every feature masked: the C code everywhere
        ("max", "0xFFFFFFFF", _ARM_C),
        # a real ARMv8.0 core model: AES, PMULL, SHA-1, SHA-256, CRC32, no SHA-512/SHA-3
        ("cortex-a53", "0", {**_ARM_ALL, **_ARM_NEON, **{a: "fast" for a in _ARM_V82}}),
        # a Raspberry Pi 3 or 4 (BCM2837 / BCM2711: no crypto extension, CRC32
        # and NEON only; docs/arm.md): the CRC instructions, NEON, C elsewhere
        ("cortex-a53", "0xDE", {**{a: "fast" for a in list(_ARM_ALL) + list(_ARM_V82)},
                                **_ARM_NEON, "crc32": "crc", "crc32c": "crc"}),
    ]),
}
