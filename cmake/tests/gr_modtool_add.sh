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

step cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DENABLE_CUDA=OFF -DENABLE_MPI=OFF
step ninja -C build -j2 gnuradio-ldpcgpu ldpcgpu_python ldpcgpu_python_package ldpcgpu_qa_testblock.cc
# the new block's QA as gr_modtool wrote it: C++ (Boost.Test) and Python (instantiates it)
step ctest --test-dir build -R '^(ldpcgpu_qa_testblock.cc|qa_testblock)$' --output-on-failure \
    --no-tests=error
echo "gr_modtool add + bind + build: ok"
