import { casesOf } from '../helpers/everyOperation';
import { NODE_TYPE, useLinkShortener } from '../helpers/fixture';
import { loadedAsN8nDoes } from '../helpers/bulk';
import { operations } from '../helpers/nodeOperations';

/** The node's own operations that call the API, each with its cases: a new operation is in at once. */
const API_CASES = operations().flatMap(({ name }) => {
	const { cases, callsApi } = casesOf(name);
	return callsApi ? cases : [];
});

const LATE_MS = 3_000;

/**
 * Request Options > Timeout reaches every request of every operation (its look-ups included):
 * a server that answers later than the timeout fails each row at the timeout, never waited for.
 */
describe('Request Options > Timeout, every operation, a server that answers late', () => {
	const ls = useLinkShortener({ rateLimit: null });
	ls.engine.nodeTypes.register(NODE_TYPE, loadedAsN8nDoes());

	it.each(API_CASES.map((operation) => [operation.name, operation] as const))(
		'%s: each row its error item, the late answers not waited for',
		async (_name, operation) => {
			ls.sandbox.injectFault({ fault: { kind: 'delay', ms: LATE_MS }, times: 1_000 });
			const started = Date.now();

			const { outputs, error } = await ls.run(
				{ ...operation.parameters, requestOptions: { timeout: 200 } },
				operation.input,
				{ nodeOverrides: { onError: 'continueRegularOutput' } },
			);

			expect(error).toBeUndefined();
			const [items = []] = outputs;
			expect(items).toHaveLength(operation.input.length);
			for (const item of items)
				expect(String(item.json.error)).toMatch(/timeout|aborted|timed out/i);
			expect(Date.now() - started).toBeLessThan(LATE_MS - 500);
		},
		20_000,
	);
});
