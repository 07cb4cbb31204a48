"""Spanish and Portuguese beside English (muggins.i18n, issue 16): the catalogues complete and in
step with the code, the language chosen from the environment or --lang, reports in it, and the
data (JSON, CSV, codes) the same in every language."""

from __future__ import annotations

import gettext
import importlib.util
import os
import pickle
import re
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
        # analyze: its summary lines and notes (cut short by a record budget of 0) are messages
        ("analyze", str(SAMPLE), "--budget", "0", "--format", "json"),
        ("analyze", str(ROOT / "samples" / "allfives-2p.mgn"), "--record-budget", "0", "--format", "json"),
        ("analyze", str(ROOT / "samples" / "allfives-2p.mgn"), "--record-budget", "0", "--format", "jsonl"),
        ("analyze", str(ROOT / "samples"), "--budget", "0", "--format", "csv"),
        ("view", str(ROOT / "samples" / "allfives-2p.mgn")),  # the page says itself in the browser's language
        ("keep",),
        ("rules", "--list-parameters", "--format", "json"),  # the parameters' descriptions are said in text only
        ("audit", str(ROOT / "samples" / "allfives-2p.mgn"), "--which-rules", "--top", "4", "--format", "json"),  # its labels are messages
        ("replay", str(ROOT / "samples" / "bad" / "draw-while-playable.mgn"), "--as", "A", "--all", "--format", "json"),  # tiles withheld
        ("view", str(ROOT / "samples" / "bad" / "draw-while-playable.mgn"), "--as", "A"),
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


# -- analyze, render, rules, Click's words, the other messages ------------------------------------


def _row(table: str, who: str) -> dict[str, str]:
    """The cells of ``who``'s row of a rich table, by the head of their column."""
    lines = table.splitlines()
    head = next(line for line in lines if "┃" in line)
    heads = [cell.strip() for cell in head.split("┃")]
    row = next(line for line in lines if line.split("│")[0].strip() == who)
    return dict(zip(heads, (cell.strip() for cell in row.split("│"))))


def test_analyze_speaks_spanish_and_portuguese():
    """The ledger of samples/scorecard-4p-partners.mgn under its Spanish and Portuguese heads.
    The figures are the audit's findings (test_the_audit_speaks_spanish_and_portuguese): E left
    the 15 of 6-3 unclaimed and S took them by calling Muggins (E: 15 forgotten, 15 to a call);
    W left the 15 of 5-5 and nobody called (W: 15 forgotten, 15 lost)."""
    es = _muggins("analyze", str(SAMPLE), "--budget", "0", lang="es_ES.UTF-8")
    pt = _muggins("analyze", str(SAMPLE), "--budget", "0", lang="pt_PT.UTF-8")
    assert es.returncode == pt.returncode == 0, es.stderr
    ledger = es.stdout.split("Libro de Muggins", 1)[1]
    assert _row(ledger, "E")["omitido"] == "15" and _row(ledger, "E")["mugg-"] == "15" and _row(ledger, "E")["perd."] == "0"
    assert _row(ledger, "W")["omitido"] == "15" and _row(ledger, "W")["perd."] == "15" and _row(ledger, "S")["mugg+"] == "15"
    assert "samples/scorecard-4p-partners.mgn · partida 1 · Sample: scorecard partnerships" in es.stdout
    assert "reglas: scorecard · jugadores: N Nora, E Emil, S Sara, W Walt" in es.stdout
    assert "jugadas que perdieron puntos" in es.stdout and "jugadores en todas las partidas" in es.stdout
    assert "decisiones libres marcadas" in es.stdout and "puntos perdidos" in es.stdout
    assert "libro: omitido = ganado y nunca anotado; perd. = omitido y sin que nadie se lo lleve" in " ".join(es.stdout.split())
    assert "Livro de Muggins" in pt.stdout and "jogadores em todas as partidas" in pt.stdout
    book = pt.stdout.split("Livro de Muggins", 1)[1]
    assert _row(book, "W")["omitido"] == "15" and _row(book, "W")["perdido"] == "15"
    assert "decisões livres marcadas" in pt.stdout
    for out in (es.stdout, pt.stdout):
        assert "Muggins ledger" not in out and "unforced" not in out


def test_analyze_says_why_a_play_was_judged_on_immediate_points():
    """A record budget of 0: every judged play is cut short, and says so in the language."""
    es = _muggins("analyze", str(ROOT / "samples" / "allfives-2p.mgn"), "--record-budget", "0", lang="es_ES.UTF-8").stdout
    assert "jugadas juzgadas solo por los puntos inmediatos (cortada: se agotaron los 0 s de tiempo de la partida)" in es
    en = _muggins("analyze", str(ROOT / "samples" / "allfives-2p.mgn"), "--record-budget", "0", lang="C.UTF-8").stdout
    assert "judged on immediate points only (cut short: the record's budget of 0 s was spent)" in en


def test_analyze_sorts_by_a_head_in_the_language_or_in_english():
    es = _muggins("analyze", str(SAMPLE), "--budget", "0", "--players-only", "--sort", "jugador", lang="es_ES.UTF-8")
    en = _muggins("analyze", str(SAMPLE), "--budget", "0", "--players-only", "--sort", "player", lang="es_ES.UTF-8")
    assert es.returncode == en.returncode == 0 and es.stdout == en.stdout
    names = [line.split()[0] for line in es.stdout.splitlines() if line.strip()[:4] in ("Emil", "Nora", "Sara", "Walt")]
    assert names == ["Emil", "Nora", "Sara", "Walt"]
    bad = _muggins("analyze", str(SAMPLE), "--sort", "nada", lang="es_ES.UTF-8")
    assert bad.returncode == 2 and "--sort: uno de jugador, part., manos," in bad.stderr and "no 'nada'" in bad.stderr


def test_a_worker_speaks_the_runs_language():
    """The language goes with the work to whichever process draws a record (a cluster's too)."""
    from muggins.cli.audit_work import Settings, audit_one
    from muggins.cli.common import Format
    from muggins.cli.shape import ConsoleShape
    from muggins.notation.parser import read_file

    record = next(iter(read_file(SAMPLE)))
    shape = ConsoleShape(200, None, False, False)
    spanish = audit_one(Settings((), (), False, 8, Format.text, shape, language="es"), record, SAMPLE, 1)
    english = audit_one(Settings((), (), False, 8, Format.text, shape), record, SAMPLE, 1)
    assert "N o S podía cantar Muggins; nadie lo hizo" in spanish.text and "nobody did" in english.text
    assert i18n.language() == "en"


def _svg(lang: str, *args: str) -> str:
    run = _muggins("render", str(ROOT / "samples" / "allfives-2p.mgn"), "--hand", "1", "--turn", "6", *args, lang=lang)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_render_draws_its_words_in_the_language():
    """After turn 6 of samples/allfives-2p.mgn the ends count 3 + 6 = 9 (no multiple of five:
    nothing scored), 10 tiles are in the boneyard, each player holds 6."""
    from xml.dom.minidom import parseString

    texts = {}
    for lang in ("C.UTF-8", "es_ES.UTF-8", "pt_PT.UTF-8"):
        document = parseString(_svg(lang).encode("utf-8"))  # well-formed XML in every language
        texts[lang] = [n.firstChild.data for n in document.getElementsByTagName("text") + document.getElementsByTagName("title") if n.firstChild]
    en, es, pt = texts["C.UTF-8"], texts["es_ES.UTF-8"], texts["pt_PT.UTF-8"]
    assert "ends count 3 + 6 = 9  →  scores nothing" in en and "boneyard: 10 tiles" in en and "6 tiles" in en
    assert "las puntas suman 3 + 6 = 9  →  no da nada" in es and "pozo: 10 fichas" in es and "6 fichas" in es
    assert "mano 1, turno 6 de 18: B 6-4 r" in es and "puntos" in es
    assert "punta l: la ficha debe casar con el 3; cuenta 3" in es
    assert "as pontas somam 3 + 6 = 9  →  não dá nada" in pt and "cemitério: 10 pedras" in pt and "mão 1, vez 6 de 18: B 6-4 r" in pt


def test_a_translated_picture_escapes_the_records_text(tmp_path):
    """Spanish words beside a name that is markup: the picture is still well-formed XML and the
    name is text in it."""
    from xml.dom.minidom import parseString

    record = tmp_path / "hostile.mgn"
    record.write_text((ROOT / "samples" / "allfives-2p.mgn").read_text(encoding="utf-8").replace('"Ana"', '"<b>Ana & co</b>"'), encoding="utf-8")
    run = _muggins("render", str(record), "--hand", "1", "--turn", "6", "--as", "A", lang="es_ES.UTF-8")
    assert run.returncode == 0, run.stderr
    document = parseString(run.stdout.encode("utf-8"))
    texts = [n.firstChild.data for n in document.getElementsByTagName("text") if n.firstChild]
    assert any("<b>Ana & co</b>" in t for t in texts) and any("como lo ve A" in t for t in texts)
    assert not document.getElementsByTagName("b")


def test_the_viewers_page_is_the_same_in_every_language_and_holds_its_pictures_words():
    """The page's pictures are drawn in English; their words' translations are in the page."""
    import json
    import re

    page = _muggins("view", str(ROOT / "samples" / "allfives-2p.mgn"), lang="es_ES.UTF-8").stdout
    words = json.loads(re.search(r'<script type="application/json" id="muggins-words">(.*?)</script>', page, re.S).group(1))
    assert words["es"]["ends count 3 + 6 = 9  \u2192  scores nothing"] == "las puntas suman 3 + 6 = 9  \u2192  no da nada"
    assert words["pt"]["boneyard: 10 tiles"] == "cemitério: 10 pedras"
    assert "boneyard: 10 tiles" in page and "pozo: 10 fichas" not in page.split('id="muggins-words"')[0]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("es", ("Uso: muggins audit [OPCIONES]", "Argumentos:", "Opciones:", "Muestra este mensaje y termina.", "[obligatorio]", "[por defecto: text]", "[por defecto: 8; x>=1]")),
        ("pt", ("Uso: muggins audit [OPÇÕES]", "Argumentos:", "Opções:", "Mostra esta mensagem e termina.", "[obrigatório]", "[por omissão: text]")),
        ("en", ("Usage: muggins audit [OPTIONS]", "Arguments:", "Options:", "Show this message and exit.", "[required]", "[default: text]", "[default: 8; x>=1]")),
    ],
)
def test_clicks_own_words_in_the_help_are_in_the_language(lang, words):
    run = _muggins("--lang", lang, "audit", "--help")
    assert run.returncode == 0
    flat = " ".join(run.stdout.replace("python -m muggins", "muggins").split())  # (run as python -m muggins)
    for word in words:
        assert " ".join(word.split()) in flat, word


@pytest.mark.parametrize(
    ("lang", "command", "words"),
    [
        ("es", "audit", ("Uso: muggins audit [OPCIONES] {archivos}...", "archivos...  Archivos de partidas", "--top <entero>",
                         "--rules <texto>", "-j, --jobs <entero>", "--format <text|json|csv|jsonl|parquet>", "--record N")),
        ("es", "analyze", ("--budget <decimal>", "--output-dir <ruta>", "--seed <entero>")),
        ("es", "view", ("Uso: muggins view [OPCIONES] {archivo}", "--as ASIENTO", "--analysis ARCHIVO.json")),
        ("pt", "rules", ("Uso: muggins rules [OPÇÕES] [regras]", "regras  Um nome de regras predefinidas")),
        ("pt", "replay", ("--as LUGAR", "--turn K|end", "--hand <inteiro>", "{ficheiro}")),
        ("en", "audit", ("Usage: muggins audit [OPTIONS] {files}...", "files...  Record files", "--top <int range>", "--rules <str>")),
        ("en", "view", ("--as SEAT", "--analysis FILE.json", "--budget <float range>")),
    ],
)
def test_the_metavars_in_the_help_are_in_the_language(lang, command, words):
    """The metavars Click makes of a type (<int range>), those muggins writes (SEAT) and the
    arguments' names in the language; the options' names, a choice's values, N and K|end as
    they are typed."""
    run = _muggins("--lang", lang, command, "--help", extra_env={"COLUMNS": "200"})
    assert run.returncode == 0
    flat = " ".join(run.stdout.replace("python -m muggins", "muggins").split())
    for word in words:
        assert " ".join(word.split()) in flat, word
    if lang != "en":
        assert not re.search(r"<(str|int|float|path)\b|\bSEAT\b|FILE\.json|\{files?\}", run.stdout), run.stdout


def test_the_top_help_names_its_sections_in_the_language():
    run = _muggins("--help", lang="es_ES.UTF-8")
    assert "Uso: python -m muggins [OPCIONES] ORDEN [ARGUMENTOS]..." in run.stdout and "Órdenes:" in run.stdout
    assert "Instala el autocompletado para la shell actual." in run.stdout
    assert "--lang IDIOMA" in run.stdout


@pytest.mark.parametrize(
    ("lang", "args", "said"),
    [
        ("es", ("audit", "--bogus"), "muggins: no existe la opción: --bogus (opciones posibles: --jobs) (véase `muggins audit --help`)"),
        ("pt", ("audit",), "muggins: falta o argumento 'ficheiros' (ver `muggins audit --help`)"),  # named as the help names it
        ("pt", ("audit", "--top", "0", "x"), "muggins: valor inválido para '--top': 0 não está no intervalo x>=1 (ver `muggins audit --help`)"),
        ("es", ("audit", "--format", "xml", "x"), "muggins: valor no válido para '--format': 'xml' no es ninguno de 'text', 'json', 'csv', 'jsonl', 'parquet'"),
        ("es", ("audti",), "muggins: no existe la orden 'audti'. ¿Quiso decir 'audit'? (véase `muggins --help`)"),
        ("pt", ("audit", "--rules"), "muggins: a opção '--rules' precisa de um argumento"),
        ("es", ("analyze", "x", "--samples", "abc"), "muggins: valor no válido para '--samples': 'abc' no es un valor válido de tipo entero con límites"),
        ("en", ("audit", "--bogus"), "muggins: no such option: --bogus (Possible options: --jobs) (see `muggins audit --help`)"),
    ],
)
def test_clicks_messages_about_the_command_line_are_in_the_language(lang, args, said):
    run = _muggins("--lang", lang, *args)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert said in run.stderr.replace("`python -m muggins", "`muggins"), run.stderr  # (run as python -m muggins)


def test_a_click_message_no_template_matches_is_left_as_click_wrote_it(spanish):
    from muggins.cli.click_words import said, said_help

    assert said("Something Click may say one day.") == "Something Click may say one day."
    assert said("Invalid value for '-j': 'x' is not a valid integer.") == "Valor no válido para '-j': 'x' no es un valor válido de tipo entero."
    assert said_help("Choose one.  [default: 2; required]") == "Choose one.  [por defecto: 2; obligatorio]"


def test_the_rule_sets_are_described_in_the_language():
    es = _muggins("rules", lang="es_ES.UTF-8").stdout
    pt = _muggins("rules", lang="pt_PT.UTF-8").stdout
    assert "scorecard            All Fives según la guía del anotador (seed 002)" in es
    assert "pontos               All Fives, quatro jogadores em duas duplas até 100 (seeds 003/004)" in pt
    assert _muggins("rules", "--format", "json", lang="es_ES.UTF-8").stdout == _muggins("rules", "--format", "json", lang="C.UTF-8").stdout


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("es", ("drawing  (until_playable | none; por defecto until_playable)", "robar del pozo hasta que salga una ficha",
                "max_pip  (número entero, 0 o más; por defecto 6)", "Qué dobles son cabeza", "cantando '¡Muggins!'")),
        ("pt", ("drawing  (until_playable | none; por omissão until_playable)", "comprar do cemitério até sair uma pedra",
                "max_pip  (número inteiro, 0 ou mais; por omissão 6)", "Que duplos são girador", "gritando 'Muggins!'")),
    ],
)
def test_the_rule_parameters_are_described_in_the_language(lang, said):
    """Every parameter's description and its type in words; the names and the values stay (they
    are what a rule file says)."""
    run = _muggins("rules", "--list-parameters", lang={"es": "es_ES.UTF-8", "pt": "pt_PT.UTF-8"}[lang])
    english = _muggins("rules", "--list-parameters", lang="C.UTF-8").stdout
    assert run.returncode == 0
    for words in said:
        assert words in run.stdout, words
    assert "(until_playable | none; default until_playable)" in english and "draw from the boneyard" in english
    assert not re.search(r"\b(default|boneyard|tiles?)\b", run.stdout)  # (boneyard_reserve is a name)
    # each of the 39 descriptions is said in the language (none left as its English line)
    lines = [line for line in run.stdout.splitlines() if line.startswith("    ")]
    assert len(lines) == 39 and not set(lines) & set(english.splitlines())


@pytest.mark.parametrize(
    ("lang", "args", "env", "said"),
    [
        ("pt", ("audit", "--rules", "nosuch", "x"), {}, "muggins: regras desconhecidas 'nosuch': as predefinidas são allfives,"),
        ("es", ("render", "samples"), {}, "muggins: samples: una carpeta; esta orden lee un archivo de partidas (o - para la entrada estándar)"),
        ("es", ("audit", "samples/allfives-2p.mgn", "--set", "target"), {}, "muggins: --set 'target': escriba clave=valor, por ejemplo target=150"),
        ("es", ("rules", "samples/rules/house.yaml"), {"MUGGINS_RULE_FILE_BYTES": "10"},
         "el archivo de reglas pasa del límite rule-file-bytes de 10 bytes; súbalo con MUGGINS_RULE_FILE_BYTES=N"),
        ("pt", ("fmt", "--check", "--in-place", "x"), {}, "muggins: --check e --in-place não vão juntos"),
        ("es", ("render", "samples/allfives-2p.mgn", "--hand", "9"), {}, "muggins: la partida 1 de samples/allfives-2p.mgn no tiene mano 9 (tiene 2)"),
        ("es", ("view", "samples/allfives-2p.mgn", "--samples", "4"), {}, "muggins: --samples: solo con --analyze"),
        ("es", ("audit", "samples/allfives-2p.mgn", "--scheduler", "local:0"), {}, "muggins: --scheduler 'local:0': local:N lleva un número de procesos de 1 a 256, como en local:2"),
        ("pt", ("audit", "samples/allfives-2p.mgn", "--scheduler", " "), {}, "muggins: --scheduler precisa de um endereço (tcp://host:8786) ou local:N"),
    ],
)
def test_the_commands_other_messages_are_in_the_language(lang, args, env, said):
    run = _muggins("--lang", lang, *args, extra_env=env)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert said in run.stderr, run.stderr


def test_views_help_says_the_analysis_time_of_now():
    en = " ".join(_muggins("view", "--help", lang="C.UTF-8").stdout.split())
    es = " ".join(_muggins("--lang", "es", "view", "--help").stdout.split())
    assert "about 5 s of CPU per four-player hand" in en and "20 s" not in en
    assert "unos 5 s de CPU por mano de cuatro jugadores" in es


def test_an_analysis_of_another_record_is_refused_in_the_language(tmp_path):
    """The analysis of samples/allfives-2p.mgn (rules allfives) given with samples/pontos-4p.mgn (pontos)."""
    analysis = tmp_path / "a.json"
    assert _muggins("analyze", str(ROOT / "samples" / "allfives-2p.mgn"), "--budget", "0", "--format", "json", "-o", str(analysis)).returncode == 0
    run = _muggins("view", str(ROOT / "samples" / "pontos-4p.mgn"), "--analysis", str(analysis), "-o", str(tmp_path / "x.html"), lang="pt_PT.UTF-8")
    assert run.returncode == 2
    assert "é a análise de outra partida: as suas regras são allfives, as da partida aqui pontos" in run.stderr


def test_a_malformed_analysis_is_refused_field_by_field_in_the_language(tmp_path):
    """Each field the viewer checks in an --analysis file, and where it is, said in Spanish
    (the keys and the file's values as they are)."""
    import json

    record = ROOT / "samples" / "allfives-2p.mgn"
    good = tmp_path / "good.json"
    assert _muggins("analyze", str(record), "--budget", "0", "--format", "json", "-o", str(good)).returncode == 0
    document = json.loads(good.read_text(encoding="utf-8"))
    cases = [
        (("records", 0, "decisions", 0, "mark"), "!!", "partida 1, decisión 1: 'mark' es '!!', que no es ninguno de ?!, ?, ??"),
        (("records", 0, "ledger", 0, "earned", "value"), 1.5, "partida 1, línea 1 de ledger, earned: 'value' no es lo que dice el esquema"),
        (("records", 0, "figures", 0, "missed"), None, "partida 1, fila 1 de figures: 'missed' no es lo que dice el esquema"),
        (("records", 0, "decisions", 0, "options"), [], "partida 1, decisión 1 no tiene opciones"),
        (("records", 0, "decisions", 0, "options", 0), 7, "partida 1, decisión 1, opción 1 no es un objeto JSON"),
        (("records", 0, "decisions", 0, "played"), "6-6 r", "partida 1, decisión 1: la jugada hecha ('6-6 r') no está entre sus opciones"),
        (("records", 0, "view"), "x" * 500, "partida 1: 'view' es 'xxxxx"),
    ]
    for path, value, said in cases:
        broken = json.loads(json.dumps(document))
        at = broken
        for key in path[:-1]:
            at = at[key]
        at[path[-1]] = value
        name = tmp_path / "broken.json"
        name.write_text(json.dumps(broken), encoding="utf-8")
        run = _muggins("view", str(record), "--analysis", str(name), "-o", str(tmp_path / "x.html"), lang="es_ES.UTF-8")
        assert run.returncode == 2 and "Traceback" not in run.stderr
        assert said in run.stderr, run.stderr
        assert len(run.stderr) < 400  # an untrusted value is quoted only as an excerpt
    del document["records"][0]["index"]
    name.write_text(json.dumps(document), encoding="utf-8")
    run = _muggins("view", str(record), "--analysis", str(name), "-o", str(tmp_path / "x.html"), lang="pt_PT.UTF-8")
    assert "partida 1 não tem 'index'" in run.stderr, run.stderr


def test_the_notations_words_and_the_checks_counts_are_in_the_language():
    bad = ROOT / "samples" / "bad"
    run = _muggins("check", str(bad / "syntax-statement-order.mgn"), str(bad / "syntax-comment-inside.mgn"), str(bad / "undeclared-team-score.mgn"), lang="es_ES.UTF-8")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "una mano se escribe en el orden hand, deal, boneyard, lead, los turnos, y después domino o blocked, pips, score, totals" in run.stderr
    assert "se esperaba primero el resto de la instrucción, y después el comentario" in run.stderr
    assert 'NS no es ni un asiento declarado ni una pareja declarada: añada una etiqueta [Seat NS "..."] o [Team NS "..."]' in run.stderr
    assert "1 partida (1 ilegible), 1 problema" in run.stdout and "3 partidas (3 ilegibles)" in run.stdout
    assert "1 partida (1 ilegível)" in _muggins("check", str(bad / "syntax-end.mgn"), lang="pt_PT.UTF-8").stdout


def test_which_rules_and_a_comparison_of_rule_sets_are_in_the_language():
    record = str(ROOT / "samples" / "allfives-2p.mgn")
    ranked = _muggins("audit", record, "--which-rules", "--top", "12", lang="es_ES.UTF-8", extra_env={"COLUMNS": "200"}).stdout
    for words in ("partida 1: las reglas que mejor encajan con la partida", "lo que queda", "las de la partida", "scorecard con domino_scoring="):
        assert words in ranked, words
    compared = _muggins("audit", record, "--rules", "allfives", "--rules", "scorecard", lang="pt_PT.UTF-8", extra_env={"COLUMNS": "200"}).stdout
    for words in ("onde os veredictos diferem", "certo", "vencedor", "totais"):
        assert words in compared, words
    english = _muggins("audit", record, "--which-rules", "--top", "12", lang="C.UTF-8", extra_env={"COLUMNS": "200"}).stdout
    assert "as written" in english and "scorecard with domino_scoring=" in english and "as written" not in ranked


def test_a_rule_files_yaml_refused_by_muggins_is_said_in_the_language(tmp_path):
    """What muggins' own YAML reader refuses (an alias, a huge number); PyYAML's own reasons stay English."""
    alias = tmp_path / "alias.yaml"
    alias.write_text("base: allfives\nname: &a x\ndescription: *a\n", encoding="utf-8")
    digits = tmp_path / "digits.yaml"
    digits.write_text("base: allfives\ntarget: " + "9" * 40 + "\n", encoding="utf-8")
    run = _muggins("rules", str(alias), lang="es_ES.UTF-8")
    assert run.returncode == 2 and "en unas reglas no se admiten alias (*nombre)" in run.stderr, run.stderr
    run = _muggins("rules", str(digits), lang="pt_PT.UTF-8")
    assert run.returncode == 2 and "um número de mais de 18 algarismos" in run.stderr, run.stderr


def test_a_parquet_folder_that_cannot_be_written_is_said_in_the_language(tmp_path):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x", encoding="utf-8")
    run = _muggins("audit", str(SAMPLE), "--format", "parquet", "-o", str(tmp_path / "full"), lang="es_ES.UTF-8")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "ya existe; --format parquet escribe una carpeta nueva" in run.stderr or "--format parquet necesita pyarrow, que no está instalado" in run.stderr, run.stderr


def test_a_finding_with_tiles_withheld_is_said_in_the_language(spanish):
    """--as SEAT: a finding naming a tile the seat could not see says it in the language, the
    tile and its article withheld together ("la 5-0" -> "una ficha oculta"); English as data."""
    run = _muggins("replay", str(ROOT / "samples" / "bad" / "draw-while-playable.mgn"), "--as", "A", "--turn", "1", lang="es_ES.UTF-8")
    assert "B robó teniendo una ficha oculta, que se podía jugar (se oculta una ficha que A no podía ver)" in run.stderr, run.stderr
    run = _muggins("replay", str(ROOT / "samples" / "bad" / "draw-while-playable.mgn"), "--as", "A", "--turn", "1", lang="pt_PT.UTF-8")
    assert "B comprou tendo uma pedra escondida, que se podia jogar (oculta-se uma pedra que A não podia ver)" in run.stderr, run.stderr

    import json

    page = _muggins("view", str(ROOT / "samples" / "bad" / "draw-while-playable.mgn"), "--as", "A", lang="C.UTF-8").stdout
    words = json.loads(re.search(r'<script type="application/json" id="muggins-words">(.*?)</script>', page, re.S).group(1))
    english = "B drew while holding a playable tile (withheld: a tile A could not see)"
    assert words["pt"][english] == "B comprou tendo uma pedra escondida, que se podia jogar (oculta-se uma pedra que A não podia ver)"

    from muggins.notation.model import Tile
    from muggins.pictures.withheld import Withheld

    said = Withheld(msg("{seat} claimed {claim} for {tile}, but the ends count {total}, which scores nothing", seat="B", claim=10, tile="6-4", total=7), frozenset(), "A")
    assert said == "B claimed 10 for a hidden tile, but the ends count 7, which scores nothing (withheld: a tile A could not see)"
    assert localize(said) == "B se anotó 10 por una ficha oculta, pero las puntas suman 7, que no da nada (se oculta una ficha que A no podía ver)"
    again = pickle.loads(pickle.dumps(said))
    assert again == said and localize(again) == localize(said)
    two = Withheld(msg("{seat} drew {tile}, but the next tile in the boneyard is {next}", seat="B", tile="6-6", next="5-0"), frozenset({Tile(5, 5)}), "C")
    assert localize(two) == "B robó una ficha oculta, pero la siguiente ficha del pozo es una ficha oculta (se ocultan 2 fichas que C no podía ver)"
    seen = Withheld(msg("{seat} drew {tile}, but the next tile in the boneyard is {next}", seat="B", tile="6-6", next="5-0"), frozenset({Tile(6, 6)}), "B")
    assert localize(seen) == "B robó la 6-6, pero la siguiente ficha del pozo es una ficha oculta (se oculta una ficha que B no podía ver)"
