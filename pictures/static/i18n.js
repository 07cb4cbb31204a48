/* The page's own words in English, Spanish or Portuguese (muggins.i18n): the browser's language
   first, then the switch on the page. The translations are data (#muggins-words: {"es": {english:
   spanish}, ...}); tt(text, args) says a text (its fields filled from args) in the language chosen, and the
   elements written in the page's HTML with data-t (their text) or a title / aria-label are said
   again whenever the language changes. */
var I18N = (function () {
  "use strict";
  var LANGUAGES = ["en", "es", "pt"];
  var NAMES = { en: "English", es: "Español", pt: "Português" };
  var words = {};
  var node = document.getElementById("muggins-words");
  if (node) { words = JSON.parse(node.textContent); }
  var lang = "en";
  var wanted = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"]);
  for (var i = 0; i < wanted.length; i++) {
    var code = String(wanted[i]).slice(0, 2).toLowerCase();
    if (LANGUAGES.indexOf(code) >= 0) { lang = code; break; }
  }
  var listeners = [];

  function t(text, args) {
    var table = words[lang] || {};
    var said = Object.prototype.hasOwnProperty.call(table, text) ? table[text] : text;
    if (args) {
      said = said.replace(/\{(\w+)\}/g, function (whole, name) {
        return Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : whole;
      });
    }
    return said;
  }

  function apply() {
    document.documentElement.setAttribute("lang", lang);
    var marked = document.querySelectorAll("[data-t]");
    for (var i = 0; i < marked.length; i++) {
      var el = marked[i];
      if (!el.hasAttribute("data-en")) { el.setAttribute("data-en", el.textContent); }
      el.textContent = t(el.getAttribute("data-en"));
    }
    ["title", "aria-label"].forEach(function (attr) {
      var all = document.querySelectorAll("[" + attr + "]:not([data-dynamic])");
      for (var j = 0; j < all.length; j++) {
        var e = all[j];
        var key = "data-en-" + attr;
        if (!e.hasAttribute(key)) { e.setAttribute(key, e.getAttribute(attr)); }
        e.setAttribute(attr, t(e.getAttribute(key)));
      }
    });
  }

  function use(code) {
    if (LANGUAGES.indexOf(code) < 0) { return; }
    lang = code;
    apply();
    listeners.forEach(function (f) { f(lang); });
  }

  /* A <select> choosing the language, put in `where`; `changed` runs after each change. */
  function switcher(where, changed) {
    var select = document.createElement("select");
    select.id = "lang";
    select.setAttribute("data-dynamic", "");
    select.setAttribute("aria-label", "Language \u00b7 Idioma \u00b7 L\u00edngua");
    LANGUAGES.forEach(function (code) {
      var option = document.createElement("option");
      option.value = code;
      option.textContent = NAMES[code];
      if (code === lang) { option.selected = true; }
      select.appendChild(option);
    });
    select.addEventListener("change", function () { use(select.value); });
    if (changed) { listeners.push(changed); }
    where.appendChild(select);
    return select;
  }

  apply();
  return { t: t, use: use, switcher: switcher, language: function () { return lang; } };
})();
var tt = I18N.t;
/* A text marked for the catalogues, said later with tt(). */
function N_(text) { return text; }
