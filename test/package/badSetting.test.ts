import type { IDataObject, INode, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { longUrls, ROWS } from '../helpers/everyOperation';
import { operations } from '../helpers/nodeOperations';
import { useLinkShortener } from '../helpers/fixture';

/**
 * One ending for a setting that makes the run impossible (an option read once for the run, a
 * JSON list), whatever the operation: the run fails before any request with an error naming
 * the setting (display name and parameter); under On Error: Continue every row gets its error
 * item with `outcome: notSent`, by the regular or the error output.
 */
type BadSetting = { setting: string; parameters: INodeParameters; message: string };

const rows = (make: (i: number) => IDataObject) => Array.from({ length: ROWS }, (_, i) => make(i));
const jsonList = (operation: string): BadSetting => ({
	setting: 'Rows that is not JSON',
	parameters: { resource: 'bulk', operation, mappingMode: 'jsonRows', rows: 'oops' },
	message: 'Invalid Rows (rows) in item 0: the text "oops" is not JSON',
});
const batchSize = (operation: string, size: number, problem: string): BadSetting => ({
	setting: `Batch Size ${size}`,
	parameters: { resource: 'bulk', operation, mappingMode: 'autoMap', options: { batchSize: size } },
	message: `Invalid Batch Size (options.batchSize): ${problem}`,
});

/** Every operation with a setting of the whole run, each bad; an operation without one says so. */
const BAD_SETTINGS: Record<string, BadSetting[]> = {
	'link.create': [],
	'link.get': [],
	'link.getMany': [],
	'link.update': [],
	'link.export': [],
	'link.checkDestination': [
		{
			setting: 'Max Redirects -1',
			parameters: {
				resource: 'link',
				operation: 'checkDestination',
				options: { maxRedirects: -1 },
			},
			message:
				'Invalid Max Redirects (options.maxRedirects): -1 is not a whole number of at least 0',
		},
		{
			setting: 'Timeout 0.5',
			parameters: { resource: 'link', operation: 'checkDestination', options: { timeout: 0.5 } },
			message: 'Invalid Timeout (options.timeout): 0.5 is not a whole number of at least 1',
		},
	],
	'bulk.createMany': [
		batchSize('createMany', 0, '0 is not a whole number from 1 to 10000'),
		{
			setting: 'Max Retries -1',
			parameters: {
				resource: 'bulk',
				operation: 'createMany',
				mappingMode: 'autoMap',
				options: { maxRetries: -1 },
			},
			message: 'Invalid Max Retries (options.maxRetries): -1 is not a whole number of at least 0',
		},
		jsonList('createMany'),
	],
	'bulk.updateMany': [
		batchSize('updateMany', 0, '0 is not a whole number of at least 1'),
		jsonList('updateMany'),
	],
	'bulk.syncMany': [
		batchSize('syncMany', 10_001, '10001 is not a whole number from 1 to 10000'),
		jsonList('syncMany'),
	],
	'analytics.getClicks': [],
	'analytics.exportClicks': [],
	'domain.getMany': [],
};

const CASES = operations().flatMap(({ name }) =>
	(BAD_SETTINGS[name] ?? []).map((bad) => [`${name}, ${bad.setting}`, bad] as const),
);

const MODES: Array<[string, Partial<INode>, number]> = [
	['regular', { onError: 'continueRegularOutput' }, 0],
	['error', { onError: 'continueErrorOutput' }, 1],
];

const pairedRow = (item: INodeExecutionData) => {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	return typeof paired === 'object' ? paired.item : paired;
};

describe('A setting that makes the run impossible: one ending for every operation', () => {
	const ls = useLinkShortener();
	// Check Destination's pages are the sandbox's: a check that left would be among its requests.
	const input = () =>
		rows((i) => ({
			longUrl: `${ls.sandbox.baseUrl}/page/${i}`,
			title: `Row ${i}`,
			id: longUrls[i],
		}));

	it('every operation of the node says whether it has a setting of the whole run', () => {
		expect(
			operations()
				.map(({ name }) => name)
				.sort(),
		).toEqual(Object.keys(BAD_SETTINGS).sort());
	});

	it.each(CASES)('%s: the run fails before any request, naming the setting', async (_name, bad) => {
		const { error, outputs } = await ls.run(bad.parameters, input());

		expect(error?.message).toBe(bad.message);
		expect(outputs).toEqual([]);
		expect(ls.sandbox.requests).toEqual([]);
	});

	describe.each(MODES)('On Error: Continue (%s output)', (_output, settings, outputIndex) => {
		it.each(CASES)('%s: each row its error item, outcome notSent', async (_name, bad) => {
			const { error, outputs } = await ls.run(bad.parameters, input(), {
				nodeOverrides: settings,
			});

			expect(error).toBeUndefined();
			expect(ls.sandbox.requests).toEqual([]);
			const items = outputs[outputIndex];
			expect(items.map(pairedRow)).toEqual(Array.from({ length: ROWS }, (_, i) => i));
			for (const item of items) {
				expect(item.json.error).toBe(`Not sent: ${bad.message}`);
				if (outputIndex === 0) expect(item.json.details).toMatchObject({ outcome: 'notSent' });
				else expect(item.json.message).toMatch(/\(outcome: notSent\)$/);
			}
		});
	});
});
