// SPDX-License-Identifier: MIT
// qrdedupe: a placeholder until its issue lands; it says so instead of pretending.

import QRCore

Tool.main(DedupeCommand.spec) { invocation in
  invocation.diagnostics.error("not built yet in this version of qrpipe")
  return .failure
}
