import { flatError, success, type ApiResponse } from '../http';
import { toApiDomain } from '../views';
import { queryValue, type RouteContext } from './context';
import { pageOf, readPaging } from './paging';

/** GET /v1/domains?status=&page=&itemsPerPage= */
export function listDomains({ state, query, pageSizeCap }: RouteContext): ApiResponse {
	const paging = readPaging(
		queryValue(query, 'page'),
		queryValue(query, 'itemsPerPage'),
		30,
		pageSizeCap,
	);
	if (!paging.ok) return paging.response;
	const statusText = queryValue(query, 'status');
	if (statusText !== undefined && !/^-?\d+$/.test(statusText)) {
		return flatError(400, 'status must be an integer', { field: 'status' });
	}
	const status = statusText === undefined ? undefined : Number(statusText);
	const found = state.domains.filter((domain) => status === undefined || domain.status === status);
	const items = pageOf(found, paging).map(toApiDomain);
	return success({ items, total: found.length }, 0);
}
