"""The Qt face of the app: the only package that may import PySide6."""
