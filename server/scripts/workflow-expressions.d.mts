export declare class ExpressionError extends Error {}
/** Contexts by name (github, env, matrix, steps, needs, ...) and the job's status so far. */
export type ExpressionContext = Record<string, unknown> & {
  status?: 'success' | 'failure' | 'cancelled';
};
export declare function isTruthy(value: unknown): boolean;
export declare function asText(value: unknown): string;
export declare function evaluate(expression: string, context: ExpressionContext): unknown;
export declare function interpolate(text: string, context: ExpressionContext): string;
export declare function shouldRun(condition: unknown, context: ExpressionContext): boolean;
