"""The chat column: header row, offline banner, transcript, skill and attachment chips, input, buttons."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from desktop_app.ui.chat.attachments import AttachmentChip
from desktop_app.ui.chat.chat_view import ChatView
from desktop_app.ui.chat.composer import Composer
from desktop_app.ui.chat.find_bar import FindBar
from desktop_app.ui.chat.skills_ui import SkillChip
from desktop_app.ui.chat.status import OfflineBanner
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import hbox
from desktop_app.ui.mcp_app.panel import AppSlot


class RunButtons:
    """Retry, Stop and Send under the input box, enabled by whether a run is going."""

    def __init__(self, parent: QWidget) -> None:
        self.send = QPushButton(parent)
        self.stop = QPushButton(parent)
        self.retry = QPushButton(parent)
        self.retranslate()
        self.set_busy(False, can_retry=False)

    def retranslate(self) -> None:
        self.send.setText(tr("Send"))
        self.stop.setText(tr("Stop"))
        self.stop.setToolTip(tr("Stop the run (Esc)"))
        self.retry.setText(tr("Retry"))
        self.retry.setToolTip(tr("Ask again for the last answer"))

    def set_busy(self, busy: bool, can_retry: bool) -> None:
        self.send.setEnabled(not busy)
        self.stop.setEnabled(busy)
        self.retry.setEnabled(not busy and can_retry)


class ChatColumn(QWidget):
    """The middle column, built whole: header row, offline banner, find bar, transcript, App views,
    skill and attachment chips, the message box and the run buttons (the transcript stretches)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.chat = ChatView(self)
        self.composer = Composer(self)
        self.skill_chip = SkillChip(self)
        self.attach_chip = AttachmentChip(self)
        self.find_bar = FindBar(self.chat, self)
        self.app_slot = AppSlot(self)  # MCP Apps' views go here, under the transcript (empty until one opens)
        self.buttons = RunButtons(self)
        self.settings_button = QPushButton(tr("Settings…"), self)
        self.header = QLabel(self)
        self.header.setObjectName("header")
        self.banner = OfflineBanner(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(hbox(self.header, self.settings_button))
        for widget, stretch in ((self.banner, 0), (self.find_bar, 0), (self.chat, 1), (self.app_slot, 0)):
            layout.addWidget(widget, stretch)
        chip_row = hbox(self.skill_chip, self.attach_chip, grow=None)
        chip_row.addStretch(1)  # the chips keep their own width
        layout.addLayout(chip_row)
        layout.addWidget(self.composer)
        button_row = hbox(self.buttons.retry, self.buttons.stop, self.buttons.send, grow=None)
        button_row.insertStretch(0, 1)  # the buttons keep their own width, at the right
        layout.addLayout(button_row)

    def retranslate(self) -> None:
        self.settings_button.setText(tr("Settings…"))
        parts = (self.buttons, self.banner, self.composer, self.skill_chip, self.attach_chip, self.find_bar, self.chat)
        for part in parts:
            part.retranslate()
