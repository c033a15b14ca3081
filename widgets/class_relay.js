// Class mode only: the line saying this lesson's answers go to the teacher, and the relay of the records the
// lesson's kernel made and signed (vegas_tutor.tutor.class_relay). The page never writes a record: it keeps
// each one in this browser's storage until the server has it, and sends it again (same key, so the server
// keeps it once) after a lost connection, a server restart or a reload. Outside class mode this widget is
// never on the page.

const VT_OUTBOX_KEY = "vegas-tutor.class-outbox.v1";
const VT_SENT_KEPT = 2000;
const VT_RETRY_MS = 2500;

/** @returns {{pending: Record<string, {body: string, sig: string}>, sent: string[]}} */
function vtLoadOutbox() {
  try {
    const data = JSON.parse(window.localStorage.getItem(VT_OUTBOX_KEY) || "null");
    if (data && typeof data.pending === "object" && Array.isArray(data.sent)) return data;
  } catch (_error) { /* a private window or a corrupt entry: start afresh */ }
  return { pending: {}, sent: [] };
}

/** @param {{pending: Record<string, any>, sent: string[]}} data */
function vtSaveOutbox(data) {
  try {
    data.sent = data.sent.slice(-VT_SENT_KEPT);
    window.localStorage.setItem(VT_OUTBOX_KEY, JSON.stringify(data));
  } catch (_error) { /* storage refused: the records still go out while the page is open */ }
}

/** Where this server answers (Voilà's base URL), with a final slash. */
function vtBaseUrl() {
  try {
    const config = JSON.parse(document.getElementById("jupyter-config-data")?.textContent || "{}");
    const base = config.baseUrl || "/";
    return base.endsWith("/") ? base : `${base}/`;
  } catch (_error) {
    return "/";
  }
}

function vtXsrf() {
  const found = document.cookie.split(";").map((part) => part.trim()).find((part) => part.startsWith("_xsrf="));
  return found ? decodeURIComponent(found.slice(6)) : "";
}

function vtLang() {
  return document.documentElement.lang === "es" ? "es" : "en";
}

/** Send every record waiting, oldest first; stop at the first that cannot go now. @returns {Promise<void>} */
async function vtFlushOutbox() {
  const box = vtLoadOutbox();
  for (const [key, record] of Object.entries(box.pending)) {
    let answer;
    try {
      answer = await fetch(`${vtBaseUrl()}vegas-tutor/records?lang=${vtLang()}`, {
        method: "POST", credentials: "same-origin", cache: "no-store",
        headers: { "Content-Type": "application/json", "X-XSRFToken": vtXsrf() },
        body: JSON.stringify({ body: record.body, sig: record.sig }),
      });
    } catch (_error) {
      return; // no connection: try again later
    }
    let said = {};
    try { said = await answer.json(); } catch (_error) { /* not ours (the class gate's page): try again */ }
    const done = answer.ok || Boolean(/** @type {any} */ (said).final);
    if (!done) return;
    if (!answer.ok) console.warn(`vegas-tutor: a record was refused: ${/** @type {any} */ (said).refused}`);
    const now = vtLoadOutbox();
    delete now.pending[key];
    if (!now.sent.includes(key)) now.sent.push(key);
    vtSaveOutbox(now);
  }
}

/** Keep the kernel's records not sent yet. @param {{key: string, body: string, sig: string}[]} records */
function vtKeepRecords(records) {
  const box = vtLoadOutbox();
  let added = 0;
  for (const record of records || []) {
    if (!record || typeof record.key !== "string" || box.sent.includes(record.key) || box.pending[record.key]) continue;
    box.pending[record.key] = { body: String(record.body), sig: String(record.sig) };
    added += 1;
  }
  if (added) vtSaveOutbox(box);
}

export default {
  render({ model, el }) {
    useWords(model);
    el.classList.add("vt-class-relay", "tex2jax_ignore", "mathjax_ignore");
    const line = document.createElement("p");
    line.className = "vt-class-line";
    const waiting = document.createElement("p");
    waiting.className = "vt-class-waiting";
    waiting.setAttribute("role", "status");
    el.append(line, waiting);
    let name = "";
    const here = window.location.pathname + window.location.search;
    const showLine = () => {
      const link = document.createElement("a");
      link.href = `${vtBaseUrl()}vegas-tutor/me?lang=${vtLang()}&next=${encodeURIComponent(here)}`;
      link.textContent = name ? t("Change your name") : t("Choose a name");
      line.replaceChildren(
        document.createTextNode(name
          ? t("Class mode: your answers in this lesson go to your teacher's class view, as “{name}”.", { name })
          : t("Class mode: your answers in this lesson go to your teacher's class view.")),
        document.createTextNode(" "), link);
    };
    const showWaiting = () => {
      const count = Object.keys(vtLoadOutbox().pending).length;
      waiting.textContent = count ? tn("{n} answer waiting to be sent to your teacher…",
        "{n} answers waiting to be sent to your teacher…", count) : "";
    };
    showLine();
    fetch(`${vtBaseUrl()}vegas-tutor/me.json`, { credentials: "same-origin", cache: "no-store" })
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((me) => { if (me && typeof me.name === "string") { name = me.name; showLine(); } })
      .catch(() => { /* the line without the name */ });

    let flushing = false;
    const flush = async () => {
      if (flushing) return;
      flushing = true;
      try { await vtFlushOutbox(); } finally { flushing = false; showWaiting(); }
    };
    const onRecords = () => { vtKeepRecords(model.get("records")); showWaiting(); flush(); };
    onRecords();
    model.on("change:records", onRecords);
    const timer = window.setInterval(() => { if (Object.keys(vtLoadOutbox().pending).length) flush(); }, VT_RETRY_MS);
    window.addEventListener("online", flush);

    // the lesson's end in view: the kernel counts the lesson finished once every prediction is answered too
    let observer = null;
    let told = false;
    const watchEnd = () => {
      if (document.getElementById("loading")) return false; // Voilà is still drawing the lesson's cells
      const cells = document.querySelectorAll(".jp-Cell");
      const last = cells[cells.length - 1];
      if (!last || told || typeof IntersectionObserver === "undefined") return Boolean(last);
      observer = new IntersectionObserver((entries) => {
        if (!told && entries.some((entry) => entry.isIntersecting)) {
          told = true;
          model.send({ type: "end" });
          observer?.disconnect();
        }
      });
      observer.observe(last);
      return true;
    };
    const endTimer = window.setInterval(() => { if (watchEnd()) window.clearInterval(endTimer); }, 1000);
    return () => {
      model.off("change:records", onRecords);
      window.clearInterval(timer);
      window.clearInterval(endTimer);
      window.removeEventListener("online", flush);
      observer?.disconnect();
    };
  },
};
