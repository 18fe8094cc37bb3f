import type { IDataObject } from 'n8n-workflow';

import type { Api, ApiRequest } from '../http/request';
import { listPages, onePageOf, RECENT_PAGES } from './pager';

/** What a listing's first page says of the account: enough to tell what a full listing costs. */
export interface ListingSize {
	total: number;
	pageSize: number;
}

/** A look-up of some keys (ids, searched texts): by the keys' own requests, or from the listing. */
export interface KeyLookUp {
	/** The keys' own requests sent at once: that many cost no more time than the listing's first page. */
	keysAtOnce: number;
	/** The requests of the keys' own look-ups, once the pages read so far are kept. */
	keyRequests: () => number;
	/** Without `total`, the pages read in all before the keys are left to their own look-ups. */
	pagesWithoutTotal: number;
	/** Each page's records. */
	keep: (records: IDataObject[]) => void;
	/** The keys' own look-ups, for what the listing did not settle. */
	byKeys: () => Promise<void>;
}

const pagesOf = (size: ListingSize) => Math.ceil(size.total / Math.max(1, size.pageSize));

/**
 * THE choice of the link look-ups (D11, D14, D16): the keys' own requests, or the full listing,
 * whichever is cheaper. With the listing's size `known` from before, the keys go on their own
 * when they cost no more than the listing (⌈total/page⌉ + 1); without it, when they are no more
 * than one round (`keysAtOnce`). Otherwise the listing's first page tells: with `total`, the rest
 * of the listing is read when it costs no more requests than the keys' look-ups, else the keys
 * go on their own; without `total` the listing's length is unknown: it is read for up to
 * `pagesWithoutTotal` pages (and counted), so that either way at most about twice the cheaper
 * way is spent. `size`: the listing's, when a page of it was read.
 */
export async function listingOrKeys(
	api: Api,
	request: ApiRequest,
	lookUp: KeyLookUp,
	known?: ListingSize,
): Promise<{ size?: ListingSize }> {
	const keys = lookUp.keyRequests();
	if (keys <= (known ? pagesOf(known) + 1 : lookUp.keysAtOnce)) {
		await lookUp.byKeys();
		return {};
	}
	const { listed, size } = await listingWhileCheaper(api, request, lookUp);
	if (!listed) await lookUp.byKeys();
	return { size };
}

/**
 * The listing's size, so that later look-ups choose their way at once: its first page's
 * `total`; from a server that gives none, a count of the whole listing (read, not held).
 */
export async function countListing(api: Api, request: ApiRequest): Promise<ListingSize> {
	const count = { keyRequests: () => 0, pagesWithoutTotal: Infinity, keep: () => undefined };
	return (await listingWhileCheaper(api, request, count)).size;
}

/** Reads the listing while it costs no more than the keys' look-ups (`listed`: to its end). */
async function listingWhileCheaper(
	api: Api,
	request: ApiRequest,
	{ keyRequests, pagesWithoutTotal, keep }: Omit<KeyLookUp, 'keysAtOnce' | 'byKeys'>,
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
	if (withTotal && pagesOf(size) - 1 > keyRequests()) return await stop();
	let pagesRead = 1;
	for await (const page of listing) {
		keep(page.records);
		if (withTotal) continue;
		size.total += page.records.length;
		if (!page.last && ++pagesRead >= pagesWithoutTotal) return await stop();
	}
	return { listed: true, size };
}
