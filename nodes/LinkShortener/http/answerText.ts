import type { IDataObject } from 'n8n-workflow';
import { headerOf } from './headers';

/** D8: the server's text in a message is clipped (a proxy's 502 page can be 20 KB). */
export const MAX_SHOWN_TEXT = 300;
const MAX_TITLE = 100;

export function clipped(text: string, max = MAX_SHOWN_TEXT): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length <= max
		? flat
		: `${flat.slice(0, max)}… (${flat.length - max} more characters)`;
}

/** The content type an answer declared, without its parameters ("text/html"). */
export function contentTypeOf(headers: IDataObject | undefined): string | undefined {
	const value = headerOf(headers, 'content-type');
	return typeof value === 'string'
		? value.split(';')[0].trim().toLowerCase() || undefined
		: undefined;
}

/** A web page, not data: declared as HTML or XML, or text that starts with a tag. */
export function isMarkup(body: unknown, contentType?: string): body is string {
	return typeof body === 'string' && (/html|xml/.test(contentType ?? '') || /^\s*</.test(body));
}

/**
 * A body as people read it in a message. A web page (a portal, a proxy's error page) is
 * described by its content type and its title, `text/html "Maintenance"`: its tags mean
 * nothing to a user. Anything else is quoted on one line, clipped.
 */
export function describeBody(body: unknown, contentType?: string): string {
	if (body === undefined || body === null || body === '') return 'an empty answer';
	if (isMarkup(body, contentType)) {
		const type = contentType && /html|xml/.test(contentType) ? contentType : 'text/html';
		const title = titleOf(body);
		return title ? `${type} "${title}"` : `a ${type} page without a title`;
	}
	return `"${clipped(typeof body === 'string' ? body : JSON.stringify(body))}"`;
}

const ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: ' ',
};

function titleOf(page: string): string | undefined {
	const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(page);
	if (!match) return undefined;
	const text = match[1]
		.replace(/<[^>]*>/g, '')
		.replace(/&(#x?[0-9a-f]+|\w+);/gi, (entity, name: string) => {
			if (name.startsWith('#')) {
				const code =
					name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
				return Number.isFinite(code) && code > 0 && code < 0x110000
					? String.fromCodePoint(code)
					: entity;
			}
			return ENTITIES[name.toLowerCase()] ?? entity;
		});
	const title = clipped(text, MAX_TITLE);
	return title || undefined;
}

/** An error's message, to be embedded in a longer sentence. */
export function withoutFinalStop(message: string): string {
	return message.trim().replace(/\.+$/, '');
}
