"""Spanish and Portuguese beside English (muggins.i18n, issue 16): the catalogues complete and in
step with the code, the language chosen from the environment or --lang, reports in it, and the
data (JSON, CSV, codes) the same in every language."""

from __future__ import annotations

import gettext
import importlib.util
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from muggins import i18n
from muggins.i18n import Message, either, localize, msg, plural

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "scorecard-4p-partners.mgn"


def _tool():
    spec = importlib.util.spec_from_file_location("muggins_i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def spanish():
    i18n.use("es")
    yield
    i18n.use("en")


def _muggins(*args: str, lang: str | None = None, extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    if lang is not None:
        env["LANG"] = lang
    env.update(extra_env or {})
    return subprocess.run([sys.executable, "-m", "muggins", *args], capture_output=True, text=True, env=env, cwd=ROOT)


# -- the catalogues ------------------------------------------------------------------------------


def test_every_marked_message_is_translated_and_no_catalogue_holds_a_gone_one():
    """Fails when a message in the code lacks its es or pt translation, when a catalogue holds one
    the code no longer has, or when a translation names other fields than its English
    (``python tools/i18n.py update`` brings the catalogues in step; then translate)."""
    assert _tool().check() == []


def test_the_check_sees_a_missing_and_a_gone_message(tmp_path, monkeypatch):
    """The check itself can fail: a message added to the code, and one taken away."""
    tool = _tool()
    found, problems = tool.extract()
    added = tool.Entry("a message nobody translated {x}", where=["here.py:1"])
    monkeypatch.setattr(tool, "extract", lambda root=tool.ROOT: ([*found[1:], added], problems))
    wrong = tool.check()
    assert any("no translation of 'a message nobody translated {x}'" in p for p in wrong)
    assert any(repr(found[0].msgid) in p and "no longer in the code" in p for p in wrong)


def test_the_extraction_reads_every_kind_of_mark(tmp_path):
    tool = _tool()
    package = tmp_path / "src" / "muggins"
    package.mkdir(parents=True)
    (package / "a.py").write_text(
        "from muggins.i18n import N_, _, msg, plural\n"
        "X = N_('a constant')\n"
        "def f(n, name):\n"
        "    _(X)\n"  # a marked constant: no message of its own
        "    _('now')\n"
        "    msg('{n} later', n=n)\n"
        "    plural('{n} tile', '{n} tiles', n)\n"
        "    _(f'{name} built')\n",
        encoding="utf-8",
    )
    (package / "b.py").write_text("def _(x):\n    return x\n_('not ours: the module does not import muggins.i18n')\n", encoding="utf-8")
    found, problems = tool.extract(tmp_path)
    assert [(e.msgid, e.plural) for e in found] == [("a constant", None), ("now", None), ("{n} later", None), ("{n} tile", "{n} tiles")]
    assert problems == ["src/muggins/a.py:8: _(...) of text built on the spot, which no catalogue can hold"]


@pytest.mark.parametrize("language", ["es", "pt"])
def test_the_shipped_mo_is_its_po_compiled(language):
    """What the package reads (the .mo, through the standard library's reader) says what the .po says."""
    tool = _tool()
    header, entries = tool.read_po(tool.po_path(language))
    path = tool.po_path(language).with_suffix(".mo")
    assert path.read_bytes() == tool.mo_bytes(header, entries), "run python tools/i18n.py compile"
    with path.open("rb") as handle:
        catalogue = gettext.GNUTranslations(handle)
    for entry in entries:
        if entry.plural is None:
            assert catalogue.gettext(entry.msgid) == entry.msgstr[0]
        else:
            assert catalogue.ngettext(entry.msgid, entry.plural, 1) == entry.msgstr[0]
            assert catalogue.ngettext(entry.msgid, entry.plural, 2) == entry.msgstr[1]


def test_the_po_files_read_back_as_written(tmp_path):
    tool = _tool()
    entries = [tool.Entry('quote " and\nline', where=["a.py:1"], msgstr=["comilla \" y\nlínea"]), tool.Entry("{n} x", "{n} xs", ["{n} y", "{n} ys"])]
    path = tmp_path / "x.po"
    tool.write_po(path, "Language: es\n", entries)
    header, back = tool.read_po(path)
    assert header == "Language: es\n"
    assert [(e.msgid, e.plural, e.msgstr, e.where) for e in back] == [(e.msgid, e.plural, e.msgstr, e.where) for e in entries]


# -- the mechanism -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "pt_PT.UTF-8"}, "pt"),
        ({"LANG": "pt_BR"}, "pt"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
        ({"LANG": "es_ES.UTF-8", "LC_MESSAGES": "pt_PT.UTF-8"}, "pt"),
        ({"LANG": "es_ES.UTF-8", "LC_MESSAGES": "pt_PT.UTF-8", "LC_ALL": "C"}, "en"),
        ({"LC_ALL": "es_MX.UTF-8", "LANG": "en_US.UTF-8"}, "es"),
    ],
)
def test_the_language_is_the_environments(environ, language):
    assert i18n.from_environment(environ) == language


def test_a_message_is_english_text_that_says_itself_in_the_language_in_use(spanish):
    inner = msg("{caller} took them by calling Muggins at turn {turn}", caller="S", turn=8)
    outer = msg("{message} (follows from {where})", message=inner, where="x")
    assert outer == "S took them by calling Muggins at turn 8 (follows from x)"
    assert localize(outer) == "S se los llevó al cantar Muggins en el turno 8 (viene de x)"
    assert localize(either(["N", "S", "W"])) == "N o S o W" and either(["N", "S", "W"]) == "N or S or W"
    assert localize(plural("{n} record", "{n} records", 1)) == "1 partida"
    assert localize(plural("{n} record", "{n} records", 3)) == "3 partidas"
    assert localize("hand") == "hand"  # text that is no Message (a name in a record) is said as it is
    back = pickle.loads(pickle.dumps(outer))
    assert isinstance(back, Message) and back == outer and localize(back) == localize(outer)


def test_a_message_the_catalogue_lacks_is_said_in_english(spanish):
    assert localize(msg("not in any catalogue {x}", x=1)) == "not in any catalogue 1"


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError):
        i18n.use("fr")
    assert i18n.language() == "en"


# -- the command line ----------------------------------------------------------------------------


def test_the_audit_speaks_spanish_and_portuguese():
    """The issue's example: the report, its findings and its tables in the environment's language."""
    es = _muggins("audit", str(SAMPLE.relative_to(ROOT)), lang="es_ES.UTF-8")
    pt = _muggins("audit", str(SAMPLE.relative_to(ROOT)), lang="pt_PT.UTF-8")
    en = _muggins("audit", str(SAMPLE.relative_to(ROOT)), lang="C.UTF-8")
    assert es.returncode == pt.returncode == en.returncode == 1
    assert "E claimed nothing for 6-3, which scores 15 (ends count 15); S took them by calling Muggins at turn 8" in en.stdout
    assert "E no se anotó nada por la 6-3, que da 15 (las puntas suman 15); S se los llevó al cantar Muggins en el turno 8" in es.stdout
    assert "N o S podía cantar Muggins; nadie lo hizo" in es.stdout
    assert "planilla: totales anotados y correctos" in es.stdout and "Nadie ha llegado todavía a la meta." in es.stdout
    assert "1 partida, 2 hallazgos" in es.stdout
    assert "W não marcou nada pela 5-5, que dá 15 (as pontas somam 15); N ou S podia gritar Muggins; ninguém gritou" in pt.stdout
    assert "folha de pontos: totais anotados e corretos" in pt.stdout and "1 partida, 2 achados" in pt.stdout
    for out in (es.stdout, pt.stdout):
        assert "unclaimed" in out  # the finding's code is the same in every language


def test_lang_overrides_the_environment():
    run = _muggins("--lang", "pt", "audit", str(SAMPLE), lang="es_ES.UTF-8")
    assert "não marcou nada" in run.stdout
    run = _muggins("--lang=en", "audit", str(SAMPLE), lang="es_ES.UTF-8")
    assert "claimed nothing" in run.stdout


def test_an_unknown_lang_is_a_usage_error():
    run = _muggins("--lang", "fr", "audit", str(SAMPLE))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "'fr' is not a language muggins speaks" in run.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("audit", str(SAMPLE), "--format", "json"),
        ("audit", str(SAMPLE), "--format", "csv"),
        ("audit", str(ROOT / "samples" / "bad"), "--format", "json"),  # the replayer's findings too
        ("check", str(ROOT / "samples"), "--format", "json"),
        ("replay", str(ROOT / "samples" / "allfives-2p.mgn"), "--turn", "6", "--format", "json"),  # the text board is in it
        ("replay", str(ROOT / "samples" / "allfives-2p.mgn"), "--turn", "end", "--format", "json"),
    ],
)
def test_data_is_byte_identical_in_every_language(args):
    runs = [_muggins(*args, lang=lang).stdout for lang in ("C.UTF-8", "es_ES.UTF-8", "pt_PT.UTF-8")]
    assert runs[0] and runs[0] == runs[1] == runs[2]


def test_the_help_is_in_the_language():
    run = _muggins("--help", lang="es_ES.UTF-8")
    assert "Analizador y reproductor de partidas anotadas" in run.stdout
    assert "Muestra la versión y termina." in run.stdout


@pytest.mark.parametrize("command", ["audit", "check", "analyze", "replay", "render", "view", "fmt", "rules", "simulate", "keep"])
def test_every_commands_help_is_in_the_language(command):
    """A command's own help (its docstring), its options' (written, and built from a template
    such as --jobs's and -o's) in Portuguese; the English help is what it was."""
    pt = _muggins("--lang", "pt", command, "--help").stdout
    en = _muggins(command, "--help", lang="C.UTF-8").stdout
    assert pt != en
    assert " partidas" in pt or " partida" in pt or " regras" in pt, pt
    if "--jobs" in en:
        assert "em tantos processos, no máximo um por CPU" in " ".join(pt.split())
        assert "in this many processes, at most one per CPU" in " ".join(en.split())


# -- the quick guides ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "words"),
    [
        ("## Guía rápida en español", ("ficha", "punta", "extremo", "la cabeza", "la ruleta", "el pozo", "el cementerio", "tranque", "pasar", "dominar")),
        ("## Guia rápido em português", ("pedra", "peça", "ponta", "o cemitério", "trancado", "passar")),
    ],
)
def test_the_quick_guides_explain_the_notation_with_the_seeds_words(heading, words):
    """NOTATION.md's Spanish and Portuguese guides: their example is a record the notation reads,
    in the one notation (its keywords in English), and the glossary names the seeds' words."""
    from muggins.notation.parser import parse_record

    text = (ROOT / "notation" / "NOTATION.md").read_text(encoding="utf-8")
    guide = text.split(heading, 1)[1].split("\n## ", 1)[0]
    example = guide.split("```text\n", 1)[1].split("```", 1)[0]
    record = parse_record(example)
    assert record.players == {"A": "Ana", "B": "Bruno"} and len(record.hands[0].turns) == 4
    for word in words:
        assert word in guide, word


def test_replay_and_the_text_board_speak_the_language():
    """The text board's words and the position around it (worked from the sample: after turn 6
    the ends are l 3, r 6 and the spinner's two empty branches, 3 + 6 = 9)."""
    es = _muggins("replay", str(ROOT / "samples" / "allfives-2p.mgn"), "--turn", "6", lang="es_ES.UTF-8").stdout
    assert "mano 1, turno 6 de 18: B 6-4 r" in es
    assert "puntas abiertas: l 3, r 6, u 5 (vacía), d 5 (vacía); suman 3 + 6 = 9" in es
    assert "pozo: 10 fichas" in es and "juega: A" in es
    pt = _muggins("replay", str(ROOT / "samples" / "allfives-2p.mgn"), "--turn", "end", lang="pt_PT.UTF-8").stdout
    assert "pontos de fim de mão: A 0, B -20 (cada um subtrai os seus pontos: A 0 -> 0, B 18 -> -20)" in pt


def test_a_syntax_error_is_in_the_language_and_the_notations_keywords_stay():
    """check on a claim written without its +: the hint and the words for what may come there
    in Spanish, the notation's own keywords (hand N, inline, domino, ...) as they are."""
    run = _muggins("check", "samples/bad/syntax-claim-no-plus.mgn", lang="es_ES.UTF-8")
    assert run.returncode == 1
    assert "error[claim-syntax]: 10 no es una anotación: se escribe + y un número, como +10" in run.stderr
    assert (
        "se esperaba hand N, un asiento como A, una punta (l, r, u, d), inline, una marca (! ? !? ?! ??),"
        " una anotación como +10, domino, blocked, pips, score o totals"
    ) in run.stderr
