"""The inspector's dock: a placeholder of its width at the first paint, the inspector on first use.

Its import is ~0.1 s of start-up, so events that arrive before it exists wait here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import QDockWidget, QFrame, QScrollArea, QWidget

from desktop_app.ui.i18n import tr

if TYPE_CHECKING:
    from collections.abc import Callable

    from desktop_app.core.events import Event
    from desktop_app.ui.inspector.inspector import Inspector

INSPECTOR_WIDTH = 530  # the inspector dock's width before any saved layout (its own size hint)
W = TypeVar("W", bound=QWidget)


class _Placeholder(QWidget):
    """The inspector's width as a hint, not a minimum: a narrow screen may squeeze it."""

    def sizeHint(self) -> QSize:
        return QSize(INSPECTOR_WIDTH, 0)


class LazyDock(QDockWidget):
    """A dock (the inspector's, the Trip tab's) holding a placeholder until its content is first used."""

    def __init__(self, title: str, name: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.setObjectName(name)
        self.setWidget(_Placeholder(self))  # the content replaces it after the first paint
        self.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )

    def _scrolled(self, make: Callable[[QWidget], W]) -> W:
        """The content in a scroll area, for the placeholder: a short screen scrolls it, never crops the window."""
        scroll = QScrollArea(self)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidgetResizable(True)
        content = make(scroll)
        scroll.setWidget(content)
        self.setWidget(scroll)
        return content


class InspectorDock(LazyDock):
    """Holds the inspector; `callSelected(id)` forwards the inspector's selection."""

    callSelected = Signal(str)
    replayRequested = Signal(str, str)  # fork at a recorded call: its id, the mode
    tryRequested = Signal(str, object)  # the person calls a tool: name, arguments

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Inspector"), "inspectorDock", parent)
        self._inspector: Inspector | None = None
        self._backlog: list[Event | dict[str, Any]] = []

    def inspector(self) -> Inspector:
        """The inspector, built on first use; events that came before are handed to it then."""
        if self._inspector is None:
            from desktop_app.ui.inspector.inspector import Inspector

            self._inspector = self._scrolled(Inspector)
            self._inspector.callSelected.connect(self.callSelected)
            self._inspector.replayRequested.connect(self.replayRequested)
            self._inspector.tryRequested.connect(self.tryRequested)
            backlog, self._backlog = self._backlog, []
            for event in backlog:
                self._inspector.handle_event(event)
        return self._inspector

    def show_tab(self, index: int) -> None:
        """Alt+1..3: the inspector's tab, shown, in front of the docks tabbed with it (the Trip
        tab) and focused (arrow keys then move through calls)."""
        self.show()
        self.raise_()
        self.inspector().show_tab(index)

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Inspector"))
        if self._inspector is not None:
            self._inspector.retranslate()

    def handle_event(self, event: Event) -> None:
        """An engine event for the inspector; kept until it exists."""
        if self._inspector is None:
            self._backlog.append(event)
        else:
            self._inspector.handle_event(event)
