"""Rule sets: the presets say what their sources say, overrides and files load, bad files are named.

Expected values come from the seed texts in /work/shared/seeds/ (quoted next to each assertion)
and from the published rules each relative preset cites, never from the loader's own output.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.replay import rules as rulesmod
from muggins.replay import variants_doc
from muggins.replay.rules import PARAMETERS, RuleError, RuleSet, load, parse_override, with_overrides

ROOT = Path(__file__).resolve().parents[1]
HOUSE = ROOT / "samples" / "rules" / "house.yaml"
ALL_PRESETS = rulesmod.preset_names()
FULL_PRESETS = [n for n in ALL_PRESETS if variants_doc.preset_base(n) is None]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(spec) -> str:
    with pytest.raises(RuleError) as caught:
        load(spec)
    return str(caught.value)


# ---------------------------------------------------------------------------------------------
# Every preset


def test_the_presets_the_issue_names_are_shipped():
    assert set(ALL_PRESETS) == {
        "allfives", "allfives-five", "allfives-seven-five", "scorecard", "pontos",
        "fives-and-threes", "five-up", "sniff", "line",
    }


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_every_preset_loads_validates_and_is_named_after_its_file(name):
    rules = load(name)
    assert rules.name == name
    assert rules.description
    for players in rules.players:
        # deal + reserve fit in the set: checked independently of the validator
        assert rules.tiles_per_player(players) * players + rules.boneyard_reserve <= rules.set_size
        assert rules.target_for(players) > 0


@pytest.mark.parametrize("name", FULL_PRESETS)
def test_every_full_preset_states_every_parameter(name):
    """A preset relies on no default: each parameter but its name is written in its file."""
    stated = yaml.safe_load((rulesmod.PRESET_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
    assert set(PARAMETERS) - {"name"} <= set(stated), set(PARAMETERS) - {"name"} - set(stated)


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_to_mapping_through_yaml_and_back_is_the_same_rule_set(name, tmp_path):
    rules = load(name)
    path = write(tmp_path, "again.yaml", yaml.safe_dump(rules.to_mapping(), sort_keys=False))
    assert load(path) == rules
    assert load(str(path)) == rules


# ---------------------------------------------------------------------------------------------
# The seed presets say what the seeds say


def test_allfives_follows_seeds_000_and_001():
    r = load("allfives")
    # "Un juego estándar de dominó doble seis"
    assert r.max_pip == 6 and r.set_size == 28
    # "De 2 a 4 jugadores, mejor con 4 jugadores como juego de pareja."
    assert r.players == (2, 3, 4) and r.partnerships == "optional"
    # "Con 2 jugadores, cada uno toma 9 fichas de dominó. Con 3 jugadores, cada uno toma 7. Con 4 ... 5."
    assert [r.tiles_per_player(p) for p in (2, 3, 4)] == [9, 7, 5]
    # "deberá sacar una del cementerio hasta que saque una ficha que pueda jugarse (y que el jugador
    # juegue inmediatamente) o el cementerio esté vacío"
    assert (r.drawing, r.play_drawn_at_once, r.boneyard_reserve) == ("until_playable", True, 0)
    # "Para la primera mano, se determina aleatoriamente el jugador inicial. Para las manos futuras, el
    # jugador inicial es el que fue el primero en salir ... (Si hubo una mano bloqueada ... aleatoriamente)"
    # "El jugador inicial puede empezar con cualquier ficha que tenga en la mano."
    assert (r.first_leader, r.first_lead_tile) == ("any", "any")
    assert (r.later_leader, r.leader_after_blocked) == ("previous_winner", "any")
    # "La primera ficha doble jugada (solo la primera ficha doble) es una ruleta ... la primera y la segunda
    # fichas ... a los lados de la ruleta, mientras que la tercera y la cuarta ... a los extremos."
    assert (r.spinner, r.spinner_order) == ("first_double", "sides_first")
    # "cuando se han jugado dos fichas contra los lados de la ruleta, solo se puntúan los extremos de esas
    # fichas y no la ruleta en sí"; "cualquier ficha doble ... al final de una línea puntúan el total"
    assert (r.spinner_counts_until, r.double_end_counts) == ("both_sides", "both_halves")
    # "Si el total es un múltiplo exacto de cinco, el jugador obtiene esa cantidad de puntos."
    assert (r.score_multiples, r.play_score, r.play_score_cap) == ((5,), "total", None)
    # "Al final de cada mano ... redondeándolos al múltiplo de cinco más cercano. Luego, estos puntos se
    # restan de la puntuación de cada jugador." (7 -> 5, 8 -> 10)
    assert (r.domino_scoring, r.blocked_scoring) == ("subtract_own", "subtract_own")
    assert (r.pip_rounding, r.rounding_unit, r.award_divisor) == ("nearest", 5, 1)
    # "Generalmente, son 250 puntos con dos jugadores o 200 puntos con tres o cuatro jugadores."
    assert [r.target_for(p) for p in (2, 3, 4)] == [250, 200, 200]
    # "ser el primer jugador en alcanzar el total de puntos acordado"
    assert (r.target_check, r.target_exact) == ("immediate", False)


def test_the_two_alternative_deals_of_seeds_000_001():
    five, seven_five, base = load("allfives-five"), load("allfives-seven-five"), load("allfives")
    # "Algunas personas prefieren jugar de manera que cada jugador saque 5 fichas ..., sin importar cuántos"
    assert [five.tiles_per_player(p) for p in (2, 3, 4)] == [5, 5, 5]
    # "Otra alternativa: con 2 jugadores, cada uno saca 7 fichas, y con 3 o 4 jugadores, cada uno saca 5."
    assert [seven_five.tiles_per_player(p) for p in (2, 3, 4)] == [7, 5, 5]
    # Nothing else changes, and `--set hand_size=5` is the same rule set as allfives-five.
    for variant in (five, seven_five):
        assert dataclasses.replace(variant, name=base.name, description=base.description, hand_size=base.hand_size) == base
    by_override = with_overrides(base, [parse_override("hand_size=5")])
    assert dataclasses.replace(by_override, name=five.name, description=five.description) == five


def test_scorecard_follows_seed_002():
    r = load("scorecard")
    # "Juego: doble 6 (28 fichas)." "Jugadores: de 2 a 4. Con 4, los compañeros ... comparten la cuenta."
    assert (r.max_pip, r.players, r.partnerships) == (6, (2, 3, 4), "optional")
    # "Reparto: 7 fichas cada uno con 2 jugadores, 5 con 3 o 4. El resto es el pozo."
    assert [r.tiles_per_player(p) for p in (2, 3, 4)] == [7, 5, 5]
    # "¿No llevas? Roba del pozo hasta que puedas jugar."
    assert r.drawing == "until_playable" and r.boneyard_reserve == 0
    # "Salida: en la primera mano sale el doble más alto. Después sale quien ganó la mano anterior."
    assert (r.first_leader, r.first_lead_tile, r.later_leader) == ("highest_double", "that_double", "previous_winner")
    # "El primer doble que se juega es la cabeza (el spinner). Se puede jugar por sus cuatro lados"
    assert r.spinner == "first_double"
    # "Un doble puesto atravesado en una punta cuenta sus dos mitades. Un 6-6 abierto vale 12."
    assert r.double_end_counts == "both_halves"
    # "Cuando ya se jugó por sus lados, deja de ser punta y no cuenta."
    assert r.spinner_counts_until == "both_sides"
    # "Si el total es múltiplo de cinco (5, 10, 15, 20, etc.), te anotas esa cantidad."
    assert (r.score_multiples, r.play_score) == ((5,), "total")
    # "se anota los puntos que les quedan a sus rivales, redondeados al cinco más cercano: 13 sube a 15 y
    # 12 baja a 10. Si juegan en parejas, se cuentan las manos de los dos rivales."
    assert (r.domino_scoring, r.pip_rounding, r.rounding_unit, r.award_divisor) == ("opponents_pips", "nearest", 5, 1)
    # "Si hay tranque, todos cuentan su mano. El que tenga menos se anota los puntos de los demás menos los
    # suyos, redondeados al cinco más cercano."
    assert r.blocked_scoring == "lightest_takes_others_minus_own"
    # "La meta normal es 250." "Gana el primer jugador o pareja que llegue a la meta, sin necesidad de llegar exacto."
    assert (r.target, r.target_check, r.target_exact) == (250, "immediate", False)
    # "Si un jugador se olvida de cobrar los puntos que hizo, un rival puede gritar «¡Muggins!» y quedarse con ellos."
    assert r.muggins == "opponent_takes"


def test_pontos_follows_seeds_003_and_004():
    r = load("pontos")
    # "El juego consta de cuatro participantes, que forman dos parejas, debiendo sentarse en posiciones alternadas."
    assert (r.players, r.partnerships) == ((4,), "required")
    # "Piezas - 28 piezas con lados variando de 0 a 6." "Distribución - 7 piezas para cada participante."
    assert (r.max_pip, r.tiles_per_player(4)) == (6, 7)
    assert 4 * r.tiles_per_player(4) == r.set_size  # 4 x 7 = 28: no boneyard
    # "Si el jugador no tiene ninguna pieza que encaje ..., éste debe pasar la vez, sin jugar ninguna pieza."
    assert r.drawing == "none"
    # "El jugador que empieza la partida es el que tiene la pieza 6-6. Puede iniciar ... no siendo
    # obligatorio, ya que puede colocar cualquier otra"
    assert (r.first_leader, r.first_lead_tile) == ("highest_double", "any")
    # "A partir de ahí, se juega en el sentido antihorario."
    assert r.direction == "counterclockwise"
    # "El primer jugador esta vez será el jugador que estaba a la izquierda del primer jugador del juego anterior."
    assert r.later_leader == r.leader_after_blocked == "left_of_previous_leader"
    # "La primera pieza doble del juego es la pieza que podrá ser encajada por los 4 lados" (no order stated)
    assert (r.spinner, r.spinner_order) == ("first_double", "any")
    # "la suma de los 4 extremos ... que debe ser múltiplo de 5. Un jugador sólo podrá sumar 5, 10, 15, 20,
    # 25 ó 30 puntos por jugada."  (reading: a play's total, capped at 30)
    assert (r.score_multiples, r.play_score, r.play_score_cap) == ((5,), "total", 30)
    # No end-of-hand pip scoring is stated.
    assert (r.domino_scoring, r.blocked_scoring) == ("none", "none")
    # "hasta que un equipo alcance 100 puntos" ... "si el equipo adversario consiguiera superar esta
    # puntuación, éste obtendrá la victoria." (reading: checked at the end of the hand, higher score wins)
    assert (r.target, r.target_check) == (100, "end_of_hand")


# ---------------------------------------------------------------------------------------------
# The relatives say what their cited sources say


def test_fives_and_threes_follows_pagat():
    r = load("fives-and-threes")
    # pagat: 2 players get 7 tiles, 3 or 4 players 5; "There is no drawing from the boneyard"
    assert [r.tiles_per_player(p) for p in (2, 3, 4)] == [7, 5, 5]
    assert r.drawing == "none"
    # pagat: "In the following hands, the turn to start passes to the left."
    assert r.later_leader == "left_of_previous_leader"
    # multiples of 5 and 3 in units: RULES.md worked numbers 3 -> 1, 15 -> 8, 18 -> 6, 20 -> 4
    assert (r.spinner, r.score_multiples, r.play_score) == ("none", (3, 5), "units")
    # a point for chipping out; exactly 61, overshoot disregarded
    assert (r.hand_winner_bonus, r.domino_scoring, r.blocked_scoring) == (1, "none", "none")
    assert (r.target, r.target_exact) == (61, True)


def test_five_up_sniff_and_line_follow_their_sources():
    five_up, sniff, line = load("five-up"), load("sniff"), load("line")
    # pagat Five Up: five tiles each; "All doubles are played as spinners"; one point per five
    assert (five_up.hand_size, five_up.spinner, five_up.play_score) == (5, "every_double", "units")
    assert (five_up.award_divisor, five_up.target) == (5, 61)
    # pagat Sniff: 2 players 7, 3 players 6, 4 players 5; Britannica: endwise or sidewise at the holder's
    # option; "Winner is the first to reach a total of 200 points."
    assert [sniff.tiles_per_player(p) for p in (2, 3, 4)] == [7, 6, 5]
    assert (sniff.spinner, sniff.target) == ("sniff", 200)
    # Foster: no spinner (highest play 20 = 6-6 and 4-4 at the ends); "the highest double sets";
    # "the last two in the stock must never be drawn"; "usually 100 up"; erroneous score: penalty
    assert (line.spinner, line.first_leader, line.first_lead_tile) == ("none", "highest_double", "that_double")
    assert (line.boneyard_reserve, line.target, line.overclaim) == (2, 100, "penalty_excess")


# ---------------------------------------------------------------------------------------------
# Overrides, per-players mappings, a table's own file


def test_parse_override_reads_the_value_as_yaml():
    assert parse_override("target=150") == ("target", 150)
    assert parse_override(" pip_rounding = down ") == ("pip_rounding", "down")
    assert parse_override("hand_size={2: 7, 3: 5, 4: 5}") == ("hand_size", {2: 7, 3: 5, 4: 5})
    assert parse_override("play_score_cap=null") == ("play_score_cap", None)
    assert parse_override("score_multiples=[3, 5]") == ("score_multiples", [3, 5])


def test_with_overrides_changes_only_the_keys_given():
    base = load("scorecard")
    changed = with_overrides(base, [parse_override("target=150"), ("pip_rounding", "down")])
    assert (changed.target, changed.pip_rounding) == (150, "down")
    assert dataclasses.replace(changed, target=250, pip_rounding="nearest") == base
    assert with_overrides(base, []) is base


def test_a_per_players_mapping_from_yaml(tmp_path):
    path = write(tmp_path, "two-three.yaml", "base: allfives\nplayers: [2, 3]\nhand_size: {2: 7, 3: 5}\n")
    rules = load(path)
    assert (rules.tiles_per_player(2), rules.tiles_per_player(3)) == (7, 5)
    with pytest.raises(RuleError, match="hand_size gives no value for 4 players"):
        rules.tiles_per_player(4)


def test_the_sample_house_file_is_scorecard_with_three_changes():
    house = load(HOUSE)
    assert house.name == "house"
    expected = dataclasses.replace(
        load("scorecard"),
        name="house",
        description="Casa de Ana: scorecard rules, shorter game, pips always rounded down",
        target=150,
        pip_rounding="down",
        muggins_window="end_of_hand",
    )
    assert house == expected


def test_a_base_file_is_found_relative_to_the_file_that_names_it(tmp_path, monkeypatch):
    folder = tmp_path / "club"
    folder.mkdir()
    write(folder, "club.yaml", "base: pontos\ntarget: 200\n")
    write(folder, "friday.yaml", "base: club.yaml\ntarget_check: immediate\n")
    monkeypatch.chdir(tmp_path)  # the loader is run from elsewhere than the files
    friday = load("club/friday.yaml")
    assert (friday.name, friday.target, friday.target_check, friday.players) == ("friday", 200, "immediate", (4,))


def test_check_table_names_the_parameter():
    pontos = load("pontos")
    assert pontos.check_table(4, True) == []
    problems = pontos.check_table(3, False)
    assert len(problems) == 2
    assert "players" in problems[0] and "partnerships" in problems[1]


def test_set_size_counts_each_tile_once():
    # double-six: 7 pips, 7 doubles + 21 pairs = 28; double-nine: 10 doubles + 45 pairs = 55
    assert RuleSet().set_size == 28
    assert dataclasses.replace(RuleSet(), max_pip=9).set_size == 55


# ---------------------------------------------------------------------------------------------
# Bad files: a RuleError naming the file, the key (with line and column) and what is allowed


@pytest.mark.parametrize(
    "text, expected",
    [
        # unknown key, line 2 column 1, with a did-you-mean
        ("base: scorecard\nhand_sise: 5\n", ["bad.yaml:2:1", "unknown key 'hand_sise'", "did you mean hand_size"]),
        # wrong type
        ("target: lots\n", ["bad.yaml:1:1", "target", "a mapping from players", "'lots'"]),
        ("voluntary_draw: 1\n", ["bad.yaml:1:1", "voluntary_draw", "true or false"]),
        ("hand_size: true\n", ["hand_size", "not True"]),
        ("players: [2, two]\n", ["players", "a list of whole numbers"]),
        # a value outside the allowed ones lists them
        ("max_pip: 6\nspinner: sometimes\n", ["bad.yaml:2:1", "spinner", "none, first_double, every_double, sniff"]),
        # more tiles dealt than the set holds: 4 players x 8 = 32 > 28
        ("hand_size: 8\n", ["bad.yaml:1:1", "hand_size", "4 players x 8 tiles", "28 tiles"]),
        # deal plus reserve: 4 x 6 + 5 = 29 > 28
        ("players: [4]\nhand_size: 6\nboneyard_reserve: 5\n", ["bad.yaml:2:1", "hand_size", "boneyard_reserve 5"]),
        # partnerships required with an odd number of players
        ("players: [3, 4]\npartnerships: required\n", ["bad.yaml:2:1", "partnerships", "players allows 3, 4"]),
        # players outside the allowed counts
        ("players: [1, 2]\n", ["bad.yaml:1:1", "players", "at least 2 players"]),
        # a per-players mapping missing an allowed count
        ("hand_size: {2: 7, 3: 5}\n", ["bad.yaml:1:1", "hand_size", "no value for 4 players"]),
        ("max_pip: 19\n", ["max_pip", "double-eighteen"]),
        ("award_divisor: 5\npip_rounding: none\n", ["bad.yaml:1:1", "award_divisor", "pip_rounding"]),
        ("drawing: none\nvoluntary_draw: true\n", ["bad.yaml:2:1", "voluntary_draw", "drawing is none"]),
        ("drawing: none\nboneyard_reserve: 2\n", ["bad.yaml:2:1", "boneyard_reserve", "drawing is none"]),
        ("first_lead_tile: that_double\n", ["bad.yaml:1:1", "first_lead_tile", "highest double"]),
        ("target: 100\ntarget: 150\n", ["bad.yaml:2:1", "target", "given twice (first on line 1)"]),
        ("base: 7\n", ["bad.yaml:1:1", "base", "a preset name or a .yaml file"]),
        ("base: scorcard\n", ["bad.yaml:1:1", "base", "unknown rule set 'scorcard'", "did you mean scorecard"]),
        ("base: missing.yaml\n", ["bad.yaml:1:1", "base", "missing.yaml: no such rule file"]),
        # not a mapping
        ("- target\n- 150\n", ["bad.yaml", "a mapping of parameter: value"]),
        # invalid YAML: line 2 is "  oops: 3": two spaces, four letters, so the stray ":" is character 7
        ("target: 150\n  oops: 3\n", ["bad.yaml:2:7", "not valid YAML"]),
    ],
)
def test_a_bad_rule_file_is_named_with_its_key(tmp_path, text, expected):
    message = error_of(write(tmp_path, "bad.yaml", text))
    for part in expected:
        assert part in message, message


def test_a_missing_file_and_an_unknown_preset(tmp_path):
    assert "nowhere.yaml: no such rule file" in error_of(str(tmp_path / "nowhere.yaml"))
    message = error_of("allfive")
    assert "unknown rule set 'allfive'" in message and "did you mean allfives" in message
    assert "scorecard" in message  # the presets are listed


def test_a_file_that_is_not_text(tmp_path):
    path = tmp_path / "binary.yaml"
    path.write_bytes(b"\xff\xfe\x00target")
    assert "binary.yaml: cannot read" in error_of(path)


def test_a_base_chain_that_loops(tmp_path):
    write(tmp_path, "a.yaml", "base: b.yaml\n")
    write(tmp_path, "b.yaml", "base: a.yaml\n")
    message = error_of(tmp_path / "a.yaml")
    assert "loops back on itself" in message and "a.yaml" in message and "b.yaml" in message
    write(tmp_path, "self.yaml", "base: self.yaml\ntarget: 100\n")
    assert "loops back on itself" in error_of(tmp_path / "self.yaml")


def test_bad_overrides_are_named():
    with pytest.raises(RuleError, match=r"--set 'target': write key=value"):
        parse_override("target")
    with pytest.raises(RuleError, match=r"--set: target: .*not 'lots'"):
        with_overrides(load("allfives"), [parse_override("target=lots")])
    with pytest.raises(RuleError, match="unknown key 'targte'.*did you mean target"):
        with_overrides(load("allfives"), [("targte", "150")])
    with pytest.raises(RuleError, match="base: only a rule file"):
        with_overrides(load("allfives"), [("base", "pontos")])
    with pytest.raises(RuleError, match=r"--set hand_size: cannot read the value"):
        parse_override("hand_size={2: 7")


VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.integers(-1, 5) | st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(sorted(PARAMETERS)), value=VALUES)
def test_any_value_for_any_key_is_accepted_or_a_rule_error(key, value):
    """Never a traceback: an arbitrary value either makes a valid rule set or a RuleError naming the key."""
    try:
        rules = with_overrides(load("allfives"), [(key, value)])
    except RuleError as exc:
        assert key in str(exc)
    else:
        assert rulesmod.from_mapping(rules.to_mapping()) == rules


def test_the_cli_reports_a_bad_file_without_a_traceback(tmp_path):
    path = write(tmp_path, "bad.yaml", "base: scorecard\nhand_sise: 5\n")
    out = subprocess.run([sys.executable, "-m", "muggins", "rules", str(path)], capture_output=True, text=True)
    assert out.returncode == 2
    assert "bad.yaml:2:1" in out.stderr and "hand_sise" in out.stderr
    assert "Traceback" not in out.stderr


# ---------------------------------------------------------------------------------------------
# VARIANTS.md: one source of truth


def test_variants_md_tables_are_current():
    text = variants_doc.VARIANTS_MD.read_text(encoding="utf-8")
    assert variants_doc.render(text) == text, "run: python -m muggins.replay.variants_doc"


def test_variants_md_documents_every_parameter_and_preset():
    text = variants_doc.VARIANTS_MD.read_text(encoding="utf-8")
    section = text.split("<!-- generated: parameters -->")[1].split("<!-- end generated: parameters -->")[0]
    rows = {line.split("|")[1].strip(): line for line in section.splitlines() if line.startswith("| `")}
    for name, spec in PARAMETERS.items():
        row = rows[f"`{name}`"]
        for value in spec.metadata["allowed"] or ():
            assert value in row, (name, value)
    for name in ALL_PRESETS:
        assert f"| `{name}` |" in text
    for name in ("allfives", "scorecard", "pontos", "fives-and-threes", "five-up", "sniff", "line"):
        assert f"**{name}**" in text, f"no readings written for {name}"


@pytest.mark.parametrize("command", ["audit", "analyze"])
@pytest.mark.parametrize(
    "options,expected",
    [
        (["--rules", "{bad}"], ["bad.yaml:2:1", "hand_sise"]),
        (["--rules", "allfivez"], ["unknown rule set 'allfivez'", "did you mean allfives"]),
        (["--set", "targte=150"], ["--set", "unknown key 'targte'", "did you mean target"]),
        (["--set", "target"], ["--set", "key=value"]),
    ],
    ids=["bad-file", "unknown-preset", "unknown-key", "no-value"],
)
def test_bad_rule_options_stop_the_run_before_any_record(tmp_path, command, options, expected):
    """Said once, exit 2, and no report: not one error per record followed by "clean"."""
    bad = write(tmp_path, "bad.yaml", "base: scorecard\nhand_sise: 5\n")
    sample = Path(__file__).resolve().parents[1] / "samples" / "allfives-2p.mgn"
    argv = [str(sample), str(sample)] + [o.format(bad=bad) for o in options]
    out = subprocess.run([sys.executable, "-m", "muggins", command, *argv], capture_output=True, text=True)
    assert out.returncode == 2
    for piece in expected:
        assert piece in out.stderr
    assert out.stderr.count("\n") == 1, out.stderr  # one message, not one per record
    assert out.stdout == "" and "Traceback" not in out.stderr


def test_a_record_whose_own_rule_file_is_bad_is_not_called_clean(tmp_path):
    write(tmp_path, "bad.yaml", "base: scorecard\nhand_sise: 5\n")
    sample = Path(__file__).resolve().parents[1] / "samples" / "allfives-2p.mgn"
    record = write(tmp_path, "game.mgn", '[Rules "bad.yaml"]\n' + sample.read_text(encoding="utf-8"))
    out = subprocess.run([sys.executable, "-m", "muggins", "audit", str(record)], capture_output=True, text=True)
    assert out.returncode == 2
    assert 'game.mgn:1: [Rules "bad.yaml"]' in out.stderr and "hand_sise" in out.stderr
    assert "clean" not in out.stdout and "1 not audited" in out.stdout


def test_a_set_too_small_for_the_hands_names_both_parameters():
    # found by the property above: --set max_pip=1 left only hand_size in the message
    with pytest.raises(RuleError) as caught:
        with_overrides(load("allfives"), [("max_pip", 1)])
    assert "hand_size" in str(caught.value) and "max_pip 1" in str(caught.value)
