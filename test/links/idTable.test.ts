import { IdTable } from '../../nodes/LinkShortener/links/idTable';

describe('IdTable: text keys to numbers, in the order they came', () => {
	it('keeps 20,000 keys across chunks: each found, summed, read back in order', () => {
		const table = new IdTable(2);
		const keys = Array.from({ length: 20_000 }, (_, i) => `lnk_${(i * 7919).toString(36)}`);
		keys.forEach((key, i) => {
			const entry = table.entry(key);
			table.set(entry, i, 0);
			table.set(entry, i * 2, 1);
		});
		keys.forEach((key, i) => table.add(key, i % 3));

		expect(table.size).toBe(20_000);
		expect(Array.from({ length: table.size }, (_, entry) => table.keyAt(entry))).toEqual(keys);
		const found = keys.map((key) => table.find(key));
		expect(found).toEqual(keys.map((_, i) => i));
		expect(found.map((entry) => table.get(entry))).toEqual(keys.map((_, i) => i + (i % 3)));
		expect(found.map((entry) => table.get(entry, 1))).toEqual(keys.map((_, i) => i * 2));
		expect(table.find('lnk_')).toBe(-1);
		expect(table.valueOf('absent')).toBeUndefined();
	});

	it('tells apart keys that one another begin or end with, and the empty key', () => {
		const table = new IdTable();
		const keys = ['', 'a', 'ab', 'b', 'ba', 'abc', 'bc', 'c'];
		for (let round = 0; round < 600; round++) keys.forEach((key) => table.add(`${round}${key}`, 1));
		keys.forEach((key) => table.add(key, 5));

		expect(table.size).toBe(601 * keys.length);
		expect(table.valueOf('')).toBe(5);
		expect(table.valueOf('0')).toBe(1);
		expect(table.valueOf('1ab')).toBe(1);
		expect(table.valueOf('599c')).toBe(1);
		expect(table.valueOf('abc')).toBe(5);
		expect(table.valueOf('600')).toBeUndefined();
	});
});
