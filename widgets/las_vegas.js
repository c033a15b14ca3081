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
  const ctx = { id: `lv-${Math.random().toString(36).slice(2, 10)}`, confirmNew: false };
  return mountBoard(props, {
    prefix: "lv", title: "Las Vegas board", changes: CHANGES,
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
  const keys = canPlay(model, board) ? ` Keys: 1 to 6 place that face, R rolls${board.undo && board.undo.can ? ", U undoes" : ""}.` : "";
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
  if (!board || !board.casinos) return h("p", { text: "Setting up the board…" });
  const stepper = model.get("stepper");
  const hasStepper = Boolean(stepper && stepper.id);
  const interactive = Boolean(model.get("interactive"));
  const highlight = new Set(board.highlight || []);
  const main = h("section", { class: "lv-main", "aria-label": "The casinos and the players" },
    h("p", { class: ["lv-status", highlight.has("seat:" + board.turn.seat) && "lv-hl"], "aria-live": "polite" },
      board.what_if ? h("strong", { class: "lv-tag lv-tag-whatif", text: "WHAT IF" }) : null,
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
    side.length ? h("aside", { class: "lv-side", "aria-label": hasStepper ? "The example, step by step" : "Odds" }, side)
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
  return h("ul", { class: "lv-players", "aria-label": "Players" },
    board.hands.map((hand) => {
      const owner = board.owners[hand.seat];
      const toPlay = board.turn.seat === hand.seat && !board.is_over;
      const won = board.winners.includes(hand.seat);
      const role = owner.player === "you" ? "you" : owner.player === "bot" ? `bot, ${opponentWords(board.bots)}` : "";
      const inHand = diceWord(hand.own) + (board.neutral ? ` + ${hand.white} white` : "");
      const label = `${owner.name}${role ? ` (${role})` : ""}: ${inHand} in hand, ${money(hand.money)} won`
        + `${toPlay ? ", to play" : ""}${board.start_player === hand.seat ? ", start player" : ""}${won ? ", winner" : ""}`;
      return h("li", {
        class: ["lv-player", toPlay && "lv-to-play", won && "lv-winner",
          (highlight.has(`seat:${hand.seat}`) || highlight.has("money")) && "lv-hl"],
        "aria-label": label,
      },
      die(owner, "lv-die-big"),
      h("span", { class: "lv-player-text" },
        h("strong", { text: owner.name }),
        toPlay ? h("span", { class: "lv-badge lv-badge-turn", text: "▶ to play" }) : null,
        won ? h("span", { class: "lv-badge lv-badge-win", text: "★ winner" }) : null,
        role || board.start_player === hand.seat ? [h("br"), h("small", {
          text: [role, board.start_player === hand.seat ? "start player" : ""].filter(Boolean).join(" · "),
        })] : null,
        h("br"),
        h("span", { text: `${inHand} in hand · ` }),
        h("span", { class: "lv-money", text: `${money(hand.money)} won` },
          hand.bills.length ? h("small", { text: ` (${hand.bills.length} bill${hand.bills.length === 1 ? "" : "s"})` }) : null)));
    }),
    h("li", { class: ["lv-player", "lv-pile", highlight.has("pile") && "lv-hl"], "aria-label": `Bill pile: ${board.pile} bills face down` },
      h("span", { class: "lv-player-text" }, h("strong", { text: "▤ Pile" }), h("br"), h("small", { text: `${board.pile} bills` }), h("br"),
        `round ${board.round}/${board.rounds}`)),
  );
}

// ------------------------------------------------------------------------------------------- casinos
/** @param {Board} board @param {Set<string>} highlight */
function casinos(board, highlight, model, send) {
  const editing = Boolean(model.get("what_if") && model.get("interactive"));
  return h("div", { class: "lv-casinos", role: "list", "aria-label": "The six casinos" },
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
      const verdict = tied ? "tie: cancels" : takes ? `${owner.kind === "white" ? "blocks" : "takes"} ${money(takes)} now`
        : n > 0 ? "no bill now" : "";
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
            "aria-label": `Take one of ${possessive(owner.name)} dice off casino ${casino.number}`, text: "−",
            onclick: () => send({ type: "what_if", casino: casino.number, owner: owner.index, count: n - 1 }),
          }),
          h("button", {
            type: "button", class: "lv-mini", "data-key": `plus-${casino.number}-${owner.index}`,
            "aria-label": `Add one of ${possessive(owner.name)} dice to casino ${casino.number}`, text: "+",
            onclick: () => send({ type: "what_if", casino: casino.number, owner: owner.index, count: n + 1 }),
          })) : null);
    });
  const billText = casino.bills.length ? casino.bills.map(money).join(", ") : "no bills";
  const diceText = board.owners.filter((o) => casino.dice[o.index] > 0)
    .map((o) => `${o.name} ${diceWord(casino.dice[o.index])}`).join(", ") || "no dice yet";
  return h("section", {
    class: ["lv-casino", lit && "lv-hl"], role: "listitem",
    "aria-label": `Casino ${casino.number}, ${casino.name}: bills ${billText}; ${diceText}${lit ? " (changed in this step)" : ""}`,
    "data-casino": casino.number,
  },
  h("header", { class: "lv-casino-head" },
    h("span", { class: "lv-casino-face", "aria-hidden": "true", text: faceGlyph(casino.number) }),
    h("span", { class: "lv-casino-number", text: String(casino.number) }),
    h("span", { class: "lv-casino-name", text: casino.name }),
    lit ? h("span", { class: "lv-changed", text: "★ here" }) : null),
  h("ol", { class: "lv-bills", "aria-label": `Bills, highest first: ${billText}` },
    casino.bills.length ? casino.bills.map((b) => h("li", { class: `lv-bill lv-bill-${b / 1000}`, text: money(b) }))
      : h("li", { class: "lv-bill lv-bill-none", text: "no bills" })),
  h("ul", { class: "lv-stacks", "aria-label": "Dice on this casino" },
    rows.length ? rows : h("li", { class: "lv-empty", text: "no dice yet" })));
}

/** "Anna's", "your" (the learner is called You), "the white". @param {string} name */
function possessive(name) {
  return name === "You" ? "your" : name === "white" ? "the white" : `${name}'s`;
}

// ------------------------------------------------------------------------------------------- the roll
/** @param {Board} board */
function rollBar(board, highlight, model, send) {
  const playable = canPlay(model, board);
  const lit = highlight.has("roll");
  const who = board.turn.name ?? "";
  const whose = board.turn.human && who === "You" ? "Your" : `${who}'s`;
  if (board.is_over) {
    return h("div", { class: ["lv-rollbar", lit && "lv-hl"] },
      h("p", { class: "lv-roll-title", text: "The game is over." }),
      model.get("interactive") ? h("button", {
        type: "button", class: "lv-button lv-primary", "data-key": "new-game", text: "New game",
        "aria-label": "Start a new game", onclick: () => send({ type: "new_game" }),
      }) : null);
  }
  if (!board.roll) {
    const spare = board.phase === "spare";
    const hand = board.hands[board.turn.seat ?? 0];
    const what = spare ? "the 2 spare white dice" : `${diceWord(hand.own)}${hand.white ? ` and ${hand.white} white` : ""}`;
    return h("div", { class: ["lv-rollbar", lit && "lv-hl"] },
      h("p", { class: "lv-roll-title", text: `${whose} turn: roll ${what}.` }),
      playable ? h("button", {
        type: "button", class: "lv-button lv-primary", "data-key": "roll",
        "aria-label": `Roll ${what} (key R)`, onclick: () => send({ type: "roll" }),
      }, `Roll ${what}`, h("kbd", { text: "R" })) : null);
  }
  const owner = board.owners[board.turn.seat ?? 0];
  const white = board.owners.find((o) => o.kind === "white");
  return h("div", { class: ["lv-rollbar", lit && "lv-hl"], role: "group", "aria-label": `${whose} roll, grouped by face` },
    h("p", { class: "lv-roll-title", text: playable ? `${whose} roll: choose a face to place all its dice.` : `${whose} roll:` }),
    h("div", { class: "lv-roll-groups" },
      (playable ? [1, 2, 3, 4, 5, 6].map((face) => board.roll.groups.find((g) => g.face === face) || face)
        : board.roll.groups).map((g) => {
        if (typeof g === "number") return unrolledFace(board, g, send);
        const parts = [g.own ? diceWord(g.own) : null, g.white ? `${g.white} white` : null].filter(Boolean).join(" and ");
        const label = `Place the ${g.face}s: ${parts} on casino ${g.face}, ${g.casino}`;
        const content = [
          h("span", { class: "lv-roll-face", "aria-hidden": "true", text: faceGlyph(g.face) }),
          h("span", { class: "lv-roll-dice", "aria-hidden": "true" },
            Array.from({ length: g.own }, () => die(owner)), Array.from({ length: g.white }, () => white ? die(white) : null)),
          h("span", { class: "lv-roll-text" }, `${g.face}s: ${parts}`, h("br"), h("small", { text: `→ ${g.casino}` })),
          playable ? h("kbd", { text: String(g.face), "aria-hidden": "true" }) : null,
        ];
        return playable
          ? h("button", { type: "button", class: "lv-roll-group", "data-key": `place-${g.face}`, "aria-label": `${label} (key ${g.face})`,
            onclick: () => send({ type: "place", face: g.face }) }, content)
          : h("div", { class: "lv-roll-group lv-roll-static", role: "img", "aria-label": `${g.face}s: ${parts}` }, content);
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
    "aria-label": `Place the ${face}s on casino ${face}, ${casino.name} (key ${face})`, "aria-describedby": why,
    onclick: () => send({ type: "place", face }),
  },
  h("span", { class: "lv-roll-face", "aria-hidden": "true", text: faceGlyph(face) }),
  h("span", { class: "lv-roll-text", id: why }, `${face}s: none rolled`, h("br"), h("small", { text: "not in your roll" })));
}

/** @param {Board} board */
function payout(board, highlight, fresh) {
  const p = board.last_payout;
  if (!p) return null;
  const lit = highlight.has("payout") || highlight.has("casinos");
  const rows = p.casinos.map((c) => {
    const one = fresh && !lit && highlight.has(`casino:${c.number}`);
    return h("li", { class: ["lv-payout-row", one && "lv-hl"] },
      h("strong", { text: `${c.number} ${c.name}` }), one ? h("span", { class: "lv-changed", text: "★ here" }) : null,
      h("span", { text: ` ${c.bills.map(money).join(", ")}. ${c.words}` }));
  });
  const title = fresh ? `Round ${p.round} has just been paid out` : `Last payout (round ${p.round})`;
  return h("section", { class: ["lv-payout", fresh && "lv-payout-fresh", fresh && lit && "lv-hl"], "aria-label": title },
    h("h4", { text: title + (fresh ? ": the casinos below are dealt for the next round." : "") }),
    h("ul", {}, rows));
}

/** @param {Board} board */
function recent(board, hasStepper) {
  if (!board.log.length || hasStepper) return null;
  return h("section", { class: "lv-log", "aria-label": "What just happened" },
    h("h4", { text: "What just happened" }),
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
  return h("div", { class: "lv-controls", role: "group", "aria-label": "Options" },
    check("show_odds", "Show the odds", Boolean(model.get("show_odds"))),
    check("what_if", "What-if mode: move dice freely", whatIf),
    check("auto_roll", "Roll my dice for me", Boolean(model.get("auto_roll"))),
    board.owners.some((o) => o.player === "bot") ? opponentsSwitch(board, send, ctx) : null,
    whatIf ? h("button", {
      type: "button", class: "lv-button", "data-key": "reset", disabled: !board.explored,
      text: "Back to the real game", onclick: () => send({ type: "reset" }),
    }) : null);
}

function opponentsSwitch(board, send, ctx) {
  return opponentsChoice("lv", board.bots, { random: "randomly", greedy: "greedily" }, send, ctx);
}

function assumptionSwitch(model, send, ctx) {
  const current = model.get("assumption");
  const radio = (value, text) => h("label", { class: "lv-radio" },
    h("input", {
      type: "radio", name: `${ctx.id}-assumption`, value, checked: current === value, "data-key": `assumption-${value}`,
      onchange: () => send({ type: "option", name: "assumption", value }),
    }), " ", text);
  return h("fieldset", { class: "lv-assumption" },
    h("legend", { text: "Assume the others" }),
    radio("random", "play randomly"), radio("greedy", "play greedily"));
}

// ------------------------------------------------------------------------------------------- odds panel
function oddsPanel(model, board, send, ctx) {
  const odds = model.get("odds");
  const head = h("h3", { text: "Odds of each choice" });
  if (!odds || odds.status !== "ready") {
    return h("section", { class: "lv-odds", "aria-label": "Odds", "data-status": odds ? odds.status : "none" },
      head, assumptionSwitch(model, send, ctx),
      h("p", { class: "lv-muted", "aria-live": "polite" }, odds && odds.status === "computing" ? "⏳ " : null,
        odds && odds.reason ? odds.reason : "No odds yet."));
  }
  const top = Math.max(50000, ...odds.faces.map((f) => f.expected + 2 * f.stderr));
  const assume = odds.assumption === "greedy" ? "greedily" : "randomly";
  const rows = odds.faces.map((f) => {
    const width = (v) => `${Math.max(0, Math.min(100, (100 * v) / top))}%`;
    const low = f.expected - 1.96 * f.stderr;
    const high = f.expected + 1.96 * f.stderr;
    const exact = f.exact ? `exact ${f.exact.text}` : "";
    const sim = f.rollouts ? `${moneyAbout(f.expected)} ± ${moneyAbout(1.96 * f.stderr)}` : moneyAbout(f.expected);
    const label = `Place the ${f.face}s: expected ${moneyAbout(f.expected)} this round`
      + (f.rollouts ? `, 95% between ${moneyAbout(low)} and ${moneyAbout(high)} from ${f.rollouts} simulated rounds` : "")
      + (exact ? `, ${exact}` : "") + (f.best ? ", the best choice" : "");
    return h("li", { class: ["lv-odds-row", f.best && "lv-best"], "aria-label": label },
      h("span", { class: "lv-odds-face" }, h("span", { "aria-hidden": "true", text: faceGlyph(f.face) + " " }),
        `${f.face}s`, h("small", { text: ` ×${f.dice}${f.white ? `+${f.white}w` : ""}` })),
      h("span", { class: "lv-bar", "aria-hidden": "true" },
        h("span", { class: "lv-bar-fill", style: { width: width(f.expected) } }),
        f.stderr > 0 ? h("span", { class: "lv-bar-error", style: { left: width(low), width: `calc(${width(high)} - ${width(low)})` } }) : null,
        f.exact ? h("span", { class: "lv-bar-exact", style: { left: width(f.exact.value) }, title: exact }) : null),
      h("span", { class: "lv-odds-value" }, sim, f.best ? h("strong", { text: " ★ best" }) : null,
        exact ? h("span", { class: "lv-exact", text: exact }) : null));
  });
  return h("section", {
    class: "lv-odds", "aria-label": "Odds", "data-status": "ready", "data-exact": odds.exact_pending ? "pending" : "done",
  }, head,
    h("p", { class: "lv-muted" }, `${odds.name === "You" ? "Your" : odds.name + "'s"} expected winnings this round for each face, if the others play ${assume}, from simulated rounds. `
      + "The thin bar shows the range where the true value most likely lies (two ",
    glossaryLink("Standard-error", "standard errors"),
    " each side); a diamond marks the exact value when the rest of the round is short enough to count every case."),
    assumptionSwitch(model, send, ctx),
    h("ol", { class: "lv-odds-list" }, rows),
    odds.exact_pending ? h("p", { class: "lv-muted lv-pending", "aria-live": "polite" },
      "⏳ Few dice are left: every way the round can end is being counted; the exact values follow in a moment.")
      : null,
    chanceTable(odds, board));
}

function chanceTable(odds, board) {
  const head = h("tr", {}, h("th", { scope: "col", text: "Face" }),
    board.casinos.map((c) => h("th", { scope: "col", title: c.name, text: `${faceGlyph(c.number)} ${c.number}` })));
  const body = odds.faces.map((f) => h("tr", {},
    h("th", { scope: "row", text: `${f.face}s` }),
    f.chances.map((c) => {
      const shown = c.bills.filter((b) => b.p >= 0.005);
      return h("td", { class: shown.length ? "" : "lv-muted" },
        shown.length ? shown.map((b) => h("div", { text: `${money(b.bill)} ${percent(b.p)}` })) : "–");
    })));
  return h("details", { class: "lv-chances", open: true },
    h("summary", { text: "Chance of winning each casino's bills, for each choice" }),
    h("table", { class: "lv-table" }, h("thead", {}, head), h("tbody", {}, body)));
}

// ------------------------------------------------------------------------------------------- what-if
function outlookPanel(model, board, send, ctx) {
  const outlook = model.get("outlook");
  const head = h("h3", { text: "What if…?" });
  const intro = h("p", { class: "lv-muted", text: "Add or take away dice with the + and − buttons on the casinos. For each casino and player: the bill taken if the round ended now (exact), and the expected bill by the end of the round when everyone plays on." });
  if (!outlook || outlook.status !== "ready") {
    return h("section", { class: "lv-outlook", "aria-label": "What-if outlook", "data-status": outlook ? outlook.status : "none" },
      head, intro, h("p", { class: "lv-muted", "aria-live": "polite", text: outlook && outlook.reason ? outlook.reason : "" }));
  }
  const owners = board.owners;
  const cell = (row, o) => {
    const now = row.now[o.index];
    const end = row.by_end[o.index];
    const exact = row.exact ? row.exact[o.index] : null;
    return h("td", { "aria-label": `${o.name} at casino ${row.casino}: ${money(now)} if it ended now, ${moneyAbout(end)} expected by the end${exact ? `, exact ${exact.text}` : ""}` },
      h("div", { class: now ? "lv-now" : "lv-muted", text: `now ${now ? money(now) : "–"}` }),
      h("div", { class: "lv-end", text: `end ${moneyAbout(end)}` }),
      exact ? h("div", { class: "lv-exact", text: `exact ${exact.text.split(" ")[0]}` }) : null);
  };
  return h("section", { class: "lv-outlook", "aria-label": "What-if outlook", "data-status": "ready" }, head, intro,
    assumptionSwitch(model, send, ctx),
    h("table", { class: "lv-table lv-outlook-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Casino" }),
        owners.map((o) => h("th", { scope: "col" }, die(o), " ", o.name)))),
      h("tbody", {},
        outlook.rows.map((row) => h("tr", {},
          h("th", { scope: "row", text: `${row.casino} ${row.name}` }), owners.map((o) => cell(row, o)))),
        h("tr", { class: "lv-total" }, h("th", { scope: "row", text: "Total" }),
          owners.map((o) => h("td", {},
            h("div", { text: `now ${money(outlook.total_now[o.index])}` }),
            h("div", { text: `end ${moneyAbout(outlook.total_by_end[o.index])}` })))))),
    h("p", { class: "lv-muted", text: `${outlook.dice_left} dice left to roll; ${outlook.rollouts} simulated endings, others playing ${outlook.assumption === "greedy" ? "greedily" : "randomly"}.` }),
    outlook.exact_pending ? h("p", { class: "lv-muted lv-pending", "aria-live": "polite",
      text: "Counting every way the rest of the round can go: the exact figures follow in a moment." }) : null);
}

export default { render };
