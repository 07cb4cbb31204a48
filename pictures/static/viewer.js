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

  function $(id) { return document.getElementById(id); }
  function make(tag, className, text) {
    var e = document.createElement(tag);
    if (className) { e.className = className; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function lastStep(h) { return hands[h].turns.length + 1; }
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  function picture(h, s) {
    var key = h + "/" + s;
    if (!cache[key]) {
      var doc = parser.parseFromString(hands[h].pictures[s], "image/svg+xml");
      cache[key] = document.importNode(doc.documentElement, true);
    }
    return cache[key];
  }

  function stepName(h, s) {
    if (s === 0) { return "the deal"; }
    if (s === lastStep(h)) { return "end of the hand"; }
    return "turn " + s;
  }

  function claimText(t) {
    if (t.kind === "play") {
      if (t.claim === null && !t.correct) { return ""; }
      return (t.claim === null ? "no claim" : "claimed " + t.claim) + " \u00b7 makes " + t.correct;
    }
    if (t.kind === "muggins") { return "took " + t.claim + " \u00b7 gets " + t.correct; }
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
      var label = s === 0 ? "deal" : (s === lastStep(h) ? "end" : String(s));
      var cell = make("button", "", label);
      cell.type = "button";
      cell.dataset.step = String(s);
      var turn = s > 0 && s < lastStep(h) ? hand.turns[s - 1] : null;
      if (turn) { cell.classList.add(turn.kind); }
      if (worst[s]) { cell.classList.add("f-" + worst[s]); }
      var tip = stepName(h, s) + (turn ? ": " + turn.text : "");
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
      li.appendChild(make("span", "claim", claimText(t)));
      if (claimWrong(t)) { li.classList.add("wrong"); }
      li.addEventListener("click", go.bind(null, h, t.n));
      list.appendChild(li);
    });
    var findings = $("findings");
    findings.replaceChildren();
    if (!hand.findings.length) { findings.appendChild(make("li", "none", "no findings in this hand")); }
    hand.findings.forEach(function (f) {
      var li = make("li");
      var b = make("button", f.severity);
      b.type = "button";
      b.dataset.step = String(f.turn);
      b.appendChild(make("span", "where", (f.at_end ? "end of the hand" : "turn " + f.turn) + " \u00b7 " + f.severity + " "));
      b.appendChild(make("span", "code", f.code));
      b.appendChild(make("span", "message", ": " + f.message));
      b.addEventListener("click", go.bind(null, h, f.turn));
      li.appendChild(b);
      findings.appendChild(li);
    });
    $("hand").value = String(h);
    builtHand = h;
  }

  function showScores(h, s) {
    var hand = hands[h];
    var table = $("scores");
    table.replaceChildren();
    var atEnd = s === lastStep(h) && hand.sheet;
    var head = make("tr");
    head.appendChild(make("th", "", ""));
    head.appendChild(make("th", "num", "score"));
    if (atEnd) {
      head.appendChild(make("th", "num", "sheet says"));
      head.appendChild(make("th", "num", "claims add to"));
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
      box.appendChild(make("div", "move", "turn " + s + ": " + turn.text));
      var claim = claimText(turn);
      if (claim) { box.appendChild(make("div", claimWrong(turn) ? "claim wrong" : "claim", claim)); }
      turn.comments.forEach(function (c) { box.appendChild(make("div", "comment", c)); });
    } else if (s === 0) {
      box.appendChild(make("div", "move", "hand " + hand.number + ": the deal"));
      hand.comments.forEach(function (c) { box.appendChild(make("div", "comment", c)); });
    } else {
      box.appendChild(make("div", "move", "end of hand " + hand.number + ": " + hand.outcome));
      if (hand.award) { box.appendChild(make("div", "", hand.award)); }
    }
    var count = hand.counts[s];
    if (s > 0) { box.appendChild(make("div", "count", "ends count " + count[0] + (count[1] ? ", scores " + count[1] : ""))); }
    hand.findings.forEach(function (f) {
      if (f.turn === s) { box.appendChild(make("div", "finding " + f.severity, f.severity + " " + f.code + ": " + f.message)); }
    });
  }

  function show() {
    var h = pos.hand, s = pos.step, hand = hands[h];
    if (builtHand !== h) { buildHand(h); }
    $("picture").replaceChildren(picture(h, s));
    $("where").textContent = "hand " + hand.number + " of " + hands.length + " \u00b7 " + stepName(h, s) +
      (s > 0 && s < lastStep(h) ? " of " + hand.turns.length : "");
    Array.prototype.forEach.call($("timeline").children, function (cell) {
      cell.classList.toggle("now", cell.dataset.step === String(s));
    });
    Array.prototype.forEach.call($("turn-list").children, function (li) {
      var here = li.dataset.step === String(s);
      li.classList.toggle("now", here);
      if (here && li.scrollIntoView) { li.scrollIntoView({ block: "nearest" }); }
    });
    Array.prototype.forEach.call($("findings").querySelectorAll("button"), function (b) {
      b.classList.toggle("here", b.dataset.step === String(s));
    });
    showScores(h, s);
    showDetail(h, s);
    $("first").disabled = s === 0;
    $("prev").disabled = h === 0 && s === 0;
    $("next").disabled = h === hands.length - 1 && s === lastStep(h);
    $("last").disabled = s === lastStep(h);
    document.body.dataset.hand = String(hand.number);
    document.body.dataset.step = String(s);
    try { history.replaceState(null, "", "#h" + hand.number + "s" + s); } catch (e) { /* file: pages may refuse */ }
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

  function header() {
    document.title = data.title + " \u2014 muggins viewer";
    $("title").textContent = data.title;
    var meta = [data.meta.site, data.meta.date, "rules: " + data.meta.rules, data.meta.file].filter(function (x) { return x; });
    $("meta").textContent = meta.join(" \u00b7 ") + " \u00b7 " + sides.map(function (s) {
      return s.who && s.who !== s.side ? s.who + " (" + s.side + ")" : s.side;
    }).join(" v ");
    data.comments.forEach(function (c) { $("comments").appendChild(make("p", "comment", c)); });
    var record = $("record-findings");
    data.findings.forEach(function (f) { record.appendChild(make("li", f.severity, f.severity + " " + f.code + ": " + f.message)); });
    var select = $("hand");
    hands.forEach(function (hand, i) {
      var option = make("option", "", "hand " + hand.number + (hand.findings.length ? " (" + plural(hand.findings.length, "finding") + ")" : ""));
      option.value = String(i);
      select.appendChild(option);
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
    $("where").textContent = "this record has no hands";
    return;
  }
  var wanted = /^#h(\d+)s(\d+)$/.exec(location.hash);
  var start = 0;
  if (wanted) {
    hands.forEach(function (hand, i) { if (hand.number === Number(wanted[1])) { start = i; } });
  }
  go(start, wanted ? Number(wanted[2]) : 0);
})();
