"""The tables of analysis/tables.py written for data tools: JSON lines, or Parquet files.

``--format jsonl`` streams a JSON object per row, ``{"table": "findings", ...}``, as the records
are done. ``--format parquet -o DIR`` writes a folder per table the command writes (audit:
``DIR/findings/part-00000.parquet``, ... and ``DIR/records/...``; analyze: ``DIR/decisions/``
and ``DIR/records/``): row groups of :data:`ROW_GROUP` rows (memory stays flat), and a new part
file every :data:`PART_ROWS` rows, so a million records make tens of files, not a million. The
folder is built beside its final place and renamed into it at the end: a run that stops half-way
leaves no half a folder. pyarrow is an optional extra, imported only here and only for Parquet.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import Any, Callable

from muggins.analysis.tables import COLUMNS
from muggins.visible import SURROGATES, utf8_text
from muggins.i18n import _, msg, reason

#: Rows held before they are written as one row group.
ROW_GROUP = 16_384

#: Rows in one part file: 100,000 records a part (a million records: ten files per table).
PART_ROWS = 100_000

#: How to get pyarrow, for the message where it is missing.
INSTALL = "pip install 'muggins[tables]'"


class TablesError(Exception):
    """The tables cannot be written where asked (the message says why); the command exits 2."""


def jsonl_text(rows: list[tuple[str, dict[str, Any]]]) -> str:
    """Each (table, row) as one line of JSON, the table's name first: UTF-8 text, a lone
    surrogate (a file name's byte that is not UTF-8, ``\\udce9``) escaped as ``--format json``
    escapes it (``ensure_ascii``), the rest of the text as it is."""
    text = "".join(json.dumps({"table": table, **row}, ensure_ascii=False) + "\n" for table, row in rows)
    # json writes characters, so a surrogate can only be inside a string, where \uXXXX means it
    return SURROGATES.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _utf8(value: Any) -> Any:
    """A row's value with every text in it valid UTF-8 (Parquet's strings must be): see visible.utf8_text."""
    if isinstance(value, str):
        return utf8_text(value)
    if isinstance(value, list):
        return [_utf8(item) for item in value]
    if isinstance(value, dict):
        return {key: _utf8(item) for key, item in value.items()}
    return value


def _arrow_type(text: str, pa: Any) -> Any:
    """The pyarrow type of a column type of analysis/tables.py."""
    simple = {"string": pa.string(), "int": pa.int64(), "float": pa.float64(), "bool": pa.bool_()}
    if text in simple:
        return simple[text]
    found = re.fullmatch(r"list<struct<(.*)>>", text)
    if found is None:
        raise ValueError(f"no Arrow type for {text!r}")
    fields = [part.split(":") for part in found.group(1).split(",")]
    return pa.list_(pa.struct([(name.strip(), simple[kind.strip()]) for name, kind in fields]))


def arrow_schema(table: str) -> Any:
    import pyarrow as pa

    return pa.schema([(name, _arrow_type(kind, pa)) for name, kind in COLUMNS[table]])


class ParquetTables:
    """The Parquet folder of one run: rows of ``tables`` (names of analysis/tables.py's) added
    in order, written in row groups and parts."""

    def __init__(self, folder: str | os.PathLike[str], tables: tuple[str, ...]) -> None:
        try:
            import pyarrow  # noqa: F401
            import pyarrow.parquet  # noqa: F401
        except ImportError:
            raise TablesError(msg("--format parquet needs pyarrow, which is not installed: {install}", install=INSTALL)) from None
        self.folder = Path(folder)
        if self.folder.exists() and (not self.folder.is_dir() or any(self.folder.iterdir())):
            raise TablesError(msg("{folder}: already exists; --format parquet writes a new folder (or an empty one)", folder=str(self.folder)))
        if not self.folder.parent.is_dir():
            raise TablesError(msg("{folder}: no folder {parent} to write it in", folder=str(self.folder), parent=str(self.folder.parent)))
        self.tables = tables
        from muggins.files import beside

        self.building = beside(self.folder, f".part-{os.getpid()}")  # within the name limit
        shutil.rmtree(self.building, ignore_errors=True)
        try:
            for table in tables:
                (self.building / table).mkdir(parents=True)
        except OSError as exc:
            raise TablesError(msg("{folder}: cannot write: {why}", folder=str(self.folder), why=exc.strerror or str(exc))) from None
        self.held: dict[str, list[dict[str, Any]]] = {table: [] for table in tables}
        self.writers: dict[str, Any] = {}
        self.in_part: dict[str, int] = {table: 0 for table in tables}
        self.parts: dict[str, int] = {table: 0 for table in tables}
        self.count: dict[str, int] = {table: 0 for table in tables}

    def add(self, rows: list[tuple[str, dict[str, Any]]]) -> None:
        for table, row in rows:
            held = self.held[table]
            held.append(_utf8(row))
            self.count[table] += 1
            if len(held) >= ROW_GROUP:
                self._flush(table)

    def _flush(self, table: str) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        held = self.held[table]
        while held:
            if table not in self.writers:
                path = self.building / table / f"part-{self.parts[table]:05d}.parquet"
                self.writers[table] = pq.ParquetWriter(path, arrow_schema(table), compression="zstd")
            room = PART_ROWS - self.in_part[table]
            chunk, held[:] = held[:room], held[room:]
            self.writers[table].write_table(pa.Table.from_pylist(chunk, schema=arrow_schema(table)))
            self.in_part[table] += len(chunk)
            if self.in_part[table] >= PART_ROWS:
                self.writers.pop(table).close()
                self.parts[table] += 1
                self.in_part[table] = 0

    def close(self) -> None:
        """Write what is held, and put the folder in its place (each table has at least one
        part, empty where there were no rows, so that a reader finds every table's schema)."""
        for table in self.tables:
            self._flush(table)
            if table not in self.writers and self.parts[table] == 0:
                import pyarrow.parquet as pq

                self.writers[table] = pq.ParquetWriter(self.building / table / "part-00000.parquet", arrow_schema(table), compression="zstd")
        for writer in self.writers.values():
            writer.close()
        self.writers.clear()
        if self.folder.exists():
            self.folder.rmdir()  # empty, as checked at the start
        os.replace(self.building, self.folder)

    def abandon(self) -> None:
        for writer in self.writers.values():
            try:
                writer.close()
            except Exception:  # noqa: BLE001  # the folder goes anyway
                pass
        shutil.rmtree(self.building, ignore_errors=True)


def folder_named(output: str | None) -> str:
    """The folder ``-o`` names for ``--format parquet``; exit 2, before any work, without one."""
    if output is None or output == "-":
        from muggins.cli.common import die

        die(_("--format parquet writes a folder: name it with -o DIR"))
    return output


def write_tables(output: str, inputs: list[Path], tables: tuple[str, ...], body: Callable[[ParquetTables], int]) -> int:
    """Run ``body(tables)`` with the Parquet folder ``output`` (``-o``, see :func:`folder_named`)
    of ``tables``, put in its place only when the run ends (never over an input); what was
    written is said on stderr. Returns what ``body`` returns (the exit code); a folder that
    cannot be had is exit 2."""
    from muggins.cli.common import die
    from muggins.cli.output import counted, say

    if any(Path(output).resolve() == p.resolve() for p in inputs):
        die(_("{path}: is one of the inputs; --format parquet writes a new folder").format(path=output))
    try:
        written = ParquetTables(output, tables)
    except TablesError as exc:
        die(reason(exc))
    try:
        code = body(written)
        written.close()
    except BaseException:
        written.abandon()
        raise
    said = _(" and ").join(counted(written.count[table], table.removesuffix("s")) for table in tables)
    say(_("wrote {what} to {path}").format(what=said, path=output), err=True)
    return code


__all__ = ["INSTALL", "PART_ROWS", "ParquetTables", "ROW_GROUP", "TablesError", "arrow_schema", "folder_named", "jsonl_text", "write_tables"]
