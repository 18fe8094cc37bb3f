import type { IN8nHttpFullResponse } from 'n8n-workflow';

import { retryDelayMs } from '../../nodes/LinkShortener/http/rateLimit';
import { describeRows } from '../../nodes/LinkShortener/batches/rowRanges';
import { batchesOf } from '../../nodes/LinkShortener/batches/rows';

const answer429 = (headers: Record<string, string> = {}): IN8nHttpFullResponse => ({
	statusCode: 429,
	headers,
	body: {},
});

describe('retryDelayMs (D7: how long to wait after a 429)', () => {
	it('follows Retry-After, in seconds or as an HTTP date', () => {
		expect(retryDelayMs(answer429({ 'retry-after': '3' }), 0)).toBe(3000);
		expect(retryDelayMs(answer429({ 'Retry-After': '0' }), 4)).toBe(0);
		const now = Date.parse('2026-01-01T00:00:00Z');
		expect(
			retryDelayMs(answer429({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), 0, now),
		).toBe(5000);
	});

	it('else waits for the window the headers say is spent: the minute before the second', () => {
		expect(
			retryDelayMs(
				answer429({ 'x-ratelimit-remaining-second': '0', 'x-ratelimit-remaining-minute': '7' }),
				3,
			),
		).toBe(1000);
		expect(
			retryDelayMs(
				answer429({ 'x-ratelimit-remaining-second': '0', 'x-ratelimit-remaining-minute': '0' }),
				0,
			),
		).toBe(60_000);
	});

	it('else backs off exponentially from 1 s, up to a minute', () => {
		expect([0, 1, 2, 3, 4, 5, 6, 7].map((retry) => retryDelayMs(answer429(), retry))).toEqual([
			1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000,
		]);
	});
});

describe('describeRows', () => {
	it('turns input item indices into short ranges', () => {
		expect(describeRows([])).toBe('none');
		expect(describeRows([4])).toBe('4');
		expect(describeRows([5, 0, 1, 2, 7, 8])).toBe('0–2, 5, 7–8');
	});

	it('cuts long lists after 20 ranges, saying how many items were left out', () => {
		const everyOther = Array.from({ length: 30 }, (_, i) => i * 2);
		expect(describeRows(everyOther)).toBe(`${everyOther.slice(0, 20).join(', ')}, and 10 more`);
	});
});

describe('batchesOf', () => {
	it('slices rows into batches of at most the batch size', () => {
		expect(batchesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
		expect(batchesOf([], 10)).toEqual([]);
	});
});
