// SPDX-License-Identifier: MIT
// Every man page read as man-db (groff) and mandoc show it on an 80-column terminal.

import Foundation
import Testing

/// The manual pages in `man/`.
private let manPages: [String] = {
  let directory = ToolRunner.packageRoot.appendingPathComponent("man")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
  return names.filter { $0.range(of: #"\.[1-9]$"#, options: .regularExpression) != nil }.sorted()
}()

private func installed(_ path: String) -> Bool {
  FileManager.default.isExecutableFile(atPath: path)
}

/// What is wrong with a page as rendered: lines wider than the terminal, and text wrapped into a
/// column too narrow to read (a table squeezing its last column: cell text continued on two or
/// more lines that start at the same deep indent, none reaching 20 characters past it; a word a
/// line is the worst case).
func renderingFaults(_ text: String, page: String) -> [String] {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
  func blank(_ line: String) -> Bool { line.allSatisfy { $0 == " " } }
  var faults: [String] = []
  for (number, line) in lines.enumerated() where line.count > 80 {
    faults.append("\(page):\(number + 1): \(line.count) columns wide: \(line)")
  }
  var index = 0
  while index < lines.count {
    let column = indent(lines[index])
    guard !blank(lines[index]), column >= 24 else {
      index += 1
      continue
    }
    var end = index
    while end + 1 < lines.count, !blank(lines[end + 1]), indent(lines[end + 1]) == column {
      end += 1
    }
    let width = lines[index...end].map { $0.count - column }.max() ?? 0
    if end > index && width < 20 {
      faults.append(
        "\(page):\(index + 1): text wrapped on \(end - index + 1) lines into a column \(width)"
          + " wide at column \(column): \(lines[index...end].map { $0.trimmingPrefix(" ") })")
    }
    index = end + 1
  }
  return faults
}

/// groff as `man -l` runs it (`groff -man`, which reads mdoc too): 78-column lines, as man-db
/// sets for an 80-column terminal, plain text; and its warnings (a line it cannot break).
@Test(
  .enabled(if: installed("/usr/bin/groff"), "groff is not installed (apt-get install groff-base)"),
  arguments: manPages)
func manPageReadsWellUnderGroff(page: String) throws {
  let path = ToolRunner.packageRoot.appendingPathComponent("man/" + page).path
  let result = try ToolRunner.runExecutable(
    "/usr/bin/groff", ["-man", "-Tutf8", "-rLL=78n", "-P-cbou", "-ww", path])
  #expect(result.status == 0)
  #expect(result.output.contains("NAME"), "groff rendered \(page)")
  #expect(result.errors.isEmpty, "groff warns about \(page): \(result.errors)")
  let faults = renderingFaults(result.output, page: "groff " + page)
  #expect(faults.isEmpty, "\(faults.joined(separator: "\n"))")
}

/// mandoc at its 78-column default, with `col -b` taking out the overstrikes it writes for bold
/// (in a UTF-8 locale: in the C locale, as under a bare CI environment, col writes each byte of a
/// multibyte character as an escape).
@Test(
  .enabled(if: installed("/usr/bin/mandoc"), "mandoc is not installed (apt-get install mandoc)"),
  arguments: manPages)
func manPageReadsWellUnderMandoc(page: String) throws {
  let path = ToolRunner.packageRoot.appendingPathComponent("man/" + page).path
  let result = try ToolRunner.shell(
    "mandoc -Tutf8 -Owidth=78 '\(path)' | LC_ALL=C.UTF-8 col -bx")
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.output.contains("NAME"), "mandoc rendered \(page)")
  let faults = renderingFaults(result.output, page: "mandoc " + page)
  #expect(faults.isEmpty, "\(faults.joined(separator: "\n"))")
}

/// The check itself finds what groff made of the old qrdedupe(1) modes table (a word a line at
/// column 96) and of a record table squeezing its last column to 15 characters.
@Test func renderingFaultsFindsSqueezedColumns() {
  let wordALine = [
    "     rearm       absent for the interval            yes        report each",
    String(repeating: " ", count: 96) + "showing",
    String(repeating: " ", count: 96) + "of",
    "",
  ].joined(separator: "\n")
  #expect(renderingFaults(wordALine, page: "p").count == 3)  // two lines too wide, one column
  let squeezed = [
    "     bytes                   string              if there is no text, the",
    String(repeating: " ", count: 64) + "text's UTF-8",
    String(repeating: " ", count: 64) + "differs from",
    "",
  ].joined(separator: "\n")
  #expect(renderingFaults(squeezed, page: "p").count == 1)
  let prose = [
    "     bytes (string)",
    "             if there is no text, the text's UTF-8 differs from the payload,",
    "             or with --bytes: the payload's exact bytes in base64",
  ].joined(separator: "\n")
  #expect(renderingFaults(prose, page: "p").isEmpty)
}

/// The slips issue 27 (item 11) found in the rendered pages: punctuation that mdoc took for a
/// delimiter or a flag, quotes left open, and examples that disagreed with the tools.
@Test(
  .enabled(if: installed("/usr/bin/mandoc"), "mandoc is not installed (apt-get install mandoc)"))
func manPageExamplesReadAsTheToolsWrite() throws {
  func rendered(_ page: String) throws -> String {
    let path = ToolRunner.packageRoot.appendingPathComponent("man/" + page).path
    let result = try ToolRunner.shell(
      "mandoc -Tutf8 -Owidth=78 '\(path)' | LC_ALL=C.UTF-8 col -bx | tr -s ' \\n' '  '")
    #expect(result.status == 0, "\(result.errors)")
    return result.output
  }
  let detect = try rendered("qrdetect.1")
  #expect(detect.contains("$ find . -name '*.jpg'"))
  #expect(detect.contains("[--files-from file] [--raw]"))
  let record = try ToolRunner.shell("qrrender https://example.com | qrdetect")
  #expect(record.output.contains(#""text":"https://example.com","text_encoding":"utf-8","#))
  #expect(detect.contains(#""text":"https://example.com","text_encoding":"utf-8","#))
  let render = try rendered("qrrender.1")
  #expect(render.contains("M4 with --micro, or the --symbol-version given),"))
  let capture = try rendered("qrcapture.1")
  #expect(
    capture.contains("(‘QRFM’, ‘YUV4MPEG2’, ‘P1’ to ‘P6’, and the signatures of the image formats)")
  )
  // qrdedupe's example event has the members the tool writes for a qrdetect record.
  let event = try ToolRunner.shell(
    "qrrender hello | qrdetect | qrdedupe --events | head -n 1")
  #expect(event.output.hasPrefix(#"{"event":"enter","key":{"text":"hello","symbology":"qr"},"#))
  let dedupe = try rendered("qrdedupe.1")
  #expect(dedupe.contains(#"{"event":"enter","key":{"text":"hello","symbology":"qr"}, "time""#))
}
