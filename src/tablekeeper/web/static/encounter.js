// A clock's play / pause control (the GM's), for a ruleset panel with data-play and data-step. Step is a plain form (it works
// without JavaScript); Play submits that form once a second until paused, until a
// decision is pending, or while the page is hidden. The control lives inside the table
// fragment that htmx swaps, so the playing state is kept here and redrawn after a swap.
(function () {
  "use strict";
  var playing = false;
  var busy = false;
  var timer = null;

  function stepForm() {
    return document.querySelector("#table form[data-step]");
  }

  function pending() {
    return document.querySelector("#table [data-pending]") !== null;
  }

  function draw(reason) {
    var button = document.querySelector("#table [data-play]");
    var status = document.querySelector("#table [data-play-status]");
    if (button) {
      button.hidden = false;
      button.textContent = playing ? "Pause" : "Play";
      button.setAttribute("aria-pressed", playing ? "true" : "false");
    }
    if (status) {
      status.textContent = reason || (playing ? "Playing: one second each second." : "");
    }
  }

  function stop(reason) {
    playing = false;
    if (timer !== null) {
      window.clearInterval(timer);
      timer = null;
    }
    draw(reason);
  }

  function tick() {
    if (!playing || busy || document.hidden) {
      return;
    }
    if (pending()) {
      stop("Paused: a decision is pending.");
      return;
    }
    var form = stepForm();
    var button = form && form.querySelector("button");
    if (!form || !button || button.disabled) {
      stop("Paused: time cannot advance now.");
      return;
    }
    busy = true;
    form.requestSubmit();
  }

  function start() {
    playing = true;
    draw();
    timer = window.setInterval(tick, 1000);
    tick();
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target instanceof Element && target.closest("[data-play]")) {
      if (playing) {
        stop("Paused.");
      } else {
        start();
      }
    }
  });

  document.addEventListener("visibilitychange", function () {
    if (document.hidden && playing) {
      stop("Paused: the page was hidden.");
    }
  });

  document.body.addEventListener("htmx:afterRequest", function () {
    busy = false;
  });
  // Who is in which life state (each card says its actor's in data-life): Play pauses
  // when one changes, so the GM sees a creature go down before time runs on.
  function lives() {
    var found = {};
    var cards = document.querySelectorAll("#table [data-card][data-life]");
    for (var i = 0; i < cards.length; i += 1) {
      found[cards[i].getAttribute("data-card")] = cards[i].getAttribute("data-life");
    }
    return found;
  }

  function changedLife(before, after) {
    for (var key in after) {
      if (Object.prototype.hasOwnProperty.call(after, key) && before[key] && before[key] !== after[key]) {
        var head = document.getElementById("card-" + key + "-name");
        return (head ? head.textContent : key) + " is now " + after[key];
      }
    }
    return null;
  }

  var seen = lives();

  document.body.addEventListener("htmx:afterSettle", function () {
    draw();
    var now = lives();
    var changed = changedLife(seen, now);
    seen = now;
    if (playing && changed) {
      stop("Paused: " + changed + ".");
    } else if (playing && pending()) {
      stop("Paused: a decision is pending.");
    } else if (playing && document.querySelector("#table .error")) {
      // A refused step (faces that do not fit it, say) would be refused again each second.
      stop("Paused: the last step was refused.");
    }
  });

  draw();
})();

// The table's filters (shown only with JavaScript: without it everything is listed): the
// commands panel's "Show the commands of" (the GM's own commands always show) and the
// log's "Show what names" (the entries whose sentences name the creature). Each choice
// is kept for the encounter in sessionStorage and applied again after each swap.
(function () {
  "use strict";
  var filters = [
    {
      box: "[data-command-filter]",
      items: ".command-group[data-actor]",
      shown: function (item, chosen) {
        var actor = item.getAttribute("data-actor");
        return actor === "gm" || actor === chosen;
      },
    },
    {
      box: "[data-log-filter]",
      items: ".log-entry[data-mentions]",
      shown: function (item, chosen) {
        return (item.getAttribute("data-mentions") || "").split(" ").indexOf(chosen) >= 0;
      },
    },
  ];

  function key(filter) {
    return "tk:" + filter.box + ":" + window.location.pathname;
  }

  function apply() {
    filters.forEach(function (filter) {
      var box = document.querySelector("#table " + filter.box);
      if (!box) return;
      var select = box.querySelector("select");
      var chosen = window.sessionStorage.getItem(key(filter)) || "";
      if (!Array.prototype.some.call(select.options, function (o) { return o.value === chosen; })) {
        chosen = "";
      }
      box.hidden = false;
      select.value = chosen;
      var items = document.querySelectorAll("#table " + filter.items);
      for (var i = 0; i < items.length; i += 1) {
        items[i].hidden = chosen !== "" && !filter.shown(items[i], chosen);
      }
    });
  }

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    filters.forEach(function (filter) {
      if (target.closest(filter.box)) {
        window.sessionStorage.setItem(key(filter), target.value);
        apply();
      }
    });
  });
  document.addEventListener("htmx:afterSwap", apply);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", apply);
  } else {
    apply();
  }
})();

// Keyboard shortcuts for the GM at the table (none while typing in a field): s steps the
// clock, u undoes (the buttons say so with aria-keyshortcuts).
(function () {
  "use strict";
  var keys = {
    s: "#table form[data-step] button",
    u: "#table form[action$='/undo'] button",
  };

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    var target = event.target;
    if (target instanceof Element && target.closest("input, select, textarea, [contenteditable]")) {
      return;
    }
    var selector = keys[event.key];
    var button = selector && document.querySelector(selector);
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  });
})();

// Rolling at the table, die by die (_table_roll.html): Escape cancels (even from the
// die's input), and the input of each die asked has the focus once htmx swaps it in.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || event.altKey || event.ctrlKey || event.metaKey) return;
    var cancel = document.getElementById("table-roll-cancel");
    if (cancel) {
      event.preventDefault();
      cancel.click();
    }
  });
  // htmx gives the focus back to the element of the same id as soon as a swap lands, but
  // wires the new content's forms only when the swap settles (20 ms on): Enter pressed in
  // that gap (the next die typed fast) sent the form natively, a full page load that lost
  // the dice shown. A form sent before htmx has wired it is wired at once and sent again.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!window.htmx || !(form instanceof HTMLFormElement) || !form.hasAttribute("hx-post")) return;
    var added = form.closest("." + window.htmx.config.addedClass);
    if (!added) return;
    event.preventDefault();
    event.stopPropagation();
    var submitter = event.submitter;
    added.classList.remove(window.htmx.config.addedClass); // sent again, it goes through
    window.htmx.process(added);
    window.setTimeout(function () {
      if (submitter) submitter.click();
      else form.requestSubmit();
    }, 0);
  }, true);
  // A swap of the table keeps the page where the GM was reading (Chromium left it at the
  // very bottom, on the log, after every command), and after the GM's own write the
  // outcome it surfaces is brought into view when it stands above the window.
  var kept = null;
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "table") {
      var config = event.detail.requestConfig;
      kept = { y: window.scrollY, wrote: !!config && config.verb !== "get" };
    }
  });
  document.body.addEventListener("htmx:afterSwap", function (event) {
    if (kept === null || !event.detail.target || event.detail.target.id !== "table") return;
    var was = kept;
    kept = null;
    window.scrollTo(window.scrollX, was.y);
    var outcome = document.getElementById("outcome");
    if (was.wrote && outcome && outcome.getBoundingClientRect().top < 0) {
      outcome.scrollIntoView({ block: "start" });
    }
  });
  // The dice a write rolled at the table are shown once, in its answer; a live refresh
  // of that same version (the news of the write itself) keeps them.
  var rolled = null;
  document.body.addEventListener("htmx:afterSettle", function () {
    var die = document.getElementById("table-roll-die");
    if (die && document.activeElement !== die) die.focus();
    var table = document.querySelector("#table [data-table-version]");
    var version = table ? table.getAttribute("data-table-version") : null;
    var dice = document.querySelector("#outcome .outcome-dice");
    var outcome = document.getElementById("outcome");
    if (dice) {
      rolled = { version: version, html: dice.outerHTML };
    } else if (rolled && outcome && rolled.version === version) {
      outcome.querySelector("h3").insertAdjacentHTML("afterend", rolled.html);
    } else {
      rolled = null;
    }
  });
})();
