// The benchmark baseline: boot the game's Pyodide runtime in a module worker, answer one
// Python call, mark the page ready. No wheel, no engine, no UI: what the game must approach.
import { registerServiceWorker } from "../js/sw-register.js";

const app = document.getElementById("app");
let booted;
registerServiceWorker({ after: new Promise((resolve) => { booted = resolve; }) });
const worker = new Worker(new URL("bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  document.getElementById("out").textContent = event.data.ok
    ? `Python ${event.data.version} answered.`
    : `Boot failed: ${event.data.error}`;
  app.dataset.ready = event.data.ok ? "1" : "error";
  booted();
};
