import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { detailsOfError } from '../http/errorItems';
import { REQUESTS_IN_FLIGHT } from '../http/endpoints';
import { asNodeError } from '../http/errors';
import type { Row } from '../http/request';
import { batchingPause } from '../n8n/requestOptions';
import { cancelSignalOf } from '../n8n/wait';
import type { RunStart, Send } from './engine';
import type { PreparedRow, RowError, RowLedger } from './ledger';
import { PacedRows, type PerKey } from './pacedRows';
import { RunMemory } from './retryMemory';

/**
 * How the rows of an operation that answers each row on its own are sent: each row its own
 * requests and its own output items, up to `inFlight` rows at once.
 */
export interface EachRow<Checked> {
	/** Rows sent at once, REQUESTS_IN_FLIGHT unless given. */
	inFlight?: number;
	/** At most so many rows in flight with the same key (Check Destination: 2 a host). */
	perKey?: PerKey<Checked>;
	/**
	 * Each row creates a link (Link > Create): when the run fails, n8n's Retry On Fail gets the
	 * links it created (D7), the rows that asked for them unchanged, instead of creating them again.
	 */
	createsLinks?: boolean;
	/** Sends what the checked row asks for (each request bounded by Request Options > Timeout) and gives its output items (paired to the row here). */
	send(checked: Checked, row: Row): Promise<INodeExecutionData[]>;
}

/** Records as output items. */
export function itemsOf(records: IDataObject[]): INodeExecutionData[] {
	return records.map((json) => ({ json }));
}

/** Sends a checked row; under Continue, whatever failed is the row's own error (D8). */
async function sendRow<T>(
	operation: EachRow<T>,
	row: Row,
	checked: T,
): Promise<{ items: INodeExecutionData[] } | { error: RowError }> {
	try {
		const items = await operation.send(checked, row);
		return { items: items.map((item) => ({ ...item, pairedItem: { item: row.index } })) };
	} catch (error) {
		const rowError = asNodeError(row.context.getNode(), error, row.index);
		if (!row.context.continueOnFail()) throw rowError;
		return { error: rowError };
	}
}

/**
 * The send of rows one at a time: up to `inFlight` rows at once (REQUESTS_IN_FLIGHT), at most
 * `perKey.most` of them with the same key, one at a time with n8n's Request Options > Batching
 * (its pause after every so many rows); a failure without Continue sends no further row and
 * stops the node once the rows in flight are answered.
 */
export function eachRow<T>(run: RunStart, operation: EachRow<T>): Send<T> {
	return async (checked, ledger) => {
		const { context, api } = run;
		const memory = operation.createsLinks ? RunMemory.of(context) : undefined;
		const pause = batchingPause(api.settings, cancelSignalOf(context));
		const queue = new PacedRows(recalled(checked, ledger, memory), operation.perKey);
		let stopped = false;
		const sendRows = async () => {
			for (let row = queue.take(); !stopped && row; row = queue.take()) {
				const { index, element } = row;
				try {
					await pause(1);
					const sent = await sendRow(operation, run.row(index), element);
					if ('error' in sent) ledger.fail(index, sent.error.message, detailsOfError(sent.error));
					else ledger.sent(index, sent.items, memory && element);
				} catch (error) {
					stopped = true;
					throw asNodeError(context.getNode(), error, index);
				}
				queue.done(row);
			}
		};
		const inFlight = operation.inFlight ?? REQUESTS_IN_FLIGHT;
		const senders = Math.min(api.settings?.batching ? 1 : inFlight, checked.length);
		const ended = await Promise.allSettled(Array.from({ length: senders }, sendRows));
		const failure = ended.find((result) => result.status === 'rejected');
		if (failure) throw asNodeError(context.getNode(), failure.reason);
		memory?.forget();
	};
}

/** The rows to send: those an earlier attempt of the run created get that link again. */
function recalled<T>(
	rows: Array<PreparedRow<T>>,
	ledger: RowLedger,
	memory: RunMemory | undefined,
): Array<PreparedRow<T>> {
	if (!memory) return rows;
	return rows.filter((row) => {
		const recall = memory.recall(row);
		if (!recall || !('link' in recall)) return true;
		ledger.sent(row.index, [{ json: recall.link, pairedItem: { item: row.index } }], row.element);
		return false;
	});
}
