import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { Destinations } from '../../dev/destinations/server';
import { LiveTrigger, repeated } from '../../dev/engine/liveTrigger';
import type { SandboxOptions } from '../../dev/sandbox/server';
import { TRIGGER_TYPE, useLinkShortener } from '../helpers/fixture';
import { linksToPages } from '../helpers/localPages';

const LIST = '/v1/links/list';

const monitor = (parameters: INodeParameters = {}): INodeParameters => ({
	event: 'destinationBroken',
	...parameters,
});

/** The paths the pages server was asked for, each once, in the order first asked. */
const pathsChecked = (pages: Destinations) => [...new Set(pages.requests.map((r) => r.path))];

describe('Link Shortener Trigger: Link Destination Broken (D19)', () => {
	const fx = useLinkShortener({ rateLimit: null });
	let pages: Destinations;
	beforeAll(async () => {
		pages = await Destinations.start();
	});
	afterAll(async () => await pages?.stop());
	beforeEach(() => pages.reset());

	const trigger = (parameters: INodeParameters = {}, budgetMs?: number) =>
		new LiveTrigger(fx, { parameters: monitor(parameters), budgetMs });

	it('announces the links already broken at activation, once, confirmed by a second check; a flaky page never', async () => {
		const links = linksToPages(fx.sandbox, pages, [
			'/ok',
			'/status/404',
			'/flaky/a',
			'/status/500',
		]);
		const live = trigger();

		await live.activate();

		expect(live.items).toEqual([
			{
				id: links[1].id,
				shortUrl: links[1].shortUrl,
				longUrl: pages.url('/status/404'),
				title: 'page 1',
				destination: expect.objectContaining({ ok: false, status: 404, problem: 'httpStatus' }),
			},
			expect.objectContaining({
				id: links[3].id,
				destination: expect.objectContaining({ status: 500 }),
			}),
		]);
		// Each broken page: HEAD, GET (HEAD got an error answer), and the same again to confirm.
		const methods = (path: string) =>
			pages.requests.filter((r) => r.path === path).map((r) => r.method);
		expect(methods('/status/404')).toEqual(['HEAD', 'GET', 'HEAD', 'GET']);
		expect(methods('/ok')).toEqual(['HEAD']);
		expect(methods('/flaky/a')).toEqual(['HEAD', 'GET', 'HEAD']);
		expect(JSON.stringify(pages.requests.map((r) => r.headers))).not.toContain(fx.sandbox.apiKey);

		for (let i = 0; i < 4; i++) await live.poll();
		expect(live.items).toHaveLength(2);
		expect(live.errors).toEqual([]);
	});

	it('walks linksPerPoll links a poll, oldest first, starting over at the end; a broken link is announced once over passes', async () => {
		const paths = ['/ok?0', '/status/410', '/relative', '/to-other', '/chain/2', '/ok?6', '/ok?7'];
		const links = linksToPages(fx.sandbox, pages, paths);
		const live = trigger({ linksPerPoll: 3 });
		const checkedByPoll: string[][] = [];
		const tick = async (first = false) => {
			pages.reset();
			await (first ? live.activate() : live.poll());
			const asked = new Set(pages.requests.map((r) => r.path));
			checkedByPoll.push(paths.filter((path) => asked.has(path)).sort());
		};

		await tick(true);
		for (let i = 0; i < 6; i++) await tick();

		expect(checkedByPoll).toEqual(
			[
				paths.slice(0, 3),
				paths.slice(3, 6),
				[paths[6], paths[0], paths[1]],
				paths.slice(2, 5),
				[paths[5], paths[6], paths[0]],
				paths.slice(1, 4),
				paths.slice(4, 7),
			].map((polled) => polled.sort()),
		);
		expect(live.items.map((item) => item.id)).toEqual([links[1].id]);
	});

	it('a link that breaks later is announced once; with Notify Recovery, once more when it works again', async () => {
		const links = linksToPages(fx.sandbox, pages, ['/ok', '/switch/shop']);
		const live = trigger({ notifyRecovery: true });
		await live.activate();
		await live.poll();
		expect(live.items).toEqual([]);

		pages.setStatus('shop', 503);
		await live.poll();
		await live.poll();
		pages.setStatus('shop', 200);
		await live.poll();
		await live.poll();
		pages.setStatus('shop', 404);
		await live.poll();

		expect(
			live.items.map((item) => [item.id, item.recovered, (item.destination as IDataObject).status]),
		).toEqual([
			[links[1].id, false, 503],
			[links[1].id, true, 200],
			[links[1].id, false, 404],
		]);
	});

	it('without Notify Recovery a working page is forgotten silently and a new break is announced again', async () => {
		const links = linksToPages(fx.sandbox, pages, ['/switch/shop']);
		const live = trigger();
		pages.setStatus('shop', 404);
		await live.activate();
		pages.setStatus('shop', 200);
		await live.poll();
		pages.setStatus('shop', 500);
		await live.poll();

		expect(live.items.map((item) => [item.id, 'recovered' in item])).toEqual([
			[links[0].id, false],
			[links[0].id, false],
		]);
	});

	it('with 1 confirmation a broken page is announced on its first check; with 3, after three', async () => {
		linksToPages(fx.sandbox, pages, ['/status/404']);
		const once = trigger({ confirmations: 1 });
		await once.activate();
		expect(once.items).toHaveLength(1);
		expect(pages.requests.map((r) => r.method)).toEqual(['HEAD', 'GET']);

		pages.reset();
		const thrice = trigger({ confirmations: 3 });
		await thrice.activate();
		expect(thrice.items).toHaveLength(1);
		expect(pages.requests).toHaveLength(6);
	});

	it('state stays small: the walk and about 15 bytes a broken link', async () => {
		linksToPages(
			fx.sandbox,
			pages,
			Array.from({ length: 40 }, (_, i) => `/status/${i % 2 ? 404 : 200}?${i}`),
		);
		const live = trigger({ linksPerPoll: 50 });
		await live.activate();

		expect(live.items).toHaveLength(20);
		const saved = live.staticData.destinations as IDataObject;
		expect(saved).toMatchObject({ version: 1, generation: 1, walk: { pass: 1, offset: 0 } });
		expect(String(saved.announced).length).toBeLessThanOrEqual(20 * 15);
		expect(JSON.stringify(saved).length).toBeLessThan(500);
	});

	it('a link deleted while announced leaves the state after a whole pass without it', async () => {
		const links = linksToPages(fx.sandbox, pages, ['/status/404', '/ok', '/ok?2']);
		const live = trigger({ linksPerPoll: 2 });
		await live.activate();
		expect(String((live.staticData.destinations as IDataObject).announced)).not.toBe('');

		fx.sandbox.deleteLinks([links[0].id]);
		for (let i = 0; i < 4; i++) await live.poll();

		expect((live.staticData.destinations as IDataObject).announced).toBe('');
		expect(live.items).toHaveLength(1);
	});

	it('links deleted mid-walk, the one it stopped at among them: it goes on from the same offset, nothing announced twice', async () => {
		const paths = Array.from({ length: 12 }, (_, i) =>
			i % 3 === 0 ? `/status/404?${i}` : `/ok?${i}`,
		);
		const links = linksToPages(fx.sandbox, pages, paths);
		const live = trigger({ linksPerPoll: 4 });
		await live.activate();
		fx.sandbox.deleteLinks([links[1].id, links[3].id]);
		for (let i = 0; i < 6; i++) await live.poll();

		expect(repeated(live.emitted)).toEqual([]);
		expect(live.emitted.sort()).toEqual(
			[links[0], links[3], links[6], links[9]].map((l) => l.id).sort(),
		);
	});

	it('checks not begun in the first half of the budget wait for the next poll, which goes on from the first of them', async () => {
		const paths = Array.from({ length: 6 }, (_, i) => `/slow/700?${i}`);
		linksToPages(fx.sandbox, pages, paths);
		const live = trigger({}, 2_000);
		await live.activate();
		const first = pathsChecked(pages);
		pages.reset();
		await live.poll();
		const second = pathsChecked(pages);

		// 2 a host: 0 ms, 700 ms, then 1,400 ms is past the first half of 2 s.
		expect(first).toEqual(paths.slice(0, 4));
		expect(second[0]).toBe(paths[4]);
		expect(live.errors).toEqual([]);
	});

	it('refuses Links Per Poll and Confirmations out of range, naming the field', async () => {
		linksToPages(fx.sandbox, pages, ['/ok']);
		const tooMany = trigger({ linksPerPoll: 2001 });
		await tooMany.poll();
		const none = trigger({ confirmations: 0 });
		await none.poll();

		expect(tooMany.errors.map((e) => e.message)).toEqual([
			expect.stringContaining('Links Per Poll'),
		]);
		expect(none.errors.map((e) => e.message)).toEqual([expect.stringContaining('Confirmations')]);
		expect(pages.requests).toEqual([]);
		expect(fx.sandbox.requests).toEqual([]);
	});

	it('a saved state that cannot be read fails one poll saying so; the next starts afresh and announces', async () => {
		linksToPages(fx.sandbox, pages, ['/status/404']);
		const live = trigger();
		live.staticData.destinations = { version: 1, walk: 'nowhere', announced: '' };
		await live.poll();
		expect(live.errors.map((e) => e.message)).toEqual([
			"The trigger's saved position cannot be read: the walk is missing",
		]);
		expect(pages.requests).toEqual([]);

		await live.poll();
		expect(live.items).toHaveLength(1);
	});

	it('"Fetch Test Event" checks the newest links and shows the broken ones; nothing is saved', async () => {
		linksToPages(fx.sandbox, pages, ['/status/404', '/ok', '/ok?2']);
		const sample = await fx.engine.poll({
			type: TRIGGER_TYPE,
			parameters: monitor(),
			credentials: fx.credentials,
			mode: 'manual',
		});

		expect(sample.items?.[0].map((item) => item.json.longUrl)).toEqual([pages.url('/status/404')]);
		expect(sample.staticData).toEqual({});
	});

	describe.each<[string, SandboxOptions]>([
		['page cap 1', { pageSizeCap: 1 }],
		['page cap 7', { pageSizeCap: 7 }],
		['page cap 50, no total', { pageSizeCap: 50, omitTotal: true }],
		['page cap 100', { pageSizeCap: 100 }],
		['page cap 1,000', { pageSizeCap: 1000 }],
	])('any server: %s', (_name, options) => {
		const server = useLinkShortener({ rateLimit: null, ...options });

		it('every link is checked once a pass, in ⌈links / linksPerPoll⌉ polls, and each broken one announced once', async () => {
			const paths = Array.from({ length: 23 }, (_, i) =>
				i % 5 === 0 ? `/status/404?${i}` : `/ok?${i}`,
			);
			const links = linksToPages(server.sandbox, pages, paths);
			const live = new LiveTrigger(server, { parameters: monitor({ linksPerPoll: 6 }) });
			await live.activate();
			for (let i = 0; i < 3; i++) await live.poll();
			const firstPass = pages.requests.filter((r) => r.method === 'HEAD').map((r) => r.path);
			for (let i = 0; i < 4; i++) await live.poll();

			// 4 polls of 6: the 23 links, then the first again (broken, checked twice each time).
			expect(new Set(firstPass)).toEqual(new Set(paths));
			expect(firstPass.filter((p) => p.startsWith('/ok'))).toHaveLength(18);
			expect(live.emitted.sort()).toEqual(
				links
					.filter((_l, i) => i % 5 === 0)
					.map((l) => l.id)
					.sort(),
			);
			expect(live.errors).toEqual([]);
			expect(server.requestsTo(LIST).length).toBeGreaterThan(0);
		});
	});
});
