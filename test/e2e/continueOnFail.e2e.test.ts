/**
 * D8 in real n8n (`n8n execute`): under "On Error: Continue" no operation hands its input rows
 * on as if they had been processed when the server answers nothing usable. Each row is its
 * own error item, paired to it, on the regular output or on the error output, with Retry On
 * Fail as users set it. The same table runs in-process in test/package/continueOnFail.test.ts.
 */
import { OPERATIONS, ROWS } from '../helpers/everyOperation';
import { pairedOutput, useN8nSuite } from './harness';
import { LINK_NODE, linkWorkflow, type LinkWorkflowOptions } from './workflows';

const suite = useN8nSuite();
const RETRY = { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 };
const operationWorkflow = (
	name: string,
	operation: (typeof OPERATIONS)[number],
	options: LinkWorkflowOptions,
) =>
	suite.workflow(
		linkWorkflow(`e2e continue: ${name}`, operation.parameters, {
			rows: operation.input,
			...options,
		}),
	);

const everyOperation = OPERATIONS.map(
	(operation) =>
		[
			operation.name,
			operationWorkflow(`${operation.name}, retry`, operation, {
				onError: 'continueRegularOutput',
				retry: RETRY,
			}),
		] as const,
);
const byName = (name: string) => OPERATIONS.find((operation) => operation.name === name)!;
const syncByPath = byName('Bulk > Sync Many by path');
const syncByLongUrl = byName('Bulk > Sync Many by long URL');
const errorOutput = [byName('Link > Get'), syncByPath, byName('Bulk > Update Many by ID')].map(
	(operation) =>
		[
			operation.name,
			operationWorkflow(`${operation.name}, error output`, operation, {
				onError: 'continueErrorOutput',
			}),
		] as const,
);
const issueScenario = [syncByPath, syncByLongUrl].map(
	(operation) =>
		[
			operation.name,
			operationWorkflow(`${operation.name}, 3 tries`, operation, {
				onError: 'continueRegularOutput',
				retry: { retryOnFail: true, maxTries: 3, waitBetweenTries: 10 },
			}),
		] as const,
);

// A setting that makes the run impossible: one ending, whatever the operation (the checks' port 9 is closed).
const closedPages = Array.from({ length: ROWS }, (_, i) => ({
	longUrl: `http://127.0.0.1:9/${i}`,
}));
const badSettings = (
	[
		[
			'Link > Check Destination, Max Redirects -1',
			{ resource: 'link', operation: 'checkDestination', options: { maxRedirects: -1 } },
			'Invalid Max Redirects (options.maxRedirects): -1 is not a whole number of at least 0',
		],
		[
			'Bulk > Create Many, Rows that is not JSON',
			{ resource: 'bulk', operation: 'createMany', mappingMode: 'jsonRows', rows: 'oops' },
			'Invalid Rows (rows) in item 0: the text "oops" is not JSON',
		],
	] as const
).map(
	([name, parameters, message]) =>
		[
			name,
			suite.workflow(
				linkWorkflow(`e2e continue: ${name}`, parameters, {
					rows: closedPages,
					onError: 'continueRegularOutput',
				}),
			),
			message,
		] as const,
);

/** Each row once, each an error item paired to it, none the input row handed on. */
function expectOneErrorItemPerRow(items: ReturnType<typeof pairedOutput>, input: object[]) {
	expect(items.map((item) => item.inputItem).sort()).toEqual([0, 1, 2].slice(0, ROWS));
	for (const item of items) {
		expect(typeof item.json.error).toBe('string');
		expect(String(item.json.error)).not.toMatch(/<html|<!doctype/i);
		expect(item.json).not.toEqual(input[item.inputItem!]);
	}
}

describe('On Error: Continue in real n8n, a server that answers only 503', () => {
	test.each(everyOperation)(
		'%s with Retry On Fail: one error item per row, none a bare input row',
		async (name, workflow) => {
			suite.sandbox.injectFault({ times: 1_000, fault: { kind: 'status', status: 503 } });

			const run = await suite.executeOk(workflow);

			expectOneErrorItemPerRow(pairedOutput(run, LINK_NODE), byName(name).input);
			expect(suite.sandbox.requests.length).toBeGreaterThan(0);
			expect(suite.sandbox.requests.every((request) => request.status === 503)).toBe(true);
		},
	);
});

describe('On Error: Continue (using error output) in real n8n, every connection dropped', () => {
	test.each(errorOutput)(
		'%s: every row leaves by the error output, paired to it',
		async (name, workflow) => {
			suite.sandbox.injectFault({ times: 1_000, fault: { kind: 'drop' } });

			const run = await suite.executeOk(workflow);

			expect(pairedOutput(run, LINK_NODE, 0)).toEqual([]);
			const items = pairedOutput(run, LINK_NODE, 1);
			expectOneErrorItemPerRow(items, byName(name).input);
			// The failure as n8n reports a request that brought no answer (n8n/requestFailure.ts).
			for (const item of items) expect(item.json.error).toMatch(/socket|connection|hang up/i);
		},
	);
});

describe('Sync Many, 3 tries, Continue: the listing answers 503, 503, then drops the connection', () => {
	test.each(issueScenario)(
		'%s: each row an error item saying it was not looked up, nothing written',
		async (name, workflow) => {
			const list = { method: 'POST', path: '/v1/links/list' };
			suite.sandbox.injectFault({ ...list, fault: { kind: 'status', status: 503 } });
			suite.sandbox.injectFault({ ...list, fault: { kind: 'status', status: 503 } });
			suite.sandbox.injectFault({ ...list, fault: { kind: 'drop' } });

			const run = await suite.executeOk(workflow);

			const items = pairedOutput(run, LINK_NODE);
			expectOneErrorItemPerRow(items, byName(name).input);
			for (const item of items) {
				expect(item.json.error).toMatch(/^Not sent: the look-up of the account's links failed/);
				expect(item.json.details).toMatchObject({ outcome: 'notLookedUp' });
			}
			const lists = suite.sandbox.requests.filter((request) => request.path === list.path);
			expect(lists.map((request) => request.status)).toEqual([503, 503, 0]);
			expect(suite.sandbox.requests.length).toBe(3);
		},
	);
});

describe('On Error: Continue in real n8n, a setting that makes the run impossible', () => {
	test.each(badSettings)(
		'%s: nothing sent, each row its error item, outcome notSent',
		async (_name, workflow, message) => {
			const run = await suite.executeOk(workflow);

			const items = pairedOutput(run, LINK_NODE);
			expectOneErrorItemPerRow(items, closedPages);
			for (const item of items) {
				expect(item.json.error).toBe(`Not sent: ${message}`);
				expect(item.json.details).toMatchObject({ outcome: 'notSent' });
			}
			expect(suite.sandbox.requests).toEqual([]);
		},
	);
});
