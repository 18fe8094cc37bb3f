import { NodeOperationError, type IPollFunctions } from 'n8n-workflow';

import type { Api } from '../http/request';

import { UnreadableState } from './stateFormat';
import { firstReportOf } from './pollGuard';

/** A new activation's mark: the saved states of two activations never pass for one another. */
export function newEpoch(now: number): string {
	return `${now.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * A trigger's saved state, read by `read`. One that cannot be read fails the first poll that
 * finds it with an error saying so; the next poll starts afresh, as a new activation does
 * (undefined).
 */
export function readSavedState<T>(
	api: Api<IPollFunctions>,
	key: string,
	read: () => T | undefined,
): T | undefined {
	try {
		return read();
	} catch (error) {
		const problem = error instanceof UnreadableState ? error.message : String(error);
		if (firstReportOf(key, problem)) {
			throw new NodeOperationError(
				api.context.getNode(),
				`The trigger's saved position cannot be read: ${problem}`,
				{
					description:
						'Nothing was emitted. The next poll starts again from where things stand now, as a new activation does: what happened before it is not emitted.',
				},
			);
		}
		return undefined;
	}
}
