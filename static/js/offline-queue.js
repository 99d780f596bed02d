// The hands a table's phone recorded without the server, and the match as the server
// last sent it, in the phone's IndexedDB (issue 24): they outlive a reload, a closed tab
// and a closed browser. static/js/offline.js is the only user.
//
// Store "hands": {id, table (the link's token), number, revision (the match's, when the
// hand was recorded), pairs (the form's fields as posted), input (the hand as the rules
// read it), status: "waiting" | "refused" | "conflict", message, conflict (the server's
// two entries, as it drew them), at}. Store "tables": {token, data (offline.json),
// offlineSince}.
(function () {
  "use strict";

  var NAME = "scorekeeper-offline";
  var opened = null;

  function open() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var request = indexedDB.open(NAME, 1);
        request.onupgradeneeded = function () {
          var db = request.result;
          var hands = db.createObjectStore("hands", { keyPath: "id", autoIncrement: true });
          hands.createIndex("table", "table");
          db.createObjectStore("tables", { keyPath: "token" });
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opened;
  }

  // One transaction; ``work`` gets the store and returns a request (or nothing).
  function run(storeName, mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction(storeName, mode);
        var request = work(transaction.objectStore(storeName));
        transaction.oncomplete = function () { resolve(request ? request.result : undefined); };
        transaction.onerror = function () { reject(transaction.error); };
        transaction.onabort = function () { reject(transaction.error); };
      });
    });
  }

  window.OfflineQueue = {
    // The table's waiting hands, lowest hand number first.
    list: function (token) {
      return run("hands", "readonly", function (store) {
        return store.index("table").getAll(token);
      }).then(function (items) {
        return (items || []).sort(function (a, b) { return a.number - b.number || a.id - b.id; });
      });
    },
    add: function (item) {
      return run("hands", "readwrite", function (store) { return store.add(item); });
    },
    put: function (item) {
      return run("hands", "readwrite", function (store) { return store.put(item); });
    },
    remove: function (id) {
      return run("hands", "readwrite", function (store) { return store.delete(id); });
    },
    table: function (token) {
      return run("tables", "readonly", function (store) { return store.get(token); });
    },
    saveTable: function (record) {
      return run("tables", "readwrite", function (store) { return store.put(record); });
    },
  };
}());
