// Shared helpers of the vegas-tutor boards (plain functions, no imports): vegas_tutor.tutor.assets puts
// this file in front of each board's ES module, so the browser receives one self-contained module.

/**
 * Build an element. `attrs`: "class", "text", "html" is NOT supported (text only, no injection),
 * "on<event>" handlers, "data-*", "aria-*" and any other attribute; `false`/`null`/`undefined` skip it.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node|string|number|null|undefined|false|Array<any>)} children
 * @returns {HTMLElement}
 */
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") node.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "text") node.textContent = String(value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "style" && typeof value === "object") Object.assign(node.style, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  appendAll(node, children);
  return node;
}

/** @param {Node} node @param {Array<any>} children */
function appendAll(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** A bill in the rulebook's notation: 80000 -> "$80k". @param {number} amount */
function money(amount) {
  if (amount === 0) return "$0";
  return amount % 1000 === 0 ? `$${amount / 1000}k` : `$${Math.round(amount).toLocaleString("en-US")}`;
}

/** An expectation in thousands with one decimal: 77015.2 -> "$77.0k". @param {number} amount */
function moneyAbout(amount) {
  return `$${(amount / 1000).toFixed(1)}k`;
}

/** A probability as a percentage a learner reads: 0.4567 -> "46%", 0.003 -> "<1%". @param {number} p */
function percent(p) {
  if (p <= 0) return "0%";
  if (p >= 1) return "100%";
  if (p < 0.01) return "<1%";
  if (p > 0.99) return ">99%";
  return `${Math.round(p * 100)}%`;
}

/** "1 die" / "3 dice". @param {number} n */
function diceWord(n) {
  return `${n} ${n === 1 ? "die" : "dice"}`;
}

/** The die face as a Unicode glyph (with its number beside it in the text). @param {number} face */
function faceGlyph(face) {
  return ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"][face - 1] ?? "?";
}

/**
 * Replace `el`'s content with `build()`'s, keeping keyboard focus on the element with the same
 * `data-key` (a re-drawn button keeps the focus a learner gave it).
 * @param {HTMLElement} el
 * @param {() => Node} build
 */
function redraw(el, build) {
  const active = /** @type {HTMLElement|null} */ (document.activeElement);
  const key = active && el.contains(active) ? active.getAttribute("data-key") : null;
  const hadFocus = active === el;
  el.replaceChildren(build());
  if (key) {
    const again = /** @type {HTMLElement|null} */ (el.querySelector(`[data-key="${CSS.escape(key)}"]`));
    if (again && !again.hasAttribute("disabled")) again.focus();
    else el.focus();
  } else if (hadFocus) {
    el.focus();
  }
}

/**
 * Call `fn` once after the current burst of synchronous model changes (one sync message sets several
 * traits; the view is drawn once).
 * @param {() => void} fn
 */
function coalesce(fn) {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      fn();
    });
  };
}

/**
 * @typedef {{ get: (name: string) => any, send: (msg: object) => void,
 *             on: (event: string, fn: () => void) => void, off: (event: string, fn: () => void) => void }} Model
 */

/**
 * The render shell every board shares: the root element's classes and role, one redraw per burst of model
 * changes (in `changes`), the arrow keys of a scenario stepper, the board's own keys, and the clean-up.
 * `view(send, drawNow)` builds the content; `summary()` the text after "<title>. " in the root's label;
 * `keys(event)` the message a key sends (or null).
 * @param {{ model: Model, el: HTMLElement }} props
 * @param {{ prefix: string, title: string, changes: string[], view: (send: (msg: object) => void, drawNow: () => void) => Node,
 *           summary: () => string, keys?: (event: KeyboardEvent) => object|null }} board
 * @returns {() => void} the clean-up
 */
function mountBoard({ model, el }, { prefix, title, changes, view, summary, keys }) {
  el.classList.add("vt-widget", `${prefix}-root`);
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "region");
  el.setAttribute("aria-roledescription", title);
  /** @param {object} msg */
  const send = (msg) => model.send(msg);
  const draw = () => {
    const start = performance.now();
    redraw(el, () => view(send, draw));
    el.setAttribute("aria-label", `${title}. ${summary()}`);
    el.dataset.drawMs = (performance.now() - start).toFixed(1);  // read by the benchmarks
    el.dataset.version = String(model.get("version"));
  };
  const later = coalesce(draw);
  for (const name of changes) model.on(`change:${name}`, later);
  /** @param {KeyboardEvent} event */
  const onKey = (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if (event.altKey || event.ctrlKey || event.metaKey || target.closest("input, select, textarea")) return;
    const stepper = model.get("stepper");
    const msg = stepper && stepper.id && (event.key === "ArrowRight" || event.key === "ArrowLeft")
      ? { type: "step", to: event.key === "ArrowRight" ? "next" : "back" }
      : keys ? keys(event) : null;
    if (msg) {
      send(msg);
      event.preventDefault();
    }
  };
  el.addEventListener("keydown", onKey);
  draw();
  return () => {
    for (const name of changes) model.off(`change:${name}`, later);
    el.removeEventListener("keydown", onKey);
  };
}

/** " Keys: right and left arrows step the example." while a scenario is stepped, else "". @param {Model} model */
function stepperKeys(model) {
  const stepper = model.get("stepper");
  return stepper && stepper.id ? " Keys: right and left arrows step the example." : "";
}

/**
 * A scenario stepper's panel: the example's id and title, the step count, the narration, Back / Next / Restart.
 * @param {string} prefix the board's class prefix ("lv", "ld", "lov")
 * @param {{ id: string, title: string, index: number, count: number, narration: string }} stepper
 * @param {(msg: object) => void} send
 */
function stepperPanel(prefix, stepper, send) {
  const atStart = stepper.index === 0;
  const atEnd = stepper.index === stepper.count - 1;
  const button = (to, text, disabled, label) => h("button", {
    type: "button", class: [`${prefix}-button`, to === "next" && `${prefix}-primary`], "data-key": `step-${to}`, disabled,
    "aria-label": label, onclick: () => send({ type: "step", to }),
  }, text);
  return h("section", { class: ["vt-stepper", `${prefix}-stepper`], "aria-label": `Example ${stepper.id}: ${stepper.title}` },
    h("h3", {}, h("span", { class: `${prefix}-tag`, text: stepper.id }), " ", stepper.title),
    h("p", { class: ["vt-step-count", `${prefix}-step-count`], text: `Step ${stepper.index + 1} of ${stepper.count}` }),
    h("p", { class: ["vt-narration", `${prefix}-narration`], "aria-live": "polite", text: stepper.narration }),
    h("div", { class: "vt-step-buttons" },
      button("back", "◀ Back", atStart, "Previous step"),
      button("next", "Next ▶", atEnd, "Next step"),
      button("restart", "↺ Restart", atStart, "Back to the first step")));
}

/**
 * The line that says why the last move was refused (always present, so screen readers hear it change).
 * @param {string} prefix @param {Model} model
 */
function errorLine(prefix, model) {
  const error = model.get("error");
  return h("p", { class: ["vt-error", `${prefix}-error`, !error && "vt-error-none"], role: "alert" },
    error ? [h("span", { "aria-hidden": "true", text: "⚠ " }), h("strong", { text: "Not allowed: " }), error] : null);
}

/** Which of a die's 3 × 3 cells hold a pip, by face. */
const PIP_CELLS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

/** A face's pips on a 3 × 3 grid (`<prefix>-pips`, cells `<prefix>-pip` or `<prefix>-nopip`). @param {string} prefix @param {number} face */
function pipGrid(prefix, face) {
  const cells = new Set(PIP_CELLS[face] || []);
  return h("span", { class: `${prefix}-pips`, "aria-hidden": "true" },
    Array.from({ length: 9 }, (_, i) => h("span", { class: cells.has(i) ? `${prefix}-pip` : `${prefix}-nopip` })));
}
