"""The package installs under one namespace and finds its data files, editable or not."""

import importlib
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_subpackages_live_under_one_namespace():
    for name in ("muggins.notation", "muggins.replay", "muggins.analysis", "muggins.cli"):
        module = importlib.import_module(name)
        assert module.__name__ == name


def test_data_files_are_found():
    from muggins.replay import rules

    assert "allfives" in rules.preset_names()
    assert rules.load("allfives").name == "allfives"


def test_python_dash_m_runs():
    out = subprocess.run([sys.executable, "-m", "muggins", "--help"], capture_output=True, text=True)
    assert out.returncode == 0
    assert "All Fives" in out.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    # Built from a copy of the tree without build/: setuptools packs whatever an earlier build
    # left in build/lib, so a module moved away would still ship from there.
    source = tmp_path_factory.mktemp("source") / "muggins"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".*", "build", "*.egg-info", "__pycache__", "out", "artifacts"))
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(source)],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("muggins-*.whl")
    return built


def test_wheel_installs_nothing_outside_the_muggins_namespace(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"muggins"}
    for data in ("muggins/notation/mgn.lark", "muggins/notation/NOTATION.md", "muggins/replay/presets/allfives.yaml"):
        assert data in names, data
    # The translation catalogues (muggins.i18n) and the pages' language switch.
    for data in ("muggins/locale/es/LC_MESSAGES/muggins.mo", "muggins/locale/pt/LC_MESSAGES/muggins.mo", "muggins/pictures/static/i18n.js"):
        assert data in names, data


def test_the_package_says_it_is_typed_installed_and_in_the_wheel(wheel):
    # PEP 561: the empty marker at the top of the package, which covers every subpackage.
    from importlib.resources import files

    marker = files("muggins").joinpath("py.typed")
    assert marker.is_file() and marker.read_bytes() == b""
    names = zipfile.ZipFile(wheel).namelist()
    assert "muggins/py.typed" in names
    assert zipfile.ZipFile(wheel).read("muggins/py.typed") == b""


def test_regular_install_imports_and_reads_its_data(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    probe = (
        "import muggins.replay.rules as r, muggins.notation.parser as p;"
        "assert r.PRESET_DIR.is_relative_to(r'%s');"
        "print(sorted(r.preset_names())[0], p.GRAMMAR_PATH.is_file())" % target
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["allfives", "True"]


def test_wheel_ships_the_pictures_and_no_drawing_left_below_them(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for module in ("text", "svg_layout", "svg", "table_view", "viewer"):
        assert f"muggins/pictures/{module}.py" in names, module
    left = {"muggins/replay/svg.py", "muggins/replay/svg_view.py", "muggins/replay/text.py", "muggins/analysis/viewer.py"}
    assert not names & left


def test_installed_package_writes_the_viewer_page_from_its_static_files(wheel, tmp_path):
    names = set(zipfile.ZipFile(wheel).namelist())
    for asset in ("viewer.html", "viewer.css", "viewer.js"):
        assert f"muggins/pictures/static/{asset}" in names, asset
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    sample = ROOT / "samples" / "allfives-2p.mgn"
    probe = (
        "import sys, muggins.pictures.viewer as v;"
        "from muggins.notation.parser import read_file; from muggins.replay.resolve import rules_for;"
        "assert v.__file__.startswith(r'%s');"
        "r = next(iter(read_file(r'%s')));"
        "sys.stdout.write(v.viewer_html(r, rules_for(r), 'game.mgn'))" % (target, sample)
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    from muggins.notation.parser import read_file
    from muggins.pictures.viewer import viewer_html
    from muggins.replay.resolve import rules_for

    record = next(iter(read_file(sample)))
    assert out.stdout == viewer_html(record, rules_for(record), "game.mgn")


def test_the_wheel_carries_the_compiled_solver_core(wheel, tmp_path):
    from muggins.analysis import solver_core

    if not solver_core.available():
        pytest.skip("no C compiler here: the compiled core is not built")
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("muggins/analysis/_solver_core.") and n.endswith((".so", ".pyd")) for n in names)
    assert not any(n.endswith((".c", ".h")) for n in names)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)], check=True, capture_output=True)
    probe = "from muggins.analysis import solver_core; print(solver_core.active())"
    env = {**os.environ, "PYTHONPATH": str(target)}
    env.pop("MUGGINS_SOLVER_CORE", None)
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert out.stdout.split() == ["compiled"], out.stderr


def test_without_a_compiler_the_install_succeeds_on_the_python_core(tmp_path):
    # A clean copy of the sources (pip builds in the tree, and this one has built the core).
    source = tmp_path / "src"
    shutil.copytree(
        ROOT, source, ignore=shutil.ignore_patterns(".*", "build", "*.egg-info", "__pycache__", "out", "artifacts", "*.so", "*.pyd", "*.o")
    )
    out = tmp_path / "wheel"
    env = {**os.environ, "CC": "false"}  # a compiler that always fails
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(out), str(source)], capture_output=True, text=True, env=env
    )
    assert built.returncode == 0, built.stderr[-2000:]
    assert "the compiled solver core (analysis/_solver_core.c) could not be built" in built.stdout + built.stderr
    (wheel,) = out.glob("muggins-*.whl")
    assert not any("_solver_core." in n and not n.endswith(".py") for n in zipfile.ZipFile(wheel).namelist())
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)], check=True, capture_output=True)
    probe = (
        "from muggins.analysis import solver_core, solver; from muggins.replay.rules import load;"
        "from muggins.analysis.solver_layout import Layout; from muggins.notation.model import Tile;"
        "r = load('allfives'); T = Tile.parse;"
        "p = solver.Position(r, ('A', 'B'), ('A', 'B'), (frozenset({T('6-6'), T('3-1')}), frozenset({T('1-4'), T('2-2')})), Layout.empty(r).play(T('6-3')));"
        "print(solver_core.available(), solver_core.active(), solver.solve(p).value)"
    )
    # -S: no .pth files, so an editable install of this tree cannot lend its compiled core;
    # the dependencies come from this environment's site-packages, after the new install.
    import sysconfig

    env = {k: v for k, v in os.environ.items() if k != "MUGGINS_SOLVER_CORE"}
    env["PYTHONPATH"] = os.pathsep.join([str(target), sysconfig.get_paths()["purelib"]])
    ran = subprocess.run([sys.executable, "-S", "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path)
    # tests/test_solver_endings.py works this position out by hand: 25 for A.
    assert ran.stdout.split() == ["False", "python", "25"], ran.stderr
