import { lockDataFolder, type MultiSimulatorOptions } from '../../server/src/index.js';
import type { DesktopArgs } from '../args/parse-desktop-args.js';
import { err, ok, type Result } from '../../server/src/shared/result.js';

/** What the desktop's provider starts with, once it may start. */
export interface ProviderStart extends MultiSimulatorOptions {
  /** Gives the data folder back (on quit); safe to call more than once. */
  releaseDataFolder: () => void;
}

/** How the desktop app is given another data folder (its settings folder holds it). */
const ANOTHER_FOLDER = 'start the app with another --user-data-dir';

/**
 * Decides whether the desktop's provider may start, before anything is written: the
 * multi-simulator options (--max-simulators, --backchannel-url; the launcher passes
 * MAX_SIMULATORS and BACKCHANNEL_URL on as these) must be good, and the data folder must be free. It takes the same lock as the headless mode
 * (`<dataDir>/.identity-simulator.lock`), so a headless simulator and the desktop app, or two
 * desktop apps, never share a folder. A refusal is one line, worded as the headless mode words it.
 */
export function prepareProviderStart(input: {
  args: Pick<DesktopArgs, 'errors' | 'maxSimulators' | 'backchannelUrl'>;
  dataDir: string;
  pid?: number;
}): Result<ProviderStart, string> {
  const [first] = input.args.errors;
  if (first !== undefined) return err(first);
  const options: MultiSimulatorOptions = {};
  if (input.args.maxSimulators !== undefined) options.maxSimulators = input.args.maxSimulators;
  if (input.args.backchannelUrl !== undefined) options.backchannelUrl = input.args.backchannelUrl;
  const locked = lockDataFolder(input.dataDir, input.pid ?? process.pid, ANOTHER_FOLDER);
  if (!locked.ok) return locked;
  let released = false;
  return ok({
    ...options,
    releaseDataFolder: () => {
      if (released) return;
      released = true;
      try {
        locked.value();
      } catch {
        // Quitting: nothing more can be done; the next start takes over a stale lock.
      }
    },
  });
}
