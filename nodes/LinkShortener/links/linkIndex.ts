import type { IDataObject } from 'n8n-workflow';

import { listingOrKeys } from '../paging/listingOrKeys';
import { listPages } from '../paging/pager';
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
 * The link look-up of D11 and D14: one search per key, or the full listing when that is
 * cheaper (`listingOrKeys`). Cost: at most min(⌈total/page⌉, 1 + keys) list requests when each
 * search fits on one page; without `total`, at most the listing or 1 + 2 · keys. Only exact
 * matches are kept, whatever the server's search matched.
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
	const keys = query.searches.size;
	const request = { method: 'POST' as const, url: listUrl, body: { order: NEWEST_FIRST } };
	const searchEach = async () => {
		matches.clear();
		for (const search of new Set(query.searches.values())) {
			const body = { order: NEWEST_FIRST, search };
			for await (const page of listPages(api, { ...request, body })) collect(page.records);
		}
	};
	await listingOrKeys(api, request, {
		// Searches are sent one after another: one of them costs what the listing's first page does.
		keysAtOnce: 1,
		keyRequests: () => keys,
		pagesWithoutTotal: keys + 1,
		keep: collect,
		byKeys: searchEach,
	});
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
