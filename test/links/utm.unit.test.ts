import { RowValidator } from '../../nodes/LinkShortener/fields/validation';
import { withUtm } from '../../nodes/LinkShortener/links/utm';
import { STUB_NODE } from '../helpers/stubNode';

const node = STUB_NODE;
const check = new RowValidator(node, 4);

describe('withUtm, unit by unit', () => {
	it('adds the keys in order source, medium, campaign, term, content, percent-encoded', () => {
		const { url, replaced } = withUtm(
			'https://example.com/a',
			{ utmContent: 'c', utmSource: 'news letter', utmCampaign: 'spring & co' },
			check,
		);
		expect(url).toBe(
			'https://example.com/a?utm_source=news%20letter&utm_campaign=spring%20%26%20co&utm_content=c',
		);
		expect(replaced).toEqual([]);
	});

	it('replaces the same key where it stood, drops its repeats, keeps every other parameter and the fragment byte for byte', () => {
		const { url, replaced } = withUtm(
			'https://example.com/a?x=1%2F2&utm_source=old&y=&utm_source=again#top?q',
			{ utmSource: 'new' },
			check,
		);
		expect(url).toBe('https://example.com/a?x=1%2F2&utm_source=new&y=#top?q');
		expect(replaced).toEqual(['utm_source']);
	});

	it('leaves the URL alone when no UTM value is set, and does not call an equal value a replacement', () => {
		expect(withUtm('https://example.com/?utm_source=a', { utmSource: '  ' }, check)).toEqual({
			url: 'https://example.com/?utm_source=a',
			replaced: [],
		});
		expect(
			withUtm('https://example.com/?utm_source=a', { utmSource: 'a' }, check).replaced,
		).toEqual([]);
	});

	it('refuses an object as a value, naming the field and the item', () => {
		expect(() => withUtm('https://example.com/', { utmMedium: { a: 1 } }, check)).toThrow(
			'Invalid UTM Medium in item 4: it must be text',
		);
	});
});
