import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { asNodeError } from '../http/errors';

type PreSend = (
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) => Promise<IHttpRequestOptions>;

/** The first invalid row of a run, keyed by the run's execute data (shared by all its items). */
const firstInvalidRow = new WeakMap<object, Error>();

/**
 * Declarative routing sends one request per input item. n8n runs the first preSend of every
 * item before any request leaves (its item loop does not await), so the second preSend can
 * see whether any row of the run was invalid. Without "Continue On Fail" no row is sent then,
 * and every row fails with the first invalid row's error; with it, only invalid rows fail.
 */
export function validateBeforeSending(buildRequest: PreSend): PreSend[] {
	async function validateRow(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		try {
			return await buildRequest.call(this, requestOptions);
		} catch (error) {
			const rowError = asNodeError(this.getNode(), error, this.getItemIndex());
			const run = this.getExecuteData();
			if (!this.continueOnFail() && !firstInvalidRow.has(run)) firstInvalidRow.set(run, rowError);
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
