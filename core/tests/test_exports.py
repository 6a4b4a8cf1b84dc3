"""The shared core library exports exactly its public API: every function declared with LDPC_API
in include/ldpcgpu/*.h, and nothing else (internal functions are compiled with hidden
visibility; the core's own tests and benchmarks link the static ldpcgpu_core_internal to reach
them; the ldpcgpu tool links the shared library). Needs nm (binutils); exits 77 without it."""
import glob
import os
import re
import shutil
import subprocess
import sys

lib = os.environ.get("LDPCGPU_CORE_LIB")
src = os.environ.get("LDPCGPU_SOURCE_DIR")
if not lib or not src:
    print("test_exports: LDPCGPU_CORE_LIB and LDPCGPU_SOURCE_DIR must be set (ctest sets them)")
    sys.exit(1)
if not shutil.which("nm"):
    print("SKIP: no nm (binutils)")
    sys.exit(77)

declared = set()
for header in glob.glob(os.path.join(src, "include", "ldpcgpu", "*.h")):
    text = open(header).read()
    for decl in re.findall(r"^LDPC_API\s+([^;]*?)\(", text, re.M):
        declared.add(re.findall(r"(\w+)\s*$", decl)[0])

out = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True,
                     check=True).stdout
exported = {parts[2] for parts in (line.split() for line in out.splitlines())
            if len(parts) == 3 and parts[1] in "TW"}

missing = sorted(declared - exported)
extra = sorted(exported - declared)
print("declared %d, exported %d" % (len(declared), len(exported)))
if missing:
    print("declared with LDPC_API but not exported:", " ".join(missing))
if extra:
    print("exported but not public (give it LDPC_API in include/ldpcgpu or keep it hidden):",
          " ".join(extra))
sys.exit(1 if missing or extra or len(declared) < 50 else 0)
