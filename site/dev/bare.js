// The benchmark baseline: a bare page of the npm Pyodide runtime as it ships (its defaults: the
// full python_stdlib.zip and pyodide-lock.json), booted in a module worker, answering one
// Python call. No wheel, no engine, no UI, no service worker: what the game is measured against.
const app = document.getElementById("app");
const worker = new Worker(new URL("bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  document.getElementById("out").textContent = event.data.ok
    ? `Python ${event.data.version} answered.`
    : `Boot failed: ${event.data.error}`;
  app.dataset.ready = event.data.ok ? "1" : "error";
};
