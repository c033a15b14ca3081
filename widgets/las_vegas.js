// The Las Vegas board: six casinos, everyone's dice, the roll as buttons, the odds panel, what-if mode and
// the scenario stepper. It only draws the synced projections and sends intents; Python checks every move.
// (The render shell, the stepper panel, the error line and the helpers h, money, moneyAbout, percent, diceWord
// and faceGlyph come from shared.js.)

/**
 * @typedef {{ index: number, name: string, label: string, kind: "seat"|"white", pattern: string, player: string }} Owner
 * @typedef {{ number: number, name: string, bills: number[], dice: number[], now: number[], tied: number[] }} Casino
 * @typedef {{ face: number, own: number, white: number, casino: string }} RollGroup
 * @typedef {{ seat: number, own: number, white: number, money: number, bills: number[] }} Hand
 * @typedef {{ number: number, name: string, bills: number[], dice: number[], takes: {owner: number, name: string, bill: number}[],
 *             cancelled: number[], white_bill: number|null, returned: number[], words: string }} CasinoPayout
 * @typedef {{
 *   players: number, neutral: boolean, owners: Owner[], round: number, rounds: number, start_player: number,
 *   phase: string, turn: { seat: number|null, name: string|null, human: boolean }, describe: string,
 *   casinos: Casino[], roll: { own: number[], white: number[], groups: RollGroup[] }|null, hands: Hand[],
 *   pile: number, dice_left: number, last_payout: { round: number, casinos: CasinoPayout[] }|null,
 *   just_paid: boolean, is_over: boolean, winners: number[], log: string[], highlight: string[],
 *   what_if: boolean, explored: boolean, bots: string
 * }} Board
 * @typedef {{ model: { get: (name: string) => any, send: (msg: object) => void,
 *             on: (event: string, fn: () => void) => void, off: (event: string, fn: () => void) => void },
 *             el: HTMLElement }} RenderProps
 */

const CHANGES = ["board", "odds", "outlook", "error", "stepper", "show_odds", "assumption", "what_if",
  "auto_roll", "interactive", "version", "coaching"];

/** @param {RenderProps} props */
function render(props) {
  const { model } = props;
  useWords(model);  // the board's title below is in the lesson's language
  const ctx = { id: `lv-${Math.random().toString(36).slice(2, 10)}`, confirmNew: false };
  return mountBoard(props, {
    prefix: "lv", title: t("Las Vegas board"), changes: CHANGES,
    view: (send, drawNow) => view(model, send, ctx, drawNow),
    summary: () => ariaSummary(model),
    // Keys are sent even when they cannot work now (R with a roll waiting, a face not rolled): Python says why.
    keys: (event) => {
      /** @type {Board} */
      const board = model.get("board");
      if (!canPlay(model, board)) return null;
      const coached = coachKey(model, event);
      if (coached) return coached;
      if (/^[1-6]$/.test(event.key)) return { type: "place", face: Number(event.key) };
      if (event.key === "r" || event.key === "R") return { type: "roll" };
      if ((event.key === "u" || event.key === "U") && board.undo && board.undo.can) return { type: "undo" };
      return null;
    },
    inProgress: () => {
      const board = model.get("board");
      return Boolean(model.get("interactive") && board && board.undo && board.undo.in_progress);
    },
  });
}

/** Whether the learner may act now (their turn, a board that takes moves, not exploring). */
function canPlay(model, board) {
  const coaching = model.get("coaching");
  return Boolean(model.get("interactive") && !model.get("what_if") && board && board.turn && board.turn.human
    && !board.is_over && !(coaching && coaching.replay));
}

function ariaSummary(model) {
  const board = model.get("board");
  const keys = !canPlay(model, board) ? ""
    : " " + (board.undo && board.undo.can ? t("Keys: 1 to 6 place that face, R rolls, U undoes.")
      : t("Keys: 1 to 6 place that face, R rolls."));
  return `${board ? board.describe : ""}${keys}${stepperKeys(model)}`;
}

/**
 * @param {RenderProps["model"]} model @param {(msg: object) => void} send
 * @param {{ id: string, confirmNew: boolean }} ctx this view's own id (radio groups must not mix with another
 *   board's) and whether the New game confirmation is open
 * @param {() => void} drawNow
 */
function view(model, send, ctx, drawNow) {
  /** @type {Board} */
  const board = model.get("board");
  if (!board || !board.casinos) return h("p", { text: t("Setting up the board…") });
  const stepper = model.get("stepper");
  const hasStepper = Boolean(stepper && stepper.id);
  const interactive = Boolean(model.get("interactive"));
  const highlight = new Set(board.highlight || []);
  const main = h("section", { class: "lv-main", "aria-label": t("The casinos and the players") },
    h("p", { class: ["lv-status", highlight.has("seat:" + board.turn.seat) && "lv-hl"], "aria-live": "polite" },
      board.what_if ? h("strong", { class: "lv-tag lv-tag-whatif", text: t("WHAT IF") }) : null,
      board.describe),
    players(board, highlight),
    board.just_paid && board.last_payout ? payout(board, highlight, true) : null,
    casinos(board, highlight, model, send),
    rollBar(board, highlight, model, send),
    errorLine("lv", model),
    interactive && !board.is_over ? gameButtons("lv", board.undo, send, ctx, drawNow) : null,
    coachPanel("lv", model, send),
    !board.just_paid && board.last_payout ? payout(board, highlight, false) : null,
    recent(board, hasStepper),
    interactive ? controls(board, model, send, ctx) : null,
  );
  const side = [];
  if (hasStepper) side.push(stepperPanel("lv", stepper, send));
  if (interactive && model.get("show_odds") && !model.get("what_if")) side.push(oddsPanel(model, board, send, ctx));
  if (interactive && model.get("what_if")) side.push(outlookPanel(model, board, send, ctx));
  return coachReadOnly(h("div", { class: ["lv-layout", side.length ? "lv-with-side" : "lv-alone"] },
    main,
    side.length ? h("aside", { class: "lv-side", "aria-label": hasStepper ? t("The example, step by step") : t("Odds") }, side)
      : null), model, send);
}

// ------------------------------------------------------------------------------------------- players
/** A die of one owner: its colour, its pattern and its letter. @param {Owner} owner */
function die(owner, extra = "") {
  return h("span", {
    class: ["lv-die", `lv-owner-${owner.kind === "white" ? "white" : owner.index}`, `lv-pat-${owner.pattern}`, extra],
    "aria-hidden": "true", text: owner.label,
  });
}

/** @param {Board} board @param {Set<string>} highlight */
function players(board, highlight) {
  return h("ul", { class: "lv-players", "aria-label": t("Players") },
    board.hands.map((hand) => {
      const owner = board.owners[hand.seat];
      const toPlay = board.turn.seat === hand.seat && !board.is_over;
      const won = board.winners.includes(hand.seat);
      const starts = board.start_player === hand.seat;
      const role = owner.player === "you" ? t("you")
        : owner.player === "bot" ? t("bot, {level}", { level: opponentWords(board.bots) }) : "";
      const inHand = board.neutral ? `${diceWord(hand.own)} + ${whiteWord(hand.white)}` : diceWord(hand.own);
      const fields = { name: owner.name, role, dice: inHand, money: money(hand.money) };
      const label = (role ? t("{name} ({role}): {dice} in hand, {money} won", fields)
        : t("{name}: {dice} in hand, {money} won", fields))
        + (toPlay ? ", " + (owner.player === "you" ? t("your turn") : t("to play")) : "") + (starts ? ", " + t("start player") : "") + (won ? ", " + t("winner") : "");
      return h("li", {
        class: ["lv-player", toPlay && "lv-to-play", won && "lv-winner",
          (highlight.has(`seat:${hand.seat}`) || highlight.has("money")) && "lv-hl"],
        "aria-label": label,
      },
      die(owner, "lv-die-big"),
      h("span", { class: "lv-player-text" },
        h("strong", { text: owner.name }),
        toPlay ? h("span", { class: "lv-badge lv-badge-turn", text: owner.player === "you" ? t("▶ your turn") : "▶ " + t("to play") }) : null,
        won ? h("span", { class: "lv-badge lv-badge-win", text: "★ " + t("winner") }) : null,
        role || starts ? [h("br"), h("small", {
          text: [role, starts ? t("start player") : ""].filter(Boolean).join(" · "),
        })] : null,
        h("br"),
        h("span", { text: t("{dice} in hand", { dice: inHand }) + " · " }),
        h("span", { class: "lv-money", text: t("{money} won", { money: money(hand.money) }) },
          hand.bills.length ? h("small", { text: " (" + tn("{n} bill", "{n} bills", hand.bills.length) + ")" }) : null)));
    }),
    h("li", {
      class: ["lv-player", "lv-pile", highlight.has("pile") && "lv-hl"],
      "aria-label": tn("Bill pile: {n} bill face down", "Bill pile: {n} bills face down", board.pile),
    },
      h("span", { class: "lv-player-text" }, h("strong", { text: "▤ " + t("Pile") }), h("br"),
        h("small", { text: tn("{n} bill", "{n} bills", board.pile) }), h("br"),
        t("round {round}/{rounds}", { round: board.round, rounds: board.rounds }))),
  );
}

// ------------------------------------------------------------------------------------------- casinos
/** @param {Board} board @param {Set<string>} highlight */
function casinos(board, highlight, model, send) {
  const editing = Boolean(model.get("what_if") && model.get("interactive"));
  return h("div", { class: "lv-casinos", role: "list", "aria-label": t("The six casinos") },
    board.casinos.map((casino) => casinoCard(board, casino, highlight, editing, send)));
}

/** @param {Board} board @param {Casino} casino */
function casinoCard(board, casino, highlight, editing, send) {
  const lit = highlight.has(`casino:${casino.number}`) || highlight.has("casinos")
    || (highlight.has("white") && board.neutral && casino.dice[board.players] > 0);
  const rows = board.owners
    .filter((o) => editing || casino.dice[o.index] > 0)
    .map((owner) => {
      const n = casino.dice[owner.index];
      const tied = casino.tied.includes(owner.index);  // Python's tie rule, drawn as it is
      const takes = casino.now[owner.index];  // Python's bill if the round ended now (white: the bill it blocks)
      const verdict = tied ? t("tie: cancels")
        : takes ? (owner.kind === "white" ? t("blocks {money} now", { money: money(takes) })
          : owner.you ? t("take {money} now", { money: money(takes) }) : t("takes {money} now", { money: money(takes) }))
          : n > 0 ? t("no bill now") : "";
      const label = `${owner.name}: ${diceWord(n)}${verdict ? `, ${verdict}` : ""}`;
      return h("li", { class: ["lv-stack", tied && "lv-tied"], "aria-label": label },
        h("span", { class: "lv-stack-dice", "aria-hidden": "true" },
          Array.from({ length: Math.min(n, 12) }, () => die(owner)), n > 12 ? h("span", { text: `+${n - 12}` }) : null),
        h("span", { class: "lv-stack-text" },
          h("span", { class: "lv-stack-name", text: `${owner.name} ${n}` }),
          verdict ? h("span", { class: ["lv-verdict", tied && "lv-verdict-tie", takes && "lv-verdict-take"], text: verdict }) : null),
        editing ? h("span", { class: "lv-edit" },
          h("button", {
            type: "button", class: "lv-mini", "data-key": `minus-${casino.number}-${owner.index}`, disabled: n === 0,
            "aria-label": takeOneLabel(owner, casino.number), text: "−",
            onclick: () => send({ type: "what_if", casino: casino.number, owner: owner.index, count: n - 1 }),
          }),
          h("button", {
            type: "button", class: "lv-mini", "data-key": `plus-${casino.number}-${owner.index}`,
            "aria-label": addOneLabel(owner, casino.number), text: "+",
            onclick: () => send({ type: "what_if", casino: casino.number, owner: owner.index, count: n + 1 }),
          })) : null);
    });
  const billText = casino.bills.length ? casino.bills.map(money).join(", ") : t("no bills");
  const diceText = board.owners.filter((o) => casino.dice[o.index] > 0)
    .map((o) => `${o.name} ${diceWord(casino.dice[o.index])}`).join(", ") || t("no dice yet");
  return h("section", {
    class: ["lv-casino", lit && "lv-hl"], role: "listitem",
    "aria-label": t("Casino {number}, {name}: bills {bills}; {dice}",
      { number: casino.number, name: casino.name, bills: billText, dice: diceText })
      + (lit ? " " + t("(changed in this step)") : ""),
    "data-casino": casino.number,
  },
  h("header", { class: "lv-casino-head" },
    h("span", { class: "lv-casino-face", "aria-hidden": "true", text: faceGlyph(casino.number) }),
    h("span", { class: "lv-casino-number", text: String(casino.number) }),
    h("span", { class: "lv-casino-name", text: casino.name }),
    lit ? h("span", { class: "lv-changed", text: "★ " + t("here") }) : null),
  h("ol", { class: "lv-bills", "aria-label": t("Bills, highest first: {bills}", { bills: billText }) },
    casino.bills.length ? casino.bills.map((b) => h("li", { class: `lv-bill lv-bill-${b / 1000}`, text: money(b) }))
      : h("li", { class: "lv-bill lv-bill-none", text: t("no bills") })),
  h("ul", { class: "lv-stacks", "aria-label": t("Dice on this casino") },
    rows.length ? rows : h("li", { class: "lv-empty", text: t("no dice yet") })));
}

/** What-if's − button, for the learner's dice, the white dice or a named player's. @param {Owner} owner @param {number} casino */
function takeOneLabel(owner, casino) {
  if (owner.kind === "white") return t("Take one of the white dice off casino {casino}", { casino });
  if (owner.you) return t("Take one of your dice off casino {casino}", { casino });
  return t("Take one of {name}'s dice off casino {casino}", { name: owner.name, casino });
}

/** What-if's + button. @param {Owner} owner @param {number} casino */
function addOneLabel(owner, casino) {
  if (owner.kind === "white") return t("Add one of the white dice to casino {casino}", { casino });
  if (owner.you) return t("Add one of your dice to casino {casino}", { casino });
  return t("Add one of {name}'s dice to casino {casino}", { name: owner.name, casino });
}

/** A face's dice in a roll: "2 dice", "1 white", "2 dice and 1 white". @param {number} own @param {number} white */
function rollDice(own, white) {
  if (own && white) return t("{dice} and {white}", { dice: diceWord(own), white: whiteWord(white) });
  return own ? diceWord(own) : whiteWord(white);
}

/** "1 white", "2 white" (white dice). @param {number} n */
function whiteWord(n) {
  return tn("{n} white", "{n} white", n);
}

// ------------------------------------------------------------------------------------------- the roll
/** @param {Board} board */
function rollBar(board, highlight, model, send) {
  if (board.phase === "payout") return null;  // a step-through paying the round casino by casino: nobody rolls
  const playable = canPlay(model, board);
  const lit = highlight.has("roll");
  const name = board.turn.name ?? "";
  const yours = Boolean(board.turn.human && board.turn.you);
  if (board.is_over) {
    return h("div", { class: ["lv-rollbar", lit && "lv-hl"] },
      h("p", { class: "lv-roll-title", text: t("The game is over.") }),
      model.get("interactive") ? h("button", {
        type: "button", class: "lv-button lv-primary", "data-key": "new-game", text: t("New game"),
        "aria-label": t("Start a new game"), onclick: () => send({ type: "new_game" }),
      }) : null);
  }
  if (!board.roll) {
    const spare = board.phase === "spare";
    const hand = board.hands[board.turn.seat ?? 0];
    const what = spare ? t("the 2 spare white dice") : hand.white ? rollDice(hand.own, hand.white) : diceWord(hand.own);
    return h("div", { class: ["lv-rollbar", lit && "lv-hl"] },
      h("p", { class: "lv-roll-title",
        text: yours ? t("Your turn: roll {what}.", { what }) : t("{name}'s turn: roll {what}.", { name, what }) }),
      playable ? h("button", {
        type: "button", class: "lv-button lv-primary", "data-key": "roll",
        "aria-label": t("Roll {what} (key R)", { what }), onclick: () => send({ type: "roll" }),
      }, t("Roll {what}", { what }), h("kbd", { text: "R" })) : null);
  }
  const owner = board.owners[board.turn.seat ?? 0];
  const white = board.owners.find((o) => o.kind === "white");
  const title = playable
    ? (yours ? t("Your roll: choose a face to place all its dice.") : t("{name}'s roll: choose a face to place all its dice.", { name }))
    : (yours ? t("Your roll:") : t("{name}'s roll:", { name }));
  return h("div", {
    class: ["lv-rollbar", lit && "lv-hl"], role: "group",
    "aria-label": yours ? t("Your roll, grouped by face") : t("{name}'s roll, grouped by face", { name }),
  },
    h("p", { class: "lv-roll-title", text: title }),
    h("div", { class: "lv-roll-groups" },
      (playable ? [1, 2, 3, 4, 5, 6].map((face) => board.roll.groups.find((g) => g.face === face) || face)
        : board.roll.groups).map((g) => {
        if (typeof g === "number") return unrolledFace(board, g, send);
        const parts = rollDice(g.own, g.white);
        const label = t("Place the {face}s: {dice} on casino {face}, {casino}", { face: g.face, dice: parts, casino: g.casino });
        const shown = t("{face}s: {dice}", { face: g.face, dice: parts });
        const content = [
          h("span", { class: "lv-roll-face", "aria-hidden": "true", text: faceGlyph(g.face) }),
          h("span", { class: "lv-roll-dice", "aria-hidden": "true" },
            Array.from({ length: g.own }, () => die(owner)), Array.from({ length: g.white }, () => white ? die(white) : null)),
          h("span", { class: "lv-roll-text" }, shown, h("br"), h("small", { text: `→ ${g.casino}` })),
          playable ? h("kbd", { text: String(g.face), "aria-hidden": "true" }) : null,
        ];
        return playable
          ? h("button", { type: "button", class: "lv-roll-group", "data-key": `place-${g.face}`,
            "aria-label": t("{label} (key {key})", { label, key: g.face }),
            onclick: () => send({ type: "place", face: g.face }) }, content)
          : h("div", { class: "lv-roll-group lv-roll-static", role: "img", "aria-label": shown }, content);
      })));
}

/**
 * A face the learner did not roll: shown beside the rolled ones, reachable by keyboard, marked disabled with
 * its reason; pressing it still asks Python, which answers why the move is not allowed (and changes nothing).
 * @param {Board} board @param {number} face
 */
function unrolledFace(board, face, send) {
  const casino = board.casinos[face - 1];
  const why = `lv-why-${face}-${board.round}`;
  return h("button", {
    type: "button", class: "lv-roll-group lv-roll-absent", "data-key": `place-${face}`, "aria-disabled": "true",
    "aria-label": t("Place the {face}s on casino {face}, {casino} (key {face})", { face, casino: casino.name }),
    "aria-describedby": why,
    onclick: () => send({ type: "place", face }),
  },
  h("span", { class: "lv-roll-face", "aria-hidden": "true", text: faceGlyph(face) }),
  h("span", { class: "lv-roll-text", id: why }, t("{face}s: none rolled", { face }), h("br"),
    h("small", { text: t("not in your roll") })));
}

/** @param {Board} board */
function payout(board, highlight, fresh) {
  const p = board.last_payout;
  if (!p) return null;
  const lit = highlight.has("payout") || highlight.has("casinos");
  const rows = p.casinos.map((c) => {
    const one = fresh && !lit && highlight.has(`casino:${c.number}`);
    return h("li", { class: ["lv-payout-row", one && "lv-hl"] },
      h("strong", { text: `${c.number} ${c.name}` }), one ? h("span", { class: "lv-changed", text: "★ " + t("here") }) : null,
      h("span", { text: ` ${c.bills.map(money).join(", ")}. ${c.words}` }));
  });
  const title = fresh ? t("Round {round} has just been paid out", { round: p.round })
    : t("Last payout (round {round})", { round: p.round });
  return h("section", { class: ["lv-payout", fresh && "lv-payout-fresh", fresh && lit && "lv-hl"], "aria-label": title },
    h("h4", { text: fresh ? t("Round {round} has just been paid out: the casinos below are dealt for the next round.",
      { round: p.round }) : title }),
    h("ul", {}, rows));
}

/** @param {Board} board */
function recent(board, hasStepper) {
  if (!board.log.length || hasStepper) return null;
  return h("section", { class: "lv-log", "aria-label": t("What just happened") },
    h("h4", { text: t("What just happened") }),
    h("ol", { "aria-live": "polite" }, board.log.map((line) => h("li", { text: line }))));
}

// ------------------------------------------------------------------------------------------- controls
function controls(board, model, send, ctx) {
  const whatIf = Boolean(model.get("what_if"));
  const check = (name, text, value) => h("label", { class: "lv-check" },
    h("input", {
      type: "checkbox", checked: value, "data-key": `option-${name}`,
      onchange: (/** @type {Event} */ e) => send({ type: "option", name, value: /** @type {HTMLInputElement} */ (e.target).checked }),
    }), " ", text);
  return h("div", { class: "lv-controls", role: "group", "aria-label": t("Options") },
    check("show_odds", t("Show the odds"), Boolean(model.get("show_odds"))),
    check("what_if", t("What-if mode: move dice freely"), whatIf),
    check("auto_roll", t("Roll my dice for me"), Boolean(model.get("auto_roll"))),
    board.owners.some((o) => o.player === "bot") ? opponentsSwitch(board, send, ctx) : null,
    whatIf ? h("button", {
      type: "button", class: "lv-button", "data-key": "reset", disabled: !board.explored,
      text: t("Back to the real game"), onclick: () => send({ type: "reset" }),
    }) : null);
}

function opponentsSwitch(board, send, ctx) {
  return opponentsChoice("lv", board.bots, { random: t("randomly"), greedy: t("greedily") }, send, ctx);
}

function assumptionSwitch(model, send, ctx) {
  const current = model.get("assumption");
  const radio = (value, text) => h("label", { class: "lv-radio" },
    h("input", {
      type: "radio", name: `${ctx.id}-assumption`, value, checked: current === value, "data-key": `assumption-${value}`,
      onchange: () => send({ type: "option", name: "assumption", value }),
    }), " ", text);
  return h("fieldset", { class: "lv-assumption" },
    h("legend", { text: t("Assume the others") }),
    radio("random", t("play randomly")), radio("greedy", t("play greedily")));
}

// ------------------------------------------------------------------------------------------- odds panel
function oddsPanel(model, board, send, ctx) {
  const odds = model.get("odds");
  const head = h("h3", { text: t("Odds of each choice") });
  if (!odds || odds.status !== "ready") {
    return h("section", { class: "lv-odds", "aria-label": t("Odds"), "data-status": odds ? odds.status : "none" },
      head, assumptionSwitch(model, send, ctx),
      h("p", { class: "lv-muted", "aria-live": "polite" },
        odds && (odds.status === "computing" || odds.status === "preparing") ? "⏳ " : null,
        odds && odds.reason ? odds.reason : t("No odds yet.")));
  }
  const top = Math.max(50000, ...odds.faces.map((f) => f.expected + 2 * f.stderr));
  const rows = odds.faces.map((f) => {
    const width = (v) => `${Math.max(0, Math.min(100, (100 * v) / top))}%`;
    const low = f.expected - 1.96 * f.stderr;
    const high = f.expected + 1.96 * f.stderr;
    const exact = f.exact ? t("exact {value}", { value: f.exact.text }) : "";
    const label = t("Place the {face}s: expected {money} this round", { face: f.face, money: moneyAbout(f.expected) })
      + (f.rollouts ? ", " + t("95% between {low} and {high} from {n} simulated rounds",
        { low: moneyAbout(low), high: moneyAbout(high), n: f.rollouts }) : "")
      + (exact ? `, ${exact}` : "") + (f.best ? ", " + t("the best choice") : "");
    return h("li", { class: ["lv-odds-row", f.best && "lv-best"], "aria-label": label },
      h("span", { class: "lv-odds-face" }, h("span", { "aria-hidden": "true", text: faceGlyph(f.face) + " " }),
        t("{face}s", { face: f.face }), h("small", { text: " ×" + f.dice + (f.white ? "+" + t("{n}w", { n: f.white }) : "") })),
      h("span", { class: "lv-bar", "aria-hidden": "true" },
        h("span", { class: "lv-bar-fill", style: { width: width(f.expected) } }),
        f.stderr > 0 ? h("span", { class: "lv-bar-error", style: { left: width(low), width: `calc(${width(high)} - ${width(low)})` } }) : null,
        f.exact ? h("span", { class: "lv-bar-exact", style: { left: width(f.exact.value) }, title: exact }) : null),
      h("span", { class: "lv-odds-value" }, f.words, f.best ? h("strong", { text: " ★ " + t("best") }) : null,
        exact ? h("span", { class: "lv-exact", text: exact }) : null));
  });
  return h("section", {
    class: "lv-odds", "aria-label": t("Odds"), "data-status": "ready", "data-exact": odds.exact_pending ? "pending" : "done",
  }, head,
    h("p", { class: "lv-muted" }, oddsIntro(odds) + " "
      + t("The thin bar shows where the true value most likely lies; a diamond marks the exact value when the rest of the round is short enough to count every case.")),
    assumptionSwitch(model, send, ctx),
    h("ol", { class: "lv-odds-list" }, rows),
    exactFigures(odds),
    odds.exact_pending ? h("p", { class: "lv-muted lv-pending", "aria-live": "polite" },
      "⏳ " + t("Few dice are left: every way the round can end is being counted; the exact values follow in a moment."))
      : null,
    chanceTable(odds, board));
}

/** The figures behind the words, closed until asked for: each face's range in dollars (two standard errors
 * each side) and the exact value as a fraction. */
function exactFigures(odds) {
  // The glossary link sits inside the sentence: the words around it are one message, split at {link}.
  const [before, after] = t("“Give or take” is two {link} each side of the simulated figure: the true value lies inside it 19 times in 20.").split("{link}");
  return h("details", { class: "lv-exact-figures" }, h("summary", { text: t("Exact figures") }),
    h("p", { class: "lv-muted" }, before, glossaryLink("Standard-error", t("standard errors")), after ?? ""),
    h("ul", {}, odds.faces.map((f) => h("li", {}, h("strong", { text: t("{face}s", { face: f.face }) + ": " }),
      f.rollouts ? t("{money} ± {margin} ({n} simulated rounds)", { money: moneyAbout(f.expected), margin: moneyAbout(1.96 * f.stderr), n: formatNumber(f.rollouts) }) : "",
      f.exact ? (f.rollouts ? "; " : "") + t("exact {value}", { value: f.exact.text }) + (f.exact.fraction ? ` (= ${f.exact.fraction})` : "") : ""))));
}

/** Whose expected winnings the panel shows, and how the others are assumed to play. */
function oddsIntro(odds) {
  const greedy = odds.assumption === "greedy";
  if (odds.you) {
    return greedy ? t("Your expected winnings this round for each face, if the others play greedily, from simulated rounds.")
      : t("Your expected winnings this round for each face, if the others play randomly, from simulated rounds.");
  }
  const name = odds.name;
  return greedy
    ? t("{name}'s expected winnings this round for each face, if the others play greedily, from simulated rounds.", { name })
    : t("{name}'s expected winnings this round for each face, if the others play randomly, from simulated rounds.", { name });
}

function chanceTable(odds, board) {
  const head = h("tr", {}, h("th", { scope: "col", text: t("Face") }),
    board.casinos.map((c) => h("th", { scope: "col", title: c.name, text: `${faceGlyph(c.number)} ${c.number}` })));
  const body = odds.faces.map((f) => h("tr", {},
    h("th", { scope: "row", text: t("{face}s", { face: f.face }) }),
    f.chances.map((c) => {
      const shown = c.bills.filter((b) => b.p >= 0.005);
      return h("td", { class: shown.length ? "" : "lv-muted" },
        shown.length ? shown.map((b) => h("div", { class: "lv-bill-chance", "aria-label": `${money(b.bill)} ${percent(b.p)}` },
          h("span", { class: "lv-bill-amount", text: billFigure(b.bill) }), " ", h("span", { text: percent(b.p) }))) : "–");
    })));
  return h("details", { class: "lv-chances", open: true },
    h("summary", { text: t("Chance of winning each casino's bills, for each choice") }),
    WORDS.lang === "es" ? h("p", { class: "lv-muted lv-small", text: t("Bills in dollars.") }) : null,
    h("div", { class: "lv-table-wrap" }, h("table", { class: "lv-table lv-chance-table" }, h("thead", {}, head), h("tbody", {}, body))));
}

/** A bill in the narrow chance table: "$80k" in English; "80.000" in Spanish, whose "80.000 $" would not fit seven
 * columns in the side panel (the table says the bills are in dollars). @param {number} amount */
function billFigure(amount) {
  return WORDS.lang === "es" ? formatNumber(amount) : money(amount);
}

// ------------------------------------------------------------------------------------------- what-if
function outlookPanel(model, board, send, ctx) {
  const outlook = model.get("outlook");
  const head = h("h3", { text: t("What if…?") });
  const intro = h("p", { class: "lv-muted", text: t("Add or take away dice with the + and − buttons on the casinos. For each casino and player: the bill taken if the round ended now (exact), and the expected bill by the end of the round when everyone plays on.") });
  if (!outlook || outlook.status !== "ready") {
    return h("section", { class: "lv-outlook", "aria-label": t("What-if outlook"), "data-status": outlook ? outlook.status : "none" },
      head, intro, h("p", { class: "lv-muted", "aria-live": "polite", text: outlook && outlook.reason ? outlook.reason : "" }));
  }
  const owners = board.owners;
  const cell = (row, o) => {
    const now = row.now[o.index];
    const end = row.by_end[o.index];
    const exact = row.exact ? row.exact[o.index] : null;
    const label = t("{name} at casino {casino}: {now} if it ended now, {end} expected by the end",
      { name: o.name, casino: row.casino, now: money(now), end: moneyAbout(end) });
    return h("td", { "aria-label": label + (exact ? ", " + t("exact {value}", { value: exact.text }) : "") },
      h("div", { class: now ? "lv-now" : "lv-muted", text: t("now {money}", { money: now ? money(now) : "–" }) }),
      h("div", { class: "lv-end", text: t("end {money}", { money: moneyAbout(end) }) }),
      exact ? h("div", { class: "lv-exact", text: t("exact {value}", { value: exact.text }) }) : null);
  };
  return h("section", { class: "lv-outlook", "aria-label": t("What-if outlook"), "data-status": "ready" }, head, intro,
    assumptionSwitch(model, send, ctx),
    h("table", { class: "lv-table lv-outlook-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("Casino") }),
        owners.map((o) => h("th", { scope: "col" }, die(o), " ", o.name)))),
      h("tbody", {},
        outlook.rows.map((row) => h("tr", {},
          h("th", { scope: "row", text: `${row.casino} ${row.name}` }), owners.map((o) => cell(row, o)))),
        h("tr", { class: "lv-total" }, h("th", { scope: "row", text: t("Total") }),
          owners.map((o) => h("td", {},
            h("div", { text: t("now {money}", { money: money(outlook.total_now[o.index]) }) }),
            h("div", { text: t("end {money}", { money: moneyAbout(outlook.total_by_end[o.index]) }) })))))),
    h("p", { class: "lv-muted", text: outlook.assumption === "greedy"
      ? tn("{n} die left to roll; {rollouts} simulated endings, others playing greedily.",
        "{n} dice left to roll; {rollouts} simulated endings, others playing greedily.", outlook.dice_left, { rollouts: outlook.rollouts })
      : tn("{n} die left to roll; {rollouts} simulated endings, others playing randomly.",
        "{n} dice left to roll; {rollouts} simulated endings, others playing randomly.", outlook.dice_left, { rollouts: outlook.rollouts }) }),
    outlook.exact_pending ? h("p", { class: "lv-muted lv-pending", "aria-live": "polite",
      text: t("Counting every way the rest of the round can go: the exact figures follow in a moment.") }) : null);
}

export default { render };
