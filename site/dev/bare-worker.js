import { BUILD } from "../js/build-info.js";

const indexURL = new URL(`../${BUILD.pyodideDir}`, import.meta.url).href;
try {
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL });
  self.postMessage({ ok: true, version: pyodide.runPython("import sys; sys.version.split()[0]") });
} catch (e) {
  self.postMessage({ ok: false, error: String(e && e.message || e) });
}
