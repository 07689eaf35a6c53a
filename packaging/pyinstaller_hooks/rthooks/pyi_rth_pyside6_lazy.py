# Replaces PyInstaller's PySide6 run-time hook, which imports PySide6.QtCore at every start
# (loading Qt and ICU: ~100 ms) only to register a qt.conf that PySide6 6.x already embeds
# itself. The CLI commands (ask, tools, mcp-server, ...) never touch Qt, so they start faster;
# the window still finds its plugins through QT_PLUGIN_PATH, set here as the original does.
def _pyi_rthook() -> None:
    import os
    import sys

    from _pyi_rth_utils import is_macos_app_bundle, prepend_path_to_environment_variable
    from _pyi_rth_utils import qt as qt_rth_utils

    qt_rth_utils.ensure_single_qt_bindings_package("PySide6")
    if sys.platform.startswith("win"):
        qt_path = os.path.join(sys._MEIPASS, "PySide6")
    else:
        qt_path = os.path.join(sys._MEIPASS, "PySide6", "Qt")  # type: ignore[attr-defined]  # set by PyInstaller
    os.environ["QT_PLUGIN_PATH"] = os.path.join(qt_path, "plugins")
    if sys.platform.startswith("win"):
        prepend_path_to_environment_variable(sys._MEIPASS, "PATH")
    if sys.platform == "darwin" and not is_macos_app_bundle:
        prepend_path_to_environment_variable(sys._MEIPASS, "DYLD_LIBRARY_PATH")


_pyi_rthook()
del _pyi_rthook
