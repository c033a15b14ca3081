// Progress kept in this browser: a lesson page records the visit and the minutes spent (while the tab is
// visible); the landing page shows it, with a link to continue where the learner left off.

const VT_TICK_SECONDS = 10;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "text") node.textContent = String(value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) {
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** "less than a minute" / "1 minute" / "12 minutes". @param {number} seconds */
function vtMinutes(seconds) {
  const minutes = Math.floor((seconds || 0) / 60);
  if (minutes < 1) return t("less than a minute");
  return tn("{n} minute", "{n} minutes", minutes);
}

function renderLesson(model, root) {
  const name = vtPageName();
  const total = model.get("predictions");
  const now = Date.now();
  vtUpdateLesson(name, (record) => { record.last = now; });
  const data = vtLoadProgress();
  data.last = { name, at: now };
  vtSaveProgress(data);
  const line = el("p", { class: "vt-progress-line" });
  root.append(line);
  const show = () => {
    const record = vtLoadProgress().lessons[name] || { seconds: 0, answered: {} };
    const answered = Object.keys(record.answered || {}).length;
    const time = vtMinutes(record.seconds);
    const counts = { time, answered: Math.min(answered, total), total };
    // in class mode the answers also go to the teacher (the class line beside it says so): only the time stays here
    line.textContent = total > 0 && model.get("class_mode")
      ? t("Time on this lesson: {time} (kept in this browser only); predictions answered: {answered} of {total}.", counts)
      : total > 0
        ? t("Time on this lesson: {time}; predictions answered: {answered} of {total} (kept in this browser only).", counts)
        : t("Time on this lesson: {time} (kept in this browser only).", { time });
  };
  show();
  const timer = window.setInterval(() => {
    if (document.visibilityState !== "visible") return;
    vtUpdateLesson(name, (record) => { record.seconds = (record.seconds || 0) + VT_TICK_SECONDS; });
    show();
  }, VT_TICK_SECONDS * 1000);
  const onStorage = () => show();
  window.addEventListener("storage", onStorage);
  window.addEventListener("vt-progress", onStorage);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener("storage", onStorage);
    window.removeEventListener("vt-progress", onStorage);
  };
}

function renderCourse(model, root) {
  /** @type {{name: string, title: string, game: string, predictions: number}[]} */
  const lessons = model.get("lessons");
  const draw = () => {
    const data = vtLoadProgress();
    root.replaceChildren();
    const known = lessons.filter((lesson) => data.lessons[lesson.name]);
    root.append(el("h2", { text: t("Your progress") }));
    if (!known.length) {
      root.append(el("p", { text: t("Nothing yet: open a game's first lesson below. This browser keeps track of the lessons you open, the time you spend and the predictions you answer (nothing leaves your computer).") }));
      return;
    }
    const last = data.last && lessons.find((lesson) => lesson.name === data.last.name);
    if (last) {
      root.append(el("p", { class: "vt-continue" }, t("Continue where you left off:"), " ",
        el("a", { href: last.name, text: last.title })));
    }
    const answered = (lesson) => Math.min(Object.keys(data.lessons[lesson.name]?.answered || {}).length, lesson.predictions);
    const asked = lessons.reduce((sum, lesson) => sum + lesson.predictions, 0);
    const done = lessons.reduce((sum, lesson) => sum + answered(lesson), 0);
    const predictions = tn("{n} prediction", "{n} predictions", asked);
    root.append(el("p", { text: t("You have opened {opened} of {total} lessons and answered {done} of {predictions}.",
      { opened: known.length, total: lessons.length, done, predictions }) }));
    const rows = known.map((lesson) => {
      const record = data.lessons[lesson.name];
      return el("tr", {},
        el("td", {}, el("a", { href: lesson.name, text: lesson.title })),
        el("td", { text: vtMinutes(record.seconds) }),
        el("td", { text: lesson.predictions
          ? t("{answered} of {total}", { answered: answered(lesson), total: lesson.predictions }) : t("none in this lesson") }));
    });
    root.append(el("details", {},
      el("summary", { text: t("Lesson by lesson") }),
      el("table", { class: "vt-progress-table" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("Lesson") }), el("th", { scope: "col", text: t("Time") }),
          el("th", { scope: "col", text: t("Predictions answered") }))),
        el("tbody", {}, rows))));
    root.append(el("button", { type: "button", class: "vt-forget", text: t("Forget my progress"),
      onclick: () => {
        if (!window.confirm(t("Forget every lesson visited and every prediction answered in this browser?"))) return;
        vtSaveProgress({ last: null, lessons: {} });
        draw();
      } }));
  };
  draw();
  const onStorage = () => draw();
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}

export default {
  render({ model, el: root }) {
    useWords(model);
    root.classList.add("vt-progress", "tex2jax_ignore", "mathjax_ignore");
    return model.get("kind") === "course" ? renderCourse(model, root) : renderLesson(model, root);
  },
};
