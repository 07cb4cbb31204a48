(function () {
  "use strict";

  // Every string the page shows, in one object, in English: TEXT.key says it in the language
  // chosen (static/i18n.js; the catalogues translate each string marked N_). A %word% is filled in by
  // fill(); nothing else in a string is special.
  var ENGLISH = {
    title: N_("Scorecard"),
    rulesLine: N_("Rules: %name%. %description%"),
    mugginsLost: N_("Under these rules unclaimed points are lost: nobody calls Muggins."),
    mugginsAutomatic: N_("Under these rules every point scores without a claim: nobody calls Muggins."),
    refused: N_("This scorecard cannot keep a game under these rules: %why%."),
    refusedValue: N_("%key% is \u201c%value%\u201d, which this page does not carry out"),
    refusedData: N_("the page's data is not a muggins scorecard"),
    modeLegend: N_("Who plays"),
    modePlayers: N_("Players"),
    modeTeams: N_("Two teams"),
    namesPlayers: N_("Players, in turn order"),
    namesTeams: N_("Team names"),
    playerDefault: N_("Player %n%"),
    teamDefault: N_("Team %n%"),
    addName: N_("Add a player"),
    removeName: N_("Remove the last"),
    targetLegend: N_("Play to"),
    targetOwn: N_("%target% (these rules)"),
    start: N_("Start the game"),
    playingTo: N_("Playing to %target%"),
    toGo: N_("%n% to go"),
    reached: N_("target reached"),
    muggins: N_("Muggins!"),
    endHand: N_("End of hand"),
    undo: N_("Undo"),
    mugginsTitle: N_("Muggins! Who takes the unclaimed points?"),
    caller: N_("Who calls Muggins"),
    against: N_("On whom"),
    amount: N_("How many points"),
    mugginsOk: N_("Take the points"),
    cancel: N_("Cancel"),
    endTitle: N_("End of hand %hand%"),
    outcomeLabel: N_("Who dominoed?"),
    blocked: N_("Blocked"),
    pipsOf: N_("Pips left: %name%"),
    pipsPartner: N_("Pips left: %team%, partner of who went out"),
    teamSeat: N_("%team%, player %n%"),
    pipsNotScored: N_("These rules score no pips for this ending: nothing to type."),
    endOk: N_("Score the hand"),
    handTitle: N_("Hand %hand%"),
    handEmpty: N_("No scores yet in this hand."),
    sheetTitle: N_("Score sheet"),
    sheetHand: N_("Hand"),
    lastEnd: N_("End of hand %hand%: %lines%"),
    exportTitle: N_("The game as a record (.mgn)"),
    download: N_("Download .mgn"),
    copy: N_("Copy"),
    copied: N_("Copied to the clipboard."),
    copyFailed: N_("The browser did not let the page copy: select the text below and copy it."),
    downloaded: N_("Downloaded %file%."),
    newGame: N_("New game"),
    confirmNew: N_("Start a new game? This card is cleared (download the record first to keep it)."),
    confirmYes: N_("Yes, clear it"),
    confirmNo: N_("No, keep it"),
    logScore: N_("%name% +%amount%"),
    logMuggins: N_("%name% calls Muggins! on %against%: +%amount%"),
    logDomino: N_("%name% dominoed"),
    logBlocked: N_("Blocked"),
    notCounted: N_("not counted: %why%"),
    notCountedShort: N_("not counted"),
    whyGetIn: N_("a first score must be at least %min%"),
    whyExact: N_("it would pass %target%, which must be hit exactly"),
    won: N_("%name% wins with %total%!"),
    drawn: N_("The game is drawn at %total%."),
    undone: N_("Undone: %what%"),
    nothingToUndo: N_("Nothing to undo."),
    explainAmount: N_("%pips% pips"),
    explainRounded: N_("%pips% pips \u2192 %rounded%"),
    explainDivided: N_("%pips% pips \u2192 %rounded% \u2192 %points%"),
    explainNoPips: N_("no pip scoring at the end of the hand"),
    explainNobodyOut: N_("nobody went out"),
    explainSubtract: N_("%name% loses own %amount%: %points%"),
    explainOpponents: N_("%name% scores the opponents' %amount%: +%points%"),
    explainMinusOwn: N_("%name% scores the opponents' %opponents% minus own %own%, %amount%: +%points%"),
    explainHeaviest: N_("%name% scores the heaviest hand, %amount%: +%points%"),
    explainBlockedNone: N_("blocked: no pip scoring"),
    explainTie: N_("blocked: %names% tie for the lightest hand (%light%): nobody scores"),
    explainAsDomino: N_("blocked: the lightest hand, %name% (%light%), scores as if it went out"),
    explainLightOpponents: N_("blocked: the lightest hand, %name% (%light%), scores the opponents' %amount%: +%points%"),
    explainLightOthers: N_("blocked: the lightest hand, %name% (%light%), scores the others' %others% minus own, %amount%: +%points%"),
    explainSplit: N_("blocked: %names% tie for the lightest hand (%light%) and split %amount%: +%points% each"),
    explainDifference: N_("blocked: %name% scores the difference against heavier hands, %amount%: +%points%"),
    explainDifferenceNone: N_("blocked: nobody is lighter than another hand"),
    explainBonus: N_("%name% +%bonus% for winning the hand"),
    errAmountNumber: N_("Type the points as a whole number."),
    errAmount: N_("No single play scores %amount% under these rules (a play scores %amounts%)."),
    errSameSide: N_("Muggins is called on an opponent: choose another player."),
    errMugginsOff: N_("There is no Muggins call under these rules."),
    errOutcome: N_("Choose who dominoed, or Blocked."),
    errPipsNumber: N_("Type the pips left for %name% as a whole number."),
    errPipsSeat: N_("%name% cannot hold %pips% pips: one hand holds at most %max% under these rules."),
    errPipsHand: N_("The hands cannot hold %pips% pips together: at most %max% under these rules."),
    errPipsOut: N_("%name% went out and holds no pips."),
    errGameOver: N_("The game is over: Undo, or start a new game."),
    errSetup: N_("Give each player a name (up to %max% characters)."),
    errBadEntry: N_("An entry of the card is not one it can keep."),
    errStored: N_("The game saved in this browser could not be read; the card starts afresh."),
    errStorage: N_("This browser does not keep the game across a reload (its storage is off)."),
    exportComment: N_("Kept on the muggins scorecard (muggins keep)."),
    exportNoPips: N_("pips not counted under these rules"),
    exportFile: N_("scorecard-%date%.mgn")
  };
  var TEXT = { get lang() { return I18N.language(); } };
  Object.keys(ENGLISH).forEach(function (key) {
    Object.defineProperty(TEXT, key, { enumerable: true, get: function () { return tt(ENGLISH[key]); } });
  });

  // The values of each parameter this script carries out. Written as JSON, on lines of its
  // own: pictures/scorecard_data.py reads it from here to refuse other rules (muggins keep).
  // Not muggins "opponent_takes_whole": its call takes back the claim of the play it is on, and
  // the card keeps scores, not plays.
  var IMPLEMENTED = {
    "domino_scoring": ["none", "subtract_own", "opponents_pips", "opponents_minus_own", "heaviest_hand"],
    "blocked_scoring": ["none", "as_domino", "subtract_own", "lightest_takes_others_minus_own", "lightest_takes_opponents", "difference_each_heavier"],
    "blocked_compare": ["side", "seat"],
    "blocked_tie": ["nothing", "split"],
    "target_check": ["immediate", "end_of_hand"],
    "target_tie": ["play_on", "draw"],
    "muggins": ["opponent_takes", "lost", "automatic"]
  };

  var SCHEMA = "muggins.scorecard/1";
  var NAME_CHARS = 40;
  var PLAYER_SEATS = ["A", "B", "C", "D"];
  var TEAM_SEATS = ["N", "E", "S", "W"];
  var TEAM_SIDES = [["N", "S"], ["E", "W"]];

  function fill(template, values) {
    return template.replace(/%(\w+)%/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  }
  function $(id) { return document.getElementById(id); }
  function make(tag, className, text) {
    var e = document.createElement(tag);
    if (className) { e.className = className; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function button(text, onClick, className) {
    var b = make("button", className || "", text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }
  function copyOf(object) {
    var out = {};
    Object.keys(object).forEach(function (k) { out[k] = object[k]; });
    return out;
  }
  function unique(values) {
    var out = [];
    values.forEach(function (v) { if (out.indexOf(v) < 0) { out.push(v); } });
    return out;
  }
  function isCount(value) { return typeof value === "number" && Number.isInteger(value) && value >= 0; }
  function wholeNumber(text) {
    var t = String(text).trim();
    return /^[0-9]{1,6}$/.test(t) ? parseInt(t, 10) : null;
  }

  // ---- the rules: what the embedded data says, carried out ---------------------------------

  function parameter(cfg, key) {
    if (cfg.end && Object.prototype.hasOwnProperty.call(cfg.end, key)) { return cfg.end[key]; }
    return cfg.game ? cfg.game[key] : undefined;
  }

  // Why the page cannot keep a game under cfg ("" when it can).
  function refusal(cfg) {
    if (!cfg || cfg.schema !== SCHEMA || !Array.isArray(cfg.tables) || !cfg.tables.length || !cfg.end || !cfg.game) {
      return TEXT.refusedData;
    }
    var why = [];
    Object.keys(IMPLEMENTED).forEach(function (key) {
      var value = parameter(cfg, key);
      if (IMPLEMENTED[key].indexOf(value) < 0) { why.push(fill(TEXT.refusedValue, { key: key, value: value })); }
    });
    return why.join("; ");
  }

  function awardOf(cfg, amount) {
    if (!isCount(amount) || amount >= cfg.award.length) { throw new RangeError(String(amount)); }
    return cfg.award[amount];
  }

  function amountText(cfg, amount) {
    var rounded = cfg.rounded[amount];
    var points = cfg.award[amount];
    if (cfg.rounding.divisor > 1) { return fill(TEXT.explainDivided, { pips: amount, rounded: rounded, points: points }); }
    if (rounded !== amount) { return fill(TEXT.explainRounded, { pips: amount, rounded: rounded }); }
    return fill(TEXT.explainAmount, { pips: amount });
  }

  // End-of-hand scoring as replay/scoring.py end_of_hand does it: the same cases in the same
  // order, the amounts rounded by the embedded table. pips: seat -> pips left.
  function endOfHand(cfg, seats, sideOf, kind, wentOut, pips, nameOf) {
    var name = nameOf || function (who) { return who; };
    var sides = unique(seats.map(function (s) { return sideOf[s]; }));
    var ctx = { cfg: cfg, seats: seats, sides: sides, sideOf: sideOf, pips: pips, sidePips: {}, points: {}, lines: [], name: name };
    sides.forEach(function (side) { ctx.sidePips[side] = 0; ctx.points[side] = 0; });
    seats.forEach(function (s) { ctx.sidePips[sideOf[s]] += pips[s]; });
    var winner;
    if (kind === "domino") {
      winner = wentOut === null || wentOut === undefined ? null : sideOf[wentOut];
      dominoAward(ctx, cfg.end.domino_scoring, winner);
    } else {
      winner = blockedAward(ctx);
    }
    if (winner !== null && cfg.end.hand_winner_bonus) {
      ctx.points[winner] += cfg.end.hand_winner_bonus;
      ctx.lines.push(fill(TEXT.explainBonus, { name: name(winner), bonus: cfg.end.hand_winner_bonus }));
    }
    return { points: ctx.points, winner: winner, lines: ctx.lines };
  }

  function subtractOwn(ctx) {
    ctx.seats.forEach(function (s) {
      var loss = awardOf(ctx.cfg, ctx.pips[s]);
      ctx.points[ctx.sideOf[s]] -= loss;
      ctx.lines.push(fill(TEXT.explainSubtract, { name: ctx.name(s), amount: amountText(ctx.cfg, ctx.pips[s]), points: -loss }));
    });
  }

  function dominoAward(ctx, how, winner) {
    if (how === "none") { ctx.lines.push(TEXT.explainNoPips); return; }
    if (how === "subtract_own") { subtractOwn(ctx); return; }
    if (winner === null) { ctx.lines.push(TEXT.explainNobodyOut); return; }
    var opponents = 0;
    ctx.sides.forEach(function (side) { if (side !== winner) { opponents += ctx.sidePips[side]; } });
    var amount;
    var template;
    if (how === "opponents_pips") {
      amount = opponents;
      template = TEXT.explainOpponents;
    } else if (how === "opponents_minus_own") {
      amount = Math.max(0, opponents - ctx.sidePips[winner]);
      template = TEXT.explainMinusOwn;
    } else {
      amount = 0;
      ctx.seats.forEach(function (s) { if (ctx.sideOf[s] !== winner) { amount = Math.max(amount, ctx.pips[s]); } });
      template = TEXT.explainHeaviest;
    }
    var points = awardOf(ctx.cfg, amount);
    ctx.points[winner] += points;
    ctx.lines.push(fill(template, {
      name: ctx.name(winner), opponents: opponents, own: ctx.sidePips[winner], amount: amountText(ctx.cfg, amount), points: points
    }));
  }

  function blockedAward(ctx) {
    var cfg = ctx.cfg;
    var how = cfg.end.blocked_scoring;
    if (how === "none") { ctx.lines.push(TEXT.explainBlockedNone); return null; }
    if (how === "subtract_own") { subtractOwn(ctx); return null; }
    var units;
    var weights = {};
    var owner = {};
    if (cfg.end.blocked_compare === "side") {
      units = ctx.sides;
      units.forEach(function (u) { weights[u] = ctx.sidePips[u]; owner[u] = u; });
    } else {
      units = ctx.seats;
      units.forEach(function (u) { weights[u] = ctx.pips[u]; owner[u] = ctx.sideOf[u]; });
    }
    if (how === "difference_each_heavier") {
      var any = false;
      units.forEach(function (u) {
        var gain = 0;
        units.forEach(function (o) { if (weights[o] > weights[u]) { gain += weights[o] - weights[u]; } });
        if (gain) {
          var got = awardOf(cfg, gain);
          ctx.points[owner[u]] += got;
          ctx.lines.push(fill(TEXT.explainDifference, { name: ctx.name(u), amount: amountText(cfg, gain), points: got }));
          any = true;
        }
      });
      if (!any) { ctx.lines.push(TEXT.explainDifferenceNone); }
      return null;
    }
    var lightest = Math.min.apply(null, units.map(function (u) { return weights[u]; }));
    var tied = units.filter(function (u) { return weights[u] === lightest; });
    var winners = unique(tied.map(function (u) { return owner[u]; }));
    var names = winners.map(function (side) { return ctx.name(side); }).join(", ");
    if (winners.length > 1 && cfg.end.blocked_tie === "nothing") {
      ctx.lines.push(fill(TEXT.explainTie, { names: names, light: lightest }));
      return null;
    }
    var first = owner[tied[0]];
    var others = 0;
    ctx.seats.forEach(function (s) { if (winners.indexOf(ctx.sideOf[s]) < 0) { others += ctx.pips[s]; } });
    if (how === "as_domino") {
      ctx.lines.push(fill(TEXT.explainAsDomino, { name: ctx.name(first), light: lightest }));
      dominoAward(ctx, cfg.end.domino_scoring, first);
      return first;
    }
    var amount = how === "lightest_takes_opponents" ? others : Math.max(0, others - lightest);
    if (winners.length > 1) {
      var share = awardOf(cfg, Math.floor(amount / winners.length));
      winners.forEach(function (side) { ctx.points[side] += share; });
      ctx.lines.push(fill(TEXT.explainSplit, { names: names, light: lightest, amount: amountText(cfg, amount), points: share }));
      return null;
    }
    var points = awardOf(cfg, amount);
    ctx.points[first] += points;
    var template = how === "lightest_takes_opponents" ? TEXT.explainLightOpponents : TEXT.explainLightOthers;
    ctx.lines.push(fill(template, { name: ctx.name(first), light: lightest, others: others, amount: amountText(cfg, amount), points: points }));
    return first;
  }

  // Whether an ending of this kind scores pips at all (else the card asks for none).
  function pipsScored(cfg, kind) {
    return kind === "domino" ? cfg.end.domino_scoring !== "none" : cfg.end.blocked_scoring !== "none";
  }

  // ---- a game: its setup and its entries, replayed from the start -----------------------

  function tableFor(cfg, mode, count) {
    var teams = mode === "teams";
    for (var i = 0; i < cfg.tables.length; i++) {
      var t = cfg.tables[i];
      if (t.teams === teams && t.players === (teams ? 4 : count)) { return t; }
    }
    return null;
  }

  // The seats and sides of a game: generated ids (names are never ids), as the record has them.
  function seating(cfg, game) {
    var teams = game.mode === "teams";
    var seats = teams ? TEAM_SEATS.slice() : PLAYER_SEATS.slice(0, game.names.length);
    var sideSeats = teams ? TEAM_SIDES : seats.map(function (s) { return [s]; });
    var sides = sideSeats.map(function (members) { return members.join(""); });
    var sideOf = {};
    var label = {};
    var recordName = {};
    sideSeats.forEach(function (members, i) {
      label[sides[i]] = game.names[i];
      members.forEach(function (s, k) {
        sideOf[s] = sides[i];
        recordName[s] = game.names[i];
        label[s] = teams ? fill(TEXT.teamSeat, { team: game.names[i], n: k + 1 }) : game.names[i];
      });
    });
    return {
      teams: teams, seats: seats, sides: sides, sideSeats: sideSeats, sideOf: sideOf, label: label,
      recordName: recordName, limits: tableFor(cfg, game.mode, game.names.length)
    };
  }

  function setupProblem(cfg, game) {
    if (!game || typeof game !== "object" || (game.mode !== "players" && game.mode !== "teams")) { return TEXT.errBadEntry; }
    if (!Array.isArray(game.names) || !Array.isArray(game.events)) { return TEXT.errBadEntry; }
    if (game.mode === "teams" && game.names.length !== 2) { return TEXT.errBadEntry; }
    if (!tableFor(cfg, game.mode, game.names.length)) { return TEXT.errBadEntry; }
    for (var i = 0; i < game.names.length; i++) {
      var n = game.names[i];
      if (typeof n !== "string" || !n || n !== cleanName(n)) { return fill(TEXT.errSetup, { max: NAME_CHARS }); }
    }
    if (targetChoices(cfg, game.mode, game.names.length).indexOf(game.target) < 0) { return TEXT.errBadEntry; }
    if (typeof game.date !== "string" || !/^[0-9]{4}\.[0-9]{2}\.[0-9]{2}$/.test(game.date)) { return TEXT.errBadEntry; }
    return "";
  }

  function targetChoices(cfg, mode, count) {
    var own = tableFor(cfg, mode, count);
    return unique((own ? [own.target] : []).concat(cfg.target_choices));
  }

  function amountProblem(cfg, amount) {
    if (!isCount(amount)) { return TEXT.errAmountNumber; }
    if (cfg.play_amounts.indexOf(amount) < 0) {
      return fill(TEXT.errAmount, { amount: amount, amounts: cfg.play_amounts.join(", ") });
    }
    return "";
  }

  function replayGame(cfg, game) {
    var r = {
      seat: seating(cfg, game), target: game.target, scores: {}, gotIn: {}, over: false, winner: null, drawn: false,
      hands: [], bad: -1, why: ""
    };
    r.seat.sides.forEach(function (side) { r.scores[side] = 0; r.gotIn[side] = false; });
    r.hands.push(newHand(1, r.scores));
    for (var i = 0; i < game.events.length; i++) {
      var why = applyEntry(cfg, r, game.events[i]);
      if (why) { r.bad = i; r.why = why; break; }
    }
    return r;
  }

  function newHand(number, scores) { return { number: number, entries: [], end: null, totals: copyOf(scores) }; }
  function currentHand(r) { return r.hands[r.hands.length - 1]; }
  function isSide(r, index) { return isCount(index) && index < r.seat.sides.length; }

  // What the rules let count of a score, as the replayer's Game.credit decides it.
  function credit(cfg, r, side, amount) {
    if (r.over) { return { counted: 0, why: TEXT.errGameOver }; }
    if (amount > 0 && !r.gotIn[side]) {
      if (amount < cfg.game.get_in_minimum) {
        return { counted: 0, why: fill(TEXT.whyGetIn, { min: cfg.game.get_in_minimum }) };
      }
      r.gotIn[side] = true;
    }
    if (cfg.game.target_exact && amount > 0 && r.scores[side] + amount > r.target) {
      return { counted: 0, why: fill(TEXT.whyExact, { target: r.target }) };
    }
    r.scores[side] += amount;
    if (cfg.game.target_check === "immediate" && r.scores[side] >= r.target && !r.over) {
      r.over = true;
      r.winner = side;
    }
    return { counted: amount, why: "" };
  }

  function pipsProblem(cfg, r, kind, wentOut, pips) {
    var seat = r.seat;
    if (!Array.isArray(pips) || pips.length !== seat.seats.length) { return TEXT.errBadEntry; }
    var sum = 0;
    for (var k = 0; k < pips.length; k++) {
      var s = seat.seats[k];
      if (!isCount(pips[k])) { return fill(TEXT.errPipsNumber, { name: seat.label[s] }); }
      if (pips[k] > seat.limits.seat_pips) {
        return fill(TEXT.errPipsSeat, { name: seat.label[s], pips: pips[k], max: seat.limits.seat_pips });
      }
      if (s === wentOut && pips[k] !== 0) { return fill(TEXT.errPipsOut, { name: seat.label[s] }); }
      sum += pips[k];
    }
    if (sum > seat.limits.hand_pips) { return fill(TEXT.errPipsHand, { pips: sum, max: seat.limits.hand_pips }); }
    if (!pipsScored(cfg, kind) && sum !== 0) { return TEXT.errBadEntry; }
    return "";
  }

  // One entry of the card applied to the replayed game: "" or why it cannot be kept.
  function applyEntry(cfg, r, e) {
    if (!e || typeof e !== "object") { return TEXT.errBadEntry; }
    if (r.over) { return TEXT.errGameOver; }
    var hand = currentHand(r);
    var why;
    var got;
    if (e.t === "score" || e.t === "muggins") {
      if (!isSide(r, e.side)) { return TEXT.errBadEntry; }
      if (e.t === "muggins") {
        if (cfg.game.muggins !== "opponent_takes") { return TEXT.errMugginsOff; }
        if (!isSide(r, e.against)) { return TEXT.errBadEntry; }
        if (e.against === e.side) { return TEXT.errSameSide; }
      }
      why = amountProblem(cfg, e.amount);
      if (why) { return why; }
      var side = r.seat.sides[e.side];
      got = credit(cfg, r, side, e.amount);
      hand.entries.push({
        kind: e.t, side: side, against: e.t === "muggins" ? r.seat.sides[e.against] : null, amount: e.amount,
        counted: got.counted, why: got.why
      });
      hand.totals = copyOf(r.scores);
      return "";
    }
    if (e.t !== "end" || (e.kind !== "domino" && e.kind !== "blocked")) { return TEXT.errBadEntry; }
    var wentOut = null;
    if (e.kind === "domino") {
      if (!isSide(r, e.side)) { return TEXT.errOutcome; }
      wentOut = r.seat.sideSeats[e.side][0];
    }
    why = pipsProblem(cfg, r, e.kind, wentOut, e.pips);
    if (why) { return why; }
    var pips = {};
    r.seat.seats.forEach(function (s, k) { pips[s] = e.pips[k]; });
    var award = endOfHand(cfg, r.seat.seats, r.seat.sideOf, e.kind, wentOut, pips, function (who) { return r.seat.label[who]; });
    var counted = {};
    r.seat.sides.forEach(function (s) {
      counted[s] = 0;
      if (award.points[s]) { counted[s] = credit(cfg, r, s, award.points[s]).counted; }
    });
    hand.end = { kind: e.kind, wentOut: wentOut, pips: pips, award: award, counted: counted };
    if (cfg.game.target_check === "end_of_hand" && !r.over) {
      var best = Math.max.apply(null, r.seat.sides.map(function (s) { return r.scores[s]; }));
      var leaders = r.seat.sides.filter(function (s) { return r.scores[s] === best; });
      if (best >= r.target && (leaders.length === 1 || cfg.game.target_tie === "draw")) {
        r.over = true;
        r.winner = leaders.length === 1 ? leaders[0] : null;
        r.drawn = leaders.length > 1;
      }
    }
    hand.totals = copyOf(r.scores);
    if (!r.over) { r.hands.push(newHand(hand.number + 1, r.scores)); }
    return "";
  }

  // ---- the record: a score-sheet-only .mgn of the game --------------------------------------

  function quoted(text) { return "\"" + String(text).replace(/\\/g, "\\\\").replace(/"/g, "\\\"") + "\""; }
  function comment(text) { return "{" + String(text).replace(/[{}]/g, "") + "}"; }

  function recordText(cfg, game, r) {
    var seat = r.seat;
    var lines = ["; " + TEXT.exportComment.replace(/[\r\n]/g, " "), "[Date " + quoted(game.date) + "]"];
    cfg.header.forEach(function (tag) { lines.push(tag); });
    lines.push("[Target " + quoted(game.target) + "]");
    seat.seats.forEach(function (s) { lines.push("[Seat " + s + " " + quoted(seat.recordName[s]) + "]"); });
    if (seat.teams) {
      seat.sides.forEach(function (side, i) { lines.push("[Team " + side + " " + quoted(seat.sideSeats[i].join(" ")) + "]"); });
    }
    var first = function (side) { return seat.sideSeats[seat.sides.indexOf(side)][0]; };
    r.hands.forEach(function (hand) {
      if (!hand.entries.length && !hand.end) { return; }
      lines.push("", "hand " + hand.number);
      hand.entries.forEach(function (entry) {
        var who = first(entry.side) + (entry.kind === "muggins" ? " muggins " + first(entry.against) : "");
        lines.push(who + " +" + entry.amount);
      });
      if (hand.end) {
        lines.push(hand.end.kind === "domino" ? "domino " + hand.end.wentOut : "blocked");
        var pipsLine = "pips " + seat.seats.map(function (s) { return s + " " + hand.end.pips[s]; }).join(" ");
        lines.push(pipsLine + (pipsScored(cfg, hand.end.kind) ? "" : " " + comment(TEXT.exportNoPips)));
        var scored = seat.sides.filter(function (side) { return hand.end.award.points[side] !== 0; });
        if (scored.length) {
          lines.push("score " + scored.map(function (side) { return side + " " + hand.end.award.points[side]; }).join(" "));
        }
      }
      lines.push("totals " + seat.sides.map(function (side) { return side + " " + hand.totals[side]; }).join(" "));
    });
    return lines.join("\n") + "\n";
  }

  // ---- names ---------------------------------------------------------------------------------

  // A name as the card keeps it: no control or line-breaking characters, spaces squeezed, at
  // most NAME_CHARS characters. It is only ever shown with textContent and written quoted.
  function cleanName(text) {
    var s = String(text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, " ");
    s = s.replace(/\s+/g, " ").trim();
    return Array.from(s).slice(0, NAME_CHARS).join("").trim();
  }

  function today() {
    var d = new Date();
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return d.getFullYear() + "." + two(d.getMonth() + 1) + "." + two(d.getDate());
  }

  // ---- the page ------------------------------------------------------------------------------

  var cfg = null;
  try {
    cfg = JSON.parse($("scorecard-data").textContent);
  } catch (err) {
    cfg = null;
  }
  window.mugginsScorecard = Object.freeze({ endOfHand: endOfHand, implemented: IMPLEMENTED, text: TEXT });

  var game = null;        // the setup and the entries: all the card stores
  var played = null;      // replayGame(cfg, game)
  var form = null;        // the setup form while it is open
  var endChoice = null;   // the ending chosen in the end-of-hand panel
  var store = null;

  function say(text, kind) {
    var m = $("message");
    m.textContent = text || "";
    m.className = "message" + (kind === "refused" ? " refused" : "");
  }

  function storageKey() { return cfg.storage_key; }

  function openStorage() {
    try {
      store = window.localStorage;
      store.getItem(storageKey());
    } catch (err) {
      store = null;
    }
  }

  function save() {
    if (!store) { return; }
    try {
      if (game) { store.setItem(storageKey(), JSON.stringify(game)); } else { store.removeItem(storageKey()); }
    } catch (err) {
      say(TEXT.errStorage, "refused");
    }
  }

  function loadSaved() {
    if (!store) { return ""; }
    var text = store.getItem(storageKey());
    if (!text) { return ""; }
    try {
      var saved = JSON.parse(text);
      if (!setupProblem(cfg, saved)) {
        var r = replayGame(cfg, saved);
        if (r.bad < 0) {
          game = saved;
          played = r;
          return "";
        }
      }
    } catch (err) {
      // fall through: the saved text is not a game
    }
    return TEXT.errStored;
  }

  function staticText() {
    document.documentElement.lang = TEXT.lang;
    document.title = "muggins " + TEXT.title.toLowerCase();
    $("title").textContent = TEXT.title;
    var line = fill(TEXT.rulesLine, { name: cfg.rules.name, description: tt(cfg.rules.description) });
    if (cfg.game.muggins === "lost") { line += " " + TEXT.mugginsLost; }
    if (cfg.game.muggins === "automatic") { line += " " + TEXT.mugginsAutomatic; }
    $("rules-line").textContent = line;
    var labels = {
      "mode-legend": TEXT.modeLegend, "add-name": TEXT.addName, "remove-name": TEXT.removeName,
      "target-legend": TEXT.targetLegend, "start": TEXT.start, "muggins": TEXT.muggins, "end-hand": TEXT.endHand,
      "undo": TEXT.undo, "muggins-title": TEXT.mugginsTitle, "caller-label": TEXT.caller, "against-label": TEXT.against,
      "amount-label": TEXT.amount, "muggins-ok": TEXT.mugginsOk, "muggins-cancel": TEXT.cancel,
      "outcome-label": TEXT.outcomeLabel, "end-ok": TEXT.endOk, "end-cancel": TEXT.cancel,
      "sheet-title": TEXT.sheetTitle, "export-title": TEXT.exportTitle, "download": TEXT.download, "copy": TEXT.copy,
      "new-game": TEXT.newGame, "confirm-text": TEXT.confirmNew, "confirm-yes": TEXT.confirmYes, "confirm-no": TEXT.confirmNo
    };
    Object.keys(labels).forEach(function (id) { $(id).textContent = labels[id]; });
    $("muggins").hidden = cfg.game.muggins !== "opponent_takes";
  }

  // -- setting up ------------------------------------------------------------------------------

  // How many names the setup takes in each mode: players as the rules allow, or two teams.
  function nameCounts(mode) {
    var found = cfg.tables.filter(function (t) { return t.teams === (mode === "teams"); })
      .map(function (t) { return mode === "teams" ? 2 : t.players; });
    return unique(found).sort(function (a, b) { return a - b; });
  }

  function startForm() {
    var mode = nameCounts("players").length ? "players" : "teams";
    form = { mode: mode, names: new Array(nameCounts(mode)[0]).fill(""), target: null, chosen: false };
    form.target = tableFor(cfg, form.mode, form.names.length).target;
  }

  function renderSetup() {
    var modes = $("modes");
    modes.replaceChildren();
    ["players", "teams"].forEach(function (mode) {
      if (!nameCounts(mode).length) { return; }
      var b = button(mode === "teams" ? TEXT.modeTeams : TEXT.modePlayers, function () {
        if (form.mode === mode) { return; }
        form.mode = mode;
        var allowed = nameCounts(mode);
        while (form.names.length < allowed[0]) { form.names.push(""); }
        while (form.names.length > allowed[allowed.length - 1]) { form.names.pop(); }
        renderSetup();
      });
      b.setAttribute("aria-pressed", String(form.mode === mode));
      b.dataset.mode = mode;
      modes.appendChild(b);
    });
    $("mode-box").hidden = modes.children.length < 2;
    $("names-legend").textContent = form.mode === "teams" ? TEXT.namesTeams : TEXT.namesPlayers;
    var names = $("names");
    names.replaceChildren();
    form.names.forEach(function (value, i) {
      var input = make("input");
      input.type = "text";
      input.maxLength = NAME_CHARS * 2;
      input.autocomplete = "off";
      input.placeholder = fill(form.mode === "teams" ? TEXT.teamDefault : TEXT.playerDefault, { n: i + 1 });
      input.setAttribute("aria-label", input.placeholder);
      input.value = value;
      input.dataset.index = String(i);
      input.addEventListener("input", function () { form.names[i] = input.value; });
      names.appendChild(input);
    });
    var allowed = nameCounts(form.mode);
    $("add-name").hidden = $("remove-name").hidden = form.mode === "teams" || allowed.length < 2;
    $("add-name").disabled = form.names.length >= allowed[allowed.length - 1];
    $("remove-name").disabled = form.names.length <= allowed[0];
    var own = tableFor(cfg, form.mode, form.names.length);
    if (own && !form.chosen) { form.target = own.target; }
    var targets = $("targets");
    targets.replaceChildren();
    targetChoices(cfg, form.mode, form.names.length).forEach(function (target) {
      var b = button(own && target === own.target ? fill(TEXT.targetOwn, { target: target }) : String(target), function () {
        form.target = target;
        form.chosen = true;
        renderSetup();
      });
      b.dataset.target = String(target);
      b.setAttribute("aria-pressed", String(form.target === target));
      targets.appendChild(b);
    });
  }

  function changeCount(step) {
    var allowed = nameCounts(form.mode);
    var n = form.names.length + step;
    if (allowed.indexOf(n) < 0) { return; }
    if (step > 0) { form.names.push(""); } else { form.names.pop(); }
    renderSetup();
  }

  function startGame() {
    var names = form.names.map(function (n, i) {
      return cleanName(n) || fill(form.mode === "teams" ? TEXT.teamDefault : TEXT.playerDefault, { n: i + 1 });
    });
    var candidate = { v: 1, mode: form.mode, names: names, target: form.target, date: today(), events: [] };
    var why = setupProblem(cfg, candidate);
    if (why) { $("setup-message").textContent = why; return; }
    game = candidate;
    played = replayGame(cfg, game);
    form = null;
    save();
    say("");
    render();
  }

  // -- in play -------------------------------------------------------------------------------

  function describe(e) {
    var seat = played.seat;
    if (e.t === "score") { return fill(TEXT.logScore, { name: game.names[e.side], amount: e.amount }); }
    if (e.t === "muggins") {
      return fill(TEXT.logMuggins, { name: game.names[e.side], against: game.names[e.against], amount: e.amount });
    }
    if (e.t === "end") {
      return e.kind === "domino" ? fill(TEXT.logDomino, { name: seat.label[seat.sides[e.side]] }) : TEXT.logBlocked;
    }
    return "";
  }

  // Add one entry, unless the rules refuse it: then nothing changes and the reason is returned.
  function addEntry(e) {
    var candidate = copyOf(game);
    candidate.events = game.events.concat([e]);
    var r = replayGame(cfg, candidate);
    if (r.bad >= 0) { return r.why; }
    game = candidate;
    played = r;
    save();
    return "";
  }

  function tap(side, amount) {
    var why = addEntry({ t: "score", side: side, amount: amount });
    say(why || describe({ t: "score", side: side, amount: amount }), why ? "refused" : "");
    render();
  }

  function undo() {
    if (!game.events.length) { say(TEXT.nothingToUndo, "refused"); return; }
    var last = game.events[game.events.length - 1];
    var what = describe(last);
    game.events = game.events.slice(0, -1);
    played = replayGame(cfg, game);
    save();
    closePanels();
    say(fill(TEXT.undone, { what: what }));
    render();
  }

  function closePanels() {
    $("muggins-panel").hidden = true;
    $("end-panel").hidden = true;
    endChoice = null;
  }

  function openMuggins() {
    if (played.over) { say(TEXT.errGameOver, "refused"); return; }
    closePanels();
    var caller = $("caller");
    caller.replaceChildren();
    game.names.forEach(function (name, i) {
      var o = make("option", "", name);
      o.value = String(i);
      caller.appendChild(o);
    });
    fillAgainst();
    $("muggins-amount").value = "";
    $("muggins-message").textContent = "";
    $("muggins-panel").hidden = false;
    $("muggins-amount").focus();
  }

  function fillAgainst() {
    var against = $("against");
    var callerSide = parseInt($("caller").value, 10);
    against.replaceChildren();
    game.names.forEach(function (name, i) {
      if (i === callerSide) { return; }
      var o = make("option", "", name);
      o.value = String(i);
      against.appendChild(o);
    });
  }

  function takeMuggins() {
    var amount = wholeNumber($("muggins-amount").value);
    var e = {
      t: "muggins", side: parseInt($("caller").value, 10), against: parseInt($("against").value, 10),
      amount: amount === null ? NaN : amount
    };
    var why = amount === null ? TEXT.errAmountNumber : addEntry(e);
    if (why) { $("muggins-message").textContent = why; return; }
    closePanels();
    say(describe(e));
    render();
  }

  function openEnd() {
    if (played.over) { say(TEXT.errGameOver, "refused"); return; }
    closePanels();
    $("end-title").textContent = fill(TEXT.endTitle, { hand: currentHand(played).number });
    $("end-message").textContent = "";
    $("end-panel").hidden = false;
    renderEnd();
  }

  function renderEnd() {
    var outcomes = $("outcomes");
    outcomes.replaceChildren();
    var choices = game.names.map(function (name, i) { return { kind: "domino", side: i, text: name }; });
    choices.push({ kind: "blocked", side: null, text: TEXT.blocked });
    choices.forEach(function (choice) {
      var b = button(choice.text, function () {
        endChoice = choice;
        $("end-message").textContent = "";
        renderEnd();
      });
      b.dataset.outcome = choice.kind === "domino" ? String(choice.side) : "blocked";
      b.setAttribute("aria-pressed", String(!!endChoice && endChoice.kind === choice.kind && endChoice.side === choice.side));
      outcomes.appendChild(b);
    });
    var box = $("pips");
    box.replaceChildren();
    $("end-preview").textContent = "";
    if (!endChoice) { return; }
    if (!pipsScored(cfg, endChoice.kind)) {
      box.appendChild(make("p", "", TEXT.pipsNotScored));
      preview();
      return;
    }
    var seat = played.seat;
    var out = endChoice.kind === "domino" ? seat.sideSeats[endChoice.side][0] : null;
    seat.seats.forEach(function (s) {
      if (s === out) { return; }
      var label = make("label");
      var side = seat.sideOf[s];
      var text = out !== null && seat.teams && seat.sideOf[out] === side
        ? fill(TEXT.pipsPartner, { team: seat.label[side] }) : fill(TEXT.pipsOf, { name: seat.label[s] });
      label.appendChild(make("span", "", text));
      var input = make("input");
      input.type = "number";
      input.inputMode = "numeric";
      input.min = "0";
      input.step = "1";
      input.dataset.seat = s;
      input.addEventListener("input", preview);
      label.appendChild(input);
      box.appendChild(label);
    });
  }

  // The ending as typed so far: { entry } or { why }.
  function typedEnding() {
    if (!endChoice) { return { why: TEXT.errOutcome }; }
    var seat = played.seat;
    var pips = seat.seats.map(function () { return 0; });
    var inputs = $("pips").querySelectorAll("input");
    for (var i = 0; i < inputs.length; i++) {
      var value = wholeNumber(inputs[i].value);
      var s = inputs[i].dataset.seat;
      if (value === null) { return { why: fill(TEXT.errPipsNumber, { name: seat.label[s] }) }; }
      pips[seat.seats.indexOf(s)] = value;
    }
    return { entry: { t: "end", kind: endChoice.kind, side: endChoice.side, pips: pips } };
  }

  function preview() {
    var typed = typedEnding();
    var text = "";
    if (typed.entry) {
      var candidate = copyOf(game);
      candidate.events = game.events.concat([typed.entry]);
      var r = replayGame(cfg, candidate);
      if (r.bad < 0) { text = endLines(r, lastEnded(r)); }
    }
    $("end-preview").textContent = text;
  }

  function endLines(r, hand) {
    var lines = hand.end.award.lines.slice();
    r.seat.sides.forEach(function (side) {
      var points = hand.end.award.points[side];
      if (points) {
        var line = r.seat.label[side] + " " + (points > 0 ? "+" : "") + points;
        if (hand.end.counted[side] !== points) { line += " (" + TEXT.notCountedShort + ")"; }
        lines.push(line);
      }
    });
    return lines.join("\n");
  }

  function scoreHand() {
    var typed = typedEnding();
    var why = typed.why || addEntry(typed.entry);
    if (why) { $("end-message").textContent = why; return; }
    closePanels();
    say(endLines(played, lastEnded(played)));
    render();
  }

  function lastEnded(r) {
    for (var i = r.hands.length - 1; i >= 0; i--) { if (r.hands[i].end) { return r.hands[i]; } }
    return null;
  }

  // -- drawing the card ------------------------------------------------------------------------

  function render() {
    if (!game) {
      $("setup").hidden = false;
      $("play").hidden = true;
      if (!form) { startForm(); }
      renderSetup();
      return;
    }
    $("setup").hidden = true;
    $("play").hidden = false;
    var r = played;
    var seat = r.seat;
    $("rules-line").dataset.target = String(game.target);
    var banner = $("banner");
    banner.hidden = !r.over;
    if (r.over) {
      var top = Math.max.apply(null, seat.sides.map(function (s) { return r.scores[s]; }));
      banner.textContent = r.winner !== null
        ? fill(TEXT.won, { name: seat.label[r.winner], total: r.scores[r.winner] }) : fill(TEXT.drawn, { total: top });
    }
    var cards = $("cards");
    cards.replaceChildren();
    seat.sides.forEach(function (side, i) {
      var card = make("section", "card" + (r.winner === side ? " won" : ""));
      card.dataset.side = side;
      var head = make("div", "card-head");
      head.appendChild(make("h2", "name", game.names[i]));
      var total = make("span", "total", r.scores[side]);
      total.dataset.side = side;
      head.appendChild(total);
      card.appendChild(head);
      var left = game.target - r.scores[side];
      card.appendChild(make("p", "to-go", left > 0 ? fill(TEXT.toGo, { n: left }) : TEXT.reached));
      var amounts = make("div", "amounts");
      cfg.play_amounts.forEach(function (amount) {
        var b = button("+" + amount, function () { tap(i, amount); }, "add");
        b.dataset.amount = String(amount);
        b.disabled = r.over;
        amounts.appendChild(b);
      });
      card.appendChild(amounts);
      cards.appendChild(card);
    });
    $("muggins").disabled = r.over;
    $("end-hand").disabled = r.over;
    $("undo").disabled = !game.events.length;
    var hand = currentHand(r);
    $("hand-title").textContent = fill(TEXT.handTitle, { hand: hand.number }) + " \u00b7 " + fill(TEXT.playingTo, { target: game.target });
    var log = $("log");
    log.replaceChildren();
    if (!hand.entries.length) { log.appendChild(make("li", "note", TEXT.handEmpty)); }
    hand.entries.forEach(function (entry) {
      var text = entry.kind === "muggins"
        ? fill(TEXT.logMuggins, { name: seat.label[entry.side], against: seat.label[entry.against], amount: entry.amount })
        : fill(TEXT.logScore, { name: seat.label[entry.side], amount: entry.amount });
      var li = make("li", entry.kind, text);
      if (entry.why) { li.appendChild(make("span", "note", " (" + fill(TEXT.notCounted, { why: entry.why }) + ")")); }
      log.appendChild(li);
    });
    renderSheet(r);
    $("record").value = recordText(cfg, game, r);
  }

  function renderSheet(r) {
    var seat = r.seat;
    var table = $("sheet");
    table.replaceChildren();
    var head = make("tr");
    head.appendChild(make("th", "", TEXT.sheetHand));
    seat.sides.forEach(function (side) { head.appendChild(make("th", "", seat.label[side])); });
    table.appendChild(head);
    r.hands.forEach(function (hand) {
      if (!hand.end && !hand.entries.length) { return; }
      var row = make("tr");
      row.dataset.hand = String(hand.number);
      row.appendChild(make("td", "", hand.number));
      seat.sides.forEach(function (side) {
        var cell = make("td", "", hand.totals[side]);
        cell.dataset.side = side;
        row.appendChild(cell);
      });
      table.appendChild(row);
    });
  }

  // -- the record out --------------------------------------------------------------------------

  function download() {
    var text = recordText(cfg, game, played);
    var name = fill(TEXT.exportFile, { date: game.date });
    var url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    var a = make("a");
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
    $("export-message").textContent = fill(TEXT.downloaded, { file: name });
  }

  function copyRecord() {
    var text = recordText(cfg, game, played);
    var fallback = function () {
      var area = $("record");
      area.value = text;
      area.focus();
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (err) { ok = false; }
      $("export-message").textContent = ok ? TEXT.copied : TEXT.copyFailed;
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { $("export-message").textContent = TEXT.copied; }, fallback);
    } else {
      fallback();
    }
  }

  function newGame() {
    $("confirm-new").hidden = true;
    game = null;
    played = null;
    form = null;
    closePanels();
    save();
    say("");
    $("export-message").textContent = "";
    render();
  }

  function wire() {
    $("add-name").addEventListener("click", function () { changeCount(1); });
    $("remove-name").addEventListener("click", function () { changeCount(-1); });
    $("start").addEventListener("click", startGame);
    $("undo").addEventListener("click", undo);
    $("muggins").addEventListener("click", openMuggins);
    $("caller").addEventListener("change", fillAgainst);
    $("muggins-ok").addEventListener("click", takeMuggins);
    $("muggins-amount").addEventListener("keydown", function (ev) { if (ev.key === "Enter") { takeMuggins(); } });
    $("muggins-cancel").addEventListener("click", closePanels);
    $("end-hand").addEventListener("click", openEnd);
    $("end-ok").addEventListener("click", scoreHand);
    $("end-cancel").addEventListener("click", closePanels);
    $("download").addEventListener("click", download);
    $("copy").addEventListener("click", copyRecord);
    $("new-game").addEventListener("click", function () { $("confirm-new").hidden = false; });
    $("confirm-yes").addEventListener("click", newGame);
    $("confirm-no").addEventListener("click", function () { $("confirm-new").hidden = true; });
  }

  var why = refusal(cfg);
  if (why) {
    document.title = "muggins " + TEXT.title.toLowerCase();
    $("title").textContent = TEXT.title;
    $("refused").textContent = fill(TEXT.refused, { why: why });
    $("refused").hidden = false;
    return;
  }
  staticText();
  I18N.switcher(document.querySelector("header"), function () { staticText(); render(); });
  wire();
  openStorage();
  var problem = store ? loadSaved() : TEXT.errStorage;
  $("card").hidden = false;
  render();
  if (problem) { say(problem, "refused"); }
})();
