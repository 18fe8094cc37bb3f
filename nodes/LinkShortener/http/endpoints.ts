import type { IDataObject } from 'n8n-workflow';

/** The API's paths and limits, and the one rule for the Base URL: every request is built from these. */
export const CREDENTIAL_TYPE = 'linkShortenerApi';

export type ApiPaths = 'v1' | 'legacy';

/** Create, bulk create and list also answer under the legacy /public/links prefix. */
export const LINK_PATHS: Record<ApiPaths, { create: string; bulkCreate: string; list: string }> = {
	v1: { create: '/v1/links/', bulkCreate: '/v1/links/bulk', list: '/v1/links/list' },
	legacy: { create: '/public/links', bulkCreate: '/public/links/bulk', list: '/public/links/list' },
};

/** The link paths an operation's "API Paths" option (in its "Options") picks. */
export function linkPathsOf(options: IDataObject): (typeof LINK_PATHS)[ApiPaths] {
	return LINK_PATHS[options.apiPaths === 'legacy' ? 'legacy' : 'v1'];
}

/** One link, by its id (GET); there is no legacy alias. */
export function linkPath(id: string): string {
	return `/v1/links/${encodeURIComponent(id)}`;
}

/** Click counts, grouped (D16). */
export const CLICKS_PATH = '/v1/analytics/clicks';

/** The account's domains (a listing). */
export const DOMAINS_PATH = '/v1/domains';

/** The orders of a link listing (the `order` of its body). */
export const NEWEST_FIRST = { createdAt: 'desc' };
export const OLDEST_FIRST = { createdAt: 'asc' };

/**
 * At most this many requests to the API at once from each of: one listing's pages once `total`
 * is known, one look-up's GETs, and a row operation's rows (D6: the API names no rate limit for
 * them). The limits nest, none is the run's: each of 8 rows in flight may page its own listing
 * or look its own links up 8 at once, so a run can have far more than 8 requests in flight (64
 * for Get Many of 8 rows with Return All; Get Clicks with Link Details the same). 8 from
 * measurement of one listing: docs/performance.md, "Pages in flight".
 */
export const REQUESTS_IN_FLIGHT = 8;

/** The most links one bulk create request may carry. */
export const MAX_BULK_CREATE_SIZE = 10_000;

/** Bulk update has a single path, whatever "API Paths" says. */
export const BULK_UPDATE_PATH = '/public/links/bulk';

/**
 * The one rule for the Base URL (D1): surrounding spaces and trailing slashes dropped.
 * `baseUrlOf` applies it in code; BASE_URL_EXPRESSION is the same
 * rule for the credential's test request, which n8n sends.
 */
export function baseUrlOf(credentials: IDataObject): string {
	return String(credentials.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
}

export const BASE_URL_EXPRESSION =
	'={{ String($credentials.baseUrl ?? "").trim().replace(/\\/+$/, "") }}';

/** The status of a verified domain (spec 3.2). */
export const DOMAIN_VERIFIED = 1;

/** The package's version, as package.json gives it (test/package/version.test.ts). */
export const PACKAGE_VERSION = '1.0.0';
