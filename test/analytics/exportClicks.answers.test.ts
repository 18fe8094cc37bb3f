import type { IDataObject } from 'n8n-workflow';

import type { Fault } from '../../dev/sandbox/fault-types';
import { SEEDED } from '../../dev/sandbox/server';
import { exportClicks, fileOf } from '../helpers/exportFiles';
import { parseCsv } from '../helpers/csv';
import { NODE_TYPE, TOOL_TYPE, useLinkShortener } from '../helpers/fixture';

const ANALYTICS = '/v1/analytics/clicks';
const LIST = '/v1/links/list';
const [spring, launch, docs] = SEEDED.ownLinks;
const details = exportClicks({ groupBy: 'link', options: { linkDetails: true } });

const answered = (body: unknown): Fault => ({ kind: 'status', status: 200, body: body as never });
const elements = (value: string, count: string) => [
	{ [value]: spring.id, [count]: 20 },
	{ [value]: launch.id, [count]: 12 },
	{ [value]: docs.id, [count]: 4 },
];

/** D21: every answer shape D16 reads, and answers and pages that fail. */
describe('Analytics > Export Clicks: the answers it reads and the failures it reports', () => {
	const ls = useLinkShortener();

	it.each([
		['data: [{ value, clicks }] (the sandbox)', undefined],
		['data.items of { key, count }', { kind: 'analyticsShape', shape: 'items' }],
		['a bare array of { name, total }', { kind: 'analyticsShape', shape: 'bare' }],
		['elements keyed by the dimension', { kind: 'analyticsShape', shape: 'dimension' }],
		['data.links', answered({ data: { links: elements('value', 'count') } })],
		['items at the top', answered({ items: elements('key', 'clicks'), total: 3 })],
		['links at the top', answered({ links: elements('name', 'total') })],
		[
			'data beside a list it is not',
			answered({ meta: { items: [{ value: 'x', clicks: 1 }] }, data: elements('value', 'clicks') }),
		],
	] as Array<[string, Fault | undefined]>)(
		'reads %s, with and without details',
		async (_shape, fault) => {
			if (fault) ls.sandbox.injectFault({ path: ANALYTICS, times: 2, fault });

			const plain = await ls.run(exportClicks({ groupBy: 'link' }));
			const joined = await ls.run(details);

			expect(plain.error).toBeUndefined();
			expect(joined.error).toBeUndefined();
			const expected = [
				['link', spring.id, '20'],
				['link', launch.id, '12'],
				['link', docs.id, '4'],
			];
			const rows = (text: string) => parseCsv(text).map((r) => [r.groupBy, r.value, r.clicks]);
			expect(rows(fileOf(plain.items[0]).text)).toEqual(expected);
			expect(rows(fileOf(joined.items[0]).text)).toEqual(expected);
			expect(joined.items[0].json).toMatchObject({ groups: 3, clicks: 36 });
		},
	);

	it('an element without a readable count fails the item, naming the element: never a 0', async () => {
		ls.sandbox.injectFault({
			path: ANALYTICS,
			fault: { kind: 'replaceElements', elements: { '1': { value: 'FR', clicks: 'many' } } },
		});

		const { error, items } = await ls.run(exportClicks({ groupBy: 'country' }));

		expect(error?.message).toBe(
			'The analytics answer\'s element 1 has no click count: {"value":"FR","clicks":"many"}',
		);
		expect(items).toEqual([]);
	});

	it.each([
		['a 500', { kind: 'status', status: 500 }, /500|server/i],
		['a dropped connection', { kind: 'drop' }, /socket|connection|ECONNRESET|hang up/i],
		['a web page with 200', { kind: 'html', title: 'Maintenance' }, /Maintenance|not JSON|HTML/i],
	] as Array<[string, Fault, RegExp]>)(
		'an analytics answer that fails (%s) fails the item before any file; under On Error: Continue an error item',
		async (_name, fault, message) => {
			ls.sandbox.injectFault({ path: ANALYTICS, fault });
			const stopped = await ls.run(details);
			expect(stopped.error?.message).toMatch(message);
			expect(stopped.items).toEqual([]);
			expect(ls.requestsTo(LIST)).toEqual([]);

			ls.sandbox.injectFault({ path: ANALYTICS, fault });
			const { items } = await ls.run(details, [{}, {}], { continueOnFail: true });
			const failed = items.filter((item) => item.json.error);
			expect(failed).toHaveLength(1);
			expect(failed[0].binary).toBeUndefined();
			expect(String(failed[0].json.error)).toMatch(message);
			expect(items.find((item) => !item.json.error)?.json.groups).toBe(3);
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		},
	);

	it('a listing page that fails fails the item: no file; under On Error: Continue an error item without binary', async () => {
		const added = ls.sandbox.addLinks(300);
		ls.sandbox.addClicks(added[299].id, 1);
		ls.sandbox.injectFault({ path: LIST, page: 3, fault: { kind: 'status', status: 500 } });

		const stopped = await ls.run(details);
		expect(stopped.error?.message).toMatch(/500|server/i);
		expect(stopped.items).toEqual([]);

		ls.sandbox.injectFault({ path: LIST, page: 3, fault: { kind: 'status', status: 500 } });
		const { items } = await ls.run(details, [{}, {}], { continueOnFail: true });
		const failed = items.filter((item) => item.json.error);
		expect(failed).toHaveLength(1);
		expect(failed[0].binary).toBeUndefined();
		expect(items.find((item) => !item.json.error)?.json).toMatchObject({ groups: 4, clicks: 37 });
	});

	it('stops with an error when the server ignores the page asked for', async () => {
		const added = ls.sandbox.addLinks(300);
		ls.sandbox.addClicks(added[299].id, 1);
		ls.sandbox.injectFault({ path: LIST, times: 50, fault: { kind: 'paging', ignorePage: true } });

		const { error, items } = await ls.run(details);

		expect(error?.message).toMatch(/repeats/);
		expect(items).toEqual([]);
		expect(ls.requestsTo(LIST).length).toBeLessThan(20);
	});

	it('as an AI tool: the JSON only, never the file', async () => {
		const asTool = await ls.engine.runNode({
			type: TOOL_TYPE,
			parameters: details,
			credentials: ls.credentials,
		});
		const asNode = await ls.engine.runNode({
			type: NODE_TYPE,
			parameters: details,
			credentials: ls.credentials,
		});

		const json: IDataObject = asNode.items[0].json;
		expect(asTool.items.map((item) => [item.json, item.binary])).toEqual([[json, undefined]]);
		expect(json).toMatchObject({ groups: 3, clicks: 36, format: 'csv' });
	});
});
