import { NodeOperationError } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import type { Api } from '../http/request';

import type { LinkRef } from './linkRefs';
import { resolveLinkRefs } from './linkResolver';
import type { RowLedger, PreparedRow } from '../batches/ledger';
import { LINK_PATHS } from '../http/endpoints';
import { refuseRow } from '../batches/rows';

/**
 * Rows that name their link by short URL or path (D14): Update Many, Link > Update and Sync
 * Many's updates. The element builder records each row's link reference; before the first
 * PATCH, every short URL and path is resolved through the link index and written into its
 * element's `id`. A value that names no link, or a path used on
 * several domains, is a refused row: its error item with Continue On Fail, else the run stops
 * before anything is sent.
 */
export class RowLinkRefs {
	private readonly refs = new Map<number, LinkRef>();

	constructor(private readonly api: Api<NodeRun>) {}

	/** The id to put in the row's element now: the link id, or a stand-in until resolution. */
	remember(row: number, ref: LinkRef): string {
		this.refs.set(row, ref);
		return ref.kind === 'id' ? ref.id : '';
	}

	of(row: number): LinkRef | undefined {
		return this.refs.get(row);
	}

	/** How these rows name their links (ids, short URLs, paths), for the rows that were remembered. */
	refsOf(rows: readonly PreparedRow[]): LinkRef[] {
		return rows.flatMap((row) => this.refs.get(row.index) ?? []);
	}

	async rowsToSend(rows: PreparedRow[], ledger: RowLedger): Promise<PreparedRow[]> {
		const wanted = this.refsOf(rows);
		if (wanted.every((ref) => ref.kind === 'id')) return rows;
		const resolved = await resolveLinkRefs(this.api, LINK_PATHS.v1.list, wanted);
		const toSend: PreparedRow[] = [];
		for (const row of rows) {
			const ref = this.refs.get(row.index);
			const resolution = ref && ref.kind !== 'id' ? resolved.get(ref.key) : undefined;
			if (!ref || ref.kind === 'id' || !resolution) {
				toSend.push(row);
			} else if ('id' in resolution) {
				toSend.push({ ...row, element: { ...row.element, id: resolution.id } });
			} else {
				const message = `Not updated: input item ${row.index} names no single link: ${resolution.problem}`;
				const error = new NodeOperationError(this.api.context.getNode(), message, {
					itemIndex: row.index,
					description: `Link ID is "${ref.text}". Give the link's ID or its full short URL. Nothing was sent.`,
				});
				const details = { outcome: 'notUpdated', linkId: ref.text };
				refuseRow(this.api.context, ledger, row.index, error, details);
			}
		}
		return toSend;
	}
}
