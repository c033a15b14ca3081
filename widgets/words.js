// The words of the widgets (put in front of every widget's module, like shared.js). The text a widget shows
// is written in English inside t("...") / tn("...", "...", n); Python sends the table of the lesson's language
// as the model's `strings` (English text -> its words) and `lang` (see vegas_tutor.i18n.js_strings).
// A text missing from a non-English table is shown in English and reported on the console; the tests check
// that none is missing.

/** @type {{lang: string, strings: Record<string, string|string[]>}} */
const WORDS = { lang: "en", strings: {} };

/** Take the language and the table a model carries (call it when a widget is drawn). @param {any} model */
function useWords(model) {
  WORDS.lang = model.get("lang") || "en";
  WORDS.strings = model.get("strings") || {};
}

/** @param {string} text @param {Record<string, any>} [params] */
function fillIn(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** @param {string} msgid @param {number} form */
function lookUp(msgid, form) {
  if (WORDS.lang === "en") return null;
  const found = WORDS.strings[msgid];
  if (found === undefined) {
    console.error(`no ${WORDS.lang} words for ${JSON.stringify(msgid)}`);
    return null;
  }
  return Array.isArray(found) ? found[Math.min(form, found.length - 1)] : found;
}

/** `msgid` in the widget's language, `{name}` fields filled from `params`.
 * @param {string} msgid @param {Record<string, any>} [params] */
function t(msgid, params) {
  return fillIn(lookUp(msgid, 0) ?? msgid, params);
}

/** The singular or plural text for `n` (also given as `{n}`), in the widget's language.
 * @param {string} singular @param {string} plural @param {number} n @param {Record<string, any>} [params] */
function tn(singular, plural, n, params) {
  const form = n === 1 ? 0 : 1;
  return fillIn(lookUp(singular, form) ?? (form ? plural : singular), { n: formatNumber(n), ...params });
}

/** A number the language's way: 1234.5 -> "1,234.5" / "1.234,5". @param {number} value @param {number} [digits] */
function formatNumber(value, digits = 0) {
  return value.toLocaleString(WORDS.lang === "es" ? "es-ES" : "en-US", {
    minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: "always",
  });
}
