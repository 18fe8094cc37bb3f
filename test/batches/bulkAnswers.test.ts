import { matchById, matchByPosition } from '../../nodes/LinkShortener/batches/bulkAnswers';
import { describeRows } from '../../nodes/LinkShortener/batches/rowRanges';
import { batchesOf } from '../../nodes/LinkShortener/batches/rows';

const rows = (ids: string[]) =>
	ids.map((id, index) => ({ index, element: { id, longUrl: `https://example.com/${index}` } }));

describe('bulk answers and rows, unit by unit', () => {
	it('pairs a create answer by position, leaves a non-link element in doubt, and refuses a wrong count', () => {
		const sent = rows(['', '', '']);
		expect(matchByPosition({ data: [{ id: 'a' }, null, { id: 'c' }] }, sent)).toEqual({
			links: [{ id: 'a' }, undefined, { id: 'c' }],
		});
		expect(matchByPosition({ data: [{ id: 'a' }] }, sent)).toEqual({
			unusable: '1 link for the 3 sent, so they cannot be matched to the input items',
		});
		expect(matchByPosition('<html><title>Maintenance</title></html>', sent)).toEqual({
			unusable: 'a body that is not the expected answer: text/html "Maintenance"',
		});
	});

	it('pairs an update answer by id in any order and any letter case, each element once', () => {
		const sent = rows(['A1', 'b2', 'A1']);
		const answer = {
			data: [
				{ id: 'b2', n: 1 },
				{ id: 'a1', n: 2 },
				{ id: 'A1', n: 3 },
			],
		};
		expect(matchById(answer, sent)).toEqual({
			links: [
				{ id: 'a1', n: 2 },
				{ id: 'b2', n: 1 },
				{ id: 'A1', n: 3 },
			],
		});
	});

	it('splits rows into batches and describes row indices as ranges', () => {
		expect(batchesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
		expect(describeRows([5, 0, 1, 2, 7, 8])).toBe('0–2, 5, 7–8');
		expect(describeRows(Array.from({ length: 50 }, (_, i) => i * 2))).toBe(
			`${Array.from({ length: 20 }, (_, i) => i * 2).join(', ')}, and 30 more`,
		);
	});
});
