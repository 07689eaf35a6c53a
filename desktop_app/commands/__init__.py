"""The CLI handlers of CONTRACT.md, kept out of the engine and the stores they drive."""
