/** Milliseconds since the epoch. Injected so tests can fix time. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** Whole seconds, rounded down, so issued times are never in the future. */
export const epochSeconds = (clock: Clock): number => Math.floor(clock() / 1000);
