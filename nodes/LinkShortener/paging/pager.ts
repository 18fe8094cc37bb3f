import type { IDataObject } from 'n8n-workflow';

import { answerCap } from '../n8n/toolMode';
import { cancelSignalOf, throwIfCancelled } from '../n8n/wait';
import { pageError, readPage, SeenRecords, type PageSource, type Repeats } from './pageChecks';
import { PageWindow, type FetchPage } from './pageWindow';
import type { Api, ApiRequest, Row } from '../http/request';
import { REQUESTS_IN_FLIGHT } from '../http/endpoints';

/** The page size asked for; servers may answer with fewer (the maximum is not published). */
export const PAGE_SIZE = 100;

/**
 * How many pages before it a page's repeats are looked for in listings that may be a whole
 * million-link account (Export, the look-ups' full listing): a server ignoring `page` repeats
 * the page before; the ids of every page would hold about 110 MB a million links.
 */
export const RECENT_PAGES = REQUESTS_IN_FLIGHT + 2;

/** Why paging ended after a page. */
export type StopReason =
	/** The caller's record limit is reached. */
	| 'limit'
	/** The records up to this page reach the `total` the server gave. */
	| 'total'
	/** The page held no record. */
	| 'emptyPage'
	/** Without a `total`: the page held fewer records than the server's full pages. */
	| 'shortPage';

export interface Page {
	/** The page number asked for (1 is the first). */
	number: number;
	records: IDataObject[];
	/** The `total` this page gave, if any. */
	total?: number;
	/** How many records the server puts on a full page, as far as seen so far. */
	servedPageSize: number;
	/** Set on the last page: why no further page will be asked for. */
	last?: StopReason;
}

export interface PagerOptions {
	/** Records wanted at most; paging stops once they are there, and no page past them is asked. */
	limit?: number;
	/** The page size asked for (PAGE_SIZE unless given); fewer per page are accepted. */
	pageSize?: number;
	/** The page to start at, to resume a listing. */
	firstPage?: number;
	/** When resuming: the page size the server was seen to use on earlier pages. */
	servedPageSize?: number;
	/** Pages in flight at once once `total` is known (REQUESTS_IN_FLIGHT unless given; 1: one after another). */
	concurrency?: number;
	/** What a record repeated from an earlier page means ('error' unless given). */
	repeats?: Repeats;
	/** Repeats are looked for in this many pages before (every page unless given): memory bounded whatever the listing's size. */
	pagesKept?: number;
	/**
	 * The most pages the reader may still read, given the page size the server serves: pages
	 * past it are never asked for ahead, so a reader with a bound of its own (a look-up that
	 * stops after ⌈n / page⌉ + 1 pages) sends no request beyond that bound.
	 */
	pagesWanted?: (servedPageSize: number) => number;
	/** The execution's cancel signal: once it is aborted, no page is asked for or read. */
	signal?: AbortSignal;
}

/**
 * THE pager: the only code of the package that asks for page after page. It asks for pages
 * from `firstPage` on, yields each page's new records in the server's order and ends after the
 * page the D6 rule calls the last (its `last` says why; the generator also returns it).
 *
 * D6 bounds: a page that is not the list's JSON, that adds nothing new or (unless `repeats` is
 * 'skip') repeats a record, or a page number past ⌈total/page⌉ + 2 ends the paging with an
 * error. Once the first page gives `total`, the page size the server really serves and the
 * pages still needed are known: later pages are asked for up to `concurrency` at once, but
 * only when the reader asks for the next page, so a reader that stops early costs no more.
 */
export async function* pages(
	fetchPage: FetchPage,
	source: PageSource,
	options: PagerOptions = {},
): AsyncGenerator<Page, StopReason> {
	const limit = options.limit ?? Infinity;
	const itemsPerPage = Math.min(options.pageSize ?? PAGE_SIZE, limit);
	const firstPage = options.firstPage ?? 1;
	const seen = new SeenRecords(source, options.repeats ?? 'error', options.pagesKept);
	const { signal } = options;
	const inFlight = new PageWindow(async (page, size) => {
		throwIfCancelled(signal);
		return await fetchPage(page, size);
	}, itemsPerPage);
	let servedPageSize = options.servedPageSize ?? 0;
	let total: number | undefined;
	let yielded = 0;
	try {
		for (let number = firstPage; ; number++) {
			throwIfCancelled(signal);
			const lastPage =
				total === undefined || servedPageSize === 0 ? undefined : Math.ceil(total / servedPageSize);
			if (lastPage !== undefined && number > lastPage + 2) {
				throw pageError(
					source,
					number,
					`would go past the ${lastPage} pages that ${total} records fill, with no end in sight`,
				);
			}
			const readerLast =
				firstPage - 1 + (options.pagesWanted?.(Math.max(1, servedPageSize)) ?? Infinity);
			const wanted = Math.min(
				lastPage ?? number,
				firstPage - 1 + Math.ceil(limit / Math.max(1, servedPageSize)),
				readerLast,
			);
			inFlight.ask(
				number,
				lastPage === undefined ? number : Math.max(number, wanted),
				options.concurrency ?? REQUESTS_IN_FLIGHT,
			);
			const page = readPage(source, number, await inFlight.take(number));
			const totalGrew = total !== undefined && page.total !== undefined && page.total > total;
			servedPageSize = Math.max(servedPageSize, page.records.length);
			total = page.total ?? total;
			let records = seen.newOf(number, page.records, totalGrew);
			let last = lastPageRule({
				number,
				received: page.records.length,
				total: page.total,
				servedPageSize,
			});
			if (yielded + records.length >= limit) {
				records = records.slice(0, limit - yielded);
				last ??= 'limit';
			}
			yielded += records.length;
			yield { number, records, total: page.total, servedPageSize, last };
			if (last) return last;
		}
	} finally {
		await inFlight.settle();
	}
}

/** The first page of a pager: for callers that read one page per call (a locator's search). */
export async function onePageOf(pager: AsyncGenerator<Page, StopReason>): Promise<Page> {
	const result = await pager.next();
	if (result.done) throw new Error('The pager ended without a page');
	return result.value;
}

/**
 * D6, the single "this was the last page" rule: an empty page; once `total` is known, the
 * records up to this page reaching it; without `total`, a page shorter than the full ones.
 */
function lastPageRule(page: {
	number: number;
	received: number;
	total?: number;
	servedPageSize: number;
}): StopReason | undefined {
	if (page.received === 0) return 'emptyPage';
	if (page.total !== undefined) {
		return (page.number - 1) * page.servedPageSize + page.received >= page.total
			? 'total'
			: undefined;
	}
	return page.received < page.servedPageSize ? 'shortPage' : undefined;
}

/** Page after page of a list endpoint through the transport: `page` / `itemsPerPage` go in the query of a GET, in the body otherwise. */
export function listPages(
	api: Api,
	request: ApiRequest,
	options: PagerOptions = {},
	itemIndex?: number,
): AsyncGenerator<Page, StopReason> {
	const where = request.method === 'GET' ? 'qs' : 'body';
	const fetchPage: FetchPage = async (page, itemsPerPage) => {
		const paged = {
			...request,
			[where]: { ...(request[where] as IDataObject), page, itemsPerPage },
		};
		return (await api.request(paged, itemIndex)).body;
	};
	return pages(
		fetchPage,
		{ node: api.node, request: `${request.method} ${request.url}`, itemIndex },
		{ signal: cancelSignalOf(api.context), ...options },
	);
}

/** The records of a Get Many row: Return All, or Limit; for an AI agent at most the answer cap (answerCap). */
export async function listRecords(row: Row, request: ApiRequest): Promise<IDataObject[]> {
	const asked = row.parameter('returnAll', false) ? Infinity : row.parameter('limit', 50);
	const limit = answerCap(row.context.getNode(), asked);
	const records: IDataObject[] = [];
	for await (const page of listPages(row.api, request, { limit }, row.index)) {
		for (const record of page.records) records.push(record);
	}
	return records;
}
