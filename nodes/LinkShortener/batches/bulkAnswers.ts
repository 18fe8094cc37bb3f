import type { IDataObject } from 'n8n-workflow';

import { describeBody } from '../http/answerText';
import { listIn } from '../http/records';
import type { PreparedRow } from './ledger';
import { plural } from './rowRanges';
import { isObject } from '../fields/jsonValues';

/**
 * Each row's link in a bulk answer, in row order; `undefined` where the answer holds no usable
 * link for that row (the row is then in doubt), or why the whole answer cannot be used.
 */
export type Matched = { links: Array<IDataObject | undefined> } | { unusable: string };

/** The elements of a bulk answer (D3); an HTML page, an empty body or `{ success: false }` is not one. */
function answerElements(body: unknown): unknown[] | undefined {
	if (!isObject(body) || body.success === false) return undefined;
	return listIn(body.data);
}

/** A link record: an object with an id. `null`, a number or an array in its place is not one. */
export function isLink(value: unknown): value is IDataObject {
	return isObject(value) && typeof value.id === 'string' && value.id !== '';
}

/** Bulk create answers in request order (D3): element k is row k's link, when it is a link. */
export function matchByPosition(
	body: unknown,
	rows: readonly PreparedRow[],
	sentNoun = '',
): Matched {
	const elements = answerElements(body);
	if (!elements)
		return { unusable: `a body that is not the expected answer: ${describeBody(body)}` };
	if (elements.length !== rows.length) {
		const sent = sentNoun ? `${rows.length} ${sentNoun}` : `${rows.length}`;
		return {
			unusable: `${plural(elements.length, 'link')} for the ${sent} sent, so they cannot be matched to the input items`,
		};
	}
	return { links: elements.map((element) => (isLink(element) ? element : undefined)) };
}

/**
 * Bulk update answers are matched to rows by `id`, not by position (D4); a link id asked twice
 * takes the answer's elements for that id in turn. A row whose id is not answered is in doubt.
 */
export function matchById(body: unknown, rows: readonly PreparedRow[]): Matched {
	const elements = answerElements(body);
	if (!elements)
		return { unusable: `a body that is not the expected answer: ${describeBody(body)}` };
	const byId = new Map<string, IDataObject[]>();
	for (const element of elements) {
		if (!isLink(element)) continue;
		const id = element.id as string;
		const key = id.toLowerCase();
		byId.set(key, [...(byId.get(key) ?? []), element]);
	}
	return { links: rows.map((row) => byId.get(String(row.element.id).toLowerCase())?.shift()) };
}
