import type { ApiResponse } from './http';
import { clickAnalytics } from './routes/analytics';
import { bulkCreateLinks } from './routes/bulk-create';
import { bulkUpdateLinks } from './routes/bulk-update';
import type { RouteContext } from './routes/context';
import { listDomains } from './routes/domains';
import { createLink, getLink } from './routes/links';
import { listLinks } from './routes/list-links';

export interface Route {
	method: string;
	/** Matched against the path relative to /api. */
	pattern: RegExp;
	handle: (context: RouteContext) => ApiResponse;
	/** Bulk create: subject to the rate limit, answers carry X-RateLimit-* headers. */
	rateLimited?: boolean;
	/** Bulk update answers its errors in its own shape (reference 7.4). */
	bulkUpdateErrors?: boolean;
}

const ROUTES: Route[] = [
	{ method: 'POST', pattern: /^\/v1\/links\/$/, handle: createLink },
	{ method: 'POST', pattern: /^\/public\/links$/, handle: createLink },
	{ method: 'POST', pattern: /^\/v1\/links\/bulk$/, handle: bulkCreateLinks, rateLimited: true },
	{
		method: 'POST',
		pattern: /^\/public\/links\/bulk$/,
		handle: bulkCreateLinks,
		rateLimited: true,
	},
	{
		method: 'PATCH',
		pattern: /^\/public\/links\/bulk$/,
		handle: bulkUpdateLinks,
		bulkUpdateErrors: true,
	},
	{ method: 'POST', pattern: /^\/v1\/links\/list$/, handle: listLinks },
	{ method: 'POST', pattern: /^\/public\/links\/list$/, handle: listLinks },
	{ method: 'GET', pattern: /^\/v1\/links\/([^/]+)$/, handle: getLink },
	{ method: 'GET', pattern: /^\/v1\/analytics\/clicks$/, handle: clickAnalytics },
	{ method: 'GET', pattern: /^\/v1\/domains$/, handle: listDomains },
];

export function findRoute(
	method: string,
	path: string,
): { route: Route; params: string[] } | undefined {
	for (const route of ROUTES) {
		if (route.method !== method) continue;
		const match = route.pattern.exec(path);
		if (match) return { route, params: match.slice(1) };
	}
	return undefined;
}
