// Aims on the map (_map_aims.html): choose a command, and the squares it reaches and may
// be aimed at light up on the map; pointing at (or moving the cursor to) one shows what
// it would cover and whom it would take; a click, or Enter on the cursor, plays that
// square's command through the aim form (htmx posts it and swaps the table). While a
// command is chosen the map's clicks and keys are the aim's (these listeners capture
// them before map.js's). Everything shown is the ruleset's (the JSON the partial writes).
(function () {
  "use strict";
  if (window.tkMapAimsReady) {
    return;
  }
  window.tkMapAimsReady = true;
  var chosen = null; // the aim chosen: {key, name, reach, points: {"x,y": point}}
  var cursor = null; // [x, y] of the keyboard's cursor while aiming
  var kept = null; // the aim's key chosen when a swap began, chosen again after it

  function grid() {
    return document.querySelector("#table [data-map]");
  }
  function aims() {
    var data = document.querySelector("#table [data-map-aims-data]");
    if (!data) return {};
    var found = {};
    JSON.parse(data.textContent).forEach(function (aim) {
      var points = {};
      aim.points.forEach(function (point) { points[point.square.join(",")] = point; });
      found[aim.key] = {key: aim.key, name: aim.name, reach: aim.reach, points: points};
    });
    return found;
  }
  function status(text) {
    var line = document.querySelector("#table [data-map-status]");
    if (line) line.textContent = text;
  }
  function at(xy) {
    var map = grid();
    return map ? map.querySelector('.map-sq[data-x="' + xy[0] + '"][data-y="' + xy[1] + '"]') : null;
  }
  function squareOf(element) {
    var sq = element && element.closest ? element.closest("#table .map-sq") : null;
    return sq ? [Number(sq.getAttribute("data-x")), Number(sq.getAttribute("data-y"))] : null;
  }
  function clear(names) {
    var map = grid();
    if (!map) return;
    names.forEach(function (name) {
      map.querySelectorAll(".map-sq." + name).forEach(function (sq) { sq.classList.remove(name); });
    });
  }
  function light(name, squares) {
    squares.forEach(function (xy) { var sq = at(xy); if (sq) sq.classList.add(name); });
  }
  function tokenSquare(actor) {
    var token = document.getElementById("map-token-" + actor);
    return token ? token.closest(".map-sq") : null;
  }
  function show(xy) { // what the aim would do at xy, on the map and in the status line
    clear(["aim-area", "aim-hit"]);
    var point = xy && chosen.points[xy.join(",")];
    if (!point) {
      if (xy) status("(" + xy[0] + ", " + xy[1] + "): " + chosen.name + " cannot be aimed here.");
      return;
    }
    light("aim-area", point.covers);
    point.takes.forEach(function (actor) { var sq = tokenSquare(actor); if (sq) sq.classList.add("aim-hit"); });
    status(point.words + ". Click or press Enter to use it.");
  }
  function moveCursor(xy) {
    clear(["aim-cursor"]);
    cursor = xy;
    var sq = xy && at(xy);
    if (sq) sq.classList.add("aim-cursor");
  }
  function buttons() { return document.querySelectorAll("#table [data-map-aim]"); }
  function choose(key) {
    var all = aims();
    chosen = key && all[key] ? all[key] : null;
    buttons().forEach(function (b) { b.setAttribute("aria-pressed", chosen && b.getAttribute("data-map-aim") === key ? "true" : "false"); });
    clear(["aim-reach", "aim-point", "aim-area", "aim-hit", "aim-cursor"]);
    cursor = null;
    if (!chosen) return;
    light("aim-reach", chosen.reach);
    var keys = Object.keys(chosen.points);
    light("aim-point", keys.map(function (k) { return k.split(",").map(Number); }));
    var acting = document.querySelector("#table .map-token.acting");
    var start = acting ? squareOf(acting) : (keys.length ? keys[0].split(",").map(Number) : null);
    moveCursor(start);
    status(chosen.name + ": " + keys.length + (keys.length === 1 ? " square" : " squares") + " to aim at" +
      (keys.length ? "; arrow keys move the cursor, Enter uses it there, Escape lets go." : "."));
    if (start && chosen.points[start.join(",")]) show(start);
  }
  function letGo(text) {
    choose(null);
    if (text !== undefined) status(text);
  }
  function play(xy) {
    var point = chosen.points[xy.join(",")];
    if (!point) {
      show(xy);
      return false;
    }
    var form = document.querySelector("#table [data-map-aim-form]");
    if (!form) return false;
    form.querySelector("[data-map-aim-command]").value = JSON.stringify(point.command);
    form.querySelector("[data-map-aim-submit]").textContent = point.words;
    status("Using " + point.words + ".");
    chosen = null;
    form.requestSubmit();
    return true;
  }

  document.addEventListener("click", function (event) {
    if (!(event.target instanceof Element)) return;
    var button = event.target.closest("#table [data-map-aim]");
    if (button) {
      var key = button.getAttribute("data-map-aim");
      if (chosen && chosen.key === key) letGo("Let go.");
      else choose(key);
      return;
    }
    if (!chosen || !grid() || !grid().contains(event.target)) return;
    var xy = squareOf(event.target);
    if (!xy) return;
    event.stopPropagation(); // the aim's, not the map's choosing of a token
    event.preventDefault();
    moveCursor(xy);
    play(xy);
  }, true);

  document.addEventListener("keydown", function (event) {
    var map = document.querySelector("#table #map");
    if (!chosen || !grid() || !map || !(event.target instanceof Node) || !map.contains(event.target)) return;
    var steps = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
    if (steps[event.key] && cursor) {
      var next = [cursor[0] + steps[event.key][0], cursor[1] + steps[event.key][1]];
      event.preventDefault();
      event.stopPropagation();
      if (!at(next)) return;
      moveCursor(next);
      show(next);
    } else if (event.key === "Enter" && cursor) {
      event.preventDefault();
      event.stopPropagation();
      play(cursor);
    } else if (event.key === "Escape") {
      event.stopPropagation();
      letGo("Let go.");
    }
  }, true);

  document.addEventListener("mouseover", function (event) {
    if (!chosen || !grid() || !(event.target instanceof Element) || !grid().contains(event.target)) return;
    var xy = squareOf(event.target);
    if (!xy) return;
    event.stopPropagation(); // the status line says the aim's words, not the map's
    show(xy);
  }, true);

  // A live refresh swaps the table under an aim being chosen: the same aim, if it is
  // still offered, is chosen again on the new map (a played aim was let go).
  document.body.addEventListener("htmx:beforeSwap", function () {
    kept = chosen ? chosen.key : null;
  });
  document.body.addEventListener("htmx:afterSwap", function () {
    var key = kept;
    kept = null;
    chosen = null;
    if (key && aims()[key]) {
      choose(key);
      var button = document.querySelector('#table [data-map-aim="' + key + '"]');
      if (button) button.focus();
    }
  });
})();
