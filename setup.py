"""The optional compiled solver core; everything else about the package is in pyproject.toml.

``pip install .`` builds ``muggins.analysis._solver_core`` from ``analysis/_solver_core.c``
where a C compiler is present. Where it is not (or the build fails, or MUGGINS_NO_EXTENSION is
set), the install still succeeds with a warning and the solver runs on its pure-Python core:
the way PyYAML and MarkupSafe ship their optional speedups.
"""

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

WARNING = """
*** muggins: the compiled solver core (analysis/_solver_core.c) could not be built:
***   {reason}
*** muggins is installed without it: the perfect-information solver runs on its pure-Python
*** core, with the same values, many times slower. Install a C compiler (gcc or clang) and
*** the Python headers, then reinstall, to have it.
"""


class OptionalBuildExt(build_ext):
    """build_ext that turns a failed build into a warning instead of a failed install."""

    def run(self):
        if os.environ.get("MUGGINS_NO_EXTENSION"):
            self._skip("MUGGINS_NO_EXTENSION is set")
            return
        try:
            super().run()
        except Exception as exc:  # no compiler at all, or a platform without one
            self._skip(f"{type(exc).__name__}: {exc}")

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:  # the compiler failed on the source
            self._skip(f"{type(exc).__name__}: {exc}")

    def _skip(self, reason):
        sys.stderr.write(WARNING.format(reason=reason))
        sys.stderr.flush()

    def get_outputs(self):
        # Only what was built: a wheel must not list an extension that is not there.
        return [path for path in super().get_outputs() if os.path.exists(path)]


setup(
    ext_modules=[
        Extension(
            "muggins.analysis._solver_core",
            sources=["analysis/_solver_core.c"],
            depends=["analysis/_solver_core_search.h"],
            optional=True,
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
