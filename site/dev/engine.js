// Boots the engine worker without the game UI, for the e2e tests and the wheel-install measurement.
import { createEngine } from "../js/engine-client.js";

const params = new URLSearchParams(location.search);
const out = document.getElementById("out");
const app = document.getElementById("app");
const stages = [];
let download = null; // the last {loaded, total} the boot reported
const engine = createEngine({
  wheelMethod: params.get("wheel") || undefined,
  timeoutMs: Number(params.get("timeout")) || 30000,
  onProgress: (p) => stages.push(p),
  onDownload: (d) => { download = d; },
});
try {
  const info = await engine.ready;
  const t0 = performance.now();
  const snap = await engine.call("new_game", { owner: "dev-engine-page", seed: 7, target: 500, levels: ["easy", "easy", "easy"] });
  const firstCall = performance.now() - t0;
  const action = snap.view.legal_actions[0];
  const played = await engine.call("play", { action });
  let refused = null;
  try {
    await engine.call("play", { action: "jh" });
  } catch (e) {
    refused = { type: e.type, message: e.message };
  }
  const result = { info, stages, download, firstCallMs: Math.round(firstCall), action, events: played.steps[0].events, refused };
  out.textContent = JSON.stringify(result, null, 1);
  app.dataset.result = JSON.stringify(result);
  app.dataset.ready = "1";
} catch (e) {
  out.textContent = `${e.type}: ${e.message}`;
  out.setAttribute("role", "alert");
  app.dataset.error = e.type;
  app.dataset.ready = "error";
}
