import type { SandboxOptions } from '../../dev/sandbox/server';

export interface ServerProfile {
	name: string;
	options: SandboxOptions;
}

/**
 * Servers the node must work against, whatever it asks for (100 a page): page caps below and
 * above that size, lists without `total`, slow answers. A bound that holds only for the
 * sandbox's defaults fails here.
 */
export const SERVER_PROFILES: ServerProfile[] = [
	{ name: 'page cap 1', options: { pageSizeCap: 1 } },
	{ name: 'page cap 7', options: { pageSizeCap: 7 } },
	{ name: 'page cap 50', options: { pageSizeCap: 50 } },
	{ name: 'page cap 100', options: { pageSizeCap: 100 } },
	{ name: 'page cap 1,000', options: { pageSizeCap: 1_000 } },
	{ name: 'no total', options: { omitTotal: true } },
	{ name: 'answers 50 ms late', options: { latencyMs: 50 } },
];

/** Records enough for three pages and a part of a fourth at the page size served (at least 23). */
export function threePagesAndSome(servedPageSize: number): number {
	return Math.max(3 * servedPageSize + 2, 23);
}

/** List requests a full read of `records` costs at most at the size served: the pages, plus an empty one without `total`. */
export function fullReadBound(records: number, servedPageSize: number, hasTotal: boolean): number {
	return Math.ceil(records / servedPageSize) + (hasTotal ? 0 : 1);
}
