// The rules on the phone (issue 24): Pyodide, a CPython compiled to WebAssembly, runs
// the server's own rules package (matches.rules, with matches.offline_play to answer),
// in this worker so that the page never waits for it. Served by
// matches.views.offline.rules_worker after a line that sets self.CONFIG:
// {pyodide: the folder of Pyodide's files, rules: the rules' zip}, both on this server.
//
// Messages: {id, op: "load"} starts Python; {id, op: "derive", payload} answers
// offline_play.derive(payload).
"use strict";

importScripts(self.CONFIG.pyodide + "pyodide.js");

var python = null;

function start() {
  if (!python) {
    python = (async function () {
      var started = Date.now();
      var py = await self.loadPyodide({ indexURL: self.CONFIG.pyodide });
      var zip = await fetch(self.CONFIG.rules);
      if (!zip.ok) { throw new Error("rules: HTTP " + zip.status); }
      py.unpackArchive(new Uint8Array(await zip.arrayBuffer()), "zip",
        { extractDir: "/home/pyodide/phone" });
      py.runPython(
        "import sys\nsys.path.insert(0, '/home/pyodide/phone')\n" +
        "from matches import offline_play\noffline_play.install()"
      );
      py.loadedIn = Date.now() - started;
      return py;
    }());
    python.catch(function () { python = null; });  // a later message tries again
  }
  return python;
}

self.onmessage = async function (event) {
  var message = event.data;
  try {
    var py = await start();
    // Every answer says how long Python took to start and the WebAssembly memory it runs
    // in (most of what the phone spends on it), for whoever measures.
    var figures = { loadedIn: py.loadedIn, wasmBytes: py._module.HEAP8.buffer.byteLength };
    var result = null;
    if (message.op === "derive") {
      py.globals.set("payload", JSON.stringify(message.payload));
      result = JSON.parse(py.runPython("offline_play.derive(payload)"));
    }
    self.postMessage(Object.assign({ id: message.id, ok: true, result: result }, figures));
  } catch (error) {
    self.postMessage({ id: message.id, ok: false, error: String(error) });
  }
};
