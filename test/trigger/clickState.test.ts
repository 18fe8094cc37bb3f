import type { IDataObject } from 'n8n-workflow';

import {
	ClickBases,
	readClickState,
	saveClickState,
	type ClickState,
} from '../../nodes/LinkShortener/trigger/clickState';

function basesOf(bases: Array<[string, number, number]>): ClickBases {
	const table = new ClickBases();
	for (const [key, clicks, since] of bases) table.setBase(key, clicks, since);
	return table;
}

const entriesOf = (table: ClickBases) =>
	Array.from({ length: table.size }, (_, entry): [string, number, number] => [
		table.keyAt(entry),
		table.clicksAt(entry),
		table.sinceAt(entry),
	]);

const state = (bases: Array<[string, number, number]>): ClickState => ({
	event: 'linkClicked',
	setting: '{}',
	epoch: 'e1',
	generation: 3,
	activatedAt: Date.parse('2026-11-01T00:00:00.000Z'),
	bases: basesOf(bases),
	reached: new Set(),
	lastDay: null,
	listing: null,
});

describe('the saved state of the click events', () => {
	it('reads back what it saved, over chunks of thousands of links', () => {
		const many = Array.from({ length: 10_000 }, (_, i): [string, number, number] => [
			`k${String(i).padStart(11, '0')}`,
			i * 37,
			i % 999,
		]);
		const staticData: IDataObject = {};
		saveClickState(staticData, state(many));

		const stored = (staticData.clicks as IDataObject).bases as string;
		expect(stored.split(',')).toHaveLength(10_000);
		expect(stored.slice(0, 32)).toBe('k000000000000.0,k0000000000111.1');
		expect(entriesOf(readClickState(staticData)!.bases)).toEqual(many);
	});

	it.each([
		['a record cut short', 'abcdefghijkl1.2,abc', '"abc" is not a link'],
		['a record without its time', 'abcdefghijkl12', '"abcdefghijkl12" is not a link'],
		[
			'a dot in the next record only',
			'abcdefghijkl12,mnopqrstuvwx3.4',
			'"abcdefghijkl12" is not a link',
		],
		['a count that is not base 36', 'abcdefghijkl1!.2', 'a click count'],
		['an empty time', 'abcdefghijkl1.', 'a time'],
	])('refuses %s', (_case, bases, problem) => {
		const staticData: IDataObject = {};
		saveClickState(staticData, state([]));
		(staticData.clicks as IDataObject).bases = bases;
		expect(() => readClickState(staticData)).toThrow(problem);
	});
});
