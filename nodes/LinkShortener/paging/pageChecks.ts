import { NodeApiError, type IDataObject, type INode } from 'n8n-workflow';

import { describeBody } from '../http/answerText';
import { listIn } from '../http/records';
import { isObject } from '../fields/jsonValues';

/** Where a page came from, for error messages: the node, and the request without its page. */
export interface PageSource {
	node: INode;
	/** For example "POST /v1/links/list". */
	request: string;
	itemIndex?: number;
}

/** What to do with a record a page repeats from an earlier page. */
export type Repeats =
	/** D6: paging ends with an error. */
	| 'error'
	/** Leave it out: for reads that expect pages to shift while links are created (newest first). */
	| 'skip';

/**
 * D6: a page must be the JSON the API lists with: an object whose `data` is the list (or holds
 * it as `items` or `links`), with `total` a number when it is there. Anything else (a portal's
 * HTML page, an empty body, an error-shaped 200) is an error that describes the answer.
 */
export function readPage(
	source: PageSource,
	number: number,
	body: unknown,
): { records: IDataObject[]; total?: number } {
	const data = isObject(body) ? body.data : undefined;
	const list = listIn(data);
	if (!Array.isArray(list) || !list.every(isObject)) {
		throw pageError(
			source,
			number,
			`is not a page of the list the API gives (${describeBody(body)})`,
		);
	}
	const total = isObject(data) ? data.total : undefined;
	if (total !== undefined && (typeof total !== 'number' || !Number.isInteger(total) || total < 0)) {
		throw pageError(source, number, `gives a total that is not a count (${describeBody(total)})`);
	}
	return { records: list as IDataObject[], total: total as number | undefined };
}

/**
 * Remembers the records seen so far by their id: of every page, or of the last `pagesKept`
 * pages (a listing of a million links read oldest first, where a repeat can only come from a
 * server that ignores `page`). A page that holds nothing new, or (with `repeats: 'error'`)
 * any record seen before, ends the paging with an error: the server ignores `page`, or the
 * listing moves under the reader.
 */
export class SeenRecords {
	/** The ids of the pages kept, the newest last; one set for all pages when every page is kept. */
	private readonly pages: Array<Set<string>> = [new Set()];

	constructor(
		private readonly source: PageSource,
		private readonly repeats: Repeats,
		private readonly pagesKept = Infinity,
	) {}

	private has(key: string): boolean {
		return this.pages.some((page) => page.has(key));
	}

	/**
	 * The page's records that are new; throws as above. `totalGrew`: links were created since
	 * the page before, which explains a shift when repeats are skipped.
	 */
	newOf(number: number, records: IDataObject[], totalGrew = false): IDataObject[] {
		const fresh = records.filter((record) => !this.has(keyOf(record)));
		if (records.length > 0 && fresh.length === 0 && !(this.repeats === 'skip' && totalGrew)) {
			throw pageError(
				this.source,
				number,
				'repeats only records of earlier pages: the server seems to ignore the page asked for',
			);
		}
		if (fresh.length < records.length && this.repeats === 'error') {
			throw pageError(
				this.source,
				number,
				`repeats ${records.length - fresh.length} record(s) of earlier pages: the listing changed while it was read, or the server ignores the page asked for`,
			);
		}
		if (this.pagesKept !== Infinity) this.pages.push(new Set());
		if (this.pages.length > this.pagesKept) this.pages.shift();
		const keys = this.pages[this.pages.length - 1];
		for (const record of fresh) keys.add(keyOf(record));
		return fresh;
	}
}

export function pageError(source: PageSource, number: number, problem: string): NodeApiError {
	return new NodeApiError(
		source.node,
		{ message: problem },
		{
			message: `Page ${number} of ${source.request} ${problem}`,
			description:
				'Paging stopped there. Check the Base URL of the credential (the API root, ending in /api) and that the server is the Link Shortening API.',
			itemIndex: source.itemIndex,
		},
	);
}

function keyOf(record: IDataObject): string {
	const id = record.id;
	return typeof id === 'string' || typeof id === 'number' ? `id:${id}` : JSON.stringify(record);
}
