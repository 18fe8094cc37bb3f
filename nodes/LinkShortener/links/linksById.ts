import type { IDataObject } from 'n8n-workflow';

import { LINK_PATHS, linkPath, REQUESTS_IN_FLIGHT } from '../http/endpoints';
import type { Api } from '../http/request';
import { apiError } from '../http/errors';
import { recordsOf } from '../http/records';
import { countListing, listingOrKeys, type ListingSize } from '../paging/listingOrKeys';

export interface LinksById {
	/** Each id asked for: its link's details, or undefined when the account no longer has it. */
	links: Map<string, LinkDetails | undefined>;
	/** The listing's size, when this look-up read a page of it. */
	listing?: ListingSize;
}

/** What a look-up by id keeps of a link (D16): 100,000 links' whole records are not held. */
export type LinkDetails = Pick<IDataObject, 'shortUrl' | 'longUrl' | 'title'>;

const detailsOf = ({ shortUrl, longUrl, title }: IDataObject): LinkDetails => ({
	shortUrl,
	longUrl,
	title,
});

/** GETs of single links, REQUESTS_IN_FLIGHT at a time; a 404 is a link the account no longer has. */
async function getEach(api: Api, ids: string[], links: LinksById['links']) {
	for (let start = 0; start < ids.length; start += REQUESTS_IN_FLIGHT) {
		await Promise.all(
			ids.slice(start, start + REQUESTS_IN_FLIGHT).map(async (id) => {
				const response = await api.response({ method: 'GET', url: linkPath(id) });
				if (response.statusCode === 404) return links.set(id, undefined);
				if (response.statusCode >= 300) throw apiError(api.node, response);
				const [link] = recordsOf(response.body);
				return links.set(id, link && detailsOf(link));
			}),
		);
	}
}

const LISTING = { method: 'POST' as const, url: LINK_PATHS.v1.list, body: {} };

/** The listing's size, so that later look-ups of the trigger choose their way at once. */
export async function listingSize(api: Api): Promise<ListingSize> {
	return await countListing(api, LISTING);
}

/**
 * The links of some ids, the cheaper way (D14, D16, `listingOrKeys`): one GET per link, 8 at
 * once, or one full listing. With the listing's size known from before, that costs at most
 * min(k, ⌈links / page⌉ + 1) requests for k ids; without it, one page of the listing first tells
 * (at most 1 + min(k, ⌈links / page⌉)), unless k is no more than one round of GETs. Without
 * `total` the listing is read to its end: its size is what the trigger saves.
 */
export async function linksById(
	api: Api,
	ids: Iterable<string>,
	{ known }: { known?: ListingSize } = {},
): Promise<LinksById> {
	const wanted = [...new Set(ids)];
	const links: LinksById['links'] = new Map();
	if (wanted.length === 0) return { links };
	// Only the links asked for are kept: a listing of 100,000 links is read, not held.
	const asked = new Set(wanted);
	const byId = new Map<string, LinkDetails>();
	const keep = (records: IDataObject[]) => {
		for (const link of records)
			if (asked.has(String(link.id))) byId.set(String(link.id), detailsOf(link));
	};
	const rest = () => wanted.filter((id) => !byId.has(id));
	const { size } = await listingOrKeys(
		api,
		LISTING,
		{
			keysAtOnce: REQUESTS_IN_FLIGHT,
			keyRequests: () => rest().length,
			pagesWithoutTotal: Infinity,
			keep,
			byKeys: async () => await getEach(api, rest(), links),
		},
		known,
	);
	for (const id of wanted) if (!links.has(id)) links.set(id, byId.get(id));
	return size ? { links, listing: size } : { links };
}
