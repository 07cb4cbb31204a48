"""The solver's tests run on both search cores: the pure-Python reference and the compiled one.

Every test in the modules below runs once per core (``[python]``, ``[compiled]``), the core
chosen through ``MUGGINS_SOLVER_CORE`` as a user would; the compiled runs are skipped where the
extension is not built. The rest of the suite runs on the default core (compiled when built).
"""

from __future__ import annotations

import os

import pytest

# The suite pins English text: where the shell asks for another language (LANG=es_ES.UTF-8 ...),
# this process and the commands it runs are told C.UTF-8 (tests/test_i18n.py sets the language
# itself where it tests another).
from muggins.i18n import from_environment  # noqa: E402

if from_environment() != "en":
    os.environ["LC_ALL"] = "C.UTF-8"

SOLVER_MODULES = {"test_solver_api", "test_solver_endings", "test_solver_exhaustive"}


def pytest_generate_tests(metafunc):
    if metafunc.module.__name__.rpartition(".")[2] in SOLVER_MODULES and "solver_core" in metafunc.fixturenames:
        from muggins.analysis import solver_core

        built = pytest.mark.skipif(not solver_core.available(), reason="the compiled solver core is not built")
        metafunc.parametrize("solver_core", ["python", pytest.param("compiled", marks=built)], indirect=True, scope="module")


@pytest.fixture(scope="module", autouse=True)
def solver_core(request):
    """The search core the module's tests run on (None outside the solver's modules)."""
    core = getattr(request, "param", None)
    if core is None:
        yield None
        return
    from muggins.analysis import solver

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MUGGINS_SOLVER_CORE", core)
        solver.forget()
        yield core
        solver.forget()
