// SPDX-License-Identifier: MIT
// The system calls a V4L2 camera makes, behind a protocol so tests can play the device.

import CV4L2
import Glibc
import QRSystem

/// The calls `V4L2Camera` makes on a device node.
///
/// `SystemV4L2Calls` goes to the kernel (through libv4l2 when it is loaded); tests supply an
/// in-process fake. Methods report failure by throwing the `errno` value and never retry:
/// the camera owns the `EINTR` policy, so that a fake can check it.
public protocol V4L2Calls {
  /// Opens `path` with `flags` and returns the descriptor. The corresponding C function is `open`.
  func open(_ path: String, flags: CInt) throws(Errno) -> CInt
  /// Closes `fd`, ignoring errors. The corresponding C function is `close`.
  func close(_ fd: CInt)
  /// Issues `request` with `argument` pointing at its structure. The corresponding C function is
  /// `ioctl`.
  func ioctl(_ fd: CInt, _ request: UInt, _ argument: UnsafeMutableRawPointer) throws(Errno)
  /// Maps `length` bytes of the device at `offset`, readable and writable, shared.
  /// The corresponding C function is `mmap`.
  func mmap(fd: CInt, length: Int, offset: Int64) throws(Errno) -> UnsafeMutableRawPointer
  /// Unmaps a buffer from `mmap`, ignoring errors. The corresponding C function is `munmap`.
  func munmap(_ address: UnsafeMutableRawPointer, length: Int)
  /// Waits up to `timeoutMilliseconds` for `fd` to become readable and returns the `revents`
  /// bits (0 on timeout). The corresponding C function is `poll`.
  func poll(_ fd: CInt, timeoutMilliseconds: CInt) throws(Errno) -> Int16
  /// Whether calls go through libv4l2, which can convert formats (MJPEG to YU12, for example).
  var isUsingLibV4L2: Bool { get }
  /// Why libv4l2 is not in use (empty when it is): not installed, or disabled by
  /// `QRPIPE_NO_LIBV4L2=1`.
  var libV4L2Problem: String { get }
}

/// The real calls: libv4l2's `v4l2_*` functions when `libv4l2.so.0` could be loaded at run time,
/// else plain libc.
///
/// Set `QRPIPE_NO_LIBV4L2=1` in the environment to skip libv4l2 (the choice is made once per
/// process, at the first call).
public struct SystemV4L2Calls: V4L2Calls, Sendable {
  /// Creates the system calls.
  public init() {}

  /// Opens `path` through `v4l2_open` or `open`, adding `O_CLOEXEC`.
  public func open(_ path: String, flags: CInt) throws(Errno) -> CInt {
    let fd = cv4l2_open(path, flags)
    guard fd >= 0 else { throw Errno.current }
    return fd
  }

  /// Closes `fd` through `v4l2_close` or `close`.
  public func close(_ fd: CInt) { _ = cv4l2_close(fd) }

  /// Issues `request` through `v4l2_ioctl` or `ioctl`.
  public func ioctl(_ fd: CInt, _ request: UInt, _ argument: UnsafeMutableRawPointer) throws(Errno)
  {
    guard cv4l2_ioctl(fd, request, argument) == 0 else { throw Errno.current }
  }

  /// Maps a buffer through `v4l2_mmap` or `mmap`.
  public func mmap(fd: CInt, length: Int, offset: Int64) throws(Errno) -> UnsafeMutableRawPointer {
    guard let address = cv4l2_mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset)
    else { throw Errno.current }
    return address
  }

  /// Unmaps a buffer through `v4l2_munmap` or `munmap`.
  public func munmap(_ address: UnsafeMutableRawPointer, length: Int) {
    _ = cv4l2_munmap(address, length)
  }

  /// Polls `fd` for input with `poll(2)` (libv4l2 has no poll of its own; its descriptor is the
  /// device's).
  public func poll(_ fd: CInt, timeoutMilliseconds: CInt) throws(Errno) -> Int16 {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let count = Glibc.poll(&entry, 1, timeoutMilliseconds)
    guard count >= 0 else { throw Errno.current }
    return count == 0 ? 0 : entry.revents
  }

  /// Whether `libv4l2.so.0` was loaded.
  public var isUsingLibV4L2: Bool { cv4l2_using_libv4l2() != 0 }

  /// Why libv4l2 is not in use, or "".
  public var libV4L2Problem: String { String(cString: cv4l2_libv4l2_problem()) }
}
