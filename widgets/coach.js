// The coach on every board (plain functions, no imports; vegas_tutor.tutor.assets puts this file after
// shared.js and before the board's own module): the Coach switch, the Hint, the verdict on the learner's last
// decision, the end-of-game review with the costliest decisions, and the replay of one decision (read-only).
// Python (vegas_tutor/tutor/coaching.py) computes everything; this only draws the synced `coaching` trait.

/**
 * @typedef {{ n: number, words: string, status: "ready"|"computing"|"failed", verdict?: string, loss?: number,
 *             loss_text?: string, best?: string, text?: string, costly?: number, missed?: boolean }} CoachDecision
 * @typedef {{ words: string, value: string, best: boolean, yours: boolean }} CoachAlternative
 * @typedef {{ seat: number, name: string, yours: boolean, decisions: number, pending: number, accuracy: string,
 *             cost_text: string }} CoachPlayer
 * @typedef {{ on: boolean, thresholds?: string, can_hint?: boolean, last?: CoachDecision|null,
 *             hint?: { status: string, best?: string, text?: string }|null,
 *             review?: { rows: CoachDecision[], pending: number, total_text: string, players?: CoachPlayer[],
 *                        luck?: { status: string, text?: string }[], chart?: { figure: any, caption: string }|null }|null,
 *             replay?: (CoachDecision & { alternatives: { rows: CoachAlternative[], more: number } })|null }} Coaching
 */

const COACH_MARKS = { good: "✓", inaccuracy: "?!", mistake: "✗" };

/** The opponents' levels, and an older policy when a lesson asked for one (kept as a fourth choice). */
const OPPONENT_LEVELS = ["easy", "medium", "hard"];

/** A verdict's word in the board's language. @param {string|undefined} verdict */
function verdictWord(verdict) {
  if (verdict === "good") return t("good");
  if (verdict === "inaccuracy") return t("inaccuracy");
  if (verdict === "mistake") return t("mistake");
  return verdict ?? "";
}

/** An opponents' level in words ("easy", "medium", "hard"). @param {string} level */
function levelWord(level) {
  if (level === "easy") return t("easy");
  if (level === "medium") return t("medium");
  if (level === "hard") return t("hard");
  return level;
}

/**
 * The "Opponents play" radio group: easy, medium, hard (and `legacy[current]` when the board plays an older
 * policy). @param {string} prefix @param {string} current @param {Record<string, string>} legacy
 * @param {(msg: object) => void} send @param {{ id: string }} ctx
 */
function opponentsChoice(prefix, current, legacy, send, ctx) {
  const choices = OPPONENT_LEVELS.map((level) => [level, levelWord(level)]);
  if (legacy[current]) choices.push([current, legacy[current]]);
  return h("fieldset", { class: [`${prefix}-assumption`, `${prefix}-opponents`, "vt-opponents"] },
    h("legend", { text: t("Opponents play") }),
    choices.map(([value, text]) => h("label", { class: `${prefix}-radio` },
      h("input", {
        type: "radio", name: `${ctx.id}-bots`, value, checked: current === value, "data-key": `bots-${value}`,
        onchange: () => send({ type: "option", name: "bots", value }),
      }), " ", text)));
}

/** The opponents' level in words for a player's label ("bot, medium"). @param {string} level */
function opponentWords(level) {
  if (level === "greedy") return t("greedy");
  if (level === "random") return t("random");
  if (level === "odds") return t("by the odds");
  return levelWord(level);
}

/**
 * The coach panel of a board (nothing on a board that only shows positions).
 * @param {string} prefix @param {Model} model @param {(msg: object) => void} send
 */
function coachPanel(prefix, model, send) {
  if (!model.get("interactive")) return null;
  /** @type {Coaching} */
  const coaching = model.get("coaching") || { on: false };
  const on = Boolean(coaching.on);
  const head = h("div", { class: "vt-coach-head" },
    h("label", { class: "vt-coach-switch" },
      h("input", {
        type: "checkbox", role: "switch", checked: on, "data-key": "coach-switch", "aria-checked": String(on),
        onchange: (/** @type {Event} */ e) => send({ type: "coach", on: /** @type {HTMLInputElement} */ (e.target).checked }),
      }), " ", h("strong", { text: t("Coach") })),
    on ? h("button", {
      type: "button", class: "vt-coach-button", "data-key": "coach-hint", disabled: !coaching.can_hint,
      "aria-label": t("Hint: the coach's choice for your decision now (key H)"), onclick: () => send({ type: "hint" }),
    }, t("Hint"), h("kbd", { text: "H" })) : null,
    on ? null : h("span", { class: "vt-coach-muted", text: t("Switch on to have each decision judged, hints, and a review at the end.") }));
  const body = on ? [coachHint(coaching), coachLast(coaching), coachReplay(coaching, send), coachReview(coaching, send, model),
    h("p", { class: "vt-coach-muted vt-coach-legend", text: coaching.thresholds || "" })] : [];
  return h("section", { class: ["vt-coach", on && "vt-coach-on"], "aria-label": t("Coach") }, head, body);
}

/** When this page first saw the hint being computed (a redraw keeps the count going). */
let coachHintSince = 0;

/**
 * The seconds the hint has taken so far, counting up once a second while it is on the page (its timer stops
 * by itself once the element is gone). Only what the page saw: no clock of the kernel's is needed.
 */
function coachElapsed() {
  const now = Date.now();
  if (!coachHintSince || now - coachHintSince > 10 * 60 * 1000) coachHintSince = now;
  const since = coachHintSince;
  const span = h("span", { class: "vt-coach-elapsed", "aria-hidden": "true" });
  const tick = () => { span.textContent = t("({n} s so far)", { n: Math.round((Date.now() - since) / 1000) }); };
  tick();
  const timer = setInterval(() => { if (span.isConnected || Date.now() - since < 2000) tick(); else clearInterval(timer); }, 1000);
  return span;
}

/** @param {Coaching} coaching */
function coachHint(coaching) {
  if (!coaching.hint || coaching.hint.status !== "computing") coachHintSince = 0;
  const hint = coaching.hint;
  if (!hint) return null;
  if (hint.status === "computing") {
    return h("p", { class: "vt-coach-hint", role: "status" }, t("The coach is thinking…"),
      hint.what ? " " + t("It is {what}.", { what: hint.what }) : "", " ", coachElapsed());
  }
  if (hint.status === "failed") return h("p", { class: "vt-coach-hint", role: "status", text: hint.text || "" });
  return h("p", { class: "vt-coach-hint", role: "status" },
    h("strong", { text: t("Hint: the coach would {choice}.", { choice: hint.best }) }), " ", hint.text || "",
    coachDetails(hint.details));
}

/** How the coach counted, behind a toggle (nothing when its game says nothing more). @param {string|undefined} text */
function coachDetails(text) {
  return text ? h("details", { class: "vt-coach-details" }, h("summary", { text: t("Details") }), h("span", { text })) : null;
}

/**
 * One verdict in words: "✓ good", "?! inaccuracy (5.0 points given up)", "○ missed chance (7.1 points given up)"
 * (a mistake whose choice was as good as most, while a far better one was there). @param {CoachDecision} d
 */
function coachVerdict(d) {
  const mark = d.missed ? "○" : COACH_MARKS[d.verdict ?? "good"] ?? "";
  const word = d.missed ? t("missed chance") : verdictWord(d.verdict);
  const text = d.verdict === "good" ? `${mark} ${word}`
    : t("{mark} {verdict} ({loss} given up)", { mark, verdict: word, loss: d.loss_text });
  return h("span", { class: ["vt-verdict", `vt-verdict-${d.verdict}`, d.missed && "vt-verdict-missed"] }, text);
}

/** The verdict on the learner's last decision. @param {Coaching} coaching */
function coachLast(coaching) {
  const d = coaching.last;
  if (!d || coaching.replay) return null;
  const head = t("Your last decision, {choice}:", { choice: d.words }) + " ";
  if (d.status === "computing") return h("p", { class: "vt-coach-last", role: "status", "aria-live": "polite" }, head, t("⏳ the coach is judging it…"));
  if (d.status === "failed") return h("p", { class: "vt-coach-last", role: "status" }, head, d.text || "");
  return h("p", { class: ["vt-coach-last", `vt-coach-${d.verdict}`], role: "status", "aria-live": "polite",
    "data-verdict": d.verdict }, head, coachVerdict(d), ". ", d.text || "", coachDetails(d.details));
}

/** Every player's decisions as the coach judged them (bots included). @param {CoachPlayer[]} players */
function coachPlayers(players) {
  return h("table", { class: "vt-review-players" },
    h("caption", { text: t("Every player's decisions, judged by the coach") }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("Player") }), h("th", { scope: "col", text: t("Decisions") }),
      h("th", { scope: "col", text: t("Judged good") }), h("th", { scope: "col", text: t("Given up in all") }))),
    h("tbody", {}, players.map((p) => h("tr", { class: [p.yours && "vt-review-you"] },
      h("th", { scope: "row", text: p.name }), h("td", { text: String(p.decisions) }),
      h("td", { text: p.pending ? `${p.accuracy} ⏳` : p.accuracy }), h("td", { text: p.cost_text })))));
}

/** Each board's drawn chart and the figure it shows: a redraw with the same figure keeps it (plotly draws it once). */
const coachCharts = new WeakMap();

/**
 * The chance of winning over the game, drawn by plotly.js (asked of the kernel once per page); the caption
 * says in words what it shows. The board is drawn again as each bot's decision is judged, and the chart, which
 * shows your decisions only, stays the same: the same figure gives back the chart already drawn.
 * @param {Model} model @param {{ figure: any, caption: string }} chart
 */
function coachChart(model, chart) {
  const key = JSON.stringify(chart);
  const kept = coachCharts.get(model);
  if (kept && kept.key === key) return kept.box;
  const plot = h("div", { class: "vt-review-plot" });
  const status = h("p", { class: "vt-coach-muted", role: "status", text: t("Drawing the chart…") });
  const figure = h("figure", { class: "vt-review-chart" }, plot, h("figcaption", { text: chart.caption }));
  vtPlotly(model)
    .then((Plotly) => Plotly.react(plot, structuredClone(chart.figure.data), structuredClone(chart.figure.layout),
      { ...vtPlotlyConfig(Plotly), displayModeBar: false }))  // (plotly writes into what it is given: a copy)
    .then(() => { status.textContent = ""; figure.dataset.drawn = "true"; })
    .catch((error) => {
      if (coachCharts.get(model)?.key === key) coachCharts.delete(model);  // drawn afresh next time
      status.textContent = t("The chart could not be drawn ({problem}). The sentence below says what it shows.",
        { problem: error && error.message ? error.message : String(error) });
    });
  const box = h("div", { class: "vt-review-chart-box" }, status, figure);
  coachCharts.set(model, { key, box });
  return box;
}

/**
 * The end-of-game review: every decision in order with its cost, the costliest marked, each replayable; then
 * every player's accuracy, what came from the dice, and the chance of winning over the game.
 * @param {Coaching} coaching @param {(msg: object) => void} send @param {Model} model
 */
function coachReview(coaching, send, model) {
  const review = coaching.review;
  if (!review) return null;
  const current = coaching.replay ? coaching.replay.n : -1;
  const rows = review.rows.map((d) => h("li", {
    class: ["vt-review-row", d.costly && "vt-review-costly", d.n === current && "vt-review-current"],
    "data-decision": d.n,
  },
  h("span", { class: "vt-review-n", text: `${d.n + 1}.` }),
  h("span", { class: "vt-review-words", text: d.words }),
  d.status === "ready" ? coachVerdict(d) : h("span", { class: "vt-coach-muted", text: d.status === "computing" ? "⏳" : "–" }),
  d.costly ? h("strong", { class: "vt-costly-tag", text: t("costliest #{rank}", { rank: d.costly }) }) : null,
  h("button", {
    type: "button", class: "vt-coach-button vt-coach-small", "data-key": `replay-${d.n}`,
    "aria-label": t("Show decision {number}, {choice}, on the board", { number: d.n + 1, choice: d.words }),
    disabled: d.n === current, onclick: () => send({ type: "replay", decision: d.n }),
  }, t("Show"))));
  return h("section", { class: "vt-review", "aria-label": t("Review of your game") },
    h("h4", { text: t("Review of your game") }),
    h("p", { class: "vt-coach-muted" }, review.rows.length
      ? tn("{n} decision; in all {loss} given up against the coach's choices.",
        "{n} decisions; in all {loss} given up against the coach's choices.", review.rows.length,
        { loss: review.total_text })
        + " " + t("The three costliest are marked: press Show to see one on the board.")
      : t("You made no decision in this game."),
    review.pending ? " ⏳ " + tn("{n} still being judged…", "{n} still being judged…", review.pending) : ""),
    h("ol", { class: "vt-review-list" }, rows),
    (review.luck || []).map((l) => h("p", { class: "vt-review-luck", role: "status" }, l.status === "ready" ? l.text
      : t("The coach splits luck from skill once every decision of yours is judged…"))),
    review.chart ? coachChart(model, review.chart) : null,
    review.players && review.players.length ? coachPlayers(review.players) : null);
}

/** The decision replayed on the board: what you chose, what the coach prefers, every alternative. */
function coachReplay(coaching, send) {
  const d = coaching.replay;
  if (!d) return null;
  const total = coaching.review ? coaching.review.rows.length : 0;
  const step = (n, text, key) => h("button", {
    type: "button", class: "vt-coach-button", "data-key": key, disabled: n < 0 || n >= total,
    onclick: () => send({ type: "replay", decision: n }),
  }, text);
  const place = { number: d.n + 1, count: total };
  return h("section", { class: "vt-replay", role: "region", "aria-label": t("Decision {number} of {count}, read-only", place) },
    h("h4", {}, h("span", { class: "vt-replay-tag", text: t("REPLAY") }), " ",
      t("Decision {number} of {count}: the board shows the position before it (read-only).", place)),
    h("p", {}, d.status === "ready"
      ? [t("You chose to {choice}:", { choice: d.words }), " ", coachVerdict(d), ". ",
        t("The coach prefers to {choice}.", { choice: d.best }), " ", d.text || "", coachDetails(d.details)]
      : t("You chose to {choice}.", { choice: d.words })),
    d.alternatives.rows.length ? h("table", { class: "vt-alternatives" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("Choice") }), h("th", { scope: "col", text: t("Worth (coach's estimate)") }))),
      h("tbody", {}, d.alternatives.rows.map((a) => h("tr", { class: [a.best && "vt-alt-best", a.yours && "vt-alt-yours"] },
        h("th", { scope: "row" }, a.words, a.best ? h("strong", { text: " " + t("★ coach") }) : null,
          a.yours ? h("em", { text: " " + t("● yours") }) : null),
        h("td", { text: a.value }))))) : null,
    d.alternatives.more ? h("p", { class: "vt-coach-muted",
      text: tn("{n} more choice, worth less, is left out.", "{n} more choices, all worth less, are left out.", d.alternatives.more) }) : null,
    h("div", { class: "vt-replay-buttons" },
      step(d.n - 1, t("◀ Previous decision"), "replay-prev"),
      step(d.n + 1, t("Next decision ▶"), "replay-next"),
      h("button", { type: "button", class: "vt-coach-button vt-coach-primary", "data-key": "replay-end",
        onclick: () => send({ type: "replay_end" }) }, t("Back to the end"))));
}

/**
 * While a decision is replayed the board is read-only: every control outside the coach panel is disabled
 * (Python refuses their messages too), and a banner above the board says so, with a way back.
 * @param {HTMLElement} node @param {Model} model @param {(msg: object) => void} send
 */
function coachReadOnly(node, model, send) {
  const coaching = model.get("coaching");
  if (!coaching || !coaching.replay) return node;
  node.classList.add("vt-replaying");
  for (const control of node.querySelectorAll("button, input, select, textarea")) {
    if (!control.closest(".vt-coach")) /** @type {HTMLButtonElement} */ (control).disabled = true;
  }
  const d = coaching.replay;
  const total = coaching.review ? coaching.review.rows.length : 0;
  const banner = h("div", { class: "vt-coach-banner", role: "status" },
    h("span", { class: "vt-replay-tag", text: t("REPLAY") }),
    t("Decision {number} of {count}, before you chose to {choice} (read-only; the coach's view is below).",
      { number: d.n + 1, count: total, choice: d.words }),
    h("button", { type: "button", class: "vt-coach-button", "data-key": "replay-end-top",
      onclick: () => send({ type: "replay_end" }) }, t("Back to the end")));
  return h("div", { class: "vt-replaying" }, banner, node);
}

/** The coach's keys: H asks for a hint. @param {Model} model @param {KeyboardEvent} event */
function coachKey(model, event) {
  const coaching = model.get("coaching");
  if ((event.key === "h" || event.key === "H") && coaching && coaching.on && coaching.can_hint) return { type: "hint" };
  return null;
}
