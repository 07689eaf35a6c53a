"""Renders the SVG app icon to the PNG sizes, a Windows .ico and a macOS .icns (run by build.py)."""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "resources" / "icons"
SVG = ICONS / "travel-assistant.svg"
PNG_SIZES = (16, 32, 48, 64, 128, 256, 512)
# Windows picks from these; 256 is the largest an .ico entry can be.
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# Apple's PNG-carrying icns types by pixel size (ic10 is 1024, the 512@2x retina entry).
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def png_name(size: int) -> str:
    """The file name one rendered size gets (the desktop entry installer uses the same names)."""
    return f"travel-assistant-{size}.png"


def render_png(size: int) -> bytes:
    """The SVG rendered with Qt's own SVG renderer at `size` x `size`, antialiased, as PNG bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"render_icons: {SVG} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # the stubs want bytes; PySide6 takes str
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .ico whose entries are PNG-compressed (supported since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, data in sorted(pngs.items()):
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .icns made of PNG entries (the format macOS has read since 10.7)."""
    body = b"".join(
        ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data
        for size, data in sorted(pngs.items())
        if size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    """Writes every PNG size next to the SVG, plus travel-assistant.ico and .icns in packaging/."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    pngs = {size: render_png(size) for size in sorted(set(PNG_SIZES) | set(ICO_SIZES))}
    for size in PNG_SIZES:
        (ICONS / png_name(size)).write_bytes(pngs[size])
    out = ROOT / "packaging"
    (out / "windows").mkdir(exist_ok=True)
    (out / "macos").mkdir(exist_ok=True)
    (out / "windows" / "travel-assistant.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (out / "macos" / "travel-assistant.icns").write_bytes(icns_bytes({s: pngs[s] for s in PNG_SIZES}))
    del app
    print(f"render_icons: {len(PNG_SIZES)} PNGs, .ico and .icns from {SVG.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
