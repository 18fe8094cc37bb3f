import {
	NodeApiError,
	NodeOperationError,
	type DeclarativeRestApiSettings,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeExecutionData,
	type JsonObject,
} from 'n8n-workflow';

import { detailsOfError, errorItem } from '../http/errorItems';
import { asNodeError } from '../http/errors';

type PreSend = (
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) => Promise<IHttpRequestOptions>;
export type Paginate = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

/** The first invalid row of a run, keyed by the run's execute data (shared by all its items). */
const firstInvalidRow = new WeakMap<object, Error>();
/** With "Continue On Fail": each invalid row's error, by run and item, until its error item is output. */
const invalidRows = new WeakMap<object, Map<number, Error>>();

const invalidRowError = (context: IExecuteSingleFunctions) =>
	invalidRows.get(context.getExecuteData())?.get(context.getItemIndex());

/**
 * Declarative routing sends one request per input item. n8n runs the first preSend of every
 * item before any request leaves (its item loop does not await), so the second preSend can
 * see whether any row of the run was invalid. Without "Continue On Fail" no row is sent then,
 * and every row fails with the first invalid row's error; with it, only invalid rows fail,
 * each as its own error item (`eachRowAnItem`), and their later preSends are skipped.
 */
export function validateBeforeSending(buildRequest: PreSend): PreSend[] {
	async function validateRow(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		try {
			return await buildRequest.call(this, requestOptions);
		} catch (error) {
			const rowError = asNodeError(this.getNode(), error, this.getItemIndex());
			const run = this.getExecuteData();
			if (this.continueOnFail()) {
				invalidRows.set(
					run,
					(invalidRows.get(run) ?? new Map()).set(this.getItemIndex(), rowError),
				);
				return requestOptions;
			}
			if (!firstInvalidRow.has(run)) firstInvalidRow.set(run, rowError);
			throw rowError;
		}
	}
	async function holdIfAnyRowInvalid(
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	) {
		const invalidRow = firstInvalidRow.get(this.getExecuteData());
		if (invalidRow) throw invalidRow;
		return requestOptions;
	}
	return [validateRow, holdIfAnyRowInvalid];
}

/** A preSend that does nothing for a row found invalid under "Continue On Fail" (no look-up for it). */
export function onValidRows(preSend: PreSend): PreSend {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		return invalidRowError(this) ? requestOptions : await preSend.call(this, requestOptions);
	};
}

/**
 * Sends a routed row's request (or reads its pages) and, under "Continue On Fail", makes
 * whatever failed for that row (invalid input, an error status, a web page, a dropped
 * connection) its own error item paired to it: n8n's routing would output a failed row
 * without its pairing on the error output (D8).
 */
export function eachRowAnItem(send: Paginate): Paginate {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const row = this.getItemIndex();
		try {
			const invalid = invalidRowError(this);
			if (invalid) throw invalid;
			return await send.call(this, requestData);
		} catch (error) {
			// As n8n's routing does: a failed request (a dropped connection) becomes a NodeApiError.
			const rowError =
				error instanceof NodeApiError || error instanceof NodeOperationError
					? error
					: new NodeApiError(this.getNode(), error as JsonObject, { itemIndex: row });
			if (!this.continueOnFail()) throw rowError;
			return [errorItem(row, rowError.message, detailsOfError(rowError))];
		}
	};
}

/** A routed row's one request, with its postReceive chain, as n8n's routing would send it. */
export async function sendOnce(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	return await this.makeRoutingRequest(requestData);
}
