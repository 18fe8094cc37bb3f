import type { IDataObject } from 'n8n-workflow';

import { listPages, onePageOf } from '../paging/pager';
import { NEWEST_FIRST } from '../http/endpoints';
import type { Api } from '../http/request';

/** What to look up: each distinct key with the text a `search` for it sends, and the keys a listed link answers to. */
export interface IndexQuery {
	searches: ReadonlyMap<string, string>;
	keysOf(link: IDataObject): string[];
}

export interface LinkIndex {
	/** The links of the account that answer to each wanted key, in listing order (newest first). */
	matches: Map<string, IDataObject[]>;
}

/**
 * THE link look-up of D11 and D14, on the pager. With one key it searches. With more, it
 * asks for the first page of the full listing: that gives `total`, and the node goes on
 * with whichever costs fewer requests, the rest of the listing (⌈total/page⌉ − 1) or one
 * search per key. Cost: at most min(⌈total/page⌉, 1 + keys) list requests when each search
 * fits on one page; without `total`, at most the listing or 1 + 2 · keys. Only exact matches
 * are kept, whatever the server's search matched.
 */
export async function readLinkIndex(
	api: Api,
	listUrl: string,
	query: IndexQuery,
): Promise<LinkIndex> {
	const matches = new Map<string, IDataObject[]>();
	const collect = (records: IDataObject[]) => {
		for (const link of records) {
			for (const key of new Set(query.keysOf(link))) {
				if (query.searches.has(key)) matches.set(key, [...(matches.get(key) ?? []), link]);
			}
		}
	};
	if (query.searches.size === 0) return { matches };
	if (query.searches.size > 1) {
		const listing = listPages(api, { method: 'POST', url: listUrl, body: { order: NEWEST_FIRST } });
		const first = await onePageOf(listing);
		collect(first.records);
		if (first.last) return { matches };
		const pageSize = Math.max(first.servedPageSize, 1);
		const pagesLeft = first.total === undefined ? undefined : Math.ceil(first.total / pageSize) - 1;
		if (pagesLeft !== undefined && pagesLeft <= query.searches.size) {
			for await (const page of listing) collect(page.records);
			return { matches };
		}
		// Without `total` the listing's length is unknown: read it while it costs no more than the
		// searches would, so that either way at most about twice the cheaper one is spent.
		if (pagesLeft === undefined) {
			let pagesRead = 1;
			for await (const page of listing) {
				collect(page.records);
				if (page.last) return { matches };
				if (++pagesRead > query.searches.size) break;
			}
			matches.clear();
		}
		await listing.return('limit');
	}
	for (const search of new Set(query.searches.values())) {
		const request = {
			method: 'POST' as const,
			url: listUrl,
			body: { order: NEWEST_FIRST, search },
		};
		for await (const page of listPages(api, request)) collect(page.records);
	}
	return { matches };
}

/** The newest of some links: the latest `createdAt`; on a tie, the first listed. */
function newestOf(links: readonly IDataObject[]): IDataObject | undefined {
	let newest: IDataObject | undefined;
	let newestAt = -Infinity;
	for (const link of links) {
		const at = Date.parse(String(link.createdAt));
		const time = Number.isNaN(at) ? -Infinity : at;
		if (newest === undefined || time > newestAt) {
			newest = link;
			newestAt = time;
		}
	}
	return newest;
}

/** D11: for each distinct long URL, the newest link of the account whose longUrl is exactly it. */
export async function findLinksByLongUrl(
	api: Api,
	listUrl: string,
	longUrls: Iterable<string>,
): Promise<Map<string, IDataObject>> {
	const searches = new Map([...longUrls].map((url) => [url, url]));
	const keysOf = (link: IDataObject) => (typeof link.longUrl === 'string' ? [link.longUrl] : []);
	const { matches } = await readLinkIndex(api, listUrl, { searches, keysOf });
	const found = new Map<string, IDataObject>();
	for (const [url, links] of matches) {
		const newest = newestOf(links);
		if (newest) found.set(url, newest);
	}
	return found;
}
