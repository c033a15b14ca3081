// The Practice page's panel: what is due, the game chooser, the question and its choices, then the coach's
// verdict. It only draws what Python sends and sends intents; Python judges every answer with the coach.
// The deck is kept in this browser's local storage (a sealed record Python checks when the page opens), and
// the boards leave the exercises of finished games in an inbox the panel hands to Python.
// (h, redraw, coalesce and t come from shared.js and words.js, put in front of this file.)

const PRACTICE_DECK_KEY = "vegas-tutor:practice:deck";

/**
 * One tab at a time practises: the tab holding the practice lease (`tabLease`) keeps the deck; another tab opening
 * the page says so and sends nothing until the learner presses "Practise here instead", which takes the lease and
 * reads the deck kept by the first tab (told by a storage event, that one says practice moved and stops keeping).
 * The shape of `gameKeeper` (shared.js), for the boards' shell. @param {any} model @param {() => void} changed
 */
function practiceKeeper(model, changed) {
  const lease = tabLease(`${LEASE_PREFIX}practice`, () => {
    if (keeper.tab === "here") keeper.tab = "moved";
    changed();
  });
  const keeper = {
    keeps: false, offer: null, note: "",
    /** "here" (this tab practises), "elsewhere" (another tab does), "moved" (taken by another tab). */
    tab: lease.claim() ? "here" : "elsewhere",
    tabWords: {
      elsewhere: t("Practice is open in another tab of this browser: your answers are kept there."),
      moved: t("Practice moved to another tab: this tab no longer keeps your answers."),
      button: t("Practise here instead"),
    },
    resume() {},
    fresh() {},
    /** @param {(msg: object) => void} send */
    takeOver(send) {
      lease.take();
      keeper.tab = "here";
      send({ type: "load", deck: readText(PRACTICE_DECK_KEY), inbox: readInbox() });  // the deck as kept now
      changed();
    },
    refused() { return ""; },
    dispose() { lease.dispose(); },
  };
  return keeper;
}

/** @param {string} key @returns {string|null} */
function readText(key) {
  try {
    return localStorage.getItem(key);
  } catch (error) {
    return null;  // storage off (private mode)
  }
}

/** The verdict of an answer in words. @param {string} answer */
function answerWord(answer) {
  return { best: t("The coach's choice"), good: t("Good"), inaccuracy: t("Inaccuracy"), mistake: t("Mistake") }[answer]
    || answer;
}

/** Due now, due today, learned, the streak. @param {any} model */
function practiceSummary(model) {
  const s = model.get("summary") || {};
  const parts = [
    tn("{n} due now", "{n} due now", s.due_now || 0),
    tn("{n} due today", "{n} due today", s.due_today || 0),
    tn("{n} learned", "{n} learned", s.learned || 0),
    tn("{n} new", "{n} new", s.fresh || 0),
    tn("a streak of {n} day", "a streak of {n} days", s.streak || 0),
  ];
  return h("p", { class: "vt-practice-summary", "data-testid": "practice-summary" }, parts.join(" · "));
}

/** @param {any} model @param {(msg: object) => void} send */
function practiceGames(model, send) {
  return h("div", { class: "vt-practice-games", role: "group", "aria-label": t("Which game to practise") },
    (model.get("games") || []).map((/** @type {any} */ g) => h("button", {
      type: "button", class: ["vt-practice-game", g.chosen && "vt-chosen"], "aria-pressed": g.chosen ? "true" : "false",
      "data-key": `game-${g.id || "all"}`, onclick: () => send({ type: "game", game: g.id }),
    }, g.title)));
}

/**
 * A lesson's question again: its choices as one radio group named by the question, and the Answer button.
 * @param {any} exercise @param {any} result @param {(msg: object) => void} send
 */
function practiceLessonQuestion(exercise, result, send) {
  const answered = Boolean(result.answer);
  const id = `vt-practice-${exercise.id}`;
  const group = h("div", { role: "radiogroup", "aria-labelledby": `${id}-q`, class: "vt-practice-radios" },
    exercise.groups[0].choices.map((/** @type {any} */ c) => h("label", { class: "vt-practice-radio" },
      h("input", { type: "radio", name: id, value: c.text, disabled: answered, "data-key": `choice-${c.text}`,
        checked: answered && c.text === result.choice }), ` ${c.words}`)));
  const button = h("button", { type: "button", class: "vt-practice-answer", "data-key": "answer", disabled: answered,
    onclick: () => {
      const chosen = /** @type {HTMLInputElement|null} */ (group.querySelector("input:checked"));
      if (!chosen) {
        /** @type {HTMLElement|null} */ (group.querySelector("input"))?.focus();
        return;
      }
      button.setAttribute("disabled", "");
      send({ type: "answer", id: exercise.id, choice: chosen.value });
    } }, t("Answer"));
  return h("div", { class: "vt-practice-question" },
    h("p", { class: "vt-practice-about" }, h("strong", {}, exercise.title), ` · ${exercise.theme} · `,
      t("from the lesson “{lesson}”", { lesson: exercise.lesson })),
    h("p", { id: `${id}-q`, class: "vt-practice-ask" }, exercise.question),
    group, h("div", { class: "vt-practice-row" }, button));
}

/**
 * The question: every legal choice of the position in a list grouped by kind, and the Answer button.
 * @param {any} exercise @param {any} result @param {(msg: object) => void} send
 */
function practiceQuestion(exercise, result, send) {
  const answered = Boolean(result.answer);
  const id = `vt-practice-${exercise.id}`;
  const select = /** @type {HTMLSelectElement} */ (h("select", { id, class: "vt-practice-choices",
    "data-key": "choices", disabled: answered },
  h("option", { value: "", text: t("Choose…") }),
  exercise.groups.map((/** @type {any} */ g) => h("optgroup", { label: g.label },
    g.choices.map((/** @type {any} */ c) => h("option", { value: c.text, text: c.words,
      selected: answered && c.text === result.choice }))))));
  const button = h("button", { type: "button", class: "vt-practice-answer", "data-key": "answer", disabled: answered,
    onclick: () => {
      if (!select.value) {
        select.focus();
        return;
      }
      button.setAttribute("disabled", "");
      button.textContent = t("The coach is judging…");
      send({ type: "answer", id: exercise.id, choice: select.value });
    } }, t("Answer"));
  const from = exercise.source === "game" ? t("from one of your games") : t("from a game of the easy opponent");
  const rivals = exercise.rivals ? ` · ${exercise.rivals}` : "";
  return h("div", { class: "vt-practice-question" },
    h("p", { class: "vt-practice-about" }, h("strong", {}, exercise.title), ` · ${exercise.theme} · ${from}${rivals}`),
    h("label", { for: id, class: "vt-practice-ask" }, t("What do you do? (the board below shows what you could see)")),
    h("div", { class: "vt-practice-row" }, select, button),
    h("p", { class: "vt-practice-count" }, tn("{n} choice", "{n} choices", exercise.count)));
}

/**
 * The coach's judgement of the answer, and the choice made in the game.
 * @param {any} exercise @param {any} r @param {(msg: object) => void} send
 */
function practiceResult(exercise, r, send) {
  const next = h("button", { type: "button", class: "vt-practice-next", "data-key": "next",
    onclick: () => send({ type: "next" }) }, t("Next exercise"));
  const again = h("p", { class: "vt-practice-again" }, t("This exercise comes back {when}.", { when: r.again }));
  if (exercise.source === "lesson") {
    const right = r.answer === "best";
    return h("div", { class: ["vt-practice-result", right ? "vt-right" : "vt-wrong"], role: "status",
      "data-testid": "practice-result" },
    h("p", { class: "vt-practice-verdict" }, h("strong", {}, right ? t("Right!")
      : t("Not quite: the answer is “{answer}”.", { answer: r.best }))),
    h("p", { class: "vt-practice-why" }, r.why), again, next);
  }
  const thenWord = (r.then_missed ? t("Missed chance") : answerWord(r.then_verdict)).toLowerCase();
  const then = exercise.source === "game"
    ? t("In your game you chose {choice}: {verdict}, {loss} given up.",
      { choice: r.then, verdict: thenWord, loss: r.then_loss })
    : t("The easy opponent chose {choice}: {verdict}, {loss} given up.",
      { choice: r.then, verdict: thenWord, loss: r.then_loss });
  const right = r.answer === "best" || r.answer === "good";
  const cost = t("you chose {choice}, {loss} given up", { choice: r.yours, loss: r.loss_text });
  return h("div", { class: ["vt-practice-result", right ? "vt-right" : "vt-wrong"], role: "status",
    "data-testid": "practice-result" },
  h("p", { class: "vt-practice-verdict" }, h("strong", {}, r.missed ? t("Missed chance") : answerWord(r.answer)),
    r.answer === "best" ? "" : ` · ${cost}`),
  r.answer === "best" ? null : h("p", {}, r.marked ? t("The coach's choice: {best} (marked on the board).", { best: r.best })
    : t("The coach's choice: {best}.", { best: r.best })),
  h("p", { class: "vt-practice-why" }, r.why),
  r.details ? h("details", { class: "vt-coach-details" }, h("summary", { text: t("Details") }), h("span", { text: r.details }))
    : null,
  h("p", { class: "vt-practice-then" }, then), again, next);
}

export default {
  /**
   * The panel in the boards' shell (`mountBoard`): the same watch of the connection to the lesson (busy, lost,
   * stopped, with Reload), controls disabled while the lesson cannot be reached, one redraw per burst of changes.
   * @param {{ model: any, el: HTMLElement }} ctx
   */
  render({ model, el }) {
    useWords(model);
    el.classList.add("vt-practice");
    let wasAnswered = false;
    let unkept = false;
    /** @param {(msg: object) => void} send */
    const view = (send) => {
      const exercise = model.get("exercise") || {};
      const result = model.get("result") || {};
      const summary = model.get("summary") || {};
      const answered = Boolean(result.answer);
      if (answered && !wasAnswered) {  // the verdict is read out (status); Next is one key away
        queueMicrotask(() => /** @type {HTMLElement|null} */ (el.querySelector(".vt-practice-next"))?.focus());
      }
      wasAnswered = answered;
      if (keeper.tab !== "here" && !model.get("loaded")) return h("div", { class: "vt-practice-body" });
      if (!model.get("loaded")) {  // until Python has read the kept deck, its counts and first exercise are not known
        return h("div", { class: "vt-practice-body" },
          h("p", { class: "vt-practice-opening", role: "status" }, t("Opening the exercises this browser keeps…")));
      }
      return h("div", { class: "vt-practice-body" },
        practiceSummary(model),
        practiceGames(model, send),
        model.get("notice") ? h("p", { class: "vt-practice-notice", role: "status" }, model.get("notice")) : null,
        unkept ? h("p", { class: "vt-practice-notice", role: "alert" },
          t("This browser does not keep your exercises (its storage is off or full): they last until the page is closed."))
          : null,
        exercise.kind === "question" ? practiceLessonQuestion(exercise, result, send)
          : exercise.id ? practiceQuestion(exercise, result, send)
          : h("p", { class: "vt-practice-empty", "data-testid": "practice-empty" }, summary.next_due
            ? t("Nothing is due now: the next exercise comes back {when}.", { when: summary.next_due })
            : t("Nothing to practise here yet: finish a game and its costliest decisions come back as exercises.")),
        answered ? practiceResult(exercise, result, send) : null,
        model.get("error") ? h("p", { class: "vt-error", role: "alert" }, model.get("error")) : null);
    };
    const keep = () => {
      const saved = model.get("saved");
      if (!saved || keeper.tab !== "here") return;  // another tab keeps the deck
      try {
        localStorage.setItem(PRACTICE_DECK_KEY, saved);
        unkept = false;
      } catch (error) {
        unkept = true;  // storage off or full: the deck lasts as long as the page, and the page says so (this
      }                 // change comes with the panel's own, whose redraw follows)
      const taken = model.get("taken") || [];
      if (taken.length) dropFromInbox(taken);
    };
    model.on("change:saved", keep);
    /** @type {any} */
    let keeper = null;
    const unmount = mountBoard({ model, el }, {
      prefix: "vt-practice", title: t("Practice"),
      changes: ["loaded", "summary", "games", "exercise", "result", "notice", "error", "version"],
      view,
      summary: () => {
        const exercise = model.get("exercise") || {};
        return exercise.id ? `${exercise.title} · ${exercise.theme}` : "";
      },
      keeper: (/** @type {any} */ m, /** @type {() => void} */ changed) => (keeper = practiceKeeper(m, changed)),
    });
    if (!model.get("loaded") && keeper.tab === "here") {
      model.send({ type: "load", deck: readText(PRACTICE_DECK_KEY), inbox: readInbox() });
    }
    return () => {
      model.off("change:saved", keep);
      unmount();
    };
  },
};
