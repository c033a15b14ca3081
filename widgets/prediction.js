// A prediction: the question names one radio group (one Tab stop, arrow keys choose), Reveal, Try again.
// The browser only sends intents; Python holds the answer and sends it (the verdict) only on reveal.

/** @typedef {{ get(name: string): any, on(event: string, cb: Function): void, off(event: string, cb: Function): void,
 *   send(content: any): void }} Model */

function make(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text) node.textContent = text;
  return node;
}

export default {
  /** @param {{ model: Model, el: HTMLElement }} ctx */
  render({ model, el }) {
    useWords(model);
    // anywidget may evaluate this module once per widget: a random id keeps each card's radio group its own
    const id = `vt-prediction-${Math.random().toString(36).slice(2, 10)}`;
    el.classList.add("vt-prediction", "tex2jax_ignore", "mathjax_ignore");
    const question = make("p", { id: `${id}-q`, class: "vt-question" });
    question.append(make("strong", {}, t("Predict:")), document.createTextNode(` ${model.get("question")}`));
    const group = make("div", { role: "radiogroup", "aria-labelledby": `${id}-q`, class: "vt-choices" });
    const inputs = model.get("choices").map((/** @type {string} */ text, /** @type {number} */ index) => {
      const label = make("label", { class: "vt-choice" });
      const input = make("input", { type: "radio", name: id, value: String(index) });
      input.addEventListener("change", () => {
        if (input.checked) model.send({ type: "choose", index });
      });
      label.append(input, make("span", { class: "vt-choice-text" }, text),
        make("span", { class: "vt-answer-mark" }, t("← the answer")));
      group.append(label);
      return /** @type {HTMLInputElement} */ (input);
    });
    const reveal = make("button", { type: "button", class: "vt-reveal" }, t("Reveal the answer"));
    reveal.addEventListener("click", () => model.send({ type: "reveal" }));
    const again = make("button", { type: "button", class: "vt-again" }, t("Try again"));
    again.addEventListener("click", () => {
      model.send({ type: "again" });
      inputs[0]?.focus();
    });
    const verdict = make("p", { role: "status", class: "vt-verdict", "aria-live": "polite", tabindex: "-1" });
    const buttons = make("div", { class: "vt-buttons" });
    buttons.append(reveal, again);
    el.append(question, group, buttons, verdict);

    let wasRevealed = Boolean(model.get("revealed"));
    const update = () => {
      const chosen = model.get("chosen");
      const revealed = Boolean(model.get("revealed"));
      const answer = model.get("answer");
      inputs.forEach((input, index) => {
        input.checked = index === chosen;
        input.disabled = revealed;
        input.parentElement?.classList.toggle("vt-answer", revealed && index === answer);
      });
      reveal.toggleAttribute("disabled", chosen < 0 || revealed);
      reveal.title = chosen < 0 ? t("Make your prediction first") : t("Show the answer");
      reveal.hidden = revealed;
      again.hidden = !(revealed && model.get("retry"));  // a right answer leaves nothing to try again
      verdict.textContent = model.get("verdict");
      verdict.classList.toggle("vt-right", revealed && chosen === answer);
      if (revealed && !wasRevealed) {
        const key = model.get("key");
        vtUpdateLesson(vtPageName(), (record) => { record.answered[key] = chosen === answer; });
        if (chosen !== answer) inboxQuestion(key);  // it comes back on the Practice page
        (again.hidden ? verdict : again).focus();  // the focus stays on the card, never lost with Reveal
      }
      wasRevealed = revealed;
    };
    update();
    const names = ["chosen", "revealed", "verdict", "answer", "retry"];
    for (const name of names) model.on(`change:${name}`, update);
    return () => { for (const name of names) model.off(`change:${name}`, update); };
  },
};
