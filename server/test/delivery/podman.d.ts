export interface PodmanResult {
    code: number | null;
    stdout: string;
    stderr: string;
}
export interface Podman {
    /** Runs `podman <global flags> <args>`; never throws for a non-zero exit. */
    run(args: readonly string[], options?: {
        timeoutMs?: number;
    }): Promise<PodmanResult>;
    /** Like run, but throws with the output when the exit code is not 0. */
    ok(args: readonly string[], options?: {
        timeoutMs?: number;
    }): Promise<string>;
    version: string;
    /** The OCI runtime chosen with `--runtime`, or undefined for podman's default. */
    runtime: string | undefined;
}
export type PodmanLookup = {
    ok: true;
    podman: Podman;
} | {
    ok: false;
    reason: string;
};
/** Finds a working podman (it must answer `podman info`), or says why there is none. */
export declare function findPodman(): PodmanLookup;
/**
 * The open-file and process limits of this machine, as `nofile=N:N` and `nproc=N:N`, for
 * containers to run with: podman otherwise raises them, which sandboxed machines refuse ("error
 * setting rlimit").
 */
export declare function hostUlimits(): string[];
/** Podman's own log lines (about health check timers where there is no systemd) removed. */
export declare function withoutPodmanLog(stderr: string): string;
/** Polls `probe` every 250 ms until it answers something other than undefined. */
export declare function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T>;
