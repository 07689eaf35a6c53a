"""`python -m desktop_app` runs the same CLI as `travel-assistant`."""

from desktop_app.cli import main

raise SystemExit(main())
