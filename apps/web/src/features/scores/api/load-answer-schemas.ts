/** The search answers' schemas, asked for beside the call they check (no wave of their own). */
export const loadAnswerSchemas = () => import('./answer-schemas');
