// dialogs.js: the modal dialogs (native <dialog>: focus stays inside, Escape closes, focus
// returns to the opener). Content is built from state when a dialog opens.

import { t, LANGUAGES, formatNumber } from "./i18n.js";
import { state, update, TARGETS, LEVELS, SPEEDS, isTarget, matchView } from "./state.js";
import { sheetContent, lastTrickContent } from "./render.js";
import { renderReview } from "./review-view.js";
import { statsContent } from "./stats-view.js";

const byId = (id) => document.getElementById(id);

export function openDialog(id) {
  const dlg = byId(id);
  if (state.dialog && state.dialog !== id) byId(state.dialog).close();
  fill(id);
  if (!dlg.open) {
    dlg.showModal(); // focuses the first button: a score sheet's first deal
    // Drawn as it opens, not at the next frame: for that frame it showed what it last held (the
    // review of another deal). The review draws only into an open dialog.
    if (id === "dlg-review") renderReview();
    // With no deal in it, that was Statistics, though Close is the one drawn as the default.
    if (id === "dlg-sheet" && !byId("sheet-body").querySelector("button")) dlg.querySelector("[data-intent='close-dialog']").focus();
  }
  update({ dialog: id });
}

export function closeDialogs() {
  if (state.dialog) byId(state.dialog).close(); // its "close" event clears state.dialog (see bindDialogs)
}

/** Keeps state.dialog true when a dialog closes by itself (Escape, a form's method=dialog).
 * onClosed(id): a dialog closed with no other opened in its place. */
export function bindDialogs(onClosed) {
  for (const dlg of document.querySelectorAll("dialog")) {
    dlg.addEventListener("close", () => {
      if (state.dialog === dlg.id) {
        update({ dialog: null });
        onClosed(dlg.id);
      }
    });
  }
}

/** Rebuilds the content of whichever dialog is open (e.g. after a language switch). */
export function refreshOpenDialog() {
  if (state.dialog) fill(state.dialog);
}

function fill(id) {
  if (id === "dlg-sheet") byId("sheet-body").replaceChildren(...sheetContent(matchView())); // the match's, even during a practice
  if (id === "dlg-last") byId("last-body").replaceChildren(...lastTrickContent(state.view));
  if (id === "dlg-over") {
    const v = state.view;
    const [us, them] = v ? v.scores : [0, 0];
    byId("over-text").textContent = v && v.winner === 0 ? t("match_won", { us, them }) : t("match_lost", { us, them });
  }
  if (id === "dlg-new") fillNewGame();
  if (id === "dlg-stats") {
    byId("stats-body").replaceChildren(...statsContent(state.stats));
    byId("stats-reset").textContent = t(state.stats?.confirm ? "stats_reset_confirm" : "stats_reset");
    byId("stats-reset").hidden = !!state.stats?.unread;
  }
}

export function fillLanguageSelect(select) {
  if (!select.options.length) {
    for (const [code, name] of Object.entries(LANGUAGES)) {
      const o = document.createElement("option");
      o.value = code;
      o.lang = code;
      o.textContent = name;
      select.append(o);
    }
  }
  select.value = state.settings.lang;
}

function fillNewGame() {
  const form = byId("new-game-form");
  const s = state.settings;
  for (let seat = 1; seat <= 3; seat++) form.elements[`level${seat}`].value = s.levels[seat - 1];
  const preset = TARGETS.includes(s.target);
  form.elements.target.value = preset ? String(s.target) : "custom";
  form.elements.customTarget.value = preset ? "" : String(s.target);
  form.elements.speed.value = s.speed === "instant" ? "fast" : s.speed;
  fillLanguageSelect(byId("new-game-lang"));
  form.elements.fourColour.checked = !!s.fourColour;
  for (const span of form.querySelectorAll("[data-target-label]")) span.textContent = formatNumber(Number(span.dataset.targetLabel));
}

/** The settings chosen in the new-game form, or null with the custom field flagged invalid. */
export function readNewGame() {
  const form = byId("new-game-form");
  const levels = [1, 2, 3].map((seat) => form.elements[`level${seat}`].value);
  let target = form.elements.target.value;
  const custom = form.elements.customTarget;
  if (target === "custom") {
    const n = Number(custom.value);
    if (!isTarget(n)) {
      custom.setAttribute("aria-invalid", "true");
      custom.focus();
      return null;
    }
    custom.removeAttribute("aria-invalid");
    target = n;
  } else target = Number(target);
  const speed = form.elements.speed.value;
  return {
    levels: levels.every((l) => LEVELS.includes(l)) ? levels : state.settings.levels,
    target,
    speed: Object.hasOwn(SPEEDS, speed) ? speed : "normal",
    lang: form.elements.lang.value,
    fourColour: form.elements.fourColour.checked,
  };
}
