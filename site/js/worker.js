// worker.js: module Web Worker that runs the Python engine.
// Boot: {kind: "boot", config} from engine-client.js -> load the self-hosted Pyodide, install the
// belote wheel from the site itself, import belote.bridge; then every {id, method, params} is
// answered by belote.bridge.handle (JSON in, JSON out). Messages to the page:
//   {kind: "progress", stage}  {kind: "ready", info}  {kind: "boot_error", error}
//   {id, ok, result} | {id, ok: false, error, type}          (docs/contracts.md "Bridge")

import { BUILD } from "./build-info.js";

let handle = null;
let booting = null;

function post(msg) {
  self.postMessage(msg);
}

async function fetchBytes(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new Error(`cannot fetch ${url}: ${e.message}`);
  }
  if (!response.ok) throw new Error(`cannot fetch ${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function boot(config) {
  // The page and this worker must come from one build: never run a mix of two deploys.
  if (config.build !== BUILD.build) {
    throw new Error(`the page is build ${config.build} but the engine worker is build ${BUILD.build}: reload the page`);
  }
  const root = new URL(config.siteRoot);
  const indexURL = new URL(config.pyodideDir, root).href;
  const wheelURL = new URL(config.wheel, root).href;
  // The wheel downloads while the runtime boots; unpacking it is then ~tens of ms.
  const wheelBytes = config.wheelMethod === "unpack" ? fetchBytes(wheelURL) : null;
  if (wheelBytes) wheelBytes.catch(() => {});

  let loadPyodide;
  try {
    ({ loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href));
  } catch (e) {
    throw new Error(`cannot load the Python runtime (${indexURL}pyodide.mjs): ${e.message}`);
  }
  const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: (s) => console.warn(s) });
  post({ kind: "progress", stage: "engine" });

  if (config.wheelMethod === "loadPackage") {
    const errors = [];
    await pyodide.loadPackage(wheelURL, { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
    if (errors.length) throw new Error(`cannot install ${wheelURL}: ${errors.join("; ")}`);
  } else {
    const bytes = await wheelBytes;
    const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
    try {
      pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
    } catch (e) {
      throw new Error(`cannot install ${wheelURL}: ${e.message}`);
    }
    // Only site-packages changed, so only its finder forgets its listing:
    // importlib.invalidate_caches() would also re-read the stdlib zip's index (~40 ms).
    pyodide.runPython(`import sys
finder = sys.path_importer_cache.get(${JSON.stringify(sitePackages)})
if finder is not None:
    finder.invalidate_caches()`);
  }
  post({ kind: "progress", stage: "import" });
  const bridge = pyodide.pyimport("belote.bridge");
  handle = bridge.handle;
  // bytecode: the engine came precompiled (the cp3XX wheel), so the import compiled nothing
  const infoProxy = pyodide.runPython(
    "import belote; [getattr(belote, '__version__', ''), belote.__spec__.origin.endswith('.pyc')]",
  );
  const [version, bytecode] = infoProxy.toJs();
  infoProxy.destroy();
  return { pyodide: pyodide.version, belote: version, build: BUILD.build, bytecode };
}

function answer(msg) {
  let reply;
  try {
    reply = handle(JSON.stringify({ id: msg.id, method: msg.method, params: msg.params ?? {} }));
  } catch (e) {
    post({ id: msg.id, ok: false, error: String(e.message || e), type: "InternalError" });
    return;
  }
  post(JSON.parse(reply));
}

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg && msg.kind === "boot") {
    if (booting) return;
    booting = boot(msg.config);
    try {
      post({ kind: "ready", info: await booting });
    } catch (e) {
      post({ kind: "boot_error", error: String((e && e.message) || e) });
    }
    return;
  }
  if (!handle) {
    try {
      await booting;
    } catch {
      post({ id: msg.id, ok: false, error: "the engine did not start", type: "BootError" });
      return;
    }
  }
  answer(msg);
};
