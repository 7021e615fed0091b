// Copy buttons: a button with data-copy="<input id>" copies that input's link.
// With the clipboard API it writes the text and says "Copied"; without it (an address
// other than localhost or https, or a refused permission) it selects the link and says
// how to copy it by hand, so the link is always one keystroke away.
(function () {
  "use strict";

  function say(button, text) {
    var status = document.getElementById(button.dataset.copy + "-copied");
    if (status) {
      status.textContent = text;
    }
  }

  function selectByHand(button, input) {
    input.focus();
    input.select();
    input.setSelectionRange(0, input.value.length);
    say(button, "The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.");
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy]");
    if (!button) {
      return;
    }
    var input = document.getElementById(button.dataset.copy);
    if (!input) {
      return;
    }
    if (!navigator.clipboard || !navigator.clipboard.writeText) {
      selectByHand(button, input);
      return;
    }
    navigator.clipboard.writeText(input.value).then(
      function () {
        say(button, "Copied.");
      },
      function () {
        selectByHand(button, input);
      }
    );
  });
})();
