// The practice inbox, kept in this browser's local storage: the exercises of the learner's finished games (the
// boards put them there) and the lesson questions answered wrong (the prediction cards do), waiting until the
// Practice page hands them to Python, which checks each one. Put in front of the boards', the predictions' and the
// Practice page's modules.
const PRACTICE_INBOX_KEY = "vegas-tutor:practice:inbox";
const PRACTICE_INBOX_MOST = 100;

/** The exercises waiting in the inbox (entries that are not objects with an id are left out). */
function readInbox() {
  try {
    const list = JSON.parse(localStorage.getItem(PRACTICE_INBOX_KEY) || "[]");
    return Array.isArray(list) ? list.filter((e) => e && typeof e === "object" && typeof e.id === "string") : [];
  } catch (error) {
    return [];  // storage off, or an entry that is not ours
  }
}

/** @param {any[]} list */
function writeInbox(list) {
  try {
    localStorage.setItem(PRACTICE_INBOX_KEY, JSON.stringify(list.slice(-PRACTICE_INBOX_MOST)));
  } catch (error) { /* storage off or full: these exercises are not kept */ }
}

/** Add exercises to the inbox, once each (by id). @param {any[]} exercises */
function addToInbox(exercises) {
  const list = readInbox();
  const ids = new Set(list.map((e) => e.id));
  for (const e of exercises) {
    if (e && typeof e === "object" && typeof e.id === "string" && !ids.has(e.id)) {
      list.push(e);
      ids.add(e.id);
    }
  }
  writeInbox(list);
}

/** Take exercises out of the inbox (Python took or refused them). @param {string[]} ids */
function dropFromInbox(ids) {
  const gone = new Set(ids);
  writeInbox(readInbox().filter((e) => !gone.has(e.id)));
}

/** The page's lesson, relative to the lessons folder ("01.02-payouts-and-ties.ipynb", "es/…"), or "". */
function vtLessonPath() {
  const parts = window.location.pathname.split("/voila/render/");
  const path = parts.length > 1 ? decodeURIComponent(parts[parts.length - 1]) : "";
  return path.endsWith(".ipynb") ? path : "";
}

/** Keep a lesson question answered wrong in the inbox. @param {string} key */
function inboxQuestion(key) {
  const page = vtLessonPath();
  if (page && key) addToInbox([{ kind: "question", id: `q:${page}:${key}`, page, key }]);
}
