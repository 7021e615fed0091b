// The balance lab (lab.html): a number picked from a form's list puts its line in the
// vary box, in place of a line that varies the same field, else after the others.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-vary-line]");
  if (!button) return;
  const box = document.getElementById(button.dataset.varyTarget);
  if (!box) return;
  const line = button.dataset.varyLine;
  const field = line.split("=")[0];
  const lines = box.value.split("\n").map((text) => text.trim()).filter((text) => text);
  const same = lines.findIndex((text) => text.split("=")[0].trim() === field);
  if (same >= 0) lines[same] = line;
  else lines.push(line);
  box.value = lines.join("\n");
  box.rows = Math.max(2, lines.length);
  box.focus();
});
