import { describe, expect, it } from 'vitest';
import { buildMenuTemplate, type MenuActions, type MenuItemSpec } from './menu-template.js';

const calls: string[] = [];
const actions: MenuActions = {
  importConfig: () => calls.push('import'),
  exportConfig: () => calls.push('export'),
  revealDataFolder: () => calls.push('reveal'),
  openDocumentation: () => calls.push('docs'),
  checkForUpdates: () => calls.push('updates'),
};

const flatten = (items: MenuItemSpec[]): MenuItemSpec[] =>
  items.flatMap((i) => [i, ...(i.submenu ? flatten(i.submenu) : [])]);
const roles = (items: MenuItemSpec[]) =>
  flatten(items)
    .map((i) => i.role)
    .filter(Boolean);
const byId = (items: MenuItemSpec[], id: string) => flatten(items).find((i) => i.id === id);

describe('buildMenuTemplate', () => {
  it('offers DevTools in development only', () => {
    expect(roles(buildMenuTemplate({ isPackaged: false, platform: 'linux', actions }))).toContain(
      'toggleDevTools',
    );
    expect(
      roles(buildMenuTemplate({ isPackaged: true, platform: 'linux', actions })),
    ).not.toContain('toggleDevTools');
  });

  it('wires import, export, the settings folder and the documentation', () => {
    const menu = buildMenuTemplate({ isPackaged: true, platform: 'win32', actions });
    calls.length = 0;
    for (const id of [
      'import-config',
      'export-config',
      'reveal-data-folder',
      'documentation',
      'check-for-updates',
    ])
      byId(menu, id)?.click?.();
    expect(calls).toEqual(['import', 'export', 'reveal', 'docs', 'updates']);
    expect(byId(menu, 'check-for-updates')?.label).toBe('Check for updates…');
    expect(byId(menu, 'import-config')?.label).toBe('Import configuration…');
    expect(byId(menu, 'export-config')?.label).toBe('Export configuration…');
  });

  it('has File with Quit, Edit, View with Reload, and Help', () => {
    const menu = buildMenuTemplate({ isPackaged: true, platform: 'linux', actions });
    expect(menu.map((m) => m.label ?? m.role)).toEqual([
      '&File',
      'editMenu',
      '&View',
      'windowMenu',
      '&Help',
    ]);
    expect(roles(menu)).toEqual(expect.arrayContaining(['quit', 'reload']));
  });

  it('follows macOS conventions: the app menu holds Quit', () => {
    const menu = buildMenuTemplate({ isPackaged: true, platform: 'darwin', actions });
    expect(menu[0]?.role).toBe('appMenu');
    expect(roles(menu[1]?.submenu ?? [])).toEqual(['close']);
  });
});
