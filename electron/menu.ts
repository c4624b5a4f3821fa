import { Menu, shell } from 'electron';
import { buildMenuTemplate, DOCUMENTATION_URL, type MenuActions } from './menu/menu-template.js';

/** Installs the application menu. */
export function installMenu(input: {
  isPackaged: boolean;
  actions: Omit<MenuActions, 'openDocumentation'>;
}): void {
  const template = buildMenuTemplate({
    isPackaged: input.isPackaged,
    platform: process.platform,
    actions: {
      ...input.actions,
      openDocumentation: () => void shell.openExternal(DOCUMENTATION_URL),
    },
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
