// compile_wheel.mjs: run tools/compile_wheel.py under the site's own Pyodide, in Node, so the
// bytecode matches the runtime the page boots exactly (same CPython build, same magic number).
//
//   node tools/compile_wheel.mjs <pyodide dir> <pure wheel> <out dir>   -> prints the new wheel's path
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, wheelPath, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: node tools/compile_wheel.mjs <pyodide dir> <pure wheel> <out dir>");
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", stdout: () => {}, stderr: (s) => console.error(s) });
pyodide.FS.mkdirTree("/work/in");
pyodide.FS.writeFile("/work/compile_wheel.py", readFileSync(join(here, "compile_wheel.py")));
pyodide.FS.writeFile(`/work/in/${basename(wheelPath)}`, new Uint8Array(readFileSync(wheelPath)));
const out = pyodide.runPython(`
import sys
sys.path.insert(0, "/work")
from pathlib import Path
import compile_wheel
str(compile_wheel.compile_wheel(Path("/work/in/${basename(wheelPath)}"), Path("/work/out")))
`);
mkdirSync(outDir, { recursive: true });
const dest = join(outDir, basename(out));
writeFileSync(dest, pyodide.FS.readFile(out));
console.log(dest);
