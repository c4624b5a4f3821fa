import type { ChildProcess } from 'node:child_process';

export declare const ROOT: string;
export declare const CLI: string;
export declare const UNBUNDLED_CLI: string;
export declare const FLOOR_SERVER: string;
export declare const MEMORY_PROBE: string;

export declare function headlessNodeFlags(): string[];
export declare function freePort(): Promise<number>;
export declare function ensureBuilt(): void;

export interface NodeRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}
export declare function runNode(
  args: string[],
  options?: { env?: Record<string, string | undefined>; timeoutMs?: number },
): Promise<NodeRun>;

export interface SpawnedNode {
  child: ChildProcess;
  /** The first stdout line starting with http://, as printed. */
  url: string;
  spawnedAt: number;
  urlAt: number;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Sends the signal (SIGTERM by default) unless the process has ended; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}
export declare function spawnNode(
  args: string[],
  options?: { env?: Record<string, string | undefined>; timeoutMs?: number },
): Promise<SpawnedNode>;

export declare function startSimulatorProcess(options?: {
  probePort?: number;
  cpuProfDir?: string;
  unbundled?: boolean;
  env?: Record<string, string | undefined>;
  nodeFlags?: string[];
  args?: string[];
}): Promise<SpawnedNode & { port: number; base: string }>;
export declare function startFloorProcess(options?: {
  probePort?: number;
}): Promise<SpawnedNode & { port: number; base: string }>;
