// A strategy-lab chart: plotly.js draws the figure (JSON) the kernel sends (plotly_loader.js, put in front of this
// module, fetches plotly.js from the kernel once per page). The caption under the chart says in words what the
// chart shows.

/** @typedef {{ get(name: string): any, on(event: string, cb: Function): void, off(event: string, cb: Function): void,
 *   send(content: any): void }} Model */

export default {
  /** @param {{ model: Model, el: HTMLElement }} ctx */
  render({ model, el }) {
    useWords(model);
    el.classList.add("vt-lab-chart", "tex2jax_ignore", "mathjax_ignore");
    // a figure named by its caption; the plot inside keeps plotly's own buttons (zoom, pan, download)
    const figure = vtNode("figure", { class: "vt-lab-figure" });
    const plot = vtNode("div", { class: "vt-lab-plot" });
    const status = vtNode("p", { class: "vt-lab-status", role: "status", "aria-live": "polite" });
    const caption = vtNode("figcaption", { class: "vt-lab-caption" });
    figure.append(plot, caption);
    el.append(status, figure);
    let drawn = false;
    let alive = true;

    const draw = async () => {
      const spec = model.get("figure") || {};
      caption.textContent = model.get("description") || "";
      if (!Array.isArray(spec.data)) {
        status.textContent = model.get("placeholder");
        figure.hidden = true;
        return;
      }
      status.textContent = drawn ? "" : t("Drawing the chart…");
      try {
        const Plotly = await vtPlotly(model);
        if (!alive) return;
        figure.hidden = false;
        const layout = spec.layout || {};
        plot.style.height = `${Number(layout.height) || 360}px`;
        await Plotly.react(plot, spec.data, layout, vtPlotlyConfig(Plotly));
        drawn = true;
        status.textContent = "";
        el.dataset.drawn = "true";
      } catch (error) {
        status.textContent = t("The chart could not be drawn ({problem}). The sentence below says what it shows.",
          { problem: error && error.message ? error.message : String(error) });
      }
    };
    draw();
    model.on("change:figure", draw);
    model.on("change:description", draw);
    // plotly.js takes a few seconds to start on a slow machine: begin as soon as the learner reaches for the
    // lab's controls (pointer or keyboard), so the first Run finds it ready. Not at page load: the page's
    // other widgets draw first.
    let panel = null;
    const warm = () => { vtPlotly(model).catch(() => {}); };
    const attach = window.setTimeout(() => {
      panel = el.closest(".vt-lab");
      if (!panel) return;
      panel.addEventListener("pointerover", warm, { once: true });
      panel.addEventListener("focusin", warm, { once: true });
    }, 0);
    return () => {
      alive = false;
      window.clearTimeout(attach);
      if (panel) {
        panel.removeEventListener("pointerover", warm);
        panel.removeEventListener("focusin", warm);
      }
      model.off("change:figure", draw);
      model.off("change:description", draw);
      if (drawn && window.Plotly) window.Plotly.purge(plot);
    };
  },
};
