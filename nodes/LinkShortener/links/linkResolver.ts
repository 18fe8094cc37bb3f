import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import { readLinkIndex } from './linkIndex';
import { describeKey, hostOf, keysOfLink, type LinkRef } from './linkRefs';
import type { Api } from '../http/request';

/** What a short URL or path resolved to: the link's id, or why it names no single link. */
export type Resolution = { id: string } | { problem: string; found: number };

/**
 * THE rule (D14), for every operation and the trigger: a short URL or path resolves to a link
 * only when exactly one link of the account answers it (a short URL by host without case and
 * path); none, or several (a path on several domains, or a short URL several links answer),
 * is a problem that names them. Every short URL and path of the rows is looked up at once, the
 * cheaper way (`readLinkIndex`).
 */
export async function resolveLinkRefs(
	api: Api,
	listUrl: string,
	refs: Iterable<LinkRef>,
): Promise<Map<string, Resolution>> {
	const found = await linksByRefKey(api, listUrl, refs);
	const resolved = new Map<string, Resolution>();
	for (const [key, links] of found) resolved.set(key, resolutionOf(key, links));
	return resolved;
}

function resolutionOf(key: string, links: IDataObject[]): Resolution {
	const what = describeKey(key);
	if (links.length === 1) return { id: String(links[0].id) };
	const found = links.length;
	if (found === 0) return { problem: `no link has the ${what}`, found };
	if (key.startsWith('path:')) {
		const hosts = links.map((link) => hostOf(link.shortUrl)).filter(Boolean);
		const problem = `the ${what} is used on several domains (${hosts.join(', ')}); give the short URL`;
		return { problem, found };
	}
	const ids = links.map((link) => String(link.id)).join(', ');
	return { problem: `several links have the ${what} (${ids}); give the link's ID`, found };
}

/** The links of the account each short URL or path names (none, one, or several), through one link index. */
export async function linksByRefKey(
	api: Api,
	listUrl: string,
	refs: Iterable<LinkRef>,
): Promise<Map<string, IDataObject[]>> {
	const searches = new Map<string, string>();
	for (const ref of refs) if (ref.kind !== 'id') searches.set(ref.key, ref.search);
	const { matches } = await readLinkIndex(api, listUrl, { searches, keysOf: keysOfLink });
	return new Map([...searches.keys()].map((key) => [key, uniqueById(matches.get(key) ?? [])]));
}

function uniqueById(links: IDataObject[]): IDataObject[] {
	const seen = new Map<string, IDataObject>();
	for (const link of links) seen.set(String(link.id), link);
	return [...seen.values()];
}

/**
 * The "Link" locators of one run (Link > Get, Get Clicks, Export Clicks): each row's reference
 * is remembered when the row is checked; the first row sent resolves every remembered short URL
 * of the run at once, so rows naming the same link cost one look-up, many rows the cheaper way.
 */
class RunLinks {
	private readonly wanted = new Map<string, LinkRef[]>();
	private readonly resolved = new Map<string, Promise<Map<string, Resolution>>>();

	remember(ref: LinkRef, listUrl: string): void {
		if (ref.kind !== 'id') this.wanted.set(listUrl, [...(this.wanted.get(listUrl) ?? []), ref]);
	}

	async resolutionOf(api: Api, ref: LinkRef & { key: string }, listUrl: string) {
		let all = this.resolved.get(listUrl);
		if (!all) {
			all = resolveLinkRefs(api, listUrl, this.wanted.get(listUrl) ?? [ref]);
			this.resolved.set(listUrl, all);
		}
		const resolution = (await all).get(ref.key);
		return resolution ?? (await resolveLinkRefs(api, listUrl, [ref])).get(ref.key);
	}
}

// One per run: rows of a run share their run's Api.
const runs = new WeakMap<Api, RunLinks>();

function runLinksOf(api: Api): RunLinks {
	const known = runs.get(api);
	if (known) return known;
	const created = new RunLinks();
	runs.set(api, created);
	return created;
}

/** Notes a checked row's "Link" locator, so that the run resolves all its short URLs at once. */
export function rememberLink(api: Api, ref: LinkRef, listUrl: string): LinkRef {
	runLinksOf(api).remember(ref, listUrl);
	return ref;
}

/** The link's UUID: its id, or the one link its short URL names (the rule of `resolveLinkRefs`). */
export async function linkIdOf(
	api: Api,
	ref: LinkRef,
	listUrl: string,
	{ itemIndex }: { itemIndex?: number } = {},
): Promise<string> {
	if (ref.kind === 'id') return ref.id;
	const resolution = await runLinksOf(api).resolutionOf(api, ref, listUrl);
	if (resolution && 'id' in resolution) return resolution.id;
	const message =
		resolution?.found === 0 || !resolution
			? `No link has the short URL ${ref.text}`
			: `The short URL ${ref.text} names no single link: ${resolution.problem}`;
	throw new NodeOperationError(api.node, message, {
		itemIndex,
		description: 'Check the short URL, or choose the link from the list or by its ID.',
	});
}
