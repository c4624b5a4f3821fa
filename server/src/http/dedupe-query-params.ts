import type { RequestHandler } from 'express';

/**
 * A repeated query parameter keeps its last value, as the provider's gateway does
 * (scope=openid&scope=email becomes scope=email). Non-string values are dropped.
 */
export const dedupeQueryParams: RequestHandler = (req, _res, next) => {
  const query = req.query as Record<string, unknown>;
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string') clean[key] = value;
    else if (Array.isArray(value)) {
      const last: unknown = value[value.length - 1];
      if (typeof last === 'string') clean[key] = last;
    }
  }
  Object.defineProperty(req, 'query', { value: clean, writable: true, configurable: true });
  next();
};
