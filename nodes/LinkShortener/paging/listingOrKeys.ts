import type { IDataObject } from 'n8n-workflow';

import type { Api, ApiRequest } from '../http/request';
import { listPages, onePageOf, RECENT_PAGES } from './pager';

/** What a listing's first page says of the account: enough to tell what a full listing costs. */
export interface ListingSize {
	total: number;
	pageSize: number;
}

interface Choice {
	/** The requests of one look-up per key, once the first page is kept. */
	keyRequests: () => number;
	/** Without `total`, the pages read in all before the keys are left to their own look-ups. */
	pagesWithoutTotal: number;
	/** Each page's records. */
	keep: (records: IDataObject[]) => void;
}

/**
 * THE choice of the link look-ups (D11, D14, D16): by key or the full listing, the cheaper.
 * Reads the listing's first page; then, with `total`, the rest of the listing when it costs
 * no more requests than the keys' look-ups, else nothing more (`listed` false). Without
 * `total` the listing's length is unknown: it is read for up to `pagesWithoutTotal` pages (and
 * counted), so that either way at most about twice the cheaper way is spent.
 */
export async function listingOrKeys(
	api: Api,
	request: ApiRequest,
	{ keyRequests, pagesWithoutTotal, keep }: Choice,
): Promise<{ listed: boolean; size: ListingSize }> {
	// Only the links the keys name are kept (`keep`): a whole account is read, not held.
	const listing = listPages(api, request, { pagesKept: RECENT_PAGES });
	const first = await onePageOf(listing);
	keep(first.records);
	const size = { total: first.total ?? first.records.length, pageSize: first.servedPageSize };
	if (first.last) return { listed: true, size };
	const withTotal = first.total !== undefined;
	const stop = async () => {
		await listing.return('limit');
		return { listed: false, size };
	};
	if (withTotal && Math.ceil(size.total / Math.max(1, size.pageSize)) - 1 > keyRequests())
		return await stop();
	let pagesRead = 1;
	for await (const page of listing) {
		keep(page.records);
		if (withTotal) continue;
		size.total += page.records.length;
		if (!page.last && ++pagesRead >= pagesWithoutTotal) return await stop();
	}
	return { listed: true, size };
}
