import { NodeApiError, type IDataObject } from 'n8n-workflow';

import { recordsOf } from '../../nodes/LinkShortener/http/records';
import type { Api } from '../../nodes/LinkShortener/http/request';
import { foldRecords } from '../../nodes/LinkShortener/http/streamedRecords';

/** An Api whose one answer is `text`, its bytes arriving in the chunks that `cuts` gives. */
function answering(text: string, cuts: number[]): Api {
	const bytes = Buffer.from(text, 'utf8');
	async function* chunks() {
		let from = 0;
		for (const cut of [...cuts, bytes.length]) {
			yield bytes.subarray(from, cut);
			from = cut;
		}
	}
	return {
		node: { name: 'Link Shortener' },
		context: {},
		request: async () => ({ statusCode: 200, headers: {}, body: chunks() }),
		notJson: async (_response: unknown, head: string) => new Error(`not JSON: ${head}`),
	} as unknown as Api;
}

const folded = async (api: Api) =>
	await foldRecords(
		api,
		{ method: 'GET', url: '/v1/analytics/clicks' },
		() => [] as Array<[number, IDataObject]>,
		(list, record, position) => list.push([position, record]),
	);

const TRICKY = {
	value: 'a "quoted" [list], {object}, back\\slash\\',
	clicks: 3,
	nested: { groups: [1, [2, { three: ']' }]], note: 'été 😀' },
};

/** Answers in every shape recordsOf reads, with text that looks like structure inside strings. */
const ANSWERS: Record<string, unknown> = {
	'a bare array': [TRICKY, { value: 'b', clicks: 1 }],
	'data as an array': { meta: { data: [9] }, data: [{ value: 'x', clicks: 2 }, TRICKY], total: 2 },
	'data.items': { data: { items: [TRICKY, { key: 'y', count: 5 }] } },
	'data.links': { data: { links: [{ name: 'z', total: 1 }] } },
	'data.items after data.links (items win)': {
		data: { links: [{ value: 'l', clicks: 1 }], items: [{ value: 'i', clicks: 2 }] },
	},
	'items at the top': { items: [{ value: 'top', clicks: 4 }] },
	'one record as data': { data: { value: 'only', clicks: 7 } },
	'an empty list': { data: [] },
	'a key written with escapes': '{"d\\u0061ta": [{"value": "esc", "clicks": 1}], "x": "\\""}',
	'a number': 42,
	'data null': { data: null },
};

describe('foldRecords: the records of an answer read as it arrives', () => {
	it.each(Object.entries(ANSWERS))(
		'%s: the records recordsOf gives, in order, however the bytes are cut',
		async (_name, answer) => {
			const text = typeof answer === 'string' ? answer : JSON.stringify(answer, null, 1);
			const expected = recordsOf(JSON.parse(text)).map((record, k) => [k, record]);
			for (let cut = 0; cut <= Buffer.byteLength(text); cut++)
				expect(await folded(answering(text, [cut]))).toEqual(expected);
			const everyByte = Array.from({ length: Buffer.byteLength(text) }, (_, k) => k);
			expect(await folded(answering(text, everyByte))).toEqual(expected);
		},
	);

	it.each([
		['an HTML page', '<html><head><title>Portal</title></head><body>[1, 2]</body></html>'],
		['JSON cut off inside the list', '{"data": [{"value": "a", "clicks": 1}, {"value": "b"'],
		['JSON cut off after the list', '{"data": [{"value": "a", "clicks": 1}]'],
		['an element that is not JSON', '{"data": [{"value": "a", "clicks": 1}, nope]}'],
		['an empty answer', ''],
		['a key that is not JSON', '{"d\\qata": [{"value": "a", "clicks": 1}]}'],
	])('%s: the answer is not JSON, an error with its start', async (_name, text) => {
		await expect(folded(answering(text, [3]))).rejects.toThrow(`not JSON: ${text}`);
	});

	it('a connection that fails while the answer arrives is an API error, as a failed request is', async () => {
		const api = answering('{"data": [{"value": "a", "clicks": 1},', []);
		const failing = async function* () {
			yield Buffer.from('{"data": [{"value": "a", "clicks": 1},');
			throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
		};
		(api as unknown as { request: () => Promise<unknown> }).request = async () => ({
			statusCode: 200,
			headers: {},
			body: failing(),
		});

		const error = await folded(api).catch((caught: unknown) => caught);

		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).message).toMatch(/socket hang up|connection/i);
	});
});
