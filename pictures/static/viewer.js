(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("muggins-data").textContent);
  var hands = data.hands;
  var sides = data.sides;
  var pos = { hand: 0, step: 0 };
  var builtHand = -1;
  var parser = new DOMParser();
  var cache = {};
  var SEVERITY = { info: 1, warning: 2, error: 3 };
  var analysis = data.analysis;  // null without --analyze / --analysis
  var SVG = "http://www.w3.org/2000/svg";
  var MARK_CLASS = { "?!": "m-dubious", "?": "m-mistake", "??": "m-blunder" };
  var VIEW_KEY = { "expected": "exp", "open-cards": "open" };  // as the legend names them (said with tt)
  var graphMode = "hand";  // or "game"

  function $(id) { return document.getElementById(id); }
  function make(tag, className, text) {
    var e = document.createElement(tag);
    if (className) { e.className = className; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function lastStep(h) { return hands[h].turns.length + 1; }
  function svgNode(tag, attributes) {
    var e = document.createElementNS(SVG, tag);
    Object.keys(attributes || {}).forEach(function (k) { e.setAttribute(k, String(attributes[k])); });
    return e;
  }

  // A figure to ``places`` decimals (0 or 1) as muggins analyze rounds it (Python's round: the
  // exact value of the number, a tie to the even digit). toFixed takes a tie up; only exact ties
  // differ (6.25 to one place, 12.5 to none), and only they are told apart here.
  function rounded(value, places) {
    var size = Math.abs(value), sign = value < 0 ? -1 : 1, unit = places ? 4 : 2;
    if (Number.isInteger(size * unit) && !Number.isInteger(size * unit / 2)) {
      var scale = places ? 10 : 1, below = Math.floor(size * scale);
      return sign * (below % 2 === 0 ? below : below + 1) / scale;
    }
    return Number(value.toFixed(places));
  }
  // A figure for the mover's side with its sign, as muggins analyze writes it: whole where it
  // is whole, else to one decimal; a figure that rounds to nothing is 0.
  function signed(value) {
    if (value === null || value === undefined) { return "\u2014"; }
    var r = rounded(value, 1);
    if (r === 0) { return "0"; }
    return (r > 0 ? "+" : "-") + String(Math.abs(r));
  }
  function plusMinus(e) { return e ? " \u00b1" + rounded(e, 1).toFixed(1) : ""; }

  // The analysis' decision at a hand's step, on the verdict view and the other one.
  function decisionAt(h, s) {
    if (!analysis) { return null; }
    var found = hands[h].analysis.decisions[String(s)];
    return found || null;
  }
  function verdictOf(found) { return found ? found[analysis.verdict] || null : null; }
  function markMeaning(mark) {
    var meaning = null;
    analysis.marks.forEach(function (m) { if (m[0] === mark) { meaning = m[2]; } });
    return meaning === null ? null : tt(meaning);
  }
  function markBadge(mark) {
    var badge = make("span", "mark " + MARK_CLASS[mark], mark);
    badge.title = tt("{meaning} (the analysis)", { meaning: markMeaning(mark) });
    return badge;
  }

  // A picture is never drawn smaller than this part of its own size: on a narrow screen the
  // picture box scrolls sideways instead, and the pips stay legible.
  var LEAST_SCALE = 0.65;
  var centredWidth = -1;  // the picture box's width when its sideways scroll was last centred

  function picture(h, s) {
    var key = h + "/" + s;
    if (!cache[key]) {
      var doc = parser.parseFromString(hands[h].pictures[s], "image/svg+xml");
      var svg = document.importNode(doc.documentElement, true);
      var box = svg.viewBox && svg.viewBox.baseVal;
      if (box && box.width) { svg.style.minWidth = Math.round(box.width * LEAST_SCALE) + "px"; }
      cache[key] = svg;
    }
    sayPicture(cache[key]);
    return cache[key];
  }

  // A picture's words (drawn in English) in the language chosen: the page's words hold each
  // caption the pictures say; pips, seats and names are said as they are.
  function sayPicture(svg) {
    var lang = I18N.language();
    if (svg.saidIn === lang) { return; }
    Array.prototype.forEach.call(svg.querySelectorAll("text, title"), function (e) {
      if (e.english === undefined) { e.english = e.textContent; }
      e.textContent = tt(e.english);
    });
    svg.saidIn = lang;
  }

  // Bring ``item`` into view inside its own scrolling ``list``, scrolling nothing else: the
  // page stays where it is, so the board never slides under the sticky toolbar.
  function keepInList(list, item) {
    var outer = list.getBoundingClientRect(), inner = item.getBoundingClientRect();
    if (inner.top < outer.top) { list.scrollTop -= outer.top - inner.top; }
    else if (inner.bottom > outer.bottom) { list.scrollTop += inner.bottom - outer.bottom; }
  }

  // After a click below the board (a finding, a turn of the list, on a narrow screen), scroll
  // the page just enough that the board shows under the sticky toolbar.
  function revealBoard() {
    var bar = $("controls").getBoundingClientRect();
    var board = $("picture").getBoundingClientRect();
    var room = window.innerHeight - bar.bottom;
    if (board.top < bar.bottom || board.top > bar.bottom + room / 2) {
      window.scrollBy(0, board.top - bar.bottom - 8);
    }
  }

  function stepName(h, s) {
    if (s === 0) { return tt("the deal"); }
    if (s === lastStep(h)) { return tt("end of the hand"); }
    return tt("turn {n}", { n: s });
  }

  function claimText(t) {
    if (t.kind === "play") {
      if (t.claim === null && !t.correct) { return ""; }
      return (t.claim === null ? tt("no claim") : tt("claimed {n}", { n: t.claim })) + " \u00b7 " + tt("makes {n}", { n: t.correct });
    }
    if (t.kind === "muggins") { return tt("took {n}", { n: t.claim }) + " \u00b7 " + tt("gets {n}", { n: t.correct }); }
    return "";
  }
  function claimWrong(t) {
    return (t.kind === "play" || t.kind === "muggins") && t.correct !== null && (t.claim || 0) !== t.correct;
  }

  function buildHand(h) {
    var hand = hands[h];
    var worst = {};
    hand.findings.forEach(function (f) {
      if (!worst[f.turn] || SEVERITY[f.severity] > SEVERITY[worst[f.turn]]) { worst[f.turn] = f.severity; }
    });
    var timeline = $("timeline");
    timeline.replaceChildren();
    for (var s = 0; s <= lastStep(h); s++) {
      var label = s === 0 ? tt("deal") : (s === lastStep(h) ? tt("end") : String(s));
      var cell = make("button", "", label);
      cell.type = "button";
      cell.dataset.step = String(s);
      var turn = s > 0 && s < lastStep(h) ? hand.turns[s - 1] : null;
      if (turn) { cell.classList.add(turn.kind); }
      if (worst[s]) { cell.classList.add("f-" + worst[s]); }
      var tip = stepName(h, s) + (turn ? ": " + turn.text : "");
      var judged = verdictOf(decisionAt(h, s));
      if (judged && judged.mark) {
        cell.classList.add("marked", MARK_CLASS[judged.mark]);
        cell.dataset.mark = judged.mark;
        tip += "\n" + judged.mark + " " + markMeaning(judged.mark);
      }
      hand.findings.forEach(function (f) { if (f.turn === s) { tip += "\n" + f.severity + " " + f.code; } });
      cell.title = tip;
      cell.addEventListener("click", go.bind(null, h, s));
      timeline.appendChild(cell);
    }
    var list = $("turn-list");
    list.replaceChildren();
    hand.turns.forEach(function (t) {
      var li = make("li");
      li.dataset.step = String(t.n);
      li.appendChild(make("span", "n", t.n));
      li.appendChild(make("span", "text", t.text));
      var judged = verdictOf(decisionAt(h, t.n));
      if (judged && judged.mark) { li.appendChild(markBadge(judged.mark)); li.dataset.mark = judged.mark; }
      li.appendChild(make("span", "claim", claimText(t)));
      if (claimWrong(t)) { li.classList.add("wrong"); }
      li.addEventListener("click", function () { go(h, t.n); revealBoard(); });
      list.appendChild(li);
    });
    var findings = $("findings");
    findings.replaceChildren();
    if (!hand.findings.length) { findings.appendChild(make("li", "none", tt("no findings in this hand"))); }
    hand.findings.forEach(function (f) {
      var li = make("li");
      var b = make("button", f.severity);
      b.type = "button";
      b.dataset.step = String(f.turn);
      b.appendChild(make("span", "where", (f.at_end ? tt("end of the hand") : tt("turn {n}", { n: f.turn })) + " \u00b7 " + f.severity + " "));
      b.appendChild(make("span", "code", f.code));
      b.appendChild(make("span", "message", ": " + tt(f.message)));
      b.addEventListener("click", function () { go(h, f.turn); revealBoard(); });
      li.appendChild(b);
      findings.appendChild(li);
    });
    $("hand").value = String(h);
    builtHand = h;
    if (analysis) { drawGraph(); }
  }

  function showScores(h, s) {
    var hand = hands[h];
    var table = $("scores");
    table.replaceChildren();
    var atEnd = s === lastStep(h) && hand.sheet;
    var head = make("tr");
    head.appendChild(make("th", "", ""));
    head.appendChild(make("th", "num", tt("score")));
    if (atEnd) {
      head.appendChild(make("th", "num", tt("sheet says")));
      head.appendChild(make("th", "num", tt("claims add to")));
    }
    table.appendChild(head);
    sides.forEach(function (side, i) {
      var row = make("tr");
      row.appendChild(make("td", "", side.who && side.who !== side.side ? side.who + " (" + side.side + ")" : side.side));
      var now = make("td", "num score", hand.scores[s][i]);
      now.dataset.side = side.side;
      row.appendChild(now);
      if (atEnd) {
        var written = hand.sheet.written[i];
        var w = make("td", "num", written === null ? "\u2014" : written);
        if (written !== null && written !== hand.sheet.correct[i]) { w.classList.add("wrong"); }
        row.appendChild(w);
        var c = make("td", "num", hand.sheet.claimed[i]);
        if (hand.sheet.claimed[i] !== hand.sheet.correct[i]) { c.classList.add("wrong"); }
        row.appendChild(c);
      }
      table.appendChild(row);
    });
  }

  function showDetail(h, s) {
    var hand = hands[h];
    var box = $("detail");
    box.replaceChildren();
    var turn = s > 0 && s < lastStep(h) ? hand.turns[s - 1] : null;
    if (turn) {
      box.appendChild(make("div", "move", tt("turn {n}", { n: s }) + ": " + turn.text));
      var claim = claimText(turn);
      if (claim) { box.appendChild(make("div", claimWrong(turn) ? "claim wrong" : "claim", claim)); }
      turn.comments.forEach(function (c) { box.appendChild(make("div", "comment", c)); });
    } else if (s === 0) {
      box.appendChild(make("div", "move", tt("hand {n}: the deal", { n: hand.number })));
      hand.comments.forEach(function (c) { box.appendChild(make("div", "comment", c)); });
    } else {
      box.appendChild(make("div", "move", tt("end of hand {n}: {outcome}", { n: hand.number, outcome: tt(hand.outcome) })));
      if (hand.award) { box.appendChild(make("div", "", tt(hand.award))); }
    }
    var count = hand.counts[s];
    if (s > 0) { box.appendChild(make("div", "count", count[1] ? tt("ends count {n}, scores {points}", { n: count[0], points: count[1] }) : tt("ends count {n}", { n: count[0] }))); }
    hand.findings.forEach(function (f) {
      if (f.turn === s) { box.appendChild(make("div", "finding " + f.severity, f.severity + " " + f.code + ": " + tt(f.message))); }
    });
  }

  function show() {
    var h = pos.hand, s = pos.step, hand = hands[h];
    if (builtHand !== h) { buildHand(h); }
    var box = $("picture");
    box.replaceChildren(picture(h, s));
    if (box.scrollWidth !== centredWidth) {  // a first picture, or a new width: the board's middle in view
      centredWidth = box.scrollWidth;
      box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
    }
    $("where").textContent = tt("hand {n} of {hands}", { n: hand.number, hands: hands.length }) + " \u00b7 " + stepName(h, s) +
      (s > 0 && s < lastStep(h) ? " " + tt("of {turns}", { turns: hand.turns.length }) : "");
    Array.prototype.forEach.call($("timeline").children, function (cell) {
      cell.classList.toggle("now", cell.dataset.step === String(s));
    });
    Array.prototype.forEach.call($("turn-list").children, function (li) {
      var here = li.dataset.step === String(s);
      li.classList.toggle("now", here);
      if (here) { keepInList($("turn-list"), li); }
    });
    Array.prototype.forEach.call($("findings").querySelectorAll("button"), function (b) {
      b.classList.toggle("here", b.dataset.step === String(s));
    });
    showScores(h, s);
    showDetail(h, s);
    if (analysis) {
      showAlternatives(h, s);
      moveCursor(h, s);
    }
    $("first").disabled = s === 0;
    $("prev").disabled = h === 0 && s === 0;
    $("next").disabled = h === hands.length - 1 && s === lastStep(h);
    $("last").disabled = s === lastStep(h);
    document.body.dataset.hand = String(hand.number);
    document.body.dataset.step = String(s);
    try { history.replaceState(null, "", "#h" + hand.number + "s" + s); } catch (e) { /* file: pages may refuse */ }
  }

  // ---- the analysis: alternatives at the current play, the graph, the summary tab ----------

  function figureCell(value, err, basis) {
    if (value === null || value === undefined) { return make("td", "num none", "\u2014"); }
    var cell = make("td", "num", signed(value) + (basis === "expected" ? plusMinus(err) : ""));
    cell.dataset.value = String(value);
    return cell;
  }

  function basisWords(row) {
    if (row.basis === "expected") {
      var samples = row.samples === 1 ? tt("exp, 1 sample") : tt("exp, {n} samples", { n: row.samples });
      return samples + (row.depth !== null ? tt(", some searched {depth} plays deep", { depth: row.depth }) : "");
    }
    if (row.basis === "depth-limited") { return tt("open, depth {depth}", { depth: row.depth }); }
    if (row.basis === "exact") { return tt("open, exact"); }
    return tt("now");
  }

  function showAlternatives(h, s) {
    var box = $("alternatives");
    box.replaceChildren();
    var found = decisionAt(h, s);
    var main = verdictOf(found);
    if (!main) {
      var why = s === 0 ? tt("the deal: no play yet") : (s === lastStep(h) ? tt("the end of the hand") : tt("no play judged at this turn"));
      box.appendChild(make("p", "none", why));
      box.dataset.turn = "";
      return;
    }
    box.dataset.turn = String(s);
    var otherView = analysis.verdict === "expected" ? "open-cards" : "expected";
    var other = found[otherView] || null;
    var head = make("p", "decision");
    head.appendChild(make("span", "move", tt("{seat} played {move}", { seat: main.seat, move: main.played })));
    if (main.mark) { head.appendChild(document.createTextNode(" ")); head.appendChild(markBadge(main.mark)); }
    box.appendChild(head);
    var facts = [];
    if (!main.unforced) { facts.push(tt("forced: the only move")); }
    else if (main.basis === "immediate") { facts.push(tt("loss {loss} (now)", { loss: main.loss })); }
    else { facts.push(tt("loss {loss} ({basis})", { loss: signed(main.loss).replace("+", "") + (main.basis === "expected" ? plusMinus(main.error) : ""), basis: basisWords(main) })); }
    if (other && other.unforced && other.basis !== "immediate") {
      facts.push(tt("open cards: loss {loss}", { loss: signed(other.loss).replace("+", "") + (other.mark ? " " + other.mark : "") }));
    }
    if (!main.hand_known) { facts.push(tt("the hand of {seat} is not written: only the played tile's ends are listed", { seat: main.seat })); }
    box.appendChild(make("p", "facts", facts.join(" \u00b7 ")));
    if (main.note) { box.appendChild(make("p", "note", tt(main.note))); }
    var table = make("table", "options");
    var head2 = make("tr");
    var key = VIEW_KEY[analysis.verdict];
    var columns = [[tt("move"), tt("the legal move (placements that leave the same position counted once)")], [tt("now"), tt("points scored at once")], [tt(key), tt("value: {key}", { key: tt(key) })]];
    if (other) { columns.push([tt(VIEW_KEY[otherView]), tt("value: {key}", { key: tt(VIEW_KEY[otherView]) })]); }
    columns.forEach(function (c, i) {
      var th = make("th", i ? "num" : "", c[0]);
      th.title = tt("{what} (see \u201cWhat the figures are\u201d)", { what: c[1] });
      head2.appendChild(th);
    });
    table.appendChild(head2);
    var otherValues = {};
    if (other) { other.options.forEach(function (o) { otherValues[o[0]] = o; }); }
    main.options.forEach(function (o) {
      var tr = make("tr");
      tr.dataset.move = o[0];
      if (o[0] === main.played) { tr.classList.add("chosen"); }
      if (o[0] === main.best) { tr.classList.add("best"); }
      var name = make("td", "move", o[0]);
      if (o[0] === main.played) { name.appendChild(make("span", "tag", " " + tt("played"))); }
      if (o[0] === main.best && main.unforced) { name.appendChild(make("span", "tag", " " + tt("best"))); }
      tr.appendChild(name);
      tr.appendChild(make("td", "num now", o[1]));
      var c = figureCell(main.basis === "immediate" ? null : o[2], o[3], main.basis);
      c.classList.add("v-" + key);
      tr.appendChild(c);
      if (other) {
        var p = otherValues[o[0]];
        var d = figureCell(p && other.basis !== "immediate" ? p[2] : null, p ? p[3] : null, other.basis);
        d.classList.add("v-" + VIEW_KEY[otherView]);
        tr.appendChild(d);
      }
      table.appendChild(tr);
    });
    box.appendChild(table);
  }

  // The graph: the expected final point difference after each judged play, over a hand or the
  // game (hands one after another). Points are (step, value); x runs over the steps.
  var graphPlaces = [];  // per drawn hand: its x offset, for the cursor

  function graphSeries() {
    var out = analysis.series.map(function () { return []; });
    var offset = 0;
    graphPlaces = [];
    var range = graphMode === "hand" ? [pos.hand] : hands.map(function (x, i) { return i; });
    range.forEach(function (h) {
      var g = hands[h].analysis.graph;
      var base = graphMode === "game" ? g.start : analysis.series.map(function () { return 0; });
      graphPlaces[h] = offset;
      g.points.forEach(function (p) {
        out[p[0]].push({ x: offset + p[1], y: base[p[0]] + p[2], mark: p[3], seat: p[4], hand: h, step: p[1] });
      });
      var last = lastStep(h);
      var ends = graphMode === "game" ? g.after : g.end;
      if (ends) {
        ends.forEach(function (v, k) { out[k].push({ x: offset + last, y: v, mark: null, hand: h, step: last, end: true }); });
      }
      offset += last + 1;
    });
    return { series: out, width: Math.max(offset - 1, 1) };
  }

  var GRAPH = { w: 640, h: 170, left: 44, right: 10, top: 10, bottom: 18 };

  // The graph is drawn at the width of its box (one unit a pixel: legible text on a phone),
  // and again when that width changes.
  function graphWidth() {
    var width = Math.round($("graph").clientWidth);
    return width ? Math.max(300, Math.min(1200, width)) : GRAPH.w;
  }

  function drawGraph() {
    GRAPH.w = graphWidth();
    var drawn = graphSeries();
    var top = 10;
    drawn.series.forEach(function (points) { points.forEach(function (p) { top = Math.max(top, Math.abs(p.y)); }); });
    top = Math.ceil(top / 10) * 10;
    var innerW = GRAPH.w - GRAPH.left - GRAPH.right, innerH = GRAPH.h - GRAPH.top - GRAPH.bottom;
    function X(x) { return GRAPH.left + innerW * x / drawn.width; }
    function Y(y) { return GRAPH.top + innerH * (top - y) / (2 * top); }
    var svg = svgNode("svg", { viewBox: "0 0 " + GRAPH.w + " " + GRAPH.h, "class": "graph " + graphMode, role: "img" });
    svg.appendChild(svgNode("rect", { x: GRAPH.left, y: GRAPH.top, width: innerW, height: innerH, "class": "plot" }));
    [top, 0, -top].forEach(function (v) {
      svg.appendChild(svgNode("line", { x1: GRAPH.left, x2: GRAPH.left + innerW, y1: Y(v), y2: Y(v), "class": v ? "grid" : "zero" }));
      var label = svgNode("text", { x: GRAPH.left - 4, y: Y(v) + 4, "class": "axis" });
      label.textContent = signed(v);
      svg.appendChild(label);
    });
    if (graphMode === "hand") {
      [[0, tt("deal")], [drawn.width, tt("end")]].forEach(function (at) {
        var t = svgNode("text", { x: X(at[0]), y: GRAPH.h - 4, "class": "axis step-name" });
        t.textContent = at[1];
        svg.appendChild(t);
      });
    } else {
      hands.forEach(function (hand, h) {
        var x = X(graphPlaces[h]);
        if (h) { svg.appendChild(svgNode("line", { x1: x, x2: x, y1: GRAPH.top, y2: GRAPH.top + innerH, "class": "hand-edge" })); }
        var room = X(graphPlaces[h] + lastStep(h)) - x;
        if (room < 12) { return; }
        var t = svgNode("text", { x: x + 2, y: GRAPH.h - 4, "class": "axis hand-name" });
        t.textContent = room > 46 ? tt("hand {n}", { n: hand.number }) : String(hand.number);
        svg.appendChild(t);
      });
    }
    svg.appendChild(svgNode("line", { id: "graph-cursor", x1: 0, x2: 0, y1: GRAPH.top, y2: GRAPH.top + innerH, "class": "cursor" }));
    drawn.series.forEach(function (points, k) {
      if (!points.length) { return; }
      svg.appendChild(svgNode("polyline", { points: points.map(function (p) { return X(p.x).toFixed(1) + "," + Y(p.y).toFixed(1); }).join(" "), "class": "line s" + k }));
    });
    drawn.series.forEach(function (points, k) {
      points.forEach(function (p) {
        var marked = !!p.mark;
        var dot = svgNode("circle", { cx: X(p.x).toFixed(1), cy: Y(p.y).toFixed(1), r: marked ? 5.5 : (p.end ? 3.5 : 2.5),
          "class": (marked ? "dot " + MARK_CLASS[p.mark] : (p.end ? "end s" + k : "pt s" + k)) });
        dot.dataset.hand = String(hands[p.hand].number);
        dot.dataset.step = String(p.step);
        dot.dataset.value = String(p.y);
        if (marked) { dot.dataset.mark = p.mark; }
        var tip = svgNode("title");
        var at = tt("hand {n}", { n: hands[p.hand].number }) + ", " + stepName(p.hand, p.step);
        var figure = analysis.series.length > 1 ? tt("{value} for {who}", { value: signed(p.y), who: analysis.series[k].who }) : signed(p.y);
        tip.textContent = p.end ? tt("{at}: the outcome {figure}", { at: at, figure: figure }) :
          tt("{at}: {seat} {mark} \u00b7 expected {figure}", { at: at, seat: p.seat, mark: p.mark || "", figure: figure });
        dot.appendChild(tip);
        dot.addEventListener("click", function () { go(p.hand, p.step); });
        svg.appendChild(dot);
      });
    });
    $("graph").replaceChildren(svg);
    $("graph-hand").setAttribute("aria-pressed", String(graphMode === "hand"));
    $("graph-game").setAttribute("aria-pressed", String(graphMode === "game"));
    moveCursor(pos.hand, pos.step);
  }

  function moveCursor(h, s) {
    var cursor = document.getElementById("graph-cursor");
    if (!cursor) { return; }
    var drawnW = graphMode === "hand" ? lastStep(h) : null;
    if (drawnW === null) {
      var total = 0;
      hands.forEach(function (x, i) { total += lastStep(i) + 1; });
      drawnW = Math.max(total - 1, 1);
    }
    var offset = graphMode === "hand" ? 0 : graphPlaces[h];
    var x = GRAPH.left + (GRAPH.w - GRAPH.left - GRAPH.right) * (offset + s) / Math.max(drawnW, 1);
    cursor.setAttribute("x1", x.toFixed(1));
    cursor.setAttribute("x2", x.toFixed(1));
  }

  function showTab(which) {
    var summary = which === "summary";
    $("summary").hidden = !summary;
    document.querySelector("main").hidden = summary;
    $("timeline").hidden = summary;
    $("tab-board").setAttribute("aria-selected", String(!summary));
    $("tab-summary").setAttribute("aria-selected", String(summary));
    document.body.dataset.tab = which;
  }

  // The tables' heads (each said with tt where it is shown).
  var PLAYER_HEADS = {
    player: N_("player"), decisions: N_("moves"), unforced: N_("unforced"), marked: N_("marked"), error_rate: N_("error rate"),
    dubious: "?!", mistakes: "?", blunders: "??", missed: N_("points missed"), missed_se: "\u00b1",
    missed_now: N_("missed now"), unclaimed: N_("unclaimed"), muggins_lost: N_("Muggins lost"), muggins_gained: N_("Muggins gained")
  };
  var LEDGER_HEADS = {
    earned: N_("earned"), claimed: N_("claimed"), unclaimed: N_("unclaimed"), lost: N_("lost"), muggins_lost: N_("Muggins lost"),
    taken_back: N_("taken back"), muggins_gained: N_("Muggins gained"), over_claimed: N_("over-claimed"), penalty: N_("penalty"),
    end_points: N_("end of hand")
  };

  function headRow(names) {
    var tr = make("tr");
    names.forEach(function (n, i) { tr.appendChild(make("th", i ? "num" : "", tt(n))); });
    return tr;
  }

  function traced(turns) {
    return turns.map(function (t) {
      return t[1] === null ? tt("hand {hand} end", { hand: t[0] }) : tt("hand {hand} turn {turn}", { hand: t[0], turn: t[1] });
    }).join("; ");
  }

  function ledgerRows(table, wantHands) {
    var ledger = analysis.ledger;
    table.replaceChildren();
    table.appendChild(headRow([wantHands ? N_("who, hand") : N_("who")].concat(ledger.columns.map(function (c) { return LEDGER_HEADS[c] || c; }))));
    ledger.lines.forEach(function (line) {
      if ((line.hand !== null) !== wantHands) { return; }
      var tr = make("tr");
      tr.dataset.who = line.who;
      var name = line.name && line.name !== line.who ? line.name + " (" + line.who + ")" : line.who;
      var label = line.kind === "side" ? tt("{name}, team", { name: name }) : name;
      tr.appendChild(make("td", "", label + (wantHands ? " \u00b7 " + tt("hand {n}", { n: line.hand }) : "")));
      line.values.forEach(function (v, i) {
        var td = make("td", "num", v === null ? "" : v);
        td.dataset.column = ledger.columns[i];
        if (line.turns[i] && line.turns[i].length) { td.title = traced(line.turns[i]); }
        tr.appendChild(td);
      });
      table.appendChild(tr);
    });
  }

  /* The analysis' summary tab, its legend and the graph's title, in the language chosen. */
  function sayAnalysis() {
    var players = $("players");
    players.replaceChildren();
    var columns = Object.keys(PLAYER_HEADS);
    players.appendChild(headRow(columns.map(function (c) { return PLAYER_HEADS[c]; })));
    analysis.players.forEach(function (row) {
      var tr = make("tr");
      tr.dataset.player = row.player;
      columns.forEach(function (c) {
        var v = row[c];
        var text = v;
        if (c === "error_rate") { text = v === null ? "\u2014" : rounded(v * 100, 0) + "%"; }
        else if (c === "missed" || c === "missed_se") { text = String(rounded(v, 1)); }
        var td = make("td", c === "player" ? "" : "num", text);
        td.dataset.column = c;
        tr.appendChild(td);
      });
      players.appendChild(tr);
    });
    $("summary-line").textContent = (analysis.summary ? tt(analysis.summary) + ". " : "") +
      tt("Error rate = marked / unforced decisions; points missed (\u00b1 its standard error) and missed now are over the unforced decisions, on the {key} and the now figures (see \u201cWhat the figures are\u201d); Muggins lost and gained: points taken by calls.",
        { key: tt(VIEW_KEY[analysis.verdict]) });
    ledgerRows($("ledger"), false);
    ledgerRows($("ledger-hands"), true);
    var legend = $("legend");
    legend.replaceChildren();
    analysis.legend.forEach(function (row) {
      legend.appendChild(make("dt", "", tt(row[0])));
      legend.appendChild(make("dd", "", tt(row[1])));
    });
    $("hidden-note").textContent = analysis.hidden ? tt(analysis.hidden) : "";
    $("hidden-note").hidden = !analysis.hidden;
    $("graph-title").textContent = (analysis.verdict === "expected" ? tt("Expected final point difference ({difference})", { difference: tt(analysis.difference) }) :
      tt("Final point difference, open cards ({difference})", { difference: tt(analysis.difference) }));
    if (analysis.series.length > 1) {
      var key = make("span", "series-key");
      analysis.series.forEach(function (s, k) { key.appendChild(make("span", "s" + k, "\u25cf " + (s.who && s.who !== s.side ? s.who + " (" + s.side + ")" : s.side))); });
      $("graph-title").appendChild(key);
    }
  }

  function buildSummary() {
    sayAnalysis();
    ["tabs", "graph-box", "alternatives-box", "legend-box"].forEach(function (id) { $(id).hidden = false; });
    $("tab-board").addEventListener("click", function () { showTab("board"); });
    $("tab-summary").addEventListener("click", function () { showTab("summary"); });
    $("graph-hand").addEventListener("click", function () { graphMode = "hand"; drawGraph(); });
    $("graph-game").addEventListener("click", function () { graphMode = "game"; drawGraph(); });
    window.addEventListener("resize", function () { if (hands.length && graphWidth() !== GRAPH.w) { drawGraph(); } });
    showTab("board");
  }

  function go(h, s) {
    if (!hands.length) { return; }
    pos.hand = Math.max(0, Math.min(hands.length - 1, h));
    pos.step = Math.max(0, Math.min(lastStep(pos.hand), s));
    show();
  }

  function step(delta) {
    var h = pos.hand, s = pos.step + delta;
    if (s > lastStep(h) && h < hands.length - 1) { h += 1; s = 0; }
    if (s < 0 && h > 0) { h -= 1; s = lastStep(h); }
    go(h, s);
  }

  /* The header's words: said again when the language changes. */
  function headerText() {
    document.title = data.title + " \u2014 " + tt("muggins viewer");
    $("title").textContent = data.title;
    var meta = [data.meta.site, data.meta.date, tt("rules: {rules}", { rules: data.meta.rules }), data.meta.file].filter(function (x) { return x; });
    $("meta").textContent = meta.join(" \u00b7 ") + " \u00b7 " + sides.map(function (s) {
      return s.who && s.who !== s.side ? s.who + " (" + s.side + ")" : s.side;
    }).join(" v ") + (data.as ? " \u00b7 " + tt("as {seat} sees it: the other hands face down", { seat: data.as }) : "");
    $("comments").replaceChildren();
    data.comments.forEach(function (c) { $("comments").appendChild(make("p", "comment", c)); });
    if (data.comments_hidden) {
      $("comments").appendChild(make("p", "note comments-hidden", tt("comments are not shown in {seat}'s view: a comment can name tiles {seat} could not see", { seat: data.as })));
    }
    var record = $("record-findings");
    record.replaceChildren();
    data.findings.forEach(function (f) { record.appendChild(make("li", f.severity, f.severity + " " + f.code + ": " + tt(f.message))); });
    var select = $("hand");
    var chosen = select.value;
    select.replaceChildren();
    hands.forEach(function (hand, i) {
      var count = hand.findings.length;
      var findings = count === 1 ? tt("1 finding") : tt("{n} findings", { n: count });
      var option = make("option", "", tt("hand {n}", { n: hand.number }) + (count ? " (" + findings + ")" : ""));
      option.value = String(i);
      select.appendChild(option);
    });
    if (chosen) { select.value = chosen; }
  }

  function header() {
    if (data.as) { document.body.dataset.as = data.as; }
    if (analysis) { buildSummary(); }
    headerText();
    var select = $("hand");
    I18N.switcher($("controls"), function () {
      headerText();
      if (analysis) { sayAnalysis(); }
      builtHand = -1;
      if (hands.length) { show(); } else { $("where").textContent = tt("this record has no hands"); }
    });
    select.addEventListener("change", function () { go(Number(select.value), 0); });
    $("first").addEventListener("click", function () { go(pos.hand, 0); });
    $("prev").addEventListener("click", function () { step(-1); });
    $("next").addEventListener("click", function () { step(1); });
    $("last").addEventListener("click", function () { go(pos.hand, lastStep(pos.hand)); });
    document.addEventListener("keydown", function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey || (e.target && e.target.tagName === "SELECT")) { return; }
      var moves = { ArrowRight: 1, ArrowLeft: -1 };
      if (e.key in moves) { step(moves[e.key]); }
      else if (e.key === "Home") { go(pos.hand, 0); }
      else if (e.key === "End") { go(pos.hand, lastStep(pos.hand)); }
      else { return; }
      e.preventDefault();
    });
  }

  header();
  if (!hands.length) {
    $("where").textContent = tt("this record has no hands");
    return;
  }
  var wanted = /^#h(\d+)s(\d+)$/.exec(location.hash);
  var start = 0;
  if (wanted) {
    hands.forEach(function (hand, i) { if (hand.number === Number(wanted[1])) { start = i; } });
  }
  go(start, wanted ? Number(wanted[2]) : 0);
})();
