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

/** A bill in the notation of the language's rulebook: 80000 -> "$80k" / "80.000 $". @param {number} amount */
function money(amount) {
  if (WORDS.lang === "es") return `${formatNumber(Math.round(amount))}\u00a0$`;
  if (amount === 0) return "$0";
  return amount % 1000 === 0 ? `$${amount / 1000}k` : `$${Math.round(amount).toLocaleString("en-US")}`;
}

/** An expectation to the hundred: 77015.2 -> "$77.0k" / "77.000 $". @param {number} amount */
function moneyAbout(amount) {
  if (WORDS.lang === "es") return `${formatNumber(Math.round(amount / 100) * 100)}\u00a0$`;
  return `$${(amount / 1000).toFixed(1)}k`;
}

/** A probability as a percentage a learner reads: 0.4567 -> "46%" / "46 %", 0.003 -> "<1%". @param {number} p */
function percent(p) {
  const sign = WORDS.lang === "es" ? "\u00a0%" : "%";
  if (p <= 0) return `0${sign}`;
  if (p >= 1) return `100${sign}`;
  if (p < 0.01) return `<1${sign}`;
  if (p > 0.99) return `>99${sign}`;
  return `${Math.round(p * 100)}${sign}`;
}

/** "1 die" / "3 dice" ("1 dado" / "3 dados"). @param {number} n */
function diceWord(n) {
  return tn("{n} die", "{n} dice", n);
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
 * `keys(event)` the message a key sends (or null). Above the content it keeps the board's notice line: the
 * offer to resume a saved game (`gameKeeper`), the game open in another tab, and what the connection to the
 * lesson is (`connectionWatch`); while the lesson cannot be reached (or another tab has the game), every
 * control of the board is disabled and a move is not sent (the notice says so). While Python still computes
 * the odds and the coach after its answer (`updating`), those panels say "Updating…".
 * A view that throws is drawn once more, then replaced by a plain message with a Reload button.
 * @param {{ model: Model, el: HTMLElement }} props
 * `inProgress()` (optional) says whether a game would be lost by leaving the page: then the browser asks first.
 * `keeper(model, changed)` (optional) makes what keeps the board's work in the browser, in `gameKeeper`'s shape
 * (the Practice page keeps its deck with `practiceKeeper`); by default `gameKeeper`.
 * @param {{ prefix: string, title: string, changes: string[], view: (send: (msg: object) => void, drawNow: () => void) => Node,
 *           summary: () => string, keys?: (event: KeyboardEvent) => object|null, inProgress?: () => boolean,
 *           keeper?: (model: Model, changed: () => void) => any }} board
 * @returns {() => void} the clean-up
 */
function mountBoard({ model, el }, { prefix, title, changes, view, summary, keys, inProgress, keeper: makeKeeper }) {
  el.classList.add("vt-widget", `${prefix}-root`);
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "region");
  el.setAttribute("aria-roledescription", title);
  let failures = 0;
  let updatingSince = 0;
  /** @param {object} msg */
  const send = (msg) => {
    if (connection.status === "lost" || connection.status === "stopped" || keeper.tab !== "here") {
      connection.refuse();  // not sent, and said: the learner makes it again when the board answers
      return;
    }
    model.send(msg);
    connection.expectAnswer();
  };
  const build = () => {
    useWords(model);
    const notice = noticeLine(prefix, keeper, connection, send);
    let content;
    try {
      content = view(send, draw);
      failures = 0;
    } catch (error) {
      console.error(`${title} could not be drawn`, error);
      failures += 1;
      if (failures === 1) setTimeout(draw, 300);  // one more try: a model caught half-way through an update
      content = failures === 1 ? h("p", { text: t("Drawing the board…") }) : reloadBox(
        t("This board could not be drawn. Reload the page to try again — your game is saved."));
    }
    return h("div", { class: "vt-frame" }, notice, content);
  };
  const draw = () => {
    const start = performance.now();
    redraw(el, build);
    const offline = connection.status === "lost" || connection.status === "stopped" || keeper.tab !== "here";
    el.classList.toggle("vt-offline", offline);
    const updating = Boolean(model.get("updating"));
    el.dataset.updating = String(updating);
    if (!updating) {
      updatingSince = 0;
    } else if (!updatingSince) {
      updatingSince = performance.now();
      setTimeout(later, UPDATING_SHOWN_AFTER_MS);  // a quick update is never marked (no flicker)
    } else if (performance.now() - updatingSince >= UPDATING_SHOWN_AFTER_MS - 5) {
      markUpdating(el);
    }
    if (offline) {
      for (const control of el.querySelectorAll("button, input, select, textarea")) {
        if (!control.closest(".vt-notice")) /** @type {HTMLButtonElement} */ (control).disabled = true;
      }
    }
    el.setAttribute("aria-label", `${title}. ${summary()}`);
    el.dataset.drawMs = (performance.now() - start).toFixed(1);  // read by the benchmarks
    el.dataset.version = String(model.get("version"));
    el.dataset.connection = connection.status;
    el.dataset.tab = keeper.tab;
    el.dataset.inProgress = String(Boolean(inProgress && inProgress()));  // leaving asks first (read by the tests)
  };
  const later = coalesce(draw);
  const keeper = (makeKeeper || gameKeeper)(model, later);
  const stopCollecting = practiceCollector(model);
  const connection = connectionWatch(model, el, later);
  const watched = [...new Set([...changes, "updating"])];
  for (const name of watched) model.on(`change:${name}`, later);
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
  /** @param {BeforeUnloadEvent} event */
  const onLeave = (event) => {
    if (!inProgress || !inProgress()) return;
    event.preventDefault();  // the browser asks "Leave site?" (the game is kept, but a learner may not know)
    event.returnValue = "";
  };
  window.addEventListener("beforeunload", onLeave);
  draw();
  return () => {
    for (const name of watched) model.off(`change:${name}`, later);
    el.removeEventListener("keydown", onKey);
    window.removeEventListener("beforeunload", onLeave);
    keeper.dispose();
    stopCollecting();
    connection.dispose();
  };
}

/** The panels Python fills in after its answer (answer first): odds, simulation, coach. */
const UPDATING_SHOWN_AFTER_MS = 300;
const UPDATING_PANELS = ".lv-odds, .lv-outlook, .ld-odds, .ld-sim, .lov-odds, .vt-coach";

/**
 * Mark the panels that are still being computed after the board's answer ("updating…", aria-busy).
 * @param {HTMLElement} el
 */
function markUpdating(el) {
  for (const panel of el.querySelectorAll(UPDATING_PANELS)) {
    panel.setAttribute("aria-busy", "true");
    panel.classList.add("vt-panel-updating");
    panel.prepend(h("p", { class: "vt-updating-mark", role: "status", text: t("Updating…") }));
  }
}

/** A plain message with a Reload button (a board that cannot go on without a fresh page). @param {string} text */
function reloadBox(text) {
  return h("div", { class: "vt-reload-box", role: "alert" }, h("p", { text }),
    h("button", { type: "button", class: "vt-notice-button", "data-key": "reload", onclick: () => location.reload() },
      t("Reload the page")));
}

// ----------------------------------------------------------------------------- the game kept in the browser
const SAVED_PREFIX = "vegas-tutor:game:";

/**
 * Where a board's game is kept: the page's address and the board's id (sent by Python); null without an id
 * (a scenario stepper keeps nothing). @param {Model} model
 */
function savedKey(model) {
  const id = model.get("board_id");
  return id ? `${SAVED_PREFIX}${location.pathname}#${id}` : null;
}

/** The kept game under `key` ({record, moves, game, options, at}), or null. @param {string} key */
function readSaved(key) {
  try {
    const kept = JSON.parse(localStorage.getItem(key) || "null");
    return kept && typeof kept.record === "string" && Number.isInteger(kept.moves) ? kept : null;
  } catch (error) {
    return null;  // storage off (private mode) or an entry that is not ours
  }
}

/**
 * Keep `saved` under `key`; when the storage is full, drop the other kept games, oldest first, and try again.
 * @param {string} key @param {{ record: string, moves: number, game: string, options?: object }} saved
 * @returns {boolean} kept
 */
function writeSaved(key, saved) {
  const text = JSON.stringify({ record: saved.record, moves: saved.moves, over: Boolean(saved.over), game: saved.game,
    options: saved.options, at: Date.now() });
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      localStorage.setItem(key, text);
      return true;
    } catch (error) {
      let oldest = null;
      let oldestAt = Infinity;
      try {
        for (let i = 0; i < localStorage.length; i++) {
          const other = localStorage.key(i);
          if (!other || other === key || !other.startsWith(SAVED_PREFIX)) continue;
          const at = (readSaved(other) || { at: 0 }).at || 0;
          if (at < oldestAt) [oldest, oldestAt] = [other, at];
        }
        if (oldest === null) return false;
        localStorage.removeItem(oldest);
      } catch (again) {
        return false;
      }
    }
  }
  return false;
}

/** "just now", "3 minutes ago", "2 hours ago", "on 4/5/2026" ("hace 3 minutos", "el 5/4/2026"). @param {number} at */
function savedAgo(at) {
  const minutes = Math.round((Date.now() - at) / 60000);
  if (!Number.isFinite(minutes) || minutes < 1) return t("just now");
  if (minutes < 60) return tn("{n} minute ago", "{n} minutes ago", minutes);
  if (minutes < 24 * 60) return tn("{n} hour ago", "{n} hours ago", Math.round(minutes / 60));
  return t("on {date}", { date: new Date(at).toLocaleDateString(WORDS.lang === "es" ? "es-ES" : undefined) });
}

/**
 * Keeps the board's game (`saved`, after every accepted move) in the page's local storage. When the page
 * comes back with another game kept for this board, it holds the kept one and offers it (`offer`) until the
 * learner chooses: `resume` sends the learner's options kept with it (the opponents' level, the coach) as
 * ordinary option messages, then the game itself (Python checks it); `fresh` keeps the new game instead.
 * The options go first: Python answers messages in order, so bots that play on at once after the resume
 * play at the kept level, and the coach is on from the first move resumed (a refused game starts a new
 * one, with the options kept). A ping follows; until its pong the kept game stays in storage as it is.
 *
 * One tab at a time keeps a game: the tab holding its lease (`tabLease`) saves it; another tab opening the
 * same lesson is told the game is open elsewhere (`tab` "elsewhere") and saves nothing, until the learner
 * presses "Play here instead" (`takeOver`): that tab takes the lease and resumes the kept game, and the first
 * one, told by a storage event, says the game moved (`tab` "moved") and stops saving.
 * @param {Model} model @param {() => void} changed
 */
function gameKeeper(model, changed) {
  const key = savedKey(model);
  /** The ping sent right after a resume (0: none waiting). Until its pong, the saved changes are the new game's
   * answers to the options sent first: the kept game is not overwritten with them. */
  let resuming = 0;
  const lease = key ? tabLease(`${LEASE_PREFIX}${key.slice(SAVED_PREFIX.length)}`, () => {
    if (keeper.tab === "here") keeper.tab = "moved";
    changed();
  }) : null;
  const keeper = {
    /** Whether this board keeps a game in the browser (a position or a stepper keeps none: nothing is "saved"). */
    keeps: Boolean(key),
    /** @type {{ record: string, moves: number, at: number, options?: any }|null} */ offer: null,
    note: "",
    /** "here" (this tab keeps the game), "elsewhere" (another tab does), "moved" (taken by another tab). */
    tab: "here",
    /** @param {(msg: object) => void} send */
    resume(send) {
      if (!keeper.offer) return;
      const offer = keeper.offer;
      for (const msg of optionMessages(offer.options)) send(msg);
      send({ type: "resume", record: offer.record });
      resuming = Date.now();
      send({ type: "ping", n: resuming });  // answered once Python has taken (or refused) the kept game
      keeper.offer = null;
      changed();
    },
    fresh() {
      keeper.offer = null;
      keep();
      changed();
    },
    /** @param {(msg: object) => void} send */
    takeOver(send) {
      if (!lease) return;
      lease.take();
      keeper.tab = "here";
      const kept = readSaved(/** @type {string} */ (key));
      const current = model.get("saved") || {};
      if (kept && kept.record !== current.record) {
        keeper.offer = kept;  // the other tab's game, taken over at once
        keeper.resume(send);
      } else {
        keep();
      }
      changed();
    },
    /** Why Python refused the kept game just sent ("" unless it was). */
    refused() {
      const saved = model.get("saved") || {};
      return typeof saved.refused === "string" ? saved.refused : "";
    },
    dispose() {
      if (!key || !lease) return;  // a board that keeps no game (a position, a stepper) never listened
      model.off("change:saved", onSaved);
      model.off("msg:custom", onPong);
      lease.dispose();
    },
  };
  if (!key || !lease) return keeper;
  const keep = () => {
    const saved = model.get("saved") || {};
    // A kept game waiting for a choice or for Python to take it, or another tab's game: nothing to write.
    if (keeper.offer || resuming || keeper.tab !== "here") return;
    if (saved.too_long) {
      keeper.note = t("This game is too long to keep in the browser ({size} kB): a reload starts a new one.",
        { size: formatNumber(Math.round(saved.too_long / 1000)) });
    } else if (typeof saved.record === "string") {
      keeper.note = writeSaved(key, saved) ? "" : t("This browser does not keep the game (its storage is off or full).");
    }
  };
  const onSaved = () => {
    keep();
    changed();
  };
  const onPong = (/** @type {any} */ msg) => {
    if (!resuming || !msg || msg.type !== "pong" || msg.n !== resuming) return;
    resuming = 0;  // Python has the kept game now (or refused it): keep what the board holds from here on
    keep();
    changed();
  };
  keeper.tab = lease.claim() ? "here" : "elsewhere";
  const current = model.get("saved") || {};
  const kept = readSaved(key);
  // A finished game is not offered: there is nothing left to play in it.
  if (keeper.tab === "here" && kept && kept.moves > 0 && !kept.over && kept.record !== current.record) keeper.offer = kept;
  keep();
  model.on("change:saved", onSaved);
  model.on("msg:custom", onPong);
  return keeper;
}

/**
 * The option messages that restore the learner's kept choices: the opponents' level, the pace their turns
 * are shown at (Lords of Vegas) and the coach switch (only well-formed values; Python checks them again and
 * refuses a bad one, changing nothing).
 * @param {any} options @returns {object[]}
 */
function optionMessages(options) {
  const messages = [];
  if (!options || typeof options !== "object") return messages;
  for (const name of ["bots", "pace"]) {  // the opponents' level; Lords of Vegas's pace
    const value = options[name];
    if (typeof value === "string" && /^[a-z_]{1,20}$/.test(value)) messages.push({ type: "option", name, value });
  }
  if (typeof options.coach === "boolean") messages.push({ type: "coach", on: options.coach });
  return messages;
}

// ----------------------------------------------------------------------------- exercises from finished games
// At the end of a game a board sends the learner's costliest decisions as exercises (`practice_found`); they
// wait in this browser's inbox (practice_inbox.js) until the Practice page hands them to Python.
/** Keep the exercises a board makes at the end of a game in the inbox. @param {Model} model */
function practiceCollector(model) {
  const collect = () => {
    const found = model.get("practice_found") || {};
    if (Array.isArray(found.exercises) && found.exercises.length) addToInbox(found.exercises);
  };
  model.on("change:practice_found", collect);
  return () => model.off("change:practice_found", collect);
}

// ----------------------------------------------------------------------------- one tab keeps a game
const LEASE_PREFIX = "vegas-tutor:lease:";
const LEASE_RENEW_MS = 2000;
const LEASE_FOR_MS = 10000;
/** This page's own id (a new one on every load: a reloaded tab gives its lease back on `pagehide` first). */
let TAB_ID = (globalThis.crypto && crypto.randomUUID) ? crypto.randomUUID()
  : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The lease under `key` ({tab, at}), or null. @param {string} key */
function readLease(key) {
  try {
    const lease = JSON.parse(localStorage.getItem(key) || "null");
    return lease && typeof lease.tab === "string" && Number.isFinite(lease.at) ? lease : null;
  } catch (error) {
    return null;
  }
}

/**
 * Which tab keeps one game: a lease `{tab, at}` in local storage, renewed every LEASE_RENEW_MS by its holder
 * and free once LEASE_FOR_MS old or given back. `claim()` takes it when it is free (true) or says another
 * tab holds it (false); `take()` takes it anyway; `lost()` is called when another tab takes it from this one.
 * Without storage (private mode) every tab keeps its own game as before. `tab` names this tab.
 * @param {string} key @param {() => void} lost @param {string} [tab]
 */
function tabLease(key, lost, tab = TAB_ID) {
  let holding = false;
  const write = () => {
    try {
      localStorage.setItem(key, JSON.stringify({ tab, at: Date.now() }));
    } catch (error) {
      // storage off: nothing to coordinate
    }
  };
  const lease = {
    claim() {
      const now = readLease(key);
      if (now && now.tab !== tab && Date.now() - now.at < LEASE_FOR_MS) return false;
      lease.take();
      return true;
    },
    take() {
      holding = true;
      write();
    },
    dispose() {
      clearInterval(timer);
      window.removeEventListener("storage", onStorage);
      window.removeEventListener("pagehide", giveBack);
      giveBack();
    },
  };
  const renew = () => {
    if (!holding) return;
    const now = readLease(key);
    if (now && now.tab !== tab) {
      holding = false;
      lost();
    } else {
      write();
    }
  };
  const onStorage = (/** @type {StorageEvent} */ event) => {
    if (event.key === key) renew();
  };
  const giveBack = () => {
    const now = readLease(key);
    try {
      if (holding && now && now.tab === tab) localStorage.removeItem(key);
    } catch (error) {
      // storage off
    }
    holding = false;
  };
  const timer = setInterval(renew, LEASE_RENEW_MS);
  window.addEventListener("storage", onStorage);
  window.addEventListener("pagehide", giveBack);
  return lease;
}

// ----------------------------------------------------------------------------- the connection to the lesson
const PING_EVERY_MS = 4000;
const QUIET_AFTER_MS = 2500;
const ACTIVE_FOR_MS = 120000;
const CHECK_EVERY_MS = 3000;
const BACK_SHOWN_MS = 4000;
const STOPPED_PINGS_FOR_MS = 60000;
const STAY_AFTER_LEAVE_MS = 5000;  // a page still here this long after "leaving" was kept (Stay, or the cache)

/**
 * The address of the server's record of this page's kernel (`GET` it: 200 alive, 403/404 gone), or "".
 * @param {any} kernel
 */
function kernelAddress(kernel) {
  if (!kernel || !kernel.id) return "";
  let base = kernel.serverSettings && kernel.serverSettings.baseUrl;
  if (!base) {
    const at = location.pathname.indexOf("/voila/");
    base = at >= 0 ? location.pathname.slice(0, at + 1) : "/";
  }
  return `${base.endsWith("/") ? base : base + "/"}api/kernels/${encodeURIComponent(kernel.id)}`;
}

/**
 * What the board knows of its lesson's kernel, from three kinds of signal, and re-checked every few seconds
 * so that a wrong verdict clears by itself:
 * - "ok": the board's Python side answers; "back": it answers again after "lost" or "busy" (shown a moment);
 * - "lost": no websocket to the server (the network or the server is down): the kernel's connection status;
 * - "busy": connected, but a ping or a move is not answered within QUIET_AFTER_MS: the kernel is working (its
 *   status says "busy", or Python said what it does with a `busy` message) or not answering at all (a frozen
 *   process looks like this: connected, no status change, no answer); never declared "stopped" for silence;
 * - "stopped": the kernel's status went "dead" / "restarting" (the server saw the process die), the server
 *   no longer knows this page's kernel (its record answers 403/404: culled, or a new server), or another
 *   kernel process answers behind the page (its kernel info reply comes from another session).
 * Any answer of the board (a pong, a `busy` message, a new version) proves it alive and clears "lost" and
 * "busy"; only a pong, the board's own answer to a ping, clears "stopped". While the learner uses the page (or something is wrong) a `ping` goes every few
 * seconds; an idle tab sends none, so an idle kernel can still be culled. Coming back to a hidden page checks
 * at once.
 * @param {Model} model @param {HTMLElement} el @param {() => void} changed
 */
function connectionWatch(model, el, changed) {
  const watch = {
    status: "ok", since: 0, what: "", kernelBusy: false, note: "", expectAnswer, refuse, dispose,
    /** Seconds since the board stopped answering (for "busy" and "lost"). */
    seconds() { return watch.since ? Math.max(0, Math.round((Date.now() - watch.since) / 1000)) : 0; },
  };
  let pingNumber = 0;
  let waitingSince = 0;
  let lastPing = 0;
  let lastCheck = 0;
  let lastActive = Date.now();
  let backTimer = 0;
  let checking = false;
  let stoppedSince = 0;
  let asking = false;
  let session = "";
  let leaving = false;
  let leavingTimer = 0;
  const kernel = model.widget_manager && /** @type {any} */ (model.widget_manager).kernel;
  const connected = () => !kernel || !kernel.connectionStatus || kernel.connectionStatus === "connected";
  const set = (/** @type {string} */ status) => {
    if (watch.status === status) return;
    const wasOut = watch.status === "lost" || watch.status === "busy" || watch.status === "stopped";
    if ((status === "lost" || status === "busy") && !watch.since) watch.since = waitingSince || Date.now();
    if (status === "stopped") stoppedSince = Date.now();
    watch.status = status;
    clearTimeout(backTimer);
    if (status === "ok") {
      watch.since = 0;
      watch.what = "";
      watch.note = "";
      if (wasOut) {
        watch.status = "back";
        backTimer = setTimeout(() => { if (watch.status === "back") { watch.status = "ok"; changed(); } }, BACK_SHOWN_MS);
      }
    }
    changed();
  };
  /** The board answered: it is alive, whatever was said before. */
  const alive = () => {
    waitingSince = 0;
    watch.what = "";  // whatever Python said it was doing is done
    if (watch.status !== "ok" && watch.status !== "back") set("ok");
  };
  function ping() {
    pingNumber += 1;
    lastPing = Date.now();
    if (!waitingSince) waitingSince = lastPing;
    try {
      model.send({ type: "ping", n: pingNumber });
    } catch (error) {
      if (watch.status !== "stopped") set("lost");  // a dead kernel's socket refuses sends: it stays "stopped"
    }
  }
  function expectAnswer() {
    lastActive = Date.now();
    ping();  // answered after the move (messages are handled in order): the move reached Python
  }
  /** A move made while the lesson cannot take it: it is not sent, and the notice says so. */
  function refuse() {
    watch.note = t("Your last move was not sent: the lesson cannot take it now. Make it again when the board answers.");
    changed();
  }
  /** Ask the server about this page's kernel: gone (403/404, or its state "dead") means stopped. */
  async function check() {
    const address = kernelAddress(kernel);
    if (!address || checking || leaving) return;
    checking = true;
    lastCheck = Date.now();
    try {
      const reply = await fetch(address, { cache: "no-store", credentials: "same-origin" });
      if (reply.status === 403 || reply.status === 404) {
        set("stopped");
      } else if (reply.ok) {
        if (!connected() && kernel && typeof kernel.reconnect === "function") {
          kernel.reconnect().catch(() => {});  // the server answers again: connect now, whatever retries were left
        }
        const record = await reply.json().catch(() => ({}));
        if (record && record.execution_state === "dead") set("stopped");
        else if (record && record.execution_state === "busy") watch.kernelBusy = true;
      }  // a kernel the server still has may be a restarted one: only the board's own answer clears "stopped"
    } catch (error) {
      // no answer from the server at all: the network or the server is down ("lost" by the socket)
    } finally {
      checking = false;
    }
  }
  /** Ask the kernel who it is: a reply from another kernel process (another session) means this board's
   * Python side is gone, even if the server kept the kernel's id (an automatic restart). */
  async function askKernel() {
    if (!kernel || typeof kernel.requestKernelInfo !== "function" || asking || !connected()) return;
    asking = true;
    try {
      const reply = await kernel.requestKernelInfo();
      const id = reply && reply.header && reply.header.session;
      if (typeof id === "string" && id) {
        if (!session) session = id;
        else if (id !== session) set("stopped");
      }
    } catch (error) {
      // no reply (a kernel going away): the status and the server's record say the rest
    } finally {
      asking = false;
    }
  }
  const onMessage = (/** @type {any} */ msg) => {
    if (!msg || (msg.type !== "pong" && msg.type !== "busy")) return;
    if (watch.status === "stopped" && msg.type !== "pong") return;  // only the board's own answer clears it
    if (msg.type === "busy") {
      watch.what = typeof msg.what === "string" ? msg.what : "";
      lastActive = Date.now();
      if (watch.status === "lost") set("busy");
      return;  // working: the answer follows
    }
    alive();
  };
  const onVersion = () => { if (watch.status !== "stopped") alive(); };
  const onConnection = (/** @type {any} */ _k, /** @type {string} */ status) => {
    if (status === "connected") {
      ping();
      check();
      askKernel();
    } else if (watch.status !== "stopped") {
      set("lost");
    }
  };
  const onStatus = (/** @type {any} */ _k, /** @type {string} */ status) => {
    watch.kernelBusy = status === "busy";
    if (status === "dead" || status === "restarting" || status === "autorestarting") set("stopped");
    else if (watch.status === "busy") changed();
  };
  if (kernel && kernel.connectionStatusChanged && kernel.statusChanged) {
    kernel.connectionStatusChanged.connect(onConnection);
    kernel.statusChanged.connect(onStatus);
    if (kernel.status === "dead") watch.status = "stopped";
  }
  const onActive = () => { lastActive = Date.now(); };
  const onVisible = () => {
    if (document.visibilityState !== "visible") return;
    lastActive = Date.now();
    ping();  // back to a page hidden for a while: is its kernel still there?
    check();
  };
  el.addEventListener("pointerdown", onActive);
  el.addEventListener("keydown", onActive);
  el.addEventListener("pointermove", onActive, { passive: true });
  document.addEventListener("visibilitychange", onVisible);
  model.on("msg:custom", onMessage);
  model.on("change:version", onVersion);
  const tick = () => {
    const now = Date.now();
    const out = watch.status !== "ok" && watch.status !== "back";
    if (watch.status !== "stopped") {
      if (!connected()) set("lost");
      else if (waitingSince && now - waitingSince > QUIET_AFTER_MS) set("busy");
    }
    if (out && now - lastCheck >= CHECK_EVERY_MS) {
      check();
      askKernel();
    }
    const active = document.visibilityState === "visible" && now - lastActive < ACTIVE_FOR_MS;
    // a stopped board pings only a while (a wrong "stopped" clears); then it leaves a restarted kernel idle
    const probing = watch.status !== "stopped" || now - stoppedSince < STOPPED_PINGS_FOR_MS;
    if ((active || out) && probing && connected() && now - lastPing >= PING_EVERY_MS) ping();
    if (watch.status === "busy" || watch.status === "lost") changed();  // the seconds tick on the notice
  };
  /** The page is being left: its kernel is shut down by the page's beacon, so a check would only find it gone.
   * Checks resume if the page stays after all (a "Leave site?" answered Stay, a page back from the cache). */
  const onLeave = () => {
    leaving = true;
    clearTimeout(leavingTimer);
    leavingTimer = setTimeout(() => { leaving = false; }, STAY_AFTER_LEAVE_MS);
  };
  const onShow = () => { leaving = false; };
  window.addEventListener("beforeunload", onLeave);
  window.addEventListener("pagehide", onLeave);
  window.addEventListener("pageshow", onShow);
  const timer = setInterval(() => { if (!leaving) tick(); }, 1000);
  askKernel();  // the session of the kernel the board was made in
  function dispose() {
    clearInterval(timer);
    clearTimeout(backTimer);
    clearTimeout(leavingTimer);
    window.removeEventListener("beforeunload", onLeave);
    window.removeEventListener("pagehide", onLeave);
    window.removeEventListener("pageshow", onShow);
    model.off("msg:custom", onMessage);
    model.off("change:version", onVersion);
    el.removeEventListener("pointerdown", onActive);
    el.removeEventListener("keydown", onActive);
    el.removeEventListener("pointermove", onActive);
    document.removeEventListener("visibilitychange", onVisible);
    if (kernel && kernel.connectionStatusChanged && kernel.statusChanged) {
      kernel.connectionStatusChanged.disconnect(onConnection);
      kernel.statusChanged.disconnect(onStatus);
    }
  }
  return watch;
}

/**
 * The board's notice line: the lesson unreachable, busy, stopped or back; the game open in another tab; the
 * offer to resume a kept game; a note on keeping. "lost" and "busy" are statuses (role=status), "stopped" an
 * alert; every button is a real button.
 * @param {string} prefix @param {ReturnType<typeof gameKeeper>} keeper
 * @param {ReturnType<typeof connectionWatch>} connection @param {(msg: object) => void} send
 */
function noticeLine(prefix, keeper, connection, send) {
  const button = (/** @type {string} */ key, /** @type {string} */ text, /** @type {() => void} */ onclick, primary = false) =>
    h("button", { type: "button", class: ["vt-notice-button", `${prefix}-button`, primary && `${prefix}-primary`],
      "data-key": key, onclick }, text);
  const reload = () => location.reload();
  const parts = [];
  const seconds = formatNumber(connection.seconds());
  if (connection.status === "lost") {
    parts.push(h("div", { class: "vt-notice vt-notice-lost", role: "status" },
      h("p", { text: t("Connection lost, trying again… ({seconds} s)", { seconds }) }),
      h("p", { class: "vt-notice-small" },
        keeper.keeps ? t("The board comes back by itself with your game when the connection does; your game is saved.")
          : t("The board comes back by itself when the connection does."), " ",
        button("reload", t("Reload the page"), reload))));
  } else if (connection.status === "busy") {
    const thinking = connection.kernelBusy || connection.what;
    parts.push(h("div", { class: "vt-notice vt-notice-busy", role: "status" },
      h("p", { text: thinking ? t("The lesson is thinking… ({seconds} s)", { seconds })
        : t("The lesson is not answering yet… ({seconds} s)", { seconds }) }),
      connection.what ? h("p", { class: "vt-notice-small vt-notice-what", text: connection.what }) : null,
      h("p", { class: "vt-notice-small", text: thinking
        ? t("The board answers as soon as it is done.")
        : keeper.keeps ? t("It may be busy: the board answers by itself when it can. Your game is saved.")
          : t("It may be busy: the board answers by itself when it can.") })));
  } else if (connection.status === "stopped") {
    parts.push(h("div", { class: "vt-notice vt-notice-stopped", role: "alert" },
      h("p", { text: keeper.keeps ? t("The lesson's kernel stopped… reload: your game is saved.")
        : t("The lesson's kernel stopped… reload the page to go on.") }),
      button("reload", t("Reload the page"), reload, true)));
  } else if (connection.status === "back") {
    parts.push(h("div", { class: "vt-notice vt-notice-back", role: "status" },
      h("p", { text: t("✓ Connected to the lesson again: the board answers.") })));
  }
  if (connection.note && connection.status !== "ok") {
    parts.push(h("p", { class: "vt-notice vt-notice-note", role: "status", text: connection.note }));
  }
  if (keeper.tab === "elsewhere" || keeper.tab === "moved") {
    parts.push(h("div", { class: "vt-notice vt-notice-tab", role: "status" },
      h("p", { text: keeper.tabWords ? keeper.tabWords[keeper.tab] : keeper.tab === "moved"
        ? t("This game moved to another tab: this tab no longer saves it.")
        : t("This game is open in another tab.") }),
      button("play-here", keeper.tabWords ? keeper.tabWords.button : t("Play here instead"),
        () => keeper.takeOver(send), true)));
  }
  const choosing = connection.status === "ok" || connection.status === "back";
  if (keeper.offer && choosing && keeper.tab === "here") {  // a choice needs the lesson
    const offer = keeper.offer;
    parts.push(h("div", { class: "vt-notice vt-notice-offer", role: "group", "aria-label": t("A saved game") },
      h("p", { text: t("Resume your game from move {moves}? (saved {when})",
        { moves: formatNumber(offer.moves), when: savedAgo(offer.at) }) }),
      h("div", { class: "vt-notice-buttons" },
        button("resume", t("Resume"), () => keeper.resume(send), true),
        button("fresh", t("Start fresh"), () => keeper.fresh()))));
  }
  const refused = keeper.refused();
  if (refused) {
    parts.push(h("div", { class: "vt-notice vt-notice-refused", role: "alert" },
      h("p", { text: t("Your saved game could not be resumed: {reason}. A new game has started.", { reason: refused }) })));
  }
  if (keeper.note) parts.push(h("p", { class: "vt-notice vt-notice-note", text: keeper.note }));
  return h("div", { class: "vt-notices" }, parts);
}

/** " Keys: right and left arrows step the example." while a scenario is stepped, else "". @param {Model} model */
function stepperKeys(model) {
  const stepper = model.get("stepper");
  return stepper && stepper.id ? " " + t("Keys: right and left arrows step the example.") : "";
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
  return h("section", { class: ["vt-stepper", `${prefix}-stepper`],
    "aria-label": t("Example {id}: {title}", { id: stepper.id, title: stepper.title }) },
    h("h3", {}, h("span", { class: `${prefix}-tag`, text: stepper.id }), " ", stepper.title),
    h("p", { class: ["vt-step-count", `${prefix}-step-count`],
      text: t("Step {step} of {count}", { step: stepper.index + 1, count: stepper.count }) }),
    h("p", { class: ["vt-narration", `${prefix}-narration`], "aria-live": "polite", text: stepper.narration }),
    h("div", { class: "vt-step-buttons" },
      button("back", t("◀ Back"), atStart, t("Previous step")),
      button("next", t("Next ▶"), atEnd, t("Next step")),
      button("restart", t("↺ Restart"), atStart, t("Back to the first step"))));
}

/**
 * The line that says why the last move was refused (always present, so screen readers hear it change).
 * @param {string} prefix @param {Model} model
 */
function errorLine(prefix, model) {
  const saved = model.get("saved") || {};
  const error = saved.refused && String(model.get("error")).includes(saved.refused) ? "" : model.get("error");  // said above
  return h("p", { class: ["vt-error", `${prefix}-error`, !error && "vt-error-none"], role: "alert" },
    error ? [h("span", { "aria-hidden": "true", text: "⚠ " }), h("strong", { text: t("Not allowed:") }), " ", error] : null);
}

/** Which of a die's 3 × 3 cells hold a pip, by face. */
const PIP_CELLS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

/** A face's pips on a 3 × 3 grid (`<prefix>-pips`, cells `<prefix>-pip` or `<prefix>-nopip`). @param {string} prefix @param {number} face */
function pipGrid(prefix, face) {
  const cells = new Set(PIP_CELLS[face] || []);
  return h("span", { class: `${prefix}-pips`, "aria-hidden": "true" },
    Array.from({ length: 9 }, (_, i) => h("span", { class: cells.has(i) ? `${prefix}-pip` : `${prefix}-nopip` })));
}

/**
 * The Undo button and the New game button with its in-page confirmation (a game in progress is never thrown
 * away by one click). `undo` is the board's projection: `can`, `what` (the decision it takes back), `reason`
 * (why not), `in_progress`. `ctx.confirmNew` (view-only) says the confirmation is open; `ctx.id` names the
 * reason's element.
 * @param {string} prefix @param {{ can: boolean, what: string, reason: string, in_progress: boolean }|undefined} undo
 * @param {(msg: object) => void} send @param {{ id: string, confirmNew?: boolean }} ctx @param {() => void} drawNow
 */
function gameButtons(prefix, undo, send, ctx, drawNow) {
  const u = undo || { can: false, what: "", reason: "", in_progress: false };
  if (!u.in_progress) ctx.confirmNew = false;
  const why = `${ctx.id}-undo-why`;
  const undoButton = h("button", {
    type: "button", class: `${prefix}-button vt-undo`, "data-key": "undo", "aria-disabled": u.can ? false : "true",
    "aria-describedby": why, "aria-keyshortcuts": "U",
    onclick: () => { if (u.can) send({ type: "undo" }); },
  }, t("↶ Undo"), h("kbd", { text: "U", "aria-hidden": "true" }));
  const note = h("span", { id: why, class: "vt-undo-note",
    text: u.can ? t("Takes back {what}.", { what: u.what }) : t("Nothing to undo: {reason}.", { reason: u.reason }) });
  const focusIn = (/** @type {Event} */ event, /** @type {string} */ key) => {
    const root = /** @type {HTMLElement} */ (event.currentTarget).closest(".vt-widget");
    drawNow();
    const target = root && /** @type {HTMLElement|null} */ (root.querySelector(`[data-key="${key}"]`));
    if (target) target.focus();
  };
  const newGame = h("button", {
    type: "button", class: `${prefix}-button`, "data-key": "new-game-small", "aria-expanded": ctx.confirmNew ? "true" : "false",
    onclick: (/** @type {Event} */ event) => {
      if (!u.in_progress) { send({ type: "new_game" }); return; }
      ctx.confirmNew = true;
      focusIn(event, "confirm-keep");
    },
  }, t("New game"));
  const confirm = ctx.confirmNew ? h("div", { class: "vt-confirm", role: "group", "aria-label": t("Start a new game?") },
    h("p", { text: t("Start a new game? The game on the board will be thrown away.") }),
    h("button", { type: "button", class: [`${prefix}-button`, `${prefix}-primary`], "data-key": "confirm-new",
      onclick: () => { ctx.confirmNew = false; send({ type: "new_game" }); } }, t("Yes, start a new game")),
    h("button", { type: "button", class: `${prefix}-button`, "data-key": "confirm-keep",
      onclick: (/** @type {Event} */ event) => { ctx.confirmNew = false; focusIn(event, "new-game-small"); } }, t("No, keep playing")))
    : null;
  return h("div", { class: "vt-game-buttons" }, h("div", { class: "vt-row" }, undoButton, newGame, note), confirm);
}

/** A link to a glossary entry (the lessons' glossary page, beside every lesson; opens in a new tab). */
function glossaryLink(/** @type {string} */ anchor, /** @type {string} */ text) {
  return h("a", { href: `glossary.ipynb#${anchor}`, target: "_blank", rel: "noopener", class: "vt-glossary",
    title: t("Open the glossary (new tab)") }, text);
}
