// The Liar's Dice table: the cups, the bid track with the red marker die, the bids, the reveal, the odds panel
// (with "place your bet" and what-if) and the scenario stepper. It only draws the synced projections, which
// Python builds from the learner's own view, and sends intents; Python checks every move.
// (The render shell, the stepper panel, the error line, the pips and the helpers h, percent and diceWord come
// from shared.js.)

/**
 * @typedef {{ face: number, text: string }} Face
 * @typedef {{ text: string, quantity: number, face: number, star: boolean, rank: number, space: number,
 *             seat?: number, name?: string, why?: string }} BidView
 * @typedef {{ seat: number, name: string, label: string, pattern: string, player: string, viewer: boolean,
 *             dice: number, shown: number[], hidden: number, own: number[]|null, to_act: boolean,
 *             bidder: boolean, out: boolean, winner: boolean }} Seat
 * @typedef {{ index: number, quantity: number, star: boolean, label: string }} Space
 * @typedef {{ seat: number, name: string, dice: {face: number, match: boolean, order: number|null}[],
 *             matches: number, lost: number }} RevealCup
 * @typedef {{ bid: BidView, bidder: number, challenger: number, winner: number, count: number, perfect: boolean,
 *             reason: string, losses: number[], die_hard: number[], cups: RevealCup[], words: string, why?: string }} Reveal
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
  useWords(model);  // the board's title below is in the lesson's language
  // Local, view-only choices (which track space is open, which dice are picked to show): never game state.
  // `focusSpace`: the track space that holds the track's one Tab stop (roving tabindex); `confirmNew`: the New
  // game confirmation is open.
  const ctx = { id: `ld-${Math.random().toString(36).slice(2, 10)}`, space: /** @type {number|null} */ (null),
    picked: /** @type {Set<number>} */ (new Set()), pickedFor: "", focusSpace: /** @type {number|null} */ (null),
    focusFace: /** @type {number|null} */ (null), confirmNew: false };
  return mountBoard(props, {
    prefix: "ld", title: t("Liar's Dice table"), changes: LD_CHANGES,
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
  if (model.get("stepper") && model.get("stepper").id) parts.push(t("right and left arrows step the example"));
  if (table && table.can_challenge) parts.push(t("C challenges"));
  if (table && table.awaiting_show) parts.push(t("K keeps your cup"));
  if (table && table.paused) parts.push(table.out ? t("N watches the next round, S skips to the end") : t("N starts the next round"));
  if (table && table.undo && table.undo.can) parts.push(t("U undoes"));
  if (table && table.learner_to_act) parts.push(t("in the bid track, arrows move between spaces and Enter opens one"));
  if (model.get("odds") && model.get("odds").status === "bet") parts.push(t("T or F bets true or false"));
  return parts.length ? " " + t("Keys: {keys}.", { keys: parts.join(", ") }) : "";
}

/** "1 die" / "3 dice" in the board's language. @param {number} n */
function ldDice(n) {
  return tn("{n} die", "{n} dice", n);
}

/** A face as the learner reads it aloud: "a star", "a 5". @param {number} face */
function ldAFace(face) {
  return face === 1 ? t("a star") : t("a {face}", { face });
}

/**
 * @param {RenderProps["model"]} model @param {(msg: object) => void} send
 * @param {{ id: string, space: number|null, picked: Set<number>, pickedFor: string }} ctx
 * @param {() => void} redrawNow
 */
function ldView(model, send, ctx, redrawNow) {
  /** @type {Table} */
  const table = model.get("table");
  if (!table || !table.players) return h("p", { text: t("Setting up the table…") });
  const stepper = model.get("stepper");
  const hasStepper = Boolean(stepper && stepper.id);
  const interactive = Boolean(model.get("interactive"));
  const highlight = new Set(table.highlight || []);
  const main = h("section", { class: "ld-main", "aria-label": t("The table") },
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
    side.length ? h("aside", { class: "ld-side", "aria-label": hasStepper ? t("The example, step by step") : t("Odds") }, side)
      : null), model, send);
}

// ------------------------------------------------------------------------------------------- dice
/** A die drawn with its pips (the star as a star) and its face written under it. @param {number} face */
function ldDie(face, extra = "", label = "") {
  const text = face === 1 ? "★" : String(face);
  const inner = face === 1
    ? h("span", { class: "ld-star", "aria-hidden": "true", text: "★" })
    : pipGrid("ld", face);
  return h("span", { class: ["ld-die-wrap", extra], role: "img", "aria-label": label || ldAFace(face) },
    h("span", { class: ["ld-die", face === 1 && "ld-die-star"] }, inner),
    h("span", { class: "ld-die-label", "aria-hidden": "true", text }));
}

/** A die under a cup: nobody but its owner sees it. */
function ldHiddenDie() {
  return h("span", { class: "ld-die-wrap" },
    h("span", { class: "ld-die ld-die-hidden", "aria-hidden": "true", text: "?" }),
    h("span", { class: "ld-die-label", "aria-hidden": "true", text: t("hidden") }));
}

/** The seat's token: its colour, pattern and letter. @param {Seat|{seat: number, label: string, pattern: string}} p */
function ldToken(p) {
  return h("span", { class: ["ld-token", `ld-seat-${p.seat}`, `ld-pat-${p.pattern}`], "aria-hidden": "true", text: p.label });
}

// ------------------------------------------------------------------------------------------- cups
/** @param {Table} table @param {Set<string>} highlight */
function ldCups(table, highlight) {
  return h("ul", { class: "ld-cups", "aria-label": t("The players' cups") },
    table.players.map((p) => {
      const lit = highlight.has(`cup:${p.seat}`) || highlight.has(`seat:${p.seat}`) || highlight.has(`shown:${p.seat}`)
        || (highlight.has("winner") && p.winner);
      const role = p.player === "you" ? t("you") : p.player === "bot" ? t("bot") : "";
      const own = p.own || [];
      const faceName = (/** @type {number} */ f) => (f === 1 ? t("star") : String(f));
      const ownText = own.map(faceName).join(", ") || t("none");
      const hiddenText = p.own ? t("hidden under the cup: {dice}", { dice: ownText })
        : tn("{n} die hidden", "{n} dice hidden", p.hidden);
      const parts = [ldDice(p.dice), hiddenText];
      if (p.shown.length) parts.push(t("shown: {dice}", { dice: p.shown.map(faceName).join(", ") }));
      if (p.to_act) parts.push(p.player === "you" ? t("your turn") : t("to play"));
      if (p.bidder) parts.push(t("made the last bid"));
      if (p.out) parts.push(t("out of the game"));
      if (p.winner) parts.push(t("winner"));
      const who = role ? t("{name} ({role})", { name: p.name, role }) : p.name;
      const label = `${who}: ${parts.join("; ")}`;
      const cupDice = p.own
        ? (own.length ? own.map((f) => ldDie(f, "", t("{face}, your hidden die", { face: ldAFace(f) }))) : [h("span", { class: "ld-muted", text: p.dice ? t("to roll") : "" })])
        : Array.from({ length: p.hidden }, () => ldHiddenDie());
      return h("li", {
        class: ["ld-cup", p.viewer && "ld-you", p.to_act && "ld-to-act", p.out && "ld-out", p.winner && "ld-winner",
          lit && "ld-hl"],
        "aria-label": label,
      },
      h("div", { class: "ld-cup-head" }, ldToken(p),
        h("strong", { text: p.name }),
        role ? h("small", { class: "ld-muted", text: ` ${role}` }) : null,
        p.to_act ? h("span", { class: "ld-badge ld-badge-turn", text: p.player === "you" ? t("▶ your turn") : t("▶ to play") }) : null,
        p.winner ? h("span", { class: "ld-badge ld-badge-win", text: t("★ winner") }) : null,
        p.out ? h("span", { class: "ld-badge", text: t("out") }) : null,
        lit ? h("span", { class: "ld-changed", text: t("★ here") }) : null),
      h("div", { class: "ld-count", text: p.out ? ldDice(p.dice) : t("{dice} · {n} under the cup", { dice: ldDice(p.dice), n: p.hidden }) }),
      p.dice ? h("div", { class: "ld-under", "aria-hidden": "true" },
        h("span", { class: "ld-cup-word", text: p.own ? t("your cup") : t("cup") }), cupDice) : null,
      p.shown.length ? h("div", { class: "ld-shown", "aria-hidden": "true" },
        h("span", { class: "ld-cup-word", text: t("shown") }), p.shown.map((f) => ldDie(f, "ld-die-shown"))) : null);
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
    ctx.focusFace = null;
    redrawNow();
    const face = root && /** @type {HTMLElement|null} */ (root.querySelector(".ld-face-button[tabindex='0']"));
    if (face) face.focus();
  };
  const spaces = table.track.map((s) => {
    const here = current && current.space === s.index;
    const legal = bySpace.get(s.index);
    const name = s.star ? t("star space {n}", { n: s.quantity }) : t("numeric space {n}", { n: s.quantity });
    const content = [
      h("span", { class: "ld-space-label", text: s.label }),
      here ? h("span", { class: "ld-marker", "aria-hidden": "true" }, ldDie(current.face, "ld-marker-die")) : null,
    ];
    const cls = ["ld-space", s.star ? "ld-space-star" : "ld-space-num", here && "ld-space-current",
      here && lit && "ld-hl", ctx.space === s.index && "ld-space-open"];
    if (legal && table.learner_to_act) {
      const faces = legal.map((b) => (b.star ? t("stars") : t("{face}s", { face: b.face }))).join(", ");
      return h("li", { class: "ld-space-item" }, h("button", {
        type: "button", class: [...cls, "ld-space-legal"], "data-key": `space-${s.index}`,
        tabindex: ctx.focusSpace === s.index ? "0" : "-1",
        "aria-label": t("Bid on {space}: {faces}", { space: name, faces }), "aria-expanded": ctx.space === s.index ? "true" : "false",
        onclick: (/** @type {Event} */ event) => open(event, s.index),
        onkeydown: (/** @type {KeyboardEvent} */ event) => onTrackKey(event, s.index),
      }, content));
    }
    return h("li", {
      class: ["ld-space-item", ...cls], "aria-label": here ? t("{space}: the red die, current bid {bid}", { space: name, bid: current.text }) : name,
      "aria-current": here ? "true" : false,
    }, content);
  });
  return h("section", { class: "ld-track-wrap", "aria-label": t("The bid track") },
    h("h4", {}, t("The bid track"), " ",
      h("small", { class: "ld-muted", text: current ? t("· the red die: {bid} ({name})", { bid: current.text, name: current.name }) : t("· no bid yet") })),
    h("ol", { class: "ld-track", "aria-label": table.learner_to_act
      ? t("Bid track: arrow keys move between the spaces you may bid on, Enter opens one") : t("Bid track") }, spaces),
    table.learner_to_act ? ldFacePicker(table, bySpace, send, ctx) : null);
}

/** The faces that raise the bid on the open space. */
function ldFacePicker(table, bySpace, send, ctx) {
  if (ctx.space === null) {
    return h("p", { class: "ld-hint", text: t("Choose a space on the track (only spaces with a legal raise are buttons; arrow keys move along them, Enter opens one), then a face.") });
  }
  const bids = bySpace.get(ctx.space) || [];
  const back = (/** @type {KeyboardEvent} */ event) => {  // Escape: back to the space on the track
    if (event.key !== "Escape") return;
    const root = /** @type {HTMLElement} */ (event.currentTarget).closest(".ld-root");
    const space = root && /** @type {HTMLElement|null} */ (root.querySelector(`[data-key="space-${ctx.space}"]`));
    if (space) { event.preventDefault(); space.focus(); }
  };
  // The faces hold one Tab stop, and the arrow keys move it (as on the track): an arrow never leaves the focus
  // on the first face, where Enter would bid it unasked.
  if (ctx.focusFace === null || !bids.some((b) => b.face === ctx.focusFace)) ctx.focusFace = bids.length ? bids[0].face : null;
  const onFaceKey = (/** @type {KeyboardEvent} */ event, /** @type {number} */ at) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    let to = null;
    if (step) to = Math.max(0, Math.min(bids.length - 1, at + step));
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = bids.length - 1;
    if (to === null) return;
    event.preventDefault();
    event.stopPropagation();
    ctx.focusFace = bids[to].face;
    const group = /** @type {HTMLElement} */ (event.currentTarget).closest(".ld-faces");
    if (!group) return;
    for (const b of group.querySelectorAll("button.ld-face-button")) b.setAttribute("tabindex", "-1");
    const next = /** @type {HTMLElement|null} */ (group.querySelector(`[data-key="bid-${bids[to].quantity}-${bids[to].face}"]`));
    if (next) { next.setAttribute("tabindex", "0"); next.focus(); }
  };
  return h("div", { class: "ld-faces", role: "group", "aria-label": t("Choose the face of your bid (arrow keys move between the faces, Enter bids, Escape goes back to the track)"), onkeydown: back },
    h("span", { text: t("Bid:") + " " }),
    bids.map((b, i) => h("button", {
      type: "button", class: "ld-button ld-face-button", "data-key": `bid-${b.quantity}-${b.face}`,
      tabindex: ctx.focusFace === b.face ? "0" : "-1",
      "aria-label": t("Bid {bid}", { bid: b.text }), onclick: () => { ctx.space = null; ctx.focusFace = null; send({ type: "bid", quantity: b.quantity, face: b.face }); },
      onkeydown: (/** @type {KeyboardEvent} */ event) => onFaceKey(event, i),
    }, ldDie(b.face), h("span", { text: b.text }))));
}

/** @param {Table} table @param {Set<string>} highlight */
function ldHistory(table, highlight) {
  if (!table.history.length) return null;
  return h("section", { class: "ld-history", "aria-label": t("Bids this round") },
    h("h4", { text: t("Bids this round") }),
    h("ol", {}, table.history.map((b, i) => {
      const p = table.players[b.seat ?? 0];
      const last = i === table.history.length - 1;
      return h("li", { class: [last && "ld-last-bid", last && highlight.has("bid") && "ld-hl"] },
        h("span", { class: "ld-muted", text: `${i + 1}. ` }), ldToken(p), ` ${b.name}: `, h("strong", { text: b.text }), last ? h("span", { class: "ld-muted", text: " " + t("(current)") }) : null,
        b.why ? h("span", { class: "ld-muted ld-why", style: { fontWeight: "normal" }, text: ` (${b.why})` }) : null);
    })));
}

// ------------------------------------------------------------------------------------------- actions
/** The learner's buttons: challenge, or the show-and-re-roll choice right after their bid. @param {Table} table */
function ldActions(table, send, ctx, redrawNow) {
  if (table.is_over) {
    return h("div", { class: "ld-actions" }, h("button", {
      type: "button", class: "ld-button ld-primary", "data-key": "new-game", text: t("New game"),
      onclick: () => send({ type: "new_game" }),
    }));
  }
  if (table.paused && table.out) {
    return h("div", { class: "ld-actions", role: "group", "aria-label": t("You are out of the game") },
      h("p", { class: "ld-roll-title", text: t("You are out of the game. Read the count below, then watch the others play on, round by round, or skip to the end.") }),
      h("button", {
        type: "button", class: "ld-button ld-primary", "data-key": "next-round", "aria-label": t("Continue: watch the next round (key N)"),
        onclick: () => send({ type: "next_round" }),
      }, t("Continue: watch the next round ▶"), h("kbd", { text: "N" })),
      h("button", {
        type: "button", class: "ld-button", "data-key": "skip", "aria-label": t("Skip to the end of the game (key S)"),
        onclick: () => send({ type: "skip" }),
      }, t("Skip to the end »"), h("kbd", { text: "S" })));
  }
  if (table.paused) {
    return h("div", { class: "ld-actions" }, h("button", {
      type: "button", class: "ld-button ld-primary", "data-key": "next-round", "aria-label": t("Next round (key N)"),
      onclick: () => send({ type: "next_round" }),
    }, t("Next round ▶"), h("kbd", { text: "N" })), h("span", { class: "ld-muted", text: t("The count is below.") }));
  }
  if (table.awaiting_show) {
    const me = table.players[table.viewer];
    const own = me.own || [];
    const key = `${table.history.length}:${own.join("")}`;
    if (ctx.pickedFor !== key) { ctx.picked = new Set(); ctx.pickedFor = key; }
    const n = ctx.picked.size;
    const ok = n >= 1 && n < own.length;
    return h("div", { class: "ld-actions ld-show-box", role: "group", "aria-label": t("Show and re-roll") },
      h("p", { class: "ld-roll-title", text: t("Show and re-roll? Pick the dice to put out in view; the others are re-rolled (at least one stays in the cup).") }),
      h("div", { class: "ld-pick" }, own.map((f, i) => h("button", {
        type: "button", class: ["ld-pick-die", ctx.picked.has(i) && "ld-picked"], "data-key": `pick-${i}`,
        "aria-pressed": ctx.picked.has(i) ? "true" : "false", "aria-label": f === 1 ? t("Show your star (die {i})", { i: i + 1 }) : t("Show your {face} (die {i})", { face: f, i: i + 1 }),
        onclick: () => { if (ctx.picked.has(i)) ctx.picked.delete(i); else ctx.picked.add(i); redrawNow(); },
      }, ldDie(f), h("span", { class: "ld-pick-mark", "aria-hidden": "true", text: ctx.picked.has(i) ? t("✓ show") : t("keep") })))),
      h("div", { class: "ld-row" },
        h("button", {
          type: "button", class: "ld-button ld-primary", "data-key": "show", disabled: !ok,
          onclick: () => send({ type: "show", faces: [...ctx.picked].map((i) => own[i]) }),
        }, ldShowLabel(n, own.length)),
        h("button", {
          type: "button", class: "ld-button", "data-key": "keep", "aria-label": t("Keep my cup as it is (key K)"),
          onclick: () => send({ type: "keep" }),
        }, t("Keep my cup"), h("kbd", { text: "K" }))));
  }
  if (!table.learner_to_act) return null;
  const bidText = table.bid ? table.bid.text : "";
  return h("div", { class: "ld-actions", role: "group", "aria-label": t("Your move") },
    table.can_challenge ? h("button", {
      type: "button", class: "ld-button ld-challenge", "data-key": "challenge",
      "aria-label": t("Challenge {bid} (key C)", { bid: bidText }), onclick: () => send({ type: "challenge" }),
    }, t("Challenge {bid}!", { bid: bidText }), h("kbd", { text: "C" })) : null,
    h("span", { class: "ld-muted", text: table.can_challenge ? " " + t("… or raise: pick a space on the track below.") : t("Open the bidding: pick a space on the track below.") }));
}

/** The show button's words: what it will do, or what it waits for (nothing ticked, or every die ticked). */
function ldShowLabel(/** @type {number} */ shown, /** @type {number} */ cup) {
  if (shown === 0) return t("Tick the dice to show first");
  if (shown >= cup) return t("Leave at least one die in the cup");
  return t("Show {shown} and re-roll {rest}", { shown: ldDice(shown), rest: ldDice(cup - shown) });
}

// ------------------------------------------------------------------------------------------- reveal
/** The last challenge: every cup lifted, the matching dice numbered as they are counted. @param {Table} table */
function ldReveal(table, highlight) {
  const r = table.reveal;
  if (!r) return null;
  const lit = highlight.has("count");
  const title = table.reveal_fresh ? t("The cups are lifted") : t("The last challenge");
  return h("section", { class: ["ld-reveal", table.reveal_fresh && "ld-reveal-fresh", lit && "ld-hl"], "aria-label": `${title}: ${r.words}` },
    h("h4", {}, t("{title}: {bid}?", { title, bid: r.bid.text }), " ", h("span", { class: "ld-count-total", text: t("{n} counted", { n: r.count }) })),
    h("ul", { class: "ld-reveal-cups" }, r.cups.filter((c) => c.dice.length).map((c) => h("li", { class: "ld-reveal-cup" },
      ldToken(table.players[c.seat]), h("strong", { text: ` ${c.name}` }),
      h("span", { class: "ld-reveal-dice" }, c.dice.map((d) => h("span", {
        class: ["ld-count-die", d.match ? "ld-match" : "ld-nomatch"], style: d.match ? { animationDelay: `${(d.order || 0) * 0.15}s` } : undefined,
      }, ldDie(d.face, "", d.match ? t("{face}, counts: {order}", { face: d.face === 1 ? t("star") : d.face, order: d.order })
        : t("{face}, does not count", { face: d.face === 1 ? t("star") : d.face })),
      d.match ? h("span", { class: "ld-order", "aria-hidden": "true", text: String(d.order) }) : null))),
      h("span", { class: "ld-reveal-sum", text: t("{n} count", { n: c.matches }) }),
      c.lost ? h("span", { class: "ld-lost", text: ` −${ldDice(c.lost)}` }) : null,
      r.die_hard.includes(c.seat) ? h("span", { class: "ld-badge ld-badge-win", text: t("Die Hard: keeps the last die") }) : null))),
    h("p", { class: "ld-words", text: r.words }),
    r.why ? h("p", { class: "ld-muted ld-why", text: `${r.cups[r.challenger].name} (${r.why})` }) : null);
}

// ------------------------------------------------------------------------------------------- odds
function ldOddsPanel(model, table, send) {
  const odds = model.get("odds") || {};
  const whatIf = Boolean(model.get("what_if"));
  const head = h("h3", { text: whatIf ? t("What if…? The odds") : t("Is the bid true? The odds") });
  const parts = [head];
  if (whatIf) parts.push(ldWhatIfEditor(model, send));
  if (odds.status === "off") {
    parts.push(h("p", { class: "ld-muted", text: odds.reason || t("The odds are hidden.") }));
  } else if (odds.status === "bet") {
    parts.push(h("div", { class: "ld-bet", role: "group", "aria-label": t("Place your bet") },
      h("p", {}, h("strong", { text: t("Place your bet:") + " " }), t("is “{bid}” true?", { bid: odds.bid.text }), " ",
        h("span", { class: "ld-muted", text: t("Decide from what you see, then the odds are revealed.") })),
      h("div", { class: "ld-row" },
        h("button", { type: "button", class: "ld-button ld-primary", "data-key": "bet-true", "aria-label": t("I bet true (key T)"),
          onclick: () => send({ type: "bet", guess: true }) }, t("True"), h("kbd", { text: "T" })),
        h("button", { type: "button", class: "ld-button", "data-key": "bet-false", "aria-label": t("I bet false (key F)"),
          onclick: () => send({ type: "bet", guess: false }) }, t("False"), h("kbd", { text: "F" })))));
  } else if (odds.status === "ready") {
    parts.push(ldBidOdds(model, odds, send));
  } else {
    parts.push(h("p", { class: "ld-muted", text: odds.reason || t("No odds yet.") }));
  }
  if (odds.choices && odds.choices.status === "ready") parts.push(ldChoices(odds.choices));
  return h("section", { class: "ld-odds", "aria-label": t("Odds") }, parts);
}

function ldBidOdds(model, odds, send) {
  const bet = model.get("bet") || {};
  const sim = model.get("simulation") || {};
  const p = odds.at_least.p;
  const each = odds.bid.star ? t("only a star") : t("a {face} or a star", { face: odds.bid.face });
  const verdict = bet.mode && bet.guess !== null && bet.guess !== undefined
    ? h("p", { class: "ld-verdict", role: "status" },
      h("strong", { text: (bet.guess ? t("You bet true.") : t("You bet false.")) + " " }),
      ((p >= 0.5) === bet.guess ? t("From your view the bid is true {p} of the time: your bet agrees with the odds.", { p: percent(p) })
        : t("From your view the bid is true {p} of the time: the odds say otherwise.", { p: percent(p) })) + " ",
      h("span", { class: "ld-muted", text: tn("({agreed} of {n} bet agreed with the odds.)", "({agreed} of {n} bets agreed with the odds.)", bet.made, { agreed: bet.agreed }) }))
    : null;
  const maxP = Math.max(...odds.distribution.map((r) => r.p), ...(sim.status === "ready" ? sim.distribution.map((r) => r.p) : [0]), 1e-9);
  const simAt = new Map(sim.status === "ready" ? sim.distribution.map((r) => [r.count, r.p]) : []);
  const rows = odds.distribution.map((r) => {
    const w = `${(100 * r.p) / maxP}%`;
    const s = simAt.get(r.count);
    const notes = [t("{n} matching: {p}", { n: r.count, p: percent(r.p) })];
    if (r.bid) notes.push(t("the bid"));
    notes.push(r.true ? t("the bid is true") : t("the bid is false"));
    if (s !== undefined) notes.push(t("simulated {p}", { p: percent(s) }));
    const label = notes.join(", ");
    return h("li", { class: ["ld-dist-row", r.true && "ld-true", r.bid && "ld-at-bid"], "aria-label": label },
      h("span", { class: "ld-dist-count", text: String(r.count) }),
      h("span", { class: "ld-bar", "aria-hidden": "true" },
        h("span", { class: "ld-bar-fill", style: { width: w } }),
        s !== undefined ? h("span", { class: "ld-bar-sim", style: { left: `${(100 * s) / maxP}%` }, title: t("simulated {p}", { p: percent(s) }) }) : null),
      h("span", { class: "ld-dist-p", text: percent(r.p) }),
      h("span", { class: "ld-dist-mark", text: r.bid ? t("◀ bid") : r.true ? "✓" : "" }));
  });
  return h("div", { class: "ld-bid-odds" },
    odds.what_if ? h("p", {}, h("strong", { class: "ld-tag ld-tag-whatif", text: t("WHAT IF") }), " " + t("the odds of the imagined view you set above.")) : null,
    h("p", { class: "ld-headline" }, t("“{bid}” is true:", { bid: odds.bid.text }) + " ",
      h("strong", { class: "ld-big", "data-key": "p-words", text: odds.at_least.words }),
      h("span", { class: "ld-exact" }, " (", h("span", { "data-key": "p-true", text: percent(p) }), ")")),
    h("p", { class: "ld-sub" }, t("A perfect bid (exactly that many):") + " ",
      h("strong", { text: odds.exactly.words }), ` (${percent(odds.exactly.p)})`),
    h("details", { class: "ld-fractions" }, h("summary", { text: t("Exact fractions") }),
      h("p", { text: t("True: {true}. Perfect: {perfect}. (Every way the hidden dice can fall, counted.)", { true: odds.at_least.text, perfect: odds.exactly.text }) })),
    h("p", { class: "ld-muted ld-explain", text: tn("You see {matches} that count ({n} die seen).", "You see {matches} that count ({n} dice seen).", odds.known.length, { matches: odds.matches })
      + " " + tn("{n} die is hidden from you; each shows {each} with chance {chance}.", "{n} dice are hidden from you; each shows {each} with chance {chance}.", odds.unknown, { each, chance: odds.p_match })
      + " " + t("Expected count: {n}.", { n: formatNumber(odds.expected_count, 1) }) }),
    verdict,
    h("h4", { text: t("How many will count? (exact)") }),
    h("ol", { class: "ld-dist", "aria-label": t("The distribution of the count") }, rows),
    odds.beyond ? h("p", { class: "ld-muted", text: t("The bid asks for more dice than can count: it cannot be true.") }) : null,
    odds.matches >= odds.bid.quantity ? h("p", { class: "ld-muted", text: t("You already see {n} that count: the bid is surely true, whatever the hidden dice show.", { n: odds.matches }) }) : null,
    h("p", { class: "ld-legend ld-muted" }, t("Striped bars: the bid is true. ◆ marks the simulation.")),
    ldSimulation(sim, odds, send));
}

function ldSimulation(sim, odds, send) {
  const button = (n) => h("button", {
    type: "button", class: "ld-button ld-small", "data-key": `simulate-${n}`,
    "aria-label": t("Roll the hidden dice {n} more times", { n: formatNumber(n) }),
    onclick: () => send({ type: "simulate", n }),
  }, `+${formatNumber(n)}`);
  const pct = (/** @type {number} */ x) => t("{p}%", { p: formatNumber(100 * x, 1) });
  const body = [h("div", { class: "ld-row" }, h("span", { text: t("Simulate: roll the hidden dice") + " " }), button(100), button(1000), button(10000), h("span", { text: " " + t("times") }))];
  if (sim.status === "ready") {
    body.push(h("p", { class: "ld-sim-line", role: "status" },
      t("After {n} rolls: true {p}, give or take {margin}", { n: formatNumber(sim.n), p: pct(sim.at_least.p), margin: pct(1.96 * sim.at_least.stderr) }) + " ",
      h("span", { class: "ld-muted", text: t("(exact {p}, seed {seed})", { p: pct(odds.at_least.p), seed: sim.seed }) })));
    body.push(h("details", { class: "ld-fractions ld-sim-margin" }, h("summary", { text: t("How sure is the simulation?") }),
      h("p", { class: "ld-muted" }, t("The margin is two standard errors each side: the exact figure lies inside it 19 times in 20.") + " ",
        glossaryLink("Standard-error", t("standard errors")))));
    body.push(h("table", { class: "ld-table ld-converge" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("Rolls") }), h("th", { scope: "col", text: t("Simulated P(true)") }), h("th", { scope: "col", text: t("Exact") }))),
      h("tbody", {}, sim.history.map((row) => h("tr", {},
        h("td", { text: formatNumber(row.n) }), h("td", { text: pct(row.p) }),
        h("td", { text: pct(odds.at_least.p) }))))));
  }
  return h("section", { class: "ld-sim", "aria-label": t("Simulation beside the exact odds") }, body);
}

function ldChoices(choices) {
  const rows = choices.rows;
  const challenge = rows.filter((r) => r.kind === "challenge");
  const raises = rows.filter((r) => r.kind === "raise");
  // The lowest raise on each face: one row per face, in track order (no ranking: the figure looks one move ahead).
  const lowest = [...new Map([...raises].reverse().map((r) => [r.face, r])).values()].sort((a, b) => a.rank - b.rank);
  const line = (r) => h("tr", { class: [r.kind === "challenge" && "ld-challenge-row"] },
    h("th", { scope: "row", text: r.text }),
    h("td", { text: formatNumber(r.loss, 2) }),
    h("td", { text: percent(r.stands) }));
  const head = h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("Choice") }),
    h("th", { scope: "col", text: t("Dice you lose if challenged now (expected)") }), h("th", { scope: "col", text: t("Bid true") })));
  return h("section", { class: "ld-choices", "aria-label": t("Expected dice you lose for each choice, one move ahead") },
    h("h4", { text: t("Your choices, one move ahead") }),
    h("p", { class: "ld-muted", text: t("A challenge is scored on the current bid; a raise as if the next player challenged it at once. That is all this figure sees: the next player may raise instead, and the round goes on. A low bid looks cheap here because it is rarely challenged, not because it is a good bid — so no choice is marked best.") }),
    h("table", { class: "ld-table" }, head, h("tbody", {}, challenge.map(line), lowest.map(line))),
    h("p", { class: "ld-muted", text: t("Above: the challenge and the lowest raise on each face.") }),
    h("details", { class: "ld-all-raises" }, h("summary", { text: t("Every raise ({n}, on the track's order)", { n: raises.length }) }),
      h("table", { class: "ld-table" }, head.cloneNode(true), h("tbody", {}, raises.map(line)))),
    choices.left_out ? h("p", { class: "ld-muted", text: tn("{n} raise above the dice in play is left out: it is always false.", "{n} raises above the dice in play are left out: they are always false.", choices.left_out) }) : null);
}

// ------------------------------------------------------------------------------------------- what-if
function ldWhatIfEditor(model, send) {
  const v = model.get("what_if_view") || {};
  if (!v.bid && !v.own) return h("p", { class: "ld-muted", text: t("What-if mode.") });
  const bid = v.bid || { quantity: 1, face: 2 };
  const msg = (own, unknown, quantity, face) => {
    const q = Math.max(1, Math.min(face === 1 ? 10 : 20, quantity));
    send({ type: "what_if", own: [...own].sort((a, b) => a - b), unknown: Math.max(0, Math.min(40, unknown)), quantity: q, face });
  };
  const own = v.own || [];
  const small = (text, label, key, onclick, disabled = false) => h("button", {
    type: "button", class: "ld-button ld-small", "data-key": key, "aria-label": label, disabled, onclick,
  }, text);
  return h("section", { class: "ld-whatif", "aria-label": t("What if: change your dice, the hidden dice or the bid") },
    h("p", { class: "ld-muted", text: (v.real_bid ? t("It starts from your real view and the bid on the table.") : t("It starts from your real view and a bid to try (nobody has bid yet)."))
      + " " + t("Change your dice (click a die to turn it), the number of hidden dice or the bid: the odds below follow. The table keeps the real game.") }),
    h("div", { class: "ld-row" }, h("span", { class: "ld-field", text: t("Your dice:") }),
      own.map((f, i) => h("button", {
        type: "button", class: "ld-pick-die", "data-key": `whatif-die-${i}`,
        "aria-label": t("Your die {i} shows {face}: turn it to {next}", { i: i + 1, face: f === 1 ? t("a star") : f, next: f === 6 ? t("a star") : f + 1 }),
        onclick: () => { const next = [...own]; next[i] = f === 6 ? 1 : f + 1; msg(next, v.unknown, bid.quantity, bid.face); },
      }, ldDie(f))),
      small(t("+ die"), t("Add a die to your cup"), "whatif-add", () => msg([...own, 2], v.unknown, bid.quantity, bid.face), own.length >= 10),
      small(t("− die"), t("Take a die from your cup"), "whatif-remove", () => msg(own.slice(0, -1), v.unknown, bid.quantity, bid.face), own.length === 0)),
    h("div", { class: "ld-row" }, h("span", { class: "ld-field", text: t("Hidden dice: {n}", { n: v.unknown }) }),
      small("−", t("One hidden die fewer"), "unknown-minus", () => msg(own, v.unknown - 1, bid.quantity, bid.face), v.unknown <= 0),
      small("+", t("One hidden die more"), "unknown-plus", () => msg(own, v.unknown + 1, bid.quantity, bid.face), v.unknown >= 40)),
    h("div", { class: "ld-row" }, h("span", { class: "ld-field", text: t("Bid:") + ` ${bid.text || ""}` }),
      small("−", t("Bid one fewer"), "bid-minus", () => msg(own, v.unknown, bid.quantity - 1, bid.face), bid.quantity <= 1),
      small("+", t("Bid one more"), "bid-plus", () => msg(own, v.unknown, bid.quantity + 1, bid.face), bid.quantity >= (bid.face === 1 ? 10 : 20)),
      [1, 2, 3, 4, 5, 6].map((f) => h("button", {
        type: "button", class: ["ld-pick-die", bid.face === f && "ld-picked"], "data-key": `whatif-face-${f}`,
        "aria-pressed": bid.face === f ? "true" : "false", "aria-label": f === 1 ? t("Bid on stars") : t("Bid on {face}s", { face: f }),
        onclick: () => msg(own, v.unknown, bid.quantity, f),
      }, ldDie(f)))),
    v.shown && v.shown.length ? h("p", { class: "ld-muted", text: t("Shown dice (unchanged): {dice}", { dice: v.shown.map((f) => (f === 1 ? "★" : f)).join(" ") }) }) : null,
    h("button", { type: "button", class: "ld-button", "data-key": "reset", disabled: !v.explored, text: t("Back to the real game"),
      onclick: () => send({ type: "reset" }) }));
}

// ------------------------------------------------------------------------------------------- controls
function ldControls(table, model, send, ctx) {
  const check = (name, text) => h("label", { class: "ld-check" },
    h("input", {
      type: "checkbox", checked: Boolean(model.get(name)), "data-key": `option-${name}`,
      onchange: (/** @type {Event} */ e) => send({ type: "option", name, value: /** @type {HTMLInputElement} */ (e.target).checked }),
    }), " ", text);
  return h("div", { class: "ld-controls", role: "group", "aria-label": t("Options") },
    check("show_odds", t("Show the odds")),
    check("bet_mode", t("Place your bet first")),
    check("what_if", t("What-if mode")),
    opponentsChoice("ld", model.get("bots_policy"), { random: t("randomly"), odds: t("by the odds") }, send, ctx));
}

export default { render };
