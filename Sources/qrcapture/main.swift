// SPDX-License-Identifier: MIT
import QRCore

Tool.main(CaptureCommand.spec) { invocation in
  return .success
}
