"""The view itself: a QWebEngineView on its own off-the-record profile, every request checked.

Isolation, each layer on its own (none relies on Chromium's process sandbox, which refuses to run
as root; tests set QTWEBENGINE_DISABLE_SANDBOX=1 only then): a fresh off-the-record profile per
view (nothing shared, nothing on disk), settings that switch off what a view has no use for, every
permission refused, no navigation but the host page and its `srcdoc` frame (a clicked link opens in
the system browser), no popups, an interceptor that blocks (and counts) every request to an origin
the resource did not declare, and egress.py for the connections no request stands for: its proxy
tunnels only to declared origins, WebRTC may not use UDP, and `RTCPeerConnection` is gone before the
view's first script runs (STUB_JS). Each refusal is reported as a blocked request."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QByteArray, QEvent, QFile, QIODevice, QObject, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWebChannel import QWebChannel
from PySide6.QtWebEngineCore import (
    QWebEnginePage,
    QWebEngineProfile,
    QWebEngineScript,
    QWebEngineSettings,
    QWebEngineUrlRequestInfo,
    QWebEngineUrlRequestInterceptor,
)
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QWidget

from desktop_app.mcp.apps import AppResource
from desktop_app.ui.mcp_app import egress
from desktop_app.ui.mcp_app.shell import HOST_JS, MAX_REPORTED, STUB_JS, STUB_MARKER, shell_html, with_policy

egress.install()  # before the first profile: Chromium reads its flags once, when the engine starts

CLICK_WINDOW_S = 2.0  # a `ui/open-link` is honoured only this soon after a click in the view
WEB = ("http", "https")
_OFF = (
    "LocalContentCanAccessFileUrls",
    "LocalContentCanAccessRemoteUrls",
    "JavascriptCanOpenWindows",
    "JavascriptCanAccessClipboard",
    "JavascriptCanPaste",
    "LocalStorageEnabled",
    "PluginsEnabled",
    "PdfViewerEnabled",
    "DnsPrefetchEnabled",
    "NavigateOnDropEnabled",
    "ScreenCaptureEnabled",
    "AllowWindowActivationFromJavaScript",
    "AllowRunningInsecureContent",
    "AllowGeolocationOnInsecureOrigins",
    "FocusOnNavigationEnabled",
    "XSSAuditingEnabled",
    "HyperlinkAuditingEnabled",
)


class Interceptor(QWebEngineUrlRequestInterceptor):
    """Every request the page makes: allowed only to an origin the resource declared."""

    def __init__(self, allows: Callable[[str], bool], blocked: Callable[[str], None], parent: QObject) -> None:
        super().__init__(parent)
        self._allows, self._blocked = allows, blocked

    def interceptRequest(self, info: QWebEngineUrlRequestInfo) -> None:  # noqa: N802 - Qt override
        url = info.requestUrl().toString()
        if url.startswith(("data:", "blob:", "about:")) or self._allows(url):
            return
        info.block(True)
        self._blocked(url)


class Page(QWebEnginePage):
    """The host page: only its own load and the view's frame; links go to the system browser."""

    def __init__(
        self, profile: QWebEngineProfile, parent: QObject, opened: Callable[[str], None], stubbed: Callable[[str], None]
    ) -> None:
        super().__init__(profile, parent)
        self._opened, self._stubbed = opened, stubbed
        self._reported: set[str] = set()
        self._shell = False  # the host page has been let through once
        self._frame = False  # and the view's srcdoc frame
        self.refused: list[str] = []
        self.permissionRequested.connect(lambda permission: permission.deny())

    def acceptNavigationRequest(self, url: QUrl | str, kind: QWebEnginePage.NavigationType, main: bool) -> bool:  # noqa: N802 - Qt override
        url = QUrl(url)
        text = url.toString()
        if main and not self._shell and url.scheme() == "data":
            self._shell = True
            return True
        if not main and not self._frame and text == "about:srcdoc":
            self._frame = True
            return True
        self.refused.append(text[:300])
        if kind == QWebEnginePage.NavigationType.NavigationTypeLinkClicked and url.scheme() in WEB:
            self._opened(text)
        return False

    def createWindow(self, _kind: QWebEnginePage.WebWindowType) -> QWebEnginePage | None:  # type: ignore[override]  # noqa: N802 - Qt override
        return None  # no popups, no new windows

    def javaScriptConsoleMessage(self, _level: Any, message: str, *_args: Any) -> None:  # noqa: N802 - Qt override
        """A view's console is its own business (it would end up in Qt's log); a blocked attempt is reported once."""
        if message.startswith(STUB_MARKER) and len(self._reported) < MAX_REPORTED:
            what = message[len(STUB_MARKER) :][:300]
            if what not in self._reported:
                self._reported.add(what)
                self._stubbed(what)


class Channel(QObject):
    """The object the host script sees as `host` (QWebChannel, ApplicationWorld only)."""

    load = Signal(str)  # the view's HTML, for the host script to put in its frame
    deliver = Signal(str)  # one JSON-RPC message for the view
    received = Signal(str)  # one message from the view (JSON text, untrusted)
    ready_ = Signal()
    droppedCount = Signal(int)

    @Slot(str)
    def receive(self, text: str) -> None:
        self.received.emit(text)

    @Slot(int)
    def dropped(self, count: int) -> None:
        self.droppedCount.emit(count)

    @Slot()
    def ready(self) -> None:
        self.ready_.emit()


def _qwebchannel_js() -> str:
    file = QFile(":/qtwebchannel/qwebchannel.js")
    if not file.open(QIODevice.OpenModeFlag.ReadOnly):
        raise RuntimeError("qwebchannel.js is missing from Qt's resources")
    data: QByteArray = file.readAll()
    file.close()
    return bytes(data.data()).decode("utf-8")


def _stub_script() -> QWebEngineScript:
    """STUB_JS in the page's own world of every frame, before any of the frame's scripts."""
    script = QWebEngineScript()
    script.setName("mcp-app-no-webrtc")
    script.setSourceCode(STUB_JS)
    script.setWorldId(QWebEngineScript.ScriptWorldId.MainWorld)
    script.setInjectionPoint(QWebEngineScript.InjectionPoint.DocumentCreation)
    script.setRunsOnSubFrames(True)
    return script


class McpAppView(QWebEngineView):
    """One view: `show_resource(resource)` renders it; `post(message)` sends it a message."""

    received = Signal(str)  # a message the view posted (JSON text)
    dropped = Signal(int)  # messages the host script dropped (over the rate)
    blocked = Signal(str)  # a request the interceptor blocked (or the proxy refused, or a stub refused)
    _refused = Signal(str)  # the egress proxy's refusals, from its thread: queued onto ours as `blocked`
    linkOpened = Signal(str)  # a web link the person clicked, opened in the system browser

    def __init__(self, parent: QWidget | None = None, open_url: Callable[[QUrl], Any] | None = None) -> None:
        super().__init__(parent)
        self._open_url = open_url or QDesktopServices.openUrl
        self.last_click = -1e9
        self.resource: AppResource | None = None
        self.profile = QWebEngineProfile(self)  # no storage name: off the record
        self.profile.setHttpCacheType(QWebEngineProfile.HttpCacheType.NoCache)
        self.profile.setPersistentCookiesPolicy(QWebEngineProfile.PersistentCookiesPolicy.NoPersistentCookies)
        self.profile.setSpellCheckEnabled(False)
        self.interceptor = Interceptor(self._allows, self.blocked.emit, self)
        self.profile.setUrlRequestInterceptor(self.interceptor)
        self.token = egress.new_token()
        self.profile.setHttpUserAgent(egress.user_agent(self.profile.httpUserAgent(), self.token))
        self._refused.connect(self.blocked, Qt.ConnectionType.QueuedConnection)
        egress.GATE.open(self.token, self._allows, self._refused.emit)
        page = self.web_page = Page(self.profile, self, self._link_clicked, self.blocked.emit)
        settings = page.settings()
        for name in _OFF:
            attribute = getattr(QWebEngineSettings.WebAttribute, name, None)
            if attribute is not None:
                settings.setAttribute(attribute, False)
        settings.setAttribute(QWebEngineSettings.WebAttribute.JavascriptEnabled, True)
        settings.setUnknownUrlSchemePolicy(QWebEngineSettings.UnknownUrlSchemePolicy.DisallowUnknownUrlSchemes)
        self.channel_object = Channel(self)
        self.channel = QWebChannel(self)
        self.channel.registerObject("host", self.channel_object)
        page.setWebChannel(self.channel, QWebEngineScript.ScriptWorldId.ApplicationWorld)
        script = QWebEngineScript()
        script.setName("mcp-app-host")
        script.setSourceCode(_qwebchannel_js() + HOST_JS)
        script.setWorldId(QWebEngineScript.ScriptWorldId.ApplicationWorld)
        script.setInjectionPoint(QWebEngineScript.InjectionPoint.DocumentReady)
        script.setRunsOnSubFrames(False)  # the host page only, never the view's frame
        page.scripts().insert(script)
        page.scripts().insert(_stub_script())
        self.setPage(page)
        self.channel_object.received.connect(self.received)
        self.channel_object.droppedCount.connect(self.dropped)
        self.channel_object.ready_.connect(self._host_ready)
        self._host_up = False

    def dispose(self) -> None:
        """Delete the page before its profile (Qt warns, and may crash, the other way round)."""
        self.channel_object.blockSignals(True)
        egress.GATE.close(self.token)
        if not shiboken6.isValid(self.web_page):
            return
        self.setPage(QWebEnginePage(self))  # the view lets go of the page, on the default profile
        shiboken6.delete(self.web_page)  # now, not deleteLater: at exit no event loop runs it
        shiboken6.delete(self.profile)

    def _allows(self, url: str) -> bool:
        return self.resource is not None and self.resource.csp.allows(url)

    def show_resource(self, resource: AppResource, background: str) -> None:
        """Load the host page under the resource's policy; the view follows once the host script is up."""
        self.resource = resource
        self.web_page.setHtml(shell_html(resource.csp.header(), background))

    def _host_ready(self) -> None:
        if self._host_up or self.resource is None:
            return
        self._host_up = True
        self.channel_object.load.emit(with_policy(self.resource.html, self.resource.csp.header()))

    def post(self, message: dict[str, Any]) -> None:
        self.channel_object.deliver.emit(json.dumps(message, ensure_ascii=False))

    def _link_clicked(self, url: str) -> None:
        self._open_url(QUrl(url))
        self.linkOpened.emit(url)

    def open_link(self, url: str) -> bool:
        """`ui/open-link`: a web URL, and only right after a click in the view (as a browser's popup rule)."""
        qurl = QUrl(url)
        if qurl.scheme() not in WEB or not qurl.isValid() or time.monotonic() - self.last_click > CLICK_WINDOW_S:
            return False
        self.last_click = -1e9  # one click, one link
        self._link_clicked(qurl.toString())
        return True

    def childEvent(self, event: Any) -> None:
        super().childEvent(event)
        child = event.child()
        if event.added() and isinstance(child, QWidget):  # the render widget gets the clicks
            child.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.MouseButtonPress:
            self.last_click = time.monotonic()
        return super().eventFilter(watched, event)
