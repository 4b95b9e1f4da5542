// live.js: screen-reader announcements through the page's aria-live log (#live).

const KEEP = 8;

export function announce(text) {
  const log = document.getElementById("live");
  if (!log || !text) return;
  const p = document.createElement("p");
  p.textContent = text;
  log.append(p);
  while (log.childElementCount > KEEP) log.firstElementChild.remove();
}
