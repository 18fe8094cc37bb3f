import type { INodeParameterResourceLocator } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import { useLinkShortener } from '../helpers/fixture';
import { byId, byUrl } from './locatorValues';

const [spring, launch] = SEEDED.ownLinks;
const [foreign] = SEEDED.foreignLinks;

describe('Link > Get', () => {
	const ls = useLinkShortener();
	const get = (linkId: INodeParameterResourceLocator) => ({
		resource: 'link',
		operation: 'get',
		linkId,
	});

	it('gets a link by its ID', async () => {
		const { items, error } = await ls.run(get(byId(spring.id)));

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /v1/links/${spring.id}`,
		]);
		expect(items).toEqual([
			expect.objectContaining({
				json: expect.objectContaining({ id: spring.id, title: spring.title }),
			}),
		]);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('resolves a short URL to the link by searching its path', async () => {
		const { items, error } = await ls.run(get(byUrl(`https://GO.example.com/${launch.path}/`)));

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v1/links/list',
			`GET /v1/links/${launch.id}`,
		]);
		expect(ls.sandbox.requests[0].body).toMatchObject({ search: launch.path });
		expect(items[0].json.id).toBe(launch.id);
	});

	it.each([
		['no link has the path', 'https://sho.rt/does-not-exist'],
		['the path exists only on another domain', `https://sho.rt/${launch.path}`],
	])('says so when %s', async (_case, shortUrl) => {
		const { error } = await ls.run(get(byUrl(shortUrl)));

		expect(error?.message).toBe(`No link has the short URL ${shortUrl}`);
		expect(ls.sandbox.requests.map((r) => r.path)).toEqual(['/v1/links/list']);
	});

	it('looks every short URL up before the first read: a row naming no link stops the run before any GET, or is its own error item under Continue', async () => {
		const rows = [
			{ link: `https://go.example.com/${launch.path}` },
			{ link: 'https://sho.rt/does-not-exist' },
			{ link: `https://go.example.com/${launch.path}` },
		];
		const parameters = get(byUrl('={{ $json.link }}'));
		const reads = () => ls.sandbox.requests.filter((r) => r.method === 'GET').length;

		const stopped = await ls.run(parameters, rows);
		expect(stopped.error?.message).toBe('No link has the short URL https://sho.rt/does-not-exist');
		expect(reads()).toBe(0);

		ls.sandbox.requests.length = 0;
		const { items, error } = await ls.run(parameters, rows, { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(ls.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v1/links/list',
			`GET /v1/links/${launch.id}`,
			`GET /v1/links/${launch.id}`,
		]);
		expect(items.map((item) => item.json.id ?? item.json.details)).toEqual([
			launch.id,
			expect.objectContaining({ inputItem: 1, outcome: 'notSent' }),
			launch.id,
		]);
		expect(items[1].pairedItem).toEqual({ item: 1 });
	});

	it('shows an ID that is not a UUID as an issue of the node, as the editor does', async () => {
		await expect(ls.run(get(byId('12345')))).rejects.toThrow('Not a link ID: a link ID is a UUID');
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it('refuses an ID from an expression that is not a UUID before any request', async () => {
		const { error } = await ls.run(get(byId('={{ "12345" }}')));

		expect(error?.message).toBe('Invalid Link ID in item 0: "12345" is not a UUID');
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it.each([
		[404, 'a1000000-0000-4000-8000-00000000ffff', /^404 .*not found/i, 'NOT_FOUND'],
		[403, foreign.id, /^403 /, 'FORBIDDEN'],
	])(
		'turns a %i into an error with the server message and code',
		async (status, id, message, code) => {
			const { error } = await ls.run(get(byId(id)));

			expect(ls.sandbox.requests[0].status).toBe(status);
			expect(error?.message).toMatch(message);
			expect(error?.httpCode).toBe(String(status));
			expect(error?.description).toContain(code);
		},
	);

	it('says that the API key is missing, invalid or expired on a 401', async () => {
		const { error } = await ls.run(get(byId(spring.id)), undefined, {
			credentials: ls.credentialsWithKey('wrong-key'),
		});

		expect(ls.sandbox.requests[0]).toMatchObject({ status: 401 });
		expect(ls.sandbox.requests[0].headers['x-api-key']).toBe('wrong-key');
		expect(error?.message).toMatch(/^401 Unauthorized: the API key is missing, invalid or expired/);
	});

	it('with Continue On Fail outputs the found link and an error item for the missing one', async () => {
		const { items, error } = await ls.run(
			get(byId('={{ $json.id }}')),
			[{ id: spring.id }, { id: 'a1000000-0000-4000-8000-00000000ffff' }],
			{ continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items[0].json.id).toBe(spring.id);
		expect(items[1].json.error).toMatch(/^404 /);
		expect(items[1].json.details).toMatchObject({ inputItem: 1, httpCode: '404' });
		expect(items[1].pairedItem).toEqual({ item: 1 });
	});

	it('describes a 502 HTML page by its status, type and title, never its markup or the API key it quotes', async () => {
		ls.sandbox.injectFault({
			path: `/v1/links/${spring.id}`,
			fault: {
				kind: 'html',
				status: 502,
				bytes: 20_000,
				echoApiKey: true,
				title: 'Bad &amp; <b>Gateway</b>',
			},
		});

		const { error } = await ls.run(get(byId(spring.id)));

		expect(error?.message).toBe('502 text/html "Bad & Gateway"');
		expect(error?.description).toMatch(
			/^The server answered with a web page, not the API's JSON\. Check that the credential's Base URL/,
		);
		expect(error?.httpCode).toBe('502');
		const shown = JSON.stringify({
			message: error?.message,
			description: error?.description,
			error,
		});
		expect(shown).not.toContain(ls.sandbox.apiKey);
		expect(shown.length).toBeLessThan(3000);
		expect(`${error?.message} ${error?.description}`).not.toMatch(/<[a-z!/]/i);
	});

	it.each([200, 404])(
		'a %s web page where the API should answer is an error with its title, not an item',
		async (status) => {
			ls.sandbox.injectFault({
				path: `/v1/links/${spring.id}`,
				fault: { kind: 'html', status, title: 'Maintenance' },
			});

			const { items, error } = await ls.run(get(byId(spring.id)));

			expect(items).toEqual([]);
			expect(error?.message).toBe(`${status} text/html "Maintenance"`);
		},
	);
});
