import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { findLinksByLongUrl } from './linkIndex';
import type { ApiContext } from '../http/request';

export type IfExists = 'create' | 'returnExisting';

/** `options.ifExists` of Link > Create and Bulk > Create Many (D11). */
export const ifExistsOption: INodeProperties = {
	displayName: 'If Link Exists',
	name: 'ifExists',
	type: 'options',
	options: [
		{
			name: 'Create Another',
			value: 'create',
			description: 'Always create a new link, even when one with the same long URL exists',
		},
		{
			name: 'Return Existing',
			value: 'returnExisting',
			description:
				'Output the newest link whose long URL is exactly this one instead of creating another; each item gets "linkCreated" (true or false)',
		},
	],
	default: 'create',
	description:
		'What to do when the account already has a link with exactly this long URL (after UTM parameters). Return Existing makes re-running a workflow safe.',
};

export function ifExistsOf(options: IDataObject): IfExists {
	return options.ifExists === 'returnExisting' ? 'returnExisting' : 'create';
}

/**
 * The long URLs of one run of a declarative operation, and their look-ups. n8n starts every
 * item's first preSend before any item goes further, so the URLs are all known by the time
 * the first item asks: one look-up serves the run. A URL that arrives later gets its own.
 */
interface RunLookUps {
	pending: Set<string>;
	found: Map<string, Promise<IDataObject | undefined>>;
}

const lookUpsOfRun = new WeakMap<object, RunLookUps>();
const existingOfItem = new WeakMap<object, IDataObject>();

function lookUpsOf(context: IExecuteSingleFunctions): RunLookUps {
	const run = context.getExecuteData();
	let lookUps = lookUpsOfRun.get(run);
	if (!lookUps) {
		lookUps = { pending: new Set(), found: new Map() };
		lookUpsOfRun.set(run, lookUps);
	}
	return lookUps;
}

/** Wraps the preSend that builds the create body: with Return Existing, its long URL joins the run's look-up. */
export function rememberingLongUrl<
	T extends (
		this: IExecuteSingleFunctions,
		options: IHttpRequestOptions,
	) => Promise<IHttpRequestOptions>,
>(buildRequest: T): T {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const built = await buildRequest.call(this, requestOptions);
		const longUrl = (built.body as IDataObject | undefined)?.longUrl;
		if (ifExistsOf(optionsOf(this)) === 'returnExisting' && typeof longUrl === 'string') {
			lookUpsOf(this).pending.add(longUrl);
		}
		return built;
	} as T;
}

/**
 * preSend of Link > Create, after the body is built: with Return Existing, when the account
 * has a link with exactly this long URL, the request becomes a read of that link (GET
 * /v1/links/{id}) instead of a create.
 */
export function returnExistingLink(listUrlOf: (context: IExecuteSingleFunctions) => string) {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		if (ifExistsOf(optionsOf(this)) !== 'returnExisting') return requestOptions;
		const longUrl = String((requestOptions.body as IDataObject).longUrl);
		const existing = await existingLinkOf(this, listUrlOf(this), longUrl);
		if (!existing) return requestOptions;
		existingOfItem.set(this, existing);
		return {
			...requestOptions,
			method: 'GET',
			url: `/v1/links/${encodeURIComponent(String(existing.id))}`,
			body: undefined,
		};
	};
}

/** postReceive of Link > Create: with Return Existing, each item says whether its link was created. */
export async function markLinkCreated(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (ifExistsOf(optionsOf(this)) !== 'returnExisting') return items;
	const linkCreated = !existingOfItem.has(this);
	return items.map((item) => ({ ...item, json: { ...item.json, linkCreated } }));
}

async function existingLinkOf(context: IExecuteSingleFunctions, listUrl: string, longUrl: string) {
	const lookUps = lookUpsOf(context);
	if (!lookUps.found.has(longUrl)) {
		const urls = new Set([...lookUps.pending, longUrl]);
		lookUps.pending.clear();
		const lookUp = findLinksByLongUrl(context as ApiContext, listUrl, urls);
		for (const url of urls) {
			const found = lookUp.then((links) => links.get(url));
			// An item that failed before asking leaves its promise unread: not an unhandled rejection.
			found.catch(() => undefined);
			lookUps.found.set(url, found);
		}
	}
	return await lookUps.found.get(longUrl);
}

function optionsOf(context: IExecuteSingleFunctions): IDataObject {
	return context.getNodeParameter('options', {}) as IDataObject;
}
