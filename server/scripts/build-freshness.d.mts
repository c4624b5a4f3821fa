export declare const STAMP: string;
export declare const OUTPUTS: readonly string[];
export declare const SOURCES: readonly string[];
export declare function buildReason(root: string): string | null;
export declare function markBuilt(root: string): void;
