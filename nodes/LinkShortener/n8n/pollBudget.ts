import type { IPollFunctions } from 'n8n-workflow';

/** What a poll takes when n8n gives it no budget: n8n 2.41's own default. */
const DEFAULT_BUDGET_MS = 5 * 60_000;

/**
 * How long a poll may take (also how long it holds its lease): n8n 2.41's poll context has
 * `getPollBudgetMs` (5 minutes unless n8n is told otherwise); 1.123's has not, so the poll takes
 * the same 5 minutes there.
 */
export function pollBudgetMs(context: Pick<IPollFunctions, 'getPollBudgetMs'>): number {
	return typeof context.getPollBudgetMs === 'function'
		? context.getPollBudgetMs()
		: DEFAULT_BUDGET_MS;
}
