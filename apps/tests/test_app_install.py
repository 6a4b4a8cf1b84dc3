"""`cmake --install` gives a usable core: library, headers, tool, CMake package, pkg-config.

Installs the build tree into a temporary prefix, then, from there only: runs the installed
ldpcgpu tool (it must find its library without LD_LIBRARY_PATH), builds the README's C example
in a separate CMake project with find_package(ldpcgpu) / ldpcgpu::core and runs it, and builds
it again with the flags `pkg-config --cflags --libs ldpcgpu` gives. Then uninstalls with the
build's uninstall rule (cmake/uninstall.cmake, behind `cmake --build BUILD --target uninstall`):
no installed file is left.
"""
import glob
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apptest
from apptest import check

build = os.environ.get("LDPCGPU_BUILD_DIR")
cmake = os.environ.get("CMAKE_COMMAND", "cmake")
example = os.environ.get("LDPCGPU_README_EXAMPLE")
if not build or not example or not os.path.exists(example):
    print("FAIL: run through ctest (LDPCGPU_BUILD_DIR, LDPCGPU_README_EXAMPLE)")
    sys.exit(1)


def sh(args, env=None, cwd=None):
    p = subprocess.run(args, capture_output=True, text=True, env=env, cwd=cwd, timeout=600)
    if p.returncode != 0:
        print(f"$ {' '.join(args)}\n{p.stdout}{p.stderr}")
    return p


with apptest.tempdir() as d:
    prefix = os.path.join(d, "prefix")
    p = sh([cmake, "--install", build, "--prefix", prefix])
    if not check(p.returncode == 0, "cmake --install succeeds"):
        apptest.finish("test_app_install")

    # every file went under the prefix (an absolute install path would escape it)
    with open(os.path.join(build, "install_manifest.txt")) as f:
        installed = f.read().split("\n")
    outside = [x for x in installed if x and not x.startswith(prefix + os.sep)]
    check(not outside, f"cmake --install --prefix puts everything under the prefix: {outside[:5]}")

    libs = glob.glob(os.path.join(prefix, "lib*", "**", "libldpcgpu-core.so"), recursive=True)
    check(len(libs) == 1, f"one libldpcgpu-core.so installed, found {libs}")
    libdir = os.path.dirname(libs[0]) if libs else os.path.join(prefix, "lib")
    for rel in ["include/ldpcgpu/ldpcgpu.h", "include/ldpcgpu/decoder.h", "bin/ldpcgpu"]:
        check(os.path.exists(os.path.join(prefix, rel)), f"{rel} installed")
    for rel in ["cmake/ldpcgpu/ldpcgpuConfig.cmake", "cmake/ldpcgpu/ldpcgpuConfigVersion.cmake",
                "cmake/ldpcgpu/ldpcgpuTargets.cmake", "pkgconfig/ldpcgpu.pc"]:
        check(os.path.exists(os.path.join(libdir, rel)), f"{rel} installed next to the library")

    # the installed tool runs from anywhere, without LD_LIBRARY_PATH
    env = {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}
    p = sh([os.path.join(prefix, "bin", "ldpcgpu"), "info", "wimax:2304:1/2"], env=env)
    check(p.returncode == 0 and "2304" in p.stdout, "the installed ldpcgpu tool runs")

    # a separate project finds the package and links ldpcgpu::core
    proj = os.path.join(d, "consumer")
    os.makedirs(proj)
    shutil.copy(example, os.path.join(proj, "example.c"))
    with open(os.path.join(proj, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.16)\n"
                "project(consumer C)\n"
                "find_package(ldpcgpu 0.1 REQUIRED)\n"
                "add_executable(example example.c)\n"
                "target_link_libraries(example PRIVATE ldpcgpu::core)\n")
    out = os.path.join(d, "consumer-build")
    p = sh([cmake, "-S", proj, "-B", out, f"-DCMAKE_PREFIX_PATH={prefix}"], env=env)
    if check(p.returncode == 0, "find_package(ldpcgpu) finds the installed package"):
        p = sh([cmake, "--build", out], env=env)
        if check(p.returncode == 0, "the example builds against ldpcgpu::core"):
            p = sh([os.path.join(out, "example")], env=env)
            check(p.returncode == 0 and "parity ok" in p.stdout,
                  f"the example decodes with the installed library: {p.stdout.strip()}")

    # pkg-config, with the prefix the install was given
    pkgconfig = shutil.which("pkg-config")
    cc = shutil.which("cc") or shutil.which("gcc")
    if not pkgconfig or not cc:
        print("note: no pkg-config or C compiler; the pkg-config check is skipped")
    else:
        penv = dict(env, PKG_CONFIG_PATH=os.path.join(libdir, "pkgconfig"))
        p = sh([pkgconfig, "--cflags", "--libs", "ldpcgpu"], env=penv)
        flags = p.stdout.split()
        check(p.returncode == 0 and f"-L{libdir}" in flags and "-lldpcgpu-core" in flags,
              f"pkg-config gives the installed library: {p.stdout.strip()}")
        exe = os.path.join(d, "example-pc")
        p = sh([cc, os.path.join(proj, "example.c"), "-o", exe, *flags], env=penv)
        if check(p.returncode == 0, "the example builds with pkg-config's flags"):
            p = sh([exe], env=dict(env, LD_LIBRARY_PATH=libdir))
            check(p.returncode == 0 and "parity ok" in p.stdout,
                  "the pkg-config build of the example runs")

    # uninstall: the rule of the build's `uninstall` target, on this install's manifest (a copy:
    # another test may install from the same build tree meanwhile)
    manifest = os.path.join(d, "install_manifest.txt")
    with open(manifest, "w") as f:
        f.write("\n".join(installed) + "\n")
    source = os.environ.get("LDPCGPU_SOURCE_DIR", "")
    p = sh([cmake, f"-DMANIFEST={manifest}", "-P", os.path.join(source, "cmake", "uninstall.cmake")])
    check(p.returncode == 0, "uninstall succeeds")
    left = [x for x in installed if x and (os.path.lexists(x))]
    check(not left, f"uninstall removes every installed file: {left[:5]}")
    files = [os.path.join(r, f) for r, _, fs in os.walk(prefix) for f in fs]
    check(not files, f"nothing is left under the prefix: {files[:5]}")
    p = sh([cmake, "--build", build, "--target", "help"])
    check("uninstall" in p.stdout, "the build has an uninstall target")

apptest.finish("test_app_install")
