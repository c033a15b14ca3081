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
