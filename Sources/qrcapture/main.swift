// SPDX-License-Identifier: MIT
// qrcapture: camera or file in, qrframe(5) (or y4m, PGM) out.
// The command is `CaptureCommand` (Sources/QRCommands/Capture); this file only runs it.

import QRCommands

CaptureCommand.main()
