import type { IDataObject } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import { NEWEST_FIRST } from '../http/endpoints';
import type { Api } from '../http/request';

import { isLink } from './bulkAnswers';
import { listPages } from '../paging/pager';
import type { PreparedRow } from './ledger';

export interface LookUpResult {
	/** Row index → the link the server created for it. */
	found: Map<number, IDataObject>;
	/** True when every link created since the send time was read: a row not found was not created. */
	complete: boolean;
}

/** Finds which of the rows of an ambiguous request the server created; throws when the listing fails. */
export type LookUp = (
	api: Api<NodeRun>,
	rows: readonly PreparedRow[],
	/** The oldest createdAt (the server's clock) a link of the request can have. */
	oldest: number,
	/** Ids of links already given to rows of this run: never taken for another row. */
	claimed: Set<string>,
) => Promise<LookUpResult>;

/** The fields a created link is recognised by, when the row set them (the server fills in the others). */
const MATCHED_FIELDS = ['title', 'path', 'domain'] as const;

/** Which of MATCHED_FIELDS a row's key holds, the most specific first, so that a row that set more fields gets its own link. */
const FIELD_MASKS = Array.from({ length: 2 ** MATCHED_FIELDS.length }, (_, mask) => mask).sort(
	(a, b) => bitCount(b) - bitCount(a),
);

/**
 * D7: lists the links newest first, back to `oldest` (the send time on the server's clock, less
 * an allowance), and matches them to the rows by long URL, title, path and domain, counting
 * repeats (two equal rows need two links). Every link created in that window is read, whoever
 * created it (this run's earlier batches, another workflow, a team in the portal): at most
 * ⌈(n + m) / served page size⌉ + 1 pages for n rows and m other links met in the window. A
 * listing that does not go back in time (a server that ignores the order) ends the look-up,
 * incomplete: its rows stay in doubt rather than being sent twice.
 */
export function createdLinksLookUp(listUrl: string): LookUp {
	return async (api, rows, oldest, claimed) => {
		const unmatched = new Map<string, PreparedRow[]>();
		for (const row of rows) {
			const key = keyOf(
				row.element.longUrl,
				MATCHED_FIELDS.map((field) => row.element[field]),
			);
			unmatched.set(key, [...(unmatched.get(key) ?? []), row]);
		}
		const found = new Map<number, IDataObject>();
		let othersMet = 0;
		let previous = Infinity;
		const request = {
			method: 'POST' as const,
			url: listUrl,
			body: { order: NEWEST_FIRST },
		};
		let pagesRead = 0;
		const pagesWanted = (servedPageSize: number) =>
			Math.ceil((rows.length + othersMet) / servedPageSize) + 1;
		for await (const page of listPages(api, request, { pagesWanted })) {
			pagesRead++;
			for (const link of page.records) {
				const createdAt = Date.parse(String(link.createdAt));
				if (createdAt > previous) return { found, complete: false };
				previous = createdAt;
				if (createdAt < oldest) return { found, complete: true };
				const row = isLink(link) && !claimed.has(link.id as string) && takeRowFor(link, unmatched);
				if (!row) {
					othersMet++;
					continue;
				}
				found.set(row.index, link);
				claimed.add(link.id as string);
			}
			if (found.size === rows.length || page.last) return { found, complete: true };
			// The page size the server serves, which may be below the size asked for.
			if (pagesRead >= pagesWanted(Math.max(1, page.servedPageSize))) break;
		}
		return { found, complete: found.size === rows.length };
	};
}

/** The first unmatched row this link can be: same long URL, and the same title, path, domain where the row set them. */
function takeRowFor(
	link: IDataObject,
	unmatched: Map<string, PreparedRow[]>,
): PreparedRow | undefined {
	// Each of the three fields is either required to match (the row set it) or absent from the row's key.
	for (const mask of FIELD_MASKS) {
		const values = MATCHED_FIELDS.map((field, bit) =>
			mask & (1 << bit) ? link[field] : undefined,
		);
		const key = keyOf(link.longUrl, values);
		const rows = unmatched.get(key);
		if (!rows?.length) continue;
		const row = rows.shift();
		if (rows.length === 0) unmatched.delete(key);
		return row;
	}
	return undefined;
}

function keyOf(longUrl: unknown, values: unknown[]): string {
	return JSON.stringify([
		longUrl,
		...values.map((value) => (value === undefined || value === null ? null : value)),
	]);
}

function bitCount(mask: number): number {
	return mask.toString(2).replace(/0/g, '').length;
}
