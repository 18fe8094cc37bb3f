import type { IDataObject } from 'n8n-workflow';

/** The API's paths and limits, and the one rule for the Base URL: every request is built from these. */
export const CREDENTIAL_TYPE = 'linkShortenerApi';

export type ApiPaths = 'v1' | 'legacy';

/** Create, bulk create and list also answer under the legacy /public/links prefix. */
export const LINK_PATHS: Record<ApiPaths, { create: string; bulkCreate: string; list: string }> = {
	v1: { create: '/v1/links/', bulkCreate: '/v1/links/bulk', list: '/v1/links/list' },
	legacy: { create: '/public/links', bulkCreate: '/public/links/bulk', list: '/public/links/list' },
};

/**
 * The path of a link endpoint for n8n's routing, as an expression: the legacy /public/links
 * prefix when the operation's "API Paths" option says so, else /v1/links.
 */
export function linkPathExpression(endpoint: keyof (typeof LINK_PATHS)['v1']): string {
	return `={{ $parameter.options.apiPaths === "legacy" ? "${LINK_PATHS.legacy[endpoint]}" : "${LINK_PATHS.v1[endpoint]}" }}`;
}

/** The most links one bulk create request may carry. */
export const MAX_BULK_CREATE_SIZE = 10_000;

/** Bulk update has a single path, whatever "API Paths" says. */
export const BULK_UPDATE_PATH = '/public/links/bulk';

/**
 * The one rule for the Base URL (D1): surrounding spaces and trailing slashes dropped.
 * `baseUrlOf` applies it in code; BASE_URL_EXPRESSION is the same rule for requests that n8n's
 * routing sends (the node's requestDefaults).
 */
export function baseUrlOf(credentials: IDataObject): string {
	return String(credentials.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
}

export const BASE_URL_EXPRESSION =
	'={{ String($credentials.baseUrl ?? "").trim().replace(/\\/+$/, "") }}';
