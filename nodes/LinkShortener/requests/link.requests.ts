import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeParameterResourceLocator,
} from 'n8n-workflow';

import { listPages } from '../shared/pager';
import { BULK_UPDATE_PATH, LINK_PATHS, type ApiPaths } from '../shared/transport';
import { isSet, RowValidator } from '../shared/validation';
import { createLinkBody, FIELDS, updateLinkElement, type LinkFields } from './linkBodies';

const FILTER_FIELDS = {
	createdAfter: { label: 'Created After', parameter: 'filters.createdAfter' },
	createdBefore: { label: 'Created Before', parameter: 'filters.createdBefore' },
	userIds: { label: 'User IDs', parameter: 'filters.userIds' },
};

function validatorFor(context: IExecuteSingleFunctions): RowValidator {
	return new RowValidator(context.getNode(), context.getItemIndex());
}

export async function createLinkRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const fields: LinkFields = {
		longUrl: this.getNodeParameter('longUrl'),
		title: this.getNodeParameter('title', ''),
		...(this.getNodeParameter('additionalFields', {}) as IDataObject),
	};
	requestOptions.url = LINK_PATHS[apiPathsOf(this)].create;
	requestOptions.body = createLinkBody(fields, validatorFor(this));
	return requestOptions;
}

export async function getLinkRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const id = await linkIdOf(this);
	requestOptions.url = `/v1/links/${id}`;
	return requestOptions;
}

export async function updateLinkRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const check = validatorFor(this);
	const updateFields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const id = await linkIdOf(this);
	requestOptions.url = BULK_UPDATE_PATH;
	requestOptions.body = [updateLinkElement(id, updateFields, check)] as unknown as IDataObject;
	return requestOptions;
}

export async function listLinksRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const check = validatorFor(this);
	const filters = this.getNodeParameter('filters', {}) as IDataObject;
	const sort = this.getNodeParameter('sort', {}) as IDataObject;
	const body: IDataObject = {};
	if (isSet(filters.search)) body.search = String(filters.search);
	if (isSet(filters.userIds)) body.user = check.uuidList(filters.userIds, FILTER_FIELDS.userIds);
	const createdAt: IDataObject = {};
	if (isSet(filters.createdAfter)) {
		createdAt.after = check.day(filters.createdAfter, FILTER_FIELDS.createdAfter);
	}
	if (isSet(filters.createdBefore)) {
		createdAt.before = check.day(filters.createdBefore, FILTER_FIELDS.createdBefore);
	}
	if (Object.keys(createdAt).length) body.createdAt = createdAt;
	if (isSet(sort.field)) body.order = { [String(sort.field)]: sort.direction ?? 'desc' };
	requestOptions.url = LINK_PATHS[apiPathsOf(this)].list;
	requestOptions.body = body;
	return requestOptions;
}

/** The link's UUID from the "Link" locator; a short URL is looked up first. */
async function linkIdOf(context: IExecuteSingleFunctions): Promise<string> {
	const check = validatorFor(context);
	const locator = context.getNodeParameter('linkId') as INodeParameterResourceLocator;
	if (locator.mode === 'url') {
		const shortUrl = check.httpUrl(locator.value, { label: 'Link (by short URL)', parameter: 'linkId' });
		return await findLinkIdByShortUrl.call(context, shortUrl, apiPathsOf(context));
	}
	return check.uuid(locator.value, FIELDS.id);
}

function apiPathsOf(context: IExecuteSingleFunctions): ApiPaths {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	return options.apiPaths === 'legacy' ? 'legacy' : 'v1';
}

/** Searches the short URL's path and takes the link whose shortUrl matches it exactly. */
export async function findLinkIdByShortUrl(
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
