#!/usr/bin/env python3
"""The docstring step of GNU Radio's GR_PYBIND_MAKE_OOT (GrPybind.cmake), "copy" mode only.

GR_PYBIND_MAKE_OOT calls docs/doxygen/update_pydoc.py to turn the bindings' docstring
templates (python/ldpcgpu/bindings/docstrings/*_pydoc_template.h) into the *_pydoc.h headers the
bindings include. gr_modtool's own copy of this script also scrapes Doxygen XML ("scrape",
"sub", with ENABLE_DOXYGEN) through a 440 kB vendored parser; this module writes its docstrings
into the templates by hand instead, so only "copy" is implemented, exactly as gr_modtool's
copy_docstring_templates does it.
"""
import argparse
import glob
import os
import sys


def copy_docstring_templates(pydoc_files, output_dir):
    for pydoc_file in pydoc_files:
        with open(pydoc_file) as f:
            text = f.read()
        name = os.path.basename(pydoc_file).replace('_template.h', '.h')
        with open(os.path.join(output_dir, name), 'w') as f:
            f.write(text)
    with open(os.path.join(output_dir, 'docstring_status'), 'w') as f:
        f.write('DONE')


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('function', choices=['scrape', 'sub', 'copy'])
    p.add_argument('--bindings_dir')
    p.add_argument('--output_dir')
    p.add_argument('--json_path')
    p.add_argument('--xml_path')
    p.add_argument('--filter')
    args = p.parse_args()
    if args.function != 'copy':
        sys.exit('update_pydoc.py: only "copy" is supported here (build without ENABLE_DOXYGEN)')
    files = sorted(glob.glob(os.path.join(args.bindings_dir, '*_pydoc_template.h')))
    copy_docstring_templates(files, args.output_dir)


if __name__ == '__main__':
    main()
