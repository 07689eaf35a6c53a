"""The Settings dialog's model controls: an editable drop-down filled from the server's
`/v1/models` (Refresh), "Check this model" (the probe of `models check`) and the `tool_calls`
choice (native / recover from text / off) for the chosen provider and model.

The list and the probe run on the engine thread (a keyring lookup and an HTTP request each)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from desktop_app.llm import errors
from desktop_app.llm.presets import tool_calls_mode
from desktop_app.ui.chat.status import check_summary
from desktop_app.ui.i18n import tr
from desktop_app.ui.layout import button, choice_box, hbox
from desktop_app.ui.text import plain_tip

if TYPE_CHECKING:
    from desktop_app.engine_thread import EngineThread

T = TypeVar("T")
LIST_TIMEOUT_S = 15.0
ERROR_CHARS = 160  # an error beside a button is one line; the whole text is its tooltip
Target = tuple[str, str, str]  # provider, base URL, model


def one_line(exc: BaseException) -> str:
    """An error as one short line (the whole of it goes into the tooltip)."""
    return errors.one_line(str(exc), ERROR_CHARS) or type(exc).__name__  # a type's name is far shorter


async def _list_on_engine(provider: str, base_url: str) -> list[str]:
    """On the engine thread: the model ids the server lists (the key looked up there too)."""
    from desktop_app.llm.model_check import list_models
    from desktop_app.store.secrets import lookup_key

    found = await list_models(provider, base_url, lookup_key(provider), timeout=LIST_TIMEOUT_S)
    return [str(m.get("id")) for m in found if m.get("id")]


async def _check_on_engine(provider: str, base_url: str, model: str, timeout: float) -> dict[str, Any]:
    """On the engine thread: `models check`'s probe for this model."""
    from desktop_app.llm.model_check import check
    from desktop_app.store.secrets import lookup_key

    return await check(provider, base_url, lookup_key(provider), model, timeout=timeout)


class ModelPicker(QObject):
    """The widgets of the model row, the check row and the tool-calls row, and what they do."""

    listFinished = Signal(bool, str)  # Refresh: ok, the line shown
    checkFinished = Signal(bool, str)  # Check: ok, the line shown
    checked = Signal(str, str, object)  # base URL, model, the report (a successful check)

    def __init__(
        self,
        parent: QWidget,
        model: str,
        tool_calls: Mapping[str, str],
        target: Callable[[], Target],
        engine: EngineThread | None = None,
        checks: Mapping[tuple[str, str], dict[str, Any]] | None = None,
        timeout: float = 60.0,
    ) -> None:
        super().__init__(parent)
        self._target = target
        self._engine = engine
        self._checks = checks if checks is not None else {}
        self._timeout = timeout
        self._closed = False
        self._checking: Target | None = None  # what a check under way probes
        self._listing: Target | None = None  # the server a Refresh under way reads
        self.tasks: set[asyncio.Task[None]] = set()
        self.choices = dict(tool_calls)  # settings.json's `tool_calls`, with this dialog's choices
        self.combo = QComboBox(parent)
        self.combo.setObjectName("model")
        self.combo.setEditable(True)  # any name can be typed; the list only helps
        self.combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.combo.setEditText(model)
        self.combo.setAccessibleName(tr("Model"))
        edit = self.combo.lineEdit()
        if edit is not None:
            edit.setAccessibleName(tr("Model"))
        self.refresh_button = button(tr("Refresh"), "refreshModels", parent, self.refresh)
        self.refresh_button.setToolTip(tr("Read the models the server offers (/v1/models)"))
        self.list_status = QLabel(parent)
        self.list_status.setObjectName("modelListStatus")
        self.check_button = button(tr("Check this model"), "checkModel", parent, self.check)
        self.check_button.setToolTip(tr("One request with one tool: does this model call tools?"))
        self.check_result = QLabel(parent)
        self.check_result.setObjectName("checkResult")
        self.apply_button = button("", "applyRecommended", parent, self.apply_recommended)  # the scorecard's advice
        self.apply_button.setAccessibleName(tr("Use the recommended tool-calls mode"))
        self.apply_button.setVisible(False)
        self.recommended = ""  # the last check's recommended tool-calls mode for the model in the field
        modes = ((tr("native"), "native"), (tr("recover from text"), "recover"), (tr("off"), "off"))
        self.tool_calls = choice_box(parent, "toolCalls", modes)
        self.tool_calls.setToolTip(
            tr("Calls a model writes as text: run them (recover), treat them as text (native), or offer no tools (off)")
        )
        self.tool_calls.activated.connect(self._tool_calls_chosen)
        self.combo.editTextChanged.connect(self.target_changed)

    # ---------------------------------------------------------------- layout
    def model_row(self) -> QHBoxLayout:
        row = hbox(self.combo, self.refresh_button, self.list_status)
        row.setStretch(2, 1)  # the field and the list's status share the spare width
        return row

    def check_row(self) -> QHBoxLayout:
        return hbox(self.check_button, self.check_result, self.apply_button, grow=1)

    # ---------------------------------------------------------------- the model field
    def text(self) -> str:
        return self.combo.currentText().strip()

    def server_changed(self, model: str) -> None:
        """Another provider or preset: its default model, no list or check from the last one."""
        self.combo.clear()
        self.combo.setEditText(model)
        self.list_status.clear()
        self.list_status.setToolTip("")
        self.target_changed()

    def set_enabled(self, enabled: bool) -> None:
        """Off for the offline demo; a button stays off while its request is under way."""
        self.combo.setEnabled(enabled)
        self.refresh_button.setEnabled(enabled and self._listing is None)
        self.check_button.setEnabled(enabled and self._checking is None)

    def target_changed(self) -> None:
        """The model, base URL or provider changed: the tool-calls choice and any check follow."""
        provider, base_url, model = self._target()
        mode = tool_calls_mode(provider, base_url, model, self.choices)
        self.tool_calls.setCurrentIndex(max(0, self.tool_calls.findData(mode)))
        self.tool_calls.setEnabled(provider == "openai")  # only the OpenAI-compatible adapter reads text calls
        if self._checking is None:  # a check under way says so until it ends
            report = self._checks.get((base_url.rstrip("/"), model))
            self.check_result.setText(check_summary(report) if report else "")
            self._offer(report)

    def _offer(self, report: Mapping[str, Any] | None) -> None:
        """One click to the mode the scorecard recommends, while the choice is another."""
        card = report.get("scorecard") if report else None
        self.recommended = str(card.get("recommended", "")) if isinstance(card, Mapping) else ""
        index = self.tool_calls.findData(self.recommended)
        offer = index >= 0 and index != self.tool_calls.currentIndex() and self.tool_calls.isEnabled()
        self.apply_button.setText(tr("Use “%1”").replace("%1", self.tool_calls.itemText(index)) if offer else "")
        self.apply_button.setToolTip(tr("The tool-calls mode this model passed the scorecard best with"))
        self.apply_button.setVisible(offer)

    def apply_recommended(self) -> None:
        """The scorecard's recommendation becomes this model's tool-calls choice (kept on Save)."""
        index = self.tool_calls.findData(self.recommended)
        if index >= 0:
            self.tool_calls.setCurrentIndex(index)
            self._tool_calls_chosen(index)
        self.apply_button.setVisible(False)

    def _tool_calls_chosen(self, index: int) -> None:
        """A person picked native / recover / off: kept for this model (or URL, or provider)."""
        provider, base_url, model = self._target()
        key = model or base_url.rstrip("/") or provider
        mode = self.tool_calls.itemData(index)
        if key and isinstance(mode, str):
            self.choices[key] = mode

    # ---------------------------------------------------------------- Refresh
    def refresh(self) -> asyncio.Task[None]:
        """Read the server's models off the UI thread; the list fills the drop-down."""
        provider, base_url, _model = self._listing = self._target()
        self.refresh_button.setEnabled(False)
        self.list_status.setText(tr("reading the list…"))
        self.list_status.setToolTip("")
        return self._spawn(self._refresh(provider, base_url))

    async def _refresh(self, provider: str, base_url: str) -> None:
        names: list[str] = []
        ok, line, tip = False, "", ""
        try:
            names = await self._on_engine(_list_on_engine(provider, base_url))
            ok = True
        except Exception as exc:  # noqa: BLE001 - one line beside the button
            line, tip = "✗ " + one_line(exc), " ".join(str(exc).split())
        if self._closed:
            return
        self._listing = None
        self.refresh_button.setEnabled(self.combo.isEnabled())
        if self._target()[:2] != (provider, base_url):  # another server by now: not its list
            self.listFinished.emit(ok, line)
            return
        if ok:
            typed = self.combo.currentText()
            self.combo.blockSignals(True)
            self.combo.clear()
            self.combo.addItems(names)
            self.combo.setEditText(typed)  # what was typed stays
            self.combo.blockSignals(False)
            line = tr("%1 models listed").replace("%1", str(len(names))) if names else tr("the server lists no models")
        self.list_status.setText(line)
        self.list_status.setToolTip(plain_tip(tip))
        self.listFinished.emit(ok, line)

    # ---------------------------------------------------------------- Check
    def check(self) -> asyncio.Task[None]:
        """`models check`'s probe for the model in the field; the result appears beside the button."""
        provider, base_url, model = self._checking = self._target()
        self.check_button.setEnabled(False)
        self.check_button.setText(tr("Checking…"))
        self.check_result.setText("")
        self.check_result.setToolTip("")
        return self._spawn(self._check(provider, base_url, model))

    async def _check(self, provider: str, base_url: str, model: str) -> None:
        report: dict[str, Any] | None = None
        tip = ""
        try:
            report = await self._on_engine(_check_on_engine(provider, base_url, model, self._timeout))
        except Exception as exc:  # noqa: BLE001 - one line beside the button
            line, tip = "✗ " + one_line(exc), " ".join(str(exc).split())
        else:
            line = check_summary(report)
        if self._closed:
            return
        self._checking = None
        self.check_button.setEnabled(self.combo.isEnabled())
        self.check_button.setText(tr("Check this model"))
        if self._target() == (provider, base_url, model):  # not another model's result
            self.check_result.setText(line)
            where = f"{report['model']} · {report['base_url']}" if report else ""
            self.check_result.setToolTip(plain_tip(tip or where))
            self._offer(report)
        if report is not None:
            self.checked.emit(base_url, model, report)
        self.checkFinished.emit(report is not None, line)

    # ---------------------------------------------------------------- the engine
    def _spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_event_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def _on_engine(self, coro: Coroutine[Any, Any, T]) -> T:
        """On the engine thread (the window's EngineThread); on this loop only without one (a bare dialog)."""
        if self._engine is None:
            return await coro
        self._engine.start()
        return await self._engine.run(coro)

    def close(self) -> None:
        """The dialog closed: stop what runs (the engine's side is cancelled too), touch no widget."""
        self._closed = True
        for task in list(self.tasks):
            task.cancel()
