"""`travel-assistant --version [--verbose]`: what a bug report needs, without loading Qt unless asked."""

from __future__ import annotations

from desktop_app import __version__
from desktop_app.core.providers import PROVIDERS

SDKS = (*(p.sdk for p in PROVIDERS if p.sdk), "mcp")


def version_text(verbose: bool) -> str:
    """One line, or with `verbose` one more line each for Python, Qt and the SDKs."""
    lines = [f"travel-assistant {__version__}"]
    if verbose:
        import platform  # here, with importlib.metadata below: plain --version stays as fast as before

        lines.append(f"Python {platform.python_version()} ({platform.python_implementation()}, {platform.platform()})")
        lines.append(qt_line())
        lines += [f"{name} {package_version(name)}" for name in SDKS]
    return "\n".join(lines)


def package_version(name: str) -> str:
    """The installed distribution's version; a bundle without its metadata falls back to `__version__`."""
    import contextlib
    import importlib
    from importlib import metadata

    with contextlib.suppress(metadata.PackageNotFoundError):
        return metadata.version(name)
    try:
        module = importlib.import_module(name)
    except ImportError:
        return "not installed"
    version = getattr(module, "__version__", None)
    return version if isinstance(version, str) else "(version unknown)"


def qt_line() -> str:
    """PySide6 and the Qt it runs on; a Qt that cannot load is named, not raised."""
    try:
        from desktop_app.ui.qt_info import qt_versions
    except ImportError as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return f"Qt not available ({reason})"
    return qt_versions()
