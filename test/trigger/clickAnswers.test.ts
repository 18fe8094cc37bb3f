import { SEEDED } from '../../dev/sandbox/server';
import { LiveTrigger } from '../../dev/engine/liveTrigger';
import { useLinkShortener } from '../helpers/fixture';

const ANALYTICS = '/v1/analytics/clicks';
const [, launch] = SEEDED.ownLinks;

/** D16: Link Clicked reads the analytics answer as it arrives, in any shape a server gives it. */
describe('Link Shortener Trigger: the analytics answer read as it arrives', () => {
	const fx = useLinkShortener({ rateLimit: null });
	const visit = async (link: { path: string }) => {
		const response = await fetch(`${fx.sandbox.origin}/${link.path}`, { redirect: 'manual' });
		expect(response.status).toBe(302);
	};

	it.each(['items', 'bare', 'dimension'] as const)(
		'analytics in the shape "%s": the clicked link is emitted with its new clicks',
		async (shape) => {
			fx.sandbox.injectFault({ path: ANALYTICS, fault: { kind: 'analyticsShape', shape } });
			const live = new LiveTrigger(fx, { parameters: { event: 'linkClicked' } });
			await live.activate();
			await visit(launch);
			await live.poll();

			expect(live.errors).toEqual([]);
			expect(live.items).toEqual([
				expect.objectContaining({ id: launch.id, clicks: 13, newClicks: 1 }),
			]);
		},
	);

	it('a 200 web page instead of the answer fails the poll with what it is, never the API key', async () => {
		const live = new LiveTrigger(fx, { parameters: { event: 'linkClicked' } });
		await live.activate();
		fx.sandbox.injectFault({
			path: ANALYTICS,
			fault: { kind: 'html', title: 'Sign in', echoApiKey: true, bytes: 200_000 },
		});
		await live.poll();

		expect(live.items).toEqual([]);
		const [error] = live.errors;
		expect(error.message).toBe('200 text/html "Sign in"');
		expect(JSON.stringify(error)).not.toContain(fx.sandbox.apiKey);
	});

	it('an answer cut off inside its list fails the poll; the next poll emits from the saved state', async () => {
		const live = new LiveTrigger(fx, { parameters: { event: 'linkClicked' } });
		await live.activate();
		await visit(launch);
		fx.sandbox.injectFault({
			path: ANALYTICS,
			times: 1,
			fault: {
				kind: 'status',
				status: 200,
				body: `{"data": [{"value": "${launch.id}", "clicks": 13},`,
			},
		});
		await live.poll();
		expect(live.items).toEqual([]);
		expect(live.errors.map((error) => error.message)).toEqual([expect.stringMatching(/^200 /)]);

		await live.poll();
		expect(live.items).toEqual([expect.objectContaining({ id: launch.id, newClicks: 1 })]);
	});
});
