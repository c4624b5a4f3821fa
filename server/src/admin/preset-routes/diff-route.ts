import type { SimulatorConfig } from '../../config/config-types.js';
import { defaultConfig } from '../../config/defaults.js';
import { diffConfig } from '../../presets/diff-config.js';
import type { Kind } from '../../presets/preset-store.js';
import { resolveScenario } from '../../presets/resolve-preset.js';
import { conflict, describeIssues, invalid } from './preset-http-error.js';
import { route, type PresetRoutesContext } from './preset-routes-context.js';
import { checkId, found } from './read-preset-request.js';

const SIDE_HELP = 'must be defaults, initial, active, scenario:<id> or persona:<id>';

/** GET /diff?left=…&right=…: what differs between two configurations, field by field. */
export function addDiffRoute({ router, ctx, store }: PresetRoutesContext): void {
  const side = (name: 'left' | 'right', raw: unknown, fallback: string): SimulatorConfig => {
    const value = raw === undefined ? fallback : raw;
    if (typeof value !== 'string')
      throw invalid(`${name} ${SIDE_HELP}`, [{ path: name, message: SIDE_HELP }]);
    const current = ctx.config.get();
    if (value === 'defaults') return defaultConfig(current.simulatorUrl);
    if (value === 'initial') return ctx.config.initialConfig();
    if (value === 'active') return structuredClone(current) as SimulatorConfig;
    const m = /^(scenario|persona):(.*)$/.exec(value);
    if (!m) throw invalid(`${name} ${SIDE_HELP}`, [{ path: name, message: SIDE_HELP }]);
    const kind: Kind = m[1] === 'scenario' ? 'scenarios' : 'personas';
    const id = checkId(kind, m[2]);
    if (kind === 'personas') {
      const persona = found('personas', id, store.getPersona(id));
      return {
        ...structuredClone(current),
        responseConfiguration: persona.responseConfiguration,
      } as SimulatorConfig;
    }
    const scenario = found('scenarios', id, store.getScenario(id));
    const resolved = resolveScenario(scenario, {
      baseline: ctx.config.initialConfig(),
      current,
      lookup: store.lookupPersona,
    });
    if (!resolved.ok)
      throw conflict(
        `${name}: the scenario cannot be resolved: ${describeIssues(resolved.error)}`,
        resolved.error,
      );
    return resolved.value.config;
  };

  router.get(
    '/diff',
    route((req, res) => {
      const left = side('left', req.query.left, 'defaults');
      const right = side('right', req.query.right, 'active');
      res.json(diffConfig(left, right));
    }),
  );
}
