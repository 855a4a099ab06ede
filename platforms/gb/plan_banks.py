#!/usr/bin/env python3
"""Packs the algorithms into 16 KB ROM banks for the Game Boy ROM.

Every algorithm source is compiled once, with its code and constant tables
in an area of its own (sdcc --codeseg BK_<file>).  This script reads those
objects (.rel: area sizes, symbols defined and referenced) and the
registry's HB_DEFINE_IMPL lines, and decides:

  - which files one implementation needs: the files defining its init,
    update and final, and everything they call that is not in bank 0;
  - groups: implementations that share a file must share a bank;
  - what does not fit: an implementation whose files alone exceed a bank
    is left out of the ROM (then a group's largest `fast` ones, should a
    group still be too large); every file depending on a left-out file is
    left out too;
  - a bank for each group, first fit by decreasing size, from bank 2 up.

It writes, into the output folder:
  link.args   one sdcc link option per line: -Wl-b_BK_<file>=<address> for
              every area placed, -Wl-g_<symbol>=0 for every symbol of a
              left-out file that bank-0 code still names (the registry's
              adapters): address 0 is crt0.s's trap, and never called,
              because
  gb_banks.c  tells gb_measure which bank holds each implementation, 0 for
              those left out (recorded as not run, iterations 0);
  link.rels   the objects to link;
  banks.txt   the plan, for people (sizes, banks, what was left out, why).

usage: plan_banks.py OUT_DIR BANK_SIZE FIRST_BANK REGISTER_SOURCES... -- HOME_RELS... -- BANKED_RELS...
       plan_banks.py --check MAP    after linking: every area inside its bank, and the
                                    static data leaving the stack its room in WRAM
"""
import os
import re
import sys


def read_rel(path):
    """areas {name: size}, defined symbols, referenced symbols of one .rel"""
    areas, defs, refs = {}, set(), set()
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) >= 4 and p[0] == "A":
                areas[p[1]] = int(p[3], 16)
            elif len(p) >= 3 and p[0] == "S" and p[1] != ".__.ABS.":
                (defs if p[2].startswith("Def") else refs).add(p[1])
    return areas, defs, refs


IMPL_RE = re.compile(r'HB_DEFINE_IMPL\(\s*(\w+)\s*,\s*"([\w-]+)"\s*,\s*\w+\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,'
                     r'\s*(\w+)\s*\)', re.S)


def main(argv):
    out_dir, bank_size, first_bank = argv[0], int(argv[1], 0), int(argv[2])
    rest = argv[3:]
    i1 = rest.index("--")
    i2 = rest.index("--", i1 + 1)
    reg_srcs, home_rels, banked_rels = rest[:i1], rest[i1 + 1:i2], rest[i2 + 1:]

    # the implementations the registry names: (symbol, name, [init, update, final])
    impls = []
    for src in reg_srcs:
        for m in IMPL_RE.finditer(open(src).read()):
            impls.append((m.group(1), m.group(2), ["_" + m.group(k) for k in (3, 4, 5)]))
    if not impls:
        sys.exit("plan_banks: no HB_DEFINE_IMPL found in the register sources")

    home_defs = set()
    for r in home_rels:
        home_defs |= read_rel(r)[1]
    files = {}          # banked file -> (area, size, defs, refs)
    owner = {}          # symbol -> banked file
    for r in banked_rels:
        areas, defs, refs = read_rel(r)
        bk = [a for a in areas if a.startswith("_BK_")]
        if len(bk) != 1:
            sys.exit(f"plan_banks: {r}: expected one _BK_ area, found {bk}")
        other = [a for a, n in areas.items() if n and a not in bk and a not in ("_CABS", "_DABS")]
        if other:
            sys.exit(f"plan_banks: {r}: data outside its bank area ({other}): "
                     "an algorithm source with static variables cannot be banked")
        files[r] = (bk[0], areas[bk[0]], defs, refs)
        for s in defs:
            owner[s] = r

    def deps(f):
        return {owner[s] for s in files[f][3] if s in owner and owner[s] != f}

    def closure(roots):
        seen, todo = set(), list(roots)
        while todo:
            f = todo.pop()
            if f not in seen:
                seen.add(f)
                todo.extend(deps(f))
        return seen

    def size(fs):
        return sum(files[f][1] for f in fs)

    why = {}            # implementation left out -> reason
    need = {}
    for sym, name, fns in impls:
        missing = [s for s in fns if s not in owner and s not in home_defs]
        if missing:
            sys.exit(f"plan_banks: {sym}: {missing} defined nowhere")
        need[sym] = closure(owner[s] for s in fns if s in owner)
        if size(need[sym]) > bank_size:
            why[sym] = f"its code is {size(need[sym])} bytes, a bank holds {bank_size}"

    def groups():
        """sets of implementations that share files, and their files"""
        out = []
        for sym, _, _ in impls:
            if sym in why:
                continue
            fs, members = set(need[sym]), {sym}
            for g in [g for g in out if g[0] & fs]:
                out.remove(g)
                fs |= g[0]
                members |= g[1]
            out.append((fs, members))
        return out

    while True:
        big = [g for g in groups() if size(g[0]) > bank_size]
        if not big:
            break
        fs, members = big[0]
        fast = sorted((m for m in members if dict((s, n) for s, n, _ in impls)[m] == "fast"),
                      key=lambda m: -size(need[m]))
        if not fast:
            sys.exit(f"plan_banks: {sorted(members)} need {size(fs)} bytes together and none is a fast variant")
        why[fast[0]] = f"with the portable code it shares files with, {size(fs)} bytes: more than a bank"

    final = groups()
    bank_of_file = {}
    for gi, (fs, _) in enumerate(final):
        for f in fs:
            bank_of_file[f] = gi
    # files no implementation runs (keyed one-shot hooks, left-out code):
    # linked beside the group they call when they fit there, else left out
    # the code of left-out implementations stays out
    unused = set()
    for sym in why:
        unused |= need[sym] - set(bank_of_file)
    changed = True
    while changed:
        changed = False
        for f in sorted(files):
            if f in bank_of_file or f in unused or files[f][1] > bank_size:
                continue
            targets = {bank_of_file.get(d, -1) for d in deps(f)}
            if any(d not in bank_of_file for d in deps(f)):
                continue            # calls a left-out file: left out as well
            gi = next(iter(targets)) if len(targets) == 1 else None
            if gi is not None and size(final[gi][0]) + files[f][1] <= bank_size:
                final[gi][0].add(f)
                bank_of_file[f] = gi
                changed = True
            elif not targets:
                final.append(({f}, set()))
                bank_of_file[f] = len(final) - 1
                changed = True

    # first fit, largest group first
    order = sorted(range(len(final)), key=lambda g: -size(final[g][0]))
    bank_used, bank_of_group = [], {}
    for g in order:
        s = size(final[g][0])
        for b, used in enumerate(bank_used):
            if used + s <= bank_size:
                bank_of_group[g] = b
                bank_used[b] += s
                break
        else:
            bank_of_group[g] = len(bank_used)
            bank_used.append(s)

    os.makedirs(out_dir, exist_ok=True)
    args, linked = [], []
    offset = [0] * len(bank_used)
    for g in order:
        b = bank_of_group[g]
        for f in sorted(final[g][0]):
            area, n = files[f][0], files[f][1]
            addr = (first_bank + b) * 0x10000 + 0x4000 + offset[b]
            offset[b] += n
            args.append(f"-Wl-b{area}=0x{addr:X}")
            linked.append(f)
    left_out = sorted(set(files) - set(linked))
    named = set()
    for r in home_rels:
        named |= read_rel(r)[2]
    for f in linked:
        named |= files[f][3]
    absent = sorted(s for f in left_out for s in files[f][2] if s in named)
    args += [f"-Wl-g{s}=0" for s in absent]
    with open(os.path.join(out_dir, "link.args"), "w") as f:
        f.write("\n".join(args) + "\n")
    with open(os.path.join(out_dir, "link.rels"), "w") as f:
        f.write("\n".join(linked) + "\n")

    impl_bank = {}
    for sym, name, fns in impls:
        fs = [owner[s] for s in fns if s in owner]
        if sym in why or any(x not in bank_of_file for x in fs):
            impl_bank[sym] = 0
            why.setdefault(sym, "it calls code that was left out")
        else:
            banks = {bank_of_group[bank_of_file[x]] for x in fs}
            impl_bank[sym] = first_bank + banks.pop() if banks else 0
    with open(os.path.join(out_dir, "gb_banks.c"), "w") as f:
        f.write("/* Generated by platforms/gb/plan_banks.py: the bank of each implementation\n"
                " * (0: not in the ROM, its code is larger than a bank).  Do not edit. */\n"
                '#include "gb_bank.h"\n\n')
        for sym, _, _ in impls:
            f.write(f"extern const hb_impl {sym};\n")
        f.write("\nconst gb_impl_bank gb_impl_banks[] = {\n")
        for sym, _, _ in impls:
            f.write(f"    {{ &{sym}, {impl_bank[sym]} }},\n")
        f.write("};\nconst unsigned gb_n_impl_banks = sizeof gb_impl_banks / sizeof gb_impl_banks[0];\n")
    with open(os.path.join(out_dir, "banks.txt"), "w") as f:
        f.write(f"# Game Boy ROM bank plan (plan_banks.py): {len(bank_used)} algorithm banks from bank "
                f"{first_bank}, {bank_size} bytes each\n")
        for g in order:
            b = bank_of_group[g]
            f.write(f"bank {first_bank + b}: {size(final[g][0])} bytes: "
                    + " ".join(sorted(os.path.basename(x)[:-4] for x in final[g][0])) + "\n")
        for b, used in enumerate(bank_used):
            f.write(f"bank {first_bank + b} total {used} of {bank_size}\n")
        for sym in sorted(why):
            f.write(f"not in the ROM: {sym}: {why[sym]}\n")
        for x in left_out:
            f.write(f"file left out: {os.path.basename(x)} ({files[x][1]} bytes)\n")
    last = first_bank + len(bank_used) - 1
    print(f"plan_banks: {len(linked)} files in banks {first_bank}..{last}, "
          f"{sum(1 for s in impl_bank if impl_bank[s])} of {len(impls)} implementations in the ROM")


# WRAM is 0xC000-0xDFFF; the stack grows down from 0xE000 and needs room
# for the deepest call (a SHA-512 schedule in two-word form, and the callers)
STACK_BYTES = 0x800


def check_map(path):
    """fails (exit 1) when an area crosses its bank or RAM runs short"""
    areas = {}
    for line in open(path):
        m = re.match(r"^(_\w+)\s+([0-9A-F]{8})\s+([0-9A-F]{8})", line)
        if m:
            areas[m.group(1)] = (int(m.group(2), 16), int(m.group(3), 16))
    bad = []
    for name, (base, n) in areas.items():
        if n == 0 or name in ("_HEADER",) or name.startswith("_HEADER"):
            continue
        if base >= 0xC000 and base < 0x10000:
            if base + n > 0xE000 - STACK_BYTES:
                bad.append(f"{name} ends at 0x{base + n:04X}: less than {STACK_BYTES} bytes of WRAM left for the stack")
            continue
        bank_end = (base & ~0x3FFF) + 0x4000 if base >= 0x10000 else 0x4000
        if base + n > bank_end:
            bad.append(f"{name} (0x{base:X}, {n} bytes) runs past the end of its bank (0x{bank_end:X})")
    # no two areas may share bytes (an area given a base lands where told,
    # whatever is there)
    placed = sorted((b, n, name) for name, (b, n) in areas.items() if n and not name.startswith("_HEADER"))
    for (b1, n1, a1), (b2, n2, a2) in zip(placed, placed[1:]):
        if b1 + n1 > b2:
            bad.append(f"{a1} (0x{b1:X}, {n1} bytes) overlaps {a2} (0x{b2:X})")
    home = max((b + n for b, n in areas.values() if b < 0x4000), default=0)
    ram = max((b + n for b, n in areas.values() if 0xC000 <= b < 0x10000), default=0xC000)
    ui = areas.get("_CODE_1", (0, 0))[1]
    for b in bad:
        print("plan_banks: " + b, file=sys.stderr)
    print(f"plan_banks: bank 0 used up to 0x{home:04X}, bank 1 {ui} bytes, static RAM up to 0x{ram:04X}")
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--check"]:
        sys.exit(check_map(sys.argv[2]))
    main(sys.argv[1:])
