// i18n.js: every UI string goes through t(key, params); the strings live in i18n/<lang>.json.
// Keys are always written out literally (t("bid_pass"), data-i18n="btn_hint") so that a test
// can find every key in use.
// A value is a string, or for a sentence with a count an object of plural forms keyed by the
// language's CLDR categories ({"one": "{n} card", "other": "{n} cards"}; lt: one few many
// other, vi: other only): the form is chosen by Intl.PluralRules for the one number in params.

import { SEAT_NAME_KEYS } from "./state.js";

export const LANGUAGES = {
  en: "English",
  fr: "Français",
  lt: "Lietuvių",
  it: "Italiano",
  vi: "Tiếng Việt",
  hi: "हिन्दी",
};

let strings = {};
let fallback = {};
let shown = null; // the language whose strings are shown
let asked = 0; // loadLanguage calls made: only the latest one applies its file
let numberFormat = new Intl.NumberFormat("en", { useGrouping: false });
let pluralRules = new Intl.PluralRules("en");

async function fetchStrings(lang) {
  const response = await fetch(new URL(`../i18n/${lang}.json`, import.meta.url));
  if (!response.ok) throw new Error(`i18n/${lang}.json: HTTP ${response.status}`);
  let table;
  try {
    table = await response.json();
  } catch (e) {
    throw new Error(`i18n/${lang}.json: ${e.message}`);
  }
  if (!table || typeof table !== "object" || Array.isArray(table)) throw new Error(`i18n/${lang}.json: not a table of strings`);
  return table;
}

const hasStrings = (table) => Object.keys(table).length > 0;

/**
 * Loads a language (English is the fallback for any missing key) and resolves with the language
 * now shown: the one asked for, or "en" when its file is missing or corrupt (the strings, <html
 * lang> and the caller's saved choice then all say English), or the language already shown when
 * English fails too. Never rejects. When no catalogue at all can be read (the first load, English
 * and the language asked for both failing), the page cannot speak: js/boot-guard.js shows its
 * message with Reload ("belote:load-failed") and the promise never settles: the page stops here.
 * Resolves with null, changing nothing, when a later call was made while its file was on its way
 * (a person arrowing through the language select): the last language asked for wins.
 */
export async function loadLanguage(lang) {
  const mine = ++asked;
  if (!Object.hasOwn(LANGUAGES, lang)) lang = "en";
  let englishError = null;
  if (!hasStrings(fallback)) {
    try {
      fallback = await fetchStrings("en");
    } catch (e) {
      englishError = e;
    }
  }
  let table = null;
  if (lang === "en") {
    if (hasStrings(fallback)) table = fallback;
  } else {
    try {
      table = await fetchStrings(lang);
    } catch (e) {
      console.warn(`${e.message}: English instead`);
    }
  }
  if (mine !== asked) return null; // superseded: the later call decides
  if (!table && hasStrings(fallback)) {
    lang = "en";
    table = fallback;
  }
  if (!table) {
    if (shown) return shown; // English is missing too: keep the language on show
    reportUnreadable(englishError ? englishError.message : `i18n/${lang}.json`);
    return new Promise(() => {});
  }
  strings = table;
  shown = lang;
  numberFormat = new Intl.NumberFormat(lang, { useGrouping: false });
  pluralRules = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
  return lang;
}

/** No strings at all: boot-guard.js shows its own few words (a page without it gets an error). */
function reportUnreadable(reason) {
  const event = new CustomEvent("belote:load-failed", { detail: { reason }, cancelable: true });
  if (window.dispatchEvent(event)) throw new Error(`no translations could be read: ${reason}`);
}

/** The language to use: a remembered choice, else the first of navigator.languages we have. */
export function pickLanguage(remembered) {
  if (remembered && Object.hasOwn(LANGUAGES, remembered)) return remembered;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (Object.hasOwn(LANGUAGES, base)) return base;
  }
  return "en";
}

/** A score, a deal's number, a target: never grouped, as a score sheet writes them ("1002" against
 * "1000"), and narrow enough for the score bar (tests read a score as a plain integer too). */
export function formatNumber(n) {
  return numberFormat.format(n);
}

/** A statistic (a count, or an average with `digits` decimals): grouped as the language writes
 * it, "12,345" in English, since counts over matches grow past thousands. A group separator that
 * is a word space (Lithuanian's) is narrowed to the narrow no-break space French already uses: the
 * digits stay one number, and a 6-digit count still fits a 360x480 embed's two-figure rows. */
export function formatCount(n, digits = 0) {
  const options = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return new Intl.NumberFormat(shown || "en", options).format(n).replace(/\u00a0/g, "\u202f");
}

/** The plural form of `forms` for the count among params (a counted sentence has one number). */
function pluralForm(forms, params) {
  const numbers = Object.values(params).filter((v) => typeof v === "number");
  const category = numbers.length === 1 ? pluralRules.select(numbers[0]) : "other";
  return forms[category] ?? forms.other ?? "";
}

/** t("announce_card", {player: "West", card: "jack of hearts"}); numbers go through Intl. */
export function t(key, params = {}) {
  const value = strings[key] ?? fallback[key] ?? key;
  const template = typeof value === "string" ? value : pluralForm(value, params);
  return template.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return typeof value === "number" ? formatNumber(value) : String(value);
  });
}

// Sentences about a seat: the person (seat 0) gets its own wording ("You win", not "You wins").
const YOU_KEYS = {
  announce_pass: "announce_pass_you",
  announce_take: "announce_take_you",
  announce_card: "announce_card_you",
  announce_trick: "announce_trick_you",
  announce_new_deal: "announce_new_deal_you",
  trick_winner: "trick_winner_you",
  contract_line: "contract_line_you",
};

/** The seat's name in the current language: "You", "West", "North", "East". */
export function seatName(seat) {
  return t(SEAT_NAME_KEYS[seat]);
}

/** t() for a sentence whose subject is `seat`: the "_you" wording when it is the person. */
export function tSeat(key, seat, params = {}) {
  return seat === 0 && YOU_KEYS[key] ? t(YOU_KEYS[key], params) : t(key, params);
}

/** Has this key a translation (used for the engine's hint reason keys)? */
export function hasKey(key) {
  return Object.hasOwn(strings, key) || Object.hasOwn(fallback, key);
}

/** Fills static markup: data-i18n (text), data-i18n-label (aria-label), data-i18n-title. */
export function applyStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}
