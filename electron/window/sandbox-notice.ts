/**
 * What the log says when the window runs without Chromium's sandbox. The AppImage starts that way
 * on systems that refuse unprivileged user namespaces (Ubuntu 24.04 and later) rather than not
 * starting at all; the .deb package sets the sandbox up instead.
 */
export function sandboxNotice(platform: string, noSandbox: boolean): string | undefined {
  if (!noSandbox) return undefined;
  const where =
    platform === 'linux'
      ? ' This happens with the AppImage where the system refuses unprivileged user namespaces ' +
        '(Ubuntu 24.04 and later); the .deb package keeps the sandbox.'
      : '';
  return `The window runs without Chromium's sandbox (--no-sandbox). It shows only the simulator's own pages.${where}`;
}
