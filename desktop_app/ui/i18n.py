"""Chinese and English UI through Qt translation files (resources/translations/*.qm)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator, Signal

from desktop_app.paths import resources_dir

CONTEXT = "TravelAssistant"
LANGUAGES = {"en": "English", "zh_CN": "简体中文"}


def tr(text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """Translate one UI string; one context keeps the .ts file simple to maintain."""
    return QCoreApplication.translate(CONTEXT, text, disambiguation, n)


def marked(text: str) -> str:
    """A UI string translated later, where it is shown (`tr(variable)`): update_translations collects it."""
    return text


def resolve_language(choice: str, system: str | None = None) -> str:
    """`""` follows the system language: Chinese for any zh locale, else English."""
    if choice in LANGUAGES:
        return choice
    name = system if system is not None else QLocale.system().name()
    return "zh_CN" if name.lower().startswith("zh") else "en"


def qm_path(language: str) -> str:
    """The compiled translation file for a language (English is the source: none)."""
    return str(resources_dir() / "translations" / f"travel_assistant_{language}.qm")


class Language(QObject):
    """Owns the installed translator so it can be switched (Settings) without leaking."""

    changed = Signal(str)  # the language now used: windows retranslate their labels

    def __init__(self, app: QCoreApplication) -> None:
        super().__init__(app)
        self._app = app
        self._translators: list[QTranslator] = []
        self.current = "en"

    def apply(self, choice: str) -> str:
        """Install the translation for `choice` (or the system's); returns the language used."""
        language = resolve_language(choice)
        for old in self._translators:
            self._app.removeTranslator(old)
        self._translators = []
        if language != "en":
            translator = QTranslator(self)
            if not translator.load(qm_path(language)):
                return self.apply("en")
            self._translators.append(translator)
            qt_own = QTranslator(self)  # Qt's own strings: Save / Cancel / Yes / No ...
            if qt_own.load(f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
                self._translators.append(qt_own)
            for installed in self._translators:
                self._app.installTranslator(installed)
        self.current = language
        self.changed.emit(language)
        return language
