/** The event stream's limits and timings, which keep its memory bounded and its clients fair. */
export const KEEP_ALIVE_MS = 15_000;
/**
 * Most a client may have waiting in its socket buffer: past this it is dropped; it reconnects
 * and resumes by Last-Event-ID. The replay is written as the client reads, so only live events
 * can pile up this far.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** A client whose socket has not drained for this long is dropped (it stopped reading). */
export const MAX_STALL_MS = 30_000;
/**
 * A stream that has carried nothing but keep-alives for this long is ended: an idle client must
 * not hold one of the MAX_CLIENTS places forever. A browser's EventSource reconnects by itself
 * (after the `retry` delay) and resumes by Last-Event-ID, so an open UI loses nothing.
 */
export const MAX_IDLE_MS = 5 * 60_000;
/** Configuration changes are pushed at most this often (the latest state; none is lost). */
export const CONFIG_PUSH_MS = 250;
/**
 * A `config-patch` whose text is longer than this is weighed against the whole configuration, and
 * the shorter one is sent. Below it the changes go out without the configuration being written.
 */
export const PATCH_WEIGH_BYTES = 16 * 1024;
/** Most clients at once; more are refused with 503 until one leaves. */
export const MAX_CLIENTS = 50;
/**
 * Most clients from one address at once (a window needs one; a few tabs or scripts a few more);
 * more from that address are refused with 503. With every place taken, a newcomer from an
 * address holding fewer streams than another ends that other address's oldest stream (it may
 * reconnect with Last-Event-ID): one address, or a few, cannot keep another out.
 */
export const MAX_CLIENTS_PER_ADDRESS = 10;
