// SPDX-License-Identifier: MIT
// qrrender: a placeholder until its issue lands; it says so instead of pretending.

import QRCore

let spec = CommandSpec(
  name: "qrrender",
  summary: "Render a payload as a QR code (not built yet).",
  operands: "",
  notes: ["This build of qrpipe does not include qrrender yet: it only answers --help and --version."],
  options: [])

Tool.main(spec) { invocation in
  invocation.diagnostics.error("not built yet in this version of qrpipe")
  return .failure
}
