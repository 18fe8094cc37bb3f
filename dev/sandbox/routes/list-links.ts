import { flatError, success, type ApiResponse } from '../http';
import { toApiLink } from '../views';
import type { SandboxState } from '../state';
import type { SandboxLink } from '../types';
import { isDateOnly, isPlainObject, utcDay } from '../validation';
import type { RouteContext } from './context';
import { pageOf, readPaging } from './paging';

type Direction = 'asc' | 'desc';
type SortField = 'createdAt' | 'expiredAt' | 'title';
const SORT_FIELDS: readonly string[] = ['createdAt', 'expiredAt', 'title'];

interface Filters {
	search?: string;
	users?: Set<string>;
	after?: string;
	before?: string;
}

type Read<T> = { ok: true; value: T } | { ok: false; response: ApiResponse };

function badRequest(message: string, field: string): { ok: false; response: ApiResponse } {
	return { ok: false, response: flatError(400, message, { field }) };
}

function readFilters(body: Record<string, unknown>): Read<Filters> {
	const filters: Filters = {};
	if (body.search !== undefined && body.search !== null) {
		if (typeof body.search !== 'string') return badRequest('search must be a string', 'search');
		if (body.search !== '') filters.search = body.search.toLowerCase();
	}
	if (body.user !== undefined && body.user !== null) {
		if (!Array.isArray(body.user) || body.user.some((id) => typeof id !== 'string')) {
			return badRequest('user must be an array of user ids', 'user');
		}
		if (body.user.length > 0) filters.users = new Set(body.user as string[]);
	}
	if (body.createdAt !== undefined && body.createdAt !== null) {
		if (!isPlainObject(body.createdAt))
			return badRequest('createdAt must be an object with "after" and/or "before"', 'createdAt');
		const { after, before } = body.createdAt;
		if (after !== undefined && !isDateOnly(after))
			return badRequest('createdAt.after must be a date YYYY-MM-DD', 'createdAt.after');
		if (before !== undefined && !isDateOnly(before))
			return badRequest('createdAt.before must be a date YYYY-MM-DD', 'createdAt.before');
		filters.after = after;
		filters.before = before;
	}
	return { ok: true, value: filters };
}

/** undefined = the default order. More than one key leaves the sort without effect (reference 4.4). */
function readOrder(order: unknown): Read<{ field: SortField; direction: Direction } | undefined> {
	if (order === undefined || order === null) return { ok: true, value: undefined };
	if (!isPlainObject(order)) return badRequest('order must be an object', 'order');
	const entries = Object.entries(order);
	if (entries.length !== 1) return { ok: true, value: undefined };
	const [field, direction] = entries[0];
	if (!SORT_FIELDS.includes(field))
		return badRequest(
			`order: unknown field "${field}" (allowed: ${SORT_FIELDS.join(', ')})`,
			'order',
		);
	if (direction !== 'asc' && direction !== 'desc')
		return badRequest(`order.${field} must be "asc" or "desc"`, `order.${field}`);
	return { ok: true, value: { field: field as SortField, direction } };
}

function matches(link: SandboxLink, filters: Filters): boolean {
	if (filters.users && !filters.users.has(link.ownerId)) return false;
	if (filters.after !== undefined || filters.before !== undefined) {
		const day = utcDay(link.createdAt);
		if (filters.after !== undefined && day < filters.after) return false;
		if (filters.before !== undefined && day > filters.before) return false;
	}
	if (filters.search !== undefined) {
		const needle = filters.search;
		return [link.title, link.longUrl, link.path, link.id].some((text) =>
			text.toLowerCase().includes(needle),
		);
	}
	return true;
}

/** Sort keys computed once per link; ties always fall back to creation order so pages are stable. */
function sortLinks(
	links: SandboxLink[],
	order: { field: SortField; direction: Direction } | undefined,
): SandboxLink[] {
	const field = order?.field ?? 'createdAt';
	const sign = (order?.direction ?? 'desc') === 'asc' ? 1 : -1;
	const keyed = links.map((link) => ({ link, key: sortKey(link, field) }));
	keyed.sort((a, b) => {
		// Links without expiry come last in both directions.
		if (a.key === null || b.key === null) {
			if (a.key !== b.key) return a.key === null ? 1 : -1;
		} else if (a.key !== b.key) {
			return a.key < b.key ? -sign : sign;
		}
		return (a.link.sequence - b.link.sequence) * sign;
	});
	return keyed.map((entry) => entry.link);
}

function sortKey(link: SandboxLink, field: SortField): number | string | null {
	if (field === 'title') return link.title.toLowerCase();
	if (field === 'expiredAt') return link.expiredAt === null ? null : Date.parse(link.expiredAt);
	return Date.parse(link.createdAt);
}

/**
 * The links the key's user can list, sorted, cached per order until the links change: a list
 * request then costs its page, not a sort of every link (which made a bench of 20,000 links
 * measure the sandbox rather than its client).
 */
const sortedCache = new WeakMap<
	SandboxState,
	Map<string, { version: string; links: SandboxLink[] }>
>();

function sortedVisibleLinks(
	state: SandboxState,
	order: { field: SortField; direction: Direction } | undefined,
): SandboxLink[] {
	const key = order ? `${order.field}:${order.direction}` : 'default';
	const byOrder =
		sortedCache.get(state) ?? new Map<string, { version: string; links: SandboxLink[] }>();
	sortedCache.set(state, byOrder);
	const cached = byOrder.get(key);
	if (cached?.version === state.linksVersion) return cached.links;
	const links = sortLinks(
		[...state.links.values()].filter((link) => state.isVisibleToKeyUser(link)),
		order,
	);
	byOrder.set(key, { version: state.linksVersion, links });
	return links;
}

/** POST /v1/links/list and POST /public/links/list */
export function listLinks({ state, body, pageSizeCap }: RouteContext): ApiResponse {
	const request = body ?? {};
	if (!isPlainObject(request)) return flatError(400, 'The request body must be a JSON object');
	const paging = readPaging(request.page, request.itemsPerPage, 20, pageSizeCap);
	if (!paging.ok) return paging.response;
	const filters = readFilters(request);
	if (!filters.ok) return filters.response;
	const order = readOrder(request.order);
	if (!order.ok) return order.response;

	const sorted = sortedVisibleLinks(state, order.value);
	const hasFilters = Object.values(filters.value).some((value) => value !== undefined);
	const found = hasFilters ? sorted.filter((link) => matches(link, filters.value)) : sorted;
	const items = pageOf(found, paging).map(toApiLink);
	return success({ items, total: found.length }, 0);
}
