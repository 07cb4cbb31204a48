"""The translation catalogues: extract the marked messages, update the .po files, compile the .mo.

    python tools/i18n.py update    # extract, merge into each .po (new messages empty, gone ones dropped), compile
    python tools/i18n.py compile   # each .po -> its .mo (what the package reads)
    python tools/i18n.py check     # exit 1 when a message lacks a translation or a catalogue holds a gone one

Standard library only, and reproducible: the messages are read from the package's source with
:mod:`ast` (the calls ``_("...")``, ``N_("...")``, ``msg("...", ...)`` and
``plural("...", "...", n)`` of :mod:`muggins.i18n`, in the modules that import it; ``_(name)``
of a constant marked where it is written is not a message of its own; the docstring of each
``@app.command`` function, which is the command's help; each rule preset's ``description``
(replay/presets/*.yaml); and the pages' own words, as
muggins.pictures.page.page_words reads them from pictures/static), in the
order of the files' paths and of their lines; the .mo files are written with their messages in
sorted order, so the same .po always gives the same bytes. tests/test_i18n.py runs ``check`` and
holds each .mo to its .po.
"""

from __future__ import annotations

import ast
import re
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The package's folders, as they install (pyproject.toml's package-dir).
SOURCES = ("src/muggins", "notation", "replay", "analysis", "pictures")
LOCALE = ROOT / "src" / "muggins" / "locale"
LANGUAGES = ("es", "pt")
MARKERS = {"_": 1, "N_": 1, "msg": 1, "plural": 2}
HEADER = {
    "es": 'Language: es\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\nPlural-Forms: nplurals=2; plural=(n != 1);\n',
    "pt": 'Language: pt\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\nPlural-Forms: nplurals=2; plural=(n != 1);\n',
}


@dataclass
class Entry:
    msgid: str
    plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    where: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str | None]:
        return (self.msgid, self.plural)

    @property
    def translated(self) -> bool:
        return all(self.msgstr) and len(self.msgstr) == (1 if self.plural is None else 2)


# -- extraction ---------------------------------------------------------------------------------


def _imports_i18n(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "muggins.i18n":
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "muggins" and any(a.name == "i18n" for a in node.names):
            return True
    return False


def _marker(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name) and func.id in MARKERS:
        return func.id
    if isinstance(func, ast.Attribute) and func.attr in MARKERS and isinstance(func.value, ast.Name) and func.value.id == "i18n":
        return func.attr
    return None


def _is_command(decorator: ast.expr) -> bool:
    """``@app.command(...)``: a command whose docstring Typer shows as its help."""
    func = decorator.func if isinstance(decorator, ast.Call) else decorator
    return isinstance(func, ast.Attribute) and func.attr == "command"


def extract(root: Path = ROOT) -> tuple[list[Entry], list[str]]:
    """The marked messages of the package (first place first), and the marked calls whose text is
    not a literal string (which no catalogue could hold: each is a mistake to mend)."""
    found: dict[tuple[str, str | None], Entry] = {}
    problems: list[str] = []
    files = sorted(p for folder in SOURCES for p in (root / folder).rglob("*.py"))
    for path in files:
        where = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), where)
        if not _imports_i18n(tree) and where != "src/muggins/i18n.py":
            continue
        calls = sorted((n for n in ast.walk(tree) if isinstance(n, ast.Call)), key=lambda n: (n.lineno, n.col_offset))
        for node in calls:
            name = _marker(node.func)
            if name is None:
                continue
            count = MARKERS[name]
            texts = node.args[:count]
            if not all(isinstance(t, ast.Constant) and isinstance(t.value, str) for t in texts) or len(texts) < count:
                # A name or an attribute is a constant marked where it is written (N_); text built
                # on the spot (an f-string, a sum) is a message no catalogue can hold.
                if any(isinstance(t, (ast.JoinedStr, ast.BinOp, ast.Constant)) for t in texts) or len(texts) < count:
                    problems.append(f"{where}:{node.lineno}: {name}(...) of text built on the spot, which no catalogue can hold")
                continue
            msgid = texts[0].value  # type: ignore[attr-defined]
            plural = texts[1].value if count == 2 else None  # type: ignore[attr-defined]
            entry = found.setdefault((msgid, plural), Entry(msgid, plural, [""] if plural is None else ["", ""]))
            entry.where.append(f"{where}:{node.lineno}")
        for node in ast.walk(tree):  # a command's docstring is its help (Typer reads it cleaned)
            if isinstance(node, ast.FunctionDef) and any(_is_command(d) for d in node.decorator_list):
                doc = ast.get_docstring(node, clean=True)
                if doc:
                    entry = found.setdefault((doc, None), Entry(doc))
                    entry.where.append(f"{where}:{node.lineno}")
    from muggins.pictures.page import page_words
    from muggins.replay.rule_yaml import read_rule_file

    for path in sorted((root / "replay" / "presets").glob("*.yaml")):  # what `muggins rules` and the scorecard say
        description = read_rule_file(path.read_text(encoding="utf-8"))[0].get("description")
        if isinstance(description, str) and description:
            found.setdefault((description, None), Entry(description)).where.append(path.relative_to(root).as_posix())

    for path in sorted((root / "pictures" / "static").glob("*.*")):
        kind = path.suffix[1:]
        if kind not in ("js", "html"):
            continue
        where = path.relative_to(root).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for msgid in page_words(line, kind):
                found.setdefault((msgid, None), Entry(msgid)).where.append(f"{where}:{number}")
    return list(found.values()), problems


# -- .po files ----------------------------------------------------------------------------------


def _quote(text: str) -> str:
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\n", "\\n")
    return f'"{body}"'


def _unquote(text: str) -> str:
    value = ast.literal_eval(text)
    assert isinstance(value, str)
    return value


def read_po(path: Path) -> tuple[str, list[Entry]]:
    """(the header's text, the entries) of a .po file; comments other than ``#:`` are dropped."""
    header = ""
    entries: list[Entry] = []
    current: Entry | None = None
    field_name = ""
    where: list[str] = []

    def finish() -> None:
        nonlocal current, header
        if current is None:
            return
        if current.msgid == "" and current.plural is None:
            header = current.msgstr[0]
        else:
            entries.append(current)
        current = None

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#:"):
            where.extend(line[2:].split())
            continue
        if line.startswith("#"):
            continue
        if line.startswith('"'):
            assert current is not None, f"{path}: a string with no field before it: {raw!r}"
            text = _unquote(line)
            if field_name == "msgid":
                current.msgid += text
            elif field_name == "msgid_plural":
                current.plural = (current.plural or "") + text
            else:
                index = int(field_name[7:-1]) if field_name.startswith("msgstr[") else 0
                current.msgstr[index] += text
            continue
        name, _, rest = line.partition(" ")
        if name == "msgid":
            finish()
            current = Entry(_unquote(rest), where=where)
            where = []
        elif current is None:
            raise ValueError(f"{path}: {name} before msgid")
        elif name == "msgid_plural":
            current.plural = _unquote(rest)
            current.msgstr = ["", ""]
        elif name == "msgstr":
            current.msgstr = [_unquote(rest)]
        elif name.startswith("msgstr["):
            index = int(name[7:-1])
            while len(current.msgstr) <= index:
                current.msgstr.append("")
            current.msgstr[index] = _unquote(rest)
        else:
            raise ValueError(f"{path}: unknown field {name}")
        field_name = name
    finish()
    return header, entries


def write_po(path: Path, header: str, entries: list[Entry]) -> None:
    lines = ['msgid ""', 'msgstr ""']
    lines += [_quote(part) for part in header.splitlines(keepends=True)]
    for entry in entries:
        lines.append("")
        if entry.where:
            lines.append("#: " + " ".join(entry.where))
        lines.append(f"msgid {_quote(entry.msgid)}")
        if entry.plural is None:
            lines.append(f"msgstr {_quote(entry.msgstr[0])}")
        else:
            lines.append(f"msgid_plural {_quote(entry.plural)}")
            lines += [f"msgstr[{i}] {_quote(text)}" for i, text in enumerate(entry.msgstr)]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# -- .mo files ----------------------------------------------------------------------------------


def mo_bytes(header: str, entries: list[Entry]) -> bytes:
    """The GNU .mo file of the translated entries (the format gettext.GNUTranslations reads),
    without the optional hash table; keys in sorted order."""
    pairs = {b"": header.encode("utf-8")}
    for entry in entries:
        if not entry.translated:
            continue
        key = entry.msgid if entry.plural is None else f"{entry.msgid}\0{entry.plural}"
        pairs[key.encode("utf-8")] = "\0".join(entry.msgstr).encode("utf-8")
    keys = sorted(pairs)
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(pairs[k] + b"\0" for k in keys)
    count = len(keys)
    start = 7 * 4 + 16 * count
    key_table, value_table = [], []
    offset = 0
    for k in keys:
        key_table += [len(k), start + offset]
        offset += len(k) + 1
    offset = 0
    for k in keys:
        value_table += [len(pairs[k]), start + len(ids) + offset]
        offset += len(pairs[k]) + 1
    head = struct.pack("<7I", 0x950412DE, 0, count, 7 * 4, 7 * 4 + 8 * count, 0, 0)
    return head + struct.pack(f"<{2 * count}I", *key_table) + struct.pack(f"<{2 * count}I", *value_table) + ids + strs


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "muggins.po"


def compile_all() -> None:
    for language in LANGUAGES:
        header, entries = read_po(po_path(language))
        po_path(language).with_suffix(".mo").write_bytes(mo_bytes(header, entries))


def update() -> None:
    """Each .po made to hold exactly the messages of the code (translations kept), then compiled."""
    found, problems = extract()
    for problem in problems:
        print(problem, file=sys.stderr)
    for language in LANGUAGES:
        path = po_path(language)
        header, old = read_po(path) if path.exists() else (HEADER[language], [])
        known = {e.key: e for e in old}
        merged = []
        for entry in found:
            before = known.get(entry.key)
            merged.append(Entry(entry.msgid, entry.plural, before.msgstr if before else list(entry.msgstr), entry.where))
        write_po(path, header or HEADER[language], merged)
    compile_all()


_FIELD = re.compile(r"\{([^{}:!]*)[^{}]*\}")


def fields(text: str) -> set[str]:
    """The ``str.format`` fields a message names (``{seat}``, ``{v:+d}`` as ``v``)."""
    return set(_FIELD.findall(text.replace("{{", "").replace("}}", "")))


def _source(entry: Entry, index: int) -> str:
    """The English a translation stands for: the singular for the first form, the plural for
    the others (nplurals=2, plural=(n != 1) in both catalogues): ``a tile`` / ``{n} tiles``."""
    return entry.msgid if index == 0 or entry.plural is None else entry.plural


def check() -> list[str]:
    """What is wrong with the catalogues against the code: untranslated, gone, fields that differ."""
    found, problems = extract()
    wanted = {e.key for e in found}
    for language in LANGUAGES:
        _, entries = read_po(po_path(language))
        have = {e.key: e for e in entries}
        for entry in found:
            if entry.key not in have or not have[entry.key].translated:
                problems.append(f"{language}: no translation of {entry.msgid!r} ({', '.join(entry.where[:2])})")
        for key, entry in have.items():
            if key not in wanted:
                problems.append(f"{language}: {entry.msgid!r} is in the catalogue but no longer in the code")
            elif entry.translated and any(fields(text) != fields(_source(entry, i)) for i, text in enumerate(entry.msgstr)):
                problems.append(f"{language}: the translation of {entry.msgid!r} names other fields: {entry.msgstr!r}")
    return problems


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
        return 0
    if command == "compile":
        compile_all()
        return 0
    if command == "check":
        problems = check()
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
