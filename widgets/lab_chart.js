// A strategy-lab chart: plotly.js draws the figure (JSON) the kernel sends. plotly.js itself comes once per page
// from the installed plotly package, over this widget's own channel to the kernel: no other host, no CDN, and
// no other page of the app loads it. The caption under the chart says in words what the chart shows.

/** @typedef {{ get(name: string): any, on(event: string, cb: Function): void, off(event: string, cb: Function): void,
 *   send(content: any): void }} Model */

const VT_PLOTLY_PROMISE = "__vegasTutorPlotly";
const VT_PLOTLY_CONFIG = { responsive: true, displaylogo: false, modeBarButtonsToRemove: ["select2d", "lasso2d"] };

/**
 * plotly's own words on a lab chart (its toolbar's tooltips, its notices) in the page's language, given to plotly
 * as a locale of its own (`Plotly.register`), so its buttons speak the lesson's language with nothing fetched.
 * @returns {Record<string, string>}
 */
function vtPlotlyWords() {
  return {
    "Download plot as a PNG": t("Download plot as a PNG"),
    "Download plot": t("Download plot"),
    "Preparing image - this may take a few seconds": t("Preparing image - this may take a few seconds"),
    Zoom: t("Zoom"),
    Pan: t("Pan"),
    "Box Select": t("Box Select"),
    "Lasso Select": t("Lasso Select"),
    "Zoom in": t("Zoom in"),
    "Zoom out": t("Zoom out"),
    Autoscale: t("Autoscale"),
    "Reset axes": t("Reset axes"),
    "Show closest data on hover": t("Show closest data on hover"),
    "Compare data on hover": t("Compare data on hover"),
    "Toggle Spike Lines": t("Toggle Spike Lines"),
    "Double-click to zoom back out": t("Double-click to zoom back out"),
    "Share chart...": t("Share chart..."),
  };
}

/** The plot's configuration: the page's language registered with plotly first (once per page and language). */
function vtPlotlyConfig(Plotly) {
  const lang = WORDS.lang || "en";
  if (lang === "en") return VT_PLOTLY_CONFIG;
  const name = `vt-${lang}`;
  if (!window.__vegasTutorPlotlyLocales) window.__vegasTutorPlotlyLocales = {};
  if (!window.__vegasTutorPlotlyLocales[name]) {
    Plotly.register({ moduleType: "locale", name, dictionary: vtPlotlyWords() });
    window.__vegasTutorPlotlyLocales[name] = true;
  }
  return { ...VT_PLOTLY_CONFIG, locale: name };
}

function vtNode(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text) node.textContent = text;
  return node;
}

/** plotly.js, asked of the kernel by the first chart of the page and shared by the others. @param {Model} model */
function vtPlotly(model) {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!window[VT_PLOTLY_PROMISE]) {
    window[VT_PLOTLY_PROMISE] = new Promise((resolve, reject) => {
      const onMessage = (/** @type {any} */ message, /** @type {DataView[]} */ buffers) => {
        if (!message || message.type !== "plotly" || !buffers || !buffers.length) return;
        model.off("msg:custom", onMessage);
        const url = URL.createObjectURL(new Blob([buffers[0]], { type: "text/javascript" }));
        const script = vtNode("script", { src: url, "data-vt": "plotly" });
        script.addEventListener("load", () => {
          URL.revokeObjectURL(url);
          if (window.Plotly) resolve(window.Plotly);
          else reject(new Error(t("plotly.js did not start")));
        });
        script.addEventListener("error", () => reject(new Error(t("plotly.js could not be read"))));
        document.head.append(script);
      };
      model.on("msg:custom", onMessage);
      model.send({ type: "plotly" });
    }).catch((error) => {
      window[VT_PLOTLY_PROMISE] = null;  // the next chart asks again
      throw error;
    });
  }
  return window[VT_PLOTLY_PROMISE];
}

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
