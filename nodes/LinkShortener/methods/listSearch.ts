import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listPages, onePageOf } from '../shared/pager';
import { LINK_PATHS } from '../shared/transport';

const LINKS_PER_PAGE = 50;

/**
 * The token names the next page and the page size the server really uses: a server that caps
 * page sizes below what was asked still numbers its pages by the capped size.
 */
function readToken(token: string | undefined): { firstPage: number; servedPageSize?: number } {
	const [page, servedPageSize] = (token ?? '').split(':').map(Number);
	return { firstPage: page > 0 ? page : 1, servedPageSize: servedPageSize > 0 ? servedPageSize : undefined };
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
	const url = LINK_PATHS[options?.apiPaths === 'legacy' ? 'legacy' : 'v1'].list;
	const page = await onePageOf(
		listPages(this, { method: 'POST', url, body }, { ...readToken(paginationToken), pageSize: LINKS_PER_PAGE }),
	);
	return {
		results: page.records.map((link) => ({
			name: linkName(link),
			value: String(link.id),
			url: link.shortUrl ? String(link.shortUrl) : undefined,
		})),
		paginationToken: page.last ? undefined : `${page.number + 1}:${page.servedPageSize}`,
	};
}
