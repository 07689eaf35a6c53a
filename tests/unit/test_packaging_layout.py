"""pyproject ships every package and resources/ as desktop_app.resources; resources_dir() finds the right copy."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from desktop_app.paths import RESOURCES_MARKER, find_resources, resources_dir

ROOT = Path(__file__).resolve().parents[2]


def setuptools_config() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        config: dict[str, object] = tomllib.load(file)["tool"]["setuptools"]
    return config


def expected_packages() -> set[str]:
    """Every code package of desktop_app/ and every folder of resources/ the app reads."""
    code = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "desktop_app").rglob("__init__.py")}
    folders = (p for p in (ROOT / "resources").rglob("*") if p.is_dir() and p.name != "__pycache__")
    data = {
        ".".join(("desktop_app", "resources", *p.relative_to(ROOT / "resources").parts))
        for p in folders
        if p.relative_to(ROOT / "resources").parts[0] != "screenshots"
    }
    return code | data | {"desktop_app.resources"}


def test_every_package_and_resource_folder_is_listed() -> None:
    config = setuptools_config()
    assert config["package-dir"] == {"desktop_app.resources": "resources"}
    assert set(config["packages"]) == expected_packages()  # type: ignore[call-overload]


def make_resources(path: Path) -> Path:
    (path / RESOURCES_MARKER).parent.mkdir(parents=True)
    (path / RESOURCES_MARKER).write_text("prompt", encoding="utf-8")
    return path


def test_the_bundle_then_the_package_then_the_checkout(tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    (site / "resources").mkdir(parents=True)  # another distribution's stray top-level folder
    package = site / "desktop_app"
    with pytest.raises(FileNotFoundError, match="reinstall the app"):
        find_resources(package, None)
    checkout = make_resources(site / "resources")
    assert find_resources(package, None) == checkout
    installed = make_resources(package / "resources")
    assert find_resources(package, None) == installed
    bundle = make_resources(tmp_path / "meipass" / "resources")
    assert find_resources(package, str(bundle.parent)) == bundle


def test_the_checkout_resolves_to_the_top_level_folder() -> None:
    assert resources_dir() == ROOT / "resources"


def test_every_package_has_an_up_to_date_readme_of_its_files() -> None:
    """Issue 24: a few-line README per package listing its files (packaging/package_readmes.py)."""
    import subprocess
    import sys

    script = Path(__file__).resolve().parents[2] / "packaging" / "package_readmes.py"
    done = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"stale package READMEs (run packaging/package_readmes.py):\n{done.stdout}"
