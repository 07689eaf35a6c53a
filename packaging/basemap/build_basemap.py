"""Build resources/data/basemap-110m.json, the Trip pane's offline world map, once, from Natural Earth.

Source: `countries-110m.json` of the npm package world-atlas@2.0.2 (ISC; Natural Earth 1:110m
admin-0 countries, public domain) as TopoJSON. Get it and run:

    cd /tmp && npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
    python packaging/basemap/build_basemap.py /tmp/package/countries-110m.json

The arcs are quantized and delta-encoded: each is decoded to longitude/latitude, the rings of
every country are joined from their arcs (a negative index, ~i, is arc i reversed), simplified
(Douglas-Peucker, TOLERANCE degrees) and written as flat [lon, lat, lon, lat, ...] lists with
two decimals. Nothing here runs in the app; the app only reads the JSON it writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "resources" / "data" / "basemap-110m.json"
TOLERANCE = 0.05  # degrees: about 6 km at the equator, about a pixel of the pane zoomed to two cities
Point = tuple[float, float]


def decode_arcs(topology: dict[str, Any]) -> list[list[Point]]:
    """Every arc as absolute longitude/latitude points (undoing the quantization and deltas)."""
    (sx, sy), (tx, ty) = topology["transform"]["scale"], topology["transform"]["translate"]
    arcs = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def ring(indexes: list[int], arcs: list[list[Point]]) -> list[Point]:
    """One ring from its arcs; consecutive arcs share their joining point, kept once."""
    out: list[Point] = []
    for i in indexes:
        points = arcs[i] if i >= 0 else arcs[~i][::-1]
        out.extend(points[1:] if out else points)
    return out


def simplify(points: list[Point], tolerance: float) -> list[Point]:
    """Douglas-Peucker, iterative (a long coastline would recurse deeply)."""
    if len(points) < 4:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (x1, y1), (x2, y2) = points[first], points[last]
        dx, dy = x2 - x1, y2 - y1
        norm = (dx * dx + dy * dy) ** 0.5
        worst, index = 0.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            d = abs(dy * (px - x1) - dx * (py - y1)) / norm if norm else ((px - x1) ** 2 + (py - y1) ** 2) ** 0.5
            if d > worst:
                worst, index = d, i
        if worst > tolerance and index > 0:
            keep[index] = True
            stack += [(first, index), (index, last)]
    return [p for p, k in zip(points, keep, strict=True) if k]


def polygons(topology: dict[str, Any]) -> list[dict[str, Any]]:
    """Each country's outer rings and holes as flat coordinate lists."""
    arcs = decode_arcs(topology)
    out = []
    for geometry in topology["objects"]["countries"]["geometries"]:
        kind = geometry.get("type")
        parts = [geometry["arcs"]] if kind == "Polygon" else geometry["arcs"] if kind == "MultiPolygon" else []
        rings = []
        for polygon in parts:
            for indexes in polygon:
                points = simplify(ring(indexes, arcs), TOLERANCE)
                if len(points) >= 4:
                    rings.append([round(v, 2) for p in points for v in p])
        if rings:
            out.append({"name": geometry.get("properties", {}).get("name", ""), "rings": rings})
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    topology = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    data: dict[str, Any] = {
        "source": "Natural Earth 1:110m admin-0 countries (public domain), via world-atlas@2.0.2 countries-110m.json",
        "projection": "longitude/latitude degrees (WGS84); rings are flat [lon, lat, lon, lat, ...] lists",
        "countries": polygons(topology),
    }
    OUT.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    rings = sum(len(c["rings"]) for c in data["countries"])
    points = sum(len(r) // 2 for c in data["countries"] for r in c["rings"])
    print(f"{OUT}: {len(data['countries'])} countries, {rings} rings, {points} points, {OUT.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
