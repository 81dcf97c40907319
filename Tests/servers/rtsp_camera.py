#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""A real RTSP server on 127.0.0.1 for the recipe tests: GStreamer's RTSP server playing an
H.264 MP4 file to each client that connects, as an IP camera serves its stream.

    rtsp_camera.py PORT CLIP.mp4     serves rtsp://127.0.0.1:PORT/stream1 until killed

Each connection gets the clip from its start and ends when it ends, as a camera that drops
does: what a reconnecting reader has to handle. Prints "ready" once it listens.
Needs Debian's python3-gi, gir1.2-gst-rtsp-server-1.0, gstreamer1.0-plugins-good and -bad
(scripts/debian-packages, group test).
"""
import sys

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402

Gst.init(None)
port, clip = sys.argv[1], sys.argv[2]
server = GstRtspServer.RTSPServer()
server.set_address("127.0.0.1")
server.set_service(port)
factory = GstRtspServer.RTSPMediaFactory()
factory.set_launch(
    f"( filesrc location={clip} ! qtdemux ! h264parse ! rtph264pay name=pay0 pt=96 config-interval=1 )")
factory.set_shared(False)
server.get_mount_points().add_factory("/stream1", factory)
if server.attach(None) == 0:
    sys.exit(f"rtsp_camera.py: cannot listen on 127.0.0.1:{port}")
print("ready", flush=True)
GLib.MainLoop().run()
