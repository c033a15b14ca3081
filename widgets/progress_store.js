// The learner's progress, kept in this browser's localStorage only (nothing is sent anywhere).
// vegas_tutor.tutor.progress puts this file in front of prediction.js and progress.js.
// Shape: { last: {name, at}, lessons: { "<file>.ipynb": { first, last, seconds, answered: { key: right } } } }

const VT_PROGRESS_KEY = "vegas-tutor.progress.v1";

/** @returns {{last: ({name: string, at: number}|null), lessons: Record<string, any>}} */
function vtLoadProgress() {
  try {
    const data = JSON.parse(window.localStorage.getItem(VT_PROGRESS_KEY) || "null");
    if (data && typeof data === "object" && data.lessons && typeof data.lessons === "object") {
      return { last: data.last || null, lessons: data.lessons };
    }
  } catch (_error) { /* a private window or a corrupt entry: start afresh */ }
  return { last: null, lessons: {} };
}

/** @param {{last: any, lessons: Record<string, any>}} data */
function vtSaveProgress(data) {
  try {
    window.localStorage.setItem(VT_PROGRESS_KEY, JSON.stringify(data));
    window.dispatchEvent(new Event("vt-progress"));  // other widgets of this page redraw ("storage" is for other tabs)
  } catch (_error) { /* storage full or refused: progress is a convenience, never an error */ }
}

/** The file name of the page open now ("01.02-payouts-and-ties.ipynb"), or "" outside Voilà. */
function vtPageName() {
  const last = window.location.pathname.split("/").pop() || "";
  return last.endsWith(".ipynb") ? decodeURIComponent(last) : "";
}

/** Change one lesson's record with `change(record)` and save. @param {string} name @param {(r: any) => void} change */
function vtUpdateLesson(name, change) {
  if (!name) return;
  const data = vtLoadProgress();
  const record = data.lessons[name] || { first: Date.now(), last: Date.now(), seconds: 0, answered: {} };
  record.answered = record.answered || {};
  change(record);
  data.lessons[name] = record;
  vtSaveProgress(data);
}
