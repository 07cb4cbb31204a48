"""``--jobs N`` for check, audit and analyze: the same output and exit code as ``--jobs 1``, on
several files and on one file of many records; JSON written as records are done is the one
document; reading does not run ahead of the work."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_run import run

from muggins.batch import spread
from muggins.notation.formatter import format_records
from muggins.replay.rules import load
from muggins.replay.simulate import Options, simulate

SAMPLES = Path(__file__).resolve().parents[1] / "samples"

# Two broken records in the middle of a file: one the parser rejects (a tile written 4/1), one
# whose rule set cannot be had (an unknown preset), so every kind of outcome is in the stream.
BROKEN = '[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 6-4 +10\nB 4/1 r\n'
NO_RULES = '[Rules "no-such-preset"]\n[Seat A "Ana"]\n[Seat B "Bruno"]\n\nhand 1\nA 6-4 +10\n'



@pytest.fixture(autouse=True)
def small_batches(monkeypatch):
    """Batches and pieces of a record or two, so that even these small inputs go to worker
    processes; and the names of the tasks the workers were sent."""
    import concurrent.futures

    monkeypatch.setattr(spread, "BATCH_CHARS", 1500)
    sent: list[str] = []

    class Counting(concurrent.futures.ProcessPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):
            sent.append(fn.__name__)
            return super().submit(fn, *args, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Counting)
    return sent


def _games(seed: int, count: int, players: int = 2) -> str:
    return format_records(simulate(load("allfives"), seed, count, Options(players=players, forget=0.3)))


@pytest.fixture
def one_file(tmp_path) -> Path:
    """Many records in one file, two of them unusable, in the middle."""
    path = tmp_path / "archive.mgn"
    path.write_text(_games(3, 6) + "\n" + BROKEN + "\n" + NO_RULES + "\n" + _games(4, 6, players=3), encoding="utf-8")
    return path


@pytest.fixture
def folder(tmp_path) -> Path:
    """Several files: simulated games, the samples, the bad samples (rule mistakes and syntax)."""
    folder = tmp_path / "games"
    folder.mkdir()
    for number in range(3):
        (folder / f"sim-{number}.mgn").write_text(_games(20 + number, 3), encoding="utf-8")
    for path in [*SAMPLES.glob("*.mgn"), *(SAMPLES / "bad").glob("*.mgn")]:
        shutil.copy(path, folder / path.name)
    # A file that stops being UTF-8 after a good record.
    (folder / "latin.mgn").write_bytes(_games(30, 1).encode() + b'\n[Event "caf\xe9"]\n')
    return folder


COMMANDS = [
    ("check",),
    ("check", "--format", "json"),
    ("audit",),
    ("audit", "--format", "json"),
    ("audit", "--format", "csv"),
    ("audit", "--rules", "allfives", "--rules", "pontos", "--format", "json"),
    ("analyze", "--budget", "0"),
    ("analyze", "--budget", "0", "--format", "json"),
    ("analyze", "--budget", "0", "--format", "csv"),
]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("where", ["one_file", "folder"])
def test_jobs_2_says_what_jobs_1_says(command, where, request, small_batches):
    target = str(request.getfixturevalue(where))
    one = run(*command, target, "--jobs", "1")
    two = run(*command, target, "--jobs", "2")
    # --jobs 2 sent the workers pieces of files to cut and batches of records to work on.
    assert small_batches.count("split_piece") >= 4 and small_batches.count("_work_batch") >= 4
    assert one.stdout == two.stdout
    assert one.stderr == two.stderr
    assert one.exit_code == two.exit_code
    assert one.stdout  # there was something to compare


def _tricky_files(folder: Path) -> dict[str, Path]:
    """Long files with, in the middle, what makes a place where records usually meet (a line
    end, a blank line, a ``[`` line) not where they do meet, and other ways files differ."""
    before, after = _games(40, 4), _games(41, 4)
    cases = {
        # a brace comment left open over a blank line and a line opening with [: it ends there
        # (NOTATION.md, "Comments"), so the workers' cut is right
        "comment": before + "\n" + _games(42, 1).replace("+10\n", "+10 {a note\n\n[not a tag]}\n", 1) + "\n" + after,
        # a comment line between the blank line and the next record's tags
        "comment-line": before + "\n; the next game\n\n" + after,
        # a record of tags only: it runs on into the next record
        "tags-only": before + '\n[Event "nothing played"]\n\n' + after,
        "crlf": (before + "\n" + after).replace("\n", "\r\n"),
        "bom": "\ufeff" + before + "\n" + after,
        "no-last-newline": before + "\n" + after.rstrip("\n"),
    }
    paths = {}
    for name, text in cases.items():
        paths[name] = folder / f"{name}.mgn"
        paths[name].write_bytes(text.encode("utf-8"))
    paths["latin"] = folder / "latin.mgn"  # stops being UTF-8 half-way
    paths["latin"].write_bytes((before + "\n").encode() + b'[Event "caf\xe9"]\n' + after.encode())
    return paths


@pytest.mark.parametrize("command", [("check", "--format", "json"), ("audit", "--format", "json")], ids=" ".join)
def test_files_cut_by_the_workers_give_the_records_read_in_order(command, tmp_path, monkeypatch, small_batches):
    from muggins.batch import pieces

    monkeypatch.setattr(spread, "BATCH_CHARS", 1)  # a piece for every place records may meet
    files = _tricky_files(tmp_path)
    in_order = []
    reader = pieces._in_order

    def noted(path, given):
        in_order.append(path.stem)
        return reader(path, given)

    monkeypatch.setattr(pieces, "_in_order", noted)
    for name, path in files.items():
        one = run(*command, str(path), "--jobs", "1")
        two = run(*command, str(path), "--jobs", "2")
        assert (one.stdout, one.stderr, one.exit_code) == (two.stdout, two.stderr, two.exit_code), name
    # Where the workers' cut was wrong, the file went back to the reader in order; elsewhere not.
    # A brace comment no longer runs past a record's start, so it never makes a cut wrong.
    assert {"comment-line", "tags-only", "latin"} <= set(in_order)
    assert not {"comment", "crlf", "bom", "no-last-newline"} & set(in_order)


@pytest.mark.parametrize("command", ["check", "audit", "analyze"])
def test_exit_codes_are_kept(command, one_file, tmp_path):
    extra = ["--budget", "0"] if command == "analyze" else []
    # archive.mgn has a record that cannot be read: for check a problem in the records (1), for
    # audit and analyze unusable input (2); with any --jobs.
    broken = {"check": 1, "audit": 2, "analyze": 2}[command]
    for jobs in ("1", "2"):
        assert run(command, str(one_file), *extra, "--jobs", jobs).exit_code == broken
    # Simulated games with forgotten claims: clean notation (check 0), findings for audit (1);
    # analyze counts missed points, which are no error (0).
    clean = tmp_path / "clean.mgn"
    clean.write_text(_games(5, 8), encoding="utf-8")
    expected = {"check": 0, "audit": 1, "analyze": 0}[command]
    for jobs in ("1", "2"):
        assert run(command, str(clean), *extra, "--jobs", jobs).exit_code == expected


def test_streamed_check_json_is_the_whole_document(one_file, folder):
    """The check document written file by file is, byte for byte, json.dumps of the document
    made whole from check_file's reports (which hold every diagnostic)."""
    from muggins.cli.check import JSON_SCHEMA, check_file
    from muggins.inputs import expand

    paths = [one_file, *expand([str(folder)]).paths, folder / "no-such-file.mgn"]
    result = run("check", "--format", "json", *map(str, paths), "--jobs", "2")
    whole = {"schema": JSON_SCHEMA, "files": [check_file(p).to_json() for p in paths]}
    assert result.stdout == json.dumps(whole, indent=2) + "\n"
    assert any(f["diagnostics"] for f in whole["files"]) and any(not f["diagnostics"] for f in whole["files"])


@pytest.mark.parametrize("jobs", [1, 2])
def test_reading_does_not_run_ahead(tmp_path, monkeypatch, jobs):
    """One record per batch and per piece: the records read but not yet given back stay within
    what is allowed in flight, however long the file."""
    from muggins.batch import pieces

    monkeypatch.setattr(spread, "BATCH_CHARS", 1)
    path = tmp_path / "long.mgn"
    path.write_text(_games(9, 40), encoding="utf-8")
    read = []
    reader, cutter = spread._items, pieces.cut_items

    def counting(items):
        for item in items:
            read.append(item)
            yield item

    monkeypatch.setattr(spread, "_items", lambda paths: counting(reader(paths)))
    monkeypatch.setattr(pieces, "cut_items", lambda *args, **kwargs: counting(cutter(*args, **kwargs)))
    given = 0
    ahead = []
    for event in spread.spread([path], _record_line, jobs):
        if isinstance(event, spread.RecordDone):
            given += 1
            assert event.result == event.index  # in order, each record's own result
            ahead.append(len(read) - given)
    assert given == 40
    # jobs 1: the record in hand only. jobs 2: the batches in flight and the one being queued.
    assert max(ahead) <= (1 if jobs == 1 else jobs * spread.IN_FLIGHT + 1)


def _record_line(record, path, index):
    return index
