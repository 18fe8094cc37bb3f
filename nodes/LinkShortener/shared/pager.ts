import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import { apiRequest, recordsOf, toItems, totalOf, type ApiContext, type ApiRequest } from './transport';

/** The page size asked for; servers may answer with fewer (the maximum is not published). */
export const PAGE_SIZE = 100;

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

/** Asks for one page and hands back the answer's body. */
export type FetchPage = (page: number, itemsPerPage: number) => Promise<unknown>;

export interface PagerOptions {
	/** Records wanted at most; paging stops once they are there. */
	limit?: number;
	/** The page size asked for (PAGE_SIZE unless given); fewer per page are accepted. */
	pageSize?: number;
	/** The page to start at, to resume a listing. */
	firstPage?: number;
	/** When resuming: the page size the server was seen to use on earlier pages. */
	servedPageSize?: number;
}

/**
 * THE pager: the only code of the package that asks for page after page. It asks for pages
 * from `firstPage` on, yields each page's records and ends after the page the D6 rule calls
 * the last (its `last` says why; the generator also returns it).
 */
export async function* pages(fetchPage: FetchPage, options: PagerOptions = {}): AsyncGenerator<Page, StopReason> {
	const limit = options.limit ?? Infinity;
	const itemsPerPage = Math.min(options.pageSize ?? PAGE_SIZE, limit);
	let servedPageSize = options.servedPageSize ?? 0;
	let yielded = 0;
	for (let number = options.firstPage ?? 1; ; number++) {
		const body = await fetchPage(number, itemsPerPage);
		let records = recordsOf(body);
		servedPageSize = Math.max(servedPageSize, records.length);
		const total = totalOf(body);
		let last = lastPageRule({ number, received: records.length, total, servedPageSize });
		if (yielded + records.length >= limit) {
			records = records.slice(0, limit - yielded);
			last ??= 'limit';
		}
		yielded += records.length;
		yield { number, records, total, servedPageSize, last };
		if (last) return last;
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
		return (page.number - 1) * page.servedPageSize + page.received >= page.total ? 'total' : undefined;
	}
	return page.received < page.servedPageSize ? 'shortPage' : undefined;
}

/** Page after page of a list endpoint through the transport: `page` / `itemsPerPage` go in the query of a GET, in the body otherwise. */
export function listPages(
	context: ApiContext,
	request: ApiRequest,
	options: PagerOptions = {},
): AsyncGenerator<Page, StopReason> {
	const where = request.method === 'GET' ? 'qs' : 'body';
	return pages(async (page, itemsPerPage) => {
		const paged = { ...request, [where]: { ...(request[where] as IDataObject), page, itemsPerPage } };
		return (await apiRequest.call(context, paged)).body;
	}, options);
}

/**
 * `routing.operations.pagination` of the Get Many operations: Return All, or Limit. Each page
 * goes through n8n's routing (makeRoutingRequest), so the operation's routing still declares
 * the method, URL and body.
 */
export async function paginate(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll ? Infinity : (this.getNodeParameter('limit', 50) as number);
	const where = requestData.options.method === 'GET' ? 'qs' : 'body';
	const fetchPage: FetchPage = async (page, itemsPerPage) => {
		const options = {
			...requestData.options,
			[where]: { ...(requestData.options[where] as IDataObject), page, itemsPerPage },
		};
		const [response] = await this.makeRoutingRequest({ ...requestData, options });
		return response?.json;
	};
	const items: INodeExecutionData[] = [];
	for await (const page of pages(fetchPage, { limit })) items.push(...toItems(page.records, this.getItemIndex()));
	return items;
}
