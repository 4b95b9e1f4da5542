// stdlib.mjs: the game's trimmed standard library, built and checked in the pinned Pyodide
// (in Node, the same runtime the page boots). build_wheel.py runs both commands.
//
//   node tools/stdlib.mjs trim  <pyodide dir> <module list> <out dir>
//        -> prints <out dir>/python_stdlib-<hash>.zip: tools/trim_stdlib.py, run by a Pyodide
//           with its full library (and -X no_debug_ranges), compiles the listed modules
//   node tools/stdlib.mjs check <pyodide dir> <stdlib zip> <engine wheel>
//        -> boots a Pyodide with that zip as its only library (stdLibURL, and the empty lock
//           file the page passes), installs the engine wheel the way js/worker.js does and runs
//           tools/stdlib_check.py (the bridge, the three AI levels, a whole match, the review, the error
//           paths). Exits 1 when a check fails: e.g. a module the game imports is not listed.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [command, pyodideDir, ...args] = process.argv.slice(2);
if (!["trim", "check"].includes(command) || args.length !== 2) {
  console.error("usage: node tools/stdlib.mjs trim <pyodide dir> <module list> <out dir>\n" +
                "       node tools/stdlib.mjs check <pyodide dir> <stdlib zip> <engine wheel>");
  process.exit(2);
}
// An uncaught PythonError would print a line of the minified runtime: print its message only.
process.on("uncaughtException", (e) => {
  console.error(`tools/stdlib.mjs ${command}: ${(e && e.message) || e}`);
  process.exit(1);
});
const here = dirname(fileURLToPath(import.meta.url));
const indexURL = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
const quiet = { stdout: () => {}, stderr: (s) => console.error(s) };

async function trim(listPath, outDir) {
  const py = await loadPyodide({ indexURL, args: ["-X", "no_debug_ranges"], ...quiet });
  py.FS.mkdirTree("/work/out");
  py.FS.writeFile("/work/trim_stdlib.py", readFileSync(join(here, "trim_stdlib.py")));
  py.FS.writeFile("/work/stdlib_modules.txt", readFileSync(listPath));
  const built = py.runPython(`
import sys
sys.path.insert(0, "/work")
from pathlib import Path
import trim_stdlib
modules = trim_stdlib.read_module_list(Path("/work/stdlib_modules.txt"))
str(trim_stdlib.trim(Path(trim_stdlib.stdlib_mount()), modules, Path("/work/out")))
`);
  mkdirSync(outDir, { recursive: true });
  const dest = join(outDir, basename(built));
  writeFileSync(dest, py.FS.readFile(built));
  console.log(dest);
}

async function check(zipPath, wheelPath) {
  const lock = JSON.parse(readFileSync(join(indexURL, "pyodide-lock.json"), "utf8"));
  const py = await loadPyodide({
    indexURL, stdLibURL: resolve(zipPath), lockFileContents: { info: lock.info, packages: {} }, ...quiet,
  });
  // The worker's install: unpack the wheel into site-packages, refresh that finder only.
  const sitePackages = py.runPython("import site; site.getsitepackages()[0]");
  py.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });
  py.runPython(`import sys
finder = sys.path_importer_cache.get(${JSON.stringify(sitePackages)})
if finder is not None:
    finder.invalidate_caches()`);
  py.FS.mkdirTree("/work");
  py.FS.writeFile("/work/stdlib_check.py", readFileSync(join(here, "stdlib_check.py")));
  let report;
  try {
    py.runPython("import belote.bridge");
    report = JSON.parse(py.runPython(`
import sys, json
sys.path.insert(0, "/work")
import stdlib_check
json.dumps(stdlib_check.main([p for p in sys.path if p.endswith(".zip")][0]))
`));
  } catch (e) {
    report = { ok: false, checks: [{ name: "import belote.bridge", ok: false, error: String(e.message || e) }], unused: [] };
  }
  // A Python error reaching JavaScript: its message is the traceback, formatted in Python.
  let ok = false;
  let error = "no exception reached JavaScript";
  try {
    py.runPython("raise LookupError('stdlib check')");
  } catch (e) {
    ok = e.constructor.name === "PythonError" && /Traceback[\s\S]*LookupError: stdlib check/.test(e.message);
    error = String(e.message || e);
  }
  report.checks.push({ name: "python_error_in_js", ok, ...(ok ? { summary: "PythonError with its traceback" } : { error }) });
  report.ok &&= ok;
  for (const c of report.checks) console.log(`${c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.ok ? c.summary : c.error}`);
  if (report.unused.length) console.log(`listed but never imported: ${report.unused.join(" ")}`);
  if (!report.ok) {
    console.error(`the game does not run on the trimmed standard library ${basename(zipPath)}: ` +
                  "add the missing module to tools/stdlib_modules.txt");
    process.exit(1);
  }
}

if (command === "trim") await trim(...args);
else await check(...args);
