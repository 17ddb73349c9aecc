"""Build the Cython engine ``deberts._engine`` from ``solver/`` with -O3."""

from Cython.Build import cythonize
from setuptools import Extension, setup

engine = Extension(
    "deberts._engine",
    sources=["solver/_engine.pyx"],
    extra_compile_args=["-O3"],
)

setup(
    ext_modules=cythonize(
        [engine],
        compiler_directives={"language_level": "3"},
    ),
)
