#!/usr/bin/env python3
"""Makes a damaged copy of a shared library for paradbg-inspect's error tests.

  patch-elf.py IN OUT bump-u32 SYMBOL OFFSET   adds 1 to the 32-bit word at SYMBOL+OFFSET
  patch-elf.py IN OUT string OLD NEW           replaces string OLD by NEW (no longer than OLD)
"""
import struct
import sys


def symbol_offset(data, name):
    """The file offset of a .dynsym symbol, through the segment that maps it."""
    (shoff,) = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    (phoff,) = struct.unpack_from("<Q", data, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    for sh in sections:
        if sh[1] != 11:   # SHT_DYNSYM
            continue
        strtab = sections[sh[6]]
        for i in range(sh[5] // 24):
            st_name, _, _, _, st_value, _ = struct.unpack_from("<IBBHQQ", data, sh[4] + i * 24)
            start = strtab[4] + st_name
            if data[start:data.index(b"\0", start)] != name.encode():
                continue
            for k in range(phnum):
                p_type, _, p_offset, p_vaddr, _, p_filesz, _, _ = struct.unpack_from("<IIQQQQQQ", data, phoff + k * phentsize)
                if p_type == 1 and p_vaddr <= st_value < p_vaddr + p_filesz:
                    return st_value - p_vaddr + p_offset
    sys.exit("patch-elf: no symbol %s" % name)


def main():
    src, dst, op = sys.argv[1:4]
    data = bytearray(open(src, "rb").read())
    if op == "bump-u32":
        at = symbol_offset(data, sys.argv[4]) + int(sys.argv[5])
        struct.pack_into("<I", data, at, struct.unpack_from("<I", data, at)[0] + 1)
    elif op == "string":
        old, new = sys.argv[4].encode() + b"\0", sys.argv[5].encode()
        if len(new) >= len(old) or data.count(old) != 1:
            sys.exit("patch-elf: cannot replace %r" % old)
        at = data.index(old)
        data[at:at + len(old)] = new.ljust(len(old), b"\0")
    else:
        sys.exit("patch-elf: unknown operation %s" % op)
    open(dst, "wb").write(data)


main()
