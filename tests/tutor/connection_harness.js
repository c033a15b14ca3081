// A fake clock, page, server and kernel for tests/tutor/test_connection_watch.py (appended to shared.js in node).
let now = 1_000_000;
const timers = [];
let nextId = 1;
Date.now = () => now;
globalThis.performance = { now: () => now };
globalThis.setInterval = (fn, ms) => { const id = nextId++; timers.push({ id, fn, ms, at: now + ms, every: true }); return id; };
globalThis.setTimeout = (fn, ms) => { const id = nextId++; timers.push({ id, fn, ms, at: now + (ms || 0), every: false }); return id; };
globalThis.clearInterval = globalThis.clearTimeout = (id) => { const i = timers.findIndex((x) => x.id === id); if (i >= 0) timers.splice(i, 1); };
async function advance(ms) {
  const end = now + ms;
  for (;;) {
    timers.sort((a, b) => a.at - b.at);
    const next = timers[0];
    if (!next || next.at > end) break;
    now = next.at;
    if (next.every) next.at += next.ms; else timers.shift();
    next.fn();
    await new Promise((r) => setImmediate(r));
  }
  now = end;
  await new Promise((r) => setImmediate(r));
}
const listeners = () => ({ on: {}, addEventListener(k, f) { (this.on[k] ||= []).push(f); },
  removeEventListener(k, f) { this.on[k] = (this.on[k] || []).filter((g) => g !== f); },
  fire(k, e) { for (const f of this.on[k] || []) f(e); } });
globalThis.document = Object.assign(listeners(), { visibilityState: "visible" });
globalThis.window = listeners();
globalThis.location = { pathname: "/voila/render/lesson.ipynb", reload() {} };
const store = new Map();
globalThis.localStorage = { getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, String(v)),
  removeItem: (k) => store.delete(k), key: (i) => [...store.keys()][i], get length() { return store.size; } };
let server = { status: 200, body: { execution_state: "idle" }, down: false };
const asked = [];
globalThis.fetch = async (url) => { asked.push(url); if (server.down) throw new TypeError("network"); return {
  status: server.status, ok: server.status === 200, json: async () => server.body }; };
const signal = () => { const fns = []; return { fns, connect: (f) => fns.push(f), disconnect: (f) => fns.splice(fns.indexOf(f), 1),
  emit: (...a) => fns.forEach((f) => f(...a)) }; };
function fakeModel(answering) {
  const kernel = { id: "k1", status: "idle", connectionStatus: "connected", serverSettings: { baseUrl: "/" },
    statusChanged: signal(), connectionStatusChanged: signal(), reconnects: 0,
    reconnect() { this.reconnects += 1; return Promise.resolve(); },
    session: "first-process", requestKernelInfo() { return Promise.resolve({ header: { session: this.session } }); } };
  const handlers = {};
  const model = { kernel, sent: [], widget_manager: { kernel }, get: (k) => (k === "board_id" ? "b1" : k === "saved" ? model.saved : undefined),
    saved: {}, on: (e, f) => { (handlers[e] ||= []).push(f); }, off: () => {},
    emit: (e, m) => (handlers[e] || []).forEach((f) => f(m)),
    send(msg) { model.sent.push(msg); if (answering.on && msg.type === "ping") queueMicrotask(() => model.emit("msg:custom", { type: "pong", n: msg.n })); } };
  return model;
}
const el = listeners();
const out = {};
