import { parseDesktopArgs } from '../args/parse-desktop-args.js';
import { describeHostFailure } from '../../server/src/index.js';
import type { ProviderHost, ProviderStatus } from './provider-host.js';
import { planSecondLaunch } from './second-launch.js';

export interface SecondLaunchDeps {
  host: ProviderHost;
  showUi: (status: ProviderStatus) => void;
  showError: (title: string, text: string) => unknown;
}

/**
 * What the running app does with a second start's command line (the window is already focused):
 * moves the provider to the address it names, or explains why it cannot.
 */
export function followSecondLaunch(argv: string[], deps: SecondLaunchDeps): void {
  const { host } = deps;
  const plan = planSecondLaunch(parseDesktopArgs(argv.slice(1)), host.status());
  if (plan.kind === 'explain') {
    void deps.showError('Identity Simulator is already running', plan.message);
    return;
  }
  if (plan.kind === 'focus') return;
  void host.listen(plan.port, plan.host).then((moved) => {
    if (moved.ok) {
      deps.showUi(moved.value);
      return;
    }
    void deps.showError(
      'Identity Simulator is already running',
      `It could not move to ${plan.host}:${plan.port}: ${describeHostFailure(moved.error)}`,
    );
  });
}
