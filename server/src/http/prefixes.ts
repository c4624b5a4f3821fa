/** The reserved path prefixes of the simulator's own UI and admin API. */
export const UI_PREFIX = '/_simulator';
export const ADMIN_PREFIX = '/_simulator/api';
