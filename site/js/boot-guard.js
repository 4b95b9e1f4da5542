// boot-guard.js: a classic script that index.html runs before its modules. When a module cannot
// be loaded or compiled (a missing or corrupt file, an old cached copy beside a new one), none of
// the page's modules runs and nothing else could say so: this script then puts a short message
// and a Reload button in place of the loading spinner (at the top of the alerts area).
// What it watches: the page's module scripts, which all run (or fail) before DOMContentLoaded.
// That moment does not wait for the Python runtime (the engine worker downloads it), so a slow
// first visit never trips it, and from then on boot failures are the modules' own to show
// (role=alert + Retry, js/main.js). A script error after DOMContentLoaded is not its business.
// i18n.js reports here too (window event "belote:load-failed", {detail: {reason}}) when no
// catalogue at all can be read: with no strings, only this script's own texts can speak.
// Texts: the six languages' own few words here (i18n.js may be the very file that failed); the
// reason stays in English, like the engine's boot_failed reasons.
(function () {
  "use strict";

  var TEXTS = {
    en: ["The game could not load: {reason}", "Reload"],
    fr: ["Le jeu n’a pas pu se charger : {reason}", "Recharger"],
    lt: ["Nepavyko įkelti žaidimo: {reason}", "Įkelti iš naujo"],
    it: ["Impossibile caricare il gioco: {reason}", "Ricarica"],
    vi: ["Không thể tải trò chơi: {reason}", "Tải lại"],
    hi: ["खेल लोड नहीं हो सका: {reason}", "फिर से लोड करें"],
  };
  // Scripts still missing this long after the page began (a stalled download): say so; if they
  // arrive after all and run cleanly, the message goes again.
  var STALL_MS = 60000;

  var failure = null; // the first failure a module reported before DOMContentLoaded
  var parsed = false; // DOMContentLoaded has fired: every module script has run or failed
  var box = null; // the message, once shown
  var spinner = null; // what #loading held before it

  function own(object, key) {
    return Object.prototype.hasOwnProperty.call(object, key);
  }

  /** The page's language as js/main.js picks it: lang=, the stored choice, the browser's. */
  function language() {
    var wanted = [];
    try {
      wanted.push(new URLSearchParams(location.search).get("lang"));
    } catch (e) { /* no usable URL: the other sources decide */ }
    try {
      var stored = JSON.parse(localStorage.getItem("belote.settings.v1") || "null");
      if (stored && typeof stored === "object") wanted.push(stored.lang);
    } catch (e) { /* storage refused or unreadable */ }
    var tags = navigator.languages || [navigator.language || "en"];
    for (var i = 0; i < tags.length; i++) wanted.push(String(tags[i]).toLowerCase().split("-")[0]);
    for (var j = 0; j < wanted.length; j++) {
      if (typeof wanted[j] === "string" && own(TEXTS, wanted[j])) return wanted[j];
    }
    return "en";
  }

  var SELF = document.currentScript ? document.currentScript.src : location.href;

  /** A URL of the site as a path from its root ("js/main.js"). */
  function sitePathOf(url) {
    var root = new URL("../", SELF).href;
    return String(url).indexOf(root) === 0 ? String(url).slice(root.length) : String(url);
  }

  function describe(event) {
    var where = event.filename ? " (" + sitePathOf(event.filename) + (event.lineno ? ":" + event.lineno : "") + ")" : "";
    return (event.message || "script error") + where;
  }

  function show(reason) {
    var lang = language();
    var text = TEXTS[lang];
    if (!box) {
      box = document.createElement("div");
      box.id = "load-error";
      box.className = "alert alert-load";
      box.setAttribute("role", "alert");
      box.lang = lang;
      var p = document.createElement("p");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "primary";
      button.addEventListener("click", function () { location.reload(); });
      box.append(p, button);
    }
    box.firstChild.textContent = text[0].replace("{reason}", function () { return String(reason); });
    box.lastChild.textContent = text[1];
    place();
    box.lastChild.focus();
    // A render main.js asked for before it stopped (i18n.js) comes first in this frame and
    // rebuilds the alerts area and aria-busy: place the message again after it.
    requestAnimationFrame(place);
  }

  /** The message at the top of the alerts area (render.js does not run, or no longer changes
   * it), the spinner and its "Loading" text gone, the page no longer busy. */
  function place() {
    if (!box) return;
    var loading = document.getElementById("loading");
    if (loading && !spinner) {
      spinner = Array.prototype.slice.call(loading.childNodes);
      loading.replaceChildren();
    }
    if (!box.isConnected) {
      var alerts = document.getElementById("alerts") || document.body;
      alerts.prepend(box);
      box.lastChild.focus();
    }
    var table = document.getElementById("table");
    if (table) table.setAttribute("aria-busy", "false");
  }

  /** The scripts arrived after all (a stall) and ran: the page is the modules' again. */
  function hide() {
    var loading = document.getElementById("loading");
    if (box) box.remove();
    if (loading && spinner) loading.replaceChildren.apply(loading, spinner);
    box = null;
    spinner = null;
  }

  window.addEventListener("error", function (event) {
    if (parsed || failure) return;
    var target = event.target;
    if (target && target.tagName === "SCRIPT") failure = "cannot load " + sitePathOf(target.src || "a script");
    else if (event.message !== undefined) failure = describe(event); // a module that does not compile or link
  }, true);

  var stall = setTimeout(function () {
    if (!parsed) show("the page's scripts did not arrive within " + STALL_MS / 1000 + " s");
  }, STALL_MS);

  document.addEventListener("DOMContentLoaded", function () {
    parsed = true;
    clearTimeout(stall);
    if (failure) show(failure);
    else hide();
  });

  window.addEventListener("belote:load-failed", function (event) {
    event.preventDefault(); // tells the reporter the message is up
    show(event.detail && event.detail.reason ? event.detail.reason : "unknown error");
  });
})();
