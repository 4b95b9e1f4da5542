// stats-view.js: the Statistics dialog's content (#dlg-stats), drawn from state.stats =
// {record, key, confirm, kept, unread}: the stored record (js/stats.js), the level combination shown
// (null: all), whether Reset waits for its confirmation, whether this browser keeps data at all,
// whether the last read failed (figures unknown: no zeros, no Reset).

import { t, formatCount } from "./i18n.js";
import { LEVEL_KEYS } from "./state.js";
import { damaged, levelKeys, summary } from "./stats.js";
import { el, headerCell } from "./dom.js";

// A level combination is shown as its three levels in the seats' order, "Normal · Normal · Hard"
// for a levels key "normal,normal,hard": short enough for a 360 px phone's picker in every
// language. The order itself ("West · North · East") is said once, under the picker's label
// (and so in its accessible name).
const JOIN = " · ";

/** "Normal · Normal · Hard" for a levels key "normal,normal,hard" (West, North, East). */
export function levelsLabel(key) {
  return key.split(",").map((l) => t(Object.hasOwn(LEVEL_KEYS, l) ? LEVEL_KEYS[l] : "level_normal")).join(JOIN);
}

/** "West · North · East": the order of levelsLabel's levels. */
function seatsOrder() {
  return [t("seat_name_west"), t("seat_name_north"), t("seat_name_east")].join(JOIN);
}

/** A figure in the language's digits and grouping ("12,345", "3.5"), or "–" for none yet. */
function number(x, digits = 0) {
  if (x === null || x === undefined) return "–";
  return formatCount(x, digits);
}

export function statsContent(stats) {
  const out = [];
  if (!stats) return out;
  if (!stats.kept) out.push(el("p", "notice-text", t("stats_not_kept")));
  // a read that failed (the disk, the browser): nothing to show, and nothing is lost
  if (stats.unread) return [...out, el("p", "notice-text", t("stats_read_failed"))];
  // a record this build cannot read: counted afresh from the next deal (a copy is kept aside)
  if (damaged(stats.record)) out.push(el("p", "notice-text", t("stats_damaged")));
  const keys = levelKeys(stats.record);
  const field = el("label", "field stats-levels");
  const caption = el("span", "stats-levels-caption");
  caption.append(el("span", "", t("stats_levels_label")), " ", el("span", "stats-levels-order", seatsOrder()));
  field.append(caption);
  const select = el("select");
  select.id = "stats-levels";
  select.dataset.intent = "stats-levels";
  const all = el("option", "", t("stats_all_levels"));
  all.value = "";
  select.append(all);
  for (const k of keys) {
    const o = el("option", "", levelsLabel(k));
    o.value = k;
    select.append(o);
  }
  select.value = stats.key && keys.includes(stats.key) ? stats.key : "";
  field.append(select);
  out.push(field);

  const s = summary(stats.record, select.value || null);
  if (!s.deals && !s.matches && !s.reviewed) out.push(el("p", "muted", t("stats_empty")));
  const table = el("table", "stats-table");
  const body = el("tbody");
  const line = (key, value, name) => {
    const tr = el("tr");
    const th = headerCell("row", t(key));
    const td = el("td", "num", value);
    td.dataset.stat = name;
    tr.append(th, td);
    body.append(tr);
  };
  line("stats_matches", number(s.matches), "matches");
  line("stats_won", number(s.won), "won");
  line("stats_deals", number(s.deals), "deals");
  line("stats_taken", number(s.taken), "taken");
  line("stats_made", number(s.made), "made");
  line("stats_failed", number(s.failed), "failed");
  line("stats_capots", number(s.capots), "capots");
  line("stats_points", number(s.pointsPerDeal, 1), "points");
  line("stats_reviewed", number(s.reviewed), "reviewed");
  line("stats_loss", number(s.lossPerDecision, 1), "loss");
  table.append(body);
  out.push(table);
  return out;
}
