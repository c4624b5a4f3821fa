import type { Server } from 'node:http';

/**
 * Calls `onStop` with the reason when a listening server stops without being asked to: it closes
 * while `expected()` is false, or reports an error after it started listening. Called at most once.
 */
export function watchServerStop(
  server: Server,
  expected: () => boolean,
  onStop: (reason: string) => void,
): void {
  let told = false;
  const tell = (reason: string) => {
    if (told || expected()) return;
    told = true;
    onStop(reason);
  };
  server.on('error', (error: NodeJS.ErrnoException) => {
    tell(`its server failed: ${error.message}`);
    if (server.listening) server.close();
  });
  server.once('close', () => tell('its server closed'));
}
