#!/bin/sh
# check_multiversioning.sh LIBRARY ON|OFF: whether LIBRARY's functions are multi-versioned as
# -DLDPCGPU_FUNCTION_MULTIVERSIONING says. OFF: no IFUNC symbol and no IRELATIVE relocation
# (an ifunc resolver runs before a sanitizer runtime is set up, and GCC's TSan crashes in it).
# ON: the x86-64 GCC/Clang build has its clones (skipped, 77, elsewhere or without readelf).
lib=$1
want=$2
command -v readelf > /dev/null || { echo "SKIP: no readelf"; exit 77; }
n=$(readelf -rsW "$lib" | grep -c -E 'IFUNC|R_X86_64_IRELATIVE')
case "$want" in
  OFF|off|0|FALSE|false)
    if [ "$n" -ne 0 ]; then
      echo "FAIL: LDPCGPU_FUNCTION_MULTIVERSIONING=OFF, but $lib has $n ifunc entries:"
      readelf -rsW "$lib" | grep -E 'IFUNC|R_X86_64_IRELATIVE'
      exit 1
    fi
    echo "no ifunc in $lib, as configured" ;;
  *)
    [ "$(uname -m)" = x86_64 ] || { echo "SKIP: clones are made on x86-64 only"; exit 77; }
    if [ "$n" -eq 0 ]; then
      echo "FAIL: LDPCGPU_FUNCTION_MULTIVERSIONING=ON, but $lib has no ifunc"
      exit 1
    fi
    echo "$n ifunc entries in $lib, as configured" ;;
esac
