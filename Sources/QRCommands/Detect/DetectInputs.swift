// SPDX-License-Identifier: MIT
// qrdetect's inputs in order: the operands, then the names --files-from lists, directories walked.

import Glibc
import QRSystem

/// The inputs of one qrdetect run, produced one at a time: the operands in order, then the
/// names read from the `--files-from` list as they arrive, each directory replaced by the files
/// under it (`DirectoryWalker`: recursive, byte order, symlink loops skipped).
///
/// Nothing is gathered ahead: a list of 100,000 names costs one name's memory (and a directory
/// one directory's names per level), so one process can scan any number of files.
final class DetectInputs {
  /// What comes next.
  enum Input {
    /// A file named by an operand or the list: read whatever it holds (`-` is standard input).
    case named(PathName)
    /// A file found under a directory: read only when it starts like an image or a stream.
    case found(PathName)
    /// A name that could not be read, or a list that failed; the message says why.
    case failed(PathName, String)
    /// A directory reached a second time through a symbolic link, not walked again.
    case revisited(PathName)
  }

  /// The longest name accepted in a `--files-from` list.
  static let maximumNameLength = 1 << 16

  private var operands: [PathName]
  private var nextOperand = 0
  private let listPath: PathName?
  private let delimiter: UInt8
  private let standardInput: FileDescriptor
  private var list: LineReader?
  private var listDescriptor: FileDescriptor?
  private var isListDone = false
  private var walker: DirectoryWalker?

  /// Inputs from `operands`, then from the list at `listPath` (names ended by `delimiter`).
  init(
    operands: [PathName], listPath: PathName?, delimiter: UInt8, standardInput: FileDescriptor
  ) {
    self.operands = operands
    self.listPath = listPath
    self.delimiter = delimiter
    self.standardInput = standardInput
  }

  deinit {
    if let listDescriptor, listDescriptor != standardInput { listDescriptor.close() }
  }

  /// The number of files to read when it is known before starting: the operands, when none is
  /// a directory and no list is read; else nil.
  var knownTotal: Int? {
    guard listPath == nil else { return nil }
    for operand in operands where !operand.isStandardStream && Self.isDirectory(operand) {
      return nil
    }
    return operands.count
  }

  /// The next input, or nil when there are no more.
  func next() -> Input? {
    while true {
      if let walker {
        switch walker.next() {
        case .file(let path)?: return .found(path)
        case .failed(let path, let error)?: return .failed(path, "\(error)")
        case .revisited(let path)?: return .revisited(path)
        case nil: self.walker = nil
        }
      }
      guard let name = nextName() else { return nil }
      switch name {
      case .failed: return name
      case .named(let path) where !path.isStandardStream && Self.isDirectory(path):
        walker = DirectoryWalker(root: path)
      default: return name
      }
    }
  }

  /// The next operand, else the next name of the list (as `.named`), or a list failure.
  private func nextName() -> Input? {
    if nextOperand < operands.count {
      nextOperand += 1
      return .named(operands[nextOperand - 1])
    }
    guard let listPath, !isListDone else { return nil }
    if list == nil {
      do {
        let descriptor =
          listPath.isStandardStream ? standardInput : try FileDescriptor.openForReading(listPath)
        listDescriptor = descriptor
        list = LineReader(
          descriptor, maximumLineLength: Self.maximumNameLength, delimiter: delimiter)
      } catch {
        isListDone = true
        return .failed(listPath, toolMessage(for: error))
      }
    }
    while let list {
      let item: LineReader.Item
      do {
        item = try list.next()
      } catch {
        isListDone = true
        return .failed(listPath, "\(error)")
      }
      guard case .line(let line) = item else {
        isListDone = true
        return nil
      }
      var name = Array(line.bytes)
      if line.isTerminated { name.removeLast() }
      // Empty names name nothing (and `find -print0 | ...` never writes one).
      if name.isEmpty { continue }
      return .named(PathName(bytes: name))
    }
    return nil
  }

  private static func isDirectory(_ path: PathName) -> Bool {
    var info = stat()
    let result = try? path.withCString { stat($0, &info) }
    return result == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }
}
