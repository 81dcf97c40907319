// SPDX-License-Identifier: MIT
// qrdedupe: a placeholder until its issue lands; it says so instead of pretending.

import QRCore

let spec = CommandSpec(
  name: "qrdedupe",
  summary: "Throttle repeated QR records in a stream of JSON lines (not built yet).",
  operands: "",
  notes: ["This build of qrpipe does not include qrdedupe yet: it only answers --help and --version."],
  options: [])

Tool.main(spec) { invocation in
  invocation.diagnostics.error("not built yet in this version of qrpipe")
  return .failure
}
