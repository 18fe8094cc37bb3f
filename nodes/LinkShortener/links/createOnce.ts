import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { isErrorItem } from '../http/errorItems';
import type { Api } from '../http/request';

import { findLinksByLongUrl } from './linkIndex';
import type { RowLedger, PreparedRow } from '../batches/ledger';

/**
 * "If Link Exists: Return Existing" (D11), for Link > Create and Bulk > Create Many: part of the
 * run's plan, before the first request. The long URLs of the rows are looked up together, once:
 * a row whose long URL the account has gets that link; of the rows repeating a new long URL
 * within the input, only the first is sent, and the others get its link (`linkCreated: false`),
 * or an error item when it was not created.
 */
export class CreateOnce {
	/** Row → the account's newest link with its long URL. */
	private readonly existing = new Map<number, IDataObject>();

	private repeats = 0;

	/** Rows output with a link that was not created for them: it existed, or an earlier row had the same long URL. */
	get notCreatedCount(): number {
		return this.existing.size + this.repeats;
	}

	/** The account's link for this row's long URL, when it has one. */
	existingLink(row: number): IDataObject | undefined {
		return this.existing.get(row);
	}

	/**
	 * Looks up the long URLs of the rows that ask for Return Existing (`longUrlOf` gives none for
	 * the others), settles each repeat of a new long URL as its first row's, and returns the rest.
	 */
	async plan<T>(
		api: Api,
		listUrl: string,
		rows: Array<PreparedRow<T>>,
		ledger: RowLedger,
		longUrlOf: (row: PreparedRow<T>) => string | undefined,
	): Promise<Array<PreparedRow<T>>> {
		const asked = new Map<number, string>();
		for (const row of rows) {
			const longUrl = longUrlOf(row);
			if (longUrl !== undefined) asked.set(row.index, longUrl);
		}
		if (asked.size === 0) return rows;
		const links = await findLinksByLongUrl(api, listUrl, new Set(asked.values()));
		const firstRows = new Map<string, number>();
		return rows.filter((row) => {
			const longUrl = asked.get(row.index);
			if (longUrl === undefined) return true;
			const link = links.get(longUrl);
			const first = firstRows.get(longUrl);
			if (link) this.existing.set(row.index, link);
			else if (first === undefined) firstRows.set(longUrl, row.index);
			else {
				this.repeats++;
				ledger.follow(row.index, first, (json) => ({ ...json, linkCreated: false }), {
					message: `Not created: input item ${first} has the same long URL and was not created`,
					details: { outcome: 'notCreated', sameLongUrlAs: first },
				});
				return false;
			}
			return true;
		});
	}

	/** Bulk > Create Many's plan: the rows whose link exists are settled with it, only the others sent. */
	async rowsToSend(
		api: Api,
		listUrl: string,
		rows: PreparedRow[],
		ledger: RowLedger,
	): Promise<PreparedRow[]> {
		const toSend = await this.plan(api, listUrl, rows, ledger, (row) =>
			String(row.element.longUrl),
		);
		return toSend.filter((row) => {
			const link = this.existing.get(row.index);
			if (link) ledger.succeed(row.index, { ...link, linkCreated: false });
			return !link;
		});
	}

	/** Bulk > Create Many's items, with `linkCreated: true` on each link the run created. */
	outputOf(items: INodeExecutionData[]): INodeExecutionData[] {
		return items.map((item) =>
			// Existing links and repeats say `linkCreated: false` already.
			isErrorItem(item) || item.json.linkCreated === false
				? item
				: { ...item, json: { ...item.json, linkCreated: true } },
		);
	}
}
