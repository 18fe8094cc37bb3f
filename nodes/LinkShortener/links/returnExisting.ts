import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { isErrorItem } from '../n8n/errorOutput';
import { pairedRowOf } from '../http/errorItems';
import type { Api } from '../http/request';

import { findLinksByLongUrl } from './linkIndex';
import type { RowLedger, PreparedRow } from '../batches/ledger';
import { INPUT_ITEMS, type RowNoun } from '../fields/rowNoun';

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

/** Whether a row's Options ask for Return Existing. */
export function returnsExisting(options: IDataObject): boolean {
	return options.ifExists === 'returnExisting';
}

/** What a row that asks for Return Existing looks up: its long URL, in the listing of its API Paths. */
export interface ExistingAsk {
	longUrl: string;
	listUrl: string;
}

/**
 * "If Link Exists: Return Existing" (D11), the plan of Link > Create and Bulk > Create Many,
 * before the first request. The long URLs of the rows that ask (`askOf`) are looked up
 * together, once a listing: a row whose long URL the account has is settled with that link
 * (`linkCreated: false`); of the rows repeating a new long URL, only the first is sent, and the
 * others get its link (`linkCreated: false`), or an error item when it was not created, naming
 * the first row as the run calls its rows (`noun`). Returns the rows to send.
 */
export async function returningExisting<T>(
	api: Api,
	rows: Array<PreparedRow<T>>,
	ledger: RowLedger,
	askOf: (row: PreparedRow<T>) => ExistingAsk | undefined,
	noun: RowNoun = INPUT_ITEMS,
): Promise<Array<PreparedRow<T>>> {
	const asks = new Map<number, ExistingAsk>();
	const longUrlsByList = new Map<string, Set<string>>();
	for (const row of rows) {
		const ask = askOf(row);
		if (!ask) continue;
		asks.set(row.index, ask);
		const longUrls = longUrlsByList.get(ask.listUrl) ?? new Set<string>();
		longUrlsByList.set(ask.listUrl, longUrls.add(ask.longUrl));
	}
	if (asks.size === 0) return rows;
	const existing = new Map<string, Map<string, IDataObject>>();
	for (const [listUrl, longUrls] of longUrlsByList)
		existing.set(listUrl, await findLinksByLongUrl(api, listUrl, longUrls));
	const firstRows = new Map<string, number>();
	return rows.filter((row) => {
		const ask = asks.get(row.index);
		if (!ask) return true;
		const link = existing.get(ask.listUrl)?.get(ask.longUrl);
		if (link) {
			ledger.succeed(row.index, { ...link, linkCreated: false });
			return false;
		}
		const key = JSON.stringify([ask.listUrl, ask.longUrl]);
		const first = firstRows.get(key);
		if (first === undefined) {
			firstRows.set(key, row.index);
			return true;
		}
		ledger.follow(row.index, first, (json) => ({ ...json, linkCreated: false }), {
			message: `Not created: ${noun.one} ${first} has the same long URL and was not created`,
			details: { outcome: 'notCreated', sameLongUrlAs: first },
		});
		return false;
	});
}

/**
 * The links created for rows that asked for Return Existing (`asked`) say `linkCreated: true`;
 * the plan gave existing links and repeats `false` already.
 */
export function withLinkCreated(
	items: INodeExecutionData[],
	asked: (row: number) => boolean,
): INodeExecutionData[] {
	return items.map((item, k) =>
		isErrorItem(item) || item.json.linkCreated === false || !asked(pairedRowOf(item) ?? k)
			? item
			: { ...item, json: { ...item.json, linkCreated: true } },
	);
}
