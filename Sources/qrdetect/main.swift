// SPDX-License-Identifier: MIT
// qrdetect: a placeholder until its issue lands; it says so instead of pretending.

import QRCore

let spec = CommandSpec(
  name: "qrdetect",
  summary: "Read QR codes from frames and write one JSON line per symbol (not built yet).",
  operands: "",
  notes: ["This build of qrpipe does not include qrdetect yet: it only answers --help and --version."],
  options: [])

Tool.main(spec) { invocation in
  invocation.diagnostics.error("not built yet in this version of qrpipe")
  return .failure
}
