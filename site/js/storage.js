// storage.js: the saved match and the UI settings in localStorage. Reading never throws:
// a missing, unreadable or malformed entry comes back as {error} for the caller to report.

const SAVE_KEY = "belote.save.v1";
const SETTINGS_KEY = "belote.settings.v1";

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

/** {save} with the bridge's save object, {error} when present but unreadable, or {} when none. */
export function loadGame() {
  const { value, error } = read(SAVE_KEY);
  if (error) return { error };
  if (value === null) return {};
  if (typeof value !== "object" || typeof value.save !== "object" || value.save === null) {
    return { error: "unexpected shape" };
  }
  return { save: value.save };
}

export function saveGame(save) {
  return write(SAVE_KEY, { save, savedAt: new Date().toISOString() });
}

export function clearGame() {
  try {
    localStorage.removeItem(SAVE_KEY);
  } catch {
    /* nothing to clear */
  }
}

export function loadSettings() {
  const { value } = read(SETTINGS_KEY);
  return value && typeof value === "object" ? value : {};
}

export function saveSettings(settings) {
  return write(SETTINGS_KEY, settings);
}
