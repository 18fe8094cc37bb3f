import { SEEDED, SEEDED_CLICKS } from '../../../dev/sandbox/server';
import { call, sandbox, useSandbox, type Json } from './client';

useSandbox();

describe('click analytics', () => {
	const clicks = async (query: string) => {
		const answer = await call('GET', `/v1/analytics/clicks${query}`);
		expect(answer.status).toBe(200);
		return answer.body.data as Array<{ group_by: string; value: string; clicks: number }>;
	};

	it('answers 400 without group_by or with an unknown one', async () => {
		const missing = await call('GET', '/v1/analytics/clicks');
		expect(missing.status).toBe(400);
		expect(missing.body).toEqual({ code: 'BAD_REQUEST', message: 'group_by is required' });
		const unknown = await call('GET', '/v1/analytics/clicks?group_by=planet');
		expect(unknown.status).toBe(400);
		expect(unknown.body.message).toContain(
			'day, week, month, country, city, referrer, browser, os, device, link',
		);
	});

	it('groups the own links clicks by link, most clicked first', async () => {
		expect(await clicks('?group_by=link')).toEqual(
			SEEDED.ownLinks.map((link) => ({ group_by: 'link', value: link.id, clicks: link.clicks })),
		);
	});

	it('groups by country like the seeded events say, sorted by clicks', async () => {
		const ownIds = new Set<string>(SEEDED.ownLinks.map((link) => link.id));
		const expected = new Map<string, number>();
		for (const click of SEEDED_CLICKS) {
			if (ownIds.has(click.linkId))
				expected.set(click.country, (expected.get(click.country) ?? 0) + 1);
		}
		const rows = await clicks('?group_by=country');
		expect(rows.length).toBeGreaterThan(2);
		expect(new Map(rows.map((row) => [row.value, row.clicks]))).toEqual(expected);
		expect(rows.map((row) => row.clicks)).toEqual(
			[...rows.map((row) => row.clicks)].sort((a, b) => b - a),
		);
	});

	it('filters by link and date range', async () => {
		const launch = SEEDED.ownLinks[1];
		const byDay = await clicks(`?group_by=day&link_id=${launch.id}`);
		expect(byDay.reduce((sum, row) => sum + row.clicks, 0)).toBe(launch.clicks);
		expect(byDay.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row.value))).toBe(true);

		const march = await clicks('?group_by=month&from=2024-03-01&to=2024-03-31');
		expect(march.map((row) => row.value)).toEqual(['2024-03']);
		const all = await clicks('?group_by=month');
		expect(all.reduce((sum, row) => sum + row.clicks, 0)).toBe(36);
		expect(await clicks(`?group_by=day&link_id=${SEEDED.foreignLinks[0].id}`)).toEqual([]);
	});
});

describe('domains', () => {
	const domains = async (query = '') => {
		const answer = await call('GET', `/v1/domains${query}`);
		expect(answer.status).toBe(200);
		expect(answer.body.error_code).toBe(0);
		return answer.body.data as { items: Json[]; total: number };
	};

	it('lists domains with the reference record shape, filtered by status', async () => {
		const all = await domains();
		expect(all.total).toBe(5);
		expect(Object.keys(all.items[0])).toEqual([
			'id',
			'domainName',
			'isDefault',
			'isPreferred',
			'protocol',
			'status',
			'externalId',
			'fallbackUrl',
			'nsRecords',
			'createdAt',
		]);
		const verified = await domains('?status=1');
		expect(verified.items.map((domain) => domain.domainName)).toEqual(['sho.rt', 'go.example.com']);
		expect(verified.items[0]).toMatchObject({
			id: SEEDED.defaultDomain.id,
			isDefault: true,
			protocol: 'https',
		});
		for (const status of [4, 5, 6])
			expect((await domains(`?status=${status}`)).items.map((domain) => domain.status)).toEqual([
				status,
			]);
	});

	it('pages with a default of 30 and the page-size cap', async () => {
		sandbox.addDomains(150);
		sandbox.addDomains(2, 5);
		expect((await domains()).items).toHaveLength(30);
		const cap = sandbox.pageSizeCap;
		const capped = await domains('?itemsPerPage=500');
		expect(capped.items).toHaveLength(cap);
		expect(capped.total).toBe(157);
		const lastPage = Math.ceil(157 / cap);
		expect((await domains(`?itemsPerPage=500&page=${lastPage}`)).items).toHaveLength(
			157 - (lastPage - 1) * cap,
		);
		const verified = await domains('?status=1&itemsPerPage=1&page=2');
		expect(verified.total).toBe(152);
		expect(verified.items.map((domain) => domain.domainName)).toEqual(['go.example.com']);
	});
});
