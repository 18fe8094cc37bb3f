import {
	NodeOperationError,
	type IDataObject,
	type IDisplayOptions,
	type INodeParameterResourceLocator,
	type INodeProperties,
} from 'n8n-workflow';

import { FIELDS } from './linkBodies';
import { listPages } from '../paging/pager';
import { linkPathsOf } from '../http/endpoints';
import type { RowValidator } from '../fields/validation';
import type { Row } from '../http/request';

/** The "Link" locator of Link > Get and Link > Update: from the list, by ID, or by short URL. */
export function linkLocator(
	displayOptions: IDisplayOptions,
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

/** What the "Link" locator of a row names: a link's UUID, or a short URL to look up. */
export type LocatedLink = { id: string } | { shortUrl: string };

/** The "Link" locator of a row. */
export function linkLocatorOf(row: Row): INodeParameterResourceLocator {
	return row.parameter<INodeParameterResourceLocator>('linkId', {
		__rl: true,
		mode: 'list',
		value: '',
	});
}

/** What the "Link" locator of a row names, checked without a request. */
export function locatedLinkOf(
	locator: INodeParameterResourceLocator,
	check: RowValidator,
): LocatedLink {
	if (locator.mode === 'url') {
		return {
			shortUrl: check.httpUrl(locator.value, { label: 'Link (by short URL)', parameter: 'linkId' }),
		};
	}
	return { id: check.uuid(locator.value, FIELDS.id) };
}

/** The link's UUID: a short URL is searched (on the list path "API Paths" picks) and must match exactly. */
export async function linkIdOf(link: LocatedLink, options: IDataObject, row: Row): Promise<string> {
	if ('id' in link) return link.id;
	const wanted = normalizeShortUrl(link.shortUrl);
	const search = decodeURIComponent(new URL(wanted).pathname.replace(/^\/+/, ''));
	const request = { method: 'POST' as const, url: linkPathsOf(options).list, body: { search } };
	for await (const { records } of listPages(row.api, request, {}, row.index)) {
		const match = records.find((found) => normalizeShortUrl(String(found.shortUrl)) === wanted);
		if (match) return String(match.id);
	}
	throw new NodeOperationError(
		row.context.getNode(),
		`No link has the short URL ${link.shortUrl}`,
		{
			itemIndex: row.index,
			description: 'Check the short URL, or choose the link from the list or by its ID.',
		},
	);
}

/** Scheme and host compare without case (URL lowers them); a trailing slash is ignored. */
function normalizeShortUrl(url: string): string {
	try {
		return new URL(url.trim()).href.replace(/\/+$/, '');
	} catch {
		return url.trim();
	}
}
