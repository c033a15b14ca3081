// The Liar's Dice table: the cups, the bid track with the red marker die, the bids, the reveal, the odds panel
// (with "place your bet" and what-if) and the scenario stepper. It only draws the synced projections, which
// Python builds from the learner's own view, and sends intents; Python checks every move.
// (The render shell, the stepper panel, the error line, the pips and the helpers h, percent and diceWord come
// from shared.js.)

/**
 * @typedef {{ face: number, text: string }} Face
 * @typedef {{ text: string, quantity: number, face: number, star: boolean, rank: number, space: number,
 *             seat?: number, name?: string }} BidView
 * @typedef {{ seat: number, name: string, label: string, pattern: string, player: string, viewer: boolean,
 *             dice: number, shown: number[], hidden: number, own: number[]|null, to_act: boolean,
 *             bidder: boolean, out: boolean, winner: boolean }} Seat
 * @typedef {{ index: number, quantity: number, star: boolean, label: string }} Space
 * @typedef {{ seat: number, name: string, dice: {face: number, match: boolean, order: number|null}[],
 *             matches: number, lost: number }} RevealCup
 * @typedef {{ bid: BidView, bidder: number, challenger: number, winner: number, count: number, perfect: boolean,
 *             reason: string, losses: number[], die_hard: number[], cups: RevealCup[], words: string }} Reveal
 * @typedef {{ players: Seat[], viewer: number, phase: string, current: number|null, total_dice: number,
 *             bid: BidView|null, history: BidView[], track: Space[], faces: Face[], raises: BidView[],
 *             can_challenge: boolean, learner_to_act: boolean, awaiting_show: boolean, reveal: Reveal|null,
 *             reveal_fresh: boolean, describe: string, is_over: boolean, winners: number[], highlight: string[] }} Table
 * @typedef {{ model: { get: (name: string) => any, send: (msg: object) => void,
 *             on: (event: string, fn: () => void) => void, off: (event: string, fn: () => void) => void },
 *             el: HTMLElement }} RenderProps
 */

const LD_CHANGES = ["table", "odds", "simulation", "bet", "what_if_view", "stepper", "error", "show_odds", "bet_mode",
  "what_if", "bots_policy", "interactive", "version", "coaching"];

/** @param {RenderProps} props */
function render(props) {
  const { model } = props;
  // Local, view-only choices (which track space is open, which dice are picked to show): never game state.
  // `focusSpace`: the track space that holds the track's one Tab stop (roving tabindex); `confirmNew`: the New
  // game confirmation is open.
  const ctx = { id: `ld-${Math.random().toString(36).slice(2, 10)}`, space: /** @type {number|null} */ (null),
    picked: /** @type {Set<number>} */ (new Set()), pickedFor: "", focusSpace: /** @type {number|null} */ (null),
    confirmNew: false };
  return mountBoard(props, {
    prefix: "ld", title: "Liar's Dice table", changes: LD_CHANGES,
    view: (send, drawNow) => ldView(model, send, ctx, drawNow),
    summary: () => `${model.get("table") ? model.get("table").describe : ""}${ldKeysHelp(model)}`,
    keys: (event) => {
      /** @type {Table} */
      const table = model.get("table");
      const odds = model.get("odds");
      const key = event.key.toLowerCase();
      const playing = Boolean(table && model.get("interactive"));
      if (odds && odds.status === "bet" && (key === "t" || key === "f")) return { type: "bet", guess: key === "t" };
      if (playing && key === "c" && table.can_challenge) return { type: "challenge" };
      if (playing && key === "k" && table.awaiting_show) return { type: "keep" };
      if (playing && key === "n" && table.paused) return { type: "next_round" };
      if (playing && key === "s" && table.paused && table.out) return { type: "skip" };
      if (playing && key === "u" && table.undo && table.undo.can) return { type: "undo" };
      if (playing) return coachKey(model, event);
      return null;
    },
    inProgress: () => {
      const table = model.get("table");
      return Boolean(model.get("interactive") && table && table.undo && table.undo.in_progress);
    },
  });
}

function ldKeysHelp(model) {
  const table = model.get("table");
  const parts = [];
  if (model.get("stepper") && model.get("stepper").id) parts.push("right and left arrows step the example");
  if (table && table.can_challenge) parts.push("C challenges");
  if (table && table.awaiting_show) parts.push("K keeps your cup");
  if (table && table.paused) parts.push(table.out ? "N watches the next round, S skips to the end" : "N starts the next round");
  if (table && table.undo && table.undo.can) parts.push("U undoes");
  if (table && table.learner_to_act) parts.push("in the bid track, arrows move between spaces and Enter opens one");
  if (model.get("odds") && model.get("odds").status === "bet") parts.push("T or F bets true or false");
  return parts.length ? ` Keys: ${parts.join(", ")}.` : "";
}

/** "You" reads "your", others "Mary's". @param {string} name */
function ldWhose(name) {
  return name === "You" ? "your" : `${name}'s`;
}

/**
 * @param {RenderProps["model"]} model @param {(msg: object) => void} send
 * @param {{ id: string, space: number|null, picked: Set<number>, pickedFor: string }} ctx
 * @param {() => void} redrawNow
 */
function ldView(model, send, ctx, redrawNow) {
  /** @type {Table} */
  const table = model.get("table");
  if (!table || !table.players) return h("p", { text: "Setting up the table…" });
  const stepper = model.get("stepper");
  const hasStepper = Boolean(stepper && stepper.id);
  const interactive = Boolean(model.get("interactive"));
  const highlight = new Set(table.highlight || []);
  const main = h("section", { class: "ld-main", "aria-label": "The table" },
    h("p", { class: "ld-status", "aria-live": "polite" }, table.describe),
    ldCups(table, highlight),
    interactive ? ldActions(table, send, ctx, redrawNow) : null,
    errorLine("ld", model),
    coachPanel("ld", model, send),
    interactive && !table.is_over ? gameButtons("ld", table.undo, send, ctx, redrawNow) : null,
    table.paused && table.reveal ? ldReveal(table, highlight) : null,
    ldTrack(table, highlight, send, ctx, redrawNow),
    ldHistory(table, highlight),
    table.reveal && !table.paused ? ldReveal(table, highlight) : null,
    interactive ? ldControls(table, model, send, ctx) : null);
  const side = [];
  if (hasStepper) side.push(stepperPanel("ld", stepper, send));
  if (model.get("show_odds") || model.get("what_if")) side.push(ldOddsPanel(model, table, send));
  return coachReadOnly(h("div", { class: ["ld-layout", side.length ? "ld-with-side" : "ld-alone"] },
    main,
    side.length ? h("aside", { class: "ld-side", "aria-label": hasStepper ? "The example, step by step" : "Odds" }, side)
      : null), model, send);
}

// ------------------------------------------------------------------------------------------- dice
/** A die drawn with its pips (the star as a star) and its face written under it. @param {number} face */
function ldDie(face, extra = "", label = "") {
  const text = face === 1 ? "★" : String(face);
  const inner = face === 1
    ? h("span", { class: "ld-star", "aria-hidden": "true", text: "★" })
    : pipGrid("ld", face);
  return h("span", { class: ["ld-die-wrap", extra], role: "img", "aria-label": label || (face === 1 ? "a star" : `a ${face}`) },
    h("span", { class: ["ld-die", face === 1 && "ld-die-star"] }, inner),
    h("span", { class: "ld-die-label", "aria-hidden": "true", text }));
}

/** A die under a cup: nobody but its owner sees it. */
function ldHiddenDie() {
  return h("span", { class: "ld-die-wrap" },
    h("span", { class: "ld-die ld-die-hidden", "aria-hidden": "true", text: "?" }),
    h("span", { class: "ld-die-label", "aria-hidden": "true", text: "hidden" }));
}

/** The seat's token: its colour, pattern and letter. @param {Seat|{seat: number, label: string, pattern: string}} p */
function ldToken(p) {
  return h("span", { class: ["ld-token", `ld-seat-${p.seat}`, `ld-pat-${p.pattern}`], "aria-hidden": "true", text: p.label });
}

// ------------------------------------------------------------------------------------------- cups
/** @param {Table} table @param {Set<string>} highlight */
function ldCups(table, highlight) {
  return h("ul", { class: "ld-cups", "aria-label": "The players' cups" },
    table.players.map((p) => {
      const lit = highlight.has(`cup:${p.seat}`) || highlight.has(`seat:${p.seat}`) || highlight.has(`shown:${p.seat}`)
        || (highlight.has("winner") && p.winner);
      const role = p.player === "you" ? "you" : p.player === "bot" ? "bot" : "";
      const own = p.own || [];
      const hiddenText = p.own ? `hidden under the cup: ${own.map((f) => (f === 1 ? "star" : f)).join(", ") || "none"}`
        : `${diceWord(p.hidden)} hidden`;
      const label = `${p.name}${role ? ` (${role})` : ""}: ${diceWord(p.dice)}; ${hiddenText}`
        + `${p.shown.length ? `; shown: ${p.shown.map((f) => (f === 1 ? "star" : f)).join(", ")}` : ""}`
        + `${p.to_act ? "; to play" : ""}${p.bidder ? "; made the last bid" : ""}${p.out ? "; out of the game" : ""}`
        + `${p.winner ? "; winner" : ""}`;
      const cupDice = p.own
        ? (own.length ? own.map((f) => ldDie(f, "", `${f === 1 ? "a star" : `a ${f}`}, your hidden die`)) : [h("span", { class: "ld-muted", text: p.dice ? "to roll" : "" })])
        : Array.from({ length: p.hidden }, () => ldHiddenDie());
      return h("li", {
        class: ["ld-cup", p.viewer && "ld-you", p.to_act && "ld-to-act", p.out && "ld-out", p.winner && "ld-winner",
          lit && "ld-hl"],
        "aria-label": label,
      },
      h("div", { class: "ld-cup-head" }, ldToken(p),
        h("strong", { text: p.name }),
        role ? h("small", { class: "ld-muted", text: ` ${role}` }) : null,
        p.to_act ? h("span", { class: "ld-badge ld-badge-turn", text: "▶ to play" }) : null,
        p.winner ? h("span", { class: "ld-badge ld-badge-win", text: "★ winner" }) : null,
        p.out ? h("span", { class: "ld-badge", text: "out" }) : null,
        lit ? h("span", { class: "ld-changed", text: "★ here" }) : null),
      h("div", { class: "ld-count", text: `${diceWord(p.dice)}${p.out ? "" : ` · ${p.hidden} under the cup`}` }),
      p.dice ? h("div", { class: "ld-under", "aria-hidden": "true" },
        h("span", { class: "ld-cup-word", text: p.own ? "your cup" : "cup" }), cupDice) : null,
      p.shown.length ? h("div", { class: "ld-shown", "aria-hidden": "true" },
        h("span", { class: "ld-cup-word", text: "shown" }), p.shown.map((f) => ldDie(f, "ld-die-shown"))) : null);
    }));
}

// ------------------------------------------------------------------------------------------- track
/** @param {Table} table @param {Set<string>} highlight */
function ldTrack(table, highlight, send, ctx, redrawNow) {
  const bySpace = new Map();
  for (const b of table.raises) {
    if (!bySpace.has(b.space)) bySpace.set(b.space, []);
    bySpace.get(b.space).push(b);
  }
  if (ctx.space !== null && !bySpace.has(ctx.space)) ctx.space = null;
  const current = table.bid;
  const lit = highlight.has("bid");
  const legalSpaces = [...bySpace.keys()].sort((a, b) => a - b);
  if (ctx.focusSpace === null || !bySpace.has(ctx.focusSpace)) ctx.focusSpace = ctx.space ?? legalSpaces[0] ?? null;
  /** Move the track's Tab stop to `index` and focus it (arrow keys inside the track). */
  const moveTo = (/** @type {HTMLElement} */ from, /** @type {number} */ index) => {
    const root = from.closest(".ld-track");
    ctx.focusSpace = index;
    if (!root) return;
    for (const b of root.querySelectorAll("button.ld-space-legal")) b.setAttribute("tabindex", "-1");
    const next = /** @type {HTMLElement|null} */ (root.querySelector(`[data-key="space-${index}"]`));
    if (next) { next.setAttribute("tabindex", "0"); next.focus(); }
  };
  const onTrackKey = (/** @type {KeyboardEvent} */ event, /** @type {number} */ index) => {
    const at = legalSpaces.indexOf(index);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    let to = null;
    if (step) to = legalSpaces[Math.max(0, Math.min(legalSpaces.length - 1, at + step))];
    else if (event.key === "Home") to = legalSpaces[0];
    else if (event.key === "End") to = legalSpaces[legalSpaces.length - 1];
    if (to === null || to === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    moveTo(/** @type {HTMLElement} */ (event.currentTarget), to);
  };
  /** Open a space: its faces appear below the track and the focus goes to the first of them. */
  const open = (/** @type {Event} */ event, /** @type {number} */ index) => {
    const root = /** @type {HTMLElement} */ (event.currentTarget).closest(".ld-root");
    ctx.space = index;
    ctx.focusSpace = index;
    redrawNow();
    const face = root && /** @type {HTMLElement|null} */ (root.querySelector(".ld-face-button"));
    if (face) face.focus();
  };
  const spaces = table.track.map((s) => {
    const here = current && current.space === s.index;
    const legal = bySpace.get(s.index);
    const name = s.star ? `star space ${s.quantity}` : `numeric space ${s.quantity}`;
    const content = [
      h("span", { class: "ld-space-label", text: s.label }),
      here ? h("span", { class: "ld-marker", "aria-hidden": "true" }, ldDie(current.face, "ld-marker-die")) : null,
    ];
    const cls = ["ld-space", s.star ? "ld-space-star" : "ld-space-num", here && "ld-space-current",
      here && lit && "ld-hl", ctx.space === s.index && "ld-space-open"];
    if (legal && table.learner_to_act) {
      const faces = legal.map((b) => (b.star ? "stars" : `${b.face}s`)).join(", ");
      return h("li", { class: "ld-space-item" }, h("button", {
        type: "button", class: [...cls, "ld-space-legal"], "data-key": `space-${s.index}`,
        tabindex: ctx.focusSpace === s.index ? "0" : "-1",
        "aria-label": `Bid on ${name}: ${faces}`, "aria-expanded": ctx.space === s.index ? "true" : "false",
        onclick: (/** @type {Event} */ event) => open(event, s.index),
        onkeydown: (/** @type {KeyboardEvent} */ event) => onTrackKey(event, s.index),
      }, content));
    }
    return h("li", {
      class: ["ld-space-item", ...cls], "aria-label": here ? `${name}: the red die, current bid ${current.text}` : name,
      "aria-current": here ? "true" : false,
    }, content);
  });
  return h("section", { class: "ld-track-wrap", "aria-label": "The bid track" },
    h("h4", {}, "The bid track ",
      h("small", { class: "ld-muted", text: current ? `· the red die: ${current.text} (${current.name})` : "· no bid yet" })),
    h("ol", { class: "ld-track", "aria-label": table.learner_to_act
      ? "Bid track: arrow keys move between the spaces you may bid on, Enter opens one" : "Bid track" }, spaces),
    table.learner_to_act ? ldFacePicker(table, bySpace, send, ctx) : null);
}

/** The faces that raise the bid on the open space. */
function ldFacePicker(table, bySpace, send, ctx) {
  if (ctx.space === null) {
    return h("p", { class: "ld-hint", text: "Choose a space on the track (only spaces with a legal raise are buttons; arrow keys move along them, Enter opens one), then a face." });
  }
  const bids = bySpace.get(ctx.space) || [];
  const back = (/** @type {KeyboardEvent} */ event) => {  // Escape: back to the space on the track
    if (event.key !== "Escape") return;
    const root = /** @type {HTMLElement} */ (event.currentTarget).closest(".ld-root");
    const space = root && /** @type {HTMLElement|null} */ (root.querySelector(`[data-key="space-${ctx.space}"]`));
    if (space) { event.preventDefault(); space.focus(); }
  };
  return h("div", { class: "ld-faces", role: "group", "aria-label": "Choose the face of your bid (Escape: back to the track)", onkeydown: back },
    h("span", { text: "Bid: " }),
    bids.map((b) => h("button", {
      type: "button", class: "ld-button ld-face-button", "data-key": `bid-${b.quantity}-${b.face}`,
      "aria-label": `Bid ${b.text}`, onclick: () => { ctx.space = null; send({ type: "bid", quantity: b.quantity, face: b.face }); },
    }, ldDie(b.face), h("span", { text: b.text }))));
}

/** @param {Table} table @param {Set<string>} highlight */
function ldHistory(table, highlight) {
  if (!table.history.length) return null;
  return h("section", { class: "ld-history", "aria-label": "Bids this round" },
    h("h4", { text: "Bids this round" }),
    h("ol", {}, table.history.map((b, i) => {
      const p = table.players[b.seat ?? 0];
      const last = i === table.history.length - 1;
      return h("li", { class: [last && "ld-last-bid", last && highlight.has("bid") && "ld-hl"] },
        h("span", { class: "ld-muted", text: `${i + 1}. ` }), ldToken(p), ` ${b.name}: `, h("strong", { text: b.text }), last ? h("span", { class: "ld-muted", text: " (current)" }) : null);
    })));
}

// ------------------------------------------------------------------------------------------- actions
/** The learner's buttons: challenge, or the show-and-re-roll choice right after their bid. @param {Table} table */
function ldActions(table, send, ctx, redrawNow) {
  if (table.is_over) {
    return h("div", { class: "ld-actions" }, h("button", {
      type: "button", class: "ld-button ld-primary", "data-key": "new-game", text: "New game",
      onclick: () => send({ type: "new_game" }),
    }));
  }
  if (table.paused && table.out) {
    return h("div", { class: "ld-actions", role: "group", "aria-label": "You are out of the game" },
      h("p", { class: "ld-roll-title", text: "You are out of the game. Read the count below, then watch the others play on, round by round, or skip to the end." }),
      h("button", {
        type: "button", class: "ld-button ld-primary", "data-key": "next-round", "aria-label": "Continue: watch the next round (key N)",
        onclick: () => send({ type: "next_round" }),
      }, "Continue: watch the next round ▶", h("kbd", { text: "N" })),
      h("button", {
        type: "button", class: "ld-button", "data-key": "skip", "aria-label": "Skip to the end of the game (key S)",
        onclick: () => send({ type: "skip" }),
      }, "Skip to the end »", h("kbd", { text: "S" })));
  }
  if (table.paused) {
    return h("div", { class: "ld-actions" }, h("button", {
      type: "button", class: "ld-button ld-primary", "data-key": "next-round", "aria-label": "Next round (key N)",
      onclick: () => send({ type: "next_round" }),
    }, "Next round ▶", h("kbd", { text: "N" })), h("span", { class: "ld-muted", text: "The count is below." }));
  }
  if (table.awaiting_show) {
    const me = table.players[table.viewer];
    const own = me.own || [];
    const key = `${table.history.length}:${own.join("")}`;
    if (ctx.pickedFor !== key) { ctx.picked = new Set(); ctx.pickedFor = key; }
    const n = ctx.picked.size;
    const ok = n >= 1 && n < own.length;
    return h("div", { class: "ld-actions ld-show-box", role: "group", "aria-label": "Show and re-roll" },
      h("p", { class: "ld-roll-title", text: "Show and re-roll? Pick the dice to put out in view; the others are re-rolled (at least one stays in the cup)." }),
      h("div", { class: "ld-pick" }, own.map((f, i) => h("button", {
        type: "button", class: ["ld-pick-die", ctx.picked.has(i) && "ld-picked"], "data-key": `pick-${i}`,
        "aria-pressed": ctx.picked.has(i) ? "true" : "false", "aria-label": `Show your ${f === 1 ? "star" : f} (die ${i + 1})`,
        onclick: () => { if (ctx.picked.has(i)) ctx.picked.delete(i); else ctx.picked.add(i); redrawNow(); },
      }, ldDie(f), h("span", { class: "ld-pick-mark", "aria-hidden": "true", text: ctx.picked.has(i) ? "✓ show" : "keep" })))),
      h("div", { class: "ld-row" },
        h("button", {
          type: "button", class: "ld-button ld-primary", "data-key": "show", disabled: !ok,
          "aria-label": `Show ${n} and re-roll ${own.length - n}`,
          onclick: () => send({ type: "show", faces: [...ctx.picked].map((i) => own[i]) }),
        }, `Show ${n} and re-roll ${own.length - n}`),
        h("button", {
          type: "button", class: "ld-button", "data-key": "keep", "aria-label": "Keep my cup as it is (key K)",
          onclick: () => send({ type: "keep" }),
        }, "Keep my cup", h("kbd", { text: "K" }))));
  }
  if (!table.learner_to_act) return null;
  return h("div", { class: "ld-actions", role: "group", "aria-label": "Your move" },
    table.can_challenge ? h("button", {
      type: "button", class: "ld-button ld-challenge", "data-key": "challenge",
      "aria-label": `Challenge ${table.bid ? table.bid.text : ""} (key C)`, onclick: () => send({ type: "challenge" }),
    }, `Challenge ${table.bid ? table.bid.text : ""}!`, h("kbd", { text: "C" })) : null,
    h("span", { class: "ld-muted", text: table.can_challenge ? " … or raise: pick a space on the track below." : "Open the bidding: pick a space on the track below." }));
}

// ------------------------------------------------------------------------------------------- reveal
/** The last challenge: every cup lifted, the matching dice numbered as they are counted. @param {Table} table */
function ldReveal(table, highlight) {
  const r = table.reveal;
  if (!r) return null;
  const lit = highlight.has("count");
  const title = table.reveal_fresh ? "The cups are lifted" : "The last challenge";
  return h("section", { class: ["ld-reveal", table.reveal_fresh && "ld-reveal-fresh", lit && "ld-hl"], "aria-label": `${title}: ${r.words}` },
    h("h4", {}, `${title}: ${r.bid.text}? `, h("span", { class: "ld-count-total", text: `${r.count} counted` })),
    h("ul", { class: "ld-reveal-cups" }, r.cups.filter((c) => c.dice.length).map((c) => h("li", { class: "ld-reveal-cup" },
      ldToken(table.players[c.seat]), h("strong", { text: ` ${c.name}` }),
      h("span", { class: "ld-reveal-dice" }, c.dice.map((d) => h("span", {
        class: ["ld-count-die", d.match ? "ld-match" : "ld-nomatch"], style: d.match ? { animationDelay: `${(d.order || 0) * 0.15}s` } : undefined,
      }, ldDie(d.face, "", `${d.face === 1 ? "star" : d.face}${d.match ? `, counts: ${d.order}` : ", does not count"}`),
      d.match ? h("span", { class: "ld-order", "aria-hidden": "true", text: String(d.order) }) : null))),
      h("span", { class: "ld-reveal-sum", text: `${c.matches} count` }),
      c.lost ? h("span", { class: "ld-lost", text: ` −${diceWord(c.lost)}` }) : null,
      r.die_hard.includes(c.seat) ? h("span", { class: "ld-badge ld-badge-win", text: "Die Hard: keeps the last die" }) : null))),
    h("p", { class: "ld-words", text: r.words }));
}

// ------------------------------------------------------------------------------------------- odds
function ldOddsPanel(model, table, send) {
  const odds = model.get("odds") || {};
  const whatIf = Boolean(model.get("what_if"));
  const head = h("h3", { text: whatIf ? "What if…? The odds" : "Is the bid true? The odds" });
  const parts = [head];
  if (whatIf) parts.push(ldWhatIfEditor(model, send));
  if (odds.status === "off") {
    parts.push(h("p", { class: "ld-muted", text: odds.reason || "The odds are hidden." }));
  } else if (odds.status === "bet") {
    parts.push(h("div", { class: "ld-bet", role: "group", "aria-label": "Place your bet" },
      h("p", {}, h("strong", { text: "Place your bet: " }), `is “${odds.bid.text}” true? `,
        h("span", { class: "ld-muted", text: "Decide from what you see, then the odds are revealed." })),
      h("div", { class: "ld-row" },
        h("button", { type: "button", class: "ld-button ld-primary", "data-key": "bet-true", "aria-label": "I bet true (key T)",
          onclick: () => send({ type: "bet", guess: true }) }, "True", h("kbd", { text: "T" })),
        h("button", { type: "button", class: "ld-button", "data-key": "bet-false", "aria-label": "I bet false (key F)",
          onclick: () => send({ type: "bet", guess: false }) }, "False", h("kbd", { text: "F" })))));
  } else if (odds.status === "ready") {
    parts.push(ldBidOdds(model, odds, send));
  } else {
    parts.push(h("p", { class: "ld-muted", text: odds.reason || "No odds yet." }));
  }
  if (odds.choices && odds.choices.status === "ready") parts.push(ldChoices(odds.choices));
  return h("section", { class: "ld-odds", "aria-label": "Odds" }, parts);
}

function ldBidOdds(model, odds, send) {
  const bet = model.get("bet") || {};
  const sim = model.get("simulation") || {};
  const p = odds.at_least.p;
  const each = odds.bid.star ? "only a star" : `a ${odds.bid.face} or a star`;
  const verdict = bet.mode && bet.guess !== null && bet.guess !== undefined
    ? h("p", { class: "ld-verdict", role: "status" },
      h("strong", { text: `You bet ${bet.guess ? "true" : "false"}. ` }),
      `From your view the bid is true ${percent(p)} of the time: ${(p >= 0.5) === bet.guess ? "your bet agrees with the odds" : "the odds say otherwise"}. `,
      h("span", { class: "ld-muted", text: `(${bet.agreed} of ${bet.made} bets agreed with the odds.)` }))
    : null;
  const maxP = Math.max(...odds.distribution.map((r) => r.p), ...(sim.status === "ready" ? sim.distribution.map((r) => r.p) : [0]), 1e-9);
  const simAt = new Map(sim.status === "ready" ? sim.distribution.map((r) => [r.count, r.p]) : []);
  const rows = odds.distribution.map((r) => {
    const w = `${(100 * r.p) / maxP}%`;
    const s = simAt.get(r.count);
    const label = `${r.count} matching: ${percent(r.p)}${r.bid ? ", the bid" : ""}${r.true ? ", the bid is true" : ", the bid is false"}`
      + (s !== undefined ? `, simulated ${percent(s)}` : "");
    return h("li", { class: ["ld-dist-row", r.true && "ld-true", r.bid && "ld-at-bid"], "aria-label": label },
      h("span", { class: "ld-dist-count", text: String(r.count) }),
      h("span", { class: "ld-bar", "aria-hidden": "true" },
        h("span", { class: "ld-bar-fill", style: { width: w } }),
        s !== undefined ? h("span", { class: "ld-bar-sim", style: { left: `${(100 * s) / maxP}%` }, title: `simulated ${percent(s)}` }) : null),
      h("span", { class: "ld-dist-p", text: percent(r.p) }),
      h("span", { class: "ld-dist-mark", text: r.bid ? "◀ bid" : r.true ? "✓" : "" }));
  });
  return h("div", { class: "ld-bid-odds" },
    odds.what_if ? h("p", {}, h("strong", { class: "ld-tag ld-tag-whatif", text: "WHAT IF" }), " the odds of the imagined view you set above.") : null,
    h("p", { class: "ld-headline" }, `“${odds.bid.text}” is true: `,
      h("strong", { class: "ld-big", "data-key": "p-true", text: percent(p), title: `exactly ${odds.at_least.text}` }),
      h("span", { class: "ld-exact", text: odds.at_least.p >= 1 ? " (certain)" : ` (${ldInWords(p)})` })),
    h("p", { class: "ld-sub" }, "A perfect bid (exactly that many): ",
      h("strong", { text: percent(odds.exactly.p), title: `exactly ${odds.exactly.text}` })),
    h("details", { class: "ld-fractions" }, h("summary", { text: "Exact fractions" }),
      h("p", { text: `True: ${odds.at_least.text}. Perfect: ${odds.exactly.text}. (Every way the hidden dice can fall, counted.)` })),
    h("p", { class: "ld-muted ld-explain", text: `You see ${odds.matches} that count (${odds.known.length} dice seen). `
      + `${diceWord(odds.unknown)} are hidden from you; each shows ${each} with chance ${odds.p_match}. `
      + `Expected count: ${odds.expected_count.toFixed(1)}.` }),
    verdict,
    h("h4", { text: "How many will count? (exact)" }),
    h("ol", { class: "ld-dist", "aria-label": "The distribution of the count" }, rows),
    odds.beyond ? h("p", { class: "ld-muted", text: "The bid asks for more dice than can count: it cannot be true." }) : null,
    odds.matches >= odds.bid.quantity ? h("p", { class: "ld-muted", text: `You already see ${odds.matches} that count: the bid is surely true, whatever the hidden dice show.` }) : null,
    h("p", { class: "ld-legend ld-muted" }, "Striped bars: the bid is true. ◆ marks the simulation."),
    ldSimulation(sim, odds, send));
}

function ldSimulation(sim, odds, send) {
  const button = (n) => h("button", {
    type: "button", class: "ld-button ld-small", "data-key": `simulate-${n}`,
    "aria-label": `Roll the hidden dice ${n.toLocaleString("en-US")} more times`,
    onclick: () => send({ type: "simulate", n }),
  }, `+${n.toLocaleString("en-US")}`);
  const body = [h("div", { class: "ld-row" }, h("span", { text: "Simulate: roll the hidden dice " }), button(100), button(1000), button(10000), h("span", { text: " times" }))];
  if (sim.status === "ready") {
    body.push(h("p", { class: "ld-sim-line", role: "status" },
      `After ${sim.n.toLocaleString("en-US")} rolls: true ${(100 * sim.at_least.p).toFixed(1)}% ± ${(196 * sim.at_least.stderr).toFixed(1)}% `,
      h("span", { class: "ld-muted" }, "(± two ", glossaryLink("Standard-error", "standard errors"), ") "),
      h("span", { class: "ld-muted", text: `(exact ${(100 * odds.at_least.p).toFixed(1)}%, seed ${sim.seed})` })));
    body.push(h("table", { class: "ld-table ld-converge" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Rolls" }), h("th", { scope: "col", text: "Simulated P(true)" }), h("th", { scope: "col", text: "Exact" }))),
      h("tbody", {}, sim.history.map((row) => h("tr", {},
        h("td", { text: row.n.toLocaleString("en-US") }), h("td", { text: `${(100 * row.p).toFixed(1)}%` }),
        h("td", { text: `${(100 * odds.at_least.p).toFixed(1)}%` }))))));
  }
  return h("section", { class: "ld-sim", "aria-label": "Simulation beside the exact odds" }, body);
}

function ldChoices(choices) {
  const rows = choices.rows;
  const challenge = rows.filter((r) => r.kind === "challenge");
  const raises = rows.filter((r) => r.kind === "raise");
  // The lowest raise on each face: one row per face, in track order (no ranking: the figure looks one move ahead).
  const lowest = [...new Map([...raises].reverse().map((r) => [r.face, r])).values()].sort((a, b) => a.rank - b.rank);
  const line = (r) => h("tr", { class: [r.kind === "challenge" && "ld-challenge-row"] },
    h("th", { scope: "row", text: r.text }),
    h("td", { text: r.loss.toFixed(2) }),
    h("td", { text: percent(r.stands) }));
  const head = h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Choice" }),
    h("th", { scope: "col", text: "Dice you lose if challenged now (expected)" }), h("th", { scope: "col", text: "Bid true" })));
  return h("section", { class: "ld-choices", "aria-label": "Expected dice you lose for each choice, one move ahead" },
    h("h4", { text: "Your choices, one move ahead" }),
    h("p", { class: "ld-muted", text: "A challenge is scored on the current bid; a raise as if the next player challenged it at once. "
      + "That is all this figure sees: the next player may raise instead, and the round goes on. A low bid looks cheap here "
      + "because it is rarely challenged, not because it is a good bid — so no choice is marked best." }),
    h("table", { class: "ld-table" }, head, h("tbody", {}, challenge.map(line), lowest.map(line))),
    h("p", { class: "ld-muted", text: "Above: the challenge and the lowest raise on each face." }),
    h("details", { class: "ld-all-raises" }, h("summary", { text: `Every raise (${raises.length}, on the track's order)` }),
      h("table", { class: "ld-table" }, head.cloneNode(true), h("tbody", {}, raises.map(line)))),
    choices.left_out ? h("p", { class: "ld-muted", text: `${choices.left_out} raises above the dice in play are left out: they are always false.` }) : null);
}

// ------------------------------------------------------------------------------------------- what-if
function ldWhatIfEditor(model, send) {
  const v = model.get("what_if_view") || {};
  if (!v.bid && !v.own) return h("p", { class: "ld-muted", text: "What-if mode." });
  const bid = v.bid || { quantity: 1, face: 2 };
  const msg = (own, unknown, quantity, face) => {
    const q = Math.max(1, Math.min(face === 1 ? 10 : 20, quantity));
    send({ type: "what_if", own: [...own].sort((a, b) => a - b), unknown: Math.max(0, Math.min(40, unknown)), quantity: q, face });
  };
  const own = v.own || [];
  const small = (text, label, key, onclick, disabled = false) => h("button", {
    type: "button", class: "ld-button ld-small", "data-key": key, "aria-label": label, disabled, onclick,
  }, text);
  return h("section", { class: "ld-whatif", "aria-label": "What if: change your dice, the hidden dice or the bid" },
    h("p", { class: "ld-muted", text: `It starts from your real view${v.real_bid ? " and the bid on the table" : " and a bid to try (nobody has bid yet)"}. Change your dice (click a die to turn it), the number of hidden dice or the bid: the odds below follow. The table keeps the real game.` }),
    h("div", { class: "ld-row" }, h("span", { class: "ld-field", text: "Your dice:" }),
      own.map((f, i) => h("button", {
        type: "button", class: "ld-pick-die", "data-key": `whatif-die-${i}`,
        "aria-label": `Your die ${i + 1} shows ${f === 1 ? "a star" : f}: turn it to ${f === 6 ? "a star" : f + 1}`,
        onclick: () => { const next = [...own]; next[i] = f === 6 ? 1 : f + 1; msg(next, v.unknown, bid.quantity, bid.face); },
      }, ldDie(f))),
      small("+ die", "Add a die to your cup", "whatif-add", () => msg([...own, 2], v.unknown, bid.quantity, bid.face), own.length >= 10),
      small("− die", "Take a die from your cup", "whatif-remove", () => msg(own.slice(0, -1), v.unknown, bid.quantity, bid.face), own.length === 0)),
    h("div", { class: "ld-row" }, h("span", { class: "ld-field", text: `Hidden dice: ${v.unknown}` }),
      small("−", "One hidden die fewer", "unknown-minus", () => msg(own, v.unknown - 1, bid.quantity, bid.face), v.unknown <= 0),
      small("+", "One hidden die more", "unknown-plus", () => msg(own, v.unknown + 1, bid.quantity, bid.face), v.unknown >= 40)),
    h("div", { class: "ld-row" }, h("span", { class: "ld-field", text: `Bid: ${bid.text || ""}` }),
      small("−", "Bid one fewer", "bid-minus", () => msg(own, v.unknown, bid.quantity - 1, bid.face), bid.quantity <= 1),
      small("+", "Bid one more", "bid-plus", () => msg(own, v.unknown, bid.quantity + 1, bid.face), bid.quantity >= (bid.face === 1 ? 10 : 20)),
      [1, 2, 3, 4, 5, 6].map((f) => h("button", {
        type: "button", class: ["ld-pick-die", bid.face === f && "ld-picked"], "data-key": `whatif-face-${f}`,
        "aria-pressed": bid.face === f ? "true" : "false", "aria-label": `Bid on ${f === 1 ? "stars" : `${f}s`}`,
        onclick: () => msg(own, v.unknown, bid.quantity, f),
      }, ldDie(f)))),
    v.shown && v.shown.length ? h("p", { class: "ld-muted", text: `Shown dice (unchanged): ${v.shown.map((f) => (f === 1 ? "★" : f)).join(" ")}` }) : null,
    h("button", { type: "button", class: "ld-button", "data-key": "reset", disabled: !v.explored, text: "Back to the real game",
      onclick: () => send({ type: "reset" }) }));
}

// ------------------------------------------------------------------------------------------- controls
function ldControls(table, model, send, ctx) {
  const check = (name, text) => h("label", { class: "ld-check" },
    h("input", {
      type: "checkbox", checked: Boolean(model.get(name)), "data-key": `option-${name}`,
      onchange: (/** @type {Event} */ e) => send({ type: "option", name, value: /** @type {HTMLInputElement} */ (e.target).checked }),
    }), " ", text);
  return h("div", { class: "ld-controls", role: "group", "aria-label": "Options" },
    check("show_odds", "Show the odds"),
    check("bet_mode", "Place your bet first"),
    check("what_if", "What-if mode"),
    opponentsChoice("ld", model.get("bots_policy"), { random: "randomly", odds: "by the odds" }, send, ctx));
}

/** A chance in words a learner reads aloud: 0.66 -> "about 2 in 3". @param {number} p */
function ldInWords(p) {
  if (p <= 0) return "never";
  if (p < 0.01) return "less than 1 in 100";
  if (p > 0.99) return "nearly always";
  let best = [1, 2];
  for (let d = 2; d <= 10; d++) {
    const n = Math.round(p * d);
    if (n >= 1 && n < d && Math.abs(n / d - p) < Math.abs(best[0] / best[1] - p) - 1e-9) best = [n, d];
  }
  return `about ${best[0]} in ${best[1]}`;
}

export default { render };
