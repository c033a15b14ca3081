// The Lords of Vegas board: the 48 printed lots in six blocks with the Strip between them, markers, casino
// tiles (colour, two-letter code and pattern), dice (owner letter and pips), casinos outlined with their
// boss, the players' money and score track, the last card, the learner's actions grouped by kind, the odds
// panel, the scenario stepper, the trade panel (offers, proposals and answers) and the Next button that
// shows the other players' turns half a turn at a time. It only draws the synced projections and sends
// intents; Python checks every move and every trade. (The render shell, the stepper panel, the error line, the pips and the helpers h and percent come from shared.js.)

/**
 * @typedef {{ die: number, cost: number, card: string, code: string, strip: boolean }} Printed
 * @typedef {{ id: string, marker: number|null, tile: string|null, code: string|null,
 *             die: {owner: number, value: number}|null, in_play: boolean, printed: Printed,
 *             casino: string|null, edges: string[] }} LotView
 * @typedef {{ seat: number, colour: string, name: string, letter: string, kind: string, money: number,
 *             score: number, dice_left: number, markers_left: number, to_act: boolean, winner: boolean }} Player
 * @typedef {{ key: string, lots: string[], colour: string, code: string, size: number, pips: number,
 *             strip: boolean, boss: number|null, boss_name: string|null, tied: boolean }} CasinoView
 * @typedef {{ kind: string, title: string, actions: string[], labels: string[] }} Group
 * @typedef {{ model: { get: (name: string) => any, send: (msg: object) => void,
 *             on: (event: string, fn: () => void) => void, off: (event: string, fn: () => void) => void },
 *             el: HTMLElement }} RenderProps
 */

const LOV_CHANGES = ["board", "odds", "stepper", "error", "show_odds", "interactive", "version", "coaching"];
const LOV_BUTTONS_AT_MOST = 8;
const LOV_PAUSE_MS = 1500;
/** The ways the other players' turns are shown, each with its words. */
function lovPaces() {
  return [["next", t("one part at a time (press Next)")], ["pause", t("one part at a time, with a short pause")],
    ["all", t("all at once")]];
}

/** Lords of Vegas money the way the rulebook of the language writes it: 12 -> "$12" / "12 $".
 * @param {number} amount @param {number} [digits] */
function lovCash(amount, digits = 0) {
  const text = formatNumber(amount, digits);
  return WORDS.lang === "es" ? `${text}\u00a0$` : `$${text}`;
}

/** A gain or a loss: "+$1.25" / "−1,25 $". @param {number} amount @param {number} [digits] */
function lovSigned(amount, digits = 0) {
  return `${amount < 0 ? "−" : "+"}${lovCash(Math.abs(amount), digits)}`;
}

/** A colour (or the Strip cards' value) in the board's language. @param {any} board @param {string} colour */
function lovColour(board, colour) {
  return (board && board.colour_names && board.colour_names[colour]) || colour;
}

/**
 * The trade being written (kept between redraws): the partner, what the learner gives and takes, the action.
 * @typedef {{ partner: number|null, give: {money: number, lots: string[], dice: string[]},
 *             take: {money: number, lots: string[], dice: string[]}, action: string, dirty: boolean, open: boolean }} Draft
 */
function lovDraft() {
  return { partner: null, give: { money: 0, lots: [], dice: [] }, take: { money: 0, lots: [], dice: [] }, action: "",
    dirty: false, open: false };
}

/** @param {RenderProps} props */
function render(props) {
  const { model } = props;
  useWords(model);  // the board's title below is in the lesson's language
  const draft = lovDraft();
  /** @type {{ timer: number|undefined }} */
  const pause = { timer: undefined };
  const ctx = { id: `lov-${Math.random().toString(36).slice(2, 10)}`, confirmNew: false };
  const dispose = mountBoard(props, {
    prefix: "lov", title: t("Lords of Vegas board"), changes: LOV_CHANGES,
    view: (send, drawNow) => lovView(model, send, drawNow, draft, pause, ctx),
    summary: () => {
      const board = model.get("board");
      const next = board && board.waiting ? " " + t("Key N: the next part of the other players' turns.") : "";
      const undo = board && board.undo && board.undo.can && model.get("interactive") ? " " + t("Key U: undo.") : "";
      return `${board ? board.describe : ""}${next}${undo}${stepperKeys(model)}`;
    },
    keys: (event) => {
      const board = model.get("board");
      if ((event.key === "n" || event.key === "N") && board && board.waiting) return { type: "next" };
      if ((event.key === "u" || event.key === "U") && model.get("interactive") && board && board.undo && board.undo.can) {
        return { type: "undo" };
      }
      return coachKey(model, event);
    },
    inProgress: () => {
      const board = model.get("board");
      return Boolean(model.get("interactive") && board && board.undo && board.undo.in_progress);
    },
  });
  return () => {
    clearTimeout(pause.timer);
    dispose();
  };
}

/** The board beside its controls: the status line over both; on the left the players, the score track and
 * the 48 lots; on the right (at the board's top) the Next button, the learner's actions, Undo and New game,
 * the coach, the trades, the example's steps and the odds; under both the casinos, the log and the options.
 * @param {RenderProps["model"]} model @param {(msg: object) => void} send @param {() => void} drawNow
 * @param {Draft} draft @param {{ timer: number|undefined }} pause
 * @param {{ id: string, confirmNew: boolean }} ctx this view's own id and whether New game asks now */
function lovView(model, send, drawNow, draft, pause, ctx) {
  const board = model.get("board");
  if (!board || !board.players) return h("p", { text: t("Setting up the board…") });
  const stepper = model.get("stepper");
  const hasStepper = Boolean(stepper && stepper.id);
  const interactive = Boolean(model.get("interactive"));
  const highlight = new Set(board.highlight || []);
  clearTimeout(pause.timer);
  if (interactive && board.waiting && board.pace === "pause" && !draft.dirty) {
    pause.timer = setTimeout(() => (draft.dirty ? drawNow() : send({ type: "next" })), LOV_PAUSE_MS);
  }
  const main = h("section", { class: "lov-main", "aria-label": t("The board") },
    lovPlayers(board, highlight),
    lovScoreTrack(board),
    h("div", { class: "lov-middle" }, lovBoard(board, highlight), lovSideInfo(board)));
  const side = [];
  if (hasStepper) side.push(stepperPanel("lov", stepper, send));
  if (interactive) {
    side.push(lovPace(board, send, draft), lovActions(board, send), errorLine("lov", model),
      !board.is_over ? gameButtons("lov", board.undo, send, ctx, drawNow) : lovNewGame(send),
      coachPanel("lov", model, send), board.trade ? lovTrade(board, send, drawNow, draft) : null);
  } else {
    side.push(errorLine("lov", model));
  }
  if (model.get("show_odds")) side.push(lovOdds(model.get("odds"), board, send, interactive));
  const short = board.short_game;
  const below = h("div", { class: "lov-below" },
    board.casinos.length ? lovCasinos(board) : null,
    board.log.length ? lovLog(board) : null,
    h("div", { class: "lov-row lov-controls" },
      h("label", {}, h("input", { type: "checkbox", checked: model.get("show_odds"), "aria-label": t("Show the odds"),
        "data-key": "option-show_odds", onchange: (/** @type {Event} */ e) => send({ type: "option", name: "show_odds",
          value: /** @type {HTMLInputElement} */ (e.target).checked }) }), " " + t("Show the odds")),
      interactive && board.bots ? opponentsChoice("lov", board.bots, { random: t("at random") }, send,
        { id: `lov-${model.get("board_id")}` }) : null,
      interactive && short ? lovShortGame(short, send) : null));
  const alone = !interactive && !hasStepper && !model.get("show_odds");  // a position shown bare: one column
  return coachReadOnly(h("div", { class: ["lov-layout", alone ? "lov-alone" : "lov-with-side"] },
    h("p", { class: "lov-status", "aria-live": "polite" }, board.describe),
    main,
    h("aside", { class: "lov-side", "aria-label": hasStepper ? t("The example, step by step")
      : interactive ? t("Your turn: actions, trades and odds") : t("Odds") }, side),
    below), model, send);
}

/** New game when the game is over (nothing to lose, so nothing to ask). @param {(msg: object) => void} send */
function lovNewGame(send) {
  return h("div", { class: "vt-game-buttons" }, h("button", { type: "button", class: "lov-button lov-primary",
    "data-key": "new-game-small", onclick: () => send({ type: "new_game" }) }, t("New game")));
}

/** The short game switch: the Game End card halfway down the deck; it applies to the next new game.
 * @param {{ now: boolean, next: boolean }} short @param {(msg: object) => void} send */
function lovShortGame(short, send) {
  const note = short.now !== short.next
    ? (short.next ? t("(from the next new game; this game is a full game)")
      : t("(from the next new game; this game is a short game)"))
    : short.now ? t("(this game is a short game)") : "";
  return h("label", { class: "lov-short" },
    h("input", { type: "checkbox", checked: short.next, "data-key": "option-short_game",
      onchange: (/** @type {Event} */ e) => send({ type: "option", name: "short_game",
        value: /** @type {HTMLInputElement} */ (e.target).checked }) }),
    " " + t("Short game: the Game End card halfway down the deck"),
    note ? h("span", { class: "lov-muted lov-small", text: " " + note }) : null);
}

// ------------------------------------------------------------------------------------------- players
/** What a player has left: "1 die and 3 markers left". @param {Player} p */
function lovLeft(p) {
  const dice = tn("{n} die", "{n} dice", p.dice_left);
  const markers = tn("{n} marker", "{n} markers", p.markers_left);
  return t("{dice} and {markers} left", { dice, markers });
}

function lovPlayers(board, highlight) {
  const last = board.track[board.track.length - 1];
  const points = (/** @type {Player} */ p) => tn("{n} point", "{n} points", p.score);
  return h("div", { class: "lov-players", role: "list", "aria-label": t("Players") },
    board.players.map((/** @type {Player} */ p) => h("div", {
      role: "listitem",
      class: ["lov-player", `lov-seat-${p.colour}`, p.to_act && "lov-to-act", p.winner && "lov-winner",
        highlight.has(`player:${p.colour}`) && "lov-hl"],
      "aria-label": t("{name}: {money}, {points}, {left}", {
        name: p.name, money: lovCash(p.money), points: points(p), left: lovLeft(p) })
        + (p.to_act ? (p.kind === "you" ? t(", your turn") : t(", to act")) : "") + (p.winner ? t(", winner") : ""),
    },
    h("span", { class: "lov-badge", text: p.letter }),
    h("strong", { text: p.name }), p.kind === "bot" ? h("span", { class: "lov-muted", text: " " + t("(bot)") }) : null,
    h("span", { class: "lov-money", text: ` ${lovCash(p.money)}` }),
    h("span", { class: "lov-score", text: " " + t("{n} pts", { n: p.score }) }),
    h("div", { class: "lov-track", "aria-hidden": "true" },
      h("div", { class: "lov-track-fill", style: { width: `${(100 * p.score) / last}%` } })),
    h("span", { class: "lov-muted lov-small", text: lovLeft(p) }),
    p.to_act ? h("span", { class: "lov-tag", text: p.kind === "you" ? t("your turn") : t("to act") }) : null,
    p.winner ? h("span", { class: "lov-tag", text: "★ " + t("winner") }) : null,
    highlight.has(`player:${p.colour}`) ? h("span", { class: "lov-here", text: "★ " + t("here") }) : null)));
}

/** The score track: every space (the gaps between them grow), with the players' letters on their space. */
function lovScoreTrack(board) {
  const places = board.players.map((/** @type {Player} */ p) => t("{name} on {n}", { name: p.name, n: p.score }));
  return h("ol", { class: "lov-score-track", "aria-label": t("Score track: {places}", { places: places.join(", ") }) },
  board.track.map((/** @type {number} */ space) => {
    const here = board.players.filter((/** @type {Player} */ p) => p.score === space);
    return h("li", { class: ["lov-space", here.length && "lov-space-taken"], "aria-hidden": "true" },
      h("span", { class: "lov-space-value", text: space }),
      here.map((/** @type {Player} */ p) => h("span", { class: `lov-marker lov-seat-${p.colour}`, text: p.letter })));
  }));
}

// ------------------------------------------------------------------------------------------- the board
function lovBoard(board, highlight) {
  const column = (blocks) => h("div", { class: "lov-column" },
    blocks.map(([name, rows]) => h("div", { class: "lov-block", role: "group", "aria-label": t("Block {name}", { name }) },
      h("div", { class: "lov-block-name", text: name }),
      h("div", { class: "lov-block-grid" }, rows.flat().map((id) => lovLot(board, board.lots[id], highlight))))));
  return h("div", { class: "lov-board", "aria-label": t("The board: blocks A, C, E left of the Strip, B, D, F right") },
    column(board.blocks.left),
    h("div", { class: "lov-strip", "aria-label": t("The Strip") }, h("span", { text: t("THE STRIP") })),
    column(board.blocks.right));
}

/** @param {any} board @param {LotView} lot @param {Set<string>} highlight */
function lovLot(board, lot, highlight) {
  const casino = lot.casino ? board.casinos.find((/** @type {CasinoView} */ c) => c.key === lot.casino) : null;
  const owner = lot.marker !== null ? board.players[lot.marker] : null;
  const dieOwner = lot.die ? board.players[lot.die.owner] : null;
  const hl = highlight.has(`lot:${lot.id}`) || (casino && highlight.has(`casino:${casino.key}`));
  const card = lovColour(board, lot.printed.card);
  const words = [t("Lot {lot}: printed die {die}, cost {cost}, {card} card",
    { lot: lot.id, die: lot.printed.die, cost: lovCash(lot.printed.cost), card })];
  if (owner) words.push(t("marked by {name}", { name: owner.name }));
  if (lot.tile) words.push(t("{colour} tile", { colour: lovColour(board, lot.tile) }));
  if (dieOwner && lot.die) words.push(t("{name}'s die showing {n}", { name: dieOwner.name, n: lot.die.value }));
  if (casino && casino.key === lot.id) {
    words.push(casino.boss_name ? t("casino of {n} bossed by {name}", { n: casino.size, name: casino.boss_name })
      : t("casino of {n} with no boss", { n: casino.size }));
  }
  if (!lot.in_play) words.push(t("out of play"));
  if (hl) words.push(t("changed in this step"));
  const bossText = casino && casino.key === lot.id
    ? (casino.boss !== null ? t("Boss {letter}", { letter: board.players[casino.boss].letter })
      : (casino.tied ? t("Tied") : t("No boss"))) : null;
  return h("div", {
    class: ["lov-lot", lot.tile && `lov-tile lov-colour-${lot.tile}`, !lot.in_play && "lov-out", hl && "lov-hl",
      lot.printed.strip && "lov-on-strip", ...lot.edges.map((e) => `lov-edge-${e}`)],
    "data-lot": lot.id, role: "img", "aria-label": words.join(", "),
  },
  h("div", { class: "lov-lot-head" },
    h("span", { class: "lov-lot-id", text: lot.id }),
    hl ? h("span", { class: "lov-here", text: "★", title: t("changed in this step") }) : null,
    h("span", { class: `lov-card lov-card-${lot.printed.card}`, text: lot.printed.code,
      title: t("{card} card", { card }) })),
  lot.die ? lovDie(lot.die.value, dieOwner) : h("div", { class: "lov-printed" },
    h("span", { class: "lov-printed-die", text: `⚀⚁⚂⚃⚄⚅`[lot.printed.die - 1] }),
    h("span", { text: `${lot.printed.die} · ${lovCash(lot.printed.cost)}` })),
  owner || lot.tile || bossText ? h("div", { class: "lov-lot-foot" },
    owner ? h("span", { class: `lov-marker lov-seat-${owner.colour}`, text: owner.letter }) : null,
    lot.tile ? h("span", { class: "lov-tile-code", text: lot.code }) : null,
    bossText ? h("span", { class: "lov-boss", text: bossText }) : null) : null);
}

/** A die with pips and its owner's letter. @param {number} value @param {Player|null} owner */
function lovDie(value, owner) {
  return h("div", { class: ["lov-die", owner && `lov-seat-${owner.colour}`] },
    pipGrid("lov", value),
    h("span", { class: "lov-die-label", text: `${owner ? owner.letter : "?"}${value}` }));
}

function lovSideInfo(board) {
  const card = board.last_card;
  return h("div", { class: "lov-info" },
    h("h4", { text: t("Last card") }),
    card ? h("div", { class: ["lov-big-card", card.colour && `lov-card-${card.colour}`] },
      card.end ? t("Game End") : h("span", {}, h("strong", { text: card.card }), ` ${card.code}`)) :
      h("p", { class: "lov-muted", text: t("No card drawn yet") }),
    h("p", { class: "lov-small", text: tn("{n} card in the deck", "{n} cards in the deck", board.deck_left) +
      (board.draws_before_end === null ? "" : tn("; {n} lot card before the Game End card",
        "; {n} lot cards before the Game End card", board.draws_before_end)) }),
    board.bet ? h("p", { class: "lov-small", text: t("A {bet} bet waits at {lot}",
      { bet: lovCash(board.bet.amount), lot: board.bet.casino }) }) : null,
    h("h4", { text: t("Tiles left") }),
    h("ul", { class: "lov-tiles-left" }, Object.entries(board.tiles_left).map(([colour, n]) =>
      h("li", { class: `lov-card lov-card-${colour}`, text: `${lovColour(board, colour)} ${n}` }))));
}

/** The casinos: colour, tiles, dice, pips and boss (the lots carry only the boss's letter). */
function lovCasinos(board) {
  return h("details", { class: "lov-casinos", open: true },
    h("summary", { text: t("Casinos ({n})", { n: board.casinos.length }) }),
    h("table", { class: "lov-table" },
      h("thead", {}, h("tr", {}, [t("Casino"), t("Colour"), t("Tiles"), t("Dice"), t("Pips"), t("Boss")].map(
        (text) => h("th", { text })))),
      h("tbody", {}, board.casinos.map((/** @type {CasinoView} */ c) => h("tr", {},
        h("th", { text: c.key }), h("td", {}, h("span", { class: `lov-card lov-card-${c.colour}`, text: c.code }),
          ` ${lovColour(board, c.colour)}`),
        h("td", { text: String(c.size) }), h("td", { text: String(c.dice) }), h("td", { text: String(c.pips) }),
        h("td", { text: c.boss_name ? c.boss_name : (c.tied ? t("tied: re-roll") : t("nobody")) }))))));
}

/** What happened, turn by turn, the latest turn first (every line of the last whole round). */
function lovLog(board) {
  const groups = board.log.slice().reverse();
  return h("details", { class: "lov-log", open: true },
    h("summary", { text: t("What happened (latest turn first)") }),
    groups.map((/** @type {{title: string, lines: string[]}} */ g, i) => h("section", { class: "lov-log-turn",
      "aria-label": g.title },
    h("h4", { text: i === 0 ? t("{title} (latest)", { title: g.title }) : g.title }),
    h("ol", {}, g.lines.map((line) => h("li", { text: line }))))));
}

/** The Next button while the other players' turns wait, and how they are shown. */
function lovPace(board, send, draft) {
  const select = /** @type {HTMLSelectElement} */ (h("select", { class: "lov-select", "data-key": "option-pace",
    "aria-label": t("Show the other players' turns"),
    onchange: () => send({ type: "option", name: "pace", value: select.value }) },
  lovPaces().map(([value, text]) => h("option", { value, text, selected: board.pace === value }))));
  const turn = board.players[board.turn];
  const part = board.phase === "draw" ? t("Next: {name} draws a card", { name: turn.name })
    : t("Next: {name} plays step 2", { name: turn.name });
  return h("div", { class: "lov-row lov-pace" },
    board.waiting ? h("button", { type: "button", class: "lov-button lov-primary", "data-key": "next",
      "aria-label": t("{what} (key N)", { what: part }), onclick: () => send({ type: "next" }) },
    `${part} ▶`, h("kbd", { text: "N" })) : null,
    board.waiting && board.pace === "pause" && draft.dirty
      ? h("span", { class: "lov-muted", text: t("Paused while you write a trade.") }) : null,
    h("label", { class: "lov-small" }, t("Other players' turns:") + " ", select));
}

// ------------------------------------------------------------------------------------------- actions
/** @param {any} board @param {(msg: object) => void} send */
function lovActions(board, send) {
  if (board.is_over) return h("p", { class: "lov-status", text: t("The game is over.") });
  if (!board.learner_to_act) {
    return h("p", { class: "lov-muted", text: board.waiting ? t("The other players are playing: press Next to see more.")
      : board.trade && board.trade.offer ? t("An offer waits for your answer.") : t("Waiting for the other players…") });
  }
  return h("section", { class: "lov-actions", "aria-label": t("Your actions") },
    board.actions.map((/** @type {Group} */ g) => {
      const act = (/** @type {string} */ text) => send({ type: "act", action: text });
      const label = (/** @type {number} */ i) => (g.labels ? g.labels[i] : g.actions[i]);
      if (g.actions.length <= LOV_BUTTONS_AT_MOST) {
        return h("div", { class: "lov-group", role: "group", "aria-label": g.title },
          h("span", { class: "lov-group-title", text: g.title }),
          g.actions.map((text, i) => h("button", { type: "button", class: ["lov-button", `lov-act-${g.kind}`],
            "data-key": `act:${text}`, "aria-label": label(i), onclick: () => act(text) }, label(i))));
      }
      const select = /** @type {HTMLSelectElement} */ (h("select", { class: "lov-select", "data-key": `select:${g.kind}`,
        "aria-label": t("Choose: {what}", { what: g.title }),
        onchange: () => { if (g.kind === "gamble") send({ type: "inspect", action: select.value }); } },
      g.actions.map((text, i) => h("option", { value: text, text: label(i) }))));
      return h("div", { class: "lov-group", role: "group", "aria-label": g.title },
        h("span", { class: "lov-group-title", text: `${g.title} (${g.actions.length})` }), select,
        h("button", { type: "button", class: ["lov-button", `lov-act-${g.kind}`], "data-key": `play:${g.kind}`,
          "aria-label": t("Play the chosen action: {what}", { what: g.title }), onclick: () => act(select.value) },
        t("Play")));
    }));
}

// ------------------------------------------------------------------------------------------- trades
/** The engine's text of the drafted trade ("trade blue: $5 lots A2 dice - for red: $0 lots - dice -; ..."). */
function lovTradeText(board, draft) {
  const tr = board.trade;
  const me = tr.seats[tr.learner];
  const partner = tr.seats[/** @type {number} */ (draft.partner)];
  const side = (/** @type {{money: number, lots: string[], dice: string[]}} */ o) =>
    `$${o.money} lots ${o.lots.join(" ") || "-"} dice ${o.dice.join(" ") || "-"}`;
  let text = `trade ${me.colour}: ${side(draft.give)} for ${partner.colour}: ${side(draft.take)}`;
  if (draft.action) text += `; ${tr.seats[tr.turn].colour} plays ${draft.action}`;
  return text;
}

/** Drop from the draft what its owner no longer holds (the board moved on). */
function lovTidy(board, draft) {
  const tr = board.trade;
  const others = tr.seats.filter((/** @type {any} */ p) => p.seat !== tr.learner);
  if (draft.partner === null || draft.partner === tr.learner || draft.partner >= tr.seats.length) draft.partner = others[0].seat;
  const me = tr.seats[tr.learner];
  const partner = tr.seats[draft.partner];
  const keep = (/** @type {any} */ o, /** @type {any} */ p) => {
    o.money = Math.max(0, Math.min(o.money, p.money));
    o.lots = o.lots.filter((lot) => p.lots.includes(lot));
    o.dice = tr.dice_ok ? o.dice.filter((lot) => p.dice.some((/** @type {any} */ d) => d.lot === lot)) : [];
  };
  keep(draft.give, me);
  keep(draft.take, partner);
  const canAct = tr.actions_ok && (tr.turn === tr.learner || tr.turn === draft.partner);
  if (!canAct || !tr.sellable.includes(draft.action)) draft.action = "";
}

/** One side of the trade: money, lots and dice, each labelled. */
function lovSide(board, draft, which, seat, send) {
  const tr = board.trade;
  const p = tr.seats[seat];
  const side = draft[which];
  const mine = which === "give";
  const key = (/** @type {string} */ x) => `trade-${which}-${x}`;
  const touch = () => { draft.dirty = true; };
  const check = (/** @type {string[]} */ list, /** @type {string} */ value, /** @type {string} */ label,
    /** @type {boolean} */ disabled) => h("label", { class: "lov-check" },
    h("input", { type: "checkbox", "data-key": key(value + label), checked: list.includes(value), disabled,
      "aria-label": label, onchange: (/** @type {Event} */ e) => {
        const on = /** @type {HTMLInputElement} */ (e.target).checked;
        const at = list.indexOf(value);
        if (on && at < 0) list.push(value);
        if (!on && at >= 0) list.splice(at, 1);
        touch();
      } }), ` ${label}`);
  return h("fieldset", { class: "lov-trade-side" },
    h("legend", { text: mine ? t("You give") : t("You take from {name}", { name: p.name }) }),
    h("label", { class: "lov-check" }, t("Money ($)") + " ",
      h("input", { type: "number", min: 0, max: p.money, step: 1, value: side.money, class: "lov-money-input",
        "data-key": key("money"), "aria-label": mine ? t("Money you give (you have {money})", { money: lovCash(p.money) })
          : t("Money you take from {name} (has {money})", { name: p.name, money: lovCash(p.money) }),
        oninput: (/** @type {Event} */ e) => {
          const v = Number(/** @type {HTMLInputElement} */ (e.target).value);
          side.money = Number.isFinite(v) ? Math.max(0, Math.floor(v)) : 0;
          touch();
        } }), h("span", { class: "lov-muted", text: " " + t("of {money}", { money: lovCash(p.money) }) })),
    h("div", { class: "lov-checks", role: "group", "aria-label": mine ? t("Your lots") : t("{name}'s lots", { name: p.name }) },
      p.lots.length ? p.lots.map((/** @type {string} */ lot) => check(side.lots, lot, t("Lot {lot}", { lot }), false))
        : h("span", { class: "lov-muted", text: t("No marked lots.") })),
    h("div", { class: "lov-checks", role: "group", "aria-label": mine ? t("Your dice") : t("{name}'s dice", { name: p.name }) },
      p.dice.length ? p.dice.map((/** @type {{lot: string, value: number}} */ d) =>
        check(side.dice, d.lot, t("Die on {lot} ({n})", { lot: d.lot, n: d.value }), !tr.dice_ok))
        : h("span", { class: "lov-muted", text: t("No dice on the board.") })));
}

/**
 * The coach on trades: its advice on the offer waiting (or what to propose), asked for with a button.
 * @param {any} tr @param {(msg: object) => void} send
 */
function lovTradeAdvice(tr, send) {
  const advice = tr.advice;
  return h("div", { class: "lov-trade-coach", role: "group", "aria-label": t("The coach on trades") },
    h("button", { type: "button", class: "lov-button", "data-key": "trade-hint", disabled: !tr.open || !tr.dice_ok,
      onclick: () => send({ type: "trade_hint" }) },
    tr.offer ? t("Coach: answer this offer?") : t("Coach: a trade to propose?")),
    advice ? h("p", { class: "lov-trade-advice", role: "status", "data-testid": "trade-advice", text: advice.text })
      : null,
    advice && advice.proposal ? h("button", { type: "button", class: "lov-button", "data-key": "trade-propose-advised",
      onclick: () => send({ type: "trade", trade: advice.proposal }) }, t("Propose the coach's trade")) : null);
}

/** The trade panel: an offer to answer, the learner's proposal, and the last answer. */
function lovTrade(board, send, drawNow, draft) {
  const tr = board.trade;
  lovTidy(board, draft);
  const parts = [];
  if (tr.offer) {
    parts.push(h("div", { class: "lov-offer", role: "group", "aria-label": t("{name}'s offer", { name: tr.offer.name }) },
      h("p", {}, h("strong", { text: t("Offer:") + " " }), tr.offer.words),
      h("button", { type: "button", class: "lov-button lov-primary", "data-key": "offer-accept",
        "aria-label": t("Accept {name}'s offer", { name: tr.offer.name }),
        onclick: () => send({ type: "answer", accept: true }) }, t("Accept")),
      h("button", { type: "button", class: "lov-button", "data-key": "offer-refuse",
        "aria-label": t("Refuse {name}'s offer", { name: tr.offer.name }),
        onclick: () => send({ type: "answer", accept: false }) }, t("Refuse"))));
  }
  if (tr.answer) parts.push(h("p", { class: "lov-answer", role: "status", text: tr.answer }));
  if (tr.coach) parts.push(lovTradeAdvice(tr, send));
  const others = tr.seats.filter((/** @type {any} */ p) => p.seat !== tr.learner);
  const partnerSelect = /** @type {HTMLSelectElement} */ (h("select", { class: "lov-select", "data-key": "trade-partner",
    "aria-label": t("Trade with"), onchange: () => {
      draft.partner = Number(partnerSelect.value);
      draft.take = { money: 0, lots: [], dice: [] };
      draft.action = "";
      draft.dirty = true;
      drawNow();
    } },
  others.map((/** @type {any} */ p) => h("option", { value: p.seat, text: p.name, selected: p.seat === draft.partner }))));
  const partner = tr.seats[/** @type {number} */ (draft.partner)];
  const canAct = tr.actions_ok && (tr.turn === tr.learner || tr.turn === draft.partner) && tr.sellable.length;
  const mineToPlay = tr.turn === tr.learner;
  const actionSelect = canAct ? /** @type {HTMLSelectElement} */ (h("select", { class: "lov-select", "data-key": "trade-action",
    "aria-label": mineToPlay ? t("You play, as part of the trade, this action of the turn")
      : t("{name} plays, as part of the trade, this action of the turn", { name: partner.name }),
    onchange: () => { draft.action = actionSelect.value; draft.dirty = true; } },
  h("option", { value: "", text: t("(no action)"), selected: !draft.action }),
  tr.sellable.map((/** @type {string} */ a, /** @type {number} */ i) => h("option", { value: a,
    text: tr.sellable_labels ? tr.sellable_labels[i] : a, selected: a === draft.action })))) : null;
  const propose = () => {
    const text = lovTradeText(board, draft);
    draft.give = { money: 0, lots: [], dice: [] };
    draft.take = { money: 0, lots: [], dice: [] };
    draft.action = "";
    draft.dirty = false;
    send({ type: "trade", trade: text });
  };
  parts.push(h("div", { class: "lov-row" }, h("label", {}, t("Trade with") + " ", partnerSelect),
    h("button", { type: "button", class: "lov-button", "data-key": "ask-offers", disabled: !tr.open,
      "aria-label": t("Ask the other players for offers"), onclick: () => send({ type: "ask_offers" }) },
    t("Ask for offers"))),
  h("div", { class: "lov-trade-sides" }, lovSide(board, draft, "give", tr.learner, send),
    lovSide(board, draft, "take", partner.seat, send)),
  actionSelect ? h("label", { class: "lov-row" }, (mineToPlay ? t("You play, as part of the trade:")
    : t("{name} plays, as part of the trade:", { name: partner.name })) + " ", actionSelect) : null,
  tr.note ? h("p", { class: "lov-muted", text: tr.note }) : null,
  tr.closed ? h("p", { class: "lov-muted", text: tr.closed }) : null,
  h("button", { type: "button", class: "lov-button lov-primary", "data-key": "trade-propose", disabled: !tr.open,
    "aria-label": t("Propose this trade to {name}", { name: partner.name }), onclick: propose },
  t("Propose to {name}", { name: partner.name })));
  return h("details", { class: "lov-trade", open: draft.open || Boolean(tr.offer) || Boolean(tr.answer),
    ontoggle: (/** @type {Event} */ e) => {
      draft.open = /** @type {HTMLDetailsElement} */ (e.target).open;
      if (!draft.open && draft.dirty) {
        draft.dirty = false;  // a closed panel no longer holds back the pause
        drawNow();
      }
    } },
  h("summary", { text: tr.offer ? t("Trades: {name} makes you an offer", { name: tr.offer.name })
    : t("Trades: propose one, or ask for offers"),
    // kept at once: a redraw before the toggle event (the bots playing on) would draw the panel closed again
    onclick: (/** @type {Event} */ e) => {
      draft.open = !(/** @type {HTMLDetailsElement} */ (/** @type {HTMLElement} */ (e.currentTarget).parentElement)).open;
    } }),
  parts);
}

// ------------------------------------------------------------------------------------------- odds
/** A chance: its words first when Python sends them ("about 1 in 5 (21%)"), its exact fraction in the tooltip. */
function lovNum(x) {
  if (!x.words) return h("span", { class: "lov-num", title: x.text }, percent(x.p));
  return h("span", { class: "lov-num", title: x.text }, h("strong", { class: "lov-words", text: x.words }),
    `\u00a0(${percent(x.p)})`);  // the percentage stays with the words' last number
}

function lovMoney(x) {
  const v = x.p;
  return h("span", { class: "lov-num lov-cash", title: x.text }, lovSigned(v, 2));
}

function lovOdds(odds, board, send, interactive) {
  const box = (...children) => h("section", { class: "lov-odds", "aria-label": t("Odds") }, h("h3", { text: t("Odds") }),
    children);
  if (!odds || odds.status !== "ready") return box(h("p", { class: "lov-muted", text: t("No odds now.") }));
  const parts = [];
  if (odds.card) {
    const c = odds.card;
    parts.push(h("h4", { text: t("The next card") }), h("table", { class: "lov-table" },
      h("tbody", {}, Object.entries(c.colours).map(([colour, x]) => h("tr", {},
        h("th", { class: `lov-card lov-card-${colour}`, text: lovColour(board, colour) }), h("td", {}, lovNum(x)))),
      h("tr", {}, h("th", { text: t("Pay the Strip") }), h("td", {}, lovNum(c.strip))),
      h("tr", {}, h("th", { text: t("Game End") }), h("td", {}, lovNum(c.game_end))))));
    if (c.gains) {
      parts.push(h("h4", { text: t("Expected gain from the next card") }), h("table", { class: "lov-table lov-gains" },
        h("thead", {}, h("tr", {}, h("th", { text: t("Player") }), h("th", { text: t("Money") }),
          h("th", { text: t("Points") }))),
        h("tbody", {}, c.gains.map((g) => h("tr", {}, h("th", { text: g.name }),
          h("td", {}, lovMoney(g.money)), h("td", { title: g.points.text, text: formatNumber(g.points.p, 2) }))))));
    }
  }
  for (const r of odds.reorganize) {
    parts.push(h("h4", { text: t("Reorganize {lot} ({cost})", { lot: r.casino, cost: lovCash(r.cost) }) }));
    if (!r.exact) {
      parts.push(h("p", { class: "lov-muted", text: tn("{n} die: too many for exact odds on the board.",
        "{n} dice: too many for exact odds on the board.", r.dice) }));
      continue;
    }
    parts.push(h("table", { class: "lov-table lov-reorg" },
      h("thead", {}, h("tr", {}, h("th", { text: t("Owner") }), h("th", { text: t("Ends boss") }),
        h("th", { text: t("Pips now") }), h("th", { text: t("Expected change") }))),
      h("tbody", {}, r.rows.map((row) => h("tr", {}, h("th", { text: row.name }), h("td", {}, lovNum(row.boss)),
        h("td", { text: String(row.pips_before) }),
        h("td", { title: row.pips_change.text,
          text: `${row.pips_change.p >= 0 ? "+" : "−"}${formatNumber(Math.abs(row.pips_change.p), 2)}` }))))));
  }
  if (odds.gamble) {
    const g = odds.gamble;
    parts.push(h("h4", { text: t("Gamble {bet} at {lot} (boss {name})",
      { bet: lovCash(g.bet), lot: g.casino, name: g.boss_name }) }));
    if (interactive && odds.gambles.length > 1) {
      parts.push(h("p", { class: "lov-small" }, t("Other casinos:") + " ", odds.gambles.map((text, i) => h("button", {
        type: "button", class: "lov-button lov-small", "data-key": `inspect:${text}`,
        text: odds.gamble_labels ? odds.gamble_labels[i] : text,
        onclick: () => send({ type: "inspect", action: text }) }))));
    }
    parts.push(h("div", { class: "lov-gamble" }, g.ways.map((w) => h("div", { class: "lov-way" },
      h("strong", { text: w.lay_off ? t("Boss lays off half") : t("Boss takes it whole") }),
      h("p", {}, t("Gambler wins:") + " ", lovNum(w.win_chance)),
      h("table", { class: "lov-table" },
        h("thead", {}, h("tr", {}, h("th", { text: t("Gambler") }), h("th", { text: t("Chance") }))),
        h("tbody", {}, w.gambler.map((o) => h("tr", {}, h("td", { text: lovSigned(o.gain) }),
          h("td", {}, lovNum(o)))))),
      h("p", { class: "lov-ev" }, t("Expected: gambler") + " ", lovMoney(w.gambler_ev), ", " + t("boss") + " ",
        lovMoney(w.boss_ev))))));
  }
  if (!parts.length) parts.push(h("p", { class: "lov-muted", text: t("No choice to weigh now.") }));
  return box(parts);
}

export default { render };
