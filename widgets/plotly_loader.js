// How a widget draws with plotly.js (the labs' charts, the review's chart on every board): plotly.js comes once
// per page from the installed plotly package, over the widget's own channel to the kernel ({"type": "plotly"}
// answered with the script as a buffer): no other host, no CDN. Plain declarations, put in front of a module.

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
