// SPDX-License-Identifier: MIT
// qrdetect: frames in, one JSON line per decoded symbol out.
// The command is `DetectCommand` (Sources/QRCommands/Detect); this file only runs it.

import QRCommands

DetectCommand.main()
