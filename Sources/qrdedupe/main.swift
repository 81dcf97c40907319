// SPDX-License-Identifier: MIT
// qrdedupe: pass on the first of repeated QR records, or report codes entering and leaving.
// The command is `DedupeCommand` (Sources/QRCommands/Dedupe); this file only runs it.

import QRCommands

DedupeCommand.main()
