"""Settings: provider, model, key (into the keyring only), live weather, approvals, language."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop_app.ui.i18n import LANGUAGES, tr
from desktop_app.ui.layout import choice_box, hbox, plain_label
from desktop_app.ui.settings.key_status import key_row, key_status_text
from desktop_app.ui.settings.model_picker import ModelPicker

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from desktop_app.engine_thread import EngineThread
    from desktop_app.store.settings import Settings
    from desktop_app.ui.approval import ApprovalDialogs

log = logging.getLogger(__name__)

# (label, provider, base_url, default model): offline, the known services, then a custom URL
CUSTOM = "custom"


def choices() -> list[tuple[str, str, str, str]]:
    """The provider menu: the offline demo, the presets of llm/presets.py, a custom service."""
    from desktop_app.llm.presets import PRESETS

    items = [(tr("Offline demo (no key)"), "offline", "", "")]
    for p in PRESETS:
        compatible = p.provider == "openai" and p.id != "openai"  # a service speaking OpenAI's API
        label = tr("OpenAI-compatible: %1").replace("%1", p.label) if compatible else p.label
        items.append((label, p.provider, p.base_url, p.model))
    items.append((tr("OpenAI-compatible: custom URL"), "openai", CUSTOM, ""))
    return items


def choice_index(items: list[tuple[str, str, str, str]], provider: str, base_url: str) -> int:
    """Which menu entry a saved provider + base URL corresponds to."""
    from desktop_app.llm.presets import matching_preset

    if provider in ("", "offline"):
        return 0
    found = matching_preset(provider, base_url)
    if found is not None:
        for i, item in enumerate(items):
            if item[1] == found.provider and item[2] == found.base_url:
                return i
    return len(items) - 1


def decision_label(word: str) -> str:
    """A logged decision or scope in words (translated)."""
    return {
        "approved": tr("allowed"),
        "denied": tr("denied"),
        "once": tr("once"),
        "conversation": tr("for this conversation"),
        "always": tr("always (Settings)"),
        "deny": tr("denied by the user"),
        "dismissed": tr("dialog closed"),
        "timeout": tr("timed out"),
        "cancelled": tr("run stopped"),
    }.get(word, word)


class SettingsDialog(QDialog):
    """Edits a copy of the settings; `saved` carries the new Settings after they were written."""

    saved = Signal(object)  # Settings
    testFinished = Signal(bool, str)  # the Test button's outcome
    modelChecked = Signal(str, str, object)  # base URL, model, `models check`'s report

    def __init__(
        self,
        settings: Settings,
        approver: ApprovalDialogs | None,
        parent: QWidget | None = None,
        engine: EngineThread | None = None,
        checks: Mapping[tuple[str, str], dict[str, Any]] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.setWindowTitle(tr("Settings"))
        self._settings = settings
        self._approver = approver
        self._engine = engine  # the engine thread: the model list and Check run there
        self._checks = checks
        self._test_task: asyncio.Task[None] | None = None
        tabs = QTabWidget(self)
        tabs.addTab(self._provider_tab(), tr("Provider"))
        tabs.addTab(self._approvals_tab(), tr("Approvals"))
        tabs.addTab(self._general_tab(), tr("General"))
        from desktop_app.ui.settings.shell_settings import ShellWebSettings  # shell tool, live web (own module)

        self.shell_section = ShellWebSettings(settings, self, self._engine)
        tabs.addTab(self.shell_section, tr("Shell and web"))
        self.tabs = tabs
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(tabs)
        layout.addWidget(buttons)
        self.resize(620, 480)

    # ---------------------------------------------------------------- provider tab
    def _provider_tab(self) -> QWidget:
        page = QWidget(self)
        form = QFormLayout(page)
        self._choices = choices()
        self.preset = choice_box(page, "preset", [(label, None) for label, *_rest in self._choices])
        self.models = ModelPicker(
            page,
            self._settings.model,
            self._settings.tool_calls,
            lambda: (self.provider(), self.base_url.text().strip(), self.models.text()),
            self._engine,
            self._checks,
            self._settings.request_timeout_s,
        )
        self.model = self.models.combo
        self.base_url = QLineEdit(self._settings.base_url, page)
        self.base_url.setObjectName("baseUrl")
        form.addRow(tr("Provider:"), self.preset)
        form.addRow(tr("Model:"), self.models.model_row())
        form.addRow("", self.models.check_row())
        form.addRow(tr("Base URL:"), self.base_url)
        form.addRow(tr("Tool calls:"), self.models.tool_calls)
        names = ("apiKey", "storeKey", "keyStatus")
        self.key, self.store_key, self.key_status = key_row(form, tr("API key:"), names, self.provider)
        self.key.setAccessibleName(tr("API key"))
        self.test_button = QPushButton(tr("Test"), page)
        self.test_button.setObjectName("test")
        self.test_result = plain_label("", page, "testResult")
        form.addRow("", hbox(self.test_button, self.test_result, grow=1))
        self.live_weather = QCheckBox(tr("Live weather from the internet (Open-Meteo)"), page)
        self.live_weather.setChecked(self._settings.live_weather)
        form.addRow("", self.live_weather)
        self.preset.setCurrentIndex(choice_index(self._choices, self._settings.provider, self._settings.base_url))
        self._update_enabled()
        self.models.target_changed()
        self.preset.currentIndexChanged.connect(self._preset_changed)
        self.base_url.textChanged.connect(self.models.target_changed)
        self.models.checked.connect(self.modelChecked)
        self.finished.connect(self.models.close)
        self.test_button.clicked.connect(self.start_test)
        self._refresh_key_status()
        return page

    def provider(self) -> str:
        return self._choices[self.preset.currentIndex()][1]

    def _preset_changed(self, index: int) -> None:
        _label, _provider, url, model = self._choices[index]
        self.base_url.setText("" if url == CUSTOM else url)
        self._update_enabled()
        self.models.server_changed(model)
        self._refresh_key_status()

    def _update_enabled(self) -> None:
        """The offline demo has no model, URL or key to set."""
        enabled = self.provider() != "offline"
        for widget in (self.key, self.store_key, self.base_url):
            widget.setEnabled(enabled)
        self.models.set_enabled(enabled)

    def _refresh_key_status(self) -> None:
        provider = self.provider()
        offline = provider == "offline"
        self.key_status.setText(tr("the offline demo needs no key") if offline else key_status_text(provider))

    # ---------------------------------------------------------------- test button
    def draft(self) -> Settings:
        """The settings as edited (not yet saved)."""
        approve = [n.strip() for n in self.always_allow.text().split(",") if n.strip()]
        draft = replace(
            self._settings,
            provider=self.provider(),
            model=self.models.text(),
            base_url=self.base_url.text().strip(),
            live_weather=self.live_weather.isChecked(),
            approval_timeout_s=self.timeout.value(),
            auto_approve=approve,
            language=str(self.language.currentData() or ""),
            color_scheme=str(self.scheme.currentData() or ""),
            tool_calls=dict(self.models.choices),
        )
        return self.shell_section.apply(draft)

    def start_test(self) -> asyncio.Task[None]:
        """One tiny request to the chosen provider; the outcome appears beside the button."""
        self.test_button.setEnabled(False)
        self.test_result.setText(tr("testing…"))
        self._test_task = asyncio.get_event_loop().create_task(self._test(self.draft()))
        return self._test_task

    async def _test(self, draft: Settings) -> None:
        ok, message = False, ""
        try:
            ok, message = await _tiny_request(draft)
        except Exception as exc:  # noqa: BLE001 - reported in the dialog
            message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        finally:
            self.test_button.setEnabled(True)
        self.test_result.setText(("✓ " if ok else "✗ ") + message)
        self.testFinished.emit(ok, message)

    # ---------------------------------------------------------------- approvals tab
    def _approvals_tab(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        form = QFormLayout()
        self.timeout = QSpinBox(page)
        self.timeout.setRange(5, 3600)
        self.timeout.setSuffix(" s")
        self.timeout.setValue(int(self._settings.approval_timeout_s))
        form.addRow(tr("Deny automatically after:"), self.timeout)
        self.always_allow = QLineEdit(", ".join(self._settings.auto_approve), page)
        self.always_allow.setObjectName("alwaysAllow")
        self.always_allow.setPlaceholderText(tr("tool names, comma separated"))
        form.addRow(tr("Always allow:"), self.always_allow)
        layout.addLayout(form)
        self.allowances = QListWidget(page)
        layout.addWidget(_buddy(QLabel(tr("Allowances in force:"), page), self.allowances))
        self.allowances.setObjectName("allowances")
        layout.addWidget(self.allowances)
        self.revoke = QPushButton(tr("Revoke selected"), page)
        self.revoke.setObjectName("revoke")
        self.revoke.clicked.connect(self._revoke)
        layout.addWidget(self.revoke)
        self.decisions = QTableWidget(0, 5, page)
        layout.addWidget(_buddy(QLabel(tr("Decisions:"), page), self.decisions))
        self.decisions.setObjectName("decisions")
        self.decisions.setHorizontalHeaderLabels([tr("When"), tr("Tool"), tr("Decision"), tr("How"), tr("Reason")])
        self.decisions.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.decisions, 1)
        self._fill_approvals()
        return page

    def _fill_approvals(self) -> None:
        self.allowances.clear()
        if self._approver is None:
            return
        for scope, name in self._approver.allowances():  # Settings' `always`, this session's
            item = QListWidgetItem(f"{name} — {scope}", self.allowances)
            item.setData(256, (scope, name))
        records = list(reversed(self._approver.log.records()))
        self.decisions.setRowCount(len(records))
        for row, rec in enumerate(records):
            when = dt.datetime.fromtimestamp(rec.at).strftime("%Y-%m-%d %H:%M:%S")
            row_texts = (when, rec.tool, decision_label(rec.decision), decision_label(rec.scope), rec.reason)
            for col, text in enumerate(row_texts):
                self.decisions.setItem(row, col, QTableWidgetItem(text))

    def _revoke(self) -> None:
        item = self.allowances.currentItem()
        if item is None or self._approver is None:
            return
        scope, name = item.data(256)
        self._approver.revoke(scope, name)
        if scope == "always":
            names = [n.strip() for n in self.always_allow.text().split(",")]
            self.always_allow.setText(", ".join(n for n in names if n and n != name))
        self._fill_approvals()

    # ---------------------------------------------------------------- general tab
    def _general_tab(self) -> QWidget:
        page = QWidget(self)
        form = QFormLayout(page)
        languages = [(tr("Follow the system"), ""), *((name, code) for code, name in LANGUAGES.items())]
        self.language = choice_box(page, "language", languages, self._settings.language)
        form.addRow(tr("Language:"), self.language)
        schemes = ((tr("Follow the system"), ""), (tr("Light"), "light"), (tr("Dark"), "dark"))
        self.scheme = choice_box(page, "colorScheme", schemes, self._settings.color_scheme)
        form.addRow(tr("Appearance:"), self.scheme)
        return page

    def save(self) -> None:
        """Write settings.json (never a key) and tell the window."""
        new = self.draft()
        try:
            new.save()
        except OSError as exc:
            self.test_result.setText(tr("Could not save the settings: %1").replace("%1", str(exc)))
            return
        self.saved.emit(new)
        self.accept()


async def _tiny_request(draft: Settings) -> tuple[bool, str]:
    """Ask the model for one word; True with the model's name when it answered."""
    from desktop_app.core.messages import UserMessage
    from desktop_app.llm.base import Completed, ModelRequest
    from desktop_app.runtime import RunOptions, build_model

    model = build_model(draft, RunOptions())
    request = ModelRequest(system=("Reply with one word.",), messages=(UserMessage("ping"),), tools=(), stream=False)
    try:
        async for item in model.stream(request):
            if isinstance(item, Completed):
                return True, tr("%1 answered").replace("%1", f"{model.provider}/{model.model}")
    finally:
        await model.aclose()
    return False, tr("no answer")


def _buddy(label: QLabel, widget: QWidget) -> QLabel:
    """The label names the widget for screen readers (and its mnemonic, if any, focuses it)."""
    label.setBuddy(widget)
    return label
