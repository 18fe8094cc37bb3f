import type { IDataObject } from 'n8n-workflow';

import { isUuid, type FieldName, type RowValidator } from '../fields/validation';

/** How a row names its link (D14): its id, its short URL (host and path), or a bare path. */
export type LinkRef =
	| { kind: 'id'; id: string }
	| { kind: 'shortUrl'; text: string; key: string; search: string }
	| { kind: 'path'; text: string; key: string; search: string };

/** Reads a link id, a short URL or a bare path; refuses anything else, naming the field and row. */
export function linkRefOf(value: unknown, check: RowValidator, field: FieldName): LinkRef {
	const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
	if (!text) check.fail(field, 'a link ID, short URL or path is required');
	if (isUuid(text)) return { kind: 'id', id: text };
	if (/^https?:\/\//i.test(text)) {
		if (!URL.canParse(text)) check.fail(field, `"${text}" is not a valid short URL`);
		const match = shortUrlMatch(text);
		if (!match) check.fail(field, `"${text}" is not a short URL: it has no path after the host`);
		return { kind: 'shortUrl', text, ...match };
	}
	const path = pathOf(text);
	if (!path || /\s/.test(path))
		check.fail(field, `"${text}" is neither a link ID, a short URL nor a path`);
	return { kind: 'path', text, key: pathKey(path), search: path };
}

/** The host and path a short URL names ("sho.rt", "spring"); undefined for a bare path or an id. */
export function shortUrlParts(ref: LinkRef): { host: string; path: string } | undefined {
	if (ref.kind !== 'shortUrl') return undefined;
	const url = new URL(ref.text);
	return { host: url.hostname.toLowerCase(), path: pathOf(url.pathname) };
}

/** The path a short URL or bare path names. */
export function refPath(ref: LinkRef): string | undefined {
	return ref.kind === 'id' ? undefined : ref.search;
}

/**
 * D14, everywhere the same: what a short URL is matched by, host without case and path; the
 * scheme, a trailing slash, a query string and a fragment do not matter. `search`: the path,
 * the text a list search for it sends. Undefined when the text has no host or no path.
 */
function shortUrlMatch(text: string): { key: string; search: string } | undefined {
	if (!URL.canParse(text.trim())) return undefined;
	const url = new URL(text.trim());
	const path = pathOf(url.pathname);
	return url.hostname && path ? { key: shortUrlKey(url.hostname, path), search: path } : undefined;
}

/** The keys a listed link answers to: its short URL (host and path) and its bare path. */
export function keysOfLink(link: IDataObject): string[] {
	const keys: string[] = [];
	if (typeof link.path === 'string' && link.path) keys.push(pathKey(pathOf(link.path)));
	// A link without a readable short URL can still be found by its path.
	const match = typeof link.shortUrl === 'string' ? shortUrlMatch(link.shortUrl) : undefined;
	if (match) keys.push(match.key);
	if (match && !link.path) keys.push(pathKey(match.search));
	return keys;
}

/** A path without its leading and trailing slashes, percent-decoded where it can be. */
function pathOf(path: string): string {
	const trimmed = path.trim().replace(/^\/+|\/+$/g, '');
	try {
		return decodeURIComponent(trimmed);
	} catch {
		return trimmed;
	}
}

function shortUrlKey(host: string, path: string): string {
	return `url:${host.toLowerCase()}/${path}`;
}

function pathKey(path: string): string {
	return `path:${path}`;
}

/** A key as people read it: `short URL sho.rt/spring`, `path "spring"`. */
export function describeKey(key: string): string {
	return key.startsWith('url:') ? `short URL ${key.slice(4)}` : `path "${key.slice(5)}"`;
}

export function hostOf(shortUrl: unknown): string {
	try {
		return new URL(String(shortUrl)).hostname;
	} catch {
		return '';
	}
}
