#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# An independent qrframe(5) reader, written from the manual page alone, for the tests.
# Prints "width height sequence timestamp" per frame; exits 1 with a message on a bad stream.
import struct
import sys
import zlib


def read_exactly(stream, count):
    data = b""
    while len(data) < count:
        chunk = stream.read(count - len(data))
        if not chunk:
            break
        data += chunk
    return data


def main():
    stream = sys.stdin.buffer
    offset = 0
    while True:
        start = read_exactly(stream, 8)
        if not start:
            return 0
        if len(start) < 8 or start[:4] != b"QRFM":
            sys.exit(f"byte {offset}: not a qrframe header")
        if start[4] != 1:
            sys.exit(f"byte {offset}: major version {start[4]}")
        (length,) = struct.unpack_from("<H", start, 6)
        if length < 64:
            sys.exit(f"byte {offset}: header length {length}")
        header = start + read_exactly(stream, length - 8)
        if len(header) < length:
            sys.exit(f"byte {offset}: truncated header")
        (crc,) = struct.unpack_from("<I", header, length - 4)
        if zlib.crc32(header[: length - 4]) != crc:
            sys.exit(f"byte {offset}: checksum mismatch")
        fourcc, width, height, stride, payload, sequence, timestamp, dropped, clock = (
            struct.unpack_from("<4sIIIQQQIB", header, 8))
        if fourcc != b"GREY" or width < 1 or height < 1 or stride < width or payload != stride * height:
            sys.exit(f"byte {offset}: bad geometry")
        if len(read_exactly(stream, payload)) < payload:
            sys.exit(f"byte {offset}: truncated payload")
        print(width, height, sequence, timestamp, clock, dropped)
        offset += length + payload


if __name__ == "__main__":
    sys.exit(main())
