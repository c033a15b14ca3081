// The teacher's class view (vegas_tutor.class_teacher): a classic script served after words.js. It asks the
// server for the class's state every second and draws it: learners by lessons, each prediction's first
// answers as a plotly bar chart (plotly served by the app) with who has not answered yet, and the games played
// to the end. The page only asks and draws; the server decides what each learner answered and whether it was
// right. Names are hidden by the server itself when the teacher anonymizes them.

(function () {
  const config = window.vtTeacher || { lang: "en", strings: {}, base: "/vegas-tutor/teacher" };
  useWords({ get: (name) => config[name] });
  const POLL_MS = 1000;
  const LARGE_KEY = "vegas-tutor.teacher.large";
  const GAME_NAMES = { las_vegas: "Las Vegas", liars_dice: "Liar's Dice", lords_of_vegas: "Lords of Vegas" };

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === false || value === null || value === undefined) continue;
      if (key === "text") node.textContent = String(value);
      else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined && child !== false) {
        node.append(child instanceof Node ? child : document.createTextNode(String(child)));
      }
    }
    return node;
  }

  function xsrf() {
    const found = document.cookie.split(";").map((p) => p.trim()).find((p) => p.startsWith("_xsrf="));
    return found ? decodeURIComponent(found.slice(6)) : "";
  }

  async function post(path, value) {
    const answer = await fetch(`${config.base}/${path}`, {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json", "X-XSRFToken": xsrf() }, body: JSON.stringify(value),
    });
    if (!answer.ok) throw new Error(String(answer.status));
    return answer.json();
  }

  const main = document.getElementById("vt-teacher");
  const status = el("p", { class: "vt-status", id: "vt-status" });
  const announce = el("p", { class: "vt-sr", role: "status", "aria-live": "polite" });
  const anonymize = el("input", { type: "checkbox", id: "vt-anonymize" });
  const large = el("input", { type: "checkbox", id: "vt-large" });
  const exportLink = el("a", { href: `${config.base}/export.csv`, class: "vt-button", download: "vegas-tutor-class.csv",
    text: t("Export (CSV)") });
  const remove = el("button", { type: "button", class: "vt-button vt-danger", text: t("Delete the class's records…") });
  const controls = el("div", { class: "vt-controls", role: "group", "aria-label": t("Class view settings") },
    el("label", { class: "vt-check" }, anonymize, t("Hide names (anonymize)")),
    el("label", { class: "vt-check" }, large, t("Large type (projector)")),
    exportLink, remove);
  const tableSection = el("section", { "aria-labelledby": "vt-h-table" },
    el("h2", { id: "vt-h-table", text: t("Learners by lessons") }));
  const tableWrap = el("div", { class: "vt-table-wrap", tabindex: "0", role: "region",
    "aria-labelledby": "vt-h-table" });
  tableSection.append(tableWrap);
  const questionSection = el("section", { "aria-labelledby": "vt-h-questions" },
    el("h2", { id: "vt-h-questions", text: t("Predictions: the class's first answers") }));
  const questionList = el("div", { class: "vt-questions" });
  questionSection.append(questionList);
  const gameSection = el("section", { "aria-labelledby": "vt-h-games" },
    el("h2", { id: "vt-h-games", text: t("Games played to the end") }));
  const gameWrap = el("div", { class: "vt-table-wrap" });
  gameSection.append(gameWrap);
  const practiceSection = el("section", { "aria-labelledby": "vt-h-practice" },
    el("h2", { id: "vt-h-practice", text: t("Practice: the themes the class keeps missing") }));
  const practiceWrap = el("div", { class: "vt-table-wrap" });
  practiceSection.append(practiceWrap);
  const dialog = el("dialog", { class: "vt-projector", "aria-labelledby": "vt-projector-title" });
  main.append(status, announce, controls, tableSection, questionSection, gameSection, practiceSection, dialog);

  large.checked = window.localStorage.getItem(LARGE_KEY) === "1";
  const sizeType = () => {
    document.body.classList.toggle("vt-large", large.checked);
    try { window.localStorage.setItem(LARGE_KEY, large.checked ? "1" : "0"); } catch (_error) { /* kept for now */ }
    for (const view of views.values()) drawChart(view.chart, view.question, view.marked, false);
    // the grid's columns changed: plotly measures its boxes again once the page has been laid out anew
    window.requestAnimationFrame(() => {
      for (const view of views.values()) if (window.Plotly && view.chart.data) window.Plotly.Plots.resize(view.chart);
    });
  };
  large.addEventListener("change", sizeType);
  anonymize.addEventListener("change", async () => {
    try { await post("anonymize", { on: anonymize.checked }); } catch (_error) {
      anonymize.checked = !anonymize.checked;
      status.textContent = t("The server did not take the change: try again.");
    }
  });
  remove.addEventListener("click", async () => {
    if (!window.confirm(t("Delete every learner's name and every record of this class from the server? This cannot be undone."))) return;
    try { await post("delete", { delete: "all" }); announce.textContent = t("The class's records were deleted."); } catch (_error) {
      status.textContent = t("The server did not delete the records: try again.");
    }
  });

  /** @type {Map<string, any>} */
  const views = new Map();
  let version = -1;
  let state = null;

  function countText(counts) {
    return counts.reduce((sum, n) => sum + n, 0);
  }

  /** `text` broken into lines of about `width` characters (plotly's <br>), HTML-escaped. */
  function wrap(text, width) {
    const safe = text.split("&").join("&amp;").split("<").join("&lt;").split(">").join("&gt;");
    const lines = [];
    let line = "";
    for (const word of safe.split(" ").filter(Boolean)) {
      if (line && line.length + word.length + 1 > width) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
    return lines.join("<br>");
  }

  function chartLabel(question, marked) {
    const theAnswer = t("the answer");
    const parts = question.choices.map((choice, i) => {
      const mark = marked && i === question.answer ? ` (${theAnswer})` : "";
      return `${choice}${mark}: ${question.counts[i]}`;
    });
    return t("Bar chart of the first answers. {parts}", { parts: parts.join("; ") });
  }

  function drawChart(node, question, marked, big) {
    if (!window.Plotly) return;
    const fontSize = big ? 28 : (document.body.classList.contains("vt-large") ? 22 : 15);
    // horizontal bars, the first choice on top: long choices read as they are written (wrapped, never slanted)
    const width = big ? 34 : 26;
    const labels = question.choices.map((choice, i) => {
      const text = wrap(choice, width);
      return marked && i === question.answer ? `✓ ${text}` : text;
    });
    const colours = question.choices.map((_c, i) => (marked && i === question.answer ? "#1b7837" : "#0b5394"));
    const shapes = question.choices.map((_c, i) => (marked && i === question.answer ? "/" : ""));
    const most = Math.max(1, ...question.counts);
    const lineCount = labels.reduce((sum, label) => sum + label.split("<br>").length, 0);
    window.Plotly.react(node, [{
      type: "bar", orientation: "h", y: labels, x: question.counts, text: question.counts.map(String),
      textposition: "outside", marker: { color: colours, pattern: { shape: shapes, fgcolor: "#ffffff" } },
      hoverinfo: "none", cliponaxis: false,
    }], {
      margin: { t: 10, r: 30, b: 10, l: 10 }, font: { size: fontSize, family: "system-ui, sans-serif", color: "#1a1a1a" },
      xaxis: { rangemode: "tozero", range: [0, most * 1.15], dtick: most > 10 ? undefined : 1, automargin: true,
        title: { text: t("learners") } },
      yaxis: { automargin: true, type: "category", autorange: "reversed" },
      paper_bgcolor: "#ffffff", plot_bgcolor: "#ffffff", bargap: 0.3,
      height: big ? Math.max(320, window.innerHeight - 260) : Math.max(180, 60 + lineCount * fontSize * 1.9),
    }, { displayModeBar: false, staticPlot: true, responsive: true });
    node.setAttribute("aria-label", chartLabel(question, marked));
  }

  function waitingText(question) {
    if (!question.waiting.length) return t("Everyone who opened this lesson has answered.");
    return tn("Not answered yet ({n}): {names}", "Not answered yet ({n}): {names}", question.waiting.length,
      { names: question.waiting.join(", ") });
  }

  function questionView(question) {
    const chart = el("div", { class: "vt-chart", role: "img" });
    const heading = el("h3", {}, el("span", { class: "vt-lesson", text: question.title }), " ", question.text);
    const counts = el("p", { class: "vt-counts" });
    const waiting = el("p", { class: "vt-waiting" });
    const mark = el("button", { type: "button", class: "vt-button", "aria-pressed": "false", text: t("Mark the answer") });
    const show = el("button", { type: "button", class: "vt-button", text: t("Show on the projector") });
    const article = el("article", { class: "vt-question" }, heading, counts, chart, waiting, el("div", { class: "vt-row" }, mark, show));
    const view = { article, chart, counts, waiting, mark, question, marked: false };
    mark.addEventListener("click", () => {
      view.marked = !view.marked;
      mark.setAttribute("aria-pressed", String(view.marked));
      updateQuestion(view, view.question);
    });
    show.addEventListener("click", () => project(view));
    return view;
  }

  function updateQuestion(view, question) {
    view.question = question;
    const total = countText(question.counts);
    const right = question.counts[question.answer] || 0;
    view.counts.textContent = view.marked
      ? tn("{n} answered, {right} right the first time.", "{n} answered, {right} right the first time.", total, { right })
      : tn("{n} answered.", "{n} answered.", total);
    view.waiting.textContent = waitingText(question);
    drawChart(view.chart, question, view.marked, false);
  }

  function project(view) {
    const question = view.question;
    const chart = el("div", { class: "vt-chart vt-chart-big", role: "img" });
    const close = el("button", { type: "button", class: "vt-button", text: t("Close (Esc)"), onclick: () => dialog.close() });
    const mark = el("button", { type: "button", class: "vt-button", "aria-pressed": String(view.marked), text: t("Mark the answer") });
    mark.addEventListener("click", () => {
      view.marked = !view.marked;
      mark.setAttribute("aria-pressed", String(view.marked));
      updateQuestion(view, view.question);
      drawChart(chart, view.question, view.marked, true);
    });
    dialog.replaceChildren(el("h2", { id: "vt-projector-title" }, question.text), chart,
      el("p", { class: "vt-waiting", text: waitingText(question) }), el("div", { class: "vt-row" }, mark, close));
    dialog.showModal();
    drawChart(chart, question, view.marked, true);
    dialog.dataset.key = question.key;
    close.focus();
  }

  function cellText(cell) {
    if (!cell) return "";
    const parts = [];
    if (cell.finished) parts.push(t("finished"));
    if (cell.answered) {
      const right = t("{right} right", { right: cell.right });
      const answered = tn("{n} answered", "{n} answered", cell.answered);
      parts.push(`${answered} (${right})`);
    }
    if (cell.games) parts.push(tn("{n} game", "{n} games", cell.games));
    return parts.length ? parts.join(", ") : t("opened");
  }

  function drawTable(data) {
    if (!data.learners.length) {
      tableWrap.replaceChildren(el("p", { text: t("Nobody has joined yet. Learners join with the class code.") }));
      return;
    }
    const head = el("tr", {}, el("th", { scope: "col", text: t("Learner") }),
      data.lessons.map((lesson) => el("th", { scope: "col", text: lesson.title })));
    const rows = data.learners.map((learner) => {
      const cells = data.cells[String(learner.n)] || {};
      return el("tr", {}, el("th", { scope: "row", text: learner.name }),
        data.lessons.map((lesson) => {
          const cell = cells[lesson.lesson];
          return el("td", { class: cell ? (cell.finished ? "vt-done" : "vt-open") : "vt-none", text: cellText(cell) || "—" });
        }));
    });
    tableWrap.replaceChildren(el("table", { class: "vt-table" },
      el("caption", { text: tn("{n} learner", "{n} learners", data.learners.length) }),
      el("thead", {}, head), el("tbody", {}, rows)));
  }

  function drawGames(data) {
    if (!data.games.length) {
      gameWrap.replaceChildren(el("p", { text: t("No game played to the end yet.") }));
      return;
    }
    const head = el("tr", {}, [t("Game"), t("Finished"), t("Won"), t("With the coach"), t("Mistakes"),
      t("Inaccuracies"), t("Mistakes per coached game")].map((text) => el("th", { scope: "col", text })));
    const rows = data.games.map((game) => el("tr", {},
      el("th", { scope: "row", text: GAME_NAMES[game.game] || game.game }),
      el("td", { text: formatNumber(game.finished) }), el("td", { text: formatNumber(game.won) }),
      el("td", { text: formatNumber(game.coached) }), el("td", { text: game.coached ? formatNumber(game.mistakes) : "—" }),
      el("td", { text: game.coached ? formatNumber(game.inaccuracies) : "—" }),
      el("td", { text: game.coached ? formatNumber(game.mistakes / game.coached, 1) : "—" })));
    gameWrap.replaceChildren(el("table", { class: "vt-table" }, el("thead", {}, head), el("tbody", {}, rows)));
  }

  function drawPractice(data) {
    if (!data.practice.length) {
      practiceWrap.replaceChildren(el("p", { text: t("No practice exercise answered yet.") }));
      return;
    }
    const head = el("tr", {}, [t("Game"), t("Theme"), t("Answers"), t("Missed"), t("Learners"),
      t("Learners who missed it")].map((text) => el("th", { scope: "col", text })));
    const rows = data.practice.map((theme) => el("tr", {},
      el("th", { scope: "row", text: GAME_NAMES[theme.game] || theme.game }), el("td", { text: theme.words }),
      el("td", { text: formatNumber(theme.answers) }),
      el("td", { text: `${formatNumber(theme.missed)} (${formatNumber(Math.round((100 * theme.missed) / theme.answers))}`
        + `${WORDS.lang === "es" ? "\u00a0%" : "%"})` }),
      el("td", { text: formatNumber(theme.learners) }), el("td", { text: formatNumber(theme.missing) })));
    practiceWrap.replaceChildren(el("table", { class: "vt-table" },
      el("caption", { text: t("The most missed first; an answer counts as missed when the coach judges it an inaccuracy or a mistake.") }),
      el("thead", {}, head), el("tbody", {}, rows)));
  }

  function drawQuestions(data) {
    const keys = new Set(data.questions.map((q) => q.key));
    for (const [key, view] of views) if (!keys.has(key)) { view.article.remove(); views.delete(key); }
    if (!data.questions.length) {
      if (!questionList.querySelector(".vt-empty")) questionList.replaceChildren(el("p", { class: "vt-empty", text: t("No prediction answered yet.") }));
      return;
    }
    questionList.querySelector(".vt-empty")?.remove();
    let before = null;
    for (const question of data.questions) {
      let view = views.get(question.key);
      if (!view) { view = questionView(question); views.set(question.key, view); }
      const next = before ? before.nextSibling : questionList.firstChild;
      if (view.article !== next) questionList.insertBefore(view.article, next);
      updateQuestion(view, question);
      before = view.article;
    }
    if (dialog.open) {
      const view = views.get(dialog.dataset.key || "");
      const big = dialog.querySelector(".vt-chart-big");
      if (view && big) drawChart(big, view.question, view.marked, true);
      const waiting = dialog.querySelector(".vt-waiting");
      if (view && waiting) waiting.textContent = waitingText(view.question);
    }
  }

  function draw(data) {
    const answersBefore = state ? state.questions.reduce((s, q) => s + countText(q.counts), 0) : 0;
    state = data;
    anonymize.checked = data.anonymize;
    drawTable(data);
    drawQuestions(data);
    drawGames(data);
    drawPractice(data);
    const answers = data.questions.reduce((s, q) => s + countText(q.counts), 0);
    if (answers > answersBefore && answersBefore >= 0 && version >= 0) {
      announce.textContent = tn("{n} new answer.", "{n} new answers.", answers - answersBefore);
    }
    main.dataset.version = String(data.version);
    main.dataset.answers = String(answers);
  }

  // one request at a time: the server answers at once when something changed since `version`, else as soon as
  // something does (or "nothing new" after a while); each answer asks again at once, an error after a second
  let polling = false;
  async function poll() {
    if (polling) return;
    polling = true;
    let again = POLL_MS;
    try {
      const answer = await fetch(`${config.base}/state.json?since=${version}&lang=${config.lang}`,
        { credentials: "same-origin", cache: "no-store" });
      if (answer.status === 200) {
        const data = await answer.json();
        draw(data);
        version = data.version;
      } else if (answer.status === 403) {
        status.textContent = t("The teacher code is needed again: reload the page.");
        return;
      }
      if (answer.ok) {
        status.textContent = t("Live: updated at {time}.", { time: new Date().toLocaleTimeString(config.lang === "es" ? "es-ES" : "en-GB") });
        again = 0;
      }
    } catch (_error) {
      status.textContent = t("Connection to the server lost: trying again…");
    } finally {
      polling = false;
    }
    window.setTimeout(poll, again);
  }
  sizeType();
  poll();
  window.addEventListener("resize", () => { for (const view of views.values()) drawChart(view.chart, view.question, view.marked, false); });
})();
