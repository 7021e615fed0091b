/* Live updates for the console's encounter page (issue 6: "every open page updates over
 * the WebSocket within a second of a committed event, and recovers after a dropped
 * connection without reloading by hand").
 *
 * The page marks the part that follows an encounter:
 *   <div data-live-encounter="{eid}" data-live-version="{version}" hx-get="..."
 *        hx-trigger="tk:changed from:body">
 * This script opens the API's WebSocket /api/encounters/{eid}/live?after={version}. The
 * browser sends the console's cookie with it (same origin), which is the credential.
 * The server sends each new record the viewer may see, then a state message; on a state
 * message at a new version this script dispatches "tk:changed" on document.body (at most
 * once per animation frame, and only if the table on the page does not show that version
 * already: the viewer's own command's answer brings it) and htmx re-fetches the table.
 * News that comes while one of the table's own requests is on its way (the news of the
 * viewer's own command can outrun its answer) waits for that request to end, then is
 * checked again. While news waits so, or for its frame, root carries data-live-pending.
 * It remembers the last record covered, and when the connection drops it reconnects
 * with exponential backoff (up to 5 s) asking only for what came after. The connection's state ("live",
 * "reconnecting", "offline") is shown in an element with role="status".
 *
 * A refresh swaps the whole table, so while someone is filling in one of its forms (a
 * GM's damage form, an override: focus in a field, or a value changed and not yet sent)
 * the refresh is held: the status says news is waiting and offers "Show it now", and the
 * table refreshes by itself once the form is sent or left unchanged.
 *
 * Plain JavaScript, no library: nothing here needs htmx except the event it listens for.
 */
(function () {
  "use strict";

  var FIRST_DELAY_MS = 250;
  var MAX_DELAY_MS = 5000;
  // Close codes the server uses to refuse a socket (4000 + the HTTP status): retrying
  // cannot help, the page needs a new link or a reload.
  var REFUSED = { 4401: "the link is no longer valid", 4403: "not allowed", 4404: "no such encounter", 4422: "bad request" };

  function follow(root) {
    var encounter = root.getAttribute("data-live-encounter");
    var last = Number(root.getAttribute("data-live-version")) || 0; // last record covered
    var shown = last; // the version the page shows
    var status = statusElement(root);
    var socket = null;
    var failures = 0;
    var retry = null;
    var frame = null;

    function show(state, detail) {
      status.setAttribute("data-state", state);
      status.textContent = detail ? state + ": " + detail : state;
    }

    var held = false; // news arrived while a form of the table was being filled in

    // One "tk:changed" per animation frame, however many messages arrived in it; held
    // while someone is filling in a form the refresh would throw away (unless forced).
    function changed(force) {
      if (!force && editing()) {
        hold();
        return;
      }
      if (frame !== null || waiting) return;
      root.setAttribute("data-live-pending", "");
      frame = window.requestAnimationFrame(function () {
        frame = null;
        // The news of the viewer's own command can come before its answer: wait for the
        // answer, which swaps that version in. Fetching it again would close a GM tool
        // just opened and double the page weight.
        if (inFlight()) {
          waiting = true;
          return;
        }
        root.removeAttribute("data-live-pending");
        if (tableVersion() >= shown) return;
        document.body.dispatchEvent(new CustomEvent("tk:changed", { detail: { version: shown } }));
      });
    }

    var waiting = false; // news waits for a request of the table's to end

    function inFlight() {
      return root.classList.contains("htmx-request") || root.querySelector(".htmx-request") !== null;
    }

    root.addEventListener("htmx:afterRequest", function () {
      if (!waiting) return;
      waiting = false;
      root.removeAttribute("data-live-pending");
      window.setTimeout(function () { changed(false); }, 0); // once the request has let go
    });

    // The version of the table on the page (NaN when there is none).
    function tableVersion() {
      var table = root.querySelector("[data-table-version]");
      return table ? Number(table.getAttribute("data-table-version")) : NaN;
    }

    // Whether a form inside root has the focus in one of its fields, or a field whose
    // value differs from the one the page was rendered with.
    function editing() {
      var active = document.activeElement;
      if (active && root.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName) &&
          !/^(submit|button|hidden)$/.test(active.type) &&
          !active.hasAttribute("data-live-ignore")) return true;
      var fields = root.querySelectorAll("form input, form select, form textarea, [data-live-keep]");
      for (var i = 0; i < fields.length; i += 1) {
        var field = fields[i];
        if (/^(submit|button|hidden)$/.test(field.type)) continue;
        if (field.type === "checkbox" || field.type === "radio") {
          if (field.checked !== field.defaultChecked) return true;
        } else if (field.tagName === "SELECT") {
          if (field.selectedIndex !== defaultIndex(field)) return true;
        } else if (field.value !== field.defaultValue) {
          return true;
        }
      }
      return false;
    }

    // The option a select shows when rendered: the one marked selected, else the first.
    function defaultIndex(select) {
      for (var i = 0; i < select.options.length; i += 1) {
        if (select.options[i].defaultSelected) return i;
      }
      return select.options.length ? 0 : -1;
    }

    function hold() {
      held = true;
      status.setAttribute("data-state", "held");
      status.textContent = "live: new events are waiting while you fill in the form ";
      var now = document.createElement("button");
      now.type = "button";
      now.textContent = "Show them now";
      now.title = "Refresh the table; what you typed is lost";
      now.addEventListener("click", function () { release(true); }); // discards the form
      status.appendChild(now);
    }

    function release(force) {
      held = false;
      show("live");
      changed(force);
    }

    // Leaving a form unchanged, or sending it (its answer swaps the table in), lets the
    // waiting news through.
    root.addEventListener("focusout", function () {
      window.setTimeout(function () { if (held && !editing()) release(false); }, 0);
    });
    root.addEventListener("htmx:afterSwap", function () {
      // The table swapped in (the viewer's own command's answer, or a refresh) shows its
      // version: the socket's news of that version needs no second fetch.
      var swapped = tableVersion();
      if (swapped > shown) shown = swapped;
      if (held) release(false); // the sent form's answer may predate the news: fetch it
    });

    function connect() {
      retry = null;
      var scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
      var url = scheme + "//" + window.location.host + "/api/encounters/" +
        encodeURIComponent(encounter) + "/live?after=" + last;
      socket = new WebSocket(url);
      socket.onmessage = function (event) {
        var message;
        try { message = JSON.parse(event.data); } catch (error) { return; }
        if (message.type === "record") {
          last = Math.max(last, message.sequence);
        } else if (message.type === "state") {
          failures = 0; // the server answered: the next drop starts the backoff afresh
          if (!held) show("live");
          // Every record up to this version the viewer may see has been sent.
          last = Math.max(last, message.version);
          root.setAttribute("data-live-version", String(message.version));
          if (message.version !== shown) {
            shown = message.version;
            changed();
          }
        }
      };
      socket.onclose = function (event) {
        socket = null;
        if (REFUSED[event.code]) {
          show("offline", REFUSED[event.code]);
          return;
        }
        schedule();
      };
      // An error is always followed by close, which decides what to do.
    }

    function schedule() {
      if (retry !== null) return;
      if (navigator.onLine === false) {
        show("offline");
        return; // the "online" event reconnects
      }
      show("reconnecting");
      var delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * Math.pow(2, failures));
      failures += 1;
      // A little jitter, so a restarted server is not hit by every page at once.
      retry = window.setTimeout(connect, delay * (0.75 + Math.random() * 0.25));
    }

    window.addEventListener("online", function () {
      if (socket === null) {
        window.clearTimeout(retry);
        retry = null;
        failures = 0;
        connect();
      }
    });
    window.addEventListener("offline", function () {
      if (socket !== null) socket.close();
    });

    show("reconnecting");
    connect();
  }

  // The status element: the page's own [data-live-status], or one made before root (or
  // before root's parent, when that is a grid or flex layout a new cell would upset).
  function statusElement(root) {
    var status = document.querySelector("[data-live-status]");
    if (status === null) {
      status = document.createElement("p");
      status.setAttribute("data-live-status", "");
      var before = root;
      var display = window.getComputedStyle(root.parentNode).display;
      if (/grid|flex/.test(display) && root.parentNode !== document.body) before = root.parentNode;
      before.parentNode.insertBefore(status, before);
    }
    status.setAttribute("role", "status");
    status.classList.add("live-status");
    return status;
  }

  function start() {
    var roots = document.querySelectorAll("[data-live-encounter]");
    for (var i = 0; i < roots.length; i += 1) follow(roots[i]);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
