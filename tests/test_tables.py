"""The audit's results as tables (analysis/tables.py): ``--format jsonl`` and ``--format parquet``,
read back by DuckDB and checked against the audit's own JSON (an independent route: the JSON
document is built from the reports directly, the tables from their rows)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
from cli_run import run

from muggins.analysis.tables import COLUMNS

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
    for name, args in (("two.mgn", ["--games", "30", "--seed", "3", "--forget", "0.3"]), ("four.mgn", ["--games", "20", "--seed", "4", "--rules", "scorecard", "--players", "4", "--forget", "0.3"])):
        result = subprocess.run([sys.executable, "-m", "muggins", "simulate", *args, "-o", str(folder / name)], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
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
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    for table, columns in COLUMNS.items():
        streamed = [{k: v for k, v in row.items() if k != "table"} for row in lines if row["table"] == table]
        stored = duckdb.sql(f"SELECT * FROM read_parquet('{out}/{table}/*.parquet')").fetchall()
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
