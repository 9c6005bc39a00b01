// Types of web-budget.mjs for the TypeScript that imports it (the browser suite's budget test).
export const HOME_JS_BUDGET_BYTES: number;
export function routeScripts(pageSource?: string): { rows: { file: string; gzip: number }[]; total: number };
export function budgetLine(): string;
