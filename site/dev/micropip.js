// A plain Pyodide page (main thread, no worker, no game UI) installing the engine with micropip.
import { BUILD } from "../js/build-info.js";

const site = new URL("../", import.meta.url);
const out = document.getElementById("out");
const app = document.getElementById("app");

try {
  const { loadPyodide } = await import(new URL(`${BUILD.pyodideDir}pyodide.mjs`, site).href);
  const pyodide = await loadPyodide({ indexURL: new URL(BUILD.pyodideDir, site).href });
  // micropip is not in the pyodide npm package: the site serves its own wheel of it.
  await pyodide.loadPackage(new URL(BUILD.micropipWheel, site).href);
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(new URL(BUILD.wheel, site).href);
  const result = await pyodide.runPythonAsync(`
import json
from belote import Game, __version__
g = Game(seed=1, target=500)
g.play("take")                      # seat 0 takes the turned card
card = g.legal_actions()[0]
events = g.play(card)
json.dumps({"belote": __version__, "played": card, "events": events, "to_act": g.to_act})
`);
  out.textContent = result;
  app.dataset.result = result;
  app.dataset.ready = "1";
} catch (e) {
  out.textContent = `Failed: ${e && e.message || e}`;
  out.setAttribute("role", "alert");
  app.dataset.ready = "error";
}
