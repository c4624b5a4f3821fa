/**
 * A value or a failure, never an exception: the shape every parse and check returns, on the server,
 * in the desktop shell and in the window alike.
 */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });
