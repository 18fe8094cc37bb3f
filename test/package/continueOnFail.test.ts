import type { INode, INodeExecutionData } from 'n8n-workflow';

import { casesOf, FAULTS } from '../helpers/everyOperation';
import { operations } from '../helpers/nodeOperations';
import { useLinkShortener } from '../helpers/fixture';

/**
 * D8 for every operation: when the server answers nothing usable, "On Error: Continue" gives
 * each input row its own error item, paired to its row, by the regular or the error output,
 * and never hands the input rows on as if they had been processed (what n8n does with the
 * input of a node that throws under Continue).
 */
const MODES: Array<[string, Partial<INode>]> = [
	['Continue (regular output)', { onError: 'continueRegularOutput' }],
	['Continue (error output)', { onError: 'continueErrorOutput' }],
	[
		'Continue (regular output) with Retry On Fail',
		{ onError: 'continueRegularOutput', retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
	],
];

const pairedRow = (item: INodeExecutionData) => {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	return typeof paired === 'object' ? paired.item : paired;
};

/** The node's own operations that call the API, each with its cases: a new operation is in at once. */
const API_CASES = operations().flatMap(({ name }) => {
	const { cases, callsApi } = casesOf(name);
	return callsApi ? cases : [];
});

describe('On Error: Continue, every operation, a server that answers nothing usable (D8)', () => {
	const ls = useLinkShortener();

	describe.each(MODES)('%s', (_mode, settings) => {
		describe.each(FAULTS)('%s', (_fault, fault) => {
			it.each(API_CASES.map((operation) => [operation.name, operation] as const))(
				'%s: one error item per input row, paired to it, none a bare input row',
				async (_name, operation) => {
					const { input } = operation;
					ls.sandbox.injectFault({ fault, times: 1_000 });

					const { outputs, error } = await ls.run(operation.parameters, input, {
						nodeOverrides: settings,
					});

					expect(error).toBeUndefined();
					const [regular = [], errors = []] = outputs;
					const items = settings.onError === 'continueErrorOutput' ? errors : regular;
					if (settings.onError === 'continueErrorOutput') expect(regular).toEqual([]);
					expect(items.map(pairedRow).sort()).toEqual([0, 1, 2]);
					for (const item of items) {
						expect(typeof item.json.error).toBe('string');
						expect(String(item.json.error)).not.toMatch(/<html|<!doctype/i);
						expect(item.json).not.toEqual(input[pairedRow(item)!]);
					}
					expect(ls.sandbox.requests.length).toBeGreaterThan(0);
				},
			);
		});
	});
});
