// input.js: clicks, taps and keys become intents: onIntent(name, arg, event) (the click, for its count).
//   "play" (a card code or bid), "hint", "last-trick", "score-sheet", "new-game", ...
// Arrow keys (and Home, End) move through the playable cards of the hand and the bids;
// Enter/Space press the button.

const SHORTCUTS = { h: "hint", l: "last-trick", s: "score-sheet", n: "new-game" };

const ROVE_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];

/** Focuses the enabled button of `row` that `key` leads to from `from` (wrapping round); the button
 * focused, or null when the row has none. */
function rove(row, from, key) {
  const buttons = [...row.querySelectorAll("button:not([disabled])")];
  if (!buttons.length) return null;
  let i = buttons.indexOf(from);
  if (key === "ArrowLeft" || key === "ArrowUp") i = (i - 1 + buttons.length) % buttons.length;
  else if (key === "ArrowRight" || key === "ArrowDown") i = (i + 1) % buttons.length;
  else i = key === "Home" ? 0 : buttons.length - 1;
  buttons[i].focus();
  return buttons[i];
}

export function bindInput(root, onIntent, { onHandFocus } = {}) {
  // How the person plays, on <html data-input>: on a touch screen the turn's focus (render.js
  // focusTurn) draws no keyboard ring, which read there as a suggested bid; a key brings it back.
  const page = document.documentElement;
  page.dataset.input = matchMedia("(pointer: coarse)").matches ? "touch" : "keyboard";
  document.addEventListener("pointerdown", (event) => {
    page.dataset.input = event.pointerType === "mouse" ? "mouse" : "touch";
  }, true);

  root.addEventListener("click", (event) => {
    const target = event.target.closest("button, a");
    if (!target || target.disabled) return;
    if (target.closest("#hand") && target.dataset.card) onIntent("play", target.dataset.card);
    else if (target.closest("#bids") && target.dataset.action) onIntent("play", target.dataset.action);
    else if (target.dataset.intent) onIntent(target.dataset.intent, target, event);
  });

  document.addEventListener("keydown", (event) => {
    page.dataset.input = "keyboard";
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    // The hand and the bids: the arrows (and Home, End) move the focus along their enabled buttons.
    const row = event.target.closest && event.target.closest("#hand, #bids");
    if (row && ROVE_KEYS.includes(event.key)) {
      const moved = rove(row, event.target, event.key);
      if (!moved) return;
      event.preventDefault();
      if (row.id === "hand" && onHandFocus) onHandFocus(moved.dataset.card);
      return;
    }
    const tag = event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (document.querySelector("dialog[open]")) return;
    const intent = SHORTCUTS[shortcutLetter(event)];
    if (intent) {
      event.preventDefault();
      onIntent(intent, null);
    }
  });
}

/** The letter of a shortcut key: the one typed on a Latin layout (AZERTY, Dvorak keep theirs),
 * else the key's place ("KeyH"), so H, L, S and N work on a Hindi or Lithuanian layout too. */
function shortcutLetter(event) {
  if (/^[a-z]$/i.test(event.key)) return event.key.toLowerCase();
  if ([...event.key].length !== 1) return ""; // Enter, F1, arrows: not a letter typed
  return (/^Key([A-Z])$/.exec(event.code || "")?.[1] || "").toLowerCase();
}
