import { RowValidator } from '../../nodes/LinkShortener/fields/validation';
import { STUB_NODE } from '../helpers/stubNode';

const node = STUB_NODE;
const check = new RowValidator(node, 2);
const field = { label: 'Long URL', parameter: 'longUrl' };

describe('RowValidator, unit by unit', () => {
	it('takes absolute http(s) URLs and refuses others, naming the field, the item and the parameter', () => {
		expect(check.httpUrl(' https://example.com/a ', field)).toBe('https://example.com/a');
		for (const bad of [
			'',
			'not a url',
			'ftp://example.com/',
			'http:example.com',
			'https:///path',
		]) {
			expect(() => check.httpUrl(bad, field)).toThrow(/^Invalid Long URL in item 2: /);
		}
		try {
			check.httpUrl('example.com', field);
		} catch (error) {
			expect((error as Error & { description?: string }).description).toBe(
				'Check the "Long URL" field (longUrl) of input item 2 (counting from 0).',
			);
		}
	});

	it('refuses dates that do not exist rather than guessing', () => {
		expect(check.day('2024-02-29', field)).toBe('2024-02-29');
		expect(check.timestamp('2024-03-01T10:00:00Z', field)).toBe('2024-03-01T10:00:00.000Z');
		for (const bad of ['2024-02-30', 'Product 5', '12'])
			expect(() => check.day(bad, field)).toThrow(/^Invalid Long URL in item 2/);
	});

	it('reads tags from a comma-separated text or a list, and refuses a value that names none', () => {
		expect(check.tags('spring, promo', field)).toEqual([{ name: 'spring' }, { name: 'promo' }]);
		expect(check.tags(['a', { name: 'b' }], field)).toEqual([{ name: 'a' }, { name: 'b' }]);
		expect(() => check.tags(' , ', field)).toThrow(/holds no tag name/);
	});

	it('takes UUIDs and text, refuses what would be sent as "[object Object]"', () => {
		expect(check.uuid(' 3fa85f64-5717-4562-b3fc-2c963f66afa6 ', field)).toBe(
			'3fa85f64-5717-4562-b3fc-2c963f66afa6',
		);
		expect(() => check.uuid('42', field)).toThrow('"42" is not a UUID');
		expect(check.text(7, field)).toBe('7');
		expect(() => check.text({ a: 1 }, field)).toThrow('it must be text, not an object');
	});
});
