import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { pageError } from '../paging/pageChecks';
import { Api } from '../http/request';
import { listPages, onePageOf } from '../paging/pager';
import { linkPathsOf } from '../http/endpoints';

const LINKS_PER_PAGE = 50;

/**
 * The token names the next page, the page size the server really uses (a server that caps page
 * sizes below what was asked still numbers its pages by the capped size), and the first link
 * of the page before: a page that starts with it again means the server ignores `page`.
 */
function readToken(token: string | undefined): {
	firstPage: number;
	servedPageSize?: number;
	previousFirst?: string;
} {
	const [page, servedPageSize, previousFirst] = (token ?? '').split(':');
	return {
		firstPage: Number(page) > 0 ? Number(page) : 1,
		servedPageSize: Number(servedPageSize) > 0 ? Number(servedPageSize) : undefined,
		previousFirst: previousFirst || undefined,
	};
}

function linkName(link: IDataObject): string {
	const shortUrl = String(link.shortUrl ?? link.id);
	return link.title ? `${String(link.title)} (${shortUrl})` : shortUrl;
}

/** The "From List" mode of the Link locator: links matching the typed text, newest first; one page per call. */
export async function searchLinks(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const body: IDataObject = {};
	if (filter?.trim()) body.search = filter.trim();
	const options = this.getCurrentNodeParameter('options') as IDataObject | undefined;
	const url = linkPathsOf(options ?? {}).list;
	const { previousFirst, ...position } = readToken(paginationToken);
	const request = { method: 'POST' as const, url, body };
	const page = await onePageOf(
		listPages(new Api(this), request, { ...position, pageSize: LINKS_PER_PAGE }),
	);
	const first = page.records[0]?.id;
	if (previousFirst !== undefined && String(first) === previousFirst) {
		throw pageError(
			{ node: this.getNode(), request: `POST ${url}` },
			page.number,
			'starts with the same link as the page before: the server seems to ignore the page asked for',
		);
	}
	return {
		results: page.records.map((link) => ({
			name: linkName(link),
			value: String(link.id),
			url: link.shortUrl ? String(link.shortUrl) : undefined,
		})),
		paginationToken: page.last
			? undefined
			: `${page.number + 1}:${page.servedPageSize}:${String(first ?? '')}`,
	};
}
