// params.js: the page's URL parameters (embed mode and test settings), checked.
// ?embed=1 &lang=it &levels=hard,normal,hard &target=500 &seed=42 &speed=slow|normal|fast|instant
// &analysis=0 (the analysis worker boots only when a review is opened: for benchmarks)

import { LEVELS, SPEEDS, isTarget } from "./state.js";
import { LANGUAGES } from "./i18n.js";

export function readParams(search = location.search) {
  const q = new URLSearchParams(search);
  const out = {};
  if (q.get("embed") === "1") out.embed = true;
  const lang = q.get("lang");
  if (lang && Object.hasOwn(LANGUAGES, lang)) out.lang = lang;
  const levels = (q.get("levels") || "").split(",").filter(Boolean);
  if (levels.length === 3 && levels.every((l) => LEVELS.includes(l))) out.levels = levels;
  const target = Number(q.get("target"));
  if (isTarget(target)) out.target = target;
  const seedText = q.get("seed");
  if (seedText !== null && /^\d{1,15}$/.test(seedText)) out.seed = Number(seedText);
  const speed = q.get("speed");
  if (speed && Object.hasOwn(SPEEDS, speed)) out.speed = speed;
  if (q.get("analysis") === "0") out.lateAnalysis = true;
  return out;
}
