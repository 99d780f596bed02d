// A table link that keeps scoring when the hall's network drops (issue 24).
//
// Online nothing changes: the page is the server's, its forms post through htmx. When a
// hand cannot reach the server (the browser says it is offline, or the post fails), the
// hand waits in the phone's storage (static/js/offline-queue.js) with its number and the
// match revision it was recorded on, and the page works out the next dealer, the targets
// and the cards to pass with the server's own rules, run in Pyodide by a worker
// (/t/rules-worker.js). Everything worked out so is marked as not yet confirmed by the
// server, and the server's own figures on the page are hidden meanwhile: a stale score is
// never shown as current. When the server answers again (the browser's "online", a retry
// every few seconds, the next visit, or the "Send now" button) the hands are sent in
// order through the table link's own form address, one at a time, each once: a hand the
// server already has (another phone sent it) comes back as the server's two entries, and
// the table chooses; a refused hand stays on the phone with the server's message (and,
// when its table was locked meanwhile and the server has another entry for it, both
// entries) until the table drops it.
//
// The service worker (/t/sw.js) keeps the page and its scripts so that it opens again
// without the server; it needs a secure context (https, or localhost). On a phone that
// reaches the laptop by plain http over the club's network there is none: the page keeps
// working offline as long as the tab stays open, and a reload needs the server.
(function () {
  "use strict";

  var root = document.getElementById("offline");
  if (!root || !window.OfflineQueue || !window.fetch) { return; }
  var Queue = window.OfflineQueue;
  var token = root.dataset.token;
  // The page's language, in the phone's own variant of it (en-GB writes 14:05).
  var lang = document.documentElement.lang || "en";
  if ((navigator.language || "").indexOf(lang) === 0) { lang = navigator.language; }
  var RETRY_MS = 5000;

  var table = null;        // offline.json as the server last sent it
  var queue = [];          // this table's waiting hands, lowest number first
  var offlineSince = null; // when the server stopped answering (ms), or null
  var derived = null;      // the rules' answer for the confirmed and waiting hands
  var rulesFailed = false;
  var sending = false;
  var retryTimer = null;
  var notice = "";         // the last thing that happened, said once
  var reported = 0;        // the count the server last heard from this phone
  var reloading = false;   // the server asked for its page again (a table locked meanwhile)
  var toShow = false;      // a hand came back refused or in conflict: bring it into view

  // -- words --------------------------------------------------------------------------

  function say(key, params) {
    var text = root.dataset["s" + key.charAt(0).toUpperCase() + key.slice(1)] || key;
    return text.replace(/%\((\w+)\)s/g, function (whole, name) {
      return params && name in params ? String(params[name]) : whole;
    });
  }

  function signed(value) {
    return value > 0 ? "+" + value : value < 0 ? "\u2212" + (-value) : "0";
  }

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) { made.className = className; }
    if (text !== undefined) { made.textContent = text; }
    return made;
  }

  // -- the rules, in a worker -------------------------------------------------------------

  var worker = null;
  var asked = 0;
  var waiting = {};

  function rules(op, payload) {
    if (!worker) {
      try {
        worker = new Worker(root.dataset.worker);
      } catch (error) {
        return Promise.reject(error);
      }
      worker.onmessage = function (event) {
        var answer = event.data;
        var done = waiting[answer.id];
        delete waiting[answer.id];
        if (answer.error) { root.dataset.rulesError = answer.error; }  // for whoever looks
        if (answer.loadedIn) {
          // How long Python took to start, and the memory it holds (bench/offline_phone.py).
          root.dataset.loadedIn = String(answer.loadedIn);
          root.dataset.wasmBytes = String(answer.wasmBytes);
        }
        if (done) { answer.ok ? done.resolve(answer.result) : done.reject(new Error(answer.error)); }
      };
      worker.onerror = function (event) {
        event.preventDefault();
        root.dataset.rulesError = event.message || "worker";
        Object.keys(waiting).forEach(function (id) {
          waiting[id].reject(new Error(event.message || "worker"));
          delete waiting[id];
        });
        worker = null;
      };
    }
    asked += 1;
    var id = asked;
    return new Promise(function (resolve, reject) {
      waiting[id] = { resolve: resolve, reject: reject };
      worker.postMessage({ id: id, op: op, payload: payload });
    });
  }

  function payload(extra) {
    var match = table.match;
    // The server's hands before the first one waiting here, then ours: when another
    // phone recorded that hand meanwhile, the table's own count goes on from ours until
    // it chooses.
    var confirmed = queue.length ? table.hands.slice(0, queue[0].number - 1) : table.hands;
    var hands = confirmed.concat(queue.map(function (item) { return item.input; }));
    var sent = {
      game: match.game, variant: match.variant, options: match.options,
      players: match.players, first_dealer: match.first_dealer, setup: match.setup,
      stopped: match.stopped, hands: hands,
    };
    return Object.assign(sent, extra || {});
  }

  // The rules' messages in the page's language (the server's catalogue, in the page).
  var translated = null;
  function ruleMessages() {
    if (translated === null) {
      var found = document.getElementById("offline-messages");
      try { translated = found ? JSON.parse(found.textContent) : {}; } catch (error) { translated = {}; }
    }
    return translated;
  }

  // The rules' refusal in the page's language where the server's catalogue has it.
  function refusalText(answer) {
    var params = answer.params || {};
    var template = ruleMessages()[answer.message] || answer.message;
    return template.replace(/%\((\w+)\)s/g, function (whole, name) {
      return name in params ? String(params[name]) : whole;
    });
  }

  // -- the server's answers -------------------------------------------------------------

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
    } catch (error) {
      return "";
    }
  }

  function fetchTable() {
    return fetch(root.dataset.json, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (!response.ok) { throw new Error("HTTP " + response.status); }
        // The service worker's copy is not the server answering.
        if (response.headers.get("X-Phone-Copy")) { throw new Error("offline"); }
        return response.json();
      })
      .then(function (data) {
        table = data;
        return save().then(function () { return data; });
      });
  }

  function save() {
    return Queue.saveTable({
      token: token, data: table, offlineSince: offlineSince, reported: reported,
      derived: derived, derivedFor: derived ? derivedFor : null,
    });
  }

  // What the rules' last answer was worked out from: the server's hands and ours. A page
  // opened again offline shows it at once, without starting Python.
  var derivedFor = null;
  function basis() {
    return (table ? table.revision : "") + ":" + queue.map(function (item) {
      return item.id + (item.input ? "" : "?");
    }).join(",");
  }

  function worked(answer) {
    derived = answer;
    derivedFor = basis();
    save();
  }

  function goOffline() {
    if (offlineSince === null) {
      offlineSince = Date.now();
      save();
      // Python starts when a hand needs it (a short blip costs the phone nothing), or at
      // once without a service worker, while the server may still hand it over.
      if (!keptByWorker()) { loadRules(); }
    }
    scheduleRetry();
    render();
  }

  function scheduleRetry() {
    if (retryTimer) { return; }
    retryTimer = setTimeout(function () {
      retryTimer = null;
      reconnect();
    }, RETRY_MS);
  }

  // Is the server there? Then send what waits.
  function reconnect() {
    return fetchTable().then(function () {
      var wasOffline = offlineSince !== null;
      offlineSince = null;
      save();
      report();
      if (wasOffline) { notice = say("back"); }
      return flush();
    }, function () {
      goOffline();
    });
  }

  // -- recording a hand without the server ----------------------------------------------

  function handForm() {
    return document.querySelector("form#record");
  }

  function formPairs(form) {
    var pairs = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") { pairs.push([name, String(value)]); }
    });
    return pairs;
  }

  // The hand is kept at once (a phone that dies while Python starts loses nothing),
  // then read by the rules, one hand after the other, in the order they were kept.
  function keep(form) {
    var pairs = formPairs(form);
    var number = Number((pairs.find(function (pair) { return pair[0] === "number"; }) || [])[1]);
    var item = {
      table: token, number: number, revision: table ? table.revision : null, pairs: pairs,
      input: null, status: "waiting", message: "", conflict: "", at: Date.now(),
    };
    return Queue.add(item).then(function (id) {
      item.id = id;
      queue.push(item);
      nextForm(form, number + 1);
      working += 1;
      render();
      reading = reading.then(function () { return read(item); }).then(function () {
        working -= 1;
        render();
      });
      return null;
    });
  }

  var working = 0;               // hands kept that the rules have not read yet
  var reading = Promise.resolve();

  function read(item) {
    if (!table) { rulesFailed = true; return Promise.resolve(); }
    var before = queue.slice(0, queue.indexOf(item));
    if (before.some(function (other) { return !other.input; })) {
      rulesFailed = true;  // an earlier hand the rules could not read: the server will
      return Promise.resolve();
    }
    var asked = payload({ form: item.pairs });
    asked.hands = asked.hands.slice(0, asked.hands.length - (queue.length - before.length));
    return rules("derive", asked).then(function (answer) {
      if (!answer.ok) {
        // The rules refuse it: it stays, with their words, for the table to fix or drop.
        item.status = "refused";
        item.ruled = true;
        item.message = refusalText(answer);
        return Queue.put(item);
      }
      item.input = answer.inputs[answer.inputs.length - 1];
      return Queue.put(item).then(function () {
        // The newest hand's answer is the table's state; an older one's is not.
        if (queue[queue.length - 1] === item) { worked(answer); }
      });
    }, function () {
      rulesFailed = true;  // kept all the same: the server judges it when it answers
    });
  }

  // The same form again, empty, for the next hand.
  function nextForm(form, number) {
    var title = form.querySelector("h2");
    var shown = form.querySelector("input[name=number]");
    var before = shown.value;
    form.reset();
    shown.value = String(number);
    if (title && before) { title.textContent = title.textContent.replace(before, String(number)); }
    form.removeAttribute("data-typed");
    var error = form.querySelector(".offline-error");
    if (error) { error.remove(); }
    form.querySelectorAll(".preview").forEach(function (preview) { preview.textContent = ""; });
    var first = form.querySelector("input:not([type=hidden])");
    if (first) { first.dispatchEvent(new Event("input", { bubbles: true })); }
  }

  // -- sending, in order, once ------------------------------------------------------------

  function flush() {
    if (sending || !table) { return Promise.resolve(); }
    var next = queue[0];
    if (!next || next.status !== "waiting") { render(); return Promise.resolve(); }
    sending = true;
    render();
    var sentAny = false;
    function step() {
      var item = queue[0];
      if (!item || item.status !== "waiting") { return Promise.resolve(); }
      return send(item).then(function (outcome) {
        if (outcome === "sent" || outcome === "same") {
          sentAny = true;
          return Queue.remove(item.id).then(function () {
            queue.shift();
            return step();
          });
        }
        return null;  // a conflict, a refusal or no server: the rest waits behind it
      });
    }
    return step().then(function () {
      sending = false;
      report();
      if (reloading) {
        // The page again, as the server has it now, with the refused hand in view.
        remember();
        window.location.reload();
        return;
      }
      if (sentAny && !queue.length) {
        // Everything is on the server: the server's page, as it stands, again.
        window.location.reload();
        return;
      }
      return fetchTable().catch(function () { return null; }).then(function () {
        redraw().then(reveal);
      });
    }, function () {
      sending = false;
      render();
    });
  }

  function post(url, pairs) {
    var body = new URLSearchParams();
    pairs.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.append("csrfmiddlewaretoken", csrfToken());
    return fetch(url, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "HX-Request": "true", "X-CSRFToken": csrfToken() },
    });
  }

  function send(item) {
    return post(root.dataset.record, item.pairs).then(function (response) {
      return response.text().then(function (html) { return answered(item, response, html); });
    }, function () {
      goOffline();
      return "offline";
    });
  }

  // A refusal is never a success: the server answers every hand it did not record with
  // an error status (409 for a hand another phone recorded first, or for a table that
  // takes no more hands; 422 for one against the rules), and the hand stays here.
  function answered(item, response, html) {
    if (response.ok) { return "sent"; }
    if (response.status >= 500) { goOffline(); return "offline"; }
    var page = new DOMParser().parseFromString(html, "text/html");
    var both = page.querySelector(".both-entries");
    // The table no longer takes hands (its result confirmed, its round closed): the
    // server asks for its page again, read-only, as htmx would load it.
    var locked = response.headers.get("HX-Refresh") === "true";
    if (response.status === 409 && both && !both.querySelector("tr.differs")) {
      notice = say("handSame", { number: item.number });
      return "same";
    }
    item.conflict = "";
    if (both) {
      var link = both.querySelector("a[href]");
      if (link && link.parentNode) { link.parentNode.remove(); }
      item.conflict = both.outerHTML;  // shown beside ours: the server's differs
    }
    // Only an open table chooses between the two; a locked one keeps ours until dropped.
    item.status = response.status === 409 && both && !locked ? "conflict" : "refused";
    item.message = serverMessage(page) || String(response.status);
    if (locked) { reloading = true; }
    toShow = true;
    return Queue.put(item).then(function () { return item.status; });
  }

  function serverMessage(page) {
    var found = page.querySelectorAll(".messages li, .errors li, .errors p, .field .error, p.error");
    return Array.prototype.map.call(found, function (node) { return node.textContent.trim(); })
      .filter(Boolean).join(" ");
  }

  // The table chose: the recorded hand stays, ours is dropped (it was shown beside it).
  function keepRecorded(item) {
    return Queue.remove(item.id).then(function () {
      queue = queue.filter(function (other) { return other.id !== item.id; });
      renumber();
      return afterChoice();
    });
  }

  // The table chose ours: a correction of the recorded hand, with the reason given.
  function correctToOurs(item, reason) {
    return fetchTable().then(function () {
      var version = table.versions[item.number - 1];
      var pairs = item.pairs.concat([["version", String(version)], ["reason", reason]]);
      var url = root.dataset.correct.replace(/\/0\/$/, "/" + item.number + "/");
      return post(url, pairs);
    }).then(function (response) {
      // Saved, the server sends the page back to the match (htmx: HX-Redirect); a hand
      // changed meanwhile sends it to the correction form (…/hands/N/) instead.
      var to = response.headers.get("HX-Redirect") || "";
      if (to && to.indexOf("/hands/") === -1) {
        return keepRecorded(item);  // the correction is the server's now
      }
      return response.text().then(function (html) {
        item.message = serverMessage(new DOMParser().parseFromString(html, "text/html"))
          || String(response.status);
        return Queue.put(item).then(render);
      });
    }, function () { goOffline(); });
  }

  function drop(item) {
    return keepRecorded(item);
  }

  function retry(item) {
    item.status = "waiting";
    item.message = "";
    item.conflict = "";
    return Queue.put(item).then(function () { return reconnect(); });
  }

  function afterChoice() {
    return fetchTable().then(function () { return flush(); }, function () { goOffline(); })
      .then(function () { if (!queue.length) { window.location.reload(); } });
  }

  // After a hand is dropped, the ones behind it follow on: hand 5 becomes the next one
  // (not on a table that takes no more hands: each is compared with the server's own).
  function renumber() {
    if (!table || !writes()) { return; }
    queue.forEach(function (item, index) {
      var number = table.next_number + index;
      if (item.number !== number) {
        item.number = number;
        item.pairs = item.pairs.map(function (pair) {
          return pair[0] === "number" ? ["number", String(number)] : pair;
        });
        Queue.put(item);
      }
    });
  }

  // The organiser's round page shows a table whose phone holds hands (issue 24, item 4).
  function report() {
    if (!root.dataset.waiting || queue.length === reported) { return; }
    var count = queue.length;
    var body = new URLSearchParams();
    body.append("count", String(count));
    body.append("csrfmiddlewaretoken", csrfToken());
    fetch(root.dataset.waiting, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken() },
    }).then(function (response) {
      if (response.ok) { reported = count; save(); }
    }).catch(function () { return null; });
  }

  // -- what the page shows --------------------------------------------------------------

  function panel() {
    var found = document.getElementById("offline-panel");
    if (!found) {
      found = element("section", "card offline-panel");
      found.id = "offline-panel";
      found.setAttribute("aria-live", "polite");
      var where = document.getElementById("table");
      where.parentNode.insertBefore(found, where);
    }
    return found;
  }

  // Whether the table still takes hands (offline.json says; a phone's copy may be old).
  function writes() {
    return !table || table.writes !== false;
  }

  // Work out the next deal again (after a reload, a drop, the server's new hands).
  function redraw() {
    if (!table || !writes() || (!queue.length && offlineSince === null)) {
      render();
      return Promise.resolve();
    }
    var unread = queue.filter(function (item) { return !item.input; });
    if (unread.some(function (item) { return item.status !== "waiting"; })) {
      rulesFailed = true;  // a hand the rules could not read: the server will judge it
      render();
      return Promise.resolve();
    }
    if (unread.length) {
      // Kept before the rules had read them (the page reloaded while Python started, say):
      // read now, in the order they were kept; the newest one's answer is the table's.
      working += unread.length;
      render();
      unread.forEach(function (item) {
        reading = reading.then(function () { return read(item); }).then(function () {
          working -= 1;
          render();
        });
      });
      return reading;
    }
    return rules("derive", payload()).then(function (answer) {
      if (answer.ok) { worked(answer); } else { derived = null; }
      if (!answer.ok) { notice = refusalText(answer); }
    }, function () {
      rulesFailed = true;
    }).then(render);
  }

  function render() {
    var active = queue.length > 0 || offlineSince !== null;
    var tableNode = document.getElementById("table");
    // The server's figures are hidden while hands wait, except on a table that takes no
    // more: what the server has there is its result.
    if (tableNode) { tableNode.classList.toggle("offline-stale", queue.length > 0 && writes()); }
    var form = handForm();
    if (form && table) {
      // The form asks for the hand after the last one kept on the phone (after the
      // server's last, when none waits).
      var number = queue.length ? queue[queue.length - 1].number + 1 : table.next_number;
      var shown = form.querySelector("input[name=number]");
      if (shown && Number(shown.value) !== number && !form.hasAttribute("data-typed")) {
        var title = form.querySelector("h2");
        if (title) { title.textContent = title.textContent.replace(shown.value, String(number)); }
        shown.value = String(number);
      }
      form.hidden = Boolean(derived && derived.finished && queue.length);
    }
    var box = document.getElementById("offline-panel");
    if (!active && !notice) {
      if (box) { box.remove(); }
      return;
    }
    box = panel();
    box.textContent = "";
    if (offlineSince !== null) {
      var time = new Date(offlineSince).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
      var status = element("p", "offline-status", say("offline", { time: time }));
      status.setAttribute("role", "status");
      box.appendChild(status);
    }
    if (notice) { box.appendChild(element("p", "offline-notice", notice)); }
    if (queue.length) {
      box.appendChild(element("h2", "", say("unconfirmed")));
      if (writes()) {  // a table that takes no more hands sends none: each says why
        box.appendChild(element("p", "offline-count",
          queue.length === 1 ? say("waiting1") : say("waitingN", { count: queue.length })));
      }
      box.appendChild(queueList());
      if (writes()) {
        drawDerived(box);
        var again = element("button", "offline-send", sending ? say("sending") : say("sendNow"));
        again.type = "button";
        again.disabled = sending;
        again.addEventListener("click", function () { reconnect(); });
        box.appendChild(again);
      }
    } else if (offlineSince !== null) {
      drawDerived(box);
    }
  }

  function queueList() {
    var list = element("ol", "offline-queue");
    queue.forEach(function (item) {
      var row = element("li", "offline-hand " + item.status);
      row.dataset.number = String(item.number);
      if (item.status === "refused") {
        var words = { number: item.number, message: item.message };
        row.appendChild(element("p", "error", say(item.ruled ? "handRuled" : "handRefused", words)));
        if (item.conflict) { row.appendChild(bothEntries(item)); }
        row.appendChild(element("p", "hint", say("kept")));
        // What the rules refused here the server refuses too: the table enters it anew.
        if (!item.ruled) { row.appendChild(button(say("retry"), function () { retry(item); })); }
        row.appendChild(button(say("discard"), function () { drop(item); }, "link"));
      } else if (item.status === "conflict") {
        row.appendChild(element("p", "", say("conflict", { number: item.number })));
        row.appendChild(bothEntries(item));
        row.appendChild(button(say("keep"), function () { keepRecorded(item); }));
        var label = element("label", "", say("reason"));
        var reason = element("input");
        reason.type = "text";
        reason.name = "offline-reason";
        reason.maxLength = 200;
        label.appendChild(reason);
        row.appendChild(label);
        row.appendChild(button(say("correct"), function () {
          if (!reason.value.trim()) { reason.setCustomValidity(say("reasonNeeded")); reason.reportValidity(); return; }
          correctToOurs(item, reason.value.trim());
        }));
        if (item.message) { row.appendChild(element("p", "hint", item.message)); }
      } else {
        row.textContent = say("handWaiting", { number: item.number });
      }
      list.appendChild(row);
    });
    return list;
  }

  // The server's entry of the hand beside ours, as the server drew the two.
  function bothEntries(item) {
    var both = element("div", "offline-both");
    both.appendChild(new DOMParser().parseFromString(item.conflict, "text/html").body.firstElementChild);
    return both;
  }

  // The table was at its form's button when the hand came back: the panel, above the
  // table, comes into view (after the page's reload too).
  var SHOW = "offline-show:" + token;
  function remember() {
    try { window.sessionStorage.setItem(SHOW, "1"); } catch (error) { return; }
  }
  function reveal() {
    try {
      if (window.sessionStorage.getItem(SHOW)) { toShow = true; }
      window.sessionStorage.removeItem(SHOW);
    } catch (error) { /* no storage: nothing remembered */ }
    var box = document.getElementById("offline-panel");
    if (toShow && box) { box.scrollIntoView({ block: "start" }); }
    toShow = false;
  }

  function button(text, action, className) {
    var made = element("button", className || "", text);
    made.type = "button";
    made.addEventListener("click", action);
    return made;
  }

  // The next dealer, the targets and the cards to pass, as the rules work them out here.
  function drawDerived(box) {
    if (!table) { return; }
    var players = table.match.players;
    var part = element("div", "offline-derived");
    if (rulesFailed && !derived) {
      part.appendChild(element("p", "hint", say("noRules")));
      box.appendChild(part);
      return;
    }
    if (working || !derived) {
      if (queue.length && !rulesFailed) { part.appendChild(element("p", "hint", say("working"))); }
      box.appendChild(part);
      return;
    }
    part.appendChild(element("h3", "", say("afterHand", { number: derived.played }) + " \u00b7 " + say("unconfirmed")));
    var totals = element("p", "offline-totals");
    totals.textContent = say("totals") + ": " + players.map(function (name, seat) {
      return name + " " + signed(derived.totals[seat]);
    }).join(" \u00b7 ");
    part.appendChild(totals);
    var coming = derived.next;
    if (!coming) {
      part.appendChild(element("p", "offline-ended", say("ended")));
      box.appendChild(part);
      return;
    }
    part.appendChild(element("p", "offline-dealer",
      say("deals", { number: coming.number, dealer: players[coming.dealer] })));
    var targets = element("ul", "offline-targets");
    players.forEach(function (name, seat) {
      var out = coming.active.indexOf(seat) === -1;
      if (!out && !coming.targets) { return; }
      targets.appendChild(element("li", "",
        out ? say("sitsOut", { name: name }) : say("needs", { name: name, target: coming.targets[seat] })));
    });
    if (targets.childNodes.length) { part.appendChild(targets); }
    var passes = element("ul", "offline-exchanges");
    coming.exchanges.forEach(function (pass) {
      var words = { giver: players[pass.from], receiver: players[pass.to], cards: pass.cards };
      passes.appendChild(element("li", "", pass.cards === 1 ? say("pass1", words) : say("passN", words)));
    });
    // Only where cards change hands at all: a Sheepshead phone never said "none" did.
    if (!coming.exchanges.length && "exchanges" in root.dataset) {
      passes.appendChild(element("li", "", say("noExchange")));
    }
    part.appendChild(passes);
    box.appendChild(part);
  }

  // -- the page's own requests ----------------------------------------------------------

  function isRecord(detail) {
    var path = (detail.requestConfig && detail.requestConfig.path)
      || (detail.pathInfo && detail.pathInfo.requestPath) || "";
    return new URL(path, window.location.href).pathname === root.dataset.record;
  }

  // Offline, or with hands already waiting (they go first, in order), a hand goes to the
  // phone's storage instead of the server; previews and polls wait for the server.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var detail = event.detail;
    if (isRecord(detail) && (offlineSince !== null || queue.length)) {
      event.preventDefault();
      keep(handForm()).then(function () {
        if (offlineSince === null) { report(); flush(); }
      });
      return;
    }
    if (offlineSince !== null) { event.preventDefault(); }
  });

  // A hand's post gives up after a while: a laptop that vanished from a Wi-Fi that stays
  // up would otherwise keep the table waiting as long as the phone's network stack does.
  var RECORD_TIMEOUT_MS = 10000;
  document.addEventListener("htmx:beforeSend", function (event) {
    if (isRecord(event.detail) && event.detail.xhr) { event.detail.xhr.timeout = RECORD_TIMEOUT_MS; }
  });

  // The post got no answer at all: the hand waits on the phone (should the server have
  // had it after all, sending it again shows both entries, the same, and nothing doubles).
  function unanswered(event) {
    if (isRecord(event.detail)) {
      var form = handForm();
      goOffline();
      if (form) { keep(form); }
    } else {
      goOffline();
    }
  }
  document.addEventListener("htmx:sendError", unanswered);
  document.addEventListener("htmx:timeout", unanswered);

  // A hand the server took: the phone's copy of the match follows (for the next outage).
  // Its JSON is enough: offline, the page counts from it (the next hand's number, the
  // deal), so the page is not fetched again for its copy; that would cost the server a
  // page for every hand.
  document.addEventListener("htmx:afterRequest", function (event) {
    if (isRecord(event.detail) && event.detail.successful) {
      fetchTable().catch(function () { return null; });
    }
  });

  window.addEventListener("offline", goOffline);
  window.addEventListener("online", function () { reconnect(); });

  // -- start ------------------------------------------------------------------------------

  // Whether a service worker keeps this page and Python (https, or the laptop itself).
  function keptByWorker() {
    return "serviceWorker" in navigator && window.isSecureContext;
  }

  function registerWorker() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) { return; }
    var workers = navigator.serviceWorker;
    workers.register(root.dataset.sw, { scope: root.dataset.scope })
      .then(function () { return workers.ready; })
      .then(function () {
        // This page came through its service worker, which kept it and what it loaded
        // (and start() fetches its JSON through it): nothing to fetch again.
        if (workers.controller) { return null; }
        // The first visit: the page came before its service worker, which now takes it.
        return new Promise(function (resolve) {
          workers.addEventListener("controllerchange", resolve, { once: true });
        }).then(keepPage);
      })
      .then(function () { root.dataset.cached = "yes"; })
      .catch(function () { return null; });
  }

  // Through the service worker, which keeps a copy: the page and the match as they are.
  function keepPage() {
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) {
      return Promise.resolve();
    }
    // The page's scripts, styles and icon too: it loaded them before its service worker
    // took it, the first time.
    var loaded = Array.prototype.map.call(
      document.querySelectorAll("script[src], link[rel~=stylesheet][href], link[rel~=icon][href]"),
      function (node) { return node.src || node.href; }
    );
    return Promise.all([
      fetch(window.location.pathname, { credentials: "same-origin" }),
      fetchTable(),
    ].concat(loaded.map(function (url) {
      return fetch(url, { credentials: "same-origin" }).catch(function () { return null; });
    })));
  }

  // The service worker's install fetches Python and the rules (about 5.5 MB): only once
  // the page is usable (after its load event, at the browser's first idle moment), so
  // that the first paint and the hand form never wait for it, nor share the Wi-Fi with it.
  function whenSettled(callback) {
    function idle() {
      if (window.requestIdleCallback) {
        window.requestIdleCallback(callback, { timeout: IDLE_WAIT_MS });
      } else {
        setTimeout(callback, IDLE_FALLBACK_MS);
      }
    }
    if (document.readyState === "complete") { idle(); return; }
    window.addEventListener("load", idle, { once: true });
  }
  var IDLE_WAIT_MS = 3000;     // at the latest this long after the load event
  var IDLE_FALLBACK_MS = 200;  // without requestIdleCallback (Safari)

  function start() {
    whenSettled(registerWorker);
    Promise.all([Queue.table(token), Queue.list(token)]).then(function (found) {
      var kept = found[0];
      queue = found[1];
      if (kept) {
        table = kept.data;
        offlineSince = kept.offlineSince || null;
        reported = kept.reported || 0;
        derived = kept.derived || null;
        derivedFor = kept.derivedFor || null;
      }
      return fetchTable().then(function () {
        offlineSince = null;
        save();
        report();  // the organiser hears of the waiting hands before they are sent
        if (queue.length) { return flush().then(reveal); }
        // Without a service worker to keep it (plain http), Python is loaded while the
        // server is there, so that it is ready without it; with one, when needed.
        if (!keptByWorker()) { warmUp(); }
        render();
      }, function () {
        goOffline();
        if (derived && derivedFor === basis()) { render(); return null; }
        derived = null;
        return redraw();
      });
    }).catch(function () { return null; });
  }

  function warmUp() {
    whenSettled(loadRules);
  }

  function loadRules() {
    return rules("load").catch(function () { rulesFailed = true; });
  }

  start();
}());
