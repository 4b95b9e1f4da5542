// read_params_probe.mjs: runs the page's readParams (site/js/params.js) in Node for
// tests/test_fuzz_params.py. The first line out is the domains the page checks against; then for
// every line in, {search, viaLocation}, one line out: what readParams gave (with each value's JS
// type, so nothing is lost to JSON), or the exception it threw, and what URLSearchParams decoded.
// Globals the browser has and Node lacks are stubbed: `location` (readParams() reads
// location.search when called without an argument).
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

globalThis.location = { search: "" };
const site = process.argv[2];
const { readParams } = await import(pathToFileURL(`${site}/js/params.js`).href);
const { LEVELS, SPEEDS } = await import(pathToFileURL(`${site}/js/state.js`).href);
const { LANGUAGES } = await import(pathToFileURL(`${site}/js/i18n.js`).href);

const protoNames = () => Object.getOwnPropertyNames(Object.prototype).sort().join(",");
const baseline = protoNames();
const say = (obj) => process.stdout.write(`${JSON.stringify(obj)}\n`);

say({ levels: LEVELS, speeds: Object.keys(SPEEDS), languages: Object.keys(LANGUAGES) });
for await (const line of createInterface({ input: process.stdin })) {
  const { search, viaLocation } = JSON.parse(line);
  const out = { pairs: [...new URLSearchParams(search)] };
  try {
    let result;
    if (viaLocation) {
      globalThis.location.search = search;
      result = readParams();
    } else {
      result = readParams(search);
    }
    out.result = result;
    out.types = Object.fromEntries(Object.entries(result).map(([k, v]) => [k, Array.isArray(v) ? "array" : typeof v]));
    out.ownKeys = Reflect.ownKeys(result).map(String);
    out.plainObject = Object.getPrototypeOf(result) === Object.prototype;
    out.safeNumbers = Object.values(result).every((v) => typeof v !== "number" || Number.isSafeInteger(v));
  } catch (e) {
    out.thrown = String(e && e.stack ? e.stack : e);
  }
  out.prototypeIntact = protoNames() === baseline && ({}).polluted === undefined;
  say(out);
}
