"""Results as tables (analysis/tables.py): ``--format jsonl`` and ``--format parquet`` of audit and
analyze, read back by DuckDB and checked against each command's own JSON (an independent route:
the JSON document is built from the reports and the players' figures directly, the tables from
their rows, and added up by DuckDB)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
from cli_run import run, simulated

from muggins.analysis.tables import ANALYZE_TABLES, AUDIT_TABLES, COLUMNS

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"

#: The README's per-player query, on the findings that count (one mistake, one finding).
PER_PLAYER = """
    SELECT coalesce(player, seat, CASE WHEN hand IS NULL THEN 'the record' ELSE 'score sheet' END) AS who, count(*) AS n
    FROM read_parquet('{folder}/findings/*.parquet')
    WHERE severity IN ('error', 'warning') AND follows IS NULL
    GROUP BY who ORDER BY who
"""


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("tables")
    simulated(folder / "two.mgn", "--games", "30", "--seed", "3", "--forget", "0.3")
    simulated(folder / "four.mgn", "--games", "20", "--seed", "4", "--rules", "scorecard", "--players", "4", "--forget", "0.3")
    for sample in ("allfives-2p.mgn", "scorecard-4p-partners.mgn", "several-records.mgn"):
        (folder / sample).write_bytes((SAMPLES / sample).read_bytes())
    return folder


def _json(archive: Path) -> dict:
    result = run("audit", str(archive), "--format", "json")
    assert result.exit_code == 1
    return json.loads(result.stdout)


def test_the_per_player_query_agrees_with_the_audit_summary(archive, tmp_path):
    out = tmp_path / "tables"
    result = run("audit", str(archive), "--format", "parquet", "-o", str(out))
    assert result.exit_code == 1 and result.stdout == ""
    by_player = dict(duckdb.sql(PER_PLAYER.format(folder=out)).fetchall())
    expected = _json(archive)["summary"]["by_player"]
    assert by_player == expected and sum(expected.values()) > 10


def test_the_records_table_has_a_row_per_record_with_its_totals(archive, tmp_path):
    out = tmp_path / "tables"
    run("audit", str(archive), "--format", "parquet", "-o", str(out))
    document = _json(archive)
    records = [(f["file"], r["index"], r["totals"], r["winner"], r["clean"]) for f in document["files"] for r in f["records"]]
    rows = duckdb.sql(
        f"SELECT file, record, totals, winner, clean FROM read_parquet('{out}/records/*.parquet') ORDER BY file, record"
    ).fetchall()
    assert len(rows) == len(records) == document["summary"]["records"]
    assert sorted((f, i, {t["side"]: t["total"] for t in totals}, w, c) for f, i, totals, w, c in rows) == sorted(
        (f, i, t, w, c) for f, i, t, w, c in records
    )


def test_jsonl_streams_the_same_rows_as_the_parquet_tables(archive, tmp_path):
    out = tmp_path / "tables"
    run("audit", str(archive), "--format", "parquet", "-o", str(out))
    result = run("audit", str(archive), "--format", "jsonl")
    _same_rows(out, result.stdout, AUDIT_TABLES)


def _same_rows(folder: Path, jsonl: str, tables: tuple[str, ...]) -> None:
    """The JSON lines of ``jsonl`` are the rows of the Parquet ``tables`` in ``folder``, and no
    other table is there."""
    lines = [json.loads(line) for line in jsonl.splitlines()]
    assert {row["table"] for row in lines} == set(tables) == {p.name for p in folder.iterdir()}
    for table in tables:
        columns = COLUMNS[table]
        streamed = [{k: v for k, v in row.items() if k != "table"} for row in lines if row["table"] == table]
        stored = duckdb.sql(f"SELECT * FROM read_parquet('{folder}/{table}/*.parquet')").fetchall()
        names = [name for name, _ in columns]
        assert len(streamed) == len(stored) > 0
        assert all(list(row) == names for row in streamed)
        # Lists of structs come back from DuckDB as lists of dicts, as they were streamed.
        assert sorted(map(repr, (tuple(row.values()) for row in streamed))) == sorted(map(repr, stored))


def test_a_big_run_is_cut_into_parts_and_row_groups(archive, tmp_path, monkeypatch):
    monkeypatch.setattr("muggins.cli.tables_out.PART_ROWS", 7)
    monkeypatch.setattr("muggins.cli.tables_out.ROW_GROUP", 3)
    out = tmp_path / "tables"
    run("audit", str(archive), "--format", "parquet", "-o", str(out))
    records = duckdb.sql(f"SELECT count(*) FROM read_parquet('{out}/records/*.parquet')").fetchall()[0][0]
    parts = sorted(p.name for p in (out / "records").iterdir())
    assert len(parts) == -(-records // 7) and parts[0] == "part-00000.parquet"
    assert not list(tmp_path.glob(".tables.part-*"))  # the folder was built aside and moved in


def test_a_table_with_no_rows_still_has_its_schema(tmp_path):
    out = tmp_path / "tables"
    result = run("audit", str(SAMPLES / "pontos-4p.mgn"), "--format", "parquet", "-o", str(out))
    assert result.exit_code == 0  # a clean record: no finding
    names = [row[0] for row in duckdb.sql(f"DESCRIBE SELECT * FROM read_parquet('{out}/findings/*.parquet')").fetchall()]
    assert names == [name for name, _ in COLUMNS["findings"]]


def test_parquet_needs_a_new_folder(tmp_path):
    assert "name it with -o DIR" in run("audit", str(SAMPLES / "allfives-2p.mgn"), "--format", "parquet").output
    refused = run("analyze", str(SAMPLES / "allfives-2p.mgn"), "--budget", "0", "--format", "parquet")
    assert refused.exit_code == 2 and "name it with -o DIR" in refused.output
    full = tmp_path / "full"
    full.mkdir()
    (full / "keep.txt").write_text("mine")
    result = run("audit", str(SAMPLES / "allfives-2p.mgn"), "--format", "parquet", "-o", str(full))
    assert result.exit_code == 2 and "already exists" in result.output
    assert [p.name for p in full.iterdir()] == ["keep.txt"]


def test_a_run_that_stops_leaves_no_folder(tmp_path, monkeypatch):
    def stop(self, rows):
        raise KeyboardInterrupt

    monkeypatch.setattr("muggins.cli.tables_out.ParquetTables.add", stop)
    out = tmp_path / "tables"
    from typer.testing import CliRunner

    from muggins.cli import app

    result = CliRunner().invoke(app, ["audit", str(SAMPLES / "allfives-2p.mgn"), "--format", "parquet", "-o", str(out)])
    assert result.exit_code != 0
    assert list(tmp_path.iterdir()) == []  # neither the folder nor the one it was built in


def test_without_pyarrow_the_message_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    result = run("audit", str(SAMPLES / "allfives-2p.mgn"), "--format", "parquet", "-o", str(tmp_path / "t"))
    assert result.exit_code == 2 and "pip install 'muggins[tables]'" in result.output


def test_the_columns_are_documented_in_audit_md():
    text = (ROOT / "analysis" / "AUDIT.md").read_text(encoding="utf-8")
    for table, columns in COLUMNS.items():
        section = text.split(f"### Table `{table}`", 1)[1].split("###", 1)[0]
        documented = re.findall(r"^\| `(\w+)` \| `([^`]+)` \|", section, flags=re.M)
        assert documented == list(columns), table


# ---- analyze: the table of decisions ---------------------------------------------------------

def _decisions_query(folder: Path) -> str:
    """The README's per-player query over analyze's decisions (its ``sql`` block after the
    ``decisions-query`` marker), on the tables in ``folder``."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    query = readme.split("<!-- decisions-query -->", 1)[1].split("```sql\n", 1)[1].split("```", 1)[0]
    assert "'judged/decisions/*.parquet'" in query
    return query.replace("'judged/", f"'{folder}/")


#: A few small analyses (three samples a decision): some seconds each.
ANALYZE = ("--samples", "3", "--budget", "60")


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("games")
    simulated(folder / "four.mgn", "--games", "2", "--seed", "11", "--rules", "scorecard", "--players", "4", "--forget", "0.3")
    (folder / "partners.mgn").write_bytes((SAMPLES / "scorecard-4p-partners.mgn").read_bytes())
    return folder


@pytest.fixture(scope="module")
def analysed(games, tmp_path_factory) -> tuple[Path, dict]:
    """(the Parquet folder of ``analyze --format parquet``, ``analyze --format json``'s document)."""
    out = tmp_path_factory.mktemp("analysed") / "tables"
    result = run("analyze", str(games), *ANALYZE, "--format", "parquet", "-o", str(out))
    assert result.exit_code == 0 and result.stdout == "", result.output
    assert result.stderr.startswith("wrote ") and " decisions and 3 records to " in result.stderr
    document = run("analyze", str(games), *ANALYZE, "--format", "json")
    assert document.exit_code == 0
    return out, json.loads(document.stdout)


def test_the_per_player_query_agrees_with_the_players_table(analysed):
    out, document = analysed
    got = {row[0]: row[1:] for row in duckdb.sql(_decisions_query(out)).fetchall()}
    players = {row["player"]: row for row in document["players"]}
    assert sorted(got) == sorted(players) and len(players) == 8  # Ana to Dario simulated, Nora to Walt in the sample
    averaged = 0
    for name, (unforced, expected, marked, mean, missed) in got.items():
        row = players[name]
        assert (unforced, expected, marked) == (row["unforced"], row["expected"], row["marked"])
        assert missed == pytest.approx(row["missed"], abs=0.005)  # the players' table rounds to 2 places
        if row["expected"] == row["unforced"]:  # every unforced decision on expected values
            assert mean * row["expected"] == pytest.approx(row["missed"], abs=0.005)
            averaged += 1
    assert averaged >= 4 and sum(row["marked"] for row in players.values()) > 0


def test_the_decisions_table_has_a_row_per_decision_as_the_json_gives_it(analysed):
    out, document = analysed
    rows = duckdb.sql(
        f"SELECT file, record, hand, turn, seat, chosen, best, basis, expected_loss, open_cards_loss, immediate_loss, mark"
        f" FROM read_parquet('{out}/decisions/*.parquet')"
    ).fetchall()
    listed = []
    for record in document["records"]:
        for d in record["decisions"]:
            expected = d["loss"] if d["basis"] == "expected" else None
            listed.append((record["file"], record["index"], d["hand"], d["turn"], d["seat"], d["played"], d["best"], d["basis"], expected, d["immediate_loss"], d["mark"]))
    assert len(rows) == len(listed) > 100

    def plain(row: tuple) -> tuple:
        return tuple(float(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else x for x in row)

    # The JSON rounds a loss to 2 places; the table keeps it whole.
    rounded = [(*r[:8], None if r[8] is None else round(r[8], 2), r[10], r[11]) for r in rows]
    assert sorted(map(plain, rounded), key=repr) == sorted(map(plain, listed), key=repr)
    assert all(r[9] is None for r in rows)  # the expected view: no open-cards figure


def test_analyze_jsonl_streams_the_same_rows_as_its_parquet_tables(analysed, games):
    out, _ = analysed
    result = run("analyze", str(games), *ANALYZE, "--format", "jsonl")
    assert result.exit_code == 0
    _same_rows(out, result.stdout, ANALYZE_TABLES)


def test_the_open_cards_view_fills_its_own_column(games, tmp_path):
    result = run("analyze", str(games / "partners.mgn"), "--view", "open-cards", "--budget", "60", "--format", "jsonl")
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    judged = [row for row in rows if row["table"] == "decisions" and row["unforced"]]
    assert judged and all(row["basis"] == "exact" and row["open_cards_loss"] is not None and row["expected_loss"] is None for row in judged)


def test_a_long_folder_name_is_written(tmp_path):
    """``--format parquet -o`` a folder of a 250-byte name: it was built beside as
    ``.NAME.part-PID``, over the 255-byte limit ("cannot write: File name too long", exit 2)."""
    out = tmp_path / ("p" * 250)
    result = run("audit", str(SAMPLES / "allfives-2p.mgn"), "--format", "parquet", "-o", str(out))
    assert result.exit_code in (0, 1), result.stderr
    assert duckdb.sql(f"SELECT count(*) FROM read_parquet('{out}/records/*.parquet')").fetchall() == [(1,)]
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]


def _name_not_utf8(tmp_path: Path) -> tuple[Path, str]:
    """A folder holding one record file named with the byte 0xe9 (Latin-1's é), not UTF-8, and
    that file's name as Python holds it (``caf\\udce9.mgn``)."""
    folder = tmp_path / "bn"
    folder.mkdir()
    path = Path(os.fsdecode(os.fsencode(folder) + b"/caf\xe9.mgn"))
    path.write_bytes((SAMPLES / "allfives-2p.mgn").read_bytes())
    assert str(path).endswith("caf\udce9.mgn")
    return folder, str(path)


@pytest.mark.parametrize("command", [["audit"], ["analyze", "--budget", "0"]])
@pytest.mark.parametrize("to_file", [False, True])
def test_jsonl_of_a_file_name_not_utf8_is_utf8_json(tmp_path, command, to_file):
    """--format jsonl wrote the name's byte 0xe9 as it is: no line was UTF-8, json.loads of it
    raised UnicodeDecodeError (and with -o the run ended in an internal error, exit 70). Now it
    is escaped as --format json escapes it, "caf\\udce9.mgn", which reads back as the name."""
    folder, name = _name_not_utf8(tmp_path)
    argv = [sys.executable, "-m", "muggins", *command, "--format", "jsonl", str(folder)]
    out = tmp_path / "rows.jsonl"
    # stdout as a shell under the C.UTF-8 locale gives it: surrogates written back as their bytes
    done = subprocess.run(argv + (["-o", str(out)] if to_file else []), capture_output=True, env={**os.environ, "LC_ALL": "C.UTF-8"})
    assert done.returncode in (0, 1), done.stderr  # the sample has findings for the audit
    data = out.read_bytes() if to_file else done.stdout
    assert b"\xe9" not in data and b'"file": "' + os.fsencode(folder) + b'/caf\\udce9.mgn"' in data
    lines = [json.loads(line) for line in data.decode("utf-8").splitlines()]  # strict UTF-8, then JSON
    assert {row["file"] for row in lines} == {name}
    assert {row["table"] for row in lines} == set(AUDIT_TABLES if command == ["audit"] else ANALYZE_TABLES)


@pytest.mark.parametrize("command", [["audit"], ["analyze", "--budget", "0"]])
def test_parquet_and_csv_of_a_file_name_not_utf8_stay_utf8(tmp_path, command):
    """Parquet strings must be UTF-8: the run ended in an internal error (exit 70). CSV wrote
    the byte 0xe9 as it is (and with -o, exit 70). Both now write the byte out: caf\\xe9.mgn."""
    folder, name = _name_not_utf8(tmp_path)
    shown = os.fsencode(folder).decode("utf-8") + "/caf\\xe9.mgn"  # a backslash, x, e, 9
    out = tmp_path / "tables"
    result = run(*command, "--format", "parquet", "-o", str(out), str(folder))
    assert result.exit_code in (0, 1), result.output  # the sample has findings for the audit
    for table in AUDIT_TABLES if command == ["audit"] else ANALYZE_TABLES:
        assert set(duckdb.sql(f"SELECT DISTINCT file FROM read_parquet('{out}/{table}/*.parquet')").fetchall()) == {(shown,)}
    if command == ["audit"]:  # analyze's CSV is the players' table: no file names in it
        csv_out = tmp_path / "findings.csv"
        result = run(*command, "--format", "csv", "-o", str(csv_out), str(folder))
        assert result.exit_code == 1, result.output
        text = csv_out.read_bytes().decode("utf-8")  # strict
        rows = text.splitlines()[1:]
        assert rows and all(row.startswith(shown + ",") for row in rows)
