// The sheet form's tables (skills, weapons): "Add a row" copies the last row, empty, with
// the next number in its names; "Remove" takes a row away (the last one is only emptied).
// Without this script the form still works: blank rows are there, a blank row is dropped.
(function () {
  "use strict";

  function show(root) {
    root.querySelectorAll(".sheet-table button[hidden]").forEach(function (button) {
      button.hidden = false;
    });
  }

  function renumber(element, table, from, to) {
    var name = table.dataset.name, id = table.dataset.id;
    ["name", "id", "for", "aria-describedby"].forEach(function (attribute) {
      var value = element.getAttribute(attribute);
      if (value === null) return;
      value = value.split(name + "." + from + ".").join(name + "." + to + ".");
      if (value === name + "." + from) value = name + "." + to;
      value = value.split(id + "-" + from).join(id + "-" + to);
      element.setAttribute(attribute, value);
    });
  }

  function clear(row) {
    row.querySelectorAll("input").forEach(function (input) { input.value = ""; input.checked = false; input.removeAttribute("aria-invalid"); });
    row.querySelectorAll("select").forEach(function (select) { select.selectedIndex = 0; select.removeAttribute("aria-invalid"); });
    row.querySelectorAll("p.error").forEach(function (note) { note.remove(); });
    row.querySelectorAll(".has-error").forEach(function (field) { field.classList.remove("has-error"); });
  }

  function relabel(row, to) {
    // A generated form's rows (web/form_rows.py) number their labels in a .row-number.
    row.querySelectorAll(".row-number").forEach(function (number) {
      number.textContent = String(to + 1);
    });
    if (row.hasAttribute("aria-label")) {
      row.setAttribute("aria-label", row.getAttribute("aria-label").replace(/\d+$/, String(to + 1)));
    }
    row.querySelectorAll("label").forEach(function (label) {
      if (label.querySelector(".row-number")) return;
      label.textContent = label.textContent.replace(/\d+$/, String(to + 1));
    });
    row.querySelectorAll("button.remove-row").forEach(function (button) {
      var text = button.getAttribute("aria-label") || "";
      button.setAttribute("aria-label", text.replace(/\d+$/, String(to + 1)));
    });
  }

  function addRow(table) {
    var rows = table.querySelectorAll(".sheet-row");
    var most = Number(table.querySelector(".add-row").dataset.max || 0);
    if (most && rows.length >= most) return;  // the rules' most (two parties)
    var last = rows[rows.length - 1];
    var from = Number(last.dataset.row), to = from + 1;
    var row = last.cloneNode(true);
    row.dataset.row = String(to);
    row.querySelectorAll("[name], [id], [for], [aria-describedby]").forEach(function (element) {
      renumber(element, table, from, to);
    });
    clear(row);
    relabel(row, to);
    last.after(row);
    var first = row.querySelector("select, input");
    if (first) first.focus();
  }

  document.addEventListener("click", function (event) {
    var add = event.target.closest(".sheet-table .add-row");
    if (add) { addRow(add.closest(".sheet-table")); return; }
    var remove = event.target.closest(".sheet-table .remove-row");
    if (!remove) return;
    var row = remove.closest(".sheet-row"), table = remove.closest(".sheet-table");
    if (table.querySelectorAll(".sheet-row").length > 1) row.remove(); else clear(row);
  });

  document.addEventListener("DOMContentLoaded", function () { show(document); });
  document.addEventListener("htmx:load", function (event) { show(event.target); });
})();
