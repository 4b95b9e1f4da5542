// How the views build elements: one helper for a node, and one for table headers, so every
// table gives screen readers the same scopes.

/** A new element with an optional class and text (set as textContent: never parsed as HTML). */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A header cell for a column (scope "col") or a row (scope "row"). */
export function headerCell(scope, text, className) {
  const th = el("th", className, text);
  th.scope = scope;
  return th;
}

/** A table's <thead>: one row of column headers, after an empty corner cell when ``corner``
 * (the column above the row headers). */
export function tableHead(labels, corner = false) {
  const row = el("tr");
  if (corner) row.append(el("td"));
  for (const label of labels) row.append(headerCell("col", label));
  const thead = el("thead");
  thead.append(row);
  return thead;
}
