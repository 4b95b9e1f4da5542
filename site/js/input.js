// input.js: clicks, taps and keys become intents: onIntent(name, arg, event) (the click, for its count).
//   "play" (a card code or bid), "hint", "last-trick", "score-sheet", "new-game", ...
// Arrow keys move through the playable cards of the hand; Enter/Space press the button.

const SHORTCUTS = { h: "hint", l: "last-trick", s: "score-sheet", n: "new-game" };

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
    const inHand = event.target.closest && event.target.closest("#hand");
    if (inHand && ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) {
      const cards = [...inHand.querySelectorAll("button:not([disabled])")];
      if (!cards.length) return;
      let i = cards.indexOf(event.target);
      if (event.key === "ArrowLeft" || event.key === "ArrowUp") i = (i - 1 + cards.length) % cards.length;
      else if (event.key === "ArrowRight" || event.key === "ArrowDown") i = (i + 1) % cards.length;
      else if (event.key === "Home") i = 0;
      else i = cards.length - 1;
      event.preventDefault();
      cards[i].focus();
      if (onHandFocus) onHandFocus(cards[i].dataset.card);
      return;
    }
    const bids = event.target.closest && event.target.closest("#bids");
    if (bids && ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) {
      const buttons = [...bids.querySelectorAll("button:not([disabled])")];
      let i = buttons.indexOf(event.target);
      i = event.key === "ArrowLeft" || event.key === "ArrowUp" ? (i - 1 + buttons.length) % buttons.length : (i + 1) % buttons.length;
      event.preventDefault();
      buttons[i].focus();
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
