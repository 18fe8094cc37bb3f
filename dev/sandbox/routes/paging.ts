import { flatError, type ApiResponse } from '../http';
import { readPositiveInteger } from '../validation';

export type Paging =
	| { ok: true; page: number; size: number }
	| { ok: false; response: ApiResponse };

/** page and itemsPerPage (absent = defaults); itemsPerPage above the cap is served with the cap. */
export function readPaging(
	page: unknown,
	itemsPerPage: unknown,
	defaultSize: number,
	cap: number,
): Paging {
	const pageNumber = page === undefined ? 1 : readPositiveInteger(page);
	if (pageNumber === undefined)
		return {
			ok: false,
			response: flatError(400, 'page must be a positive integer', { field: 'page' }),
		};
	const size = itemsPerPage === undefined ? defaultSize : readPositiveInteger(itemsPerPage);
	if (size === undefined) {
		return {
			ok: false,
			response: flatError(400, 'itemsPerPage must be a positive integer', {
				field: 'itemsPerPage',
			}),
		};
	}
	return { ok: true, page: pageNumber, size: Math.min(size, cap) };
}

export function pageOf<T>(items: T[], paging: { page: number; size: number }): T[] {
	const start = (paging.page - 1) * paging.size;
	return items.slice(start, start + paging.size);
}
