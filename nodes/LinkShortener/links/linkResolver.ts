import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import { readLinkIndex } from './linkIndex';
import { describeKey, hostOf, keysOfLink, type LinkRef } from './linkRefs';
import type { Api } from '../http/request';
import { LINK_PATHS } from '../http/endpoints';
import type { PreparedRow, RowLedger } from '../batches/ledger';
import { refuseRow } from '../batches/rows';

/** What a short URL or path resolved to: the link's id, or why it names no single link. */
export type Resolution = { id: string } | { problem: string; found: number };

/**
 * THE rule (D14), for every operation and the trigger: a short URL or path resolves to a link
 * only when exactly one link of the account answers it (a short URL by host without case and
 * path); none, or several (a path on several domains, or a short URL several links answer),
 * is a problem that names them. Every short URL and path of the rows is looked up at once, the
 * cheaper way (`readLinkIndex`).
 */
async function resolveLinkRefs(
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
	if (links.length === 1) return { id: String(links[0].id) };
	return { problem: problemOf(key, links), found: links.length };
}

/** What a row that names no single link can do instead, by how it named it. */
export interface Advice {
	path: string;
	shortUrl: string;
}

const ADVICE: Advice = { path: 'give the short URL', shortUrl: "give the link's ID" };

/** Why a short URL or path names no single link, in D14's words for every operation (Sync Many too, with its own advice). */
export function problemOf(key: string, links: IDataObject[], advice = ADVICE): string {
	const what = describeKey(key);
	if (links.length === 0) return `no link has the ${what}`;
	if (key.startsWith('path:')) {
		const hosts = links.map((link) => hostOf(link.shortUrl)).filter(Boolean);
		return `the ${what} is used on several domains (${hosts.join(', ')}); ${advice.path}`;
	}
	const ids = links.map((link) => String(link.id)).join(', ');
	return `several links have the ${what} (${ids}); ${advice.shortUrl}`;
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

/** Where a checked row names its link, and how it takes the id the plan found (`resolvingLinks`). */
export interface RowLink<T> {
	refOf(checked: T): LinkRef | undefined;
	/** Where its short URL is looked up (Link > Get's API Paths); the v1 listing unless given. */
	listUrlOf?(checked: T): string;
	withId(checked: T, id: string): T;
	/** A refused row's outcome: `notSent` unless given (the updates: `notUpdated`). */
	outcome?: 'notSent' | 'notUpdated';
}

/**
 * The plan of an operation whose rows name their link: every short URL and path of the run's
 * rows looked up at once (rows naming the same link cost one look-up, many rows the cheaper
 * way), each row then naming its link by id; a row whose reference names no single link (D14)
 * is refused before any request.
 */
export function resolvingLinks<T>(api: Api<NodeRun>, link: RowLink<T>) {
	const listUrlOf = (checked: T) => link.listUrlOf?.(checked) ?? LINK_PATHS.v1.list;
	return async (rows: Array<PreparedRow<T>>, ledger: RowLedger) => {
		const wanted = new Map<string, LinkRef[]>();
		for (const { element } of rows) {
			const ref = link.refOf(element);
			const url = listUrlOf(element);
			if (ref && ref.kind !== 'id') wanted.set(url, [...(wanted.get(url) ?? []), ref]);
		}
		const resolved = new Map<string, Map<string, Resolution>>();
		for (const [url, refs] of wanted) resolved.set(url, await resolveLinkRefs(api, url, refs));
		return rows.flatMap((row) => {
			const ref = link.refOf(row.element);
			if (!ref || ref.kind === 'id') return [row];
			const resolution = resolved.get(listUrlOf(row.element))?.get(ref.key);
			if (resolution && 'id' in resolution)
				return [{ ...row, element: link.withId(row.element, resolution.id) }];
			const error = noSingleLink(api.node, ref, resolution, row.index);
			const details = { outcome: link.outcome ?? 'notSent', linkId: ref.text };
			refuseRow(api.context, ledger, row.index, error, details);
			return [];
		});
	};
}

/** The id of a row's link once `resolvingLinks` has run: a send never reads a link it did not look up. */
export function resolvedId(ref: LinkRef): string {
	if (ref.kind !== 'id') throw new Error(`the link ${ref.text} was not looked up before sending`);
	return ref.id;
}

/** The link's UUID: its id, or the one link its short URL names (the rule of `resolveLinkRefs`). */
export async function linkIdOf(api: Api, ref: LinkRef, listUrl: string): Promise<string> {
	if (ref.kind === 'id') return ref.id;
	const resolution = (await resolveLinkRefs(api, listUrl, [ref])).get(ref.key);
	if (resolution && 'id' in resolution) return resolution.id;
	throw noSingleLink(api.node, ref, resolution);
}

/**
 * The one error of a short URL or path that names no single link (D14), for every operation and
 * the trigger: the problem in D14's words, the row's input item when it is a row's.
 */
function noSingleLink(
	node: INode,
	ref: Exclude<LinkRef, { kind: 'id' }>,
	resolution: Resolution | undefined,
	itemIndex?: number,
): NodeOperationError {
	// A short URL as it was given: its scheme and case do not matter to the look-up (D14).
	const what = ref.kind === 'shortUrl' ? `short URL ${ref.text}` : describeKey(ref.key);
	const several = resolution && 'problem' in resolution && resolution.found > 0;
	const problem = several ? resolution.problem : `no link has the ${what}`;
	return new NodeOperationError(node, problem[0].toUpperCase() + problem.slice(1), {
		itemIndex,
		description:
			'Check the short URL or path, or give the link by its ID (or choose it from the list). Nothing was sent.',
	});
}
