#!/usr/bin/env python3
"""Check the BINDTOOL_HEADER_FILE_HASH lines of the bindings (ctest gr_python_bindings_sync).

Each <header>_python.cc names its header (BINDTOOL_HEADER_FILE) and that header's MD5
(BINDTOOL_HEADER_FILE_HASH), as gr_modtool's bindtool writes them. GR_PYBIND_MAKE_OOT
(GrPybind.cmake) stops the configure with "Python bindings for X are out of sync" when a
header no longer has its recorded hash: the reminder that the header's API changed and its
bindings may need the same change. This script does the same check for ctest, since editing a
header after configuring does not re-run it. After bringing a block's bindings in line with its
header, record the new hash with gr_modtool: `gr_modtool bind --update-hash-only BLOCK`.

  header_hashes.py     exit 1 listing the bindings out of sync
"""
import hashlib
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
INCLUDE = os.path.join(HERE, "..", "..", "..", "include", "gnuradio", "ldpcgpu")


def main():
    files = sorted(f for f in os.listdir(HERE) if f.endswith("_python.cc"))
    stale = []
    for name in files:
        with open(os.path.join(HERE, name)) as f:
            text = f.read()
        header = re.search(r"BINDTOOL_HEADER_FILE\(([^\s)]*)\)", text)
        recorded = re.search(r"BINDTOOL_HEADER_FILE_HASH\(([^\s)]*)\)", text)
        if not header or header.group(1) == "None" or not recorded or recorded.group(1) == "0":
            continue  # no header to follow (core_python.cc, python_bindings.cc)
        with open(os.path.join(INCLUDE, header.group(1)), "rb") as f:
            actual = hashlib.md5(f.read()).hexdigest()
        if actual != recorded.group(1):
            stale.append("%s: %s has MD5 %s, the bindings record %s (then: gr_modtool bind -u %s)"
                         % (name, header.group(1), actual, recorded.group(1),
                            header.group(1)[:-2]))
    if stale:
        print("Python bindings out of sync with their headers; update the bindings:\n  " +
              "\n  ".join(stale))
        return 1
    print("%d bindings files checked, all in sync with their headers" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
