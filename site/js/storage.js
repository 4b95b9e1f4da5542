// storage.js: the UI settings in localStorage, and the match a previous build saved there.
// (The match in progress is kept by the engine worker in IndexedDB: js/match-store.js.)
// Reading never throws: a missing, unreadable or malformed entry comes back as {error}.

const LEGACY_SAVE_KEY = "belote.save.v1"; // builds before the worker kept the match
const SETTINGS_KEY = "belote.settings.v1";
const SHOWN_KEY = "belote.shown.v1"; // the last move of the match this browser's table showed

function read(key) {
  let raw;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return { value: null };
  }
  if (raw === null) return { value: null };
  try {
    return { value: JSON.parse(raw) };
  } catch (e) {
    return { value: null, error: `not JSON: ${e.message}` };
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // private mode or full storage: play on without saving
  }
}

/** The match a previous build left in localStorage: {save}, {error} when unreadable, or {} when none. */
export function loadLegacySave() {
  const { value, error } = read(LEGACY_SAVE_KEY);
  if (error) return { error };
  if (value === null) return {};
  if (typeof value !== "object" || typeof value.save !== "object" || value.save === null) {
    return { error: "unexpected shape" };
  }
  return { save: value.save };
}

/** Forgets that match once the engine has stored it (never before: nothing is lost). */
export function clearLegacySave() {
  try {
    localStorage.removeItem(LEGACY_SAVE_KEY);
  } catch {
    /* storage refused: nothing to clear */
  }
}

export function loadSettings() {
  const { value } = read(SETTINGS_KEY);
  return value && typeof value === "object" ? value : {};
}

export function saveSettings(settings) {
  return write(SETTINGS_KEY, settings);
}

/** The last move the table showed of match `key` (stats.js matchKey), {key, moves}, or null:
 * a page that comes back plays back the moves after it (the engine decides them ahead). */
export function loadShown() {
  const { value } = read(SHOWN_KEY);
  return value && typeof value.key === "string" && Number.isInteger(value.moves) ? { key: value.key, moves: value.moves } : null;
}

export function saveShown(key, moves) {
  return write(SHOWN_KEY, { key, moves });
}
