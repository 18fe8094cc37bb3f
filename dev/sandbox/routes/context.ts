import type { SandboxState } from '../state';

export interface RouteContext {
	state: SandboxState;
	/** Parsed JSON body; undefined when the body was empty. */
	body: unknown;
	query: Record<string, string | string[]>;
	/** Captured groups of the route's path pattern. */
	params: string[];
	/** ms since the epoch, fixed for the whole request. */
	now: number;
	pageSizeCap: number;
}

/** The first value of a query parameter. */
export function queryValue(query: RouteContext['query'], name: string): string | undefined {
	const value = query[name];
	return Array.isArray(value) ? value[0] : value;
}
