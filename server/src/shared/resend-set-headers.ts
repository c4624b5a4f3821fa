/**
 * Headers the simulator sets itself on a resend: they belong to the connection, not to the
 * request. The admin API refuses them as edits and the window does not offer them for editing.
 */
export const HEADERS_SET_ON_RESEND: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'expect',
  'upgrade',
  'te',
  'trailer',
  'proxy-connection',
  'x-simulator-resend-of',
]);
