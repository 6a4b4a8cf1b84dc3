#!/usr/bin/env bash
# ctest gr_modtool_add (label slow): gr_modtool works on this tree as on a module it made.
#
#   gr_modtool_add.sh SOURCE_DIR WORK_DIR
#
# Copies the working tree (no build outputs, no .git) to WORK_DIR/tree, adds a C++ sync block
# with `gr_modtool add` (non-interactive: every question answered by a flag, stdin closed),
# regenerates its Python bindings from its header with `gr_modtool bind` (castxml/pygccxml),
# then configures and builds the copy (the block library, the Python module and the new block's
# C++ QA; CUDA off) and runs the new block's C++ and Python QA from gr_modtool's templates.
# Every step must succeed; the build is what takes minutes.
set -euo pipefail
src=$(cd "$1" && pwd)
work=$2
rm -rf "$work"
mkdir -p "$work/tree"
tar -C "$src" --exclude='./build*' --exclude=./.git --exclude=./.grcarry --exclude='__pycache__' \
    -cf - . | tar -C "$work/tree" -xf -
cd "$work/tree"

step() { echo "== $*"; "$@"; }
step gr_modtool add -t sync -l cpp --argument-list "" --add-cpp-qa --add-python-qa \
    --copyright "gr-ldpcgpu QA" testblock </dev/null
step gr_modtool bind testblock </dev/null

# gr_modtool's edits, where this tree's CMake files must take them
check() { grep -q "$2" "$1" || { echo "gr_modtool did not edit $1 ($2)"; exit 1; }; }
check lib/CMakeLists.txt '^ *testblock_impl.cc'
check lib/CMakeLists.txt '^qa_testblock.cc'
check include/gnuradio/ldpcgpu/CMakeLists.txt 'testblock.h'
check python/ldpcgpu/bindings/CMakeLists.txt 'testblock_python.cc'
check python/ldpcgpu/bindings/python_bindings.cc 'bind_testblock(m);'
check grc/CMakeLists.txt 'ldpcgpu_testblock.block.yml'
test -f python/ldpcgpu/bindings/docstrings/testblock_pydoc_template.h
# its Python QA is registered once, by python/ldpcgpu/CMakeLists.txt's glob (gr_modtool saw it)
if grep -q 'qa_testblock' python/ldpcgpu/CMakeLists.txt; then
    echo "gr_modtool registered qa_testblock.py in python/ldpcgpu/CMakeLists.txt: twice with the glob"
    exit 1
fi

step cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DENABLE_CUDA=OFF -DENABLE_MPI=OFF
step ninja -C build -j2 gnuradio-ldpcgpu ldpcgpu_python ldpcgpu_python_package ldpcgpu_qa_testblock.cc
# the new block's QA as gr_modtool wrote it: C++ (Boost.Test) and Python (instantiates it)
step ctest --test-dir build -R '^(ldpcgpu_qa_testblock.cc|gr_qa_testblock)$' --output-on-failure \
    --no-tests=error
registered=$(ctest --test-dir build -N -R 'qa_testblock\.py|qa_testblock$' | grep -c 'Test *#' || true)
[ "$registered" = 1 ] || { echo "qa_testblock is registered $registered times, not once"; exit 1; }
# GNU Radio Companion files the new block under [LDPC GPU], not gr_modtool's [ldpcgpu]: the
# category tree the build makes (grc/CMakeLists.txt) lists it, read by GRC's own tree loader
# (the block's .yml itself is gr_modtool's template, to be filled in before GRC can load it)
step /usr/bin/python3 - "$PWD/build/grc/tree/ldpcgpu.tree.yml" <<'PY'
import sys
from gnuradio import gr
from gnuradio.grc.core.io import yaml
from gnuradio.grc.core.platform import Platform
p = Platform(name="qa", prefs=gr.prefs(), version=gr.version(),
             version_parts=(gr.major_version(), gr.api_version(), gr.minor_version()))
with open(sys.argv[1]) as f:
    p.load_category_tree_description(yaml.safe_load(f), sys.argv[1])
category = p._block_categories.get("ldpcgpu_testblock")
assert category == ["[LDPC GPU]"], category
print("ldpcgpu_testblock in", category)
PY
echo "gr_modtool add + bind + build: ok"
