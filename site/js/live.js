// live.js: screen-reader announcements through an aria-live log: the page's (#live), or, while a
// modal dialog is open, the dialog's own. A modal dialog makes the rest of the page inert, and
// Chromium then leaves #live out of the accessibility tree: what is said there is never heard.

const KEEP = 8;

/** Gives every dialog an empty log of its own (a live region must exist before it changes). */
export function prepareDialogLogs(root = document) {
  for (const dialog of root.querySelectorAll("dialog")) {
    if (dialog.querySelector(":scope > [data-live]")) continue;
    const log = document.createElement("div");
    log.className = "sr-only";
    log.dataset.live = "";
    log.setAttribute("role", "log");
    log.setAttribute("aria-live", "polite");
    log.setAttribute("aria-relevant", "additions");
    dialog.append(log);
  }
}

/** Says `text` where a screen reader can hear it now. */
export function announce(text) {
  const modal = document.querySelector("dialog:modal");
  const log = (modal && modal.querySelector(":scope > [data-live]")) || document.getElementById("live");
  if (!log || !text) return;
  const p = document.createElement("p");
  p.textContent = text;
  // in the language it was said in: the log keeps its last lines over a language switch, and a
  // screen reader reading them back would read them with the new language's voice
  p.lang = document.documentElement.lang;
  log.append(p);
  while (log.childElementCount > KEEP) log.firstElementChild.remove();
}
