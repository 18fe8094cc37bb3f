import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { listPages, onePageOf, PAGE_SIZE, type Page, type PagerOptions } from '../paging/pager';
import { LINK_PATHS, NEWEST_FIRST, OLDEST_FIRST } from '../http/endpoints';
import { recordsOf } from '../http/records';
import type { Api, ApiRequest } from '../http/request';

/** Fresh reads from page 1 after links vanished mid-read, before the poll gives up for now. */
const MAX_READ_ATTEMPTS = 3;

function listRequest(order: IDataObject): ApiRequest {
	return { method: 'POST', url: LINK_PATHS.v1.list, body: { order } };
}

/** The listing, oldest first. */
export function oldestFirstListing(): ApiRequest {
	return listRequest(OLDEST_FIRST);
}

/** The `count` most recently created links, newest first, for the editor's test event. */
export async function latestLinks(api: Api<IPollFunctions>, count: number): Promise<IDataObject[]> {
	const response = await api.request({
		...listRequest(NEWEST_FIRST),
		body: { order: NEWEST_FIRST, page: 1, itemsPerPage: count },
	});
	return recordsOf(response.body).slice(0, count);
}

export interface NewestFirstRead {
	/**
	 * idle: page 1 showed nothing to read; complete: read down to the first link past the
	 * boundary, or to the end; deadline: stopped early; unstable: links kept vanishing while it read.
	 */
	outcome: 'idle' | 'complete' | 'deadline' | 'unstable';
	/** The links above the boundary, newest first, each once. */
	links: IDataObject[];
	/** The `total` of page 1. */
	total?: number;
}

export interface NewestFirstOptions {
	/** A fresh test per read from page 1: true for the first link past the boundary. */
	boundary: () => (link: IDataObject) => boolean;
	/** Checked on page 1: nothing new there and nothing changed, so no further page is needed. */
	idle?: (firstPage: Page) => boolean;
	/** Checked after each page: the links read so far are all the read is for; page 1's `total` is given. */
	enough?: (links: Iterable<IDataObject>, page: Page, firstTotal: number | undefined) => boolean;
	/** How many pages the read may still need (the pager asks no further ahead); every page unless given. */
	pagesWanted?: PagerOptions['pagesWanted'];
	deadline: number;
}

/**
 * Reads newest first down to the boundary. Links created meanwhile push the pages down (a link
 * comes twice, kept once); links deleted meanwhile pull them up, and the link that moved from
 * the next page onto the one already read would be passed over. A deletion shows as a `total`
 * lower than the page before's (creations only add to it), so the read starts again from page 1.
 */
export async function readNewestFirst(
	api: Api<IPollFunctions>,
	options: NewestFirstOptions,
): Promise<NewestFirstRead> {
	for (let attempt = 0; attempt < MAX_READ_ATTEMPTS; attempt++) {
		const isBoundary = options.boundary();
		const found = new Map<string, IDataObject>();
		let total: number | undefined;
		let previousTotal: number | undefined;
		let shrank = false;
		// Pages past the first go up to 8 in flight, as Get Many reads them: a poll that must read
		// many (a backlog, the thousands of one bulk import) is not one round trip a page.
		for await (const page of listPages(api, listRequest(NEWEST_FIRST), {
			repeats: 'skip',
			pagesWanted: options.pagesWanted,
		})) {
			if (page.number === 1) {
				total = page.total;
				if (options.idle?.(page)) return { outcome: 'idle', links: [], total };
			}
			if (page.total !== undefined && previousTotal !== undefined && page.total < previousTotal) {
				shrank = true;
				break;
			}
			previousTotal = page.total ?? previousTotal;
			const reachedBoundary = page.records.some(isBoundary);
			for (const link of page.records) if (!isBoundary(link)) found.set(String(link.id), link);
			if (reachedBoundary) break;
			if (options.enough?.(found.values(), page, total))
				return { outcome: 'complete', links: [...found.values()], total };
			if (!page.last && Date.now() >= options.deadline)
				return { outcome: 'deadline', links: [...found.values()], total };
		}
		if (!shrank) return { outcome: 'complete', links: [...found.values()], total };
	}
	return { outcome: 'unstable', links: [] };
}

/** One page of the oldest-first listing. */
async function oldestFirstPage(
	api: Api<IPollFunctions>,
	page: number,
	pageSize: number,
): Promise<Page> {
	return await onePageOf(
		listPages(api, oldestFirstListing(), { firstPage: page, pageSize, concurrency: 1 }),
	);
}

/**
 * The last oldest-first page that starts with a link for which `isBefore` holds: reading from
 * there passes over nothing after them. A binary search over the pages: about log2(pages)
 * requests, whatever the size of the account.
 */
export async function pageStartingBefore(
	api: Api<IPollFunctions>,
	isBefore: (link: IDataObject) => boolean,
	pageSize = PAGE_SIZE,
): Promise<number> {
	const first = await oldestFirstPage(api, 1, pageSize);
	if (first.records.length === 0 || !isBefore(first.records[0])) return 1;
	let low = 1;
	let high = Math.max(
		1,
		Math.ceil((first.total ?? first.records.length) / Math.max(1, first.servedPageSize)),
	);
	while (low < high) {
		const middle = Math.ceil((low + high) / 2);
		const page = await oldestFirstPage(api, middle, pageSize);
		if (page.records.length > 0 && isBefore(page.records[0])) low = middle;
		else high = middle - 1;
	}
	return low;
}

export interface OldestFirstOptions {
	firstPage: number;
	pageSize: number;
	/** True for a link that must have been read already when the read starts at `firstPage`. */
	isSettled: (link: IDataObject) => boolean;
	/** True for a link to keep. */
	wanted: (link: IDataObject) => boolean;
	/** True for a link dated too far ahead to read yet: it and the rest of the listing wait. */
	isAhead: (link: IDataObject) => boolean;
	deadline: number;
}

export interface OldestFirstRead {
	/** The first page did not start with a settled link: links vanished, the start is wrong. */
	misplaced: boolean;
	links: IDataObject[];
	/** Where the next poll goes on, when the read stopped before the end. */
	resumePage?: number;
	/** When it read to the end: the last page's `total`, all of which it has seen. */
	total?: number;
	/** The first link dated too far ahead, where the read stopped. */
	heldFrom?: IDataObject;
}

/**
 * Reads oldest first from `firstPage`, keeping the wanted links in order, until the deadline,
 * the end, or the first link dated too far ahead. New links only add pages at the end; links
 * deleted before the read position pull the pages up (a lower `total`), and then the read
 * stops after the last page whose successor is certain and resumes there.
 */
export async function readOldestFirst(
	api: Api<IPollFunctions>,
	options: OldestFirstOptions,
): Promise<OldestFirstRead> {
	const found = new Map<string, IDataObject>();
	let previous: Page | undefined;
	const pager = listPages(api, oldestFirstListing(), {
		firstPage: options.firstPage,
		pageSize: options.pageSize,
	});
	let pagesRead = 0;
	for await (const page of pager) {
		pagesRead++;
		if (
			!previous &&
			options.firstPage > 1 &&
			page.records.length > 0 &&
			!options.isSettled(page.records[0])
		) {
			return { misplaced: true, links: [] };
		}
		if (previous?.total !== undefined && page.total !== undefined && page.total < previous.total) {
			return { misplaced: false, links: [...found.values()], resumePage: previous.number };
		}
		for (const link of page.records) {
			if (options.isAhead(link))
				return { misplaced: false, links: [...found.values()], total: page.total, heldFrom: link };
			if (options.wanted(link)) found.set(String(link.id), link);
		}
		previous = page;
		// The read resumes on the page where it stopped, read again: a poll reads at least one
		// page past it, so that each poll moves on however short its budget or slow the server.
		if (!page.last && pagesRead >= 2 && Date.now() >= options.deadline) {
			return { misplaced: false, links: [...found.values()], resumePage: page.number };
		}
	}
	return { misplaced: false, links: [...found.values()], total: previous?.total };
}
