"""The bundle's entry point: the same `main` as the pip-installed `travel-assistant` command."""

from __future__ import annotations

from desktop_app.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
