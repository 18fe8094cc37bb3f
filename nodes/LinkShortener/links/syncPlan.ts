import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import type { Api } from '../http/request';

import { refuseRow } from '../batches/rows';
import { INPUT_ITEMS, type RowNoun } from '../fields/rowNoun';
import type { PreparedRow, RowLedger } from '../batches/ledger';
import { LINK_PATHS } from '../http/endpoints';
import { verifiedDomains } from './verifiedDomains';
import { findLinksByLongUrl } from './linkIndex';
import { refPath, shortUrlParts, type LinkRef } from './linkRefs';
import { linksByRefKey, problemOf } from './linkResolver';

/** A sheet row names its link by short URL or path, narrowed by its domain column; never by ID. */
const SHEET_ADVICE = {
	path: 'give the short URL or a domain',
	shortUrl: 'a sheet row must name one link',
};

export type SyncAction = 'created' | 'updated' | 'unchanged';
export type MatchBy = 'path' | 'longUrl';

/** What the sync does with one row. */
export interface RowPlan {
	action: SyncAction;
	changedFields: string[];
	/** The link as it is now (updated and unchanged rows). */
	link?: IDataObject;
}

/** The fields a row can differ in from its link, as the API names them (path and domain cannot change). */
const COMPARED = ['longUrl', 'title', 'expiredAt', 'tags'] as const;

/**
 * Bulk > Sync Many (D15), the run's plan, before the first request: every row's link is looked
 * up (by short URL or path, or by long URL) through one link index, then compared: rows without
 * a link are created, rows that differ are updated with the differing fields only, equal rows
 * cost nothing (settled here, as is every row of a dry run).
 */
export class SyncPlan {
	readonly plans = new Map<number, RowPlan>();
	/** How each row names its link (matching by path), recorded as the row is checked. */
	readonly refs = new Map<number, LinkRef>();

	constructor(
		private readonly api: Api<NodeRun>,
		private readonly matchBy: MatchBy,
		private readonly dryRun: boolean,
		/** What its messages call the rows: input items, or the rows of JSON lists. */
		private readonly noun: RowNoun = INPUT_ITEMS,
	) {}

	count(action: SyncAction): number {
		return [...this.plans.values()].filter((plan) => plan.action === action).length;
	}

	async rowsToSend(rows: PreparedRow[], ledger: RowLedger): Promise<PreparedRow[]> {
		const found = await this.linksOf(rows);
		const firstRowOfKey = new Map<string, number>();
		const toSend: PreparedRow[] = [];
		const domains = await this.verifiedDomains(rows, found);
		for (const row of rows) {
			const key = this.keyOf(row);
			const earlier = firstRowOfKey.get(key);
			if (earlier !== undefined) {
				this.refuse(
					ledger,
					row,
					`${this.noun.one} ${earlier} names the same link; a sheet must name each link once`,
				);
				continue;
			}
			firstRowOfKey.set(key, row.index);
			const candidates = found.get(row.index) ?? [];
			const ref = this.refs.get(row.index);
			if (candidates.length > 1 && ref && ref.kind !== 'id') {
				this.refuse(ledger, row, problemOf(ref.key, candidates, SHEET_ADVICE));
			} else if (candidates.length === 1) {
				const update = this.settleExisting(row, candidates[0], ledger);
				if (update) toSend.push({ index: row.index, element: update });
			} else {
				const element = this.creationOf(row, domains, ledger);
				if (!element) continue;
				this.plans.set(row.index, { action: 'created', changedFields: [] });
				if (this.dryRun)
					ledger.succeed(row.index, { ...element, syncAction: 'created', changedFields: [] });
				else toSend.push({ ...row, element });
			}
		}
		return toSend;
	}

	/** Whether the run sends this row as an update (its link differs), not as a create. */
	updates(row: PreparedRow): boolean {
		return this.plans.get(row.index)?.action === 'updated';
	}

	private keyOf(row: PreparedRow): string {
		if (this.matchBy === 'longUrl') return `long:${String(row.element.longUrl)}`;
		const ref = this.refs.get(row.index);
		const domain = row.element.domain === undefined ? '' : `@${String(row.element.domain)}`;
		return ref && ref.kind !== 'id'
			? `${ref.key}${ref.kind === 'path' ? domain : ''}`
			: `row:${row.index}`;
	}

	/** Each row's candidate links: the newest with its long URL, or those its short URL or path names. */
	private async linksOf(rows: PreparedRow[]): Promise<Map<number, IDataObject[]>> {
		const byRow = new Map<number, IDataObject[]>();
		if (this.matchBy === 'longUrl') {
			const urls = new Set(rows.map((row) => String(row.element.longUrl)));
			const newest = await findLinksByLongUrl(this.api, LINK_PATHS.v1.list, urls);
			for (const row of rows) {
				const link = newest.get(String(row.element.longUrl));
				byRow.set(row.index, link ? [link] : []);
			}
			return byRow;
		}
		const refs = rows.flatMap((row) => this.refs.get(row.index) ?? []);
		const byKey = await linksByRefKey(this.api, LINK_PATHS.v1.list, refs);
		for (const row of rows) {
			const ref = this.refs.get(row.index);
			const links = ref && ref.kind !== 'id' ? (byKey.get(ref.key) ?? []) : [];
			// A bare path with a domain: only that domain's link.
			const domain = row.element.domain;
			byRow.set(
				row.index,
				ref?.kind === 'path' && domain !== undefined
					? links.filter((link) => link.domain === domain)
					: links,
			);
		}
		return byRow;
	}

	/** Settles a row whose link is equal (or a dry run's); else gives the row's bulk-update element. */
	private settleExisting(
		row: PreparedRow,
		link: IDataObject,
		ledger: RowLedger,
	): IDataObject | undefined {
		const changedFields = COMPARED.filter(
			(field) =>
				row.element[field] !== undefined && differs(field, row.element[field], link[field]),
		);
		const action = changedFields.length === 0 ? 'unchanged' : 'updated';
		this.plans.set(row.index, { action, changedFields, link });
		if (action === 'unchanged' || this.dryRun) {
			// A dry run outputs the link as it is.
			ledger.succeed(row.index, { ...link, syncAction: action, changedFields });
			return undefined;
		}
		// Only the fields that differ are sent.
		const update: IDataObject = { id: link.id };
		for (const field of changedFields) update[field] = row.element[field];
		return update;
	}

	/** The create element of a row without a link: its path, and the domain its short URL names. */
	private creationOf(
		row: PreparedRow,
		domains: Map<string, string>,
		ledger: RowLedger,
	): IDataObject | undefined {
		const ref = this.refs.get(row.index);
		const element: IDataObject = { ...row.element };
		const path = ref ? refPath(ref) : undefined;
		if (path !== undefined) element.path = path;
		const parts = ref ? shortUrlParts(ref) : undefined;
		if (parts) {
			const domain = domains.get(parts.host);
			if (!domain) {
				this.refuse(
					ledger,
					row,
					`the host ${parts.host} of its short URL is none of the account's verified domains`,
				);
				return undefined;
			}
			element.domain = domain;
		}
		return element;
	}

	/** Verified domain name → id, read only when a row to create names its domain by a short URL's host. */
	private async verifiedDomains(
		rows: PreparedRow[],
		found: Map<number, IDataObject[]>,
	): Promise<Map<string, string>> {
		const needed = rows.some(
			(row) =>
				(found.get(row.index) ?? []).length === 0 &&
				shortUrlParts(this.refs.get(row.index) ?? { kind: 'id', id: '' }),
		);
		if (!needed) return new Map();
		const domains = await verifiedDomains(this.api);
		return new Map(
			domains.map((domain) => [String(domain.domainName).toLowerCase(), String(domain.id)]),
		);
	}

	private refuse(ledger: RowLedger, row: PreparedRow, problem: string): void {
		const { one } = this.noun;
		const message = `Not synced: ${one} ${row.index}: ${problem}`;
		const error = new NodeOperationError(this.api.context.getNode(), message, {
			itemIndex: row.index,
			description: `Nothing was created or updated. Fix the ${one}, or turn on "Continue On Fail" to sync every other ${one}.`,
		});
		refuseRow(this.api.context, ledger, row.index, error, { outcome: 'notSynced' });
	}
}

/** Whether a row's value differs from the link's: tags as a set of names, dates as instants. */
function differs(field: (typeof COMPARED)[number], wanted: unknown, current: unknown): boolean {
	if (field === 'tags') {
		const names = (tags: unknown) =>
			JSON.stringify(
				(Array.isArray(tags) ? tags : [])
					.map((tag) => String((tag as IDataObject)?.name ?? tag))
					.sort(),
			);
		return names(wanted) !== names(current);
	}
	if (field === 'expiredAt') {
		const time = (value: unknown) =>
			value === null || value === undefined || value === '' ? NaN : Date.parse(String(value));
		const [a, b] = [time(wanted), time(current)];
		return !(a === b || (Number.isNaN(a) && Number.isNaN(b)));
	}
	return String(wanted) !== String(current ?? '');
}
