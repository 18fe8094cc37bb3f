import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest, LINK_PATHS, recordsOf, totalOf } from '../transport';

const LINKS_PER_PAGE = 50;

/** The "From List" mode of the Link locator: links matching the typed text, page by page. */
export async function searchLinks(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const body: IDataObject = { page, itemsPerPage: LINKS_PER_PAGE };
	if (filter) body.search = filter;
	const response = await apiRequest.call(this, { method: 'POST', url: LINK_PATHS.v1.list, body });
	const links = recordsOf(response.body);
	const total = totalOf(response.body) ?? 0;
	return {
		results: links.map((link) => ({
			name: link.title ? `${String(link.title)} (${String(link.shortUrl)})` : String(link.shortUrl),
			value: String(link.id),
			url: String(link.shortUrl),
		})),
		paginationToken: links.length > 0 && page * LINKS_PER_PAGE < total ? String(page + 1) : undefined,
	};
}
