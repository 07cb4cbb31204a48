"""Start-up time: the wall time of whole ``muggins`` processes, best of several runs.

    python bench/bench_startup.py [--runs 20] [--quick] [--json]

Times ``muggins --help`` (in English, and with ``LANG=es_ES.UTF-8``: the Spanish catalogue read
and the help translated), ``muggins check`` on a one-record file (samples/allfives-2p.mgn), and
for scale a bare ``python -c pass`` with the same interpreter (its site set-up included: an
editable install adds its import hook there). The runs use a bytecode cache of their own (in a
temporary folder, whatever ``PYTHONDONTWRITEBYTECODE`` says), as an installed package has its
compiled modules; ``--no-bytecode`` times them compiling every module from source instead. Prints the best and the median wall time of
``--runs`` runs, the best CPU time (user and system: what the process itself costs, less spoilt
by other work on the machine than the wall time), the load average before and after, then the
slowest imports of one ``check`` run (``-X importtime``, cumulative). ``--json``: the figures
as one JSON object on the last line (for bench/run.py); ``--quick``: 5 runs. Prints figures;
asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SMALL = ROOT / "samples" / "allfives-2p.mgn"


def muggins() -> list[str]:
    """The installed console script beside this Python, else ``python -m muggins``."""
    script = Path(sys.executable).with_name("muggins")
    return [str(script)] if script.exists() else [sys.executable, "-m", "muggins"]


def run_times(command: list[str], runs: int, env: dict[str, str] | None = None) -> tuple[list[float], list[float]]:
    """(wall times, CPU times: user and system of the process and its children), each sorted;
    ``env``: variables set for the runs, over this process' own."""
    walls, cpus = [], []
    environ = {**os.environ, **env} if env else None
    for _ in range(runs):
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environ)
        _, _, usage = os.wait4(process.pid, 0)
        walls.append(time.perf_counter() - start)
        cpus.append(usage.ru_utime + usage.ru_stime)
    return sorted(walls), sorted(cpus)


def slowest_imports(command: list[str], count: int = 12) -> list[tuple[int, str]]:
    """The ``count`` top-level imports (as ``-X importtime`` nests them) that took longest."""
    python = command[:1] if command[0] == sys.executable else [sys.executable]
    argv = command[2:] if command[0] == sys.executable else command[1:]
    script = f"import sys; sys.argv = ['muggins', *{argv!r}]\nfrom muggins.cli import main\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
    err = subprocess.run([*python, "-X", "importtime", "-c", script], capture_output=True, text=True).stderr
    top = []
    for line in err.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        _, cumulative, name = line[len("import time:") :].split("|")
        if not name.startswith("  "):  # a top-level import, not one nested inside another
            top.append((int(cumulative), name.strip()))
    return sorted(top, reverse=True)[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--quick", action="store_true", help="5 runs")
    parser.add_argument("--no-bytecode", action="store_true", help="compile every module from source at each run")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object (for bench/run.py)")
    args = parser.parse_args()
    runs = 5 if args.quick else args.runs
    say = (lambda *a, **k: None) if args.json else print
    figures: dict[str, float] = {}
    if args.no_bytecode:
        os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
        os.environ.pop("PYTHONPYCACHEPREFIX", None)
    else:
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / f"muggins-bench-pycache-{os.getuid()}")
    base = muggins()
    cases = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "muggins --help": [*base, "--help"],
        "LANG=es muggins --help": [*base, "--help"],
        "muggins check small.mgn": [*base, "check", str(SMALL)],
    }
    english = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
    envs = {"LANG=es muggins --help": {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "es_ES.UTF-8"}}
    bytecode = "compiled from source each run" if args.no_bytecode else "bytecode cached"
    say(f"{' '.join(base)}; {bytecode}; {os.cpu_count()} cores; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for (name, command), key in zip(cases.items(), ("python", "help", "help_es", "check")):
        env = envs.get(name, english)
        run_times(command, 2, env)  # warm the disk cache and the bytecode
        walls, cpus = run_times(command, runs, env)
        say(
            f"{name:26} wall: best {walls[0] * 1000:6.1f} ms, median {walls[len(walls) // 2] * 1000:6.1f} ms"
            f"   CPU: best {cpus[0] * 1000:6.1f} ms   ({runs} runs)"
        )
        figures[f"startup_{key}_ms"] = round(walls[0] * 1000, 1)
        figures[f"startup_{key}_cpu_ms"] = round(cpus[0] * 1000, 1)
    figures["load_after"] = round(os.getloadavg()[0], 2)
    say(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.json:
        print(json.dumps(figures))
        return
    print("\nslowest top-level imports of one check run (cumulative, -X importtime):")
    for micros, name in slowest_imports(cases["muggins check small.mgn"]):
        print(f"  {micros / 1000:6.1f} ms  {name}")
    if shutil.which("hyperfine") is None:
        print("\n(hyperfine, if installed, gives the same figures with more statistics)")


if __name__ == "__main__":
    main()
