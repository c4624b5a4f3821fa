import { dialog, type BrowserWindow } from 'electron';

const JSON_FILTERS = [
  { name: 'JSON configuration', extensions: ['json'] },
  { name: 'All files', extensions: ['*'] },
];

/** Native dialogs of the app window. */
export function createDialogs(window: () => BrowserWindow | undefined) {
  const parent = () => {
    const w = window();
    return w && !w.isDestroyed() ? w : undefined;
  };
  const message = async (type: 'error' | 'info' | 'warning', title: string, text: string) => {
    const options = { type, title, message: title, detail: text, buttons: ['OK'], noLink: true };
    const w = parent();
    await (w ? dialog.showMessageBox(w, options) : dialog.showMessageBox(options));
  };
  return {
    async chooseSavePath(): Promise<string | null> {
      const options = {
        title: 'Export configuration',
        defaultPath: 'identity-simulator-config.json',
        filters: JSON_FILTERS,
      };
      const w = parent();
      const r = await (w ? dialog.showSaveDialog(w, options) : dialog.showSaveDialog(options));
      return r.canceled || !r.filePath ? null : r.filePath;
    },
    async chooseOpenPath(): Promise<string | null> {
      const options = {
        title: 'Import configuration',
        filters: JSON_FILTERS,
        properties: ['openFile' as const],
      };
      const w = parent();
      const r = await (w ? dialog.showOpenDialog(w, options) : dialog.showOpenDialog(options));
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
    showError: (title: string, text: string) => message('error', title, text),
    showInfo: (title: string, text: string) => message('info', title, text),
    showWarnings: (title: string, lines: readonly string[]) =>
      message('warning', title, lines.join('\n\n')),
    /** A question with these buttons; the index of the one chosen (the last on Escape). */
    async ask(title: string, text: string, buttons: string[]): Promise<number> {
      const options = {
        type: 'question' as const,
        title,
        message: title,
        detail: text,
        buttons,
        defaultId: 0,
        cancelId: buttons.length - 1,
        noLink: true,
      };
      const w = parent();
      const r = await (w ? dialog.showMessageBox(w, options) : dialog.showMessageBox(options));
      return r.response;
    },
  };
}

/** For failures before any window exists; blocks until dismissed. */
export function showFatalError(title: string, text: string): void {
  dialog.showErrorBox(title, text);
}
