"""One command for the installers: `python packaging/build.py`.

Builds the PyInstaller one-folder bundle `dist/travel-assistant/`, then the platform's package:
a .deb on Linux (dpkg-deb), a .dmg on macOS (hdiutil), a setup .exe on Windows (Inno Setup).
Prints the bundle size, the package size and the build time.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from desktop_app import __version__  # noqa: E402
from desktop_app.desktop_entry import APP_ID, ICON_SIZES, desktop_entry_text  # noqa: E402

DIST = ROOT / "dist"
WORK = ROOT / "build"
BUNDLE = DIST / APP_ID
SPEC = ROOT / "packaging" / "travel-assistant.spec"
MAINTAINER = "Travel Assistant maintainers <maintainers@travel-assistant.invalid>"

# Shared library (soname) -> Debian package; "a | b" where Debian 13 / Ubuntu 24.04 renamed it
# (64-bit time_t transition). A soname missing here fails the build: add it, do not guess.
SONAME_PACKAGES = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libbz2.so.1.0": "libbz2-1.0",
    "libcrypto.so.3": "libssl3 | libssl3t64",
    "libssl.so.3": "libssl3 | libssl3t64",
    "libdbus-1.so.3": "libdbus-1-3",
    "libexpat.so.1": "libexpat1",
    "libffi.so.8": "libffi8",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libgcc_s.so.1": "libgcc-s1",
    "libglib-2.0.so.0": "libglib2.0-0 | libglib2.0-0t64",
    "libgio-2.0.so.0": "libglib2.0-0 | libglib2.0-0t64",
    "libgobject-2.0.so.0": "libglib2.0-0 | libglib2.0-0t64",
    "libgthread-2.0.so.0": "libglib2.0-0 | libglib2.0-0t64",
    "libgmodule-2.0.so.0": "libglib2.0-0 | libglib2.0-0t64",
    "libharfbuzz.so.0": "libharfbuzz0b",
    "liblzma.so.5": "liblzma5",
    "libsqlite3.so.0": "libsqlite3-0",
    "libstdc++.so.6": "libstdc++6",
    "libuuid.so.1": "libuuid1",
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-glx.so.0": "libxcb-glx0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libz.so.1": "zlib1g",
    "libzstd.so.1": "libzstd1",
    "libreadline.so.8": "libreadline8 | libreadline8t64",
    "libncursesw.so.6": "libncursesw6",
    "libtinfo.so.6": "libtinfo6",
}
GLIBC_SONAMES = {
    "libc.so.6", "libm.so.6", "libdl.so.2", "libpthread.so.0", "librt.so.1", "libutil.so.1",
    "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1", "libresolv.so.2", "libcrypt.so.1",
}  # fmt: skip
# Plugins that load only when their desktop is present (the GTK theme): their libraries are
# suggested, not required, so a GNOME-less machine does not pull GTK.
OPTIONAL_PLUGINS = ("platformthemes/libqgtk3",)
SUGGESTS = "libgtk-3-0 | libgtk-3-0t64"
# Not linked, but needed: a CJK font for Chinese text, and the sandbox for the shell tool.
EXTRA_DEPENDS = ["fonts-noto-cjk | fonts-wqy-microhei"]
RECOMMENDS = "bubblewrap"


def human(size: int) -> str:
    """Bytes as MB with one decimal, the unit the goals are stated in."""
    return f"{size / 1e6:.1f} MB"


def tree_size(path: Path) -> int:
    """Bytes of every regular file under `path` (symlinks not followed or counted)."""
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def render_icons_if_stale() -> None:
    """Re-renders the PNG/ico/icns icons when the SVG is newer than them (or they are missing)."""
    icons = ROOT / "resources" / "icons"
    svg = icons / f"{APP_ID}.svg"
    outputs = [icons / f"{APP_ID}-{s}.png" for s in ICON_SIZES] + [
        ROOT / "packaging" / "windows" / f"{APP_ID}.ico",
        ROOT / "packaging" / "macos" / f"{APP_ID}.icns",
    ]
    if all(p.exists() and p.stat().st_mtime >= svg.stat().st_mtime for p in outputs):
        return
    subprocess.run([sys.executable, str(ROOT / "packaging" / "render_icons.py")], check=True)


def run_pyinstaller() -> None:
    """The bundle from the spec, into dist/travel-assistant (replacing an older one)."""
    subprocess.run(
        [
            sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
            "--distpath", str(DIST), "--workpath", str(WORK / "pyinstaller"), str(SPEC),
        ],
        check=True,
        cwd=ROOT,
    )  # fmt: skip


# ---------------------------------------------------------------- Linux: the .deb


def elf_files(root: Path) -> list[Path]:
    """Every ELF file (executable, library, plugin, extension module) in the bundle."""
    found = []
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as fh:
                if fh.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def elf_needs(path: Path) -> tuple[set[str], str]:
    """The sonames `path` links against and the newest GLIBC symbol version it uses."""
    dynamic = subprocess.run(["readelf", "-dW", str(path)], capture_output=True, text=True).stdout
    needed = set(re.findall(r"\(NEEDED\).*\[(.+?)\]", dynamic))
    symbols = subprocess.run(["readelf", "-VW", str(path)], capture_output=True, text=True).stdout
    versions = re.findall(r"GLIBC_(\d+\.\d+)", symbols)
    newest = max(versions, key=lambda v: tuple(map(int, v.split("."))), default="2.17")
    return needed, newest


def system_needs(root: Path) -> tuple[set[str], set[str], str]:
    """Sonames the bundle needs from the system (required, optional-plugin-only) and min glibc."""
    present = {p.name for p in root.rglob("*.so*")}
    required: set[str] = set()
    optional: set[str] = set()
    glibc = "2.17"
    for path in elf_files(root):
        needed, newest = elf_needs(path)
        glibc = max(glibc, newest, key=lambda v: tuple(map(int, v.split("."))))
        missing = needed - present - GLIBC_SONAMES
        is_optional = any(part in path.as_posix() for part in OPTIONAL_PLUGINS)
        (optional if is_optional else required).update(missing)
    return required, optional - required, glibc


def deb_depends(root: Path) -> tuple[list[str], str]:
    """The Depends: list from what the bundled ELF files link against, plus fonts."""
    required, _optional, glibc = system_needs(root)
    unknown = sorted(s for s in required if s not in SONAME_PACKAGES)
    if unknown:
        raise SystemExit(
            f"build: no Debian package known for {', '.join(unknown)}; "
            "add them to SONAME_PACKAGES in packaging/build.py"
        )
    packages = sorted({SONAME_PACKAGES[s] for s in required})
    return [f"libc6 (>= {glibc})", *packages, *EXTRA_DEPENDS], glibc


# glibc of each release; PySide6 6.12 itself needs 2.34, so Debian 12 / Ubuntu 22.04 are the floor.
UBUNTU_GLIBC = (
    ("22.04", "2.35"), ("22.10", "2.36"), ("23.04", "2.37"), ("23.10", "2.38"), ("24.04", "2.39"),
    ("24.10", "2.40"), ("25.04", "2.41"),
)  # fmt: skip
DEBIAN_GLIBC = (("12", "2.36"), ("13", "2.41"))


def supported_distributions(glibc: str) -> str:
    """Which Debian and Ubuntu releases have a glibc at least `glibc`."""
    need = tuple(map(int, glibc.split(".")))

    def first(table: tuple[tuple[str, str], ...]) -> str:
        for release, have in table:
            if tuple(map(int, have.split("."))) >= need:
                return release + "+"
        return "newer than " + table[-1][0]

    return f"Debian {first(DEBIAN_GLIBC)}, Ubuntu {first(UBUNTU_GLIBC)}"


def deb_control(depends: list[str], installed_kb: int) -> str:
    """The DEBIAN/control file."""
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()
    return (
        f"Package: {APP_ID}\n"
        f"Version: {__version__}\n"
        f"Architecture: {arch}\n"
        f"Maintainer: {MAINTAINER}\n"
        f"Installed-Size: {installed_kb}\n"
        f"Depends: {', '.join(depends)}\n"
        f"Recommends: {RECOMMENDS}\n"
        f"Suggests: {SUGGESTS}\n"
        "Section: utils\n"
        "Priority: optional\n"
        "Description: travel assistant that shows its work\n"
        " Chat with an LLM travel agent while an inspector beside the chat shows every\n"
        " tool call the model asks for: the JSON, the result and the timing. Works with\n"
        " no API key and no network (a built-in offline planner), and with a key it\n"
        " talks to OpenAI, OpenAI-compatible services or Anthropic.\n"
    )


def stage_deb(stage: Path) -> None:
    """The package's file tree: the bundle in /opt, launcher, desktop entry, icons, copyright."""
    if stage.exists():
        shutil.rmtree(stage)
    opt = stage / "opt" / APP_ID
    shutil.copytree(BUNDLE, opt, symlinks=True)
    (stage / "usr" / "bin").mkdir(parents=True)
    os.symlink(f"/opt/{APP_ID}/{APP_ID}", stage / "usr" / "bin" / APP_ID)
    apps = stage / "usr" / "share" / "applications"
    apps.mkdir(parents=True)
    (apps / f"{APP_ID}.desktop").write_text(desktop_entry_text(APP_ID), encoding="utf-8")
    icons = ROOT / "resources" / "icons"
    hicolor = stage / "usr" / "share" / "icons" / "hicolor"
    for size in ICON_SIZES:
        target = hicolor / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True)
        shutil.copyfile(icons / f"{APP_ID}-{size}.png", target)
    (hicolor / "scalable" / "apps").mkdir(parents=True)
    shutil.copyfile(icons / f"{APP_ID}.svg", hicolor / "scalable" / "apps" / f"{APP_ID}.svg")
    doc = stage / "usr" / "share" / "doc" / APP_ID
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        f"Upstream-Name: {APP_ID}\n\nFiles: *\nCopyright: Travel Assistant authors\nLicense: MIT\n"
        " The bundled Qt libraries (PySide6) are LGPL-3.0; Python is PSF-2.0.\n",
        encoding="utf-8",
    )
    for path in stage.rglob("*"):  # dpkg wants 0755 dirs and no group/world-writable files
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() or os.access(path, os.X_OK) else 0o644)


def build_deb() -> Path:
    """dist/travel-assistant_<version>_<arch>.deb, built with dpkg-deb as root:root."""
    stage = WORK / "deb"
    stage_deb(stage)
    depends, glibc = deb_depends(stage / "opt" / APP_ID)
    (stage / "DEBIAN").mkdir()
    control = deb_control(depends, tree_size(stage) // 1024)
    (stage / "DEBIAN" / "control").write_text(control, encoding="utf-8")
    arch = control.split("Architecture: ")[1].split("\n")[0]
    out = DIST / f"{APP_ID}_{__version__}_{arch}.deb"
    subprocess.run(
        ["dpkg-deb", "--build", "--root-owner-group", "-Zxz", str(stage), str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    print(f"build: .deb needs glibc >= {glibc}: {supported_distributions(glibc)} ({arch})")
    return out


# ---------------------------------------------------------------- macOS and Windows


def build_dmg() -> Path:
    """dist/TravelAssistant-<version>.dmg: the .app and an Applications link, compressed."""
    folder = WORK / "dmg"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    shutil.copytree(DIST / "Travel Assistant.app", folder / "Travel Assistant.app", symlinks=True)
    os.symlink("/Applications", folder / "Applications")
    out = DIST / f"TravelAssistant-{__version__}.dmg"
    subprocess.run(
        [
            "hdiutil", "create", "-volname", "Travel Assistant", "-srcfolder", str(folder),
            "-ov", "-format", "UDZO", str(out),
        ],
        check=True,
    )  # fmt: skip
    return out


def build_setup_exe() -> Path:
    """dist/TravelAssistant-<version>-setup.exe from the Inno Setup script."""
    iscc = shutil.which("iscc") or r"C:\Program Files (x86)\Inno Setup 6\ISCC.exe"
    script = ROOT / "packaging" / "windows" / "travel-assistant.iss"
    subprocess.run(
        [iscc, f"/DAppVersion={__version__}", f"/DBundleDir={BUNDLE}", f"/O{DIST}", str(script)],
        check=True,
    )
    return DIST / f"TravelAssistant-{__version__}-setup.exe"


def build_package() -> Path:
    """The installer for the platform this runs on."""
    if sys.platform.startswith("linux"):
        return build_deb()
    if sys.platform == "darwin":
        return build_dmg()
    if sys.platform == "win32":
        return build_setup_exe()
    raise SystemExit(f"build: no installer recipe for {sys.platform}")


def main(argv: list[str] | None = None) -> int:
    """Bundle, package, and the three figures: bundle size, package size, build time."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bundle-only", action="store_true", help="skip the installer package")
    parser.add_argument("--package-only", action="store_true", help="reuse dist/travel-assistant")
    args = parser.parse_args(argv)
    started = time.monotonic()
    if not args.package_only:
        render_icons_if_stale()
        run_pyinstaller()
    bundle_time = time.monotonic() - started
    print(f"build: bundle  {BUNDLE.relative_to(ROOT)}/  {human(tree_size(BUNDLE))}")
    if not args.bundle_only:
        package = build_package()
        print(f"build: package {package.relative_to(ROOT)}  {human(package.stat().st_size)}")
    total = time.monotonic() - started
    print(
        f"build: time {total:.0f} s (bundle {bundle_time:.0f} s) "
        f"on {platform.system()} {platform.machine()}, Python {platform.python_version()}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
