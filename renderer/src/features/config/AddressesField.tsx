import { Icon } from '../../components/Icon.js';
import { Field } from './Field.js';
import {
  ADDRESS_PROPERTIES,
  propertyText,
  propertyValue,
  rowsValue,
  type Path,
} from './form-model.js';
import { useField, type FieldState } from './use-field.js';

type Address = Record<string, unknown>;

const NEW_ADDRESS: Address = {
  buildingNumber: '',
  streetName: '',
  addressLocality: '',
  postalCode: '',
  addressCountry: 'GB',
  validFrom: '',
};

function oneLine(a: Address): string {
  const parts = [
    'subBuildingName',
    'buildingName',
    'buildingNumber',
    'streetName',
    'addressLocality',
    'postalCode',
  ]
    .map((k) => propertyText(a[k]).trim())
    .filter((p) => p !== '');
  return parts.length > 0 ? parts.join(', ') : 'Empty address';
}

/**
 * Addresses as cards. Each shows the properties it has (all are optional in the provider
 * document); others can be added from a list, and any can be removed.
 */
export function AddressesField({ path }: { path: Path }) {
  const field = useField<Address[] | null>(path);
  const addresses = Array.isArray(field.value) ? field.value : [];
  const setAll = (next: Address[]) => field.set(rowsValue(next, null));
  const update = (i: number, next: Address) =>
    setAll(addresses.map((a, j) => (j === i ? next : a)));
  return (
    <Field
      field={field as FieldState<unknown>}
      label="Addresses"
      hint="Current and previous addresses, newest first. Every property is optional; remove the ones a test does not need."
      wide
      labelFor={false}
    >
      {addresses.length === 0 ? (
        <p className="muted small rows-empty">No addresses: the claim is not returned.</p>
      ) : null}
      <div className="cards">
        {addresses.map((address, i) => {
          const present = ADDRESS_PROPERTIES.filter((p) => p.key in address);
          const missing = ADDRESS_PROPERTIES.filter((p) => !(p.key in address));
          const extra = Object.keys(address).filter(
            (k) => !ADDRESS_PROPERTIES.some((p) => p.key === k),
          );
          return (
            <fieldset className="card address-card" key={i} data-testid="address-card">
              <legend className="card-title">
                <span className="card-index">{i + 1}</span>
                <span className="card-summary">{oneLine(address)}</span>
                {i === 0 ? <span className="chip">current</span> : null}
              </legend>
              <div className="address-grid">
                {present.map((p) => (
                  <div className="mini-field" key={p.key}>
                    <label title={p.hint}>
                      <span>{p.label}</span>
                      <code>{p.key}</code>
                    </label>
                    <div className="input-row">
                      <input
                        className="input"
                        value={propertyText(address[p.key])}
                        placeholder={p.type === 'date' ? 'YYYY-01-01' : ''}
                        aria-label={`Address ${i + 1} ${p.label}`}
                        spellCheck={false}
                        onChange={(e) =>
                          update(i, { ...address, [p.key]: propertyValue(p, e.target.value) })
                        }
                      />
                      <button
                        type="button"
                        className="icon-btn subtle"
                        aria-label={`Remove ${p.label} from address ${i + 1}`}
                        title="Remove this property"
                        onClick={() => {
                          const { [p.key]: _removed, ...rest } = address;
                          update(i, rest);
                        }}
                      >
                        <Icon name="x" size={12} />
                      </button>
                    </div>
                  </div>
                ))}
                {extra.map((k) => (
                  <div className="mini-field" key={k}>
                    <label>
                      <span>{k}</span>
                      <code>kept as is</code>
                    </label>
                    <input
                      className="input mono"
                      value={JSON.stringify(address[k])}
                      readOnly
                      aria-label={`Address ${i + 1} ${k}`}
                    />
                  </div>
                ))}
              </div>
              <div className="card-actions">
                {missing.length > 0 ? (
                  <select
                    className="input select select-sm"
                    value=""
                    aria-label={`Add a property to address ${i + 1}`}
                    onChange={(e) => {
                      if (e.target.value) update(i, { ...address, [e.target.value]: '' });
                    }}
                  >
                    <option value="">Add property…</option>
                    {missing.map((p) => (
                      <option key={p.key} value={p.key}>
                        {p.label} ({p.key})
                      </option>
                    ))}
                  </select>
                ) : null}
                <span className="spacer" />
                <button
                  type="button"
                  className="btn btn-ghost btn-sm danger"
                  onClick={() => setAll(addresses.filter((_, j) => j !== i))}
                  aria-label={`Remove address ${i + 1}`}
                >
                  <Icon name="trash" size={12} /> Remove address
                </button>
              </div>
            </fieldset>
          );
        })}
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => setAll([...addresses, { ...NEW_ADDRESS }])}
      >
        <Icon name="plus" size={12} /> Add address
      </button>
    </Field>
  );
}
