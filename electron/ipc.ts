import { ipcMain } from 'electron';
import type { DesktopBridge } from './bridge.js';
import type { BridgeHandlers } from './desktop-actions.js';
import { isTrustedSender, type TrustedSenders } from './guards/is-trusted-sender.js';
import { DESKTOP_CHANNELS } from './ipc/desktop-channels.js';

/**
 * One `ipcMain.handle` per bridge channel. Each checks first that the calling frame is trusted
 * (the UI origin, or the app's own start-error page); anything else is refused with an error.
 */
export function registerDesktopIpc(handlers: BridgeHandlers, trusted: () => TrustedSenders): void {
  const methods = Object.keys(DESKTOP_CHANNELS) as (keyof DesktopBridge)[];
  for (const method of methods) {
    const channel = DESKTOP_CHANNELS[method];
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      const senderUrl = event.senderFrame?.url;
      if (!isTrustedSender(senderUrl, trusted())) {
        console.error(`Refused ${channel} from an untrusted page (${senderUrl ?? 'no frame'}).`);
        throw new Error(`${channel} is only available to the Identity Simulator UI.`);
      }
      return handlers[method](...args);
    });
  }
}
