import { Icon } from '../../components/Icon.js';
import { Field } from './Field.js';
import {
  EMPTY_IDENTITY,
  readIdentity,
  writeIdentity,
  type IdentityRows,
  type Path,
} from './form-model.js';
import { useField, type FieldState } from './use-field.js';

type Vc = Record<string, unknown> | null;

/**
 * coreIdentityVerifiableCredentials edited as rows: each name with its given and family parts
 * (and optional validity), then the birth dates, most confident first.
 */
export function IdentityField({ path }: { path: Path }) {
  const field = useField<Vc>(path);
  const rows = readIdentity(field.value);
  const write = (next: IdentityRows) => field.set(writeIdentity(field.value, next));
  return (
    <Field
      field={field as FieldState<unknown>}
      label="Core identity"
      hint="Returned in the coreIdentityJWT claim (vc.credentialSubject). Name parts may come in any order."
      wide
      labelFor={false}
    >
      {rows === null ? (
        <div className="identity-none">
          <p className="muted small">
            No core identity (null): the coreIdentityJWT claim is not returned.
          </p>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => field.set(writeIdentity(null, EMPTY_IDENTITY))}
          >
            <Icon name="plus" size={12} /> Add a core identity
          </button>
        </div>
      ) : (
        <div className="identity">
          <div className="identity-col">
            <h4 className="sub-head">Names</h4>
            {rows.names.map((name, n) => (
              <div className="card name-card" key={n} data-testid="name-card">
                <div className="name-parts">
                  {name.parts.map((part, p) => (
                    <div className="input-row" key={p}>
                      <select
                        className="input select part-type"
                        value={part.type}
                        aria-label={`Name ${n + 1} part ${p + 1} type`}
                        onChange={(e) =>
                          write(
                            updateName(rows, n, {
                              ...name,
                              parts: name.parts.map((x, j) =>
                                j === p ? { ...x, type: e.target.value } : x,
                              ),
                            }),
                          )
                        }
                      >
                        <option value="GivenName">Given name</option>
                        <option value="FamilyName">Family name</option>
                        {part.type !== 'GivenName' && part.type !== 'FamilyName' ? (
                          <option value={part.type}>{part.type}</option>
                        ) : null}
                      </select>
                      <input
                        className="input"
                        value={part.value}
                        aria-label={`Name ${n + 1} ${part.type === 'FamilyName' ? 'family name' : 'given name'} ${p + 1}`}
                        onChange={(e) =>
                          write(
                            updateName(rows, n, {
                              ...name,
                              parts: name.parts.map((x, j) =>
                                j === p ? { ...x, value: e.target.value } : x,
                              ),
                            }),
                          )
                        }
                      />
                      <button
                        type="button"
                        className="icon-btn subtle"
                        aria-label={`Remove part ${p + 1} of name ${n + 1}`}
                        onClick={() =>
                          write(
                            updateName(rows, n, {
                              ...name,
                              parts: name.parts.filter((_, j) => j !== p),
                            }),
                          )
                        }
                      >
                        <Icon name="x" size={12} />
                      </button>
                    </div>
                  ))}
                </div>
                <div className="name-validity">
                  <label>
                    <span>Valid from</span>
                    <input
                      className="input mono"
                      placeholder="YYYY-MM-DD"
                      value={name.validFrom ?? ''}
                      aria-label={`Name ${n + 1} valid from`}
                      onChange={(e) =>
                        write(updateName(rows, n, { ...name, validFrom: e.target.value }))
                      }
                    />
                  </label>
                  <label>
                    <span>Valid until</span>
                    <input
                      className="input mono"
                      placeholder="current"
                      value={name.validUntil ?? ''}
                      aria-label={`Name ${n + 1} valid until`}
                      onChange={(e) =>
                        write(updateName(rows, n, { ...name, validUntil: e.target.value }))
                      }
                    />
                  </label>
                </div>
                <div className="card-actions">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() =>
                      write(
                        updateName(rows, n, {
                          ...name,
                          parts: [...name.parts, { type: 'GivenName', value: '' }],
                        }),
                      )
                    }
                  >
                    <Icon name="plus" size={12} /> Name part
                  </button>
                  <span className="spacer" />
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm danger"
                    aria-label={`Remove name ${n + 1}`}
                    onClick={() => write({ ...rows, names: rows.names.filter((_, j) => j !== n) })}
                  >
                    <Icon name="trash" size={12} /> Remove name
                  </button>
                </div>
              </div>
            ))}
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() =>
                write({
                  ...rows,
                  names: [
                    ...rows.names,
                    {
                      parts: [
                        { type: 'GivenName', value: '' },
                        { type: 'FamilyName', value: '' },
                      ],
                    },
                  ],
                })
              }
            >
              <Icon name="plus" size={12} /> Add name
            </button>
          </div>
          <div className="identity-col identity-col-narrow">
            <h4 className="sub-head">Birth dates</h4>
            {rows.birthDates.map((date, i) => (
              <div className="input-row" key={i}>
                <input
                  className="input mono"
                  placeholder="YYYY-MM-DD"
                  value={date}
                  aria-label={`Birth date ${i + 1}`}
                  onChange={(e) =>
                    write({
                      ...rows,
                      birthDates: rows.birthDates.map((d, j) => (j === i ? e.target.value : d)),
                    })
                  }
                />
                <button
                  type="button"
                  className="icon-btn subtle"
                  aria-label={`Remove birth date ${i + 1}`}
                  onClick={() =>
                    write({ ...rows, birthDates: rows.birthDates.filter((_, j) => j !== i) })
                  }
                >
                  <Icon name="x" size={12} />
                </button>
              </div>
            ))}
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => write({ ...rows, birthDates: [...rows.birthDates, ''] })}
            >
              <Icon name="plus" size={12} /> Add birth date
            </button>
            <div className="identity-null">
              <button
                type="button"
                className="btn btn-ghost btn-sm danger"
                onClick={() => field.set(null)}
              >
                Remove core identity (null)
              </button>
            </div>
          </div>
        </div>
      )}
    </Field>
  );
}

function updateName(
  rows: IdentityRows,
  index: number,
  name: IdentityRows['names'][number],
): IdentityRows {
  return { ...rows, names: rows.names.map((n, j) => (j === index ? name : n)) };
}
