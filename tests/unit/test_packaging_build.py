"""packaging/build.py: the .deb's Depends come from what the bundled ELF files really link."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("packaging_build", ROOT / "packaging" / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load_build()
needs_readelf = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not shutil.which("readelf"), reason="Linux binutils"
)


@pytest.mark.parametrize(
    ("glibc", "expected"),
    [
        ("2.34", "Debian 12+, Ubuntu 22.04+"),
        ("2.35", "Debian 12+, Ubuntu 22.04+"),
        ("2.36", "Debian 12+, Ubuntu 22.10+"),
        ("2.39", "Debian 13+, Ubuntu 24.04+"),
        ("2.40", "Debian 13+, Ubuntu 24.10+"),
    ],
)
def test_supported_distributions_follow_glibc(glibc: str, expected: str) -> None:
    assert build.supported_distributions(glibc) == expected


@needs_readelf
def test_elf_needs_reads_sonames_and_glibc_version() -> None:
    needed, glibc = build.elf_needs(Path(sys.executable).resolve())
    assert "libc.so.6" in needed
    assert tuple(map(int, glibc.split("."))) >= (2, 2)


@needs_readelf
def test_depends_name_packages_for_what_the_bundle_links(tmp_path: Path) -> None:
    import PySide6

    qt_lib = Path(PySide6.__file__).parent / "Qt" / "lib"
    if not (qt_lib / "libQt6Gui.so.6").is_file():
        pytest.skip("PySide6 wheel layout without Qt/lib")
    for name in ("libQt6Gui.so.6", "libQt6Core.so.6", "libQt6DBus.so.6", *(p.name for p in qt_lib.glob("libicu*"))):
        shutil.copy(qt_lib / name, tmp_path / name)
    depends, glibc = build.deb_depends(tmp_path)
    assert depends[0] == f"libc6 (>= {glibc})"
    assert "libgl1" in depends and "libegl1" in depends and "libfontconfig1" in depends
    assert depends[-1] == "fonts-noto-cjk | fonts-wqy-microhei"


@needs_readelf
def test_an_unknown_system_library_stops_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(Path(sys.executable).resolve(), tmp_path / "travel-assistant")
    monkeypatch.setattr(build, "SONAME_PACKAGES", {})
    monkeypatch.setattr(build, "GLIBC_SONAMES", set())
    with pytest.raises(SystemExit, match="no Debian package known"):
        build.deb_depends(tmp_path)


def test_control_file_has_the_required_fields(monkeypatch: pytest.MonkeyPatch) -> None:
    if not shutil.which("dpkg"):
        pytest.skip("dpkg absent")
    control = build.deb_control(["libc6 (>= 2.35)", "libgl1"], 1234)
    fields = dict(line.split(": ", 1) for line in control.splitlines() if not line.startswith(" "))
    assert fields["Package"] == "travel-assistant"
    assert fields["Depends"] == "libc6 (>= 2.35), libgl1"
    assert fields["Recommends"] == "bubblewrap"
    assert fields["Installed-Size"] == "1234"
