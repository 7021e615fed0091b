// The encounter table's map (_map.html): drag a token to a square, or choose it and move
// a cursor with the arrow keys; either fills in the map's one move form and submits it
// (htmx posts it and swaps the table). Distances from the chosen or dragged token show
// as the pointer or the cursor moves, counted as the board says (data-metric). The map
// lives in the table fragment htmx swaps, so every listener is on the document, once.
(function () {
  "use strict";
  if (window.tkMapReady) {
    return;
  }
  window.tkMapReady = true;
  var chosen = null; // the token button chosen (click, Enter) or dragged
  var cursor = null; // [x, y] of the keyboard's cursor
  var drag = null; // {token, from: [x, y], moved}
  var refocus = null; // the actor whose token the keyboard moved: focused again after the swap

  function grid() {
    return document.querySelector("#table [data-map]");
  }
  function status(text) {
    var line = document.querySelector("#table [data-map-status]");
    if (line) {
      line.textContent = text;
    }
  }
  function squareOf(element) {
    var sq = element && element.closest ? element.closest(".map-sq") : null;
    return sq ? [Number(sq.getAttribute("data-x")), Number(sq.getAttribute("data-y"))] : null;
  }
  function at(xy) {
    var map = grid();
    return map ? map.querySelector('.map-sq[data-x="' + xy[0] + '"][data-y="' + xy[1] + '"]') : null;
  }
  function distance(a, b) {
    var metric = grid().getAttribute("data-metric");
    var dx = Math.abs(a[0] - b[0]);
    var dy = Math.abs(a[1] - b[1]);
    if (metric === "manhattan") return dx + dy;
    if (metric === "alternating") return Math.max(dx, dy) + Math.floor(Math.min(dx, dy) / 2);
    if (metric === "euclidean") return Math.ceil(Math.hypot(dx, dy));
    return Math.max(dx, dy);
  }
  function inUnits(amount) {
    var map = grid();
    return amount + " " + map.getAttribute(amount === 1 ? "data-unit" : "data-units");
  }
  function describe(token, xy) {
    var from = squareOf(token);
    var there = at(xy);
    var other = there && there.querySelector(".map-token");
    var what = other && other !== token ? other.getAttribute("data-name") : "(" + xy[0] + ", " + xy[1] + ")";
    var wall = there && there.hasAttribute("data-wall") ? ", a wall" : "";
    return token.getAttribute("data-name") + " to " + what + wall + ": " + inUnits(distance(from, xy)) + ".";
  }
  function mark(name, xy) {
    var map = grid();
    if (!map) return;
    map.querySelectorAll(".map-sq." + name).forEach(function (sq) { sq.classList.remove(name); });
    var sq = xy && at(xy);
    if (sq) sq.classList.add(name);
  }
  // The move form mirrors the keyboard's cursor: what Enter would send is on the form,
  // and a live refresh waits while it differs from the page's (live.js, data-live-keep).
  function mirror(token, xy) {
    var form = document.querySelector("#table [data-map-form]");
    if (!form || !token || !token.hasAttribute("data-movable")) return;
    form.querySelector('[name="actor"]').value = token.getAttribute("data-actor");
    form.querySelector('[name="x"]').value = xy ? String(xy[0]) : "";
    form.querySelector('[name="y"]').value = xy ? String(xy[1]) : "";
  }
  function choose(token, keep) {
    var map = grid();
    map.querySelectorAll(".map-token").forEach(function (t) { t.setAttribute("aria-pressed", t === token ? "true" : "false"); });
    chosen = token;
    cursor = token ? (keep && at(keep) ? keep : squareOf(token)) : null;
    mark("cursor", cursor);
    if (token) {
      status(token.getAttribute("data-name") + " chosen: arrow keys move the cursor, Enter moves " +
        (token.hasAttribute("data-movable") ? "the token there" : "nothing (not yours to move)") + ", Escape lets go.");
    }
  }
  function letGo(text) {
    if (grid()) choose(null);
    chosen = null;
    cursor = null;
    mark("cursor", null);
    mark("over", null);
    if (text !== undefined) status(text);
  }
  function submit(token, xy) {
    if (!token.hasAttribute("data-movable")) {
      status(token.getAttribute("data-name") + " is not yours to move.");
      return;
    }
    var form = document.querySelector("#table [data-map-form]");
    if (!form) return;
    form.querySelector('[name="actor"]').value = token.getAttribute("data-actor");
    form.querySelector('[name="x"]').value = String(xy[0]);
    form.querySelector('[name="y"]').value = String(xy[1]);
    status("Moving " + describe(token, xy));
    form.requestSubmit();
  }

  document.addEventListener("click", function (event) {
    var token = event.target instanceof Element ? event.target.closest("#table .map-token") : null;
    if (!token) return;
    if (drag && drag.moved) return; // the drag's own pointerup decided
    choose(chosen === token ? null : token);
    if (!chosen) status("");
  });

  document.addEventListener("keydown", function (event) {
    if (!chosen || !grid() || !document.body.contains(chosen)) return;
    var steps = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
    if (steps[event.key]) {
      var next = [cursor[0] + steps[event.key][0], cursor[1] + steps[event.key][1]];
      if (!at(next)) return;
      event.preventDefault();
      cursor = next;
      mark("cursor", cursor);
      mirror(chosen, cursor);
      status(describe(chosen, cursor));
    } else if (event.key === "Enter" && event.target === chosen) {
      var from = squareOf(chosen);
      if (cursor[0] === from[0] && cursor[1] === from[1]) return; // Enter chose it: the click
      event.preventDefault();
      refocus = chosen.getAttribute("data-actor");
      submit(chosen, cursor);
    } else if (event.key === "Escape") {
      mirror(chosen, null);
      letGo("Let go.");
    }
  });

  document.addEventListener("mouseover", function (event) {
    if (drag || !grid() || !(event.target instanceof Element) || !grid().contains(event.target)) return;
    var xy = squareOf(event.target);
    if (!xy) return;
    if (!chosen) { // where the pointer is, for the move form's x and y
      var token = at(xy).querySelector(".map-token");
      status("(" + xy[0] + ", " + xy[1] + ")" + (token ? ": " + token.getAttribute("data-name") : ""));
      return;
    }
    mark("over", xy);
    status(describe(chosen, xy));
  });

  document.addEventListener("pointerdown", function (event) {
    var token = event.target instanceof Element ? event.target.closest("#table .map-token[data-movable]") : null;
    if (!token || event.button !== 0) return;
    drag = {token: token, from: squareOf(token), moved: false};
    token.setPointerCapture(event.pointerId);
  });

  document.addEventListener("pointermove", function (event) {
    if (!drag) return;
    var xy = squareOf(document.elementFromPoint(event.clientX, event.clientY));
    if (!xy) return;
    if (xy[0] !== drag.from[0] || xy[1] !== drag.from[1]) {
      drag.moved = true;
      drag.token.classList.add("dragging");
    }
    mark("over", xy);
    status(describe(drag.token, xy));
  });

  document.addEventListener("pointerup", function (event) {
    if (!drag) return;
    var done = drag;
    var xy = squareOf(document.elementFromPoint(event.clientX, event.clientY));
    done.token.classList.remove("dragging");
    mark("over", null);
    window.setTimeout(function () { drag = null; }, 0); // after the click it causes
    if (done.moved && xy && (xy[0] !== done.from[0] || xy[1] !== done.from[1])) {
      submit(done.token, xy);
    }
  });

  document.addEventListener("pointercancel", function () {
    if (drag) drag.token.classList.remove("dragging");
    drag = null;
    mark("over", null);
  });

  // After a swap (a write's answer, or a live refresh) the map is new: the token just
  // moved by the keyboard, or the one that had the focus, gets it back; a token still
  // being aimed stays chosen.
  var focused = null; // the token that had the focus when a swap began
  document.body.addEventListener("htmx:beforeSwap", function () {
    var active = document.activeElement;
    focused = active && active.matches && active.matches("#table .map-token") ? active.getAttribute("data-actor") : null;
  });
  document.body.addEventListener("htmx:afterSwap", function () {
    var actor = refocus || (chosen && chosen.getAttribute("data-actor")) || focused;
    var keep = refocus ? null : cursor;
    var token = actor && document.getElementById("map-token-" + actor);
    chosen = null;
    cursor = null;
    if (token && grid()) {
      if (!refocus && keep) choose(token, keep);
      token.focus();
    }
    refocus = null;
    focused = null;
  });
})();
