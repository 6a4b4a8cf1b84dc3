#!/usr/bin/env bash
# ctest gr_find_package_consumer: another out-of-tree module finds this one with CMake.
#
#   find_package_consumer.sh BUILD_DIR CONSUMER_SOURCE_DIR WORK_DIR
#
# Installs BUILD_DIR into WORK_DIR/prefix (a prefix that is not a system directory), configures
# the small consumer project (cmake/tests/consumer: find_package(gnuradio-ldpcgpu) and
# gnuradio::gnuradio-ldpcgpu) against it with CMAKE_PREFIX_PATH, builds it and runs it.
set -euo pipefail
build=$1 consumer=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
echo "== cmake --install $build --prefix $work/prefix"
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log"
find "$work/prefix" -path '*cmake/gnuradio-ldpcgpu*' -type f | sort
gen=()
command -v ninja >/dev/null && gen=(-G Ninja)
echo "== configure the consumer"
cmake -S "$consumer" -B "$work/build" "${gen[@]}" -DCMAKE_PREFIX_PATH="$work/prefix" \
    -DCMAKE_BUILD_TYPE=Release
cmake --build "$work/build"
echo "== run it"
"$work/build/ldpcgpu_consumer"
