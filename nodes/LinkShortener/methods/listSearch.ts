import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest, LINK_PATHS, recordsOf, totalOf } from '../shared/transport';

const LINKS_PER_PAGE = 50;

/**
 * The next page, and the page size the server really uses: a server that caps page sizes
 * below what was asked still numbers its pages by the capped size.
 */
interface PagePosition {
	page: number;
	pageSize?: number;
}

function readToken(token: string | undefined): PagePosition {
	const [page, pageSize] = (token ?? '').split(':').map(Number);
	return { page: page > 0 ? page : 1, pageSize: pageSize > 0 ? pageSize : undefined };
}

function nextToken(position: PagePosition, received: number, total: number | undefined): string | undefined {
	if (received === 0) return undefined;
	const pageSize = position.pageSize ?? received;
	const hasMore = total === undefined ? received >= pageSize : (position.page - 1) * pageSize + received < total;
	return hasMore ? `${position.page + 1}:${pageSize}` : undefined;
}

function linkName(link: IDataObject): string {
	const shortUrl = String(link.shortUrl ?? link.id);
	return link.title ? `${String(link.title)} (${shortUrl})` : shortUrl;
}

/** The "From List" mode of the Link locator: links matching the typed text, newest first. */
export async function searchLinks(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const position = readToken(paginationToken);
	const body: IDataObject = { page: position.page, itemsPerPage: LINKS_PER_PAGE };
	if (filter?.trim()) body.search = filter.trim();
	const options = this.getCurrentNodeParameter('options') as IDataObject | undefined;
	const url = LINK_PATHS[options?.apiPaths === 'legacy' ? 'legacy' : 'v1'].list;
	const response = await apiRequest.call(this, { method: 'POST', url, body });
	const links = recordsOf(response.body);
	return {
		results: links.map((link) => ({
			name: linkName(link),
			value: String(link.id),
			url: link.shortUrl ? String(link.shortUrl) : undefined,
		})),
		paginationToken: nextToken(position, links.length, totalOf(response.body)),
	};
}
