/** The provider documentation opened by Help › Documentation. */
export const DOCUMENTATION_URL = 'https://docs.sign-in.service.gov.uk/';

/** The Electron menu roles this menu uses. */
export type MenuRole =
  | 'appMenu'
  | 'editMenu'
  | 'windowMenu'
  | 'quit'
  | 'close'
  | 'reload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen';

/** A menu item, structurally a subset of Electron's `MenuItemConstructorOptions`. */
export interface MenuItemSpec {
  id?: string;
  label?: string;
  role?: MenuRole;
  type?: 'separator';
  accelerator?: string;
  click?: () => void;
  submenu?: MenuItemSpec[];
}

export interface MenuActions {
  importConfig(): void;
  exportConfig(): void;
  revealDataFolder(): void;
  openDocumentation(): void;
  checkForUpdates(): void;
}

export interface MenuTemplateInput {
  /** Installed app (true) or development run (false): DevTools only in development. */
  isPackaged: boolean;
  platform: string;
  actions: MenuActions;
}

const separator: MenuItemSpec = { type: 'separator' };

/** The application menu: File, Edit, View, Window, Help (plus the app menu on macOS). */
export function buildMenuTemplate({
  isPackaged,
  platform,
  actions,
}: MenuTemplateInput): MenuItemSpec[] {
  const mac = platform === 'darwin';
  const file: MenuItemSpec = {
    label: '&File',
    submenu: [
      {
        id: 'import-config',
        label: 'Import configuration…',
        accelerator: 'CmdOrCtrl+O',
        click: actions.importConfig,
      },
      {
        id: 'export-config',
        label: 'Export configuration…',
        accelerator: 'CmdOrCtrl+S',
        click: actions.exportConfig,
      },
      separator,
      { id: 'reveal-data-folder', label: 'Show settings folder', click: actions.revealDataFolder },
      separator,
      mac ? { role: 'close' } : { role: 'quit', label: 'Quit' },
    ],
  };
  const view: MenuItemSpec = {
    label: '&View',
    submenu: [
      { role: 'reload' },
      ...(isPackaged ? [] : [{ role: 'toggleDevTools' } as MenuItemSpec]),
      separator,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };
  const help: MenuItemSpec = {
    label: '&Help',
    submenu: [
      {
        id: 'documentation',
        label: 'GOV.UK One Login documentation',
        click: actions.openDocumentation,
      },
      separator,
      // Asks GitHub for the latest release only when chosen; nothing is downloaded.
      { id: 'check-for-updates', label: 'Check for updates…', click: actions.checkForUpdates },
    ],
  };
  return [
    ...(mac ? [{ role: 'appMenu' } as MenuItemSpec] : []),
    file,
    { role: 'editMenu' },
    view,
    { role: 'windowMenu' },
    help,
  ];
}
