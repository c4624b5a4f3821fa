import type { RequestHandler } from 'express';

/**
 * A repeated query parameter keeps its last value, as the provider's gateway does
 * (scope=openid&scope=email becomes scope=email). Non-string values are dropped. The result
 * replaces Express's req.query getter, which would parse the query string again on every read.
 */
export const dedupeQueryParams: RequestHandler = (req, _res, next) => {
  const clean: Record<string, string> = {};
  // Without a query string there is nothing to parse (the parser would answer no parameters).
  if (req.url.includes('?')) {
    const query = req.query as Record<string, unknown>;
    for (const key in query) {
      if (!Object.hasOwn(query, key)) continue;
      const value = query[key];
      if (typeof value === 'string') clean[key] = value;
      else if (Array.isArray(value)) {
        const last: unknown = value[value.length - 1];
        if (typeof last === 'string') clean[key] = last;
      }
    }
  }
  Object.defineProperty(req, 'query', { value: clean, writable: true, configurable: true });
  next();
};
