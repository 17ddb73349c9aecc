"""Build the Cython engines from ``solver/`` with -O3: ``deberts.variants.deberts.engine._engine``
(Deberts) and ``deberts.variants.tertz.engine._tertz`` (Tertz).

On x86-64 the population count is one instruction (``-mpopcnt``, every x86-64 CPU
since 2008); without it gcc calls a library routine on the search's hottest path.
"""

import platform

from Cython.Build import cythonize
from setuptools import Extension, setup

flags = ["-O3"]
if platform.machine().lower() in ("x86_64", "amd64"):
    flags.append("-mpopcnt")

engine = Extension(
    "deberts.variants.deberts.engine._engine",
    sources=["solver/_engine.pyx"],
    extra_compile_args=flags,
)
tertz = Extension(
    "deberts.variants.tertz.engine._tertz",
    sources=["solver/_tertz.pyx"],
    extra_compile_args=flags,
)

setup(
    ext_modules=cythonize(
        [engine, tertz],
        compiler_directives={"language_level": "3"},
    ),
)
