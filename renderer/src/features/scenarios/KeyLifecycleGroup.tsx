import { Switch } from '../../components/Switch.js';
import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';
import type { RetirableKeys } from '../../store/scenario-slice.js';
import { KEY_RETIREMENT } from './scenario-catalogue.js';
import {
  KEY_EXPECT_LABEL,
  KEY_GROUP_TITLE,
  KEY_GROUP_WHERE,
  keyRetirementMatches,
} from './switch-filter.js';

/** The third step of a key rotation: the old key removed from the JWKS or the DID document. */
export function KeyLifecycleGroup({ query }: { query: string }) {
  const retired = useAppStore(selectors.retiredKeys);
  const loaded = useAppStore((s) => s.current !== null);
  const setKeysRetired = useAppStore((s) => s.setKeysRetired);
  const count = Number(retired.idToken) + Number(retired.coreIdentity);
  const shown = (Object.keys(KEY_RETIREMENT) as RetirableKeys[]).filter((k) =>
    keyRetirementMatches(query, k),
  );
  if (shown.length === 0) return null;
  return (
    <section
      className="scenario-group"
      aria-labelledby="group-keys"
      data-testid="scenario-group-keys"
    >
      <header className="scenario-group-head">
        <h2 id="group-keys">{KEY_GROUP_TITLE}</h2>
        {count > 0 ? <span className="chip chip-warn">{count} on</span> : null}
      </header>
      <p className="muted small scenario-where">{KEY_GROUP_WHERE}</p>
      <ul className="scenario-list">
        {shown.map((keys) => {
          const info = KEY_RETIREMENT[keys];
          const on = retired[keys];
          const id = `keys-retired-${keys}`;
          return (
            <li
              key={keys}
              className={`scenario${on ? ' is-on' : ''}`}
              data-testid={id}
              data-active={on ? 'true' : 'false'}
            >
              <Switch
                id={id}
                checked={on}
                disabled={!loaded}
                label={info.name}
                testId={`switch-${id}`}
                onChange={(next) => void setKeysRetired(keys, next)}
              />
              <div className="scenario-text">
                <label htmlFor={id} className="scenario-name">
                  {info.name} <span className="scenario-key muted">{info.configKey}</span>
                </label>
                <p className="scenario-effect">{info.effect}</p>
                <p className="scenario-expect">
                  <span className="expect-label">{KEY_EXPECT_LABEL}</span> {info.expect}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
