import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import { detailsOfError, errorItem } from '../http/errorItems';
import { REQUESTS_IN_FLIGHT } from '../http/endpoints';
import { asNodeError, requestFailure } from '../http/errors';
import { Api, type Row } from '../http/request';
import { batchingPause } from '../n8n/requestOptions';
import { refusalDetails, takeRows } from './rows';

/**
 * An operation that answers each input row on its own: Link > Create, Get, Get Many, Export and
 * Check Destination, Analytics > Get Clicks and Export Clicks, Domain > Get Many.
 */
export interface RowOperation<Checked> {
	/** Rows sent at once, REQUESTS_IN_FLIGHT unless given (an operation that paces its own requests). */
	inFlight?: number;
	/** Reads and checks the row's parameters, sending nothing; throws what is wrong with the row. */
	check(row: Row): Checked;
	/** Sends what the checked row asks for (each request bounded by Request Options > Timeout) and gives its output items (paired to the row here). */
	send(checked: Checked, row: Row): Promise<INodeExecutionData[]>;
}

/** Records as output items. */
export function itemsOf(records: IDataObject[]): INodeExecutionData[] {
	return records.map((json) => ({ json }));
}

/** Sends a checked row; under Continue, whatever failed becomes the row's own error item (D8). */
async function sendRow<T>(
	operation: RowOperation<T>,
	row: Row,
	checked: T,
): Promise<INodeExecutionData[]> {
	try {
		const items = await operation.send(checked, row);
		return items.map((item) => ({ ...item, pairedItem: { item: row.index } }));
	} catch (error) {
		const rowError = requestFailure(row.context.getNode(), error, row.index);
		if (!row.context.continueOnFail()) throw rowError;
		return [errorItem(row.index, rowError.message, detailsOfError(rowError))];
	}
}

/**
 * Runs a row operation over all input items (the node's `customOperations`). Every row is
 * checked before the first request leaves (D8): without "On Error: Continue" an invalid row
 * stops the node with nothing sent. Then up to REQUESTS_IN_FLIGHT rows are sent at once, one at a
 * time with n8n's Request Options > Batching (its pause after every so many rows); a failure
 * without Continue sends no further row and stops the node once the rows in flight are answered.
 */
async function eachRow<T>(
	context: NodeRun,
	operation: RowOperation<T>,
): Promise<INodeExecutionData[][]> {
	const items = context.getInputData();
	const api = Api.ofRun(context);
	const pause = batchingPause(api.settings, context.getExecutionCancelSignal());
	const rows: Row[] = items.map((_item, index) => ({
		index,
		context,
		api,
		parameter: (name, fallback) => context.getNodeParameter(name, index, fallback) as never,
	}));
	const output: INodeExecutionData[][] = [];
	const taken = await takeRows(context, (index) => operation.check(rows[index]));
	let next = 0;
	let stopped = false;
	const sendRows = async () => {
		while (!stopped && next < taken.length) {
			const checked = taken[next++];
			const row = rows[checked.index];
			await pause(1);
			try {
				if ('error' in checked) {
					const { index, error } = checked;
					output[index] = [errorItem(index, error.message, refusalDetails(error))];
				} else output[row.index] = await sendRow(operation, row, checked.value);
			} catch (error) {
				stopped = true;
				throw asNodeError(context.getNode(), error, row.index);
			}
		}
	};
	const inFlight = operation.inFlight ?? REQUESTS_IN_FLIGHT;
	const senders = Math.min(api.settings?.batching ? 1 : inFlight, taken.length);
	const ended = await Promise.allSettled(Array.from({ length: senders }, sendRows));
	const failure = ended.find((result) => result.status === 'rejected');
	if (failure) throw asNodeError(context.getNode(), failure.reason);
	return [output.flat()];
}

/**
 * A row operation for the node: its run. `start` makes the operation afresh for each run, so
 * what a run learns stays in that run.
 */
export function rowOperation<T>(start: () => RowOperation<T>) {
	// Named `run`: the bench's CPU profile finds an operation's run by this name.
	return async function run(this: NodeRun) {
		return await eachRow(this, start());
	};
}
