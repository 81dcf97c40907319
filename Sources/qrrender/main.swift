// SPDX-License-Identifier: MIT
// qrrender: payload in, QR Code out.
// The command is `RenderCommand` (Sources/QRCommands/Render); this file only runs it.

import QRCommands

RenderCommand.main()
