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
  box.dispatchEvent(new Event("input", { bubbles: true })); // as typed: its error goes
  box.focus();
});

// The errors of a refusal within ``scope`` (a form, or one field), taken down: each
// message, what pointed at it (aria-describedby), the fields' marks.
function takeDownErrors(scope) {
  scope.querySelectorAll("p.error").forEach((message) => {
    scope.querySelectorAll("[aria-describedby]").forEach((input) => {
      const left = input.getAttribute("aria-describedby").split(/\s+/).filter((id) => id !== message.id);
      if (left.length) input.setAttribute("aria-describedby", left.join(" "));
      else input.removeAttribute("aria-describedby");
    });
    message.remove();
  });
  [scope, ...scope.querySelectorAll(".has-error")].forEach((field) => field.classList.remove("has-error"));
  scope.querySelectorAll("[aria-invalid]").forEach((input) => input.removeAttribute("aria-invalid"));
}

// A lab form sent again takes down the errors of its last refusal: the answer of a run
// that starts swaps in the run only, so they would stay beside fields now right.
document.addEventListener("htmx:beforeRequest", (event) => {
  const form = event.target.closest("#lab-simulate, #lab-sweep");
  if (!form || event.detail.requestConfig.verb !== "post") return;
  if (event.detail.requestConfig.path.endsWith("/stop")) return; // the busy note's Stop
  takeDownErrors(form);
  document.querySelectorAll("#main .error-summary").forEach((summary) => summary.remove());
});

// A field changed after a refusal takes down its own error: the other form's refusal
// redraws that form alone, so an error beside a field since put right stayed there, saying
// why its old value was refused (designer's walkthrough).
document.addEventListener("input", (event) => {
  const field = event.target.closest("#lab-simulate .has-error, #lab-sweep .has-error");
  if (field) takeDownErrors(field);
});

// The busy note's Stop answered: the run it stopped shows below, and the note goes.
document.addEventListener("htmx:afterRequest", (event) => {
  const note = event.target.closest(".lab-busy");
  if (note && event.detail.successful) note.remove();
});

// A refusal because the lab is busy shows beside the button pressed: brought into view
// (the page's forms are swapped in again and the view may have moved).
document.addEventListener("htmx:afterSettle", () => {
  const note = document.querySelector(".lab-busy");
  if (note) note.scrollIntoView({ block: "nearest" });
});
