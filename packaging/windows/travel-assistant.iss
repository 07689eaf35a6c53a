; Inno Setup 6 script for the Windows installer of Travel Assistant.
; Built by `python packaging/build.py` on Windows (after PyInstaller made dist\travel-assistant\),
; which runs:  ISCC.exe /DAppVersion=X.Y.Z /DBundleDir=<dist\travel-assistant> /O<dist> this.iss
; Per-user install (no administrator rights, no UAC prompt): the app goes to
; %LOCALAPPDATA%\Programs\Travel Assistant, the shortcut to the user's Start menu, and an
; uninstaller is registered under HKCU (Settings > Apps). Not built on the Linux CI machine.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#ifndef BundleDir
  #define BundleDir "..\..\dist\travel-assistant"
#endif
#define AppName "Travel Assistant"
#define GuiExe "Travel Assistant.exe"
#define CliExe "travel-assistant.exe"

[Setup]
; A fixed AppId ties upgrades and the uninstaller to this app; never change it.
AppId={{6C0F4D5E-2B7A-4C39-9E4B-7A1D2F3C8B10}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Travel Assistant authors
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
OutputBaseFilename=TravelAssistant-{#AppVersion}-setup
SetupIconFile=travel-assistant.ico
UninstallDisplayIcon={app}\{#GuiExe}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
; Simplified Chinese ships with recent Inno Setup releases only: use it when it is there.
#if FileExists(AddBackslash(CompilerPath) + "Languages\ChineseSimplified.isl")
Name: "chinesesimplified"; MessagesFile: "compiler:Languages\ChineseSimplified.isl"
#endif

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
; The whole PyInstaller one-folder bundle: both launchers and _internal\ (Qt, Python, resources).
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#GuiExe}"; WorkingDir: "{app}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#GuiExe}"; WorkingDir: "{app}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#GuiExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; Python may leave byte-code caches next to the bundle; the user's settings and history
; live in %APPDATA% / %LOCALAPPDATA%\travel-assistant and are kept.
Type: filesandordirs; Name: "{app}\_internal\__pycache__"
