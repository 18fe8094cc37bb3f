import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import { errorItem, isErrorItem, pairedRowOf } from '../http/errorItems';
import type { Api } from '../http/request';

import { findLinksByLongUrl } from './linkIndex';
import type { RowLedger, PreparedRow } from '../batches/ledger';

/** The error of a row repeating the long URL of an earlier row that was not created. */
export function sameLongUrlNotCreated(leader: number): string {
	return `Not created: input item ${leader} has the same long URL and was not created`;
}

/** A row's way under Return Existing (D11): the account's link, or the earlier row of this input with the same long URL; sent otherwise. */
export type CreateOnceWay = { link: IDataObject } | { leader: number };

/** Each row's way under Return Existing: the account's links for the rows' long URLs looked up once. */
export async function createOnceWays(
	api: Api,
	listUrl: string,
	rows: ReadonlyArray<{ index: number; longUrl: string }>,
): Promise<Map<number, CreateOnceWay>> {
	const existing = await findLinksByLongUrl(api, listUrl, new Set(rows.map((row) => row.longUrl)));
	const ways = new Map<number, CreateOnceWay>();
	const leaders = new Map<string, number>();
	for (const { index, longUrl } of rows) {
		const link = existing.get(longUrl);
		const leader = leaders.get(longUrl);
		if (link) ways.set(index, { link });
		else if (leader !== undefined) ways.set(index, { leader });
		else leaders.set(longUrl, index);
	}
	return ways;
}

/**
 * Bulk > Create Many with "If Link Exists: Return Existing" (D11). Before the first request,
 * the rows whose long URL the account already has are settled with that link; of rows that
 * repeat a long URL within the input, only the first is sent and the others get its link.
 */
export class CreateOnce {
	private readonly existingRows = new Set<number>();

	/** Row → the earlier row of this input with the same long URL. */
	private readonly followers = new Map<number, number>();

	constructor(
		private readonly api: Api<NodeRun>,
		private readonly listUrl: string,
	) {}

	/** Rows output with a link that was not created for them: it existed, or an earlier row had the same long URL. */
	get notCreatedCount(): number {
		return this.existingRows.size + this.followers.size;
	}

	/** Settles the rows that exist and returns the rows to send. */
	async rowsToSend(rows: PreparedRow[], ledger: RowLedger): Promise<PreparedRow[]> {
		const withUrls = rows.map((row) => ({
			index: row.index,
			longUrl: String(row.element.longUrl),
		}));
		const ways = await createOnceWays(this.api, this.listUrl, withUrls);
		return rows.filter((row) => {
			const way = ways.get(row.index);
			if (way && 'link' in way) {
				ledger.succeed(row.index, { ...way.link, linkCreated: false });
				this.existingRows.add(row.index);
			} else if (way) this.followers.set(row.index, way.leader);
			return !way;
		});
	}

	/** The run's items with `linkCreated` on each link, and one item for each repeated row, in input order. */
	outputOf(items: INodeExecutionData[]): INodeExecutionData[] {
		const byRow = new Map<number, INodeExecutionData>();
		for (const item of items) byRow.set(pairedRowOf(item) ?? 0, item);
		for (const [row, leader] of this.followers) {
			const leaderItem = byRow.get(leader);
			if (!leaderItem) continue;
			byRow.set(
				row,
				isErrorItem(leaderItem)
					? errorItem(row, sameLongUrlNotCreated(leader), {
							outcome: 'notCreated',
							sameLongUrlAs: leader,
						})
					: { json: { ...leaderItem.json, linkCreated: false }, pairedItem: { item: row } },
			);
		}
		return [...byRow.entries()]
			.sort(([a], [b]) => a - b)
			.map(([row, item]) =>
				isErrorItem(item) || this.existingRows.has(row) || this.followers.has(row)
					? item
					: { ...item, json: { ...item.json, linkCreated: true } },
			);
	}
}
