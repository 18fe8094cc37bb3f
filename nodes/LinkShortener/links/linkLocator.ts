import {
	NodeOperationError,
	type IDisplayOptions,
	type IExecuteSingleFunctions,
	type INodeParameterResourceLocator,
	type INodeProperties,
	type INodePropertyRouting,
} from 'n8n-workflow';

import { FIELDS } from './linkBodies';
import { listPages } from '../paging/pager';
import { apiPathsOf, LINK_PATHS, type ApiPaths } from '../http/endpoints';
import type { RowValidator } from '../fields/validation';

/** The "Link" locator of Link > Get and Link > Update: from the list, by ID, or by short URL. */
export function linkLocator(
	displayOptions: IDisplayOptions,
	routing?: INodePropertyRouting,
	{
		required = true,
		description = 'The link to use: pick it from the list, give its ID, or paste its short URL',
	}: { required?: boolean; description?: string } = {},
): INodeProperties {
	return {
		displayName: 'Link',
		name: 'linkId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required,
		description,
		displayOptions,
		...(routing && { routing }),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a link...',
				typeOptions: { searchListMethod: 'searchLinks', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 3f1c6a3e-8a4b-4f4e-9a53-0f0d6a1c2b7e',
				validation: [
					{
						type: 'regex',
						properties: {
							regex:
								'^\\s*[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\s*$',
							errorMessage: 'Not a link ID: a link ID is a UUID',
						},
					},
				],
			},
			{
				displayName: 'By Short URL',
				name: 'url',
				type: 'string',
				placeholder: 'e.g. https://sho.rt/abc123',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*https?://[^/\\s]+/\\S+$',
							errorMessage: 'Not a short URL such as https://sho.rt/abc123',
						},
					},
				],
			},
		],
	};
}

/**
 * The link's UUID from the "Link" locator. A short URL is looked up first: routing cannot
 * express a look-up, so the operations call this from their preSend.
 */
export async function linkIdOf(
	context: IExecuteSingleFunctions,
	check: RowValidator,
): Promise<string> {
	const locator = context.getNodeParameter('linkId') as INodeParameterResourceLocator;
	if (locator.mode === 'url') {
		const shortUrl = check.httpUrl(locator.value, {
			label: 'Link (by short URL)',
			parameter: 'linkId',
		});
		return await findLinkIdByShortUrl.call(context, shortUrl, apiPathsOf(context));
	}
	return check.uuid(locator.value, FIELDS.id);
}

/** Searches the short URL's path and takes the link whose shortUrl matches it exactly. */
async function findLinkIdByShortUrl(
	this: IExecuteSingleFunctions,
	shortUrl: string,
	apiPaths: ApiPaths = 'v1',
): Promise<string> {
	const wanted = normalizeShortUrl(shortUrl);
	const search = decodeURIComponent(new URL(wanted).pathname.replace(/^\/+/, ''));
	const request = { method: 'POST' as const, url: LINK_PATHS[apiPaths].list, body: { search } };
	for await (const { records } of listPages(this, request)) {
		const match = records.find((link) => normalizeShortUrl(String(link.shortUrl)) === wanted);
		if (match) return String(match.id);
	}
	throw new NodeOperationError(this.getNode(), `No link has the short URL ${shortUrl}`, {
		itemIndex: this.getItemIndex(),
		description: 'Check the short URL, or choose the link from the list or by its ID.',
	});
}

/** Scheme and host compare without case (URL lowers them); a trailing slash is ignored. */
function normalizeShortUrl(url: string): string {
	try {
		return new URL(url.trim()).href.replace(/\/+$/, '');
	} catch {
		return url.trim();
	}
}
